// The README's pool math written out once for the tests (bigint, floor unless ceil is named).
// The SDK's model is tested against the contract elsewhere; this is the tests' own expectation.
import { LOCKED_LP } from '../src/pool.ts'

/** The decoded pool box (README "Pool box"). */
export interface Pool {
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  lpIssued: bigint
  feeBps: bigint
  protocolFeeDivisor: bigint
  protocolFeesA: bigint
  protocolFeesB: bigint
  cumulativePriceA: bigint
  cumulativePriceB: bigint
  lastUpdate: bigint
}


const ceilDiv = (x: bigint, y: bigint): bigint => (x + y - 1n) / y

/** Integer square root (floor). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = n
  let y = (x + 1n) / 2n
  while (y < x) {
    x = y
    y = (x + n / x) / 2n
  }
  return x
}

/** Swap exact in: `fee = ⌈x·f/10000⌉`, `out = ⌊rOut·net/(rIn+net)⌋`, `protocolFee = ⌊fee/d⌋`. */
export function swapIn(x: bigint, rIn: bigint, rOut: bigint, feeBps: bigint, divisor: bigint): { out: bigint; fee: bigint; protocolFee: bigint } {
  const fee = ceilDiv(x * feeBps, 10_000n)
  const net = x - fee
  const out = (rOut * net) / (rIn + net)
  const protocolFee = divisor === 0n ? 0n : fee / divisor
  return { out, fee, protocolFee }
}

/** Swap exact out: `net = ⌈rIn·y/(rOut−y)⌉`, `x = ⌈net·10000/(10000−f)⌉`. */
export function swapOut(y: bigint, rIn: bigint, rOut: bigint, feeBps: bigint, divisor: bigint): { amountIn: bigint; fee: bigint; protocolFee: bigint } {
  const net = ceilDiv(rIn * y, rOut - y)
  const amountIn = ceilDiv(net * 10_000n, 10_000n - feeBps)
  const fee = amountIn - net
  const protocolFee = divisor === 0n ? 0n : fee / divisor
  return { amountIn, fee, protocolFee }
}

/** LP minted by the first add: `⌊√(a·b)⌋ − 1000`. */
export function firstAdd(a: bigint, b: bigint): bigint {
  return isqrt(a * b) - LOCKED_LP
}

/** A later add at the pool ratio: what is used of each side and the LP minted. */
export function laterAdd(a: bigint, b: bigint, pool: Pick<Pool, 'reserveA' | 'reserveB' | 'lpIssued'>): { usedA: bigint; usedB: bigint; lp: bigint } {
  const { reserveA: rA, reserveB: rB } = pool
  const L = pool.lpIssued + LOCKED_LP
  if (a * rB <= b * rA) return { usedA: a, usedB: ceilDiv(a * rB, rA), lp: (a * L) / rA }
  return { usedA: ceilDiv(b * rA, rB), usedB: b, lp: (b * L) / rB }
}

/** Pro-rata remove: `outA = ⌊lp·rA/L⌋`, `outB = ⌊lp·rB/L⌋`. */
export function remove(lp: bigint, pool: Pick<Pool, 'reserveA' | 'reserveB' | 'lpIssued'>): { outA: bigint; outB: bigint } {
  const L = pool.lpIssued + LOCKED_LP
  return { outA: (lp * pool.reserveA) / L, outB: (lp * pool.reserveB) / L }
}

/** The pool after an exact-in swap of `x` from side A (`aToB`) or B, with the README's reserve updates. */
export function applySwapIn(pool: Pool, aToB: boolean, x: bigint): { pool: Pool; out: bigint; protocolFee: bigint } {
  const rIn = aToB ? pool.reserveA : pool.reserveB
  const rOut = aToB ? pool.reserveB : pool.reserveA
  const { out, protocolFee } = swapIn(x, rIn, rOut, pool.feeBps, pool.protocolFeeDivisor)
  const next = { ...pool }
  if (aToB) {
    next.reserveA += x - protocolFee
    next.reserveB -= out
    next.protocolFeesA += protocolFee
  } else {
    next.reserveB += x - protocolFee
    next.reserveA -= out
    next.protocolFeesB += protocolFee
  }
  return { pool: next, out, protocolFee }
}
