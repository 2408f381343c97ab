// The analytics service's responses, derived from the JSON schemas its routes serve
// (services/analytics/src/api/response-schemas.ts): one source of truth, so a schema change the web
// does not follow fails its typecheck. The import is type-only: nothing of the service enters the
// bundle. Amounts are base-unit strings, prices and USD values numbers, times unix seconds; what a
// field means is in its schema's `description`.
import type * as schemas from '@grove/analytics/response-schemas'
import type { FromSchema } from '@grove/analytics/response-schemas'

/** An asset as the service names it. */
export type ApiAsset = FromSchema<typeof schemas.asset>

/** One pool: GET /api/pools/:id. */
export type ApiPool = FromSchema<typeof schemas.pool>

/** One page of GET /api/pools, by id. */
export type ApiPoolsPage = FromSchema<typeof schemas.poolsPage>

/** Candle widths the service keeps (its candles.ts TIMEFRAMES; the route validates `tf` against them). */
export const TIMEFRAMES = ['5m', '15m', '1h', '4h', '1d'] as const
/** One candle width. */
export type Timeframe = (typeof TIMEFRAMES)[number]

/** One candle of GET /api/pools/:id/candles: the pool's spot price (whole B per whole A) over a bucket. */
export type ApiCandle = FromSchema<typeof schemas.candle>

/** GET /api/pools/:id/candles. */
export type ApiCandles = FromSchema<typeof schemas.candles>

/** One swap hop of GET /api/pools/:id/swaps. */
export type ApiSwap = FromSchema<typeof schemas.swap>

/** One page of GET /api/pools/:id/swaps, newest first. */
export type ApiSwapsPage = FromSchema<typeof schemas.swapsPage>

/** One flash loan or flash swap of GET /api/pools/:id/flashes. */
export type ApiFlash = FromSchema<typeof schemas.flash>

/** One page of GET /api/pools/:id/flashes, newest first. */
export type ApiFlashesPage = FromSchema<typeof schemas.flashesPage>

/** One token of GET /api/tokens. */
export type ApiToken = FromSchema<typeof schemas.token>

/** GET /api/tokens. */
export type ApiTokens = FromSchema<typeof schemas.tokens>

/** One day of GET /api/stats's history. */
export type ApiDay = FromSchema<typeof schemas.statsDay>

/** GET /api/stats. */
export type ApiStats = FromSchema<typeof schemas.stats>

/** GET /api/health. */
export type ApiHealth = FromSchema<typeof schemas.health>

/** A reward stream of a staking program. */
export type ApiReward = FromSchema<typeof schemas.reward>

/** One farm (stakes a Grove LP token) or staking pool (a single token): GET /api/programs/:id. */
export type ApiProgram = FromSchema<typeof schemas.program>

/** One page of GET /api/programs, by id. */
export type ApiProgramsPage = FromSchema<typeof schemas.programsPage>

/** GET /api/programs's filters. */
export interface ProgramFilter {
  kind?: ApiProgram['kind']
  status?: ApiProgram['status']
}

/** One day of GET /api/vault's rate history. */
export type ApiVaultDay = FromSchema<typeof schemas.vaultDay>

/** GET /api/vault: the vault's rate, totals and APRs from the rate's history. */
export type ApiVault = FromSchema<typeof schemas.vault>

/** A contract GET /api/accounts/:address/activity reports on (the service's name for it, one per contract with account actions). */
export type ActivityContract = schemas.ActivityContract

/** An action GET /api/accounts/:address/activity reports; read it with `contract` (stake and unstake are staking programs or the vault). */
export type ActivityKind = ApiActivity['kind']

/** One action of an account (GET /api/accounts/:address/activity); fields a contract's actions lack are null. */
export type ApiActivity = FromSchema<typeof schemas.activity>

/** One page of GET /api/accounts/:address/activity, newest first. */
export type ApiActivityPage = FromSchema<typeof schemas.activityPage>

/** GET /api/accounts/:address/activity's paging and filter. */
export interface ActivityRange {
  limit?: number
  cursor?: string
  contract?: ApiActivity['contract']
}

/** An admin method GET /api/admin/log can be filtered by. */
export type AdminAction = (typeof schemas.adminActions)[number]

/** One logged admin action (GET /api/admin/log). */
export type ApiAdminAction = FromSchema<typeof schemas.adminAction>

/** One page of GET /api/admin/log, newest first. */
export type ApiAdminLogPage = FromSchema<typeof schemas.adminLogPage>

/** GET /api/admin/log's paging and filter. */
export interface AdminLogRange {
  limit?: number
  cursor?: string
  action?: AdminAction
}

/** One position of GET /api/positions: liquidity (`lp`), a farm or staking pool (`program`) or the vault (`vault`). */
export type ApiPosition = FromSchema<typeof schemas.position>

/** One page of GET /api/positions, newest first. */
export type ApiPositionsPage = FromSchema<typeof schemas.positionsPage>

/** GET /api/positions/:id/history: a liquidity position at each day's end. */
export type ApiPositionHistory = FromSchema<typeof schemas.positionHistory>

/** One order of GET /api/orders: its terms and what its fills did. */
export type ApiOrder = FromSchema<typeof schemas.order>

/** One page of GET /api/orders, newest first. */
export type ApiOrdersPage = FromSchema<typeof schemas.ordersPage>

/** GET /api/orders/:id: the order and its history, newest first. */
export type ApiOrderDetail = FromSchema<typeof schemas.orderDetail>
