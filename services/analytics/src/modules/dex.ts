// The DEX's events: PoolCreated, Swap (one per hop), LiquidityAdded, LiquidityRemoved,
// FeesCollected, FlashLoan and FlashSwap, each naming its pool by pair and fee tier (feeBps) (a flash's verify moves the reserves once: a row of
// `flashes`, with its fee). Reserves follow from the events exactly as the contract moves them: a swap adds
// amountIn − protocolFee to the input side and takes amountOut from the other; adds and removes
// move amountA/amountB; fee collections leave reserves alone (protocol fees sit outside them).
import { DEX_SPEC, eventDecoders } from '@grove/sdk'
import type { DecodedEvent, DexEventArgs } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import { CandleAccumulator } from '../candles.ts'
import { spotPrice } from '../prices.ts'
import { FLASH_COLUMNS, flashRow, flushPoolRows, GrovePools, PoolBook, sumOrNull, swapFee, type FlashFigures, type PoolRow } from './pool-book.ts'
import type { ContractModule, EventPosition, ModuleBatch } from '../follower/module.ts'

/** The DEX module. */
export const dexModule: ContractModule = {
  name: 'dex',
  appIds: (d) => (d.dexAppId ? [d.dexAppId] : []),
  decoders: eventDecoders(DEX_SPEC),
  begin: async (sql, ctx) => new DexBatch(sql, await PoolBook.of(sql, ctx)),
}

class DexBatch implements ModuleBatch {
  private readonly swaps: unknown[][] = []
  private readonly liquidity: unknown[][] = []
  private readonly fees: unknown[][] = []
  private readonly flashes: unknown[][] = []
  private readonly candles = new CandleAccumulator()
  /** Reserve changes (each swap and liquidity row carries the reserves after it: see the pool_reserves view). */
  private changes = 0
  /** Grove's constant-product pools by pair and fee tier (Tinyman's and the Stable app's share the book, not this index). */
  private readonly grovePools: GrovePools
  /** Swap events seen per app call, for each hop's number. */
  private readonly hops = new Map<string, number>()

