// The 200 responses of the routes, by name, and `FromSchema`, the TypeScript type of a JSON schema.
// The routes serve (and the OpenAPI document shows) these objects; the web app derives its response
// types from them type-only (apps/web/src/lib/analytics/types.ts), so a change here that the web
// does not follow fails its typecheck. Keep this module free of runtime imports but schemas.ts: it
// is the one file of the service the web's compiler reads.
import type { ContractName } from '@grove/contracts/deployment'
import { amount, asset, nextCursor, pool } from './schemas.ts'

export { asset, pool }

/**
 * The value a JSON schema describes, for exactly the keywords these schemas use: `type` (one or a
 * list; `null` among them), `enum`, object `properties` with `required` (others optional) and
 * `additionalProperties: true` (a record), array `items`. Unlike a general converter it gives
 * objects no index signature, so reading a field the schema lacks is an error.
 */
export type FromSchema<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: infer T }
    ? T extends readonly (infer U)[]
      ? OfType<S, U>
      : OfType<S, T>
    : unknown

type OfType<S, T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { readonly items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? S extends { readonly properties: infer P }
              ? Props<P, S extends { readonly required: readonly (infer R)[] } ? R : never>
              : S extends { readonly additionalProperties: true }
                ? Record<string, unknown>
                : Record<string, never>
            : never

// In the schema's order, flattened into one object type (so errors and hovers list the fields).
type Props<P, R> = Flat<{ -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & { -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]> }>
type Flat<T> = { [K in keyof T]: T[K] } & unknown

/** GET /api/pools, one page. */
export const poolsPage = { type: 'object', required: ['pools', 'nextCursor'], properties: { pools: { type: 'array', items: pool }, nextCursor } } as const

/** One candle of GET /api/pools/:id/candles. */
export const candle = {
  type: 'object',
  required: ['time', 'open', 'high', 'low', 'close', 'volumeA', 'volumeB', 'soldA', 'soldB', 'boughtA', 'boughtB', 'volumeUsd', 'trades'],
  properties: {
    time: { type: 'integer', description: 'bucket start, unix seconds' },
    open: { type: 'number' },
    high: { type: 'number' },
    low: { type: 'number' },
    close: { type: 'number' },
    volumeA: amount,
    volumeB: amount,
    soldA: { ...amount, description: 'A sold into the pool (A→B swaps)' },
    soldB: { ...amount, description: 'B sold into the pool (B→A swaps)' },
    boughtA: { ...amount, description: 'A bought out of the pool' },
    boughtB: { ...amount, description: 'B bought out of the pool' },
    volumeUsd: { type: 'number' },
    trades: { type: 'integer' },
  },
} as const

/** GET /api/pools/:id/candles. */
export const candles = {
  type: 'object',
  required: ['poolId', 'tf', 'candles'],
  properties: { poolId: { type: 'integer' }, tf: { type: 'string' }, candles: { type: 'array', items: candle } },
} as const

/** One swap hop of GET /api/pools/:id/swaps. */
export const swap = {
  type: 'object',
  required: ['round', 'time', 'txnId', 'groupId', 'hop', 'poolId', 'trader', 'assetIn', 'assetOut', 'amountIn', 'amountOut', 'protocolFee', 'reserveA', 'reserveB', 'price', 'volumeUsd'],
  properties: {
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string' },
    groupId: { type: ['string', 'null'] },
    hop: { type: 'integer', description: "the hop's position in its route (0 for a plain swap)" },
    poolId: { type: 'integer' },
    trader: { type: 'string' },
    assetIn: { type: 'integer' },
    assetOut: { type: 'integer' },
    amountIn: amount,
    amountOut: amount,
    protocolFee: amount,
    reserveA: { ...amount, description: 'reserve after the swap' },
    reserveB: amount,
    price: { type: 'number', description: 'whole B per whole A after the swap' },
    volumeUsd: { type: ['number', 'null'] },
  },
} as const

/** GET /api/pools/:id/swaps, one page. */
export const swapsPage = { type: 'object', required: ['swaps', 'nextCursor'], properties: { swaps: { type: 'array', items: swap }, nextCursor } } as const

/** One flash loan or flash swap of a Grove pool, settled at its verify. */
export const flash = {
  type: 'object',
  required: ['round', 'time', 'txnId', 'groupId', 'poolId', 'kind', 'account', 'outA', 'outB', 'inA', 'inB', 'feeA', 'feeB', 'protocolFeeA', 'protocolFeeB', 'reserveA', 'reserveB', 'feeUsd'],
  properties: {
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string', description: 'the verify call' },
    groupId: { type: ['string', 'null'] },
    poolId: { type: 'integer' },
    kind: { type: 'string', enum: ['loan', 'swap'], description: 'a flash loan (repaid with its fee) or a flash swap (the invariant holds at verify)' },
    account: { type: 'string', description: 'the borrower or trader' },
    outA: { ...amount, description: 'asset A the pool lent or sent' },
    outB: amount,
    inA: { ...amount, description: 'asset A paid back or in by the verify' },
    inB: amount,
    feeA: { ...amount, description: "the fee on asset A, the protocol's share included" },
    feeB: amount,
    protocolFeeA: amount,
    protocolFeeB: amount,
    reserveA: { ...amount, description: 'reserve after the verify' },
    reserveB: amount,
    feeUsd: { type: ['number', 'null'], description: 'the fee in USD at the time (null when a side has no price)' },
  },
} as const

/** GET /api/pools/:id/flashes, one page. */
export const flashesPage = { type: 'object', required: ['flashes', 'nextCursor'], properties: { flashes: { type: 'array', items: flash }, nextCursor } } as const

const numOrNull = { type: ['number', 'null'] } as const

/** One token of GET /api/tokens. */
export const token = {
  type: 'object',
  required: ['id', 'unitName', 'name', 'decimals', 'priceAlgo', 'priceUsd', 'change24h', 'volume24hUsd', 'tvlUsd', 'pools'],
  properties: {
    id: { type: 'integer' },
    unitName: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    decimals: { type: 'integer' },
    priceAlgo: numOrNull,
    priceUsd: numOrNull,
    change24h: { ...numOrNull, description: 'USD price change over 24 hours, a fraction' },
    volume24hUsd: { type: 'number' },
    tvlUsd: { ...numOrNull, description: 'USD value of the token in all pools' },
    pools: { type: 'integer' },
  },
} as const

/** GET /api/tokens. */
export const tokens = { type: 'object', required: ['tokens'], properties: { tokens: { type: 'array', items: token } } } as const

/** One day of GET /api/stats's history. */
export const statsDay = {
  type: 'object',
  required: ['day', 'tvlUsd', 'volumeUsd', 'feesUsd', 'trades'],
  properties: { day: { type: 'integer', description: 'unix seconds of 00:00 UTC' }, tvlUsd: { type: 'number' }, volumeUsd: { type: 'number' }, feesUsd: { type: 'number' }, trades: { type: 'integer' } },
} as const

/** GET /api/stats. */
export const stats = {
  type: 'object',
  required: ['tvlUsd', 'volume24hUsd', 'volume7dUsd', 'fees24hUsd', 'fees7dUsd', 'trades24h', 'pools', 'history'],
  properties: {
    tvlUsd: { type: 'number' },
    volume24hUsd: { type: 'number' },
    volume7dUsd: { type: 'number' },
    fees24hUsd: { type: 'number' },
    fees7dUsd: { type: 'number' },
    trades24h: { type: 'integer' },
    pools: { type: 'integer' },
    history: { type: 'array', items: statsDay },
  },
} as const

/** GET /api/health. */
export const health = {
  type: 'object',
  required: ['status', 'watermark', 'watermarkTime', 'chainRound', 'lag'],
  properties: {
    status: { type: 'string', enum: ['ok', 'syncing', 'starting', 'algod-unreachable'] },
    watermark: { type: ['integer', 'null'], description: 'last round whose rows are in the database' },
    watermarkTime: { type: ['integer', 'null'], description: 'unix seconds of that round' },
    chainRound: { type: ['integer', 'null'], description: "algod's last round" },
    lag: { type: ['integer', 'null'], description: 'rounds the database is behind algod' },
  },
} as const

/** A reward stream of a staking program. */
export const reward = { type: 'object', required: ['asset', 'ratePerSecond'], properties: { asset, ratePerSecond: { ...amount, description: 'base units per second' } } } as const

/** A staking program (farm or pool): GET /api/programs/:id, an item of GET /api/programs. */
export const program = {
  type: 'object',
  required: ['id', 'kind', 'status', 'stakeAsset', 'rewards', 'start', 'end', 'creator', 'totalStaked', 'stakers', 'tvlUsd', 'apr', 'createdRound', 'createdTime', 'updatedRound'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['farm', 'pool'], description: 'farm: the stake is a Grove LP token' },
    status: { type: 'string', enum: ['upcoming', 'active', 'ended'] },
    stakeAsset: asset,
    rewards: { type: 'array', items: reward },
    start: { type: 'integer', description: 'unix seconds' },
    end: { type: 'integer' },
    creator: { type: 'string' },
    totalStaked: amount,
    stakers: { type: 'integer' },
    tvlUsd: { type: ['number', 'null'] },
    apr: { type: ['number', 'null'], description: "yearly rewards at the current rates and prices over the TVL, a fraction (null once ended); as the SDK's programFigures computes it for the web too" },
    createdRound: { type: 'integer' },
    createdTime: { type: 'integer' },
    updatedRound: { type: 'integer' },
  },
} as const

