import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import { describe, expect, it } from 'vitest'
import type { StakingPosition, StakingProgram } from '@/lib/staking/staking.ts'
import { claimProblem, compoundProblem, creatorProblem, defaultSchedule, readCreateForm, stakeProblem, unstakeProblem, type CreateForm } from './validate.ts'

const m = CONTRACT_ERRORS.Staking
const CREATOR = 'C'.repeat(58)
const FERN = { decimals: 6, symbol: 'FERN' }

const program = (fields: Partial<StakingProgram> = {}): StakingProgram => ({
  id: 1n,
  stakeAsset: 11n,
  rewardAsset1: 0n,
  rewardAsset2: 0n,
  rewardCount: 1n,
  rate1: 1_000n,
  rate2: 0n,
  start: 1_000n,
  end: 2_000n,
  minStakeSeconds: 3_600n,
  creator: CREATOR,
  kind: 0n,
  totalStaked: 5_000_000n,
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
})
const position: StakingPosition = { stake: 5_000_000n, stakedAt: 900n, snap1: 0n, snap2: 0n, owed1: 0n, owed2: 0n }

describe('stake form', () => {
  const base = { program: program(), text: '2', token: FERN, balance: 10_000_000n, now: 1_500n, paused: false }
  it.each([
    { name: 'accepts an amount within the balance before the end', input: {}, problem: null },
    { name: 'accepts a stake before the start', input: { now: 10n }, problem: null },
    { name: 'refuses while staking is paused', input: { paused: true }, problem: m['ERR:PAUSED'] },
    { name: 'refuses after the end', input: { now: 2_000n }, problem: m['ERR:ENDED'] },
    { name: 'refuses zero', input: { text: '0' }, problem: m['ERR:ZERO_AMOUNT'] },
    { name: 'refuses more than the balance, saying what is held', input: { text: '11' }, problem: 'You have only 10 FERN' },
  ])('$name', ({ input, problem }) => {
    expect(stakeProblem({ ...base, ...input }, m)).toBe(problem)
  })
})

describe('unstake form', () => {
  const base = { program: program(), position, text: '5', token: FERN, now: 4_500n }
  it.each([
    { name: 'accepts the whole stake after the minimum stake time', input: {}, problem: null },
    { name: 'refuses more than staked', input: { text: '6' }, problem: m['ERR:INSUFFICIENT_STAKE'] },
    { name: 'refuses under the minimum stake time, saying how long is left', input: { now: 4_000n }, problem: `${m['ERR:MIN_STAKE_TIME']}: you can unstake in 8m 20s` },
    { name: 'refuses without a position', input: { position: undefined }, problem: m['ERR:NO_POSITION'] },
  ])('$name', ({ input, problem }) => {
    expect(unstakeProblem({ ...base, ...input }, m)).toBe(problem)
  })
})

describe('claim and compound', () => {
  it('refuses a claim before the start, saying when rewards start', () => {
    expect(claimProblem({ program: program(), position, pending: [0n], now: 940n }, m)).toBe(`${m['ERR:NOT_STARTED']}: rewards start in 1m`)
  })
  it('refuses a claim with nothing pending', () => {
    expect(claimProblem({ program: program(), position, pending: [0n], now: 1_000n }, m)).toBe(m['ERR:NOTHING_TO_CLAIM'])
  })
  it('accepts a claim with something pending', () => {
    expect(claimProblem({ program: program(), position, pending: [1n], now: 1_001n }, m)).toBeNull()
  })
  it('compounds only when a reward is paid in the stake token', () => {
    expect(compoundProblem({ program: program(), position, pending: [5n], now: 1_500n }, m)).toBe(m['ERR:NOT_COMPOUNDABLE'])
    expect(compoundProblem({ program: program({ rewardAsset1: 11n }), position, pending: [5n], now: 1_500n }, m)).toBeNull()
  })
})

describe('creator actions', () => {
  const base = { program: program(), sender: CREATOR, now: 1_500n }
  it.each([
    { name: 'refuses anyone but the creator', input: { ...base, sender: 'X'.repeat(58), kind: 'reclaim' as const, reclaimable: [5n] }, problem: m['ERR:NOT_CREATOR'] },
    { name: 'refuses a reclaim before the end', input: { ...base, kind: 'reclaim' as const, reclaimable: [5n] }, problem: `${m['ERR:NOT_ENDED']}: it ends in 8m 20s` },
    { name: 'refuses a reclaim of nothing', input: { ...base, now: 2_000n, kind: 'reclaim' as const, reclaimable: [0n] }, problem: m['ERR:NOTHING_TO_RECLAIM'] },
    { name: 'refuses a top-up that does not raise the rate', input: { ...base, kind: 'top-up' as const, reward: 1 as const, newRate: 1_000n }, problem: m['ERR:BAD_RATE'] },
    { name: 'accepts a higher rate', input: { ...base, kind: 'top-up' as const, reward: 1 as const, newRate: 1_001n }, problem: null },
    { name: 'refuses a top-up after the end', input: { ...base, now: 2_000n, kind: 'top-up' as const, reward: 1 as const, newRate: 2_000n }, problem: m['ERR:ENDED'] },
    { name: 'refuses an earlier end', input: { ...base, kind: 'extend' as const, end: 1_999n }, problem: 'The new end must be after the current end' },
    { name: 'accepts a later end', input: { ...base, kind: 'extend' as const, end: 3_000n }, problem: null },
  ])('$name', ({ input, problem }) => {
    expect(creatorProblem(input, m)).toBe(problem)
  })
})

