// The analytics service's responses (services/analytics/src/api/schemas.ts and each route's
// schema): amounts are base-unit strings, prices and USD values numbers, times unix seconds.

/** An asset as the service names it. */
export interface ApiAsset {
  id: number
  unitName: string | null
  name: string | null
  decimals: number
}

/** One pool: GET /api/pools, /api/pools/:id. */
export interface ApiPool {
  /** The pool id: its LP asset id. */
  id: number
  lpAsset: number
  assetA: ApiAsset
  assetB: ApiAsset
  feeBps: number
  reserveA: string
  reserveB: string
  lpIssued: string
  /** Whole B per whole A. */
  price: number | null
  /** Change of price over 24 hours, a fraction. */
  change24h: number | null
  tvlUsd: number | null
  volume24hUsd: number
  fees24hUsd: number
  /** Yearly fee return at the last 24 hours' pace, a fraction. */
  feeApr: number | null
  trades24h: number
  createdRound: number
  createdTime: number
  updatedRound: number
}

/** Candle widths the service keeps. */
export const TIMEFRAMES = ['5m', '15m', '1h', '4h', '1d'] as const
/** One candle width. */
export type Timeframe = (typeof TIMEFRAMES)[number]

/** One candle of GET /api/pools/:id/candles: the pool's spot price (whole B per whole A) over a bucket. */
export interface ApiCandle {
  /** Bucket start, unix seconds. */
  time: number
  open: number
  high: number
  low: number
  close: number
  volumeA: string
  volumeB: string
  soldA: string
  soldB: string
  boughtA: string
  boughtB: string
  volumeUsd: number
  trades: number
}

/** GET /api/pools/:id/candles. */
export interface ApiCandles {
  poolId: number
  tf: string
  candles: ApiCandle[]
}

/** One swap hop of GET /api/pools/:id/swaps. */
export interface ApiSwap {
  round: number
  time: number
  txnId: string
  groupId: string | null
  hop: number
  poolId: number
  trader: string
  assetIn: number
  assetOut: number
  amountIn: string
  amountOut: string
  protocolFee: string
  reserveA: string
  reserveB: string
  /** Whole B per whole A after the swap. */
  price: number
  volumeUsd: number | null
}

/** One token of GET /api/tokens. */
export interface ApiToken extends ApiAsset {
  priceAlgo: number | null
  priceUsd: number | null
  /** USD price change over 24 hours, a fraction. */
  change24h: number | null
  volume24hUsd: number
  tvlUsd: number | null
  pools: number
}

/** One day of GET /api/stats's history. */
export interface ApiDay {
  /** Unix seconds of 00:00 UTC. */
  day: number
  tvlUsd: number
  volumeUsd: number
  feesUsd: number
  trades: number
}

/** GET /api/stats. */
export interface ApiStats {
  tvlUsd: number
  volume24hUsd: number
  volume7dUsd: number
  fees24hUsd: number
  fees7dUsd: number
  trades24h: number
  pools: number
  history: ApiDay[]
}

/** GET /api/health. */
export interface ApiHealth {
  status: 'ok' | 'syncing' | 'starting' | 'algod-unreachable'
  watermark: number | null
  watermarkTime: number | null
  chainRound: number | null
  lag: number | null
}

/** A reward stream of a staking program. */
export interface ApiReward {
  asset: ApiAsset
  /** Base units per second, a decimal string. */
  ratePerSecond: string
}

/** One farm (stakes a Grove LP token) or staking pool (a single token): GET /api/programs, /api/programs/:id. */
export interface ApiProgram {
  id: number
  kind: 'farm' | 'pool'
  status: 'upcoming' | 'active' | 'ended'
  stakeAsset: ApiAsset
  rewards: ApiReward[]
  /** Unix seconds. */
  start: number
  end: number
  creator: string
  totalStaked: string
  stakers: number
  tvlUsd: number | null
  /** Yearly rewards at the current rates and prices over the TVL, a fraction (0 once ended). */
  apr: number | null
  createdRound: number
  createdTime: number
  updatedRound: number
}

/** GET /api/programs's filters. */
export interface ProgramFilter {
  kind?: ApiProgram['kind']
  status?: ApiProgram['status']
}

/** One day of GET /api/vault's rate history. */
export interface ApiVaultDay {
  /** Unix seconds of the day's start (UTC). */
  day: number
  /** GROVE per sGROVE at the end of that day. */
  rate: number
}

/** GET /api/vault: the vault's rate, totals and APRs from the rate's history. */
export interface ApiVault {
  /** GROVE per sGROVE now. */
  rate: number
  totalGrove: string
  totalShares: string
  /** The rate's growth over the last 7 days, yearly, a fraction. */
  apr7d: number
  apr30d: number
  buybacks30d: number
  groveBought30d: string
  /** The rate at the end of each of the last 30 days that had an event, oldest first. */
  history: ApiVaultDay[]
}

/** Actions GET /api/accounts/:address/activity reports; read with `contract` (stake and unstake are staking programs or the vault). */
export const ACTIVITY_KINDS = ['swap', 'add', 'remove', 'create', 'stake', 'unstake', 'compound', 'claim', 'emergency', 'topup', 'extend', 'reclaim', 'lock', 'withdraw', 'propose', 'cancel', 'accept', 'buyback'] as const
/** One action kind. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

/** One action of an account (GET /api/accounts/:address/activity); fields a contract's actions lack are null. */
export interface ApiActivity {
  kind: ActivityKind
  contract: 'dex' | 'staking' | 'locks' | 'vault'
  round: number
  time: number
  txnId: string
  groupId: string | null
  /** DEX actions. */
  poolId: number | null
  /** Swaps; a buyback's input asset. */
  assetIn: number | null
  assetOut: number | null
  amountIn: string | null
  amountOut: string | null
  /** Adds and removes. */
  amountA: string | null
  amountB: string | null
  lp: string | null
  /** Staking actions. */
  programId: number | null
  /** Lock actions. */
  lockId: number | null
  /** Staked, unstaked, compounded or returned (staking); locked, withdrawn or topped up (locks); GROVE (vault). */
  amount: string | null
  /** The position's stake after a staking action. */
  stake: string | null
  /** Rewards claimed, forfeited, deposited or reclaimed. */
  reward1: string | null
  reward2: string | null
  /** sGROVE minted or burned (vault). */
  shares: string | null
}

/** One page of GET /api/accounts/:address/activity, newest first. */
export interface ApiActivityPage {
  activity: ApiActivity[]
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null
}

/** GET /api/accounts/:address/activity's paging and filter. */
export interface ActivityRange {
  limit?: number
  cursor?: string
  contract?: ApiActivity['contract']
}

/** Admin methods GET /api/admin/log can be filtered by. */
export const ADMIN_ACTIONS = ['proposeAdmin', 'acceptAdmin', 'setPaused', 'setTreasury', 'setFees', 'setVerified', 'setProjectVerified', 'setPoolFee'] as const

/** One logged admin action (GET /api/admin/log). */
export interface ApiAdminAction {
  round: number
  time: number
  txnId: string
  contract: 'registry' | 'dex'
  /** The method's name. */
  action: string
  /** Who called it (the admin, or the proposed admin accepting). */
  account: string
  /** The method's arguments by name: what it set. */
  change: Record<string, unknown>
}

/** One page of GET /api/admin/log, newest first. */
export interface ApiAdminLogPage {
  actions: ApiAdminAction[]
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null
}

/** GET /api/admin/log's paging and filter. */
export interface AdminLogRange {
  limit?: number
  cursor?: string
  action?: (typeof ADMIN_ACTIONS)[number]
}
