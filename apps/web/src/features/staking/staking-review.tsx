// The review every staking action goes through: the group is built once per action (so the fee
// shown is the fee paid), simulated on the network for the balance changes, then signed through the
// one transaction runner with toasts; failures read as the staking app's sentences.
import { useQuery } from '@tanstack/react-query'
import { PreparedReview, type ReviewTexts } from '@/components/dex/prepared-review.tsx'
import { formatAlgo } from '@grove/sdk/amount'
import { chainClockQuery } from '@/lib/locks/locks.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { stakingKey, type StakingAction } from '@/lib/staking/staking.ts'
import { dexQuery, type Dex } from '@/lib/tx/dex.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { TxContext } from '@/lib/tx/types.ts'
import { useDexTransaction } from '@/lib/tx/use-dex-transaction.ts'

/** The one query for a staking action's built group (an action is named by its kind, amounts and the program as read: a claim after a stake is another group). */
export function preparedStakingQuery(dex: Dex | undefined, ctx: TxContext | null, action: StakingAction | null) {
  return preparedQuery('staking', dex, ctx, action ? [keyOf(action)] : null, (d, c) => d.prepareStakingAction(c, action!))
}

/** A review dialog for one staking action, with the simulated balance changes. */
export function StakingReview(
  props: ReviewTexts & {
    /** The action to build, or null while what the user typed cannot make one (`invalid` says why). */
    action: StakingAction | null
    invalid?: string | null
  },
) {
  const { algod, deployment } = useProtocol()
  const tx = useDexTransaction()
  const dex = useQuery(dexQuery())
  const { action } = props
  const prepared = useQuery(preparedStakingQuery(dex.data, action ? tx.context() : null, action))
  const appId = deployment?.stakingAppId
  const deposit = prepared.data?.poolDeposit

  return (
    <PreparedReview
      {...props}
      tx={tx}
      prepared={prepared}
      explain={(error) => (dex.data ? dex.data.readableStakingError(error, appId) : error.message)}
      explainSend={(d, error) => d.readableStakingError(error, appId)}
      invalidates={[stakingKey(algod, deployment?.stakingAppId ?? 0), chainClockQuery(algod).queryKey]}
      quoted={deposit ? [...props.quoted, { asset: 0n, amount: -deposit, note: 'minimum balance of the program' }] : props.quoted}
    >
      {props.children}
      {deposit ? (
        <p className="hint" data-testid="review-min-balance">
          The program’s box and the app’s opt-ins tie up {formatAlgo(deposit)} of minimum balance, paid by you.
        </p>
      ) : null}
    </PreparedReview>
  )
}
