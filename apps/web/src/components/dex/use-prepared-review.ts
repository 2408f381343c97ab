// The one review flow of a built group as a hook (prepared-review.tsx's usePreparedReview), in a module
// of its own so a page that renders its own review (swap) loads the dialog only when it opens.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { simulationQuery } from '@/lib/tx/simulation.ts'
import type { PreparedTx } from '@/lib/tx/types.ts'
import type { PageTransaction, useTransaction } from '@/lib/tx/use-transaction.ts'
import type { SimulationState } from './review-dialog.tsx'

/** What the review flow reads: the runner, the query building the group, and whether there is an action. */
export interface ReviewFlowOptions {
  /** The page's transaction runner (it also gave the context the group was built with). */
  tx: ReturnType<typeof useTransaction>
  /** The query building the group. */
  prepared: UseQueryResult<PreparedTx>
  /** Whether the review is open on an action (its group built or being built); the simulation runs only then. */
  ready: boolean
  /** Words for a build or simulation failure. */
  explain(error: Error): string
  /** Why a built group cannot be sent after all (e.g. its fee is more than the balance), shown as its build error. */
  problem?: string | null
}

/** The review's state and its one confirm. */
export interface ReviewFlow {
  preparing: boolean
  prepareError: string | null
  simulation: SimulationState
  busy: boolean
  /** The built group's fee; null while it is being built. */
  fee: bigint | null
  /** Signs and sends the built group with these toasts; false (and the group rebuilt) when it did not land. */
  confirm(run: Omit<PageTransaction, 'send'>): Promise<boolean>
}

/** The one prepare → simulate → review → sign → confirm flow of a built group. */
export function usePreparedReview(o: ReviewFlowOptions): ReviewFlow {
  const { prepared, tx, ready } = o
  const simulated = useQuery(simulationQuery(ready ? prepared.data : undefined))
  return {
    preparing: ready && (prepared.isFetching || (!prepared.data && !prepared.error)),
    prepareError: prepared.error ? o.explain(prepared.error) : (o.problem ?? null),
    simulation: { pending: simulated.isPending, error: simulated.error ? o.explain(simulated.error) : null, changes: simulated.data ?? null },
    busy: tx.busy,
    fee: prepared.isFetching ? null : (prepared.data?.fee ?? null),
    async confirm(run) {
      if (!ready || !prepared.data) return false
      const group = prepared.data
      const ok = await tx.run({ ...run, send: () => group.send() })
      // a group the wallet refused cannot be sent again: build a fresh one for another try
      if (!ok) void prepared.refetch()
      return ok
    },
  }
}
