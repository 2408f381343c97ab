import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_UINT64 } from '../src/core/amount.ts'
import {
  Q64,
  accrue,
  addLiquidity,
  collectFees,
  isqrt,
  lpSharePercent,
  lpValue,
  lpValueIn,
  lpValueNotDecreased,
  maximumSold,
  minimumReceived,
  priceImpactBps,
  quoteExactIn,
  quoteExactOut,
  removeLiquidity,
  twapQ64,
  zap,
  zapWithSwap,
  newPool,
  matchingAmount,
} from '../src/dex/amm.ts'
import type { Pool } from '../src/dex/amm.ts'

const empty: Pool = newPool(0n, 5n, { lpAsset: 9n })
// 1,000,000 A : 2,000,000 B, supply √(2·10^12) = 1,414,213.
const pool: Pool = { ...empty, reserveA: 1_000_000n, reserveB: 2_000_000n, lpIssued: 1_413_213n }

describe('isqrt', () => {
  it.each([
    [0n, 0n],
    [1n, 1n],
    [2n, 1n],
    [4n, 2n],
    [1_000_001n * 1_000_001n - 1n, 1_000_000n],
    [MAX_UINT64 * MAX_UINT64, MAX_UINT64],
  ])('⌊√%s⌋ = %s', (n, root) => expect(isqrt(n)).toBe(root))
})

describe('quoteExactIn', () => {
  it.each([
    // assetIn, amountIn, amountOut, fee, protocolFee
    [0n, 10_000n, 19_743n, 30n, 5n],
    [5n, 10_000n, 4_960n, 30n, 5n],
    [0n, 2n, 1n, 1n, 0n],
    [0n, 1_000_000n, 998_497n, 3_000n, 500n],
  ])('swaps %s × %s for %s with fee %s (protocol %s)', (assetIn, amountIn, amountOut, fee, protocolFee) => {
    const q = quoteExactIn(pool, assetIn, amountIn)
    expect(q).toMatchObject({ ok: true, amountOut, fee, protocolFee })
  })

  it('moves the input minus the protocol fee into the reserves and the protocol fee aside', () => {
    const q = quoteExactIn(pool, 0n, 10_000n)
    expect(q).toMatchObject({ ok: true, pool: { reserveA: 1_009_995n, reserveB: 1_980_257n, protocolFeesA: 5n, protocolFeesB: 0n } })
  })

  it('takes no protocol fee when the divisor is 0', () => {
    expect(quoteExactIn({ ...pool, protocolFeeDivisor: 0n }, 0n, 10_000n)).toMatchObject({ protocolFee: 0n, pool: { reserveA: 1_010_000n } })
  })

  it.each([
    ['zero-amount', pool, 0n, 0n],
    ['zero-output', pool, 0n, 1n],
    ['unknown-asset', pool, 7n, 10n],
    ['empty-pool', empty, 0n, 10n],
    ['overflow', { ...pool, reserveA: MAX_UINT64 - 1000n, reserveB: MAX_UINT64 - 1000n }, 0n, 1_000_000n],
  ] as const)('fails with %s', (error, p, assetIn, amountIn) => {
    expect(quoteExactIn(p, assetIn, amountIn)).toEqual({ ok: false, error })
  })

  it('reports price impact against the spot price without the fee', () => {
    const q = quoteExactIn(pool, 0n, 10_000n)
    // net 9,970 into 1,000,000: impact ≈ 9970 / 1,009,970 ≈ 98.7 bps.
    expect(q.ok && q.priceImpactBps).toBeCloseTo(98.8, 0)
    expect(priceImpactBps(pool, 0n, 10_000n, 19_743n)).toBe(q.ok && q.priceImpactBps)
  })
})

