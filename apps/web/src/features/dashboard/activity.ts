// An activity item in words: what the account did, with which amounts. Pure, so tests need no DOM.
import type { ActivityContract, ActivityKind, ApiActivity } from '@/lib/analytics/types.ts'

/** What an amount needs to be shown: its token's symbol and decimals. */
export type Describe = (asset: number) => { symbol: string; decimals: number }
/** Formats base units of a token. */
export type Format = (amount: bigint, asset: number) => string

/** A staking program by its tokens, as the farms and pools pages name it: "ALGO/gUSD LP → GROVE + gUSD". */
export function programTitle(program: ActivityContext['programs'][number] & { rewardCount?: bigint }, symbol: (asset: bigint) => string): string {
  const rewards = [program.rewardAsset1, ...(program.rewardCount === 1n || program.rewardAsset2 === program.rewardAsset1 ? [] : [program.rewardAsset2])]
  return `${symbol(program.stakeAsset)} → ${rewards.map(symbol).join(' + ')}`
}

/** The action's name as a user says it; a staking action names its program by its tokens when `programName` knows it. */
export function activityTitle(item: Pick<ApiActivity, 'kind' | 'contract' | 'programId' | 'lockId'>, programName: (id: bigint) => string | undefined = () => undefined): string {
  const row = rowOf(item.contract)
  const words = row?.words[item.kind] ?? item.kind
  if (row?.names === 'program' && item.programId !== null) {
    const named = programName(BigInt(item.programId))
    return `${words} ${named ? `(${named})` : `(program #${item.programId})`}`
  }
  return row?.names === 'lock' && item.lockId !== null ? `${words} #${item.lockId}` : words
}

const big = (v: string | null) => (v === null ? null : BigInt(v))

/** What names an item's assets: the pools (by LP asset id), the programs, the vault's tokens. */
export interface ActivityContext {
  pools: readonly { lpAsset: bigint; a: bigint; b: bigint }[]
  programs: readonly { id: bigint; stakeAsset: bigint; rewardAsset1: bigint; rewardAsset2: bigint }[]
  /** The account's locks (their assets). */
  locks?: readonly { id: bigint; asset: bigint }[]
  groveAssetId?: number
  sGroveAssetId?: number
}

/** The amounts the action moved, as short phrases ("1.5 ALGO → 0.3 gUSD"); raw units where an asset is unknown. */
export function activityDetail(item: ApiActivity, fmt: Format, ctx: ActivityContext): string {
  const amount: AmountOf = (v, asset) => (v === null ? null : asset === undefined ? `${v} units` : fmt(BigInt(v), Number(asset)))
  return rowOf(item.contract)?.detail(item, { amount, fmt, ctx }) ?? ''
}

/** Base units of `asset` as `fmt` shows them, "N units" when the asset is unknown; null without an amount. */
type AmountOf = (v: string | null, asset: bigint | number | undefined) => string | null

/** How the words of one contract's actions are made. */
interface ContractActivity {
  /** Each action in words; a kind not named reads as itself. */
  words: Partial<Record<ActivityKind, string>>
  /** What the title names after the action: the staking program, the lock's number. */
  names?: 'program' | 'lock'
  /** The amounts the action moved. */
  detail: (item: ApiActivity, use: { amount: AmountOf; fmt: Format; ctx: ActivityContext }) => string
}

/**
 * Every contract the activity reports on, keyed by the service's contract names: a contract added to
 * the response schema fails to compile here until its actions have words.
 */
const ACTIVITY: Record<ActivityContract, ContractActivity> = {
  dex: {
    words: { swap: 'Swap', add: 'Add liquidity', remove: 'Remove liquidity' },
    detail(item, { amount, fmt, ctx }) {
      if (item.kind === 'swap' && item.assetIn !== null && item.assetOut !== null) return `${fmt(big(item.amountIn)!, item.assetIn)} → ${fmt(big(item.amountOut)!, item.assetOut)}`
      const pool = ctx.pools.find((p) => p.lpAsset === BigInt(item.poolId ?? -1))
      const sides = [amount(item.amountA, pool?.a), amount(item.amountB, pool?.b)].filter(Boolean).join(' + ')
      return item.lp === null ? sides : `${sides} ${item.kind === 'remove' ? 'for' : '→'} ${amount(item.lp, pool?.lpAsset)}`
    },
  },
  staking: {
    words: { stake: 'Stake', unstake: 'Unstake', claim: 'Claim rewards', compound: 'Compound', emergency: 'Emergency withdraw', create: 'Create program', topup: 'Top up rewards', extend: 'Extend program', reclaim: 'Reclaim rewards' },
    names: 'program',
    detail(item, { amount, ctx }) {
      const program = ctx.programs.find((p) => p.id === BigInt(item.programId ?? -1))
      const parts: string[] = []
      if (item.amount !== null && item.amount !== '0') parts.push(amount(item.amount, program?.stakeAsset)!)
      if (item.reward1 !== null && item.reward1 !== '0') parts.push(`rewards ${amount(item.reward1, program?.rewardAsset1)}`)
      if (item.reward2 !== null && item.reward2 !== '0') parts.push(amount(item.reward2, program?.rewardAsset2)!)
      return parts.join(' · ')
    },
  },
  locks: {
    words: { lock: 'Lock', withdraw: 'Withdraw from lock', extend: 'Extend lock', topup: 'Top up lock', propose: 'Propose lock owner', cancel: 'Cancel lock transfer', accept: 'Accept lock', close: 'Close lock' },
    names: 'lock',
    detail(item, { amount, ctx }) {
      // a close's amount is the µALGO of the boxes' deposit that went back to the lock's creator
      if (item.kind === 'close') return item.amount === null ? '' : `${amount(item.amount, 0)} deposit back`
      const lock = ctx.locks?.find((l) => l.id === BigInt(item.lockId ?? -1))
      return amount(item.amount, lock?.asset) ?? ''
    },
  },
  vault: {
    words: { stake: 'Stake GROVE for sGROVE', unstake: 'Unstake sGROVE', buyback: 'Buyback' },
    detail(item, { amount, ctx }) {
      if (item.kind === 'buyback') return [amount(item.amountIn, item.assetIn ?? undefined), amount(item.amount, ctx.groveAssetId)].filter(Boolean).join(' → ')
      const grove = amount(item.amount, ctx.groveAssetId)
      const shares = amount(item.shares, ctx.sGroveAssetId)
      return item.kind === 'unstake' ? `${shares} → ${grove}` : `${grove} → ${shares}`
    },
  },
}

/** A contract's row; none for a contract a newer service reports and this build does not know (its action reads as its kind, no amounts). */
const rowOf = (contract: string): ContractActivity | undefined => (Object.hasOwn(ACTIVITY, contract) ? ACTIVITY[contract as ActivityContract] : undefined)
