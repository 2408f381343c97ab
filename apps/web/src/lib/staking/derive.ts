// The numbers a farms or staking pools page shows, as pure functions of the programs, the DEX's
// pools and a block time: status, value staked and APR (the SDK's programFigures, as the analytics
// API computes them), time left, and the search and filters. The SDK's reward math
// (pendingRewards) is handed in, so a page's first load does not carry the SDK.
import type { Token } from '../tokens/tokens.ts'
import type { StakingPosition, StakingProgram } from '../tx/sdk.ts'
import { figuresOfProgram, type MarketFigures, type ProgramFigures } from '../pools/figures.ts'
import { lpSymbol } from '../tokens/lp-names.ts'
import { programStatus, type ProgramStatus, type ReservePool } from '@grove/sdk/figures'

/** Where a program stands at a time: the SDK's one status. */
export { programStatus, type ProgramStatus }
/** A list filter: a status, or every program. */
export type ProgramFilter = ProgramStatus | 'all'

/** Rewards of reward k (0-based) the program pays per second. */
const rates = (p: Pick<StakingProgram, 'rewardCount' | 'rate1' | 'rate2' | 'rewardAsset1' | 'rewardAsset2'>) =>
  p.rewardCount === 2n
    ? [
        { asset: p.rewardAsset1, rate: p.rate1 },
        { asset: p.rewardAsset2, rate: p.rate2 },
      ]
    : [{ asset: p.rewardAsset1, rate: p.rate1 }]

/** "3d 4h", "12m 5s": the largest two units of a duration. */
export function formatDuration(seconds: bigint): string {
  let s = seconds < 0n ? 0n : seconds
  const parts: string[] = []
  for (const [unit, size] of [
    ['d', 86_400n],
    ['h', 3_600n],
    ['m', 60n],
    ['s', 1n],
  ] as const) {
    if (s >= size || (unit === 's' && parts.length === 0)) {
      parts.push(`${s / size}${unit}`)
      s %= size
    }
    if (parts.length === 2) break
  }
  return parts.join(' ')
}

/** "Starts in 5m 2s", "Ends in 3d 4h" or "Ended". */
export function timeLeft(p: Pick<StakingProgram, 'start' | 'end'>, now: bigint): string {
  const status = programStatus(p, now)
  return status === 'upcoming' ? `Starts in ${formatDuration(p.start - now)}` : status === 'active' ? `Ends in ${formatDuration(p.end - now)}` : 'Ended'
}

/** The SDK's pendingRewards: what a position could claim at a time, per reward. */
export type PendingRewards = (p: StakingProgram, pos: StakingPosition, now: bigint) => [bigint, bigint]

/** What the position could claim at `now`, one amount per reward of the program (none without a position). */
export function pendingAt(p: StakingProgram, pos: StakingPosition | undefined, now: bigint, pending: PendingRewards): bigint[] {
  if (!pos) return []
  const [one, two] = pending(p, pos, now)
  return p.rewardCount === 2n ? [one, two] : [one]
}

/** A token as a list shows it: an LP token by its pool's pair. */
export interface TokenLabel {
  id: bigint
  symbol: string
  decimals: number
  /** Words the search matches: symbols, names, ids (both sides of an LP token). */
  words: string[]
}

/** Labels `asset`: a Grove LP token reads "ALGO/gUSD LP". */
export function labelOf(asset: bigint, tokens: ReadonlyMap<number, Token>, pools: readonly ReservePool[]): TokenLabel {
  const t = tokens.get(Number(asset))
  const lp = pools.find((p) => p.lpAsset === asset)
  const words = [String(asset), ...(t ? [t.symbol, t.name] : [])]
  if (lp) {
    const [a, b] = [tokens.get(Number(lp.a)), tokens.get(Number(lp.b))]
    const symbol = lpSymbol(lp, tokens)
    return { id: asset, symbol, decimals: t?.decimals ?? 6, words: [...words, symbol, ...[a, b].flatMap((x) => (x ? [x.symbol, x.name, String(x.id)] : []))] }
  }
  return { id: asset, symbol: t?.symbol ?? `#${asset}`, decimals: t?.decimals ?? 0, words }
}

/** One program as a list shows it. */
export interface ProgramRow {
  program: StakingProgram
  stake: TokenLabel
  rewards: TokenLabel[]
  /** Its status, value staked and APR now (the SDK's figures). */
  figures: ProgramFigures
  position: StakingPosition | undefined
}

/** The rows of the programs of one kind (farms stake a Grove LP token; pools a single token), valued in `market` at `now`. */
export function programRows(input: {
  programs: readonly StakingProgram[]
  kind: 'farm' | 'pool'
  tokens: ReadonlyMap<number, Token>
  pools: readonly ReservePool[]
  market: MarketFigures
  now: bigint
  positions?: ReadonlyMap<bigint, StakingPosition>
}): ProgramRow[] {
  return input.programs
    .filter((p) => (p.kind === 1n ? 'farm' : 'pool') === input.kind)
    .map((program) => ({
      program,
      stake: labelOf(program.stakeAsset, input.tokens, input.pools),
      rewards: rates(program).map((r) => labelOf(r.asset, input.tokens, input.pools)),
      figures: figuresOfProgram(program, input.market, input.now),
      position: input.positions?.get(program.id),
    }))
}

/** True when the row has the filter's status (and, for `mine`, a stake or rewards of the user's), and every word of the search names its stake or reward tokens. */
export function matchesRow(row: ProgramRow, filter: { status: ProgramFilter; mine: boolean; search: string }, now: bigint): boolean {
  if (filter.status !== 'all' && programStatus(row.program, now) !== filter.status) return false
  if (filter.mine && !row.position) return false
  const haystack = [...row.stake.words, ...row.rewards.flatMap((r) => r.words)].join(' ').toLowerCase()
  return filter.search
    .trim()
    .toLowerCase()
    .split(/[\s/]+/)
    .filter(Boolean)
    .every((w) => haystack.includes(w))
}

/** The programs (of any kind) that stake or pay `asset`, or stake an LP token of a pool holding it: a project page's list. */
export function programsOfAsset(programs: readonly StakingProgram[], pools: readonly ReservePool[], asset: bigint): StakingProgram[] {
  const lps = new Set(pools.filter((p) => p.a === asset || p.b === asset).map((p) => p.lpAsset))
  return programs.filter((p) => p.stakeAsset === asset || lps.has(p.stakeAsset) || p.rewardAsset1 === asset || (p.rewardCount === 2n && p.rewardAsset2 === asset))
}