describe('quoteExactOut', () => {
  it('charges ⌈⌈rIn·y/(rOut−y)⌉·10000/(10000−f)⌉ for y out', () => {
    expect(quoteExactOut(pool, 0n, 19_000n)).toMatchObject({ ok: true, amountIn: 9_621n, fee: 29n, protocolFee: 4n })
  })

  it.each([
    ['zero-amount', 0n],
    ['insufficient-liquidity', 2_000_000n],
    ['insufficient-liquidity', MAX_UINT64],
  ] as const)('fails with %s for %s out', (error, amountOut) => {
    expect(quoteExactOut(pool, 0n, amountOut)).toEqual({ ok: false, error })
  })

  it('fails with overflow when the input would not fit in 64 bits', () => {
    expect(quoteExactOut({ ...pool, reserveA: 10n ** 19n }, 0n, 1_999_999n)).toEqual({ ok: false, error: 'overflow' })
  })

  it('asks for an input that, swapped exact in, gives at least the output', () => {
    fc.assert(
      fc.property(arbPool(), fc.boolean(), fc.bigInt({ min: 1n, max: 10n ** 15n }), (p, aIn, y) => {
        const assetIn = aIn ? p.a : p.b
        const q = quoteExactOut(p, assetIn, y)
        if (!q.ok) return
        const forward = quoteExactIn(p, assetIn, q.amountIn)
        expect(forward.ok && forward.amountOut >= y).toBe(true)
        // And one unit less would not be enough.
        const less = quoteExactIn(p, assetIn, q.amountIn - 1n)
        if (less.ok && q.amountIn > 1n) expect(less.amountOut).toBeLessThanOrEqual(y + 1n)
      }),
    )
  })
})

describe('addLiquidity', () => {
  it('mints √(a·b) − 1000 on the first add and locks 1,000 units', () => {
    expect(addLiquidity(empty, 1_000_000n, 2_000_000n)).toMatchObject({ ok: true, first: true, lp: 1_413_213n, usedA: 1_000_000n, usedB: 2_000_000n })
  })

  it('rejects a first add with √(a·b) ≤ 1000', () => {
    expect(addLiquidity(empty, 1000n, 1000n)).toEqual({ ok: false, error: 'below-minimum-liquidity' })
    expect(addLiquidity(empty, 1001n, 1001n)).toMatchObject({ ok: true, lp: 1n })
  })

  it.each([
    // a, b, lp, usedA, usedB, refundA, refundB
    [1000n, 3000n, 1414n, 1000n, 2000n, 0n, 1000n],
    [1000n, 1000n, 707n, 500n, 1000n, 500n, 0n],
    [1n, 3n, 1n, 1n, 2n, 0n, 1n],
    [3n, 1n, 0n, 0n, 0n, 0n, 0n],
  ])('later add of %s + %s mints %s using %s + %s, refunding %s + %s', (a, b, lp, usedA, usedB, refundA, refundB) => {
    const q = addLiquidity(pool, a, b)
    if (lp === 0n) expect(q).toEqual({ ok: false, error: 'zero-lp' })
    else expect(q).toMatchObject({ ok: true, first: false, lp, usedA, usedB, refundA, refundB })
  })

  it.each([
    [0n, 1n],
    [1n, 0n],
  ])('rejects a zero side (%s, %s)', (a, b) => expect(addLiquidity(pool, a, b)).toEqual({ ok: false, error: 'zero-amount' }))

  it('rejects reserves above 2^64 − 1', () => {
    expect(addLiquidity(pool, MAX_UINT64, MAX_UINT64)).toEqual({ ok: false, error: 'overflow' })
  })
})

describe('matchingAmount', () => {
  it.each([
    ['A for B, exact', 0n, 3n, 6n],
    ['B for A, rounded up in the pool’s favour', 5n, 3n, 2n],
    ['nothing for nothing', 0n, 0n, 0n],
  ])('takes %s', (_, asset, amount, expected) => {
    expect(matchingAmount(pool, asset, amount)).toBe(expected)
  })
  it('is what a later add uses of the other side', () => {
    const q = addLiquidity(pool, 3n, 1_000n)
    expect(q.ok && q.usedB).toBe(matchingAmount(pool, 0n, 3n))
  })
  it('is 0 for a pool without reserves', () => {
    expect(matchingAmount(empty, 0n, 10n)).toBe(0n)
  })
})

