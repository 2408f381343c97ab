// One poll's pools of every venue (Grove's DEX and Tinyman v2), shared by the venues' batches: the
// assets, each pool's live reserves and the USD prices swaps are valued at, so a swap on one venue is
// priced along paths through the other's pools too (as /api/pools and the web price them), and the
// pools are written once, before any venue's swaps and liquidity rows that refer to them.
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { CandleAccumulator } from '../candles.ts'
import { poolSpotPrice, pricePaths, pricesAlong, pricingPools, type PoolReserves } from '../prices.ts'
import type { EventPosition, ModuleContext } from '../follower/module.ts'

/** Where a pool trades. */
export type VenueName = 'grove' | 'tinyman'

/** A pool's invariant (the pools table's kind). */
export type PoolKind = 'constant-product' | 'stable'

/** A pool's row as the batches keep it. */
export interface PoolRow {
  id: number
  venue: VenueName
  /** The pool's invariant: Grove's Stable app's pools are 'stable' (default constant product). */
  kind?: PoolKind
  /** A stable pool's amplifier A (not times 100) as of its last event; undefined for constant product. */
  amp?: number
  /** Tinyman: the pool's account; null for Grove's. */
  address: string | null
  assetA: number
  assetB: number
  feeBps: number
  creator: string
  createdRound: number
  createdTime: number
  reserveA: bigint
  reserveB: bigint
  lpIssued: bigint
  /** Tinyman: protocol fees held apart from the reserves (0 for Grove's). */
  protocolFeesA: bigint
  protocolFeesB: bigint
  updatedRound: number
}

/** An asset's row. */
export interface AssetRow {
  id: number
  unitName: string | null
  name: string | null
  decimals: number
}

/** ALGO as an asset row. */
const ALGO_ASSET: AssetRow = { id: 0, unitName: 'ALGO', name: 'Algo', decimals: 6 }

/** A pool as it is created, on any venue: nothing in it yet, made and updated at `at`. */
export function emptyPool(identity: Omit<PoolRow, 'createdRound' | 'createdTime' | 'reserveA' | 'reserveB' | 'lpIssued' | 'protocolFeesA' | 'protocolFeesB' | 'updatedRound'>, at: EventPosition): PoolRow {
  return { ...identity, createdRound: at.round, createdTime: at.time, reserveA: 0n, reserveB: 0n, lpIssued: 0n, protocolFeesA: 0n, protocolFeesB: 0n, updatedRound: at.round }
}

/**
 * One Grove app's pools by pair and fee tier ("a/b/feeBps"), the way its events name them; `kind`
 * tells the DEX's (constant product) from the Stable app's in the shared book.
 */
export class GrovePools {
  private readonly byPair = new Map<string, PoolRow>()

  constructor(
    private readonly book: PoolBook,
    private readonly kind: PoolKind,
    /** The app as an error names it ("The DEX", "The Stable app"). */
    private readonly app: string,
  ) {
    for (const p of book.pools.values()) if (p.venue === 'grove' && (p.kind ?? 'constant-product') === kind) this.set(p)
  }

  /** The pool of a pair in either order and a fee tier; an event before its pool's PoolCreated is a follower bug, said so. */
  get(x: bigint, y: bigint, feeBps: bigint): PoolRow {
    const [a, b] = x < y ? [x, y] : [y, x]
    const pool = this.byPair.get(`${a}/${b}/${feeBps}`)
    if (!pool) throw new Error(`${this.app} logged an event of pool ${a}/${b} (${feeBps} bps) before its PoolCreated event.`)
    return pool
  }

  /** A pool its PoolCreated event made: empty, its assets known to the book, added to the book and this index. */
  async created(args: { a: bigint; b: bigint; lpAsset: bigint; feeBps: bigint; creator: string }, at: EventPosition, extra: Pick<PoolRow, 'amp'> = {}): Promise<PoolRow> {
    await Promise.all([args.a, args.b, args.lpAsset].map((id) => this.book.ensureAsset(Number(id))))
    // the event names the tier, which is the pool's fee for good (no call changes it)
    const pool = emptyPool(
      { id: Number(args.lpAsset), venue: 'grove', ...(this.kind === 'stable' ? { kind: 'stable' as const } : {}), ...extra, address: null, assetA: Number(args.a), assetB: Number(args.b), feeBps: Number(args.feeBps), creator: args.creator },
      at,
    )
    this.set(pool)
    this.book.add(pool)
    return pool
  }

  private set(pool: PoolRow): void {
    this.byPair.set(`${pool.assetA}/${pool.assetB}/${pool.feeBps}`, pool)
  }
}

const books = new WeakMap<ModuleContext, Promise<PoolBook>>()

