import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ReviewDialog } from '@/components/dex/review-dialog.tsx'
import { algodKey } from '@/lib/algod.ts'
import { formatAmount } from '@grove/sdk/amount'
import { useProtocol } from '@/lib/protocol.ts'
import type { Dex } from '@/lib/tx/dex.ts'
import { simulationQuery } from '@/lib/tx/simulation.ts'
import { useDexTransaction } from '@/lib/tx/use-dex-transaction.ts'
import { preparedAdminQuery } from '../api/prepared-admin.ts'
import type { AdminReview } from '../admin-actions.ts'

/** Reviews one admin action: what it changes (from → to), the simulated fee and outcome, then signs it with toasts. */
export function AdminReviewDialog(props: { review: AdminReview; dex: Dex | null; onClose(): void }) {
  const { algod } = useProtocol()
  const client = useQueryClient()
  const tx = useDexTransaction()
  const prepared = useQuery(preparedAdminQuery(props.dex, tx.context(), props.review.action))
  const simulated = useQuery(simulationQuery(prepared.data))
  const deposit = prepared.data?.poolDeposit
  const readable = (e: Error) => props.dex?.readableError(e) ?? e.message

  async function onConfirm() {
    const group = prepared.data
    if (!group) return
    const ok = await tx.run({ pending: props.review.pending, done: props.review.done, send: () => group.send() })
    // Every read of this algod may show the change: registry globals, verified list, pools, projects.
    await client.invalidateQueries({ queryKey: algodKey(algod) })
    if (ok) props.onClose()
    else void prepared.refetch()
  }

  return (
    <ReviewDialog
      title={props.review.title}
      confirmLabel="Sign"
      preparing={prepared.isFetching}
      prepareError={prepared.error ? readable(prepared.error) : null}
      busy={tx.busy}
      simulation={{ pending: !simulated.data && !simulated.error, error: simulated.error ? readable(simulated.error) : null, changes: simulated.data ?? null }}
      quoted={{ changes: deposit ? [{ asset: 0n, amount: -deposit, note: 'registry box deposit' }] : [], fee: prepared.data?.fee ?? null, asset: (id) => ({ symbol: `#${id}`, decimals: 0 }) }}
      onConfirm={() => void onConfirm()}
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
          The registry pays for each verified token’s record from its own balance, which is short: this group first sends it {formatAmount(deposit, 6)} ALGO.
        </p>
      ) : null}
    </ReviewDialog>
  )
}
