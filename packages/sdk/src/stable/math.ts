// The stable pools' math, the contract's (packages/contracts/programs/stable.algo.ts) to the base unit:
// Curve's StableSwap invariant for two assets, 4A(x + y) + D = 4AD + D³/(4xy), over amounts normalised
// to 19 decimals; D by Newton's iteration (counted, as the contract's op-ups follow the count), a swap's
// output balance in closed form from the stored D, the imbalance fee of an add, a remove in proportion.

/** A is kept times this (Curve's A_PRECISION). */
export const A_PRECISION = 100n
/** The least and the most A. */
export const MIN_A = 1n
export const MAX_A = 1000n
/** LP units the first add locks forever. */
export const STABLE_LOCKED_LP = 1000n
/** Basis points in one. */
export const BPS = 10_000n
/** First-add LP units per unit of D (D has 19 decimals, the LP token 6). */
export const LP_SCALE = 10n ** 13n
/** Amounts are normalised to this many decimals. */
export const NORMALISED_DECIMALS = 19
/** Newton's iterations stop here (the contract fails ERR:NO_CONVERGENCE). */
export const MAX_ITERATIONS = 32
/** One op-up inner call before every this many iterations of a call (iteration 0, 2, 4, …). */
export const ITERATIONS_PER_OP_UP = 2
/** A ramp lasts a day or more, starts a day or more after the last one started, and changes A at most 10×. */
export const MIN_RAMP_TIME = 86_400n
export const MAX_A_CHANGE = 10n
/** The fee tiers a stable pool may have, in bps. */
export const STABLE_FEE_TIERS = [1n, 5n, 30n, 100n] as const

/** A stable pool as its box holds it, with its key. */
export interface StablePoolState {
  a: bigint
  b: bigint
  feeBps: bigint
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  lpIssued: bigint
  protocolFeeDivisor: bigint
  protocolFeesA: bigint
  protocolFeesB: bigint
  /** The LPs' swap fees held off the curve until the next add folds them in. */
  feesA: bigint
  feesB: bigint
  /** 10^(19 − decimals) of each side. */
  multiplierA: bigint
  multiplierB: bigint
  /** A times A_PRECISION: the ramp's ends and times (seconds). */
  initialA: bigint
  futureA: bigint
  initialTime: bigint
  futureTime: bigint
  /** The A (times A_PRECISION) the stored D was found at. */
  dAmp: bigint
  /** The invariant of the normalised reserves, one below Newton's result. */
  d: bigint
}

/** Newton's iteration did not settle within MAX_ITERATIONS (the contract's ERR:NO_CONVERGENCE). */
export class NoConvergenceError extends Error {
  override name = 'NoConvergenceError'
  constructor() {
    super(`D did not converge within ${MAX_ITERATIONS} iterations`)
  }
}

/**
 * A (times A_PRECISION) at time `now` (seconds): the ramp's straight line, rounded down. A time before
 * the ramp's start reads its start (a page's clock may be behind the chain's): a pool that never ramped
 * has t0 = t1, and no time divides by their difference.
 */
export function ampAt(pool: Pick<StablePoolState, 'initialA' | 'futureA' | 'initialTime' | 'futureTime'>, now: bigint): bigint {
  const { initialA: a0, futureA: a1, initialTime: t0, futureTime: t1 } = pool
  if (now >= t1) return a1
  if (now <= t0) return a0
  if (a1 > a0) return a0 + ((a1 - a0) * (now - t0)) / (t1 - t0)
  return a0 - ((a0 - a1) * (now - t0)) / (t1 - t0)
}

/** Op-up inner calls for `iterations` of one call: one before iteration 0, 2, 4, … */
export const opUpsFor = (iterations: number): number => Math.ceil(iterations / ITERATIONS_PER_OP_UP)

/**
 * D for normalised balances x, y at amp (times A_PRECISION) from `start`, as the contract iterates:
 * D' = ⌊(2D³ + K1)/(3D² + K2)⌋ with P = 4xy, α = 4·amp, K1 = ⌊α·S·P/100⌋, K2 = ⌊(α − 100)·P/100⌋, until
 * |D' − D| ≤ 1. `done` is the call's iteration count before; returns D' and the count after.
 */
export function newtonD(x: bigint, y: bigint, amp: bigint, start: bigint, done = 0): { d: bigint; done: number } {
  const s = x + y
  const p = x * y * 4n
  const alpha = amp * 4n
  const k1 = (s * p * alpha) / A_PRECISION
  const k2 = (p * (alpha - A_PRECISION)) / A_PRECISION
  let d = start
  let n = done
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    n++
    const d2 = d * d
    const d3 = d2 * d
    const next = (d3 + d3 + k1) / (d2 + d2 + d2 + k2)
    if (next > d ? next <= d + 1n : d <= next + 1n) return { d: next, done: n }
    d = next
  }
  throw new NoConvergenceError()
}

