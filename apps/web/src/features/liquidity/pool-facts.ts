// The facts shown beside the add form: the pool's reserves and price and the user's share of it
// before and after the deposit typed, so "what do I own afterwards" needs no arithmetic.
import type { Pool } from '@/lib/tx/sdk.ts'

/** The user's share of a pool now and after minting `minted` LP tokens, in percent. */
export function shareBeforeAfter(pool: Pool, userLp: bigint, minted: bigint | null): { before: number; after: number | null } {
  const percent = (mine: bigint, issued: bigint) => (issued === 0n ? 0 : Number((mine * 100_000_000n) / issued) / 1_000_000)
  return { before: percent(userLp, pool.lpIssued), after: minted === null ? null : percent(userLp + minted, pool.lpIssued + minted) }
}

/** A percentage as the pool facts print it: up to 4 decimals, "<0.0001%" for dust. */
export function formatShare(percent: number): string {
  if (percent > 0 && percent < 0.0001) return '<0.0001%'
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 4 })}%`
}
