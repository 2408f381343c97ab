// The vault's math to the unit, as contracts/vault.algo.ts computes it (packages/contracts/README.md,
// "Vault"). All amounts are base units (bigint); every division rounds down, in the vault's favour.

/** sGROVE locked forever by the first stake (in the supply, never issued). */
export const LOCKED_SHARES = 1000n
/** A buyback's minimum out is at most this far (bps) below the TWAP output. */
export const TWAP_TOLERANCE_BPS = 100n
/** The shortest TWAP window a buyback accepts: seconds since the vault's observation of each pool. */
export const MIN_WINDOW_SECONDS = 600n
/** sGROVE units in one whole sGROVE (6 decimals, as GROVE): `rate` is GROVE per this many units. */
export const RATE_UNIT = 1_000_000n
/** Minimum balance of one observation box: 2,500 + 400 × (17-byte name + 72-byte value). */
export const OBSERVATION_BOX_MIN_BALANCE = 2_500n + 400n * (17n + 72n)
/** Minimum balance of one asset holding (what `optInAsset` must be paid). */
export const VAULT_ASSET_MIN_BALANCE = 100_000n

const BPS = 10_000n
const TWO_64 = 1n << 64n
const MAX_UINT64 = TWO_64 - 1n

/** The vault's totals: GROVE it holds and the sGROVE supply, locked shares included (0 before the first stake). */
export interface VaultTotals {
  grove: bigint
  shares: bigint
}

/** Why the vault would refuse an amount. */
export type VaultRefusal = 'zero-amount' | 'locked-shares' | 'zero-out' | 'overflow'

/** sGROVE minted for `amount` GROVE: the first stake mints `amount − 1000` (1,000 locked), later ones ⌊amount·shares/grove⌋. */
export function stakeOut(t: VaultTotals, amount: bigint): bigint | VaultRefusal {
  if (amount <= 0n) return 'zero-amount'
  if (t.shares === 0n) return amount > LOCKED_SHARES ? amount - LOCKED_SHARES : 'locked-shares'
  const minted = (amount * t.shares) / t.grove
  if (minted > MAX_UINT64) return 'overflow'
  return minted > 0n ? minted : 'zero-out'
}

/** GROVE paid for `amount` sGROVE: ⌊amount·grove/shares⌋. */
export function unstakeOut(t: VaultTotals, amount: bigint): bigint | VaultRefusal {
  if (amount <= 0n) return 'zero-amount'
  if (t.shares === 0n) return 'zero-out'
  const out = (amount * t.grove) / t.shares
  return out > 0n ? out : 'zero-out'
}

/** The totals after a stake of `amount` that minted `minted`. */
export function afterStake(t: VaultTotals, amount: bigint, minted: bigint): VaultTotals {
  return { grove: t.grove + amount, shares: t.shares === 0n ? amount : t.shares + minted }
}

/** The totals after an unstake of `amount` sGROVE that paid `out`. */
export function afterUnstake(t: VaultTotals, amount: bigint, out: bigint): VaultTotals {
  return { grove: t.grove - out, shares: t.shares - amount }
}

/** The vault's `rate()`: GROVE one whole sGROVE redeems, ⌊10^6·grove/shares⌋ (10^6 while empty). */
export function vaultRate(t: VaultTotals): bigint {
  return t.shares === 0n ? RATE_UNIT : (RATE_UNIT * t.grove) / t.shares
}

/** The GROVE behind `held` sGROVE now (what unstaking it all pays). */
export function groveBehind(t: VaultTotals, held: bigint): bigint {
  return t.shares === 0n || held === 0n ? 0n : (held * t.grove) / t.shares
}

// ---- TWAP ----

/** A pool's cumulative prices at a time (the vault's observation box, or the pool brought up to now). */
export interface Cumulative {
  cumulativePriceA: bigint
  cumulativePriceB: bigint
  timestamp: bigint
}

