import { describe, expect, it } from 'vitest'
import { isqrt, newPool, quoteExactIn } from '../src/dex/amm.ts'
import type { Pool } from '../src/dex/amm.ts'
import { bestRouteExactIn, bestRouteExactOut } from '../src/dex/route.ts'

const pool = (a: bigint, b: bigint, reserveA: bigint, reserveB: bigint, feeBps = 30n): Pool =>
  newPool(a, b, { reserveA, reserveB, lpAsset: 1000n + a * 100n + b, lpIssued: isqrt(reserveA * reserveB) - 1000n, feeBps })

const M = 1_000_000n
// ALGO (0) hub with USDC (1), X (2), Y (3); a shallow direct X/Y pool and a deep path X→ALGO→Y.
const pools = [pool(0n, 1n, 1000n * M, 2000n * M), pool(0n, 2n, 1000n * M, 1000n * M), pool(0n, 3n, 1000n * M, 1000n * M), pool(2n, 3n, 10n * M, 10n * M)]

describe('bestRouteExactIn', () => {
  it('takes the direct pool when it is within 0.5% of a longer route', () => {
    const route = bestRouteExactIn(pools, 2n, 3n, 1000n)
    expect(route).toMatchObject({ path: [3n], hops: [{ assetIn: 2n, assetOut: 3n }] })
  })

  it('takes a longer route that is at least 0.5% better', () => {
    const route = bestRouteExactIn(pools, 2n, 3n, 1n * M)
    expect(route?.path).toEqual([0n, 3n])
    const direct = quoteExactIn(pools[3]!, 2n, 1n * M)
    expect(direct.ok && route!.amountOut * 1000n >= direct.amountOut * 1005n).toBe(true)
  })

  it('chains hop amounts: each hop spends what the previous one gave', () => {
    const route = bestRouteExactIn(pools, 1n, 3n, 5n * M)!
    expect(route.path).toEqual([0n, 3n])
    expect(route.hops[1]!.amountIn).toBe(route.hops[0]!.amountOut)
    expect(route.amountOut).toBe(route.hops[1]!.amountOut)
    expect(route.priceImpactBps).toBeGreaterThan(route.hops[0]!.priceImpactBps)
  })

  it.each([
    ['the same asset', 2n, 2n, 1000n],
    ['a zero amount', 2n, 3n, 0n],
    ['an unknown asset', 2n, 99n, 1000n],
    ['an amount too small to give anything', 2n, 3n, 1n],
  ])('finds nothing for %s', (_name, assetIn, assetOut, amountIn) => {
    expect(bestRouteExactIn(pools, assetIn, assetOut, amountIn)).toBeUndefined()
  })

  it('reaches an asset four hops away but not five', () => {
    const chain = [1n, 2n, 3n, 4n, 5n].map((i) => pool(i - 1n, i, M, M))
    expect(bestRouteExactIn(chain, 0n, 4n, 1000n)?.path).toEqual([1n, 2n, 3n, 4n])
    expect(bestRouteExactIn(chain, 0n, 5n, 1000n)).toBeUndefined()
    expect(bestRouteExactIn(chain, 0n, 4n, 1000n, { maxHops: 3 })).toBeUndefined()
  })

  it('ignores empty pools', () => {
    expect(bestRouteExactIn([{ ...pool(0n, 1n, M, M), reserveA: 0n, reserveB: 0n }], 0n, 1n, 1000n)).toBeUndefined()
  })

  it('finds routes both ways over 100 pools between 15 assets', () => {
    const many: Pool[] = []
    for (let a = 0n; a < 15n && many.length < 100; a++)
      for (let b = a + 1n; b < 15n && many.length < 100; b++) many.push(pool(a, b, (a + 1n) * 10n * M, (b + 1n) * 10n * M, 5n + ((a + b) % 20n)))
    const started = performance.now()
    const route = bestRouteExactIn(many, 0n, 14n, 10n * M)
    const elapsed = performance.now() - started
    expect(route).toMatchObject({ assetIn: 0n, assetOut: 14n, amountIn: 10n * M })
    expect(route!.path.at(-1)).toBe(14n)
    expect(route!.amountOut).toBeGreaterThan(0n)
    // asking back for what the exact-in route gives costs at most what it was given
    const back = bestRouteExactOut(many, 0n, 14n, route!.amountOut)
    expect(back).toMatchObject({ assetIn: 0n, assetOut: 14n, exactOut: route!.amountOut })
    expect(back!.amountIn).toBeLessThanOrEqual(10n * M)
    console.log(`route over ${many.length} pools: ${elapsed.toFixed(1)} ms`)
  })
})

describe('bestRouteExactOut', () => {
  it('asks for the least input and gives at least the output when replayed exact in', () => {
    const route = bestRouteExactOut(pools, 1n, 3n, 1n * M)!
    expect(route).toMatchObject({ path: [0n, 3n], exactOut: 1n * M })
    expect(route.amountOut).toBeGreaterThanOrEqual(1n * M)
    // One unit less does not reach the output along this path.
    const less = bestRouteExactIn(pools, 1n, 3n, route.amountIn - 1n)!
    expect(less.path).toEqual(route.path)
    expect(less.amountOut).toBeLessThan(1n * M)
  })

  it('takes the direct pool when it is within 0.5%', () => {
    expect(bestRouteExactOut(pools, 2n, 3n, 1000n)?.path).toEqual([3n])
  })

  it('finds nothing for more than the pools hold', () => {
    expect(bestRouteExactOut(pools, 2n, 3n, 2000n * M)).toBeUndefined()
  })
})