/** GET /api/programs, one page. */
export const programsPage = { type: 'object', required: ['programs', 'nextCursor'], properties: { programs: { type: 'array', items: program }, nextCursor } } as const

/** One day of GET /api/vault's rate history. */
export const vaultDay = { type: 'object', required: ['day', 'rate'], properties: { day: { type: 'integer', description: "unix seconds of the day's start (UTC)" }, rate: { type: 'number' } } } as const

/** GET /api/vault. */
export const vault = {
  type: 'object',
  required: ['rate', 'totalGrove', 'totalShares', 'apr7d', 'apr30d', 'buybacks30d', 'groveBought30d', 'history'],
  properties: {
    rate: { type: 'number', description: 'GROVE per sGROVE now' },
    totalGrove: amount,
    totalShares: amount,
    apr7d: { type: 'number', description: "the rate's growth over the last 7 days, yearly, a fraction (the SDK's vaultApr; 0 while nothing is staked)" },
    apr30d: { type: 'number' },
    buybacks30d: { type: 'integer' },
    groveBought30d: amount,
    history: { type: 'array', description: 'the rate at the end of each of the last 30 days that had an event, oldest first', items: vaultDay },
  },
} as const

/** One event of GET /api/vault/events. */
export const vaultEvent = {
  type: 'object',
  required: ['round', 'time', 'txnId', 'kind', 'account', 'grove', 'sGrove', 'asset', 'amountIn', 'minOut', 'totalGrove', 'totalShares', 'rate'],
  properties: {
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string' },
    kind: { type: 'string', enum: ['stake', 'unstake', 'buyback'] },
    account: { type: 'string', description: 'the staker, or who called the buyback' },
    grove: { ...amount, description: 'GROVE staked, returned or bought back' },
    sGrove: { type: ['string', 'null'], description: 'sGROVE minted or burned (null for a buyback)' },
    asset: { type: ['integer', 'null'], description: "a buyback's input asset" },
    amountIn: { type: ['string', 'null'] },
    minOut: { type: ['string', 'null'], description: "a buyback's TWAP-bounded minimum" },
    totalGrove: amount,
    totalShares: amount,
    rate: { type: 'number', description: 'GROVE per sGROVE after the event' },
  },
} as const

