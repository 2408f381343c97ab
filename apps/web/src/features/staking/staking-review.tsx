// The review every staking action goes through: the group is built once per action (so the fee
// shown is the fee paid), simulated on the network for the balance changes, then signed through the
// one transaction runner with toasts; failures read as the staking app's sentences.
import { useQuery } from '@tanstack/react-query'
import { PreparedReview, type ReviewTexts } from '@/components/dex/prepared-review.tsx'
import { formatAlgo } from '@grove/sdk/amount'
import { chainClockQuery } from '@/lib/locks/locks.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { stakingKey, type StakingAction } from '@/lib/staking/staking.ts'
import { prepareContractAction, readableTxError, sdkQuery, type GroveSdk } from '@/lib/tx/sdk.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { TxContext } from '@/lib/tx/types.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'

/** The one query for a staking action's built group (an action is named by its kind, amounts and the program as read: a claim after a stake is another group). */
export function preparedStakingQuery(sdk: GroveSdk | undefined, ctx: TxContext | null, action: StakingAction | null) {
  return preparedQuery('staking', sdk, ctx, action ? [keyOf(action)] : null, (s, c) => prepareContractAction(s, c, 'Staking', action!))
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
  const tx = useTransaction()
  const dex = useQuery(sdkQuery())
  const { action } = props
  const prepared = useQuery(preparedStakingQuery(dex.data, action ? tx.context() : null, action))
  const deposit = prepared.data?.poolDeposit

  return (
    <PreparedReview
      {...props}
      tx={tx}
      prepared={prepared}
      explain={(error) => (dex.data ? readableTxError(dex.data, error, 'Staking', deployment) : error.message)}
      explainSend={(s, error) => readableTxError(s, error, 'Staking', deployment)}
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
