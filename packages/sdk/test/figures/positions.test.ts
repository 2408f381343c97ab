import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addLiquidity, lpValue, newPool, quoteExactIn, removeLiquidity, type Pool } from '../../src/dex/amm.ts'
import { impermanentLossOf, liquidityPerUnit, positionFigures, valueInB, vaultPosition, type PositionChange } from '../../src/figures/index.ts'
import { SECONDS_PER_YEAR } from '../../src/staking/math.ts'

const Q64 = 1n << 64n
const point = (reserveA: bigint, reserveB: bigint, lpIssued: bigint) => ({ reserveA, reserveB, lpIssued })

// By hand: a pool opened with 1,000,000 A and 4,000,000 B mints √(4·10^12) = 2,000,000 units (1,000
// locked), so ℓ = 1. Our add of 100,000 A + 400,000 B mints 200,000 units; the pool is then
// 1,100,000 / 4,400,000 / 2,200,000 units, ℓ still 1. Later the pool is 605,000 A / 9,680,000 B over
// the same 2,200,000 units: √(x·y) = 2,420,000, so ℓ = 1.1 (fees grew it 10%) and the price went
// from 4 to 16 B per A (r = 4, textbook IL 2·2/5 − 1 = −20%).
const ADD: PositionChange = { kind: 'add', lp: 200_000n, amountA: 100_000n, amountB: 400_000n, time: 0, pool: point(1_100_000n, 4_400_000n, 2_199_000n) }
const LATER = point(605_000n, 9_680_000n, 2_199_000n)
const HALF_YEAR = Number(SECONDS_PER_YEAR) / 2

describe('positionFigures', () => {
  it('reads ℓ as 64.64 fixed point: 1 for a fresh pool, ⌊1.1·2^64⌋ after 10% fees', () => {
    expect(liquidityPerUnit(ADD.pool)).toBe(Q64)
    expect(liquidityPerUnit(LATER)).toBe((11n * Q64) / 10n)
  })

  it('gives the hand-worked fees, value, hold and impermanent loss of one add after fees and a 4× price move', () => {
    const f = positionFigures([ADD], { time: HALF_YEAR, pool: LATER })
    // fee units ⌊200,000 × (1 − 1/1.1)⌋ = ⌊18,181.8⌋; they withdraw ⌊18,181 × 0.275⌋ A and ⌊18,181 × 4.4⌋ B
    expect(f.feeUnits).toBe(18_181n)
    expect(f.fees).toEqual({ a: 4_999n, b: 79_996n })
    expect(f.feesValue).toBe(79_996n + 4_999n * 16n)
    // 200,000 units withdraw 55,000 A + 880,000 B = 1,760,000 B at 16; holding is 100,000 × 16 + 400,000
    expect(f.value).toBe(1_760_000n)
    expect(f.holdValue).toBe(2_000_000n)
    expect(f.pnlVsHold).toBe(-240_000n)
    expect(f.impermanentLoss).toBe(-240_000n - 159_980n)
    // the textbook −20% of 2,000,000 is −400,000; the 20 units apart are the fees' rounding down
    expect(Number(f.impermanentLoss) - impermanentLossOf(4) * 2_000_000).toBeCloseTo(20, 6)
    // 18,181 fee units over 200,000 units held half a year
    expect(f.feeApr).toBeCloseTo((18_181 / 200_000) * 2, 12)
    expect(f.deposited).toEqual({ a: 100_000n, b: 400_000n })
  })

  it('keeps a closed position’s figures at its close: everything withdrawn, fees and IL in the withdrawal', () => {
    // all 200,000 units removed at LATER: ⌊200,000 × 605,000 / 2,200,000⌋ A and ⌊… × 9,680,000 / …⌋ B
    const after = point(550_000n, 8_800_000n, 1_999_000n)
    const remove: PositionChange = { kind: 'remove', lp: 200_000n, amountA: 55_000n, amountB: 880_000n, time: HALF_YEAR, pool: after }
    const f = positionFigures([ADD, remove], { time: HALF_YEAR, pool: after })
    expect(f.units).toBe(0n)
    expect(f.value).toBe(0n)
    expect(f.withdrawnValue).toBe(1_760_000n)
    expect(f.pnlVsHold).toBe(-240_000n)
    expect(f.feeUnits).toBe(18_181n)
    expect(f.feesValue + f.holdValue + f.impermanentLoss).toBe(f.value + f.withdrawnValue)
  })

  it('earns no fees and loses nothing while the pool only takes adds and removes at its ratio', () => {
    const f = positionFigures([ADD], { time: 10, pool: point(2_200_000n, 8_800_000n, 4_399_000n) })
    expect(f.feeUnits).toBe(0n)
    expect(f.impermanentLoss).toBe(0n)
    expect(f.feeApr).toBe(0)
  })

  it('values A in B at the pool’s price, rounded down', () => {
    expect(valueInB(LATER, { a: 3n, b: 1n })).toBe(1n + 48n)
    expect(valueInB(point(3n, 10n, 0n), { a: 1n, b: 0n })).toBe(3n)
  })
})

describe('vaultPosition', () => {
  it('gains what the shares are worth now plus what was unstaked, less what was staked', () => {
    const moves = [
      { kind: 'stake' as const, grove: 1_000n, shares: 1_000n },
      { kind: 'unstake' as const, grove: 550n, shares: 500n },
    ]
    // 500 shares at 1,200 GROVE per 1,000 shares
    expect(vaultPosition(moves, { grove: 1_200n, shares: 1_000n })).toEqual({ shares: 500n, staked: 1_000n, unstaked: 550n, worth: 600n, gain: 150n })
  })
})

