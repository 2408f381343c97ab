// GET /api/accounts/:address/activity: the account's actions on every contract, newest first: swaps,
// adds and removes (DEX, and the Stable app's pools apart), staking actions, lock actions, vault stakes, unstakes and buybacks, and orders
// placed, filled, collected and cancelled.
import type { FastifyInstance } from 'fastify'
import { CONTRACTS, type ContractName } from '@grove/contracts/deployment'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { parseAddress } from '../address.ts'
import { address, errors, pageQuery } from '../schemas.ts'
import { activityColumns, activityContractOf, activityContracts, activityPage, camelOf, type ActivityColumn, type ActivityContract } from '../response-schemas.ts'

/**
 * One table of an account's actions: the column naming the account (or, where none does, `where`: the
 * condition picking the account's rows, `$1` the account), the action's kind (a column or a literal)
 * and the activityColumns it fills (a source gives NULL for those it lacks), by name.
 */
type ActivityTable = ({ account: string } | { where: string }) & {
  table: string
  kind: string
  columns: Partial<Record<ActivityColumn, string>>
}

/** A column of an event's pool (its venue, its assets), so a Tinyman pool's action is named without the caller knowing the pool. */
const poolOf = (table: string, column: string) => `(SELECT ${column} FROM pools WHERE pools.id = ${table}.pool_id)`

/**
 * The swaps and liquidity rows of an account, in the pools of the Stable app (`IN`) or of every other
 * venue (`NOT IN`: the DEX's, and Tinyman's as the DEX's rows always were).
 */
function poolSources(stable: 'IN' | 'NOT IN'): ActivityTable[] {
  const ofKind = `pool_id ${stable} (SELECT id FROM pools WHERE kind = 'stable')`
  return [
    { table: 'swaps', where: `trader = $1 AND ${ofKind}`, kind: "'swap'", columns: { pool_id: 'pool_id', venue: poolOf('swaps', 'venue'), asset_in: 'asset_in', asset_out: 'asset_out', amount_in: 'amount_in', amount_out: 'amount_out' } },
    {
      table: 'liquidity',
      where: `provider = $1 AND ${ofKind}`,
      kind: 'kind',
      columns: { pool_id: 'pool_id', venue: poolOf('liquidity', 'venue'), asset_a: poolOf('liquidity', 'asset_a'), asset_b: poolOf('liquidity', 'asset_b'), amount_a: 'amount_a', amount_b: 'amount_b', lp: 'lp' },
    },
  ]
}

/** A column of an event's order (its terms), so an order's actions are named after it left the account. */
const orderOf = (column: string) => `(SELECT ${column} FROM orders WHERE orders.id = order_events.order_id)`
/**
 * An order event's columns: the order's assets, amount_in in its asset_in (deposited, taken, refunded),
 * amount_out in its asset_out (a limit order's least pay for the whole deposit, a fill's pay, collected).
 */
const orderColumns: ActivityTable['columns'] = {
  order_id: 'order_id',
  order_kind: orderOf('kind'),
  asset_in: orderOf('asset_in'),
  asset_out: orderOf('asset_out'),
  amount_in: "CASE WHEN kind = 'collect' THEN NULL ELSE amount END",
  // a recurring order's min_out is per fill (its pay is TWAP-bounded), no bound on the deposit
  amount_out: `CASE kind WHEN 'place' THEN ${orderOf("CASE WHEN orders.kind = 'limit' THEN min_out END")} WHEN 'collect' THEN amount ELSE paid END`,
}

/** Each contract's tables of account actions by its name in `CONTRACTS` ([] when it has none; a contract without an entry fails to compile). */
export const ACTIVITY_SOURCES: Record<ContractName, readonly ActivityTable[]> = {
  Registry: [],
  Dex: poolSources('NOT IN'),
  // the lock's asset, so its amounts read in the token's units even after the lock left the account
  Locks: [{ table: 'lock_events', account: 'account', kind: 'kind', columns: { lock_id: 'lock_id', asset: '(SELECT asset FROM locks WHERE locks.id = lock_events.lock_id)', amount: 'amount' } }],
  Staking: [{ table: 'staking_events', account: 'account', kind: 'kind', columns: { program_id: 'program_id', amount: 'amount', stake: 'stake', reward1: 'reward1', reward2: 'reward2' } }],
  Vault: [{ table: 'vault_events', account: 'account', kind: 'kind', columns: { asset_in: 'asset', amount_in: 'amount_in', amount: 'grove', shares: 'sgrove' } }],
  Orders: [
    // the owner's place, collect, cancel and close; the filler's fill
    { table: 'order_events', account: 'account', kind: 'kind', columns: orderColumns },
    // a fill moves the owner's order too: theirs as 'filled' (not when they filled it themselves: one row per event and account, the cursor's key)
    { table: 'order_events', where: "kind = 'fill' AND order_id IN (SELECT id FROM orders WHERE owner = $1) AND account <> $1", kind: "'filled'", columns: orderColumns },
  ],
  // the Stable app's pools share the swaps and liquidity tables (modules/stable.ts): theirs by pool kind
  Stable: poolSources('IN'),
}