/** The stored D: one below Newton's result (0 stays 0). */
export const storedD = (d: bigint): bigint => (d === 0n ? 0n : d - 1n)

/**
 * The output side's normalised balance for input balance x at invariant d, rounded up as the contract:
 * ⌊(⌊√(β² + ⌊α·100·D³/x⌋)⌋ + 1 − β)/(2α)⌋ with β = αx + 100·D − αD, α = 4·amp.
 */
export function solveY(x: bigint, d: bigint, amp: bigint): bigint {
  const alpha = amp * 4n
  const beta = alpha * x + A_PRECISION * d - alpha * d
  const c = (d * d * d * alpha * A_PRECISION) / x
  return (isqrt(beta * beta + c) + 1n - beta) / (amp * 8n)
}

/** ⌊√n⌋. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('square root of a negative number')
  if (n < 2n) return n
  // Newton's steps from a power of two above the root decrease to ⌊√n⌋ exactly
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1)
  for (let y = (x + n / x) >> 1n; y < x; y = (x + n / x) >> 1n) x = y
  return x
}

/** ⌈x·f/10000⌉, the fee the contract takes. */
export const feeOf = (x: bigint, feeBps: bigint): bigint => (x * feeBps + BPS - 1n) / BPS

/** The pool after `amp` moved since D was stored: D found again from the stored one (as the contract's refreshD). */
function refreshed(pool: StablePoolState, amp: bigint): { pool: StablePoolState; iterations: number } {
  if (amp === pool.dAmp) return { pool, iterations: 0 }
  const found = newtonD(pool.reserveA * pool.multiplierA, pool.reserveB * pool.multiplierB, amp, pool.d)
  return { pool: { ...pool, dAmp: amp, d: storedD(found.d) }, iterations: found.done }
}

/** What a stable swap gives and costs, as the contract computes it. */
export interface StableSwapQuote {
  amountIn: bigint
  amountOut: bigint
  /** Taken from the output: the LPs' and the protocol's. */
  fee: bigint
  protocolFee: bigint
  /** Newton's iterations (0 unless a ramp moved A since the pool's D was stored). */
  iterations: number
  /** Op-up inner calls the contract makes. */
  opUps: number
  /** The pool after the swap. */
  after: StablePoolState
}

/** Exact-in swap of `amountIn` of `assetIn` at time `now`; throws a RangeError naming the contract's refusal when it would fail. */
export function quoteStableSwap(pool: StablePoolState, assetIn: bigint, amountIn: bigint, now: bigint): StableSwapQuote {
  if (assetIn !== pool.a && assetIn !== pool.b) throw new RangeError('ERR:BAD_INPUT_ASSET')
  if (amountIn <= 0n) throw new RangeError('ERR:ZERO_AMOUNT')
  const amp = ampAt(pool, now)
  const { pool: p, iterations } = refreshed(pool, amp)
  const aIn = assetIn === p.a
  const rIn = aIn ? p.reserveA : p.reserveB
  const rOut = aIn ? p.reserveB : p.reserveA
  const mulIn = aIn ? p.multiplierA : p.multiplierB
  const mulOut = aIn ? p.multiplierB : p.multiplierA
  if (rOut === 0n) throw new RangeError('ERR:NO_LIQUIDITY')
  if (rIn + amountIn >= 2n ** 64n) throw new RangeError('ERR:OVERFLOW')
  const y = solveY((rIn + amountIn) * mulIn, p.d, amp)
  const yOut = (y + mulOut) / mulOut
  if (yOut >= rOut) throw new RangeError('ERR:ZERO_OUT')
  const dy = rOut - yOut
  const fee = feeOf(dy, p.feeBps)
  const amountOut = dy - fee
  if (amountOut <= 0n) throw new RangeError('ERR:ZERO_OUT')
  const protocolFee = p.protocolFeeDivisor > 0n ? fee / p.protocolFeeDivisor : 0n
  const after = aIn
    ? { ...p, reserveA: rIn + amountIn, reserveB: yOut, feesB: p.feesB + fee - protocolFee, protocolFeesB: p.protocolFeesB + protocolFee }
    : { ...p, reserveB: rIn + amountIn, reserveA: yOut, feesA: p.feesA + fee - protocolFee, protocolFeesA: p.protocolFeesA + protocolFee }
  return { amountIn, amountOut, fee, protocolFee, iterations, opUps: opUpsFor(iterations), after }
}

/** What an add gives and costs. */
export interface StableAddQuote {
  lp: bigint
  /** Curve's imbalance fee each side pays, in its base units (rounded down from the normalised fee); 0 for a proportional add. */
  imbalanceFeeA: bigint
  imbalanceFeeB: bigint
  iterations: number
  opUps: number
  after: StablePoolState
}

