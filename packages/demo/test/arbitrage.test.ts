// The arbitrage step's math: one swap brings a drifted pool back to the reference price.
import { describe, expect, it } from 'vitest'
import { newPool, quoteExactIn } from '@grove/sdk'
import { arbitrageSwap, priceDeviation } from '../src/arbitrage.ts'

const algo = { priceUsd: 0.2, decimals: 6 }
const usd = { priceUsd: 1, decimals: 6 }
// 10M ALGO against 2M gUSD is the reference price of $0.20
const pool = (reserveA: bigint, reserveB: bigint) => newPool(0, 1001, { reserveA, reserveB, lpAsset: 2000n, lpIssued: 1n << 40n })

describe('arbitrageSwap', () => {
  it.each([
    ['ALGO is dear in the pool (gUSD per ALGO too high)', pool(9_800_000_000_000n, 2_040_000_000_000n), 0n],
    ['ALGO is cheap in the pool', pool(10_300_000_000_000n, 1_940_000_000_000n), 1001n],
  ])('sells the side that is %s back to within a basis point of the reference', (_name, drifted, sold) => {
    const swap = arbitrageSwap(drifted, algo, usd)!
    expect(swap.assetIn).toBe(sold)
    const after = quoteExactIn(drifted, swap.assetIn, swap.amountIn)
    expect(after.ok).toBe(true)
    if (after.ok) expect(Math.abs(priceDeviation(after.pool, algo, usd) - 1)).toBeLessThan(0.0001)
  })

  it('leaves a pool at the reference price alone', () => {
    expect(arbitrageSwap(pool(10_000_000_000_000n, 2_000_000_000_000n), algo, usd)).toBeUndefined()
  })
})
