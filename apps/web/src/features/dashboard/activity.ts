// The account's activity in words: its actions (one group of transactions is one action, so a
// routed or split swap is one row with its hops as legs), what each did and with which amounts, in
// the tokens' units. Pure, so tests need no DOM.
import type { ActivityContract, ActivityKind, ApiActivity } from '@/lib/analytics/types.ts'
import { lockHandle } from '@/lib/locks/handle.ts'
import type { VenueName } from '@/lib/pools/venues.ts'

/** What an amount needs to be shown: its token's symbol and decimals. */
export type Describe = (asset: number) => { symbol: string; decimals: number }
/** Formats base units of a token. */
export type Format = (amount: bigint, asset: number) => string

/** A staking program by its tokens, as the farms and pools pages name it: "ALGO/gUSD LP → GROVE + gUSD". */
export function programTitle(program: ActivityContext['programs'][number] & { rewardCount?: bigint }, symbol: (asset: bigint) => string): string {
  const rewards = [program.rewardAsset1, ...(program.rewardCount === 1n || program.rewardAsset2 === program.rewardAsset1 ? [] : [program.rewardAsset2])]
  return `${symbol(program.stakeAsset)} → ${rewards.map(symbol).join(' + ')}`
}

/**
 * The action's name as a user says it; a staking action names its program by its tokens when
 * `programName` knows it, an order action its order's kind ("Place limit order").
 */