const RUNS = Number(process.env.POSITIONS_RUNS ?? (process.env.CI ? 40 : 200))

type Op = { op: 'swap'; aToB: boolean; bps: number } | { op: 'add'; ours: boolean; bps: number } | { op: 'remove'; ours: boolean; bps: number }

const ops = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('swap' as const), aToB: fc.boolean(), bps: fc.integer({ min: 1, max: 3_000 }) }),
    fc.record({ op: fc.constant('add' as const), ours: fc.boolean(), bps: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({ op: fc.constant('remove' as const), ours: fc.boolean(), bps: fc.integer({ min: 1, max: 10_000 }) }),
  ),
  { minLength: 1, maxLength: 30 },
)

/** Plays `steps` on a pool through the SDK's contract math: our changes with the pool after each, and the pool at the end. */
function play(start: Pool, ourAdd: bigint, steps: Op[]): { changes: PositionChange[]; pool: Pool; swapsAfterOnlyAdd: boolean } {
  let pool = start
  let ours = 0n
  let time = 0
  const changes: PositionChange[] = []
  const record = (kind: 'add' | 'remove', lp: bigint, amountA: bigint, amountB: bigint) =>
    changes.push({ kind, lp, amountA, amountB, time, pool: point(pool.reserveA, pool.reserveB, pool.lpIssued) })
  const add = (amountA: bigint, mine: boolean) => {
    const q = addLiquidity(pool, amountA, (amountA * pool.reserveB) / pool.reserveA + 1n)
    if (!q.ok) return
    pool = q.pool
    if (mine) {
      ours += q.lp
      record('add', q.lp, q.usedA, q.usedB)
    }
  }
  add(ourAdd, true)
  let onlyOneChange = true
  for (const s of steps) {
    time += 3_600
    if (s.op === 'swap') {
      const reserve = s.aToB ? pool.reserveA : pool.reserveB
      const q = quoteExactIn(pool, s.aToB ? pool.a : pool.b, (reserve * BigInt(s.bps)) / 10_000n + 1n)
      if (q.ok) pool = q.pool
    } else if (s.op === 'add') {
      add((pool.reserveA * BigInt(s.bps)) / 10_000n + 1n, s.ours)
      if (s.ours) onlyOneChange = false
    } else {
      const others = pool.lpIssued - ours
      const lp = ((s.ours ? ours : others) * BigInt(s.bps)) / 10_000n
      const q = lp > 0n ? removeLiquidity(pool, lp) : undefined
      if (!q?.ok) continue
      pool = q.pool
      if (s.ours) {
        ours -= lp
        record('remove', lp, q.amountA, q.amountB)
        onlyOneChange = false
      }
    }
  }
  return { changes, pool, swapsAfterOnlyAdd: onlyOneChange }
}

describe('positionFigures over random pools (property)', () => {
  it('splits every position’s worth into hold + fees + IL to the unit, its value is what a remove pays, fees never negative (a fee-free pool’s swaps round in its favour too), and one add’s IL is the textbook one', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10n ** 12n }),
        fc.bigInt({ min: 10_000n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom(0n, 5n, 30n, 100n),
        ops,
        (x, y, ourBps, feeBps, steps) => {
          const first = addLiquidity(newPool(1, 2, { feeBps }), x, y)
          fc.pre(first.ok)
          if (!first.ok) return
          const { changes, pool, swapsAfterOnlyAdd } = play(first.pool, (x * BigInt(ourBps)) / 10_000n + 1n, steps)
          fc.pre(changes.length > 0)
          const now = point(pool.reserveA, pool.reserveB, pool.lpIssued)
          const f = positionFigures(changes, { time: 3_600 * (steps.length + 1), pool: now })
          const units = changes.reduce((u, c) => (c.kind === 'add' ? u + c.lp : u - c.lp), 0n)
          expect(f.units).toBe(units)
          // the identity, to the base unit
          expect(f.feesValue + f.holdValue + f.impermanentLoss).toBe(f.value + f.withdrawnValue)
          expect(f.pnlVsHold).toBe(f.feesValue + f.impermanentLoss)
          // value is what removing the units would pay now, valued at the pool's price
          const out = lpValue(pool, units)
          expect(f.value).toBe(valueInB(now, { a: out.amountA, b: out.amountB }))
          expect(f.feeUnits >= 0n).toBe(true)
          if (swapsAfterOnlyAdd) {
            // one add: IL is the textbook share of the hold value, apart from rounding of a few units'
            // and base units' worth (fees and the deposit floored, the pool's ratio matched by ceiling)
            const [add] = changes
            const r = Number(now.reserveB * add!.pool.reserveA) / Number(now.reserveA * add!.pool.reserveB)
            const perUnit = (2 * Number(now.reserveB)) / Number(now.lpIssued + 1_000n)
            const price = Number(now.reserveB) / Number(now.reserveA)
            const slack = 4 * (perUnit + price + 1) + Number(f.holdValue) * 1e-9
            expect(Math.abs(Number(f.impermanentLoss) - impermanentLossOf(r) * Number(f.holdValue))).toBeLessThanOrEqual(slack)
          }
        },
      ),
      { numRuns: RUNS, seed: 39, endOnFailure: true },
    )
  })
})