describe('create form', () => {
  const tokens: Record<number, { decimals: number; symbol: string }> = { 0: { decimals: 6, symbol: 'ALGO' }, 10: { decimals: 6, symbol: 'gUSD' }, 11: FERN }
  const ctx = { token: (id: number) => tokens[id], balance: () => 10_000_000_000n, now: 1_000n, paused: false }
  const form: CreateForm = { stakeAsset: 11, rewards: [{ asset: 10, mode: 'total', text: '864' }], start: 1_000n, end: 87_400n, minStakeHours: '1' }

  it('spreads a total over the program exactly when it divides: rate × duration is the total', () => {
    const read = readCreateForm({ ...form, rewards: [{ asset: 10, mode: 'total', text: '864' }] }, ctx, m)
    expect(read).toMatchObject({ ok: true, terms: { rewards: [{ asset: 10n, rate: 10_000n, deposit: 864_000_000n }], minStakeSeconds: 3_600n } })
  })

  it('never rounds a total silently: it offers the exact totals below and above', () => {
    const read = readCreateForm({ ...form, rewards: [{ asset: 10, mode: 'total', text: '1000' }] }, ctx, m)
    // 1,000 gUSD over 86,400 s is 11,574.07 units a second: 11,574 or 11,575 a second
    expect(read).toEqual({
      ok: false,
      step: 3,
      problem: '1,000 gUSD does not split into whole units a second over the program (1d): the program can pay 999.9936 gUSD or 1,000.08 gUSD. Pick one.',
      exact: { reward: 0, totals: [11_574n * 86_400n, 11_575n * 86_400n] },
    })
    // a total the program can pay is taken as it is
    expect(readCreateForm({ ...form, rewards: [{ asset: 10, mode: 'total', text: '1000.08' }] }, ctx, m)).toMatchObject({ ok: true, terms: { rewards: [{ deposit: 1_000_080_000n }] } })
  })

  it('offers only the lower exact total when the balance does not cover the higher', () => {
    const read = readCreateForm({ ...form, rewards: [{ asset: 10, mode: 'total', text: '1000' }] }, { ...ctx, balance: () => 1_000_000_000n }, m)
    expect(read).toMatchObject({ ok: false, step: 3, exact: { reward: 0, totals: [11_574n * 86_400n] } })
  })

  it('refuses a total above the balance at the rewards step', () => {
    expect(readCreateForm(form, { ...ctx, balance: () => 1n }, m)).toEqual({ ok: false, step: 1, problem: 'gUSD: you have only 0.000001' })
  })

  it('proposes a schedule: the next full hour at least 10 minutes away, for 30 days', () => {
    expect(defaultSchedule(3_600n * 100n)).toEqual({ start: 3_600n * 101n, end: 3_600n * 101n + 2_592_000n })
    expect(defaultSchedule(3_600n * 100n - 601n)).toEqual({ start: 3_600n * 100n, end: 3_600n * 100n + 2_592_000n })
  })

  it('reads a daily amount as a rate per second', () => {
    expect(readCreateForm({ ...form, rewards: [{ asset: 10, mode: 'per-day', text: '86.4' }] }, ctx, m)).toMatchObject({ ok: true, terms: { rewards: [{ rate: 1_000n }] } })
  })

  it.each([
    { name: 'needs a stake token', patch: { stakeAsset: null }, step: 0, problem: 'Choose the token stakers stake' },
    { name: 'refuses the same reward token twice', patch: { rewards: [form.rewards[0]!, form.rewards[0]!] }, step: 1, problem: m['ERR:SAME_ASSET'] },
    { name: 'refuses a start in the past', patch: { start: 999n }, step: 2, problem: 'The start must not be in the past (by the chain’s clock)' },
    { name: 'refuses an end before the start', patch: { end: 1_000n }, step: 2, problem: 'The end must come after the start' },
    { name: 'refuses more than 4 years', patch: { end: 1_000n + 126_230_401n }, step: 2, problem: 'A program runs at most 4 years' },
    { name: 'refuses a minimum stake time longer than the program', patch: { minStakeHours: '25' }, step: 2, problem: 'The minimum stake time must not exceed the program’s length' },
    { name: 'refuses a reward under a unit a second', patch: { rewards: [{ asset: 10, mode: 'total' as const, text: '0.08' }] }, step: 1, problem: 'gUSD: that is less than one unit per second over the program: raise the amount' },
  ])('$name', ({ patch, step, problem }) => {
    expect(readCreateForm({ ...form, ...patch }, ctx, m)).toEqual({ ok: false, step, problem })
  })

  it('refuses when new programs are paused, and a deposit beyond the balance', () => {
    expect(readCreateForm(form, { ...ctx, paused: true }, m)).toEqual({ ok: false, step: 3, problem: m['ERR:PAUSED'] })
    // a daily rate's deposit is known only with the schedule: it is refused at the preview
    expect(readCreateForm({ ...form, rewards: [{ asset: 10, mode: 'per-day', text: '864' }] }, { ...ctx, balance: () => 1n }, m)).toMatchObject({ ok: false, step: 3, problem: expect.stringMatching(/^The deposit needs 864 gUSD; you have 0.000001$/) })
  })
})
