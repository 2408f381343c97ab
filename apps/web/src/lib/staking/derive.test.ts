import { staking } from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { Token } from '../tokens/tokens.ts'
import type { StakingPosition, StakingProgram } from '../tx/dex.ts'
import { aprOf, formatDuration, matchesRow, pendingAt, priceInAlgo, programRows, programsOfAsset, statusAt, timeLeft, tvlInAlgo } from './derive.ts'
import { usdPerMicroAlgo, type PoolReserves } from '../pools/price.ts'

const ALGO_ID = 0n
const USD = 10n // 6 decimals, 1 ALGO = 0.2 USD
const FERN = 11n // 6 decimals, 1 FERN = 0.5 ALGO
const LP = 20n // LP of ALGO/FERN

const pools: PoolReserves[] = [
  { a: 0n, b: USD, reserveA: 5_000_000_000n, reserveB: 1_000_000_000n, lpAsset: 30n, lpIssued: 1_000_000n },
  // 1,000 ALGO : 2,000 FERN, 999,000 issued + 1,000 locked = 1,000,000 LP units
  { a: 0n, b: FERN, reserveA: 1_000_000_000n, reserveB: 2_000_000_000n, lpAsset: LP, lpIssued: 999_000n },
]

const tokens = new Map<number, Token>([
  [0, { id: 0, symbol: 'ALGO', name: 'Algorand', decimals: 6 }],
  [Number(USD), { id: Number(USD), symbol: 'gUSD', name: 'Grove USD', decimals: 6 }],
  [Number(FERN), { id: Number(FERN), symbol: 'FERN', name: 'Fern Protocol', decimals: 6 }],
  [Number(LP), { id: Number(LP), symbol: 'GLP', name: 'Grove LP', decimals: 6 }],
])

/** A program as the contract creates it, then with `fields`. */
function program(fields: Partial<StakingProgram> = {}): StakingProgram {
  return {
    id: 1n,
    stakeAsset: FERN,
    rewardAsset1: ALGO_ID,
    rewardAsset2: 0n,
    rewardCount: 1n,
    rate1: 1_000n,
    rate2: 0n,
    start: 1_000n,
    end: 2_000n,
    minStakeSeconds: 0n,
    creator: 'C'.repeat(58),
    kind: 0n,
    totalStaked: 0n,
    lastUpdate: 1_000n,
    acc1: 0n,
    acc2: 0n,
    reserve1: 1_000_000n,
    reserve2: 0n,
    owed1: 0n,
    owed2: 0n,
    unsettled1: 0n,
    unsettled2: 0n,
    ...fields,
  }
}

const price = (asset: bigint) => priceInAlgo(pools, asset)

describe('statusAt', () => {
  it.each([
    { name: 'is upcoming before the start', now: 999n, status: 'upcoming' },
    { name: 'is active from the start', now: 1_000n, status: 'active' },
    { name: 'is active in the last second', now: 1_999n, status: 'active' },
    { name: 'is ended from the end on', now: 2_000n, status: 'ended' },
  ])('$name', ({ now, status }) => {
    expect(statusAt(program(), now)).toBe(status)
  })
})

describe('valuation from the DEX pools', () => {
  it('prices ALGO at one µALGO per unit and a token at its ALGO pool’s spot price', () => {
    expect(priceInAlgo(pools, 0n)).toBe(1)
    expect(priceInAlgo(pools, FERN)).toBe(0.5)
  })

  it('prices an LP unit at its share of both reserves, counting the locked 1,000 units', () => {
    // 1,000 ALGO + 2,000 FERN × 0.5 = 2,000 ALGO over 1,000,000 units
    expect(priceInAlgo(pools, LP)).toBe(2_000)
  })

  it('leaves a token without an ALGO pool unpriced', () => {
    expect(priceInAlgo(pools, 99n)).toBeNull()
  })

  it('values the total staked in µALGO (TVL) and turns µALGO into dollars through the stable coin’s pool', () => {
    expect(tvlInAlgo(program({ totalStaked: 10_000_000n }), price)).toBe(5_000_000)
    expect(tvlInAlgo(program({ stakeAsset: LP, totalStaked: 500n }), price)).toBe(1_000_000)
    const perMicroAlgo = usdPerMicroAlgo(pools, { id: Number(USD), decimals: 6 })!
    expect(5_000_000 * perMicroAlgo).toBeCloseTo(1, 9)
    expect(usdPerMicroAlgo(pools, null)).toBeNull()
  })
})

describe('aprOf', () => {
  it('is the yearly reward value over the staked value', () => {
    // 1,000 µALGO a second for a year over 10 FERN = 5 ALGO
    const apr = aprOf(program({ totalStaked: 10_000_000n }), price, 1_500n)!
    expect(apr).toBeCloseTo((1_000 * 31_557_600) / 5_000_000, 9)
  })

  it('adds a second reward at its own price', () => {
    const two = program({ totalStaked: 10_000_000n, rewardCount: 2n, rewardAsset2: FERN, rate2: 2_000n })
    expect(aprOf(two, price, 1_500n)).toBeCloseTo((2_000 * 31_557_600) / 5_000_000, 9)
  })

  it('agrees with the SDK’s apr given the same prices', () => {
    const p = program({ totalStaked: 10_000_000n })
    expect(aprOf(p, price, 1_500n)).toBeCloseTo(staking.apr(p, { stake: 0.5, reward1: 1 })!, 12)
  })

  it('is unknown with nothing staked, after the end, or with an unpriced reward', () => {
    expect(aprOf(program(), price, 1_500n)).toBeNull()
    expect(aprOf(program({ totalStaked: 1n }), price, 2_000n)).toBeNull()
    expect(aprOf(program({ totalStaked: 1n, rewardAsset1: 99n }), price, 1_500n)).toBeNull()
  })

  it('previews at a given staked value', () => {
    expect(aprOf(program(), price, 1_500n, 31_557_600_000)).toBeCloseTo(1, 9)
  })
})