  constructor(
    private readonly sql: Sql,
    private readonly book: PoolBook,
  ) {
    this.grovePools = new GrovePools(book, 'constant-product', 'The DEX')
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
      case 'FlashLoan': {
        const f = e.args as DexEventArgs['FlashLoan']
        return this.flashSettled('loan', f.a, f.b, f.feeBps, { account: f.borrower, outA: f.amountA, outB: f.amountB, inA: f.repaidA, inB: f.repaidB, ...f }, at)
      }
      case 'FlashSwap': {
        const f = e.args as DexEventArgs['FlashSwap']
        return this.flashSettled('swap', f.a, f.b, f.feeBps, { account: f.trader, ...f }, at)
      }
    }
  }

  private decimals = (asset: number): number => this.book.decimals(asset)

  private pool(x: bigint, y: bigint, feeBps: bigint): PoolRow {
    return this.grovePools.get(x, y, feeBps)
  }

  private async poolCreated(args: DexEventArgs['PoolCreated'], at: EventPosition): Promise<void> {
    await this.grovePools.created(args, at)
  }

  private changed(pool: PoolRow, at: EventPosition, wasEmpty: boolean): void {
    this.book.changed(pool, at, wasEmpty)
    this.changes++
  }

  private swap(args: DexEventArgs['Swap'], at: EventPosition): void {
    const pool = this.pool(args.assetIn, args.assetOut, args.feeBps)
    const aToB = Number(args.assetIn) === pool.assetA
    const added = args.amountIn - args.protocolFee
    const wasEmpty = pool.reserveA === 0n || pool.reserveB === 0n
    if (aToB) {
      pool.reserveA += added
      pool.reserveB -= args.amountOut
    } else {
      pool.reserveB += added
      pool.reserveA -= args.amountOut
    }
    this.changed(pool, at, wasEmpty)
    const callKey = `${at.round}/${at.intra}`
    const hop = this.hops.get(callKey) ?? 0
    this.hops.set(callKey, hop + 1)
    const price = spotPrice(pool.reserveA, pool.reserveB, this.decimals(pool.assetA), this.decimals(pool.assetB)) ?? 0
    const volumeUsd = this.book.usdValue(Number(args.assetIn), args.amountIn) ?? this.book.usdValue(Number(args.assetOut), args.amountOut) ?? null
    this.swaps.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, hop, pool.id, args.trader,
      Number(args.assetIn), Number(args.assetOut), String(args.amountIn), String(args.amountOut), String(args.protocolFee),
      String(pool.reserveA), String(pool.reserveB), price, volumeUsd, ...swapFee(this.book, pool, Number(args.assetIn), args.amountIn),
    ])
    this.candles.add({ poolId: pool.id, time: at.time, price, aToB, amountIn: args.amountIn, amountOut: args.amountOut, volumeUsd: volumeUsd ?? 0 })
  }

  private liquidityChanged(kind: 'add' | 'remove', args: DexEventArgs['LiquidityAdded'], at: EventPosition): void {
    const pool = this.pool(args.a, args.b, args.feeBps)
    const sign = kind === 'add' ? 1n : -1n
    const wasEmpty = pool.reserveA === 0n || pool.reserveB === 0n
    pool.reserveA += sign * args.amountA
    pool.reserveB += sign * args.amountB
    pool.lpIssued += sign * args.lp
    this.changed(pool, at, wasEmpty)
    this.liquidity.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, pool.id, kind, args.provider,
      String(args.amountA), String(args.amountB), String(args.lp), String(pool.reserveA), String(pool.reserveB),
    ])
  }

  /** A flash's verify moves each reserve by what came in less what went out and the protocol's share (the contract's one write); its row keeps the fee and the reserves after. */
  private flashSettled(kind: 'loan' | 'swap', a: bigint, b: bigint, feeBps: bigint, f: FlashFigures, at: EventPosition): void {
    const pool = this.pool(a, b, feeBps)
    pool.reserveA += f.inA - f.outA - f.protocolFeeA
    pool.reserveB += f.inB - f.outB - f.protocolFeeB
    this.changed(pool, at, false)
    if (kind === 'swap') {
      // a flash swap is a trade (the price moves by what it took and paid); a loan repaid with its fee is not
      const price = spotPrice(pool.reserveA, pool.reserveB, this.decimals(pool.assetA), this.decimals(pool.assetB)) ?? 0
      const volumeUsd = sumOrNull(this.book.usdValue(pool.assetA, f.inA), this.book.usdValue(pool.assetB, f.inB), f.inA, f.inB) ?? 0
      this.candles.trade({ poolId: pool.id, time: at.time, price, soldA: f.inA, soldB: f.inB, boughtA: f.outA, boughtB: f.outB, volumeUsd })
    }
    this.flashes.push(flashRow(this.book, pool, kind, f, at))
  }

  private feesCollected(args: DexEventArgs['FeesCollected'], at: EventPosition): void {
    const pool = this.pool(args.a, args.b, args.feeBps)
    this.fees.push([at.round, at.intra, at.logIndex, at.time, at.txnId, pool.id, String(args.amountA), String(args.amountB), args.treasury])
  }

  async flush(): Promise<void> {
    await flushPoolRows(this.sql, this.book, this.swaps, this.liquidity, this.candles)
    await insertRows(this.sql, 'fee_collections', ['round', 'intra', 'log_index', 'time', 'txn_id', 'pool_id', 'amount_a', 'amount_b', 'treasury'], this.fees)
    await insertRows(this.sql, 'flashes', FLASH_COLUMNS, this.flashes)
  }

  counts(): Record<string, number> {
    return { swaps: this.swaps.length, liquidity: this.liquidity.length, flashes: this.flashes.length, reserves: this.changes, fees: this.fees.length, candles: this.candles.size }
  }
}
