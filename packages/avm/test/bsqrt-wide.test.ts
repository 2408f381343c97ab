// bsqrt takes up to 512 bits: past 2^106 a float's estimate of the root is off by far more than a few
// units, and stepping from it one unit at a time never ended (a stable pool's swap hung the localnet).
import { describe, expect, it } from 'vitest'
import { isqrt } from '../src/eval/ops/arith.ts'

describe('bsqrt on wide values', () => {
  it('gives the floor of the square root up to 512 bits, at once', () => {
    const values = [2n ** 106n * 3n, 10n ** 40n * 7n, 10n ** 200n, 2n ** 512n - 1n, (2n ** 200n + 7n) ** 2n, (2n ** 200n + 7n) ** 2n - 1n, (2n ** 255n) ** 2n]
    for (const n of values) {
      const r = isqrt(n)
      expect(r * r <= n && (r + 1n) * (r + 1n) > n, `⌊√${n}⌋`).toBe(true)
    }
  })
})
