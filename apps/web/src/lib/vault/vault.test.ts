// The stake page's derivations: previews to the unit with the vault's refusals in its words, value
// through the pools, the fee balances a buyback would swap, and a buyback's next step.
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { buybackStep, formatWait, loneObserver, pendingFees, previewStake, previewUnstake, spotAlong, unlockingWithin, valueOf, type BuybackReadiness } from './vault.ts'

const GROVE = 1003
const SGROVE = 1010
const GUSD = 1004
const GOETH = 1005

const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint) => sdk.newPool(a, b, { reserveA, reserveB, lpIssued: 1_000_000n, feeBps: 30n })
const pools = [pool(0, GROVE, 2_000_000_000n, 4_000_000_000n), pool(0, GUSD, 1_000_000_000n, 250_000_000n), pool(0, GOETH, 10_000_000_000n, 100_000_000n), pool(GROVE, GUSD, 1_000_000_000n, 125_000_000n)]

describe('stake and unstake previews', () => {
  it('promises what the vault pays, to the unit, rounded in the vault’s favour', () => {
    const totals = { grove: 1_000_001n, shares: 1_000_000n }
    expect(previewStake(sdk, totals, 3_000_000n)).toEqual({ ok: true, out: 2_999_997n })
    expect(previewUnstake(sdk, { grove: 3_000_000n, shares: 2_000_000n }, 1_000_001n)).toEqual({ ok: true, out: 1_500_001n })
    // the first stake locks 1,000 units
    expect(previewStake(sdk, { grove: 0n, shares: 0n }, 5_000n)).toEqual({ ok: true, out: 4_000n })
  })

  it('says why the vault would refuse, in its words', () => {
    expect(previewStake(sdk, { grove: 0n, shares: 0n }, 1_000n)).toEqual({ ok: false, problem: CONTRACT_ERRORS.Vault['ERR:LOCKED_SHARES'] })
    expect(previewStake(sdk, { grove: 10n ** 12n, shares: 1_000n }, 1n)).toEqual({ ok: false, problem: CONTRACT_ERRORS.Vault['ERR:ZERO_OUT'] })
    expect(previewUnstake(sdk, { grove: 1n, shares: 1n }, 0n)).toEqual({ ok: false, problem: 'Enter an amount above zero' })
  })
})

describe('the stream', () => {
  it('unlocks linearly: what 10 minutes unlock, rounded up, and nothing after the end', () => {
    expect(unlockingWithin({ locked: 604_800n, end: 2_000_000n }, 2_000_000n - 604_800n, 600n)).toBe(600n)
    expect(unlockingWithin({ locked: 1_000n, end: 2_000n }, 1_700n, 600n)).toBe(1_000n)
    expect(unlockingWithin({ locked: 7n, end: 2_000n }, 1_000n, 600n)).toBe(5n)
    expect(unlockingWithin({ locked: 7n, end: 2_000n }, 2_000n, 600n)).toBe(0n)
    expect(unlockingWithin({ locked: 0n, end: 2_000n }, 1_000n, 600n)).toBe(0n)
  })
})

describe('value through the pools', () => {
  it('prices GROVE at its ALGO pool and ALGO at the stable coin’s', () => {
    // 1 GROVE = 0.5 ALGO, 1 ALGO = 0.25 gUSD
    expect(valueOf(pools, GROVE, 10_000_000n, GUSD)).toEqual({ algo: 5_000_000n, stable: 1_250_000n })
    expect(valueOf(pools, 0, 4_000_000n, GUSD)).toEqual({ algo: 4_000_000n, stable: 1_000_000n })
  })

  it('has no value where no pool prices it', () => {
    expect(valueOf(pools, 4242, 1n, GUSD)).toEqual({ algo: null, stable: null })
    expect(valueOf(pools, GROVE, 2n, null)).toEqual({ algo: 1n, stable: null })
  })
})