/** n less the imbalance fee on its distance from the proportional balance D1·o/D0: the fee, normalised. */
function imbalanceFee(n: bigint, o: bigint, d1: bigint, d0: bigint, feeBps: bigint): bigint {
  const ideal = (d1 * o) / d0
  const diff = ideal > n ? ideal - n : n - ideal
  return (diff * feeBps + 2n * BPS - 1n) / (2n * BPS)
}

/** Adds amountA/amountB at time `now` (either may be 0 after the first add), as the contract's addAmounts. */
export function quoteStableAdd(pool: StablePoolState, amountA: bigint, amountB: bigint, now: bigint): StableAddQuote {
  const amp = ampAt(pool, now)
  const rA = pool.reserveA + pool.feesA
  const rB = pool.reserveB + pool.feesB
  const supply = pool.lpIssued + STABLE_LOCKED_LP
  const nA = (rA + amountA) * pool.multiplierA
  const nB = (rB + amountB) * pool.multiplierB
  let lp = 0n
  let d1: bigint
  let iterations: number
  let feeA = 0n
  let feeB = 0n
  if (rA === 0n) {
    if (amountA <= 0n || amountB <= 0n) throw new RangeError('ERR:FIRST_ADD')
    const found = newtonD(nA, nB, amp, nA + nB)
    d1 = found.d
    iterations = found.done
    const total = d1 / LP_SCALE
    if (total >= 2n ** 64n) throw new RangeError('ERR:OVERFLOW')
    if (total <= STABLE_LOCKED_LP) throw new RangeError('ERR:LOCKED_LIQUIDITY')
    lp = total - STABLE_LOCKED_LP
  } else {
    const oA = rA * pool.multiplierA
    const oB = rB * pool.multiplierB
    const f0 = newtonD(oA, oB, amp, pool.d)
    const f1 = newtonD(nA, nB, amp, f0.d + nA + nB - oA - oB, f0.done)
    d1 = f1.d
    feeA = imbalanceFee(nA, oA, d1, f0.d, pool.feeBps)
    feeB = imbalanceFee(nB, oB, d1, f0.d, pool.feeBps)
    const f2 = newtonD(nA - feeA, nB - feeB, amp, d1, f1.done)
    iterations = f2.done
    if (f2.d > f0.d) {
      lp = (supply * (f2.d - f0.d)) / f0.d
      if (lp >= 2n ** 64n) throw new RangeError('ERR:OVERFLOW')
    }
  }
  if (lp <= 0n) throw new RangeError('ERR:ZERO_OUT')
  const after: StablePoolState = {
    ...pool,
    reserveA: rA + amountA,
    reserveB: rB + amountB,
    feesA: 0n,
    feesB: 0n,
    lpIssued: pool.lpIssued + lp,
    dAmp: amp,
    d: storedD(d1),
  }
  // a later add makes one op-up besides its iterations' (the imbalance fees, the mint, the stored invariant)
  const opUps = opUpsFor(iterations) + (rA === 0n ? 0 : 1)
  return { lp, imbalanceFeeA: feeA / pool.multiplierA, imbalanceFeeB: feeB / pool.multiplierB, iterations, opUps, after }
}

/** What a proportional remove gives (no iteration, whatever the pool's state). */
export interface StableRemoveQuote {
  amountA: bigint
  amountB: bigint
  after: StablePoolState
}

/** Burns `lp` for its share of both reserves and of the LP fees held, each rounded down. */
export function quoteStableRemove(pool: StablePoolState, lp: bigint): StableRemoveQuote {
  const supply = pool.lpIssued + STABLE_LOCKED_LP
  if (lp <= 0n) throw new RangeError('ERR:ZERO_AMOUNT')
  if (lp > pool.lpIssued) throw new RangeError('ERR:TOO_MUCH_LP')
  const takeA = (lp * pool.reserveA) / supply
  const takeB = (lp * pool.reserveB) / supply
  const feesA = (lp * pool.feesA) / supply
  const feesB = (lp * pool.feesB) / supply
  const amountA = takeA + feesA
  const amountB = takeB + feesB
  if (amountA === 0n && amountB === 0n) throw new RangeError('ERR:ZERO_OUT')
  const after: StablePoolState = {
    ...pool,
    reserveA: pool.reserveA - takeA,
    reserveB: pool.reserveB - takeB,
    feesA: pool.feesA - feesA,
    feesB: pool.feesB - feesB,
    lpIssued: pool.lpIssued - lp,
    d: (pool.d * (supply - lp)) / supply,
  }
  return { amountA, amountB, after }
}

/** A stable pool's multiplier for an asset of `decimals` (ALGO has 6). */
export const multiplierOf = (decimals: number): bigint => 10n ** BigInt(NORMALISED_DECIMALS - decimals)
