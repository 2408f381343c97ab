// The stake page's derivations: previews to the unit with the vault's refusals in its words, value
// through the pools, the fee balances a buyback would swap, and a buyback's next step.
import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { buybackRoute, buybackStep, formatWait, pendingFees, previewStake, previewUnstake, valueOf, type BuybackReadiness } from './vault.ts'

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
    expect(previewStake(sdk, { grove: 0n, shares: 0n }, 1_000n)).toEqual({ ok: false, problem: sdk.VAULT_ERROR_MESSAGES['ERR:LOCKED_SHARES'] })
    expect(previewStake(sdk, { grove: 10n ** 12n, shares: 1_000n }, 1n)).toEqual({ ok: false, problem: sdk.VAULT_ERROR_MESSAGES['ERR:ZERO_OUT'] })
    expect(previewUnstake(sdk, { grove: 1n, shares: 1n }, 0n)).toEqual({ ok: false, problem: 'Enter an amount above zero' })
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

  it('routes a buyback through the pools to GROVE in at most two hops', () => {
    expect(buybackRoute(sdk, pools, GOETH, GROVE, 1_000_000n)?.map(Number)).toEqual([0, GROVE])
    expect(buybackRoute(sdk, pools, 0, GROVE, 1_000_000n)?.map(Number)).toEqual([GROVE])
    expect(buybackRoute(sdk, pools, 4242, GROVE, 1_000_000n)).toBeNull()
  })
})

describe('a buyback’s next step', () => {
  const ready: BuybackReadiness = { pools: [[0n, 5n]], observedAt: [1_000n], now: 1_600n, minOut: 990n, spotOut: 1_000n }

  it('observes a pool the vault has not observed, then waits out the 10-minute window', () => {
    expect(buybackStep(sdk, { ...ready, observedAt: [1_000n, undefined] }).kind).toBe('observe')
    expect(buybackStep(sdk, { ...ready, now: 1_450n })).toEqual({ kind: 'wait', seconds: 150n })
    expect(buybackStep(sdk, { ...ready, observedAt: [1_000n, 1_300n] })).toEqual({ kind: 'wait', seconds: 300n })
    expect(formatWait(150n)).toBe('2 min 30 s')
    expect(formatWait(600n)).toBe('10 min')
  })

  it('buys back at the TWAP bound, and observes again when the spot price is below it', () => {
    expect(buybackStep(sdk, ready)).toEqual({ kind: 'buyback', minOut: 990n })
    expect(buybackStep(sdk, { ...ready, spotOut: 989n }).kind).toBe('observe')
  })
})
