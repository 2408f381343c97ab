// The one problem each staking form shows before anything is sent, as the staking app would refuse
// it, in the SDK's words (its row of the SDK's CONTRACT_ERRORS is handed in).
// Ordered early returns, like the action button of the trading pages: the first that applies wins.
import { formatAmount, parseAmount } from '@grove/sdk/amount'
import { formatDuration } from '@/lib/staking/derive.ts'
import type { StakingPosition, StakingProgram } from '@/lib/staking/staking.ts'

/** The SDK's staking error sentences, keyed by the app's ERR codes. */
export type StakingMessages = Record<string, string>

/** Longest program: 4 years of 365.25 days (the SDK's MAX_PROGRAM_SECONDS). */
export const MAX_PROGRAM_SECONDS = 126_230_400n

const msg = (m: StakingMessages, code: string) => m[`ERR:${code}`] ?? code

/** An amount typed for a token: its base units, or the words why not. */
export function readAmount(text: string, token: { decimals: number; symbol: string }, m: StakingMessages): { ok: true; value: bigint } | { ok: false; problem: string } {
  const parsed = parseAmount(text, token.decimals, token.symbol)
  if (!parsed.ok) return { ok: false, problem: parsed.error.message }
  if (parsed.value === 0n) return { ok: false, problem: msg(m, 'ZERO_AMOUNT') }
  return { ok: true, value: parsed.value }
}

/** Why staking `text` now would fail, or null. */
export function stakeProblem(i: { program: StakingProgram; text: string; token: { decimals: number; symbol: string }; balance: bigint | undefined; now: bigint; paused: boolean }, m: StakingMessages): string | null {
  if (i.paused) return msg(m, 'PAUSED')
  if (i.now >= i.program.end) return msg(m, 'ENDED')
  const amount = readAmount(i.text, i.token, m)
  if (!amount.ok) return amount.problem
  const have = i.balance ?? 0n
  if (amount.value > have) return `You have only ${formatAmount(have, i.token.decimals, { thousands: true })} ${i.token.symbol}`
  return null
}

/** Why unstaking `text` now would fail, or null. */
export function unstakeProblem(i: { program: StakingProgram; position: StakingPosition | undefined; text: string; token: { decimals: number; symbol: string }; now: bigint }, m: StakingMessages): string | null {
  if (!i.position || i.position.stake === 0n) return msg(m, 'NO_POSITION')
  const amount = readAmount(i.text, i.token, m)
  if (!amount.ok) return amount.problem
  if (amount.value > i.position.stake) return msg(m, 'INSUFFICIENT_STAKE')
  const free = i.position.stakedAt + i.program.minStakeSeconds
  if (i.now < free) return `${msg(m, 'MIN_STAKE_TIME')}: you can unstake in ${formatDuration(free - i.now)}`
  return null
}

/** Why claiming now would fail, or null. `pending` is what the position could claim now. */
export function claimProblem(i: { program: StakingProgram; position: StakingPosition | undefined; pending: readonly bigint[]; now: bigint }, m: StakingMessages): string | null {
  if (!i.position) return msg(m, 'NO_POSITION')
  if (i.now < i.program.start) return `${msg(m, 'NOT_STARTED')}: rewards start in ${formatDuration(i.program.start - i.now)}`
  if (i.pending.every((x) => x === 0n)) return msg(m, 'NOTHING_TO_CLAIM')
  return null
}

/** The reward (1 or 2) paid in the stake token, which compound restakes; null when there is none. */
export function compoundReward(p: StakingProgram): 1 | 2 | null {
  return p.rewardAsset1 === p.stakeAsset ? 1 : p.rewardCount === 2n && p.rewardAsset2 === p.stakeAsset ? 2 : null
}

/** Why compounding now would fail, or null. */
export function compoundProblem(i: { program: StakingProgram; position: StakingPosition | undefined; pending: readonly bigint[]; now: bigint }, m: StakingMessages): string | null {
  const k = compoundReward(i.program)
  if (k === null) return msg(m, 'NOT_COMPOUNDABLE')
  if (!i.position) return msg(m, 'NO_POSITION')
  if (i.now < i.program.start) return msg(m, 'NOT_STARTED')
  if ((i.pending[k - 1] ?? 0n) === 0n) return msg(m, 'NOTHING_TO_CLAIM')
  return null
}