/** GET /api/vault/events, one page. */
export const vaultEventsPage = { type: 'object', required: ['events', 'nextCursor'], properties: { events: { type: 'array', items: vaultEvent }, nextCursor } } as const

/**
 * The name a contract's actions carry in GET /api/accounts/:address/activity, by its name in
 * `CONTRACTS` (null: it has no account actions), in the order the OpenAPI document lists them.
 */
export const activityContractOf = { Registry: null, Dex: 'dex', Staking: 'staking', Locks: 'locks', Vault: 'vault', Orders: 'orders', Stable: 'stable' } as const satisfies Record<ContractName, string | null>

/** A contract GET /api/accounts/:address/activity reports on. */
export type ActivityContract = NonNullable<(typeof activityContractOf)[ContractName]>

/** The contracts GET /api/accounts/:address/activity reports on (and filters by). */
export const activityContracts: readonly ActivityContract[] = Object.values(activityContractOf).filter((c): c is ActivityContract => c !== null)

const optAmount = (description?: string) => ({ ...amount, type: ['string', 'null'] as const, ...(description ? { description } : {}) })
const optInt = (description?: string) => ({ type: ['integer', 'null'] as const, ...(description ? { description } : {}) })
const optText = (description?: string) => ({ type: ['string', 'null'] as const, ...(description ? { description } : {}) })

