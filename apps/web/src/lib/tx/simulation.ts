// The simulation a review shows: one per built group, run when the review opens and again for
// each rebuilt group, never cached beyond the review and never retried (a failure is the answer).
import { queryOptions } from '@tanstack/react-query'
import type { PreparedTx } from './types.ts'

// Groups are objects without a natural key: number each one the first time it is simulated.
const ids = new WeakMap<PreparedTx, number>()
let next = 0
const idOf = (prepared: PreparedTx) => ids.get(prepared) ?? (ids.set(prepared, ++next), next)

/** The one query for a built group's simulated balance changes; idle until the group is built. */
export function simulationQuery(prepared: PreparedTx | undefined) {
  return queryOptions({
    queryKey: ['simulation', prepared ? idOf(prepared) : null],
    queryFn: () => prepared!.simulate(),
    enabled: prepared !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    structuralSharing: false,
  })
}