describe('removeLiquidity', () => {
  it('returns ⌊lp·r/L⌋ of each side', () => {
    expect(removeLiquidity(pool, 1000n)).toMatchObject({ ok: true, amountA: 707n, amountB: 1414n, pool: { lpIssued: 1_412_213n } })
  })

  it('leaves the locked 1,000 units’ share when everything issued is removed', () => {
    const q = removeLiquidity(pool, pool.lpIssued)
    expect(q).toMatchObject({ ok: true, pool: { lpIssued: 0n } })
    expect(q.ok && q.pool.reserveA).toBeGreaterThan(0n)
  })

  it.each([
    ['zero-amount', 0n],
    ['not-enough-lp', 1_413_214n],
    ['not-enough-lp', MAX_UINT64],
  ] as const)('fails with %s for %s', (error, lp) => expect(removeLiquidity(pool, lp)).toEqual({ ok: false, error }))

  it('pays the side that does not round to 0 and keeps the other in the pool, as the contract does', () => {
    expect(removeLiquidity(pool, 1n)).toMatchObject({ ok: true, amountA: 0n, amountB: 1n, pool: { reserveA: pool.reserveA, reserveB: pool.reserveB - 1n } })
  })

  it('fails with zero-output only when both sides round to 0', () => {
    // reserves below the LP supply on both sides: a state the contract never reaches (rA·rB ≥ L²), but the model refuses it
    expect(removeLiquidity({ ...pool, reserveA: 10n, reserveB: 10n }, 1n)).toEqual({ ok: false, error: 'zero-output' })
  })
})

describe('zap', () => {
  it('finds the swap amount that leaves nothing to refund in a balanced case', () => {
    expect(zap(pool, 0n, 100_000n)).toMatchObject({ ok: true, swapAmount: 48_883n, lp: 68_922n, refundA: 0n, refundB: 0n })
  })

  it('mints at least as much LP as any other swap amount (exhaustive on small inputs)', () => {
    fc.assert(
      fc.property(arbPool(10n ** 7n), fc.boolean(), fc.bigInt({ min: 2n, max: 400n }), (p, aIn, x) => {
        const assetIn = aIn ? p.a : p.b
        const best = zap(p, assetIn, x)
        let most = -1n
        for (let s = 1n; s < x; s++) {
          const q = zapWithSwap(p, assetIn, x, s)
          if (q.ok && q.lp > most) most = q.lp
        }
        if (most < 0n) expect(best.ok).toBe(false)
        else expect(best.ok && best.lp).toBe(most)
      }),
      { numRuns: 200 },
    )
  })

  it.each([
    ['unknown-asset', pool, 7n, 100n],
    ['zero-amount', pool, 0n, 1n],
    ['empty-pool', empty, 0n, 100n],
  ] as const)('fails with %s', (error, p, assetIn, x) => expect(zap(p, assetIn, x)).toEqual({ ok: false, error }))
})