/** `pool_id` → `poolId`: a column's name in the API. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S
/** A column's name in the API: its SQL name in camel case. */
export const camelOf = <S extends string>(column: S): Camel<S> => column.replace(/_(.)/g, (_, c: string) => c.toUpperCase()) as Camel<S>

/**
 * The columns of GET /api/accounts/:address/activity besides those every action has, in the API's
 * order: each one's SQL type (bigint: an id, written as an integer; numeric: an amount, as a string;
 * text: a name) and what it holds. The one table of them: the route selects each (NULL of its type
 * where a contract's table lacks it) and writes it, and the schema declares it, as its name in camel case.
 */
export const activityColumns = {
  pool_id: { sql: 'bigint', description: 'DEX actions' },
  venue: { sql: 'text', description: "DEX actions: the pool's venue, grove or tinyman" },
  asset_in: { sql: 'bigint', description: 'swaps; a buyback’s input asset; what an order sells' },
  asset_out: { sql: 'bigint', description: 'what an order buys' },
  amount_in: { sql: 'numeric', description: "orders: deposited (place), taken (fill, filled) or refunded (cancel, close), of the order's asset_in" },
  amount_out: { sql: 'numeric', description: "orders: a limit order's least pay for its whole deposit (place), paid to the order (fill, filled) or collected, of its asset_out" },
  asset_a: { sql: 'bigint', description: "adds and removes: the pool's assets" },
  asset_b: { sql: 'bigint' },
  amount_a: { sql: 'numeric', description: 'adds and removes' },
  amount_b: { sql: 'numeric' },
  lp: { sql: 'numeric' },
  program_id: { sql: 'bigint', description: 'staking actions' },
  lock_id: { sql: 'bigint', description: 'lock actions' },
  asset: { sql: 'bigint', description: "lock actions: the lock's asset" },
  amount: { sql: 'numeric', description: 'staked, unstaked, compounded or returned (staking); locked, withdrawn or topped up, or the µALGO a close refunded (locks); GROVE (vault)' },
  stake: { sql: 'numeric', description: "the position's stake after a staking action" },
  reward1: { sql: 'numeric', description: 'rewards claimed, forfeited, deposited or reclaimed' },
  reward2: { sql: 'numeric' },
  shares: { sql: 'numeric', description: 'sGROVE minted or burned (vault)' },
  order_id: { sql: 'bigint', description: 'orders actions' },
  order_kind: { sql: 'text', description: "orders actions: the order's kind, limit or recurring" },
} as const satisfies Record<string, { sql: ActivitySqlType; description?: string }>

/** The SQL types of activityColumns. */
type ActivitySqlType = 'bigint' | 'numeric' | 'text'
/** A column of activityColumns. */
export type ActivityColumn = keyof typeof activityColumns
type ColumnField<C> = C extends { sql: 'bigint' } ? ReturnType<typeof optInt> : C extends { sql: 'text' } ? ReturnType<typeof optText> : ReturnType<typeof optAmount>
type ColumnFields = { [K in ActivityColumn as Camel<K>]: ColumnField<(typeof activityColumns)[K]> }

const FIELD_OF: Record<ActivitySqlType, (description?: string) => object> = { bigint: optInt, numeric: optAmount, text: optText }
const columnFields = Object.fromEntries(
  Object.entries(activityColumns).map(([column, c]: [string, { sql: ActivitySqlType; description?: string }]) => [camelOf(column), FIELD_OF[c.sql](c.description)]),
) as ColumnFields

