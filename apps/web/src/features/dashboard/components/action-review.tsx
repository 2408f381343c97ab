// The review every lock and project action goes through: the group is built once per action (so
// the fee shown is the fee paid), simulated on the network for the balance changes, then signed
// through the one transaction runner with toasts; failures read as the Locks app's or the
// registry's sentences.
import { useQuery } from '@tanstack/react-query'
import { PreparedReview, type ReviewTexts } from '@/components/dex/prepared-review.tsx'
import { chainClockQuery, locksKey, projectsKey } from '@/lib/locks/locks.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { stakingKey } from '@/lib/staking/staking.ts'
import { prepareContractAction, readableTxError, sdkQuery, type GroveSdk, type LockAction, type ProjectAction, type StakingPosition, type StakingProgram } from '@/lib/tx/sdk.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { PreparedTx, TxContext } from '@/lib/tx/types.ts'
import type { Deployment } from '@/lib/deployment.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import { prepareClaimAll, type PreparedClaimAll } from '../api/claim-all.ts'

/** Claim every pending reward of these programs (the account's positions in them), in as few groups as fit. */
export interface ClaimAllAction {
  programs: StakingProgram[]
  positions: ReadonlyMap<bigint, StakingPosition>
  /** Assets the account holds: no opt-in for them. */
  held: bigint[]
}

/** A dashboard action: on the Locks app, the registry, or claims on the staking app. */
export type DashboardAction = { app: 'lock'; action: LockAction } | { app: 'project'; action: ProjectAction } | { app: 'claims'; action: ClaimAllAction }

/** The one query for a dashboard action's built group (a lock in an action is named by its id and the state read: a top-up after a withdrawal is another group). */
export function preparedActionQuery(sdk: GroveSdk | undefined, ctx: TxContext | null, action: DashboardAction | null) {
  return preparedQuery('dashboard', sdk, ctx, action ? [keyOf(action)] : null, (s, c): Promise<PreparedTx> => {
    const a = action!
    if (a.app === 'lock') return prepareContractAction(s, c, 'Locks', a.action)
    if (a.app === 'project') return prepareContractAction(s, c, 'Registry', a.action)
    return prepareClaimAll(s, c, a.action.programs, a.action.positions, a.action.held)
  })
}

/** The contract whose sentences word a dashboard action's failure. */
const CONTRACT_OF = { lock: 'Locks', project: 'Registry', claims: 'Staking' } as const

/** Words for a dashboard action's failure: the app's own sentences first. */
export function explainAction(sdk: GroveSdk, app: DashboardAction['app'], error: unknown, deployment: Deployment | null): string {
  return readableTxError(sdk, error, CONTRACT_OF[app], deployment)
}

/** Props of {@link ActionReview}. */
export interface ActionReviewProps extends ReviewTexts {
  /** The action to build, or null while what the user typed cannot make one (`invalid` says why). */
  action: DashboardAction | null
  invalid?: string | null
}

/** A review dialog for one lock or project action, with the simulated balance changes. */
export function ActionReview(props: ActionReviewProps) {
  const { algod, deployment } = useProtocol()
  const tx = useTransaction()
  const dex = useQuery(sdkQuery())
  const { action } = props
  const prepared = useQuery(preparedActionQuery(dex.data, action ? tx.context() : null, action))
  const packed = prepared.data && 'groups' in prepared.data ? (prepared.data as PreparedClaimAll) : null

  return (
    <PreparedReview
      {...props}
      tx={tx}
      prepared={prepared}
      explain={(error) => (dex.data && action ? explainAction(dex.data, action.app, error, deployment) : error.message)}
      explainSend={(s, error) => (action ? explainAction(s, action.app, error, deployment) : String(error))}
      invalidates={[
        action?.app === 'lock' ? locksKey(algod, deployment?.lockAppId ?? 0) : action?.app === 'project' ? projectsKey(algod, deployment?.registryAppId ?? 0) : stakingKey(algod, deployment?.stakingAppId ?? 0),
        chainClockQuery(algod).queryKey,
      ]}
    >
      {props.children}
      {packed ? (
        <p className="hint" data-testid="claim-groups" data-groups={packed.groups}>
          {packed.claims} claim(s) in {packed.groups} group(s) of at most 16 transactions, signed in one request.
        </p>
      ) : null}
    </PreparedReview>
  )
}