/** One table's SELECT, every column named; `$1` the account, `$2` the limit, `keyset` the cursor's condition. */
function select(contract: ActivityContract, t: ActivityTable, keyset: string): string {
  const optional = Object.entries(activityColumns).map(([column, c]) => `${t.columns[column as ActivityColumn] ?? `NULL::${c.sql}`} AS ${column}`)
  return `(SELECT ${t.kind} AS kind, '${contract}'::text AS contract, round, intra, log_index, time, txn_id, group_id, ${optional.join(', ')}
         FROM ${t.table} WHERE ${'where' in t ? t.where : `${t.account} = $1`} ${keyset} ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)`
}

/** The SELECTs of every contract reporting account actions (or of `only`), in the order of `CONTRACTS`. */
function selects(only: ActivityContract | undefined, keyset: string): string[] {
  return CONTRACTS.flatMap(({ name }) => {
    const contract = activityContractOf[name]
    if (contract === null || (only !== undefined && only !== contract)) return []
    return ACTIVITY_SOURCES[name].map((t) => select(contract, t, keyset))
  })
}

/** The rows of one action share it: their group, or their transaction where it has none. */
const actionOf = (r: Record<string, unknown>) => String(r.group_id ?? r.txn_id)
/** A row's place in chain order, the cursor's key. */
const keyOf = (r: Record<string, unknown>) => [Number(r.round), Number(r.intra), Number(r.log_index)]
/** More rows than one group can hold (16 transactions with their inner ones and their events), so one read gets the rest of any. */
const GROUP_ROWS = 100_000

export function activity(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { address: string }; Querystring: { limit: number; cursor?: string; contract?: ActivityContract } }>(
    '/api/accounts/:address/activity',
    {
      schema: {
        summary: "An account's swaps, liquidity changes, staking, locks, vault and order actions, newest first",
        params: { type: 'object', required: ['address'], properties: { address } },
        querystring: { type: 'object', additionalProperties: false, properties: { ...pageQuery, contract: { type: 'string', enum: activityContracts, description: "only this contract's actions" } } },
        response: { 200: activityPage, ...errors },
      },
    },
    async (req) => {
      const account = parseAddress(req.params.address, 'address')
      const { limit, contract } = req.query
      /** `count` rows after `after` (from the newest without it), or only those of `action`. */
      const read = (after: number[] | undefined, count: number, action?: string) =>
        deps.db.query<Record<string, unknown>>(
          `SELECT * FROM (${selects(contract, `${after ? 'AND (round, intra, log_index) < ($3, $4, $5)' : ''}${action === undefined ? '' : ` AND coalesce(group_id, txn_id) = $${after ? 6 : 3}`}`).join(' UNION ALL ')}) a
           ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2`,
          [account, count, ...(after ?? []), ...(action === undefined ? [] : [action])],
        )
      let rows = await read(decodeCursor(req.query.cursor, 3, [1, 2]), limit + 1)
      let size = limit
      // a page never ends inside an action (a routed or split swap's hops): the rest of its group joins the page
      if (rows.length > limit && actionOf(rows[limit - 1]!) === actionOf(rows[limit]!)) {
        const rest = await read(keyOf(rows[limit - 1]!), GROUP_ROWS, actionOf(rows[limit - 1]!))
        const next = await read(keyOf(rest.at(-1)!), 1)
        rows = [...rows.slice(0, limit), ...rest, ...next]
        size = limit + rest.length
      }
      const { items, nextCursor } = page(rows, size, keyOf)
      const opt = (v: unknown) => (v === null || v === undefined ? null : String(v))
      const int = (v: unknown) => (v === null || v === undefined ? null : Number(v))
      return {
        activity: items.map((r) => ({
          kind: r.kind,
          contract: r.contract,
          round: Number(r.round),
          time: Number(r.time),
          txnId: r.txn_id,
          groupId: r.group_id ?? null,
          // every other column of the one table, by its name in the API
          ...Object.fromEntries(Object.entries(activityColumns).map(([column, c]) => [camelOf(column), c.sql === 'bigint' ? int(r[column]) : opt(r[column])])),
        })),
        nextCursor,
      }
    },
  )
}
