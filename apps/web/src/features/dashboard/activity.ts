// An activity item in words: what the account did, with which amounts. Pure, so tests need no DOM.
import type { ActivityKind, ApiActivity } from '@/lib/analytics/types.ts'

/** What an amount needs to be shown: its token's symbol and decimals. */
export type Describe = (asset: number) => { symbol: string; decimals: number }
/** Formats base units of a token. */
export type Format = (amount: bigint, asset: number) => string

/** Each contract's actions in words; a kind not named reads as itself. */
type Words = Partial<Record<ActivityKind, string>>
const STAKING: Words = { stake: 'Stake', unstake: 'Unstake', claim: 'Claim rewards', compound: 'Compound', emergency: 'Emergency withdraw', create: 'Create program', topup: 'Top up rewards', extend: 'Extend program', reclaim: 'Reclaim rewards' }
const LOCKS: Words = { lock: 'Lock', withdraw: 'Withdraw from lock', extend: 'Extend lock', topup: 'Top up lock', propose: 'Propose lock owner', cancel: 'Cancel lock transfer', accept: 'Accept lock', close: 'Close lock' }
const VAULT: Words = { stake: 'Stake GROVE for sGROVE', unstake: 'Unstake sGROVE', buyback: 'Buyback' }

/** A staking program by its tokens, as the farms and pools pages name it: "ALGO/gUSD LP → GROVE + gUSD". */
export function programTitle(program: ActivityContext['programs'][number] & { rewardCount?: bigint }, symbol: (asset: bigint) => string): string {
  const rewards = [program.rewardAsset1, ...(program.rewardCount === 1n || program.rewardAsset2 === program.rewardAsset1 ? [] : [program.rewardAsset2])]
  return `${symbol(program.stakeAsset)} → ${rewards.map(symbol).join(' + ')}`
}

/** The action's name as a user says it; a staking action names its program by its tokens when `programName` knows it. */
export function activityTitle(item: Pick<ApiActivity, 'kind' | 'contract' | 'programId' | 'lockId'>, programName: (id: bigint) => string | undefined = () => undefined): string {
  const named = item.programId === null ? undefined : programName(BigInt(item.programId))
  const program = item.programId === null ? '' : named ? ` (${named})` : ` (program #${item.programId})`
  const lock = item.lockId === null ? '' : ` #${item.lockId}`
  switch (item.contract) {
    case 'dex':
      return item.kind === 'swap' ? 'Swap' : item.kind === 'add' ? 'Add liquidity' : item.kind === 'remove' ? 'Remove liquidity' : item.kind
    case 'staking':
      return (STAKING[item.kind] ?? item.kind) + program
    case 'locks':
      return (LOCKS[item.kind] ?? item.kind) + lock
    case 'vault':
      return VAULT[item.kind] ?? item.kind
  }
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
  const amount = (v: string | null, asset: bigint | number | undefined) => (v === null ? null : asset === undefined ? `${v} units` : fmt(BigInt(v), Number(asset)))
  if (item.contract === 'dex') {
    if (item.kind === 'swap' && item.assetIn !== null && item.assetOut !== null) return `${fmt(big(item.amountIn)!, item.assetIn)} → ${fmt(big(item.amountOut)!, item.assetOut)}`
    const pool = ctx.pools.find((p) => p.lpAsset === BigInt(item.poolId ?? -1))
    const sides = [amount(item.amountA, pool?.a), amount(item.amountB, pool?.b)].filter(Boolean).join(' + ')
    return item.lp === null ? sides : `${sides} ${item.kind === 'remove' ? 'for' : '→'} ${amount(item.lp, pool?.lpAsset)}`
  }
  if (item.contract === 'vault') {
    if (item.kind === 'buyback') return [amount(item.amountIn, item.assetIn ?? undefined), amount(item.amount, ctx.groveAssetId)].filter(Boolean).join(' → ')
    const grove = amount(item.amount, ctx.groveAssetId)
    const shares = amount(item.shares, ctx.sGroveAssetId)
    return item.kind === 'unstake' ? `${shares} → ${grove}` : `${grove} → ${shares}`
  }
  if (item.contract === 'staking') {
    const program = ctx.programs.find((p) => p.id === BigInt(item.programId ?? -1))
    const parts: string[] = []
    if (item.amount !== null && item.amount !== '0') parts.push(amount(item.amount, program?.stakeAsset)!)
    if (item.reward1 !== null && item.reward1 !== '0') parts.push(`rewards ${amount(item.reward1, program?.rewardAsset1)}`)
    if (item.reward2 !== null && item.reward2 !== '0') parts.push(amount(item.reward2, program?.rewardAsset2)!)
    return parts.join(' · ')
  }
  // a close's amount is the µALGO of the boxes' deposit that went back to the lock's creator
  if (item.kind === 'close') return item.amount === null ? '' : `${amount(item.amount, 0)} deposit back`
  const lock = ctx.locks?.find((l) => l.id === BigInt(item.lockId ?? -1))
  return amount(item.amount, lock?.asset) ?? ''
}