/** Why the creator's action would fail, or null: top-up (a new rate), extend (a new end) or reclaim (what is left). */
export function creatorProblem(
  i: { program: StakingProgram; sender: string; now: bigint } & ({ kind: 'top-up'; reward: 1 | 2; newRate: bigint | null } | { kind: 'extend'; end: bigint | null } | { kind: 'reclaim'; reclaimable: readonly bigint[] }),
  m: StakingMessages,
): string | null {
  if (i.sender !== i.program.creator) return msg(m, 'NOT_CREATOR')
  if (i.kind === 'reclaim') {
    if (i.now < i.program.end) return `${msg(m, 'NOT_ENDED')}: it ends in ${formatDuration(i.program.end - i.now)}`
    return i.reclaimable.every((x) => x === 0n) ? msg(m, 'NOTHING_TO_RECLAIM') : null
  }
  if (i.now >= i.program.end) return msg(m, 'ENDED')
  if (i.kind === 'top-up') {
    if (i.newRate === null) return 'Enter the new rate'
    const rate = i.reward === 1 ? i.program.rate1 : i.program.rate2
    return i.newRate > rate ? null : msg(m, 'BAD_RATE')
  }
  if (i.end === null) return 'Choose the new end'
  if (i.end <= i.program.end) return 'The new end must be after the current end'
  if (i.end - i.program.start > MAX_PROGRAM_SECONDS) return 'A program runs at most 4 years from its start'
  return null
}

/** One reward of the create form: its token, and an amount over the whole program or a rate per day. */
export interface RewardInput {
  asset: number | null
  mode: 'total' | 'per-day'
  text: string
}

/** What the create stepper holds: only what the user typed. */
export interface CreateForm {
  stakeAsset: number | null
  rewards: RewardInput[]
  start: bigint | null
  end: bigint | null
  /** Minimum stake time, in hours (may be fractional), empty for none. */
  minStakeHours: string
}

/** A valid program: its terms and the deposit of each reward. */
export interface CreateTerms {
  stakeAsset: bigint
  rewards: { asset: bigint; rate: bigint; deposit: bigint }[]
  start: bigint
  end: bigint
  minStakeSeconds: bigint
}

/** The stepper's steps. */
export const CREATE_STEPS = ['Stake token', 'Rewards', 'Schedule', 'Preview'] as const

/** A total that does not split into whole units a second over the program, and the exact totals nearest to it. */
export interface ExactTotals {
  /** Which reward (0 or 1). */
  reward: number
  /** Exact totals to offer, in base units: the one below, and the one above when the balance covers it. */
  totals: bigint[]
}

/** Why the form cannot be sent yet: the step, the words, and for an inexact total the exact ones to offer. */
export type CreateProblem = { ok: false; step: number; problem: string; exact?: ExactTotals }

/** The chain-clock times a new program's schedule starts from: the next full hour at least 10 minutes away, for 30 days. */
export function defaultSchedule(now: bigint): { start: bigint; end: bigint } {
  const start = ((now + 600n + 3_599n) / 3_600n) * 3_600n
  return { start, end: start + 30n * 86_400n }
}

