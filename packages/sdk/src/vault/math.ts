// The vault's math to the unit, as programs/vault.algo.ts computes it (packages/contracts/README.md,
// "Vault"). All amounts are base units (bigint); every division rounds down, in the vault's favour.

/** sGROVE locked forever by the first stake (in the supply, never issued). */
export const LOCKED_SHARES = 1000n
/** A buyback's minimum out is at most this far (bps) below the TWAP output. */
export const TWAP_TOLERANCE_BPS = 100n
/** The shortest TWAP window a buyback accepts: seconds since the vault's observation of each pool (and the least time between two observations of a pool). */
export const MIN_WINDOW_SECONDS = 600n
/** The longest TWAP window a buyback accepts: an older observation is stale. */
export const MAX_WINDOW_SECONDS = 3600n
/** Observations the vault keeps per pool (a ring, one slot per observer: a new observer's overwrites the oldest). */
export const OBSERVATIONS_PER_POOL = 4
/** Seconds over which GROVE that arrives other than by stake (buybacks, fees, donations) enters the rate. */
export const STREAM_PERIOD_SECONDS = 604_800n
/** sGROVE units in one whole sGROVE (6 decimals, as GROVE): `rate` is GROVE per this many units. */
export const RATE_UNIT = 1_000_000n
/** Minimum balance of one observation box: 2,500 + 400 × (17-byte name + a ring of 4 × 104 bytes: cumulative prices, time, observer). */
export const OBSERVATION_BOX_MIN_BALANCE = 2_500n + 400n * (17n + 4n * 104n)
/** Minimum balance of a buyback path's box: 2,500 + 400 × (9-byte name + 2 + 8 per hop). */
export const pathBoxMinBalance = (hops: number): bigint => 2_500n + 400n * (9n + 2n + 8n * BigInt(hops))
/** Minimum balance of one asset holding (what `optInAsset` must be paid). */
export const VAULT_ASSET_MIN_BALANCE = 100_000n

const BPS = 10_000n
const TWO_64 = 1n << 64n
const MAX_UINT64 = TWO_64 - 1n

/** The vault's totals (the SDK's one type of them: its figures read it too): the GROVE behind the shares (booked less the stream's locked part) and the sGROVE supply, locked shares included (0 before the first stake). */
export interface VaultTotals {
  grove: bigint
  shares: bigint
}

/** What the vault's share math reads: its GROVE balance, its globals `booked`, `shares` and the stream's. */
export interface VaultState {
  balance: bigint
  booked: bigint
  shares: bigint
  streamLocked: bigint
  streamStart: bigint
  streamEnd: bigint
}

