import { useQuery } from '@tanstack/react-query'
import { PreparedReview } from '@/components/dex/prepared-review.tsx'
import { algodKey } from '@/lib/algod.ts'
import { formatAmount } from '@grove/sdk/amount'
import { useProtocol } from '@/lib/protocol.ts'
import { readableTxError, type GroveSdk } from '@/lib/tx/sdk.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import { preparedAdminQuery } from '../api/prepared-admin.ts'
import { isStableAdminAction, type AdminReview } from '../admin-actions.ts'

/** Reviews one admin action through the one review: what it changes (from → to), the simulated fee and outcome, then signs it with toasts. */
export function AdminReviewDialog(props: { review: AdminReview; sdk: GroveSdk | null; onClose(): void }) {
  const { algod, deployment } = useProtocol()
  const tx = useTransaction()
  const prepared = useQuery(preparedAdminQuery(props.sdk, tx.context(), props.review.action))
  const deposit = prepared.data?.poolDeposit
  // a stable pool's ramp fails in the Stable app's words; the registry's actions in every Grove program's
  const contract = isStableAdminAction(props.review.action) ? 'Stable' : undefined
  const { doneAfter } = props.review

  return (
    <PreparedReview
      tx={tx}
      prepared={prepared}
      action={props.review.action}
      title={props.review.title}
      confirmLabel="Sign"
      quoted={deposit ? [{ asset: 0n, amount: -deposit, note: 'registry box deposit' }] : []}
      asset={(id) => ({ symbol: `#${id}`, decimals: 0 })}
      pending={props.review.pending}
      // sent, the prepared group holds the pool as algod has it after (a ramp's toast says what the contract set)
      done={doneAfter ? () => (prepared.data?.after ? doneAfter(prepared.data.after) : props.review.done) : props.review.done}
      explain={(e) => (props.sdk ? readableTxError(props.sdk, e, contract, deployment) : e.message)}
      explainSend={(s, e) => readableTxError(s, e, contract, deployment)}
      // Every read of this algod may show the change: registry globals, verified list, pools, projects.
      invalidates={[algodKey(algod)]}
      onDone={props.onClose}
      onClose={props.onClose}
    >
      <dl className="admin-changes" data-testid="admin-changes">
        {props.review.changes.map((c) => (
          <div key={c.label}>
            <dt>{c.label}</dt>
            <dd>
              <span className="admin-changes__from">{c.from}</span> <span aria-hidden="true">→</span>
              <span className="visually-hidden"> becomes </span> <strong>{c.to}</strong>
            </dd>
          </div>
        ))}
      </dl>
      {deposit ? (
        <p className="hint">
          The registry pays for each verified token’s record from its own balance, which is short: this group first sends it {formatAmount(deposit, 6, { thousands: true })} ALGO.
        </p>
      ) : null}
    </PreparedReview>
  )
}