/** The pools of every venue for one poll (one per poll context: its batches share it). */
export class PoolBook {
  /** Every pool by id (its LP asset). */
  readonly pools = new Map<number, PoolRow>()
  private readonly dirty = new Set<PoolRow>()
  private readonly newAssets: AssetRow[] = []
  /** USD prices along paths (through the pricing pools: prices.ts) that change only when a pool appears, fills or empties (so every run of the same events values them alike). */
  private usd?: (asset: number) => number | undefined

  private constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
    private readonly assets: Map<number, AssetRow>,
    pools: PoolRow[],
  ) {
    for (const p of pools) this.pools.set(p.id, p)
  }

  /** The poll's book, loaded on the first call with this poll's context. */
  static of(sql: Sql, ctx: ModuleContext): Promise<PoolBook> {
    let book = books.get(ctx)
    if (!book) books.set(ctx, (book = PoolBook.load(sql, ctx)))
    return book
  }

  private static async load(sql: Sql, ctx: ModuleContext): Promise<PoolBook> {
    const assets = await sql.query<{ id: number; unit_name: string | null; name: string | null; decimals: number }>('SELECT id, unit_name, name, decimals FROM assets')
    const pools = await sql.query<Record<string, string | number | null>>('SELECT * FROM pools')
    return new PoolBook(
      sql,
      ctx,
      new Map(assets.map((a) => [a.id, { id: a.id, unitName: a.unit_name, name: a.name, decimals: a.decimals }])),
      pools.map((p) => ({
        id: Number(p.id),
        venue: p.venue as VenueName,
        kind: p.kind === 'stable' ? 'stable' : 'constant-product',
        ...(p.amp === null || p.amp === undefined ? {} : { amp: Number(p.amp) }),
        address: p.address === null ? null : String(p.address),
        assetA: Number(p.asset_a),
        assetB: Number(p.asset_b),
        feeBps: Number(p.fee_bps),
        creator: String(p.creator),
        createdRound: Number(p.created_round),
        createdTime: Number(p.created_time),
        reserveA: BigInt(p.reserve_a!),
        reserveB: BigInt(p.reserve_b!),
        lpIssued: BigInt(p.lp_issued!),
        protocolFeesA: BigInt(p.protocol_fees_a!),
        protocolFeesB: BigInt(p.protocol_fees_b!),
        updatedRound: Number(p.updated_round),
      })),
    )
  }

  decimals = (asset: number): number => this.assets.get(asset)?.decimals ?? 0

  /** An asset's unit name, name and decimals from algod (once per asset); a destroyed asset keeps 0 decimals. */
  async ensureAsset(id: number): Promise<void> {
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

  /** Adds a new pool (its assets known) and reprices. */
  add(pool: PoolRow): void {
    this.pools.set(pool.id, pool)
    this.dirty.add(pool)
    this.usd = undefined
  }

  /** Marks a pool's reserves changed at `at`, repricing when it filled or emptied. */
  changed(pool: PoolRow, at: EventPosition, wasEmpty: boolean): void {
    pool.updatedRound = at.round
    this.dirty.add(pool)
    if (wasEmpty !== (pool.reserveA === 0n || pool.reserveB === 0n)) this.usd = undefined
  }

  private usdPrice(asset: number): number | undefined {
    const stable = this.ctx.deployment.stableAssetId
    if (stable === undefined) return undefined
    // PoolRow has assetA/assetB/reserveA/reserveB/id: the paths read the live rows' reserves, a stable pool's priced by its invariant
    const priceOf = (p: PoolReserves) => poolSpotPrice(p.reserveA, p.reserveB, this.decimals(p.assetA), this.decimals(p.assetB), (p as PoolRow).amp)
    this.usd ??= pricesAlong(pricePaths(pricingPools([...this.pools.values()], this.ctx.deployment) as PoolReserves[], Number(stable)), this.decimals, priceOf)
    return this.usd(asset)
  }

  /** `amount` of `asset` in USD at the current prices (undefined without a price). */
  usdValue(asset: number, amount: bigint): number | undefined {
    const price = this.usdPrice(asset)
    return price === undefined ? undefined : (Number(amount) / 10 ** this.decimals(asset)) * price
  }

  /** Writes the new assets and the changed pools (the first venue batch to flush writes them all; the rest find nothing left). */
  async flush(): Promise<void> {
    const sql = this.sql
    await insertRows(sql, 'assets', ['id', 'unit_name', 'name', 'decimals'], this.newAssets.map((a) => [a.id, a.unitName, a.name, a.decimals]), 'ON CONFLICT (id) DO NOTHING')
    await insertRows(
      sql,
      'pools',
      ['id', 'venue', 'kind', 'amp', 'address', 'asset_a', 'asset_b', 'fee_bps', 'creator', 'created_round', 'created_time', 'reserve_a', 'reserve_b', 'lp_issued', 'protocol_fees_a', 'protocol_fees_b', 'updated_round'],
      [...this.dirty].map((p) => [
        p.id, p.venue, p.kind ?? 'constant-product', p.amp ?? null, p.address, p.assetA, p.assetB, p.feeBps, p.creator, p.createdRound, p.createdTime,
        String(p.reserveA), String(p.reserveB), String(p.lpIssued), String(p.protocolFeesA), String(p.protocolFeesB), p.updatedRound,
      ]),
      `ON CONFLICT (id) DO UPDATE SET reserve_a = excluded.reserve_a, reserve_b = excluded.reserve_b, lp_issued = excluded.lp_issued,
        protocol_fees_a = excluded.protocol_fees_a, protocol_fees_b = excluded.protocol_fees_b, fee_bps = excluded.fee_bps, amp = excluded.amp, updated_round = excluded.updated_round`,
    )
    this.newAssets.length = 0
    this.dirty.clear()
  }
}

