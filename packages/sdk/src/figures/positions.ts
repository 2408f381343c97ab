// A liquidity position's real return, to the base unit, from its adds and removes and the pool's
// state after each (analytics replays them from the chain; the web reads the result).
//
// In a constant-product pool the liquidity per LP unit ℓ = √(x·y)/S (S = lpIssued + the 1,000
// locked) grows only by fees, so units held across a stretch earn units × Δℓ of liquidity. The
// figures, each rounded as written:
//   ℓ̂          = ⌊2^64·√(x·y) / S⌋ (fixed point; monotone in ℓ, so fees are never negative)
//   fee units  f = ⌊(u·ℓ̂_now − Σ_adds lp·ℓ̂_at + Σ_removes lp·ℓ̂_at) / ℓ̂_now⌋ (Σ over stretches of u·Δℓ, in units of now)
//   fees       = what f units withdraw now: ⌊f·x/S⌋ of A, ⌊f·y/S⌋ of B (lpValue)
//   a value    = β + ⌊α·y/x⌋: base units of B at the pool's price now (A is the lower id)
//   value      = value of what the units withdraw now; withdrawn and hold = the removes' and the
//                adds' amounts, each valued now (holding = having kept every deposit)
//   IL         = value + withdrawn − hold − fees (what the price moves cost against holding)
// so fees + hold + IL = value + withdrawn exactly. For one add at the pool's ratio IL is the
// textbook (2√r/(1+r) − 1)·hold for the price ratio r, to within the deposit's rounding (tested).
import { isqrt, lpSupply } from '../dex/amm.ts'
import { SECONDS_PER_YEAR } from '../staking/math.ts'

/** A pool's state as a position reads it: reserves and the issued LP (the 1,000 locked excluded). */
export interface PoolPoint {
  reserveA: bigint
  reserveB: bigint
  lpIssued: bigint
}

/** One add or remove of a position, with the pool's state just after it. */
export interface PositionChange {
  kind: 'add' | 'remove'
  lp: bigint
  amountA: bigint
  amountB: bigint
  /** Unix seconds. */
  time: number
  pool: PoolPoint
}

/** Amounts of the pool's two assets. */
export interface Pair {
  a: bigint
  b: bigint
}

/** A position's figures at one moment; values are base units of asset B at the pool's price then. */
export interface PositionFigures {
  /** LP units held (0 once closed). */
  units: bigint
  deposited: Pair
  withdrawn: Pair
  /** LP units' worth of fees earned (f above). */
  feeUnits: bigint
  fees: Pair
  /** What the units withdraw now, valued. */
  value: bigint
  withdrawnValue: bigint
  /** The deposits valued now: what holding them instead would be worth. */
  holdValue: bigint
  feesValue: bigint
  /** Signed: negative is a loss against holding. */
  impermanentLoss: bigint
  /** value + withdrawnValue − holdValue = feesValue + impermanentLoss. */
  pnlVsHold: bigint
  /** Fees over the units held, yearly (365.25 days), simple: f / Σ(units × seconds held) × a year; null before any time held. */
  feeApr: number | null
}

const Q64 = 1n << 64n

/** ℓ in 64.64 fixed point, floored: ⌊2^64·√(x·y) / S⌋. */
export function liquidityPerUnit(pool: PoolPoint): bigint {
  return isqrt(pool.reserveA * pool.reserveB * Q64 * Q64) / lpSupply(pool)
}

/** ⌊n / d⌋ for bigints of any sign (d > 0). */
const floorDiv = (n: bigint, d: bigint): bigint => (n >= 0n ? n / d : -((-n + d - 1n) / d))

/** `pair` in base units of B at the pool's price: β + ⌊α·y/x⌋ (β alone for an empty pool). */
export function valueInB(pool: PoolPoint, pair: Pair): bigint {
  return pool.reserveA === 0n ? pair.b : pair.b + (pair.a * pool.reserveB) / pool.reserveA
}

/** What `lp` units withdraw from `pool`, per side, rounded down as a remove is. */
const withdrawOf = (pool: PoolPoint, lp: bigint): Pair => {
  const supply = lpSupply(pool)
  return { a: (lp * pool.reserveA) / supply, b: (lp * pool.reserveB) / supply }
}

/**
 * A position's figures at `now` (its pool's state then, and the time), from its changes in chain
 * order up to then. A closed position is read at its closing change (the pool after it).
 */
export function positionFigures(changes: readonly PositionChange[], now: { time: number; pool: PoolPoint }): PositionFigures {
  const lNow = liquidityPerUnit(now.pool)
  let units = 0n
  let basis = 0n
  let unitSeconds = 0n
  let last: number | undefined
  const deposited = { a: 0n, b: 0n }
  const withdrawn = { a: 0n, b: 0n }
  let holdValue = 0n
  let withdrawnValue = 0n
  for (const c of changes) {
    if (last !== undefined) unitSeconds += units * BigInt(Math.max(0, c.time - last))
    last = c.time
    const l = liquidityPerUnit(c.pool)
    const moved = { a: c.amountA, b: c.amountB }
    if (c.kind === 'add') {
      units += c.lp
      basis += c.lp * l
      deposited.a += c.amountA
      deposited.b += c.amountB
      holdValue += valueInB(now.pool, moved)
    } else {
      units -= c.lp
      basis -= c.lp * l
      withdrawn.a += c.amountA
      withdrawn.b += c.amountB
      withdrawnValue += valueInB(now.pool, moved)
    }
  }
  if (last !== undefined) unitSeconds += units * BigInt(Math.max(0, now.time - last))
  const feeUnits = lNow === 0n ? 0n : floorDiv(units * lNow - basis, lNow)
  const fees = feeUnits > 0n ? withdrawOf(now.pool, feeUnits) : { a: 0n, b: 0n }
  const value = valueInB(now.pool, withdrawOf(now.pool, units))
  const feesValue = valueInB(now.pool, fees)
  const pnlVsHold = value + withdrawnValue - holdValue
  return {
    units,
    deposited,
    withdrawn,
    feeUnits,
    fees,
    value,
    withdrawnValue,
    holdValue,
    feesValue,
    impermanentLoss: pnlVsHold - feesValue,
    pnlVsHold,
    feeApr: unitSeconds > 0n ? (Number(feeUnits) * Number(SECONDS_PER_YEAR)) / Number(unitSeconds) : null,
  }
}

/** The textbook impermanent loss for a price ratio r = price now / price at entry: 2√r/(1+r) − 1 (≤ 0). */
export const impermanentLossOf = (r: number): number => (2 * Math.sqrt(r)) / (1 + r) - 1

/** A stake or unstake of the vault by one account: GROVE in or out and sGROVE minted or burnt. */
export interface VaultMove {
  kind: 'stake' | 'unstake'
  grove: bigint
  shares: bigint
}

/** An account's vault position: sGROVE held, its GROVE worth now (⌊shares·grove/totalShares⌋, as an unstake pays), and the gain: worth + unstaked − staked. */
export function vaultPosition(moves: readonly VaultMove[], totals: { grove: bigint; shares: bigint }): { shares: bigint; staked: bigint; unstaked: bigint; worth: bigint; gain: bigint } {
  let shares = 0n
  let staked = 0n
  let unstaked = 0n
  for (const m of moves) {
    if (m.kind === 'stake') [shares, staked] = [shares + m.shares, staked + m.grove]
    else [shares, unstaked] = [shares - m.shares, unstaked + m.grove]
  }
  const worth = totals.shares === 0n ? 0n : (shares * totals.grove) / totals.shares
  return { shares, staked, unstaked, worth, gain: worth + unstaked - staked }
}
