// Tinyman v2 as a venue the follower follows beside Grove's contracts (not one of CONTRACTS), from its
// published protocol, so the same module follows Tinyman's own validator on testnet and mainnet and the
// localnet's Tinyman v2-compatible one. A pool is a logic-sig account opted into the validator; its
// local state is the pool (asset_1_id > asset_2_id, so Grove's A side is asset 2). Each app call
// names its operation in its first argument and the pool in its accounts:
// - "bootstrap" (the pool's own opt-in): a new pool, its pool token in pool_token_asset_id;
// - "swap": a row from the protocol's log lines ("input_amount %i" ‖ uint64, …): what went in is
//   input_amount − change (the change of a fixed-output swap is refunded), what came out output_amount;
// - "add_initial_liquidity", "add_liquidity", "remove_liquidity": a liquidity row of what the
//   provider moved, reserves plus protocol fees being everything the pool holds of a side;
// - any other call (set_fee, claim_fees, flash loans) only moves the pool's state.
// Reserves, pool tokens, protocol fees and the fee are the values each call set in the pool's local
// state (algod's local deltas), so they equal the chain's after every call, whatever the operation.
import type { Sql } from '../db/database.ts'
import { CandleAccumulator } from '../candles.ts'
import { spotPrice } from '../prices.ts'
import { emptyPool, flushPoolRows, PoolBook, swapFee, type PoolRow } from './pool-book.ts'
import type { AppCall, ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'

/** Pool tokens Tinyman locks in the pool at its first liquidity (as Grove's DEX does): not in lp_issued. */
const LOCKED_POOL_TOKENS = 1000n

/** The Tinyman v2 venue module: the deployment's (or the network's) Tinyman v2 validator. */
export const tinymanModule: ContractModule = {
  name: 'tinyman',
  appIds: (d) => (d.tinymanAppId ? [d.tinymanAppId] : []),
  decoders: new Map(),
  begin: async (sql, ctx) => new TinymanBatch(sql, ctx, await PoolBook.of(sql, ctx)),
}

/** A Tinyman v2 log line "name %i" ‖ uint64 as [name, value]; undefined for any other log. */
export function tinymanLogLine(log: Uint8Array): [string, bigint] | undefined {
  if (log.length < 11) return undefined
  const name = Buffer.from(log.subarray(0, log.length - 8)).toString('latin1')
  if (!name.endsWith(' %i')) return undefined
  return [name.slice(0, -3), Buffer.from(log.subarray(log.length - 8)).readBigUInt64BE()]
}

/** A pool's state as local-state keys set it; the A side (lower id) is asset 2. */
interface PoolState {
  reserveA: bigint
  reserveB: bigint
  lpIssued: bigint
  protocolFeesA: bigint
  protocolFeesB: bigint
  feeBps: number
}

class TinymanBatch implements ModuleBatch {
  private readonly byAddress = new Map<string, PoolRow>()
  private readonly swaps: unknown[][] = []
  private readonly liquidity: unknown[][] = []
  private readonly candles = new CandleAccumulator()
  private changes = 0

  constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
    private readonly book: PoolBook,
  ) {
    for (const p of book.pools.values()) if (p.venue === 'tinyman' && p.address) this.byAddress.set(p.address, p)
  }

  handle(): void {}

  async call(call: AppCall, at: EventPosition): Promise<void> {
    const op = call.args[0] ? Buffer.from(call.args[0]).toString('latin1') : ''
    // the bootstrap's sender is the pool; every other operation names it first among the accounts
    const address = op === 'bootstrap' ? at.sender : call.accounts[0]
    if (!address) return
    const keys = call.localState.get(address) ?? new Map<string, bigint>()
    const pool = this.byAddress.get(address) ?? (await this.firstSeen(address, keys, at))
    if (!pool) return
    const before = { ...pool }
    this.apply(pool, keys)
    if (op === 'bootstrap') return
    const wasEmpty = before.reserveA === 0n || before.reserveB === 0n
    const moved = pool.reserveA !== before.reserveA || pool.reserveB !== before.reserveB || pool.lpIssued !== before.lpIssued
    if (moved || pool.feeBps !== before.feeBps) {
      this.book.changed(pool, at, wasEmpty)
      if (moved) this.changes++
    }
    if (op === 'swap') this.swap(pool, call.logs, at)
    else if (op === 'add_liquidity' || op === 'add_initial_liquidity' || op === 'remove_liquidity') this.liquidityChanged(op === 'remove_liquidity' ? 'remove' : 'add', pool, before, at)
  }

  /**
   * A pool met for the first time: at its bootstrap (its state in the call's deltas), or, when
   * following starts after it (a public network from a recent round), its assets, token and fee
   * from its state on algod now; undefined when it is not a pool.
   */
  private async firstSeen(address: string, keys: Map<string, bigint>, at: EventPosition): Promise<PoolRow | undefined> {
    let state = keys
    if (!keys.has('pool_token_asset_id')) {
      const info = await this.ctx.algod.accountApplicationInformation(address, at.appId).do().catch(() => undefined)
      state = new Map((info?.appLocalState?.keyValue ?? []).map((kv) => [Buffer.from(kv.key).toString('latin1'), BigInt(kv.value.uint)]))
      for (const [k, v] of keys) state.set(k, v)
    }
    const [asset1, asset2, token] = ['asset_1_id', 'asset_2_id', 'pool_token_asset_id'].map((k) => state.get(k))
    if (asset1 === undefined || asset2 === undefined || !token) return undefined
    await Promise.all([asset2, asset1, token].map((id) => this.book.ensureAsset(Number(id))))
    const pool = emptyPool({ id: Number(token), venue: 'tinyman', address, assetA: Number(asset2), assetB: Number(asset1), feeBps: Number(state.get('total_fee_share') ?? 30n), creator: at.sender }, at)
    // a pool met after its bootstrap starts from its state now; the call's own deltas then apply
    if (state !== keys) this.apply(pool, state)
    this.byAddress.set(address, pool)
    this.book.add(pool)
    return pool
  }

  /** Sets what the pool's local-state keys say (keys absent are unchanged). */
  private apply(pool: PoolState, keys: Map<string, bigint>): void {
    const get = (key: string, current: bigint) => keys.get(key) ?? current
    pool.reserveA = get('asset_2_reserves', pool.reserveA)
    pool.reserveB = get('asset_1_reserves', pool.reserveB)
    pool.protocolFeesA = get('asset_2_protocol_fees', pool.protocolFeesA)
    pool.protocolFeesB = get('asset_1_protocol_fees', pool.protocolFeesB)
    const issued = keys.get('issued_pool_tokens')
    if (issued !== undefined) pool.lpIssued = issued > LOCKED_POOL_TOKENS ? issued - LOCKED_POOL_TOKENS : 0n
    pool.feeBps = Number(get('total_fee_share', BigInt(pool.feeBps)))
  }

  private swap(pool: PoolRow, logs: Uint8Array[], at: EventPosition): void {
    const lines = new Map<string, bigint>()
    let first = -1
    logs.forEach((log, i) => {
      const line = tinymanLogLine(log)
      if (!line) return
      if (line[0] === 'input_asset_id' && first < 0) first = i
      lines.set(...line)
    })
    const need = (name: string) => {
      const v = lines.get(name)
      if (v === undefined) throw new Error(`A Tinyman v2 swap (${at.txnId}) logged no ${name} line.`)
      return v
    }
    const assetIn = Number(need('input_asset_id'))
    const amountIn = need('input_amount') - (lines.get('change') ?? 0n)
    const amountOut = need('output_amount')
    const protocolFee = lines.get('protocol_fee_amount') ?? 0n
    const aToB = assetIn === pool.assetA
    const assetOut = aToB ? pool.assetB : pool.assetA
    const price = spotPrice(pool.reserveA, pool.reserveB, this.book.decimals(pool.assetA), this.book.decimals(pool.assetB)) ?? 0
    const volumeUsd = this.book.usdValue(assetIn, amountIn) ?? this.book.usdValue(assetOut, amountOut) ?? null
    this.swaps.push([
      at.round, at.intra, first, at.time, at.txnId, at.groupId, 0, pool.id, at.sender,
      assetIn, assetOut, String(amountIn), String(amountOut), String(protocolFee),
      String(pool.reserveA), String(pool.reserveB), price, volumeUsd, ...swapFee(this.book, pool, assetIn, amountIn),
    ])
    this.candles.add({ poolId: pool.id, time: at.time, price, aToB, amountIn, amountOut, volumeUsd: volumeUsd ?? 0 })
  }

  /** What the provider moved of each side: all the pool holds of it is its reserve plus its protocol fees. */
  private liquidityChanged(kind: 'add' | 'remove', pool: PoolRow, before: PoolState, at: EventPosition): void {
    const sign = kind === 'add' ? 1n : -1n
    const amountA = sign * (pool.reserveA + pool.protocolFeesA - before.reserveA - before.protocolFeesA)
    const amountB = sign * (pool.reserveB + pool.protocolFeesB - before.reserveB - before.protocolFeesB)
    const lp = sign * (pool.lpIssued - before.lpIssued)
    this.liquidity.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, pool.id, kind, at.sender,
      String(amountA), String(amountB), String(lp), String(pool.reserveA), String(pool.reserveB),
    ])
  }

  async flush(): Promise<void> {
    await flushPoolRows(this.sql, this.book, this.swaps, this.liquidity, this.candles)
  }

  counts(): Record<string, number> {
    return { swaps: this.swaps.length, liquidity: this.liquidity.length, reserves: this.changes, candles: this.candles.size }
  }
}