/** The swaps table's columns, in the order every venue's module fills a swap row. */
const SWAP_COLUMNS = ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'hop', 'pool_id', 'trader', 'asset_in', 'asset_out', 'amount_in', 'amount_out', 'protocol_fee', 'reserve_a', 'reserve_b', 'price', 'volume_usd', 'fee', 'fee_usd']

/** A swap's fee at its pool's rate, ⌈amountIn · feeBps / 10,000⌉ of the input (the DEX's rounding), and its USD value (null unpriced): a swap row's last two columns. */
export function swapFee(book: PoolBook, pool: PoolRow, assetIn: number, amountIn: bigint): [string, number | null] {
  const fee = (amountIn * BigInt(pool.feeBps) + 9_999n) / 10_000n
  return [String(fee), book.usdValue(assetIn, fee) ?? null]
}
/** The liquidity table's columns, in the order every venue's module fills a liquidity row. */
const LIQUIDITY_COLUMNS = ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'pool_id', 'kind', 'provider', 'amount_a', 'amount_b', 'lp', 'reserve_a', 'reserve_b']

/**
 * Writes what a venue's module read in one batch: the shared book's pools first (its swaps and
 * liquidity rows refer to them), then those rows and the candles they moved.
 */
export async function flushPoolRows(sql: Sql, book: PoolBook, swaps: unknown[][], liquidity: unknown[][], candles: CandleAccumulator): Promise<void> {
  await book.flush()
  await insertRows(sql, 'swaps', SWAP_COLUMNS, swaps)
  await insertRows(sql, 'liquidity', LIQUIDITY_COLUMNS, liquidity)
  await candles.flush(sql)
}

/** What a flash's verify logs, loan or swap alike: out of the pool, back in, the fee on it and the protocol's share. */
export interface FlashFigures {
  account: string
  outA: bigint
  outB: bigint
  inA: bigint
  inB: bigint
  feeA: bigint
  feeB: bigint
  protocolFeeA: bigint
  protocolFeeB: bigint
}

export const FLASH_COLUMNS = [
  'round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'pool_id', 'kind', 'account',
  'out_a', 'out_b', 'in_a', 'in_b', 'fee_a', 'fee_b', 'protocol_fee_a', 'protocol_fee_b', 'reserve_a', 'reserve_b', 'fee_usd',
]

/** The USD value of a fee on both sides: a side of 0 counts 0 even unpriced; null when a side with a fee has no price. */
export function sumOrNull(usdA: number | undefined, usdB: number | undefined, feeA: bigint, feeB: bigint): number | null {
  if ((usdA === undefined && feeA > 0n) || (usdB === undefined && feeB > 0n)) return null
  return (usdA ?? 0) + (usdB ?? 0)
}

/** A row of `flashes` for a flash of `pool` settled at `at`: its figures, the reserves after and the fee's USD value. */
export function flashRow(book: PoolBook, pool: PoolRow, kind: 'loan' | 'swap', f: FlashFigures, at: EventPosition): unknown[] {
  const feeUsd = sumOrNull(book.usdValue(pool.assetA, f.feeA), book.usdValue(pool.assetB, f.feeB), f.feeA, f.feeB)
  return [
    at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, pool.id, kind, f.account,
    ...[f.outA, f.outB, f.inA, f.inB, f.feeA, f.feeB, f.protocolFeeA, f.protocolFeeB, pool.reserveA, pool.reserveB].map(String), feeUsd,
  ]
}
