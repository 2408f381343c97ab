// The staking app's arithmetic, to the unit (packages/contracts/README.md, "Staking math"): the
// accumulator step, what a position has earned, what the creator may reclaim, the deposits each
// creator action needs, and APR. Pure functions of a program, a position and a block time.
import type { StakingPosition, StakingProgram } from './spec.ts'

/** 2^64, the accumulators' scale. */
export const Q64 = 1n << 64n
const MASK64 = Q64 - 1n
/** Seconds in a year of 365.25 days (every APR: figures/programs.ts, figures/vault.ts). */
export const SECONDS_PER_YEAR = 31_557_600n

/** Where a program stands at a time (the SDK's one status: its figures, the analytics API and the web read this). */
export type ProgramStatus = 'upcoming' | 'active' | 'ended'

/** upcoming before the start, active until the end, ended from the end on (the contract's own comparisons); unix seconds. */
export function programStatus(p: { start: number | bigint; end: number | bigint }, now: number | bigint): ProgramStatus {
  const t = BigInt(now)
  return t < BigInt(p.start) ? 'upcoming' : t < BigInt(p.end) ? 'active' : 'ended'
}

/** The program brought up to min(now, end), as the contract's first step does: each accumulator grows by inc = ⌊rate·dt·2^64/total⌋ and its unsettled sum by total·inc (a second reward at rate 0 for one-reward programs); time with nothing staked emits nothing. */
export function accrue(p: StakingProgram, now: bigint): StakingProgram {
  const t = now < p.end ? now : p.end
  if (t <= p.lastUpdate) return p
  if (p.totalStaked === 0n) return { ...p, lastUpdate: t }
  const dt = t - p.lastUpdate
  const inc1 = (p.rate1 * dt * Q64) / p.totalStaked
  const inc2 = (p.rate2 * dt * Q64) / p.totalStaked
  return {
    ...p,
    lastUpdate: t,
    acc1: p.acc1 + inc1,
    acc2: p.acc2 + inc2,
    unsettled1: p.unsettled1 + p.totalStaked * inc1,
    unsettled2: p.unsettled2 + p.totalStaked * inc2,
  }
}

/** ⌊stake·(acc − snap)/2^64⌋, what a stake earned since its snapshot (the contract keeps the low 64 bits, which is all of it). */
export const earned = (stake: bigint, acc: bigint, snap: bigint): bigint => ((stake * (acc - snap)) >> 64n) & MASK64

/** What the position could claim at `now`, per reward (the second is 0 for one reward). */
export function pendingRewards(p: StakingProgram, pos: StakingPosition, now: bigint): [bigint, bigint] {
  const q = accrue(p, now)
  return [pos.owed1 + earned(pos.stake, q.acc1, pos.snap1), q.rewardCount === 2n ? pos.owed2 + earned(pos.stake, q.acc2, pos.snap2) : 0n]
}

/** What `reclaim` would send the creator at `now` (from the end on), per reward: the reserve less what stakers are owed. */
export function reclaimable(p: StakingProgram, now: bigint): [bigint, bigint] {
  const q = accrue(p, now)
  const left = (reserve: bigint, owed: bigint, unsettled: bigint) => reserve - owed - ((unsettled >> 64n) & MASK64)
  return [left(q.reserve1, q.owed1, q.unsettled1), q.rewardCount === 2n ? left(q.reserve2, q.owed2, q.unsettled2) : 0n]
}

/**
 * The position settled at `now` and set to `newStake`, with the program's totals, exactly as the
 * contract's settle step leaves both (before any payment).
 */
export function settle(p: StakingProgram, pos: StakingPosition, now: bigint, newStake: bigint): { program: StakingProgram; position: StakingPosition } {
  const q = accrue(p, now)
  const prod1 = pos.stake * (q.acc1 - pos.snap1)
  const prod2 = pos.stake * (q.acc2 - pos.snap2)
  const got1 = (prod1 >> 64n) & MASK64
  const got2 = (prod2 >> 64n) & MASK64
  return {
    program: {
      ...q,
      totalStaked: q.totalStaked - pos.stake + newStake,
      owed1: q.owed1 + got1,
      owed2: q.owed2 + got2,
      unsettled1: q.unsettled1 - prod1,
      unsettled2: q.unsettled2 - prod2,
    },
    position: { ...pos, stake: newStake, snap1: q.acc1, snap2: q.acc2, owed1: pos.owed1 + got1, owed2: pos.owed2 + got2 },
  }
}

/** An empty position (what a first stake starts from). */
export const EMPTY_POSITION: StakingPosition = { stake: 0n, stakedAt: 0n, snap1: 0n, snap2: 0n, owed1: 0n, owed2: 0n }

/** The deposit a new program needs per reward: rate × (end − start). */
export const creationDeposit = (rate: bigint, start: bigint, end: bigint): bigint => rate * (end - start)

/** The rate that spends `amount` over (start, end), rounded down (the deposit is then rate × duration, at most `amount`). */
export const rateFor = (amount: bigint, start: bigint, end: bigint): bigint => (end > start ? amount / (end - start) : 0n)

/** The seconds a top-up at `now` pays for: from max(now, start) (the accrued last update) to the end. */
export const remainingSeconds = (p: StakingProgram, now: bigint): bigint => {
  const from = accrue(p, now).lastUpdate
  return p.end > from ? p.end - from : 0n
}

/** The deposit of a top-up at `now` raising reward `reward`'s rate to `newRate`: (newRate − rate) × remaining seconds. */
export function topUpDeposit(p: StakingProgram, reward: 1 | 2, newRate: bigint, now: bigint): bigint {
  const rate = reward === 1 ? p.rate1 : p.rate2
  return (newRate - rate) * remainingSeconds(p, now)
}

/** The deposits of an extension to `newEnd`: rate × (newEnd − end) per reward. */
export function extendDeposits(p: StakingProgram, newEnd: bigint): bigint[] {
  const rates = p.rewardCount === 2n ? [p.rate1, p.rate2] : [p.rate1]
  return rates.map((rate) => rate * (newEnd - p.end))
}

/** Whether unstaking is allowed at `now`: the minimum stake time since the last stake has passed. */
export const canUnstake = (p: StakingProgram, pos: StakingPosition, now: bigint): boolean => now >= pos.stakedAt + p.minStakeSeconds