/** One action of GET /api/accounts/:address/activity; fields a contract's actions lack are null. */
export const activity = {
  type: 'object',
  required: ['kind', 'contract', 'round', 'time', 'txnId', 'groupId', ...(Object.keys(columnFields) as (keyof ColumnFields)[])] as readonly ('kind' | 'contract' | 'round' | 'time' | 'txnId' | 'groupId' | keyof ColumnFields)[],
  properties: {
    kind: {
      type: 'string',
      enum: ['swap', 'add', 'remove', 'create', 'stake', 'unstake', 'compound', 'claim', 'emergency', 'topup', 'extend', 'reclaim', 'lock', 'withdraw', 'propose', 'cancel', 'accept', 'close', 'split', 'merge', 'collector', 'buyback', 'place', 'fill', 'filled', 'collect'],
      description: "the action; read it with contract (stake and unstake are staking programs or the vault; fill: the account filled someone's order, filled: someone filled the account's)",
    },
    contract: { type: 'string', enum: activityContracts },
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string' },
    groupId: { type: ['string', 'null'], description: "the transaction's group: the rows of one group (of one transaction without a group) are one action, such as a routed or split swap's hops; a page never ends inside one" },
    ...columnFields,
  },
} as const

/** GET /api/accounts/:address/activity, one page, newest first. */
export const activityPage = { type: 'object', required: ['activity', 'nextCursor'], properties: { activity: { type: 'array', items: activity }, nextCursor } } as const

/** The admin methods GET /api/admin/log logs (and filters by). */
export const adminActions = ['proposeAdmin', 'acceptAdmin', 'setPaused', 'setTreasury', 'setFees', 'setVerified', 'setProjectVerified', 'setPoolFee', 'addFeeTier'] as const

/** One logged admin action of GET /api/admin/log. */
export const adminAction = {
  type: 'object',
  required: ['round', 'time', 'txnId', 'contract', 'action', 'account', 'change'],
  properties: {
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string' },
    contract: { type: 'string', enum: ['registry', 'dex'] },
    action: { type: 'string', description: "the method's name" },
    account: { type: 'string', description: 'who called it (the admin, or the proposed admin accepting)' },
    change: { type: 'object', additionalProperties: true, description: "the method's arguments by name: what it set" },
  },
} as const

/** GET /api/admin/log, one page, newest first. */
export const adminLogPage = { type: 'object', required: ['actions', 'nextCursor'], properties: { actions: { type: 'array', items: adminAction }, nextCursor } } as const

/** A lock as the API shows it. */
export const lock = {
  type: 'object',
  required: ['id', 'owner', 'pendingOwner', 'asset', 'amount', 'withdrawn', 'remaining', 'start', 'cliff', 'end', 'liquidity', 'anchor', 'base', 'schedule', 'pool', 'poolShareMillionths', 'collector', 'feesClaimed', 'createdRound', 'updatedRound'],
  properties: {
    id: { type: 'integer' },
    owner: { type: 'string' },
    pendingOwner: { type: ['string', 'null'], description: 'the proposed owner of a two-step transfer' },
    asset,
    amount: { ...amount, description: 'everything deposited (first deposit and top-ups)' },
    withdrawn: amount,
    remaining: { ...amount, description: 'amount − withdrawn' },
    start: { type: 'integer', description: 'unix seconds the lock was made' },
    cliff: { type: 'integer', description: 'vesting starts (equal to end for a plain time lock)' },
    end: { type: 'integer' },
    liquidity: { type: 'boolean', description: 'a lock of a Grove LP token' },
    anchor: { type: 'integer', description: 'unix seconds the vesting line starts from (the cliff, or the last top-up, extension, split or claim after it)' },
    base: { ...amount, description: 'vested at the anchor' },
    schedule: {
      type: 'array',
      description: 'the unlock schedule from the start: the corners of the vesting line, units vested (withdrawn included) by each time',
      items: { type: 'object', required: ['time', 'vested'], properties: { time: { type: 'integer' }, vested: amount } },
    },
    pool: { type: ['object', 'null'], required: ['a', 'b'], properties: { a: { type: 'integer' }, b: { type: 'integer' } }, description: "a liquidity lock's pool, null otherwise" },
    poolShareMillionths: { type: ['integer', 'null'], description: "a liquidity lock's remaining units as parts per million of its pool's LP supply; null otherwise" },
    collector: { type: ['string', 'null'], description: "who a liquidity lock's fees go to; null: the owner" },
    feesClaimed: { ...amount, description: 'LP units claimed as fees while locked' },
    createdRound: { type: 'integer' },
    updatedRound: { type: 'integer' },
  },
} as const