describe('time left', () => {
  it.each([
    { name: 'counts down to the start of an upcoming program', now: 940n, text: 'Starts in 1m' },
    { name: 'counts down to the end of an active program', now: 1_500n, text: 'Ends in 8m 20s' },
    { name: 'says ended from the end on', now: 2_000n, text: 'Ended' },
  ])('$name', ({ now, text }) => {
    expect(timeLeft(program(), now)).toBe(text)
  })

  it.each([
    [0n, '0s'],
    [59n, '59s'],
    [3_600n, '1h'],
    [90_061n, '1d 1h'],
  ])('writes %s seconds as "%s"', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text)
  })
})

describe('pending rewards ticking', () => {
  // a lone staker of 100 units since the start: every second pays the whole rate (to the unit, rounding down)
  const p = program({ totalStaked: 100n })
  const pos: StakingPosition = { stake: 100n, stakedAt: 900n, snap1: 0n, snap2: 0n, owed1: 0n, owed2: 0n }

  it('grows by the rate each second while the program runs', () => {
    const at = (t: bigint) => pendingAt(p, pos, t, staking.pendingRewards)[0]!
    expect(at(1_000n)).toBe(0n)
    for (const t of [1_001n, 1_002n, 1_500n]) expect(at(t) - at(t - 1n)).toBeGreaterThanOrEqual(999n)
    expect(at(1_500n)).toBeLessThanOrEqual(500_000n)
    expect(at(1_500n)).toBeGreaterThanOrEqual(499_999n)
  })

  it('stops growing at the end', () => {
    expect(pendingAt(p, pos, 3_000n, staking.pendingRewards)).toEqual(pendingAt(p, pos, 2_000n, staking.pendingRewards))
  })

  it('has one amount per reward, and none without a position', () => {
    expect(pendingAt(program({ totalStaked: 100n, rewardCount: 2n, rewardAsset2: FERN, rate2: 5n }), pos, 1_010n, staking.pendingRewards)).toHaveLength(2)
    expect(pendingAt(p, undefined, 1_500n, staking.pendingRewards)).toEqual([])
  })
})

describe('rows and filters', () => {
  const programs = [
    program({ id: 1n, kind: 1n, stakeAsset: LP, rewardAsset1: FERN }),
    program({ id: 2n, start: 5_000n, end: 6_000n }),
    program({ id: 3n, end: 1_200n }),
  ]
  const positions = new Map<bigint, StakingPosition>([[2n, { stake: 5n, stakedAt: 1n, snap1: 0n, snap2: 0n, owed1: 0n, owed2: 0n }]])
  const rows = (kind: 'farm' | 'pool') => programRows({ programs, kind, tokens, pools, positions })

  it('lists farms (LP stake) and pools (single token) apart', () => {
    expect(rows('farm').map((r) => r.program.id)).toEqual([1n])
    expect(rows('pool').map((r) => r.program.id)).toEqual([2n, 3n])
  })

  it('names an LP token by its pool’s pair', () => {
    expect(rows('farm')[0]!.stake.symbol).toBe('ALGO/FERN LP')
  })

  it.each([
    { name: 'keeps the active ones', filter: { status: 'active', mine: false, search: '' }, ids: [] as bigint[] },
    { name: 'keeps the upcoming ones', filter: { status: 'upcoming', mine: false, search: '' }, ids: [2n] },
    { name: 'keeps the ended ones', filter: { status: 'ended', mine: false, search: '' }, ids: [3n] },
    { name: 'keeps only programs the user is in', filter: { status: 'all', mine: true, search: '' }, ids: [2n] },
    { name: 'searches stake and reward tokens by symbol, name or id', filter: { status: 'all', mine: false, search: 'fern algo' }, ids: [2n, 3n] },
    { name: 'finds nothing for a token no program has', filter: { status: 'all', mine: false, search: 'gusd' }, ids: [] },
  ] as const)('$name', ({ filter, ids }) => {
    expect(rows('pool').filter((r) => matchesRow(r, filter, 1_300n)).map((r) => r.program.id)).toEqual(ids)
  })

  it('finds a farm by the tokens of its pool', () => {
    expect(rows('farm').filter((r) => matchesRow(r, { status: 'all', mine: false, search: 'algo/fern' }, 1_300n))).toHaveLength(1)
  })

  it('lists the programs of an asset: staking it, paying it, or staking an LP token of its pools', () => {
    expect(programsOfAsset(programs, pools, FERN).map((p) => p.id)).toEqual([1n, 2n, 3n])
    expect(programsOfAsset(programs, pools, USD)).toEqual([])
  })
})
