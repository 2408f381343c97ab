// The facts shown beside the add form: the pool's reserves and price and the user's share of it
// before and after the deposit typed, so "what do I own afterwards" needs no arithmetic.
import { lpSharePercent } from '@grove/sdk/figures'
import type { Pool } from '@/lib/tx/sdk.ts'

/** The user's share of a pool now and after minting `minted` LP tokens, in percent: the SDK's lpSharePercent (of the supply, the locked 1,000 units included). */
export function shareBeforeAfter(pool: Pool, userLp: bigint, minted: bigint | null): { before: number; after: number | null } {
  return { before: lpSharePercent(pool, userLp), after: minted === null ? null : lpSharePercent({ ...pool, lpIssued: pool.lpIssued + minted }, userLp + minted) }
}

/** A share of a pool as the pages print it (pool facts, pool list, positions): up to 4 decimals, "<0.0001%" for dust. */
export function formatShare(percent: number): string {
  if (percent > 0 && percent < 0.0001) return '<0.0001%'
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 4 })}%`
}
