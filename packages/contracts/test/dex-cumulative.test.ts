// Cumulative prices at the edges of their math: prices far above and below 2^64 (so ⌊r·2^64/r⌋ has a
// high word, a low word or both), reserves near 2^63, a year between updates (products past 2^128) and
// sums on top of earlier sums. Each must equal the README's formula, computed here with bigints. And
// the update's opcode cost does not depend on the clock, so budget found by simulate holds when sent.
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_UINT64, sorted, useGrove, type Grove, type User } from './fixture.ts'
import type { Pool } from './reference.ts'

const grove = useGrove()
let alice: User

/** cum + ⌊num·2^64/den⌋ × dt, as the README defines each side's cumulative price. */
const plus = (cum: bigint, num: bigint, den: bigint, dt: bigint) => cum + ((num << 64n) / den) * dt

const cases = [
  { name: 'a price of ~10^15 (B per A) and its inverse below 1', reserveA: 1_001n, reserveB: 10n ** 18n },
  { name: 'the same pool the other way round', reserveA: 10n ** 18n, reserveB: 1_001n },
  { name: 'reserves near 2^62 with prices just above and below 1', reserveA: 2n ** 62n + 12_345n, reserveB: 2n ** 62n - 999n },
  { name: 'a price of ~3·10^11 from a reserve of 3 units', reserveA: 3n, reserveB: 10n ** 12n },
]

// seconds between updates: a minute, then a year (the increment of a 2^117 price then needs 142 bits)
const gaps = [60, 365 * 86_400]

beforeAll(async () => {
  alice = await grove().user(1000)
})

describe('cumulative prices', () => {
  let offset = 0
  for (const c of cases) {
    it(`accumulate ⌊r·2^64/r⌋ × seconds exactly for ${c.name}`, async () => {
      const g = grove()
      const [a, b] = sorted(await g.asset(alice, { total: MAX_UINT64 }), await g.asset(alice, { total: MAX_UINT64 }))
      const { value: lp } = await g.createPool(alice, a, b)
      await g.optIn(alice, lp)
      await g.addLiquidity(alice, a, b, c.reserveA, c.reserveB)
      for (const gap of gaps) {
        const before: Pool = await g.pool(a, b)
        offset += gap
        await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
        // the app sees the latest committed block's timestamp: commit one block in the shifted time first
        await g.transfer(alice, alice, 0n, 0n)
        // a later add in the pool's ratio (LP = supply·amount/reserve > 0) makes the pool accrue
        await g.addLiquidity(alice, a, b, before.reserveA / 4n + 1n, before.reserveB / 4n + 1n)
        const after = await g.pool(a, b)
        const dt = after.lastUpdate - before.lastUpdate
        expect(dt).toBeGreaterThanOrEqual(BigInt(gap))
        expect(after.cumulativePriceA).toBe(plus(before.cumulativePriceA, before.reserveB, before.reserveA, dt))
        expect(after.cumulativePriceB).toBe(plus(before.cumulativePriceB, before.reserveA, before.reserveB, dt))
      }
    })
  }
})

describe('cost of the update', () => {
  /** Sets the dev-mode clock offset and commits a block in it (the app reads the latest block's time). */
  const clock = async (g: Grove, offset: number) => {
    await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
    await g.transfer(alice, alice, 0n, 0n)
  }

  it('is the same whether or not time has passed since each pool’s last update, so a route simulated in that second still fits', async () => {
    const g = grove()
    const tokens = [0n]
    for (let i = 0; i < 4; i++) tokens.push(await g.asset(alice))
    for (let i = 0; i < 4; i++) {
      const [a, b] = sorted(tokens[i]!, tokens[i + 1]!)
      const { value: lp } = await g.createPool(alice, a, b)
      await g.optIn(alice, lp)
      await g.addLiquidity(alice, a, b, 100_000_000n, 200_000_000n)
    }
    const route = () => g.swapRoute(alice, 0n, tokens.slice(1), 1_000_000n)
    g.measure = true
    try {
      // every pool updated far ahead of the clock, which then goes back: no time has passed for any pool
      await clock(g, 10 * 365 * 86_400)
      await route()
      await clock(g, 0)
      const still = await route()
      // then time passes for every pool
      await clock(g, 11 * 365 * 86_400)
      const later = await route()
      expect(still.opcodes).toBeDefined()
      expect(later.opcodes!).toBeLessThanOrEqual(still.opcodes!)
      expect(later.budgetCalls).toBe(still.budgetCalls)
    } finally {
      g.measure = false
    }
  })
})
