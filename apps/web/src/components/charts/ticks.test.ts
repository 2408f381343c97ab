import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { niceTicks, tickTop } from './ticks.ts'

describe('niceTicks', () => {
  it.each([
    [100, [0, 25, 50, 75, 100]],
    [97, [0, 25, 50, 75, 100]],
    [1_234_567, [0, 500_000, 1_000_000, 1_500_000]],
    [0.03, [0, 0.01, 0.02, 0.03]],
    [7, [0, 2, 4, 6, 8]],
  ])('reads %d as %j', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks)
  })

  it('gives one step for no data', () => {
    expect(niceTicks(0)).toEqual([0, 1])
    expect(niceTicks(Number.NaN)).toEqual([0, 1])
  })

  it('always starts at 0, rises evenly, ends at or above the maximum, in at most 5 steps', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e15, noNaN: true }), (max) => {
        const ticks = niceTicks(max)
        expect(ticks[0]).toBe(0)
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max * (1 - 1e-9))
        expect(ticks.length).toBeGreaterThanOrEqual(2)
        expect(ticks.length).toBeLessThanOrEqual(6)
        const step = ticks[1]!
        ticks.forEach((t, i) => expect(t).toBeCloseTo(i * step, 6))
      }),
      { seed: 26, numRuns: 500 },
    )
  })

  it('places the top tick at the top and 0 at the bottom', () => {
    expect([tickTop(100, 100), tickTop(0, 100), tickTop(25, 100)]).toEqual([0, 100, 75])
  })
})