/** GET /api/locks, one page, by id. */
export const locksPage = { type: 'object', required: ['locks', 'nextCursor'], properties: { locks: { type: 'array', items: lock }, nextCursor } } as const

/** A project as the API shows it. */
export const project = {
  type: 'object',
  required: ['asset', 'owner', 'name', 'url', 'verified', 'registeredRound', 'registeredTime', 'updatedRound'],
  properties: {
    asset,
    owner: { type: 'string' },
    name: { type: 'string' },
    url: { type: 'string' },
    verified: { type: 'boolean' },
    registeredRound: { type: 'integer' },
    registeredTime: { type: 'integer' },
    updatedRound: { type: 'integer' },
  },
} as const

/** GET /api/projects, one page, verified first. */
export const projectsPage = { type: 'object', required: ['projects', 'nextCursor'], properties: { projects: { type: 'array', items: project }, nextCursor } } as const

const signed = (description: string) => ({ type: 'string', pattern: '^-?[0-9]+$', description }) as const
const usdOrNull = (description: string) => ({ type: ['number', 'null'], description }) as const
/** Amounts of a pool's two assets, and their USD value (null where nothing prices them). */
const pairUsd = (description: string) =>
  ({ type: 'object', description, required: ['a', 'b', 'usd'], properties: { a: amount, b: amount, usd: usdOrNull('USD') } }) as const
/** A figure in base units of the pool's asset B at its price then (signed), and in USD. */
const inB = (description: string) =>
  ({ type: 'object', description, required: ['inB', 'usd'], properties: { inB: signed("base units of the pool's asset B at the pool's price"), usd: usdOrNull('USD at the prices of the same moment') } }) as const

/** One add or remove of a liquidity position, with its USD value at the time. */
export const positionChange = {
  type: 'object',
  required: ['kind', 'round', 'time', 'txnId', 'lp', 'amountA', 'amountB', 'usd'],
  properties: {
    kind: { type: 'string', enum: ['add', 'remove'] },
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string' },
    lp: amount,
    amountA: amount,
    amountB: amount,
    usd: usdOrNull('both amounts in USD at the prices of that moment'),
  },
} as const

/** A liquidity position's figures (the SDK's positionFigures, at now or at its close). */
export const lpFigures = {
  type: 'object',
  required: ['pool', 'units', 'staked', 'locked', 'deposited', 'withdrawn', 'value', 'fees', 'hold', 'impermanentLoss', 'pnlVsHold', 'pnlUsd', 'feeApr', 'changes'],
  properties: {
    pool: {
      type: 'object',
      required: ['id', 'venue', 'assetA', 'assetB', 'feeBps'],
      properties: { id: { type: 'integer', description: 'the pool id (its LP asset)' }, venue: { type: 'string', enum: ['grove', 'tinyman'] }, assetA: asset, assetB: asset, feeBps: { type: 'integer' } },
    },
    units: { ...amount, description: 'LP units held (0 once closed)' },
    staked: { ...amount, description: "of them, staked in the pool's farms now" },
    locked: { ...amount, description: 'of them, in open locks now' },
    deposited: pairUsd('what the adds deposited; USD at the time of each'),
    withdrawn: pairUsd('what the removes returned; USD at the time of each'),
    value: {
      type: 'object',
      description: 'what the units withdraw now (at the close for a closed position)',
      required: ['a', 'b', 'inB', 'usd'],
      properties: { a: amount, b: amount, inB: signed('base units of B at the pool price'), usd: usdOrNull('USD now') },
    },
    fees: {
      type: 'object',
      description: 'fees earned: units × (ℓ now − ℓ at entry) in LP units of now, and what they withdraw',
      required: ['units', 'a', 'b', 'inB', 'usd'],
      properties: { units: signed('LP units'), a: amount, b: amount, inB: signed('base units of B at the pool price'), usd: usdOrNull('USD now') },
    },
    hold: inB('the deposits valued now: what holding them instead would be worth'),
    impermanentLoss: inB('value + withdrawn − hold − fees: what the price moves cost against holding (negative: a loss)'),
    pnlVsHold: inB('value + withdrawn − hold = fees + impermanentLoss'),
    pnlUsd: usdOrNull('value now + withdrawals and − deposits in USD at the time of each'),
    feeApr: { type: ['number', 'null'], description: 'fee units over the units held, yearly (365.25 days), a fraction; null before any time held' },
    changes: { type: 'array', items: positionChange },
  },
} as const

