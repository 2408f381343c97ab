import { staking } from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { Token } from '../tokens/tokens.ts'
import type { StakingPosition, StakingProgram } from '../tx/sdk.ts'
import { formatDuration, matchesRow, pendingAt, programRows, programsOfAsset, programStatus, timeLeft } from './derive.ts'
import type { ReservePool } from '@grove/sdk/figures'
import { figuresOf, figuresOfProgram } from '../pools/figures.ts'

const ALGO_ID = 0n
const USD = 10n // 6 decimals, 1 ALGO = 0.2 USD
const FERN = 11n // 6 decimals, 1 FERN = 0.5 ALGO
const LP = 20n // LP of ALGO/FERN

const pools: ReservePool[] = [
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

const market = figuresOf(pools, tokens, tokens.get(Number(USD))!)

describe('programStatus', () => {
  it.each([
    { name: 'is upcoming before the start', now: 999n, status: 'upcoming' },
    { name: 'is active from the start', now: 1_000n, status: 'active' },
    { name: 'is active in the last second', now: 1_999n, status: 'active' },
    { name: 'is ended from the end on', now: 2_000n, status: 'ended' },
  ])('$name', ({ now, status }) => {
    expect(programStatus(program(), now)).toBe(status)
  })
})

describe('a program’s figures from the chain (the SDK’s, as the analytics API computes them)', () => {
  it('values the total staked in USD and ALGO, an LP unit at its share of both reserves counting the locked 1,000 units', () => {
    // 10 FERN = 5 ALGO = $1; 500 LP units of 1,000,000 (1,000 ALGO + 2,000 FERN × 0.5) = 1 ALGO
    expect(figuresOfProgram(program({ totalStaked: 10_000_000n }), market, 1_500n).tvl).toEqual({ usd: expect.closeTo(1, 9), algo: expect.closeTo(5, 9) })
    expect(figuresOfProgram(program({ stakeAsset: LP, totalStaked: 500n }), market, 1_500n).tvl.algo).toBeCloseTo(1, 9)
  })

  it('is the yearly reward value over the staked value, at the market’s prices', () => {
    const p = program({ totalStaked: 10_000_000n })
    expect(figuresOfProgram(p, market, 1_500n).apr).toBeCloseTo((1_000 * 31_557_600) / 5_000_000, 9)
    const two = program({ totalStaked: 10_000_000n, rewardCount: 2n, rewardAsset2: FERN, rate2: 2_000n })
    expect(figuresOfProgram(two, market, 1_500n).apr).toBeCloseTo((2_000 * 31_557_600) / 5_000_000, 9)
  })

  it('is unknown with nothing staked, after the end, with an unpriced reward or one whose decimals are not read yet', () => {
    expect(figuresOfProgram(program(), market, 1_500n).apr).toBeNull()
    expect(figuresOfProgram(program({ totalStaked: 1n }), market, 2_000n).apr).toBeNull()
    expect(figuresOfProgram(program({ totalStaked: 1n, rewardAsset1: 99n }), market, 1_500n).apr).toBeNull()
    const unread = figuresOf(pools, new Map([...tokens].filter(([id]) => id !== Number(FERN))), tokens.get(Number(USD))!)
    expect(figuresOfProgram(program({ totalStaked: 1n }), unread, 1_500n).tvl).toEqual({ usd: null, algo: null })
  })

  it('previews at another amount staked', () => {
    expect(figuresOfProgram(program(), market, 1_500n, 63_115_200_000n).apr).toBeCloseTo(1, 9)
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
  const rows = (kind: 'farm' | 'pool') => programRows({ programs, kind, tokens, pools, market, now: 1_500n, positions })

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