describe('fees waiting for a buyback', () => {
  it('lists every asset but GROVE and sGROVE, and ALGO above the minimum balance', () => {
    const account = { algo: 1_500_000n, minBalance: 1_200_000n, assets: new Map([[GROVE, 9n], [SGROVE, 99n], [GOETH, 12_345n], [GUSD, 0n]]) }
    expect(pendingFees(account, { groveAssetId: GROVE, sGroveAssetId: SGROVE })).toEqual([{ asset: 0, amount: 300_000n }, { asset: GOETH, amount: 12_345n }])
    expect(pendingFees({ ...account, algo: 1_200_000n, assets: new Map() }, { groveAssetId: GROVE, sGroveAssetId: SGROVE })).toEqual([])
  })

  it('values a buyback along the admin’s path at the pools’ spot prices, hop by hop', () => {
    // goETH → ALGO → GROVE: each hop as the DEX quotes it
    const algo = sdk.quoteExactIn(pools[2]!, BigInt(GOETH), 1_000_000n)
    const grove = algo.ok ? sdk.quoteExactIn(pools[0]!, 0n, algo.amountOut) : undefined
    expect(spotAlong(sdk, pools, GOETH, [0n, BigInt(GROVE)], 1_000_000n)).toBe(grove?.ok ? grove.amountOut : -1n)
    expect(spotAlong(sdk, pools, GOETH, [BigInt(GROVE)], 1_000_000n)).toBeNull()
  })
})

describe('a buyback’s next step', () => {
  const ready: BuybackReadiness = { path: [5n], pools: [[0n, 5n]], waits: [0n], now: 1_600n, minOut: 990n, spotOut: 1_000n, lone: [null] }

  it('needs the admin’s path, observes a pool without an observation from the last hour, then waits out the 10-minute window', () => {
    expect(buybackStep({ ...ready, path: null })).toEqual({ kind: 'no-path' })
    expect(buybackStep({ ...ready, pools: [[0n, 5n], [5n, 9n]], waits: [0n, undefined] })).toMatchObject({ kind: 'observe', pools: [[5n, 9n]], thenWait: true })
    expect(buybackStep({ ...ready, waits: [150n] })).toEqual({ kind: 'wait', seconds: 150n })
    expect(buybackStep({ ...ready, waits: [0n, 300n] })).toEqual({ kind: 'wait', seconds: 300n })
    expect(formatWait(150n)).toBe('2 min 30 s')
    expect(formatWait(600n)).toBe('10 min')
  })

  it('buys back at the TWAP bound, and waits when the spot price is below it (a new observation would not move the window)', () => {
    expect(buybackStep(ready)).toEqual({ kind: 'buyback', minOut: 990n })
    expect(buybackStep({ ...ready, spotOut: 989n }).kind).toBe('blocked')
    expect(buybackStep({ ...ready, minOut: 'observation-stale' }).kind).toBe('blocked')
  })

  it('asks another account to observe when one account alone observed a pool in the last hour (the vault refuses: ERR:ONE_OBSERVER), and says so to that account', () => {
    const alone: BuybackReadiness = { ...ready, pools: [[0n, 5n], [5n, 9n]], waits: [0n, 0n], minOut: 'one-observer', lone: [null, 'OBSERVER'] }
    // a second account's observation counts at once: the window's observation is already 10 minutes old
    expect(buybackStep(alone, 'SOMEONE')).toMatchObject({ kind: 'observe', pools: [[5n, 9n]], thenWait: false })
    expect(buybackStep(alone, 'OBSERVER')).toMatchObject({ kind: 'blocked', reason: expect.stringContaining('Only you have observed') })
    expect(buybackStep(alone, null)).toMatchObject({ kind: 'blocked', reason: expect.stringContaining('connect another account') })
  })

  it('names the lone observer of the last hour, and none when two accounts (or none) observed', () => {
    const o = (timestamp: bigint, observer: string) => ({ timestamp, observer })
    expect(loneObserver([o(5_000n, 'A'), o(4_000n, 'A'), o(0n, 'B')], 6_000n)).toBe('A')
    expect(loneObserver([o(5_000n, 'A'), o(4_000n, 'B')], 6_000n)).toBeNull()
    // B's observation is over an hour old: A alone observed in the last hour
    expect(loneObserver([o(5_000n, 'A'), o(1_000n, 'B')], 6_000n)).toBe('A')
    expect(loneObserver([], 6_000n)).toBeNull()
  })
})
