// GET /api/accounts/:address/activity: the account's actions on every contract, newest first: swaps,
// adds and removes (DEX), staking actions, lock actions and vault stakes, unstakes and buybacks.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { parseAddress } from '../address.ts'
import { address, errors, pageQuery } from '../schemas.ts'
import { activityContracts as CONTRACTS, activityPage } from '../response-schemas.ts'

/** The union's columns (named here: a union takes its names from its first part, which varies with ?contract). */
const COLUMNS = 'kind, contract, round, intra, log_index, time, txn_id, group_id, pool_id, asset_in, asset_out, amount_in, amount_out, amount_a, amount_b, lp, program_id, lock_id, amount, stake, reward1, reward2, shares'

/** Each contract's rows for the account, in one column list; `$1` the account, `$2` the limit, `KEYSET` the cursor's condition. */
const SOURCES: Record<(typeof CONTRACTS)[number], string> = {
  dex: `(SELECT 'swap' AS kind, 'dex' AS contract, round, intra, log_index, time, txn_id, group_id, pool_id, asset_in, asset_out, amount_in, amount_out,
                NULL::numeric AS amount_a, NULL::numeric AS amount_b, NULL::numeric AS lp, NULL::bigint AS program_id, NULL::bigint AS lock_id,
                NULL::numeric AS amount, NULL::numeric AS stake, NULL::numeric AS reward1, NULL::numeric AS reward2, NULL::numeric AS shares
         FROM swaps WHERE trader = $1 KEYSET ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)
        UNION ALL
        (SELECT kind, 'dex', round, intra, log_index, time, txn_id, group_id, pool_id, NULL, NULL, NULL, NULL, amount_a, amount_b, lp, NULL, NULL, NULL, NULL, NULL, NULL, NULL
         FROM liquidity WHERE provider = $1 KEYSET ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)`,
  staking: `(SELECT kind, 'staking', round, intra, log_index, time, txn_id, group_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, program_id, NULL, amount, stake, reward1, reward2, NULL
         FROM staking_events WHERE account = $1 KEYSET ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)`,
  locks: `(SELECT kind, 'locks', round, intra, log_index, time, txn_id, group_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, lock_id, amount, NULL, NULL, NULL, NULL
         FROM lock_events WHERE account = $1 KEYSET ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)`,
  vault: `(SELECT kind, 'vault', round, intra, log_index, time, txn_id, group_id, NULL, asset, NULL, amount_in, NULL, NULL, NULL, NULL, NULL, NULL, grove, NULL, NULL, NULL, sgrove
         FROM vault_events WHERE account = $1 KEYSET ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)`,
}

export function activity(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { address: string }; Querystring: { limit: number; cursor?: string; contract?: (typeof CONTRACTS)[number] } }>(
    '/api/accounts/:address/activity',
    {
      schema: {
        summary: "An account's swaps, liquidity changes, staking, locks and vault actions, newest first",
        params: { type: 'object', required: ['address'], properties: { address } },
        querystring: { type: 'object', additionalProperties: false, properties: { ...pageQuery, contract: { type: 'string', enum: CONTRACTS, description: "only this contract's actions" } } },
        response: { 200: activityPage, ...errors },
      },
    },
    async (req) => {
      const account = parseAddress(req.params.address, 'address')
      const { limit, contract } = req.query
      const after = decodeCursor(req.query.cursor, 3, [1, 2])
      const keyset = after ? 'AND (round, intra, log_index) < ($3, $4, $5)' : ''
      const sources = (contract ? [contract] : CONTRACTS).map((c) => SOURCES[c].replaceAll('KEYSET', keyset))
      const rows = await deps.db.query<Record<string, unknown>>(
        `SELECT * FROM (${sources.join(' UNION ALL ')}) a (${COLUMNS}) ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2`,
        [account, limit + 1, ...(after ?? [])],
      )
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.round), Number(r.intra), Number(r.log_index)])
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
          poolId: int(r.pool_id),
          assetIn: int(r.asset_in),
          assetOut: int(r.asset_out),
          amountIn: opt(r.amount_in),
          amountOut: opt(r.amount_out),
          amountA: opt(r.amount_a),
          amountB: opt(r.amount_b),
          lp: opt(r.lp),
          programId: int(r.program_id),
          lockId: int(r.lock_id),
          amount: opt(r.amount),
          stake: opt(r.stake),
          reward1: opt(r.reward1),
          reward2: opt(r.reward2),
          shares: opt(r.shares),
        })),
        nextCursor,
      }
    },
  )
}