/** A staking position's rewards, per reward asset. */
export const positionReward = {
  type: 'object',
  required: ['asset', 'claimed', 'claimedUsd', 'pending', 'pendingUsd'],
  properties: {
    asset,
    claimed: { ...amount, description: 'claimed and compounded, all time' },
    claimedUsd: usdOrNull('each claim in USD at its time'),
    pending: { type: ['string', 'null'], pattern: '^[0-9]+$', description: "earned and not yet claimed, as the contract's accumulators give it now; null where algod was not read" },
    pendingUsd: usdOrNull('USD now'),
  },
} as const

/** A position in a farm or staking pool. */
export const programFigures = {
  type: 'object',
  required: ['programId', 'programKind', 'stakeAsset', 'staked', 'rewards'],
  properties: {
    programId: { type: 'integer' },
    programKind: { type: 'string', enum: ['farm', 'pool'], description: 'farm: the stake is a Grove LP token' },
    stakeAsset: asset,
    staked: { ...amount, description: 'staked now' },
    rewards: { type: 'array', items: positionReward },
  },
} as const

/** An account's sGROVE in the vault. */
export const vaultFigures = {
  type: 'object',
  required: ['shares', 'staked', 'unstaked', 'worth', 'gain', 'gainUsd'],
  properties: {
    shares: { ...amount, description: 'sGROVE held (as staked and unstaked by this account)' },
    staked: { ...amount, description: 'GROVE staked, all time' },
    unstaked: { ...amount, description: 'GROVE returned, all time' },
    worth: { ...amount, description: 'GROVE the shares would return now' },
    gain: signed('worth + unstaked − staked, in GROVE base units'),
    gainUsd: usdOrNull('gain at the GROVE price now'),
  },
} as const

/** One position of GET /api/positions: liquidity (free, staked in a farm or locked), a farm or staking pool, or the vault. */
export const position = {
  type: 'object',
  required: ['id', 'kind', 'owner', 'status', 'openedRound', 'openedTime', 'closedRound', 'closedTime', 'lp', 'program', 'vault'],
  properties: {
    id: { type: 'string', description: 'kind-round-intra-logIndex of the event that opened it' },
    kind: { type: 'string', enum: ['lp', 'program', 'vault'] },
    owner: { type: 'string' },
    status: { type: 'string', enum: ['open', 'closed'] },
    openedRound: { type: 'integer' },
    openedTime: { type: 'integer' },
    closedRound: { type: ['integer', 'null'] },
    closedTime: { type: ['integer', 'null'] },
    lp: { ...lpFigures, type: ['object', 'null'] },
    program: { ...programFigures, type: ['object', 'null'] },
    vault: { ...vaultFigures, type: ['object', 'null'] },
  },
} as const

/** GET /api/positions, one page. */
export const positionsPage = { type: 'object', required: ['positions', 'nextCursor'], properties: { positions: { type: 'array', items: position }, nextCursor } } as const