/** Reads the create form: the terms, or the first step with a problem and the words. */
export function readCreateForm(
  form: CreateForm,
  ctx: { token(id: number): { decimals: number; symbol: string } | undefined; balance(id: number): bigint | undefined; now: bigint; paused: boolean },
  m: StakingMessages,
): { ok: true; terms: CreateTerms } | CreateProblem {
  const fail = (step: number, problem: string, exact?: ExactTotals): CreateProblem => ({ ok: false as const, step, problem, ...(exact ? { exact } : {}) })
  if (form.stakeAsset === null) return fail(0, 'Choose the token stakers stake')
  const parsed: { asset: number; mode: RewardInput['mode']; value: bigint; symbol: string; decimals: number }[] = []
  for (const [k, r] of form.rewards.entries()) {
    if (r.asset === null) return fail(1, `Choose reward token ${k + 1}`)
    const token = ctx.token(r.asset)
    if (!token) return fail(1, `Reading token #${r.asset}…`)
    const amount = readAmount(r.text, token, m)
    if (!amount.ok) return fail(1, `${token.symbol}: ${amount.problem}`)
    // a total is what leaves the account: refuse it where it is typed, not three steps later
    const have = ctx.balance(r.asset) ?? 0n
    if (r.mode === 'total' && amount.value > have) return fail(1, `${token.symbol}: you have only ${formatAmount(have, token.decimals, { thousands: true })}`)
    parsed.push({ asset: r.asset, mode: r.mode, value: amount.value, ...token })
  }
  if (parsed.length === 2 && parsed[0]!.asset === parsed[1]!.asset) return fail(1, msg(m, 'SAME_ASSET'))
  if (form.start === null) return fail(2, 'Choose when the program starts')
  if (form.start < ctx.now) return fail(2, 'The start must not be in the past (by the chain’s clock)')
  if (form.end === null) return fail(2, 'Choose when the program ends')
  if (form.end <= form.start) return fail(2, 'The end must come after the start')
  const duration = form.end - form.start
  if (duration > MAX_PROGRAM_SECONDS) return fail(2, 'A program runs at most 4 years')
  let minStakeSeconds = 0n
  if (form.minStakeHours.trim() !== '') {
    const hours = Number(form.minStakeHours)
    if (!Number.isFinite(hours) || hours < 0) return fail(2, 'The minimum stake time is a number of hours (0 or more)')
    minStakeSeconds = BigInt(Math.round(hours * 3600))
    if (minStakeSeconds > duration) return fail(2, 'The minimum stake time must not exceed the program’s length')
  }
  const rewards = parsed.map((r) => {
    // rate × duration is the deposit: a total is spread (rounded down), a daily rate is per second (rounded down)
    const rate = r.mode === 'total' ? r.value / duration : r.value / 86_400n
    return { asset: BigInt(r.asset), rate, deposit: rate * duration, symbol: r.symbol, decimals: r.decimals }
  })
  for (const r of rewards) if (r.rate === 0n) return fail(1, `${r.symbol}: that is less than one unit per second over the program: raise the amount`)
  // The app pays a whole number of units a second, so a total must be a multiple of the duration:
  // never round the user's total silently, offer the exact totals on either side.
  for (const [k, r] of rewards.entries()) {
    const asked = parsed[k]!
    if (asked.mode !== 'total' || r.deposit === asked.value) continue
    const higher = r.deposit + duration
    const totals = [r.deposit, ...(higher <= (ctx.balance(asked.asset) ?? 0n) ? [higher] : [])]
    const show = (v: bigint) => `${formatAmount(v, r.decimals, { thousands: true })} ${r.symbol}`
    return fail(
      3,
      `${show(asked.value)} does not split into whole units a second over the program (${formatDuration(duration)}): the program can pay ${totals.map(show).join(' or ')}. Pick one.`,
      { reward: k, totals },
    )
  }
  if (ctx.paused) return fail(3, msg(m, 'PAUSED'))
  const spend = new Map<number, bigint>()
  for (const r of rewards) spend.set(Number(r.asset), (spend.get(Number(r.asset)) ?? 0n) + r.deposit)
  for (const r of rewards) {
    const have = ctx.balance(Number(r.asset)) ?? 0n
    if (spend.get(Number(r.asset))! > have) return fail(3, `The deposit needs ${formatAmount(r.deposit, r.decimals, { thousands: true })} ${r.symbol}; you have ${formatAmount(have, r.decimals, { thousands: true })}`)
  }
  return { ok: true, terms: { stakeAsset: BigInt(form.stakeAsset), rewards: rewards.map(({ asset, rate, deposit }) => ({ asset, rate, deposit })), start: form.start, end: form.end, minStakeSeconds } }
}