export function activityTitle(item: Pick<ApiActivity, 'kind' | 'contract' | 'programId' | 'lockId'> & Partial<Pick<ApiActivity, 'orderKind'>>, programName: (id: bigint) => string | undefined = () => undefined): string {
  const row = rowOf(item.contract)
  const words = row?.words[item.kind] ?? item.kind
  if (row?.names === 'program' && item.programId !== null) {
    const named = programName(BigInt(item.programId))
    return `${words} ${named ? `(${named})` : `(program #${item.programId})`}`
  }
  if (row?.names === 'order' && item.orderKind) {
    const kind = item.orderKind
    return words.replace(/order/i, (w) => `${w === 'Order' ? kind[0]!.toUpperCase() + kind.slice(1) : kind} order`)
  }
  return row?.names === 'lock' && item.lockId !== null ? `${words} #${lockHandle(item.lockId)}` : words
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
  /** How the network names a pool's venue (venueLabel); a leg says where it traded when given. */
  venueLabel?: (venue: Exclude<VenueName, 'stable'>) => string
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
  /** What the title names: the staking program, the lock's number, the order's kind. */
  names?: 'program' | 'lock' | 'order'
  /** The amounts the action moved. */
  detail: (item: ApiActivity, use: { amount: AmountOf; fmt: Format; ctx: ActivityContext }) => string
}

/** A swap's or a liquidity change's amounts, in a pool of any venue or kind. */
function poolDetail(item: ApiActivity, { amount, fmt, ctx }: { amount: AmountOf; fmt: Format; ctx: ActivityContext }): string {
  if (item.kind === 'swap' && item.assetIn !== null && item.assetOut !== null) return `${fmt(big(item.amountIn)!, item.assetIn)} → ${fmt(big(item.amountOut)!, item.assetOut)}`
  // the service names the pool's assets (a Tinyman pool's too); an older one leaves them to Grove's pools
  const pool = ctx.pools.find((p) => p.lpAsset === BigInt(item.poolId ?? -1))
  const sides = [amount(item.amountA, item.assetA ?? pool?.a), amount(item.amountB, item.assetB ?? pool?.b)].filter(Boolean).join(' + ')
  // a pool's id is its LP asset, on either venue
  return item.lp === null ? sides : `${sides} ${item.kind === 'remove' ? 'for' : '→'} ${amount(item.lp, item.poolId ?? undefined)}`
}

/**
 * Every contract the activity reports on, keyed by the service's contract names: a contract added to
 * the response schema fails to compile here until its actions have words.
 */
const ACTIVITY: Record<ActivityContract, ContractActivity> = {
  dex: {
    words: { swap: 'Swap', add: 'Add liquidity', remove: 'Remove liquidity' },
    detail: poolDetail,
  },
  // the Stable app's pools: the same swaps and liquidity rows, named apart
  stable: {
    words: { swap: 'Stable swap', add: 'Add stable liquidity', remove: 'Remove stable liquidity' },
    detail: poolDetail,
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
      // the service names the lock's asset, also of a lock the account no longer holds
      const lock = ctx.locks?.find((l) => l.id === BigInt(item.lockId ?? -1))
      return amount(item.amount, item.asset ?? lock?.asset) ?? ''
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
  orders: {
    words: { place: 'Place order', fill: 'Fill order', filled: 'Order filled', collect: 'Collect from order', cancel: 'Cancel order', close: 'Order filled out' },
    names: 'order',
    detail(item, { amount }) {
      // amountIn is of the order's assetIn (deposited, taken, refunded), amountOut of its assetOut
      const sold = amount(item.amountIn, item.assetIn ?? undefined)
      const got = amount(item.amountOut, item.assetOut ?? undefined)
      switch (item.kind) {
        case 'place':
          // a limit order's least pay for its whole deposit; a recurring order's is per fill, at the TWAP
          return got === null ? (sold ?? '') : `${sold} for ≥ ${got}`
        case 'fill':
          // the filler paid the order and took what it sells
          return [got, sold].filter(Boolean).join(' → ')
        case 'filled':
          return [sold, got].filter(Boolean).join(' → ')
        case 'collect':
          return got ?? ''
        default:
          // a cancel's (a close's, when any) refund of what was unfilled
          return item.amountIn === null || item.amountIn === '0' ? '' : `${sold} back`
      }
    },
  },
}

/** A contract's row; none for a contract a newer service reports and this build does not know (its action reads as its kind, no amounts). */
const rowOf = (contract: string): ContractActivity | undefined => (Object.hasOwn(ACTIVITY, contract) ? ACTIVITY[contract as ActivityContract] : undefined)

/** One action of the account: the rows of one group (of one transaction without a group). */
export interface ActivityAction {
  /** Its group id, or its transaction's id without a group. */
  key: string
  /** Its rows, oldest first: a routed swap's hops in their order, a split's parts. */
  legs: ApiActivity[]
  /** The row that says what the action was: its last that is not a swap (a zap's add), else its last. */
  main: ApiActivity
}

/**
 * The service's rows (newest first, a group's rows side by side: a page never ends inside one) as
 * actions, newest first.
 */
export function activityActions(items: readonly ApiActivity[]): ActivityAction[] {
  const actions: ActivityAction[] = []
  for (const item of items) {
    const key = item.groupId ?? item.txnId
    const last = actions.at(-1)
    if (last?.key === key) last.legs.unshift(item)
    else actions.push({ key, legs: [item], main: item })
  }
  for (const a of actions) a.main = a.legs.findLast((l) => !isSwap(l)) ?? a.legs.at(-1)!
  return actions
}

const isSwap = (item: ApiActivity) => item.contract === 'dex' && item.kind === 'swap'

/** An action in words: a title, the amounts it moved, and each leg's words when it has more than one. */
export interface ActionWords {
  title: string
  detail: string
  legs: { title: string; detail: string }[]
}

/**
 * What an action did. A swap, however many hops and venues it took, is what the account paid and got
 * ("Swapped 10 ALGO for 1.95 gUSD"), where it traded its detail; a group of one action on several
 * programs or locks (claim all) says how many; any other reads as its main row.
 */
export function actionWords(action: ActivityAction, fmt: Format, ctx: ActivityContext, programName?: (id: bigint) => string | undefined): ActionWords {
  const venueOf = (item: ApiActivity) => (item.venue === 'grove' || item.venue === 'tinyman' ? ctx.venueLabel?.(item.venue) : undefined)
  const legs =
    action.legs.length < 2
      ? []
      : action.legs.map((leg) => {
          const where = venueOf(leg)
          return { title: activityTitle(leg, programName), detail: [activityDetail(leg, fmt, ctx), where ? `on ${where}` : ''].filter(Boolean).join(' ') }
        })
  if (action.legs.every(isSwap)) {
    const venues = [...new Set(action.legs.map(venueOf).filter((v) => v !== undefined))]
    return { title: swapTitle(action.legs, fmt), detail: venues.length ? `on ${venues.join(' and ')}` : '', legs }
  }
  const main = action.main
  const same = action.legs.filter((l) => l.contract === main.contract && l.kind === main.kind)
  const names = rowOf(main.contract)?.names
  if (same.length > 1 && names) {
    const words = rowOf(main.contract)?.words[main.kind] ?? main.kind
    return { title: `${words} (${same.length} ${names}s)`, detail: '', legs }
  }
  return { title: activityTitle(main, programName), detail: activityDetail(main, fmt, ctx), legs }
}

/** What the hops paid and received, net: a route's intermediate tokens cancel out, a split's parts add up. */
function swapTitle(swaps: readonly ApiActivity[], fmt: Format): string {
  const net = new Map<number, bigint>()
  for (const s of swaps) {
    if (s.assetIn === null || s.assetOut === null || s.amountIn === null || s.amountOut === null) return 'Swap'
    net.set(s.assetIn, (net.get(s.assetIn) ?? 0n) - BigInt(s.amountIn))
    net.set(s.assetOut, (net.get(s.assetOut) ?? 0n) + BigInt(s.amountOut))
  }
  const paid = [...net].filter(([, v]) => v < 0n).map(([asset, v]) => fmt(-v, asset))
  const got = [...net].filter(([, v]) => v > 0n).map(([asset, v]) => fmt(v, asset))
  return paid.length && got.length ? `Swapped ${paid.join(' + ')} for ${got.join(' + ')}` : 'Swap'
}