/** One day of GET /api/positions/:id/history: the position at the day's end (its close on its last day). */
export const positionDay = {
  type: 'object',
  required: ['day', 'value', 'fees', 'impermanentLoss', 'pnlVsHold'],
  properties: {
    day: { type: 'integer', description: "unix seconds of the day's start (UTC)" },
    value: inB('what the units withdraw'),
    fees: inB('fees earned so far'),
    impermanentLoss: inB('impermanent loss so far'),
    pnlVsHold: inB('against holding'),
  },
} as const

/** GET /api/positions/:id/history. */
export const positionHistory = { type: 'object', required: ['id', 'days'], properties: { id: { type: 'string' }, days: { type: 'array', items: positionDay } } } as const

/** One order of GET /api/orders (issue 41): its terms and what its fills did, as its events leave it. */
export const order = {
  type: 'object',
  required: ['id', 'owner', 'kind', 'assetIn', 'assetOut', 'amount', 'amountIn', 'minOut', 'maxOut', 'toleranceBps', 'poolTier', 'feeBps', 'expiry', 'interval', 'filled', 'remaining', 'received', 'collected', 'fills', 'status', 'refunded', 'placedRound', 'placedTime', 'updatedRound', 'endedRound'],
  properties: {
    id: { type: 'integer', description: 'the order id (53 bits of sha512_256(owner ‖ nonce))' },
    owner: { type: 'string' },
    kind: { type: 'string', enum: ['limit', 'recurring'] },
    assetIn: asset,
    assetOut: asset,
    amount: { ...amount, description: 'the deposit, of assetIn' },
    amountIn: { ...amount, description: "the price's denominator: a limit order's deposit, a recurring order's one fill" },
    minOut: { ...amount, description: 'least assetOut for amountIn (a recurring order: its absolute minimum per fill, 0 for none)' },
    maxOut: { ...amount, description: "a recurring order fills only while one fill is worth at most this at the TWAP (0: no maximum)" },
    toleranceBps: { type: 'integer', description: 'a recurring fill pays at least its TWAP value less this' },
    poolTier: { type: 'integer', description: 'the fee tier of the Grove pool whose TWAP bounds a recurring order' },
    feeBps: { type: 'integer', description: "the protocol's fee, fixed at placing" },
    expiry: { type: 'integer', description: "a limit order's expiry, unix seconds (0: none)" },
    interval: { type: 'integer', description: "seconds between a recurring order's fills (0 for a limit order)" },
    filled: { ...amount, description: 'assetIn taken by fills' },
    remaining: { ...amount, description: 'assetIn still escrowed (0 once ended)' },
    received: { ...amount, description: 'assetOut credited to the owner by fills' },
    collected: { ...amount, description: 'assetOut paid out to the owner (collected, or with the close)' },
    fills: { type: 'integer' },
    status: { type: 'string', enum: ['open', 'filled', 'cancelled'] },
    refunded: { ...amount, description: 'assetIn given back when cancelled' },
    placedRound: { type: 'integer' },
    placedTime: { type: 'integer' },
    updatedRound: { type: 'integer' },
    endedRound: { type: ['integer', 'null'] },
  },
} as const

/** GET /api/orders, one page. */
export const ordersPage = { type: 'object', required: ['orders', 'nextCursor'], properties: { orders: { type: 'array', items: order }, nextCursor } } as const

/** One action of an order: its placing, each fill, each collection, its close. */
export const orderEvent = {
  type: 'object',
  required: ['round', 'time', 'txnId', 'kind', 'account', 'amount', 'paid', 'fee'],
  properties: {
    round: { type: 'integer' },
    time: { type: 'integer' },
    txnId: { type: 'string' },
    kind: { type: 'string', enum: ['place', 'fill', 'collect', 'cancel', 'close'] },
    account: { type: 'string', description: 'the owner, or the filler of a fill' },
    amount: { type: ['string', 'null'], description: 'the deposit, the assetIn a fill took, the assetOut collected, or the assetIn refunded' },
    paid: { type: ['string', 'null'], description: "a fill's assetOut credited to the owner" },
    fee: { type: ['string', 'null'], description: "a fill's protocol fee, of assetOut" },
  },
} as const

/** GET /api/orders/:id: the order and its history, newest first. */
export const orderDetail = { type: 'object', required: ['order', 'events'], properties: { order, events: { type: 'array', items: orderEvent } } } as const