describe('invariants', () => {
  it('never lowers k on a swap nor the value of one LP unit on any action', () => {
    fc.assert(
      fc.property(arbPool(), fc.boolean(), fc.bigInt({ min: 1n, max: 10n ** 16n }), fc.bigInt({ min: 1n, max: 10n ** 16n }), (p, aIn, x, y) => {
        const assetIn = aIn ? p.a : p.b
        for (const q of [quoteExactIn(p, assetIn, x), quoteExactOut(p, assetIn, x)]) {
          if (!q.ok) continue
          expect(q.pool.reserveA * q.pool.reserveB).toBeGreaterThanOrEqual(p.reserveA * p.reserveB)
          expect(lpValueNotDecreased(p, q.pool)).toBe(true)
        }
        for (const q of [addLiquidity(p, x, y), removeLiquidity(p, x), zap(p, assetIn, x)])
          if (q.ok) expect(lpValueNotDecreased(p, q.pool)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})

describe('collectFees', () => {
  it('hands over both sides’ protocol fees and leaves the reserves alone', () => {
    const withFees = { ...pool, protocolFeesA: 5n, protocolFeesB: MAX_UINT64 }
    expect(collectFees(withFees)).toEqual({ amountA: 5n, amountB: MAX_UINT64, pool: { ...pool, protocolFeesA: 0n, protocolFeesB: 0n } })
    expect(collectFees(pool)).toMatchObject({ amountA: 0n, amountB: 0n })
  })
})

describe('slippage and shares', () => {
  it.each([
    [10_000n, 50n, 9_950n],
    [1n, 50n, 0n],
    [0n, 50n, 0n],
    [MAX_UINT64, 0n, MAX_UINT64],
    [100n, 20_000n, 0n],
  ])('minimum received of %s at %s bps is %s', (out, bps, min) => expect(minimumReceived(out, bps)).toBe(min))

  it.each([
    [10_000n, 50n, 10_050n],
    [1n, 50n, 2n],
    [0n, 50n, 0n],
    [MAX_UINT64, 50n, MAX_UINT64],
  ])('maximum sold of %s at %s bps is %s', (x, bps, max) => expect(maximumSold(x, bps)).toBe(max))

  it('reports LP share, withdrawable value and value in one asset', () => {
    expect(lpSharePercent(pool, 141_421n)).toBeCloseTo(10, 3)
    expect(lpValue(pool, 1000n)).toEqual({ amountA: 707n, amountB: 1414n })
    expect(lpValueIn(pool, 1000n, 0n)).toBe(707n + 707n)
    expect(lpValueIn(pool, 1000n, 5n)).toBe(1414n + 1414n)
  })
})

describe('prices', () => {
  it('accrues cumulative prices by price × seconds and reads the TWAP back', () => {
    const later = accrue({ ...pool, lastUpdate: 100n }, 110n)
    expect(later).toMatchObject({ cumulativePriceA: 20n * Q64, cumulativePriceB: 5n * Q64, lastUpdate: 110n })
    expect(accrue(later, 110n)).toBe(later)
    expect(twapQ64(0n, 100n, later.cumulativePriceA, 110n)).toBe(2n * Q64)
    expect(twapQ64(0n, 100n, 0n, 100n)).toBe(0n)
  })

  it('reads the TWAP across a wrap of the uint256 accumulator', () => {
    const before = (1n << 256n) - 10n * Q64
    const after = 10n * Q64
    expect(twapQ64(before, 0n, after, 10n)).toBe(2n * Q64)
  })
})

/** Random non-empty pools with realistic supply (√k ≥ L, as the contract guarantees). */
function arbPool(maxReserve = 10n ** 18n): fc.Arbitrary<Pool> {
  return fc
    .record({
      rA: fc.bigInt({ min: 1001n, max: maxReserve }),
      rB: fc.bigInt({ min: 1001n, max: maxReserve }),
      feeBps: fc.bigInt({ min: 1n, max: 100n }),
      divisor: fc.bigInt({ min: 0n, max: 10n }),
      share: fc.bigInt({ min: 1n, max: 1000n }),
    })
    .filter(({ rA, rB }) => isqrt(rA * rB) > 2000n)
    .map(({ rA, rB, feeBps, divisor, share }) => {
      const supply = (isqrt(rA * rB) * share) / 1000n
      return { ...empty, reserveA: rA, reserveB: rB, feeBps, protocolFeeDivisor: divisor, lpIssued: supply > 1000n ? supply - 1000n : 1n }
    })
}
