// The DEX's events: PoolCreated, Swap (one per hop), LiquidityAdded, LiquidityRemoved and
// FeesCollected. Reserves follow from the events exactly as the contract moves them: a swap adds
// amountIn − protocolFee to the input side and takes amountOut from the other; adds and removes
// move amountA/amountB; fee collections leave reserves alone (protocol fees sit outside them).
import { fetchPool, DEX_SPEC, eventDecoders } from '@grove/sdk'
import type { DecodedEvent, DexEventArgs } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import { CandleAccumulator } from '../candles.ts'
import { pricePaths, pricesAlong, spotPrice, type PoolReserves } from '../prices.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'

interface PoolRow {
  id: number
  assetA: number
  assetB: number
  feeBps: number
  creator: string
  createdRound: number
  createdTime: number
  reserveA: bigint
  reserveB: bigint
  lpIssued: bigint
  updatedRound: number
}

interface AssetRow {
  id: number
  unitName: string | null
  name: string | null
  decimals: number
}

/** ALGO as an asset row. */
const ALGO_ASSET: AssetRow = { id: 0, unitName: 'ALGO', name: 'Algo', decimals: 6 }

/** The DEX module. */
export const dexModule: ContractModule = {
  name: 'dex',
  appIds: (d) => [d.dexAppId],
  decoders: eventDecoders(DEX_SPEC),
  begin: async (sql, ctx) => DexBatch.load(sql, ctx),
}

class DexBatch implements ModuleBatch {
  private readonly byPair = new Map<string, PoolRow>()
  private readonly dirty = new Set<PoolRow>()
  private readonly newAssets: AssetRow[] = []
  private readonly swaps: unknown[][] = []
  private readonly liquidity: unknown[][] = []
  private readonly fees: unknown[][] = []
  private readonly candles = new CandleAccumulator()
  /** Reserve changes (each swap and liquidity row carries the reserves after it: see the pool_reserves view). */
  private changes = 0
  /** Swap events seen per app call, for each hop's number. */
  private readonly hops = new Map<string, number>()