/** The stream at a time: GROVE still locked (new GROVE counted in full), when the last of it unlocks, and the rates now and then. */
export interface VaultStream {
  locked: bigint
  end: bigint
  rate: bigint
  rateAtEnd: bigint
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b

/** GROVE of the stream still locked at `now`: ⌈L·(end − now)/(end − start)⌉ before the end, 0 after. */
export function streamLockedAt(s: Pick<VaultState, 'streamLocked' | 'streamStart' | 'streamEnd'>, now: bigint): bigint {
  if (now >= s.streamEnd) return 0n
  return ceilDiv(s.streamLocked * (s.streamEnd - now), s.streamEnd - s.streamStart)
}

/** The end of a stream holding `locked` (until `end`) that takes `added` more at `now`: now + ⌊(R·T + X·PERIOD)/(R + X)⌋. */
export function streamEndAfter(locked: bigint, end: bigint, added: bigint, now: bigint): bigint {
  const left = locked > 0n ? end - now : 0n
  return now + (locked * left + added * STREAM_PERIOD_SECONDS) / (locked + added)
}

/** The totals the vault's share math uses at `now` (what `totals()` reads; GROVE not yet booked is locked in full). */
export function vaultTotalsAt(s: VaultState, now: bigint): VaultTotals {
  const held = s.balance < s.booked ? s.balance : s.booked
  const locked = streamLockedAt(s, now)
  return { grove: held > locked ? held - locked : 0n, shares: s.shares }
}

/** The vault's `stream()` and `rate()` at `now`. */
export function vaultStreamAt(s: VaultState, now: bigint): VaultStream {
  let locked = streamLockedAt(s, now)
  let end = s.streamEnd
  if (s.balance > s.booked) {
    end = streamEndAfter(locked, s.streamEnd, s.balance - s.booked, now)
    locked += s.balance - s.booked
  }
  return {
    locked,
    end,
    rate: vaultRate(vaultTotalsAt(s, now)),
    rateAtEnd: s.shares === 0n ? RATE_UNIT : (RATE_UNIT * s.balance) / s.shares,
  }
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

/** The vault's `rate()`: GROVE one whole sGROVE redeems, ⌊10^6·grove/shares⌋ (10^6 while empty), to the unit; as a number (the figures', the API's) it is figures/vault.ts's `grovePerShare`. */
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
  /** Who observed (an observation box's slot; absent for a pool brought up to now). */
  observer?: string
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
  // the vault refuses an empty pool (ERR:NO_LIQUIDITY); nothing accrues while a pool is empty
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

/** One hop of a buyback: the pool's (a, b), the vault's ring of observations of it and the pool read now. */
export interface TwapHop {
  assetIn: bigint
  assetOut: bigint
  /** The ring (empty slots have timestamp 0). */
  observations: readonly Cumulative[]
  current: Cumulative
  feeBps: bigint
  /** The keeper (the registry's admin), whose observation suffices alone; without it the one-observer rule is left to the vault. */
  keeper?: string
}

/** Why a buyback's bound cannot be computed. */
export type TwapRefusal = 'no-observation' | 'observation-too-recent' | 'observation-stale' | 'one-observer' | 'overflow' | 'zero-out'

/**
 * The observation a buyback at `now` uses, as the vault picks it: the most recent whose age is within
 * [10 minutes, 1 hour]; none → too recent when the newest is younger than 10 minutes, else stale. Another
 * observer must have observed within the hour too unless that observation is the `keeper`'s (the registry's
 * admin) (ERR:ONE_OBSERVER), checked when the ring says who observed and the keeper is given.
 */
export function windowStart(ring: readonly Cumulative[], now: bigint, keeper?: string): Cumulative | TwapRefusal {
  let chosen: Cumulative | undefined
  let newest = 0n
  for (const o of ring) {
    if (o.timestamp > newest) newest = o.timestamp
    const age = now - o.timestamp
    if (o.timestamp > 0n && age >= MIN_WINDOW_SECONDS && age <= MAX_WINDOW_SECONDS && (!chosen || o.timestamp > chosen.timestamp)) chosen = o
  }
  if (!chosen) {
    if (newest === 0n) return 'no-observation'
    return now - newest < MIN_WINDOW_SECONDS ? 'observation-too-recent' : 'observation-stale'
  }
  const start = chosen
  const others = ring.some((o) => o.timestamp > 0n && now - o.timestamp <= MAX_WINDOW_SECONDS && o.observer !== start.observer)
  // the keeper's (the registry admin's) observation suffices alone; without the keeper's address the vault decides
  if (start.observer !== undefined && keeper !== undefined && !others && start.observer !== keeper) return 'one-observer'
  return start
}

/** Seconds from `now` until a buyback can use one of the ring's observations (0: it can now; undefined: never, observe again). */
export function secondsUntilWindow(ring: readonly Cumulative[], now: bigint): bigint | undefined {
  let soonest: bigint | undefined
  for (const o of ring) {
    if (o.timestamp === 0n || now - o.timestamp > MAX_WINDOW_SECONDS) continue
    const wait = secondsUntilBuyback(o.timestamp, now)
    if (soonest === undefined || wait < soonest) soonest = wait
  }
  return soonest
}

/**
 * What `amount` of the hop's input gives at the pool's TWAP since the window's start (windowStart),
 * after its fee: net = amount − ⌈amount·fee/10000⌉, out = ⌊net · ⌊Δcum/Δt⌋ / 2^64⌋, Δcum of the side
 * priced in the output (cumulativePriceA = B per A when assetIn is a).
 */
export function twapHopOut(hop: TwapHop, amount: bigint): bigint | TwapRefusal {
  const start = windowStart(hop.observations, hop.current.timestamp, hop.keeper)
  if (typeof start === 'string') return start
  const observation = start
  const dt = hop.current.timestamp - observation.timestamp
  const side = hop.assetIn < hop.assetOut ? 'cumulativePriceA' : 'cumulativePriceB'
  const average = (hop.current[side] - observation[side]) / dt
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
