import { describe, expect, it } from 'vitest'
import { openOrdersSummary, orderProgress } from './orders.ts'

const order = (patch: Partial<Parameters<typeof orderProgress>[0]> = {}) => ({ remaining: 60n, filled: 40n, interval: 0n, expiry: 0n, nextFill: 0n, ...patch })

describe('orderProgress', () => {
  it.each([
    ['a limit order partly filled, without expiry', order(), { progress: 0.4, state: 'open' }],
    ['a limit order past its expiry', order({ expiry: 999n }), { progress: 0.4, state: 'expired' }],
    ['a recurring order before its next fill', order({ interval: 60n, nextFill: 1_001n }), { progress: 0.4, state: 'waiting' }],
    ['a recurring order due', order({ interval: 60n, nextFill: 1_000n }), { progress: 0.4, state: 'open' }],
    ['an order filled out, waiting to be collected', order({ remaining: 0n, filled: 100n }), { progress: 1, state: 'filled' }],
  ])('%s', (_, o, expected) => expect(orderProgress(o, 1_000)).toEqual(expected))
})

describe('openOrdersSummary', () => {
  const usd = (asset: number, units: bigint) => (asset === 0 ? Number(units) / 1e6 / 5 : asset === 10 ? Number(units) / 1e6 : null)
  it('counts the orders still selling and values what they hold and the proceeds to collect', () => {
    const orders = [
      { assetIn: 0n, remaining: 50_000_000n, assetOut: 10n, proceeds: 2_000_000n },
      { assetIn: 10n, remaining: 0n, assetOut: 0n, proceeds: 5_000_000n },
    ]
    // 50 ALGO at $0.2 + 2 gUSD + 5 ALGO of proceeds at $0.2
    expect(openOrdersSummary(orders, usd)).toEqual({ open: 1, valueUsd: 13 })
  })
  it('gives no value when a token has no price', () => {
    expect(openOrdersSummary([{ assetIn: 77n, remaining: 1n, assetOut: 0n, proceeds: 0n }], usd)).toEqual({ open: 1, valueUsd: null })
  })
})
