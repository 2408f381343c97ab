import { describe, expect, it } from 'vitest'
import { bucketOf, TIMEFRAMES } from '../src/candles.ts'

describe('bucketOf', () => {
  const t = 1_700_000_123
  it.each(Object.entries(TIMEFRAMES))('puts a time in its %s bucket', (tf, size) => {
    const b = bucketOf(t, tf as keyof typeof TIMEFRAMES)
    expect(b % size).toBe(0)
    expect(b).toBeLessThanOrEqual(t)
    expect(t - b).toBeLessThan(size)
  })
})