  private constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
    private readonly assets: Map<number, AssetRow>,
    pools: PoolRow[],
  ) {
    for (const p of pools) this.byPair.set(`${p.assetA}/${p.assetB}`, p)
  }

  static async load(sql: Sql, ctx: ModuleContext): Promise<DexBatch> {
    const assets = await sql.query<{ id: number; unit_name: string | null; name: string | null; decimals: number }>('SELECT id, unit_name, name, decimals FROM assets')
    const pools = await sql.query<Record<string, string | number>>('SELECT * FROM pools')
    return new DexBatch(
      sql,
      ctx,
      new Map(assets.map((a) => [a.id, { id: a.id, unitName: a.unit_name, name: a.name, decimals: a.decimals }])),
      pools.map((p) => ({
        id: Number(p.id),
        assetA: Number(p.asset_a),
        assetB: Number(p.asset_b),
        feeBps: Number(p.fee_bps),
        creator: String(p.creator),
        createdRound: Number(p.created_round),
        createdTime: Number(p.created_time),
        reserveA: BigInt(p.reserve_a!),
        reserveB: BigInt(p.reserve_b!),
        lpIssued: BigInt(p.lp_issued!),
        updatedRound: Number(p.updated_round),
      })),
    )
  }

  async handle(event: DecodedEvent, at: EventPosition): Promise<void> {
    const e = event as { name: keyof DexEventArgs; args: DexEventArgs[keyof DexEventArgs] }
    switch (e.name) {
      case 'PoolCreated':
        return this.poolCreated(e.args as DexEventArgs['PoolCreated'], at)
      case 'Swap':
        return this.swap(e.args as DexEventArgs['Swap'], at)
      case 'LiquidityAdded':
        return this.liquidityChanged('add', e.args as DexEventArgs['LiquidityAdded'], at)
      case 'LiquidityRemoved':
        return this.liquidityChanged('remove', e.args as DexEventArgs['LiquidityRemoved'], at)
      case 'FeesCollected':
        return this.feesCollected(e.args as DexEventArgs['FeesCollected'], at)
    }
  }

  private decimals = (asset: number): number => this.assets.get(asset)?.decimals ?? 0

  private pool(x: bigint, y: bigint): PoolRow {
    const [a, b] = x < y ? [x, y] : [y, x]
    const pool = this.byPair.get(`${a}/${b}`)
    if (!pool) throw new Error(`The DEX logged an event of pool ${a}/${b} before its PoolCreated event.`)
    return pool
  }

  /** An asset's unit name, name and decimals from algod (once per asset); a destroyed asset keeps 0 decimals. */
  private async ensureAsset(id: number): Promise<void> {
    if (this.assets.has(id)) return
    let row: AssetRow = { id, unitName: null, name: null, decimals: 0 }
    if (id === 0) row = ALGO_ASSET
    else {
      try {
        const info = await this.ctx.algod.getAssetByID(id).do()
        row = { id, unitName: info.params?.unitName ?? null, name: info.params?.name ?? null, decimals: info.params?.decimals ?? 0 }
      } catch {
        // a destroyed asset: amounts stay raw
      }
    }
    this.assets.set(id, row)
    this.newAssets.push(row)
  }

  private async poolCreated(args: DexEventArgs['PoolCreated'], at: EventPosition): Promise<void> {
    await Promise.all([this.ensureAsset(Number(args.a)), this.ensureAsset(Number(args.b)), this.ensureAsset(Number(args.lpAsset))])
    // the fee is not in the event: the pool's box holds it (today's value; setPoolFee logs nothing)
    const state = await fetchPool(this.ctx.algod, this.ctx.deployment.dexAppId, args.a, args.b).catch(() => undefined)
    const pool: PoolRow = {
      id: Number(args.lpAsset),
      assetA: Number(args.a),
      assetB: Number(args.b),
      feeBps: Number(state?.feeBps ?? 30n),
      creator: args.creator,
      createdRound: at.round,
      createdTime: at.time,
      reserveA: 0n,
      reserveB: 0n,
      lpIssued: 0n,
      updatedRound: at.round,
    }
    this.byPair.set(`${pool.assetA}/${pool.assetB}`, pool)
    this.dirty.add(pool)
    this.usd = undefined
  }

  /** USD prices along paths that change only when a pool appears, fills or empties (so every run of the same events values them alike). */
  private usd?: (asset: number) => number | undefined

  private usdPrice(asset: number): number | undefined {
    const stable = this.ctx.deployment.stableAssetId
    if (stable === undefined) return undefined
    // PoolRow has assetA/assetB/reserveA/reserveB/id: the paths read the live rows' reserves
    this.usd ??= pricesAlong(pricePaths([...this.byPair.values()] as PoolReserves[], Number(stable)), this.decimals)
    return this.usd(asset)
  }

  private usdValue(asset: number, amount: bigint): number | undefined {
    const price = this.usdPrice(asset)
    return price === undefined ? undefined : (Number(amount) / 10 ** this.decimals(asset)) * price
  }

  private changed(pool: PoolRow, at: EventPosition): void {
    pool.updatedRound = at.round
    this.dirty.add(pool)
    this.changes++
  }

  private swap(args: DexEventArgs['Swap'], at: EventPosition): void {
    const pool = this.pool(args.assetIn, args.assetOut)
    const aToB = Number(args.assetIn) === pool.assetA
    const added = args.amountIn - args.protocolFee
    if (aToB) {
      pool.reserveA += added
      pool.reserveB -= args.amountOut
    } else {
      pool.reserveB += added
      pool.reserveA -= args.amountOut
    }
    this.changed(pool, at)
    const callKey = `${at.round}/${at.intra}`
    const hop = this.hops.get(callKey) ?? 0
    this.hops.set(callKey, hop + 1)
    const price = spotPrice(pool.reserveA, pool.reserveB, this.decimals(pool.assetA), this.decimals(pool.assetB)) ?? 0
    const volumeUsd = this.usdValue(Number(args.assetIn), args.amountIn) ?? this.usdValue(Number(args.assetOut), args.amountOut) ?? null
    this.swaps.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, hop, pool.id, args.trader,
      Number(args.assetIn), Number(args.assetOut), String(args.amountIn), String(args.amountOut), String(args.protocolFee),
      String(pool.reserveA), String(pool.reserveB), price, volumeUsd,
    ])
    this.candles.add({ poolId: pool.id, time: at.time, price, aToB, amountIn: args.amountIn, amountOut: args.amountOut, volumeUsd: volumeUsd ?? 0 })
  }

  private liquidityChanged(kind: 'add' | 'remove', args: DexEventArgs['LiquidityAdded'], at: EventPosition): void {
    const pool = this.pool(args.a, args.b)
    const sign = kind === 'add' ? 1n : -1n
    const wasEmpty = pool.reserveA === 0n || pool.reserveB === 0n
    pool.reserveA += sign * args.amountA
    pool.reserveB += sign * args.amountB
    pool.lpIssued += sign * args.lp
    if (wasEmpty !== (pool.reserveA === 0n || pool.reserveB === 0n)) this.usd = undefined
    this.changed(pool, at)
    this.liquidity.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, pool.id, kind, args.provider,
      String(args.amountA), String(args.amountB), String(args.lp), String(pool.reserveA), String(pool.reserveB),
    ])
  }

  private feesCollected(args: DexEventArgs['FeesCollected'], at: EventPosition): void {
    const pool = this.pool(args.a, args.b)
    this.fees.push([at.round, at.intra, at.logIndex, at.time, at.txnId, pool.id, String(args.amountA), String(args.amountB), args.treasury])
  }

  async flush(): Promise<void> {
    const sql = this.sql
    await insertRows(sql, 'assets', ['id', 'unit_name', 'name', 'decimals'], this.newAssets.map((a) => [a.id, a.unitName, a.name, a.decimals]), 'ON CONFLICT (id) DO NOTHING')
    await insertRows(
      sql,
      'pools',
      ['id', 'asset_a', 'asset_b', 'fee_bps', 'creator', 'created_round', 'created_time', 'reserve_a', 'reserve_b', 'lp_issued', 'updated_round'],
      [...this.dirty].map((p) => [p.id, p.assetA, p.assetB, p.feeBps, p.creator, p.createdRound, p.createdTime, String(p.reserveA), String(p.reserveB), String(p.lpIssued), p.updatedRound]),
      `ON CONFLICT (id) DO UPDATE SET reserve_a = excluded.reserve_a, reserve_b = excluded.reserve_b, lp_issued = excluded.lp_issued, updated_round = excluded.updated_round`,
    )
    await insertRows(
      sql,
      'swaps',
      ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'hop', 'pool_id', 'trader', 'asset_in', 'asset_out', 'amount_in', 'amount_out', 'protocol_fee', 'reserve_a', 'reserve_b', 'price', 'volume_usd'],
      this.swaps,
    )
    await insertRows(
      sql,
      'liquidity',
      ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'pool_id', 'kind', 'provider', 'amount_a', 'amount_b', 'lp', 'reserve_a', 'reserve_b'],
      this.liquidity,
    )
    await insertRows(sql, 'fee_collections', ['round', 'intra', 'log_index', 'time', 'txn_id', 'pool_id', 'amount_a', 'amount_b', 'treasury'], this.fees)
    await this.candles.flush(sql)
  }

  counts(): Record<string, number> {
    return { swaps: this.swaps.length, liquidity: this.liquidity.length, reserves: this.changes, fees: this.fees.length, candles: this.candles.size }
  }
}
