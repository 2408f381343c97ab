// Exact valuations at pools' spot prices: a token in µALGO through its ALGO pool, µALGO in the stable
// coin through the stable coin's ALGO pool, and a pool's price written for a person. Bigint and
// floored, as the contract rounds, so a total equals the sum of its lines; the float prices through
// any route are the price book's (prices.ts).
import { formatAmount } from '../core/amount.ts'

/** A pool as the spot valuations read it (the SDK's Pool has every field). */
export interface ReservePool {
  a: bigint
  b: bigint
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  lpIssued: bigint
}

type Reserves = Pick<ReservePool, 'a' | 'b' | 'reserveA' | 'reserveB'>

/** The deepest ALGO pool of `asset` (most ALGO held) with reserves on both sides, if any: a pair has a pool per fee tier,
 *  and the price read is the one a trade of any size mostly meets (ALGO is id 0, so always side a; ties go to the first listed). */
export function algoPool<P extends Reserves>(pools: readonly P[], asset: number | bigint): P | undefined {
  const id = BigInt(asset)
  let best: P | undefined
  for (const p of pools) if (p.a === 0n && p.b === id && p.reserveA > 0n && p.reserveB > 0n && (!best || p.reserveA > best.reserveA)) best = p
  return best
}

/** `amount` of `asset` in µALGO at its ALGO pool's spot price (floored); null without a pool. */
export function valueInAlgo(pools: readonly Reserves[], asset: number | bigint, amount: bigint): bigint | null {
  if (BigInt(asset) === 0n) return amount
  const p = algoPool(pools, asset)
  return p ? (amount * p.reserveA) / p.reserveB : null
}

/** µALGO in the stable coin's base units at its ALGO pool's spot price (floored); null without the coin or that pool. */
export function algoInStable(pools: readonly Reserves[], stableId: number | bigint | null | undefined, microAlgo: bigint): bigint | null {
  if (stableId === null || stableId === undefined) return null
  const p = algoPool(pools, stableId)
  return p ? (microAlgo * p.reserveB) / p.reserveA : null
}

/** A price for a person, `num` per one `den`, from base units: exact to 6 decimals (truncated), grouped by thousands. */
export function displayPrice(num: bigint, numDecimals: number, den: bigint, denDecimals: number): string {
  const scaled = (num * 10n ** BigInt(denDecimals + 6)) / (den * 10n ** BigInt(numDecimals))
  return formatAmount(scaled, 6, { thousands: true })
}