/** What the vault reads of a pool through the DEX's getPool. */
export interface PoolReading {
  reserveA: bigint
  reserveB: bigint
  feeBps: bigint
  cumulativePriceA: bigint
  cumulativePriceB: bigint
  lastUpdate: bigint
}

/** ⌊num·2^64/den⌋ as the DEX adds it: hi = ⌊num/den⌋, lo = ⌊(num mod den)·2^64/den⌋. */
const price = (num: bigint, den: bigint): bigint => (num / den) * TWO_64 + ((num % den) * TWO_64) / den

/**
 * The pool's cumulative prices brought up to `latestTimestamp` as the vault does (and the DEX's accrue
 * would): time = max(lastUpdate, latestTimestamp); cum += ⌊r·2^64/r'⌋ · (time − lastUpdate) unless empty.
 */
export function currentCumulative(pool: PoolReading, latestTimestamp: bigint): Cumulative {
  const timestamp = pool.lastUpdate >= latestTimestamp ? pool.lastUpdate : latestTimestamp
  if (pool.reserveA === 0n) return { cumulativePriceA: pool.cumulativePriceA, cumulativePriceB: pool.cumulativePriceB, timestamp }
  const dt = timestamp - pool.lastUpdate
  return {
    cumulativePriceA: pool.cumulativePriceA + price(pool.reserveB, pool.reserveA) * dt,
    cumulativePriceB: pool.cumulativePriceB + price(pool.reserveA, pool.reserveB) * dt,
    timestamp,
  }
}

/** Seconds until an observation at `observedAt` is old enough for a buyback at `now` (0 when it is). */
export function secondsUntilBuyback(observedAt: bigint, now: bigint): bigint {
  const ready = observedAt + MIN_WINDOW_SECONDS
  return now >= ready ? 0n : ready - now
}

/** One hop of a buyback: the pool's (a, b), the vault's observation of it and the pool read now. */
export interface TwapHop {
  assetIn: bigint
  assetOut: bigint
  observation: Cumulative
  current: Cumulative
  feeBps: bigint
}

/** Why a buyback's bound cannot be computed. */
export type TwapRefusal = 'no-observation' | 'observation-too-recent' | 'overflow' | 'zero-out'

/**
 * What `amount` of the hop's input gives at the pool's TWAP since the observation, after its fee:
 * net = amount − ⌈amount·fee/10000⌉, out = ⌊net · ⌊Δcum/Δt⌋ / 2^64⌋, Δcum of the side priced in the
 * output (cumulativePriceA = B per A when assetIn is a).
 */
export function twapHopOut(hop: TwapHop, amount: bigint): bigint | TwapRefusal {
  const dt = hop.current.timestamp - hop.observation.timestamp
  if (dt < MIN_WINDOW_SECONDS) return 'observation-too-recent'
  const side = hop.assetIn < hop.assetOut ? 'cumulativePriceA' : 'cumulativePriceB'
  const average = (hop.current[side] - hop.observation[side]) / dt
  const fee = (amount / BPS) * hop.feeBps + ((amount % BPS) * hop.feeBps + (BPS - 1n)) / BPS
  const out = ((amount - fee) * average) / TWO_64
  return out > MAX_UINT64 ? 'overflow' : out
}

/** The buyback's minimum out, ⌊twap·9900/10000⌋ over the route's hops, exactly as the vault computes it. */
export function buybackMinOut(amount: bigint, hops: readonly (TwapHop | undefined)[]): bigint | TwapRefusal {
  let value = amount
  for (const hop of hops) {
    if (!hop) return 'no-observation'
    const out = twapHopOut(hop, value)
    if (typeof out === 'string') return out
    value = out
  }
  const minOut = (value * (BPS - TWAP_TOLERANCE_BPS)) / BPS
  return minOut > 0n ? minOut : 'zero-out'
}

/** The amount a buyback of `asset` swaps: the whole asset balance; for ALGO, the balance above the minimum balance. */
export function buybackAmount(asset: bigint, balance: bigint, minBalance = 0n): bigint {
  if (asset !== 0n) return balance
  return balance > minBalance ? balance - minBalance : 0n
}
