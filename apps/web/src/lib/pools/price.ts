// Prices read off the DEX's pools, shared by every page that values tokens: the network's stable
// coin, a token's ALGO pool, a token in µALGO through that pool and µALGO in the stable coin
// through the stable coin's ALGO pool. Exact bigint forms (floored, as the contract rounds) for
// totals that must equal the sum of their lines; float forms for rates and ratios.
import type { Token } from '../tokens/tokens.ts'

/** The pool fields valuation reads (the SDK's Pool has them all). */
export interface PoolReserves {
  a: bigint
  b: bigint
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  lpIssued: bigint
}

/** The network's stable coin among `tokens`: gUSD on the localnet, USDC elsewhere. */
export function stableCoin(tokens: Iterable<Token>, networkId: string): Token | null {
  const unit = networkId === 'localnet' ? 'gUSD' : 'USDC'
  for (const t of tokens) if (t.symbol === unit) return t
  return null
}

/** The ALGO pool of `asset` with reserves on both sides, if any (ALGO is id 0, so always side a). */
export function algoPool<P extends Pick<PoolReserves, 'a' | 'b' | 'reserveA' | 'reserveB'>>(pools: readonly P[], asset: number | bigint): P | undefined {
  const id = BigInt(asset)
  return pools.find((p) => p.a === 0n && p.b === id && p.reserveA > 0n && p.reserveB > 0n)
}

type Reserves = Pick<PoolReserves, 'a' | 'b' | 'reserveA' | 'reserveB'>

/** `amount` of `tokenId` in µALGO at its ALGO pool's spot price (floored); null without a pool. */
export function valueInAlgo(pools: readonly Reserves[], tokenId: number, amount: bigint): bigint | null {
  if (tokenId === 0) return amount
  const p = algoPool(pools, tokenId)
  return p ? (amount * p.reserveA) / p.reserveB : null
}

/** µALGO in the stable coin's base units at its ALGO pool's spot price (floored); null without that pool. */
export function algoInStable(pools: readonly Reserves[], stableId: number | null, microAlgo: bigint): bigint | null {
  if (stableId === null) return null
  const p = algoPool(pools, stableId)
  return p ? (microAlgo * p.reserveB) / p.reserveA : null
}

/** Dollars per µALGO from the stable coin's ALGO pool; null without one. */
export function usdPerMicroAlgo(pools: readonly Reserves[], stable: Pick<Token, 'id' | 'decimals'> | null): number | null {
  if (!stable) return null
  const p = algoPool(pools, stable.id)
  return p ? Number(p.reserveB) / Number(p.reserveA) / 10 ** stable.decimals : null
}
