// The Stable app's events (issue 37): PoolCreated, Swap, LiquidityAdded, LiquidityRemoved,
// FeesCollected and FlashLoan (a row of `flashes`, with its fee), each naming its pool by pair and fee tier. Its pools are Grove's (venue 'grove') of kind
// 'stable', in the same pools, swaps, liquidity, fee_collections and candles tables as the DEX's, so
// /api/pools, swaps, volume, candles, fee tiers and liquidity read them alike.
// A pool's reserves here are what its LPs own: the box's reserves plus the LPs' swap fees it holds off
// the curve until the next add folds them in (a remove pays out both), so they follow from the events
// exactly: a swap adds amountIn to the input side and takes amountOut and the protocol's share of the fee
// (protocolFee, held apart) from the output side; adds and removes move amountA/amountB. A swap's price
// is the invariant's marginal price at those reserves (StableSwap's, not the reserves' ratio), at A as
// the pool's box ramps it (read from algod once per pool and poll: A changes only by the admin's ramps).
import { eventDecoders, stable, type DecodedEvent } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import { CandleAccumulator } from '../candles.ts'
import { FLASH_COLUMNS, flashRow, flushPoolRows, GrovePools, PoolBook, swapFee, type PoolRow } from './pool-book.ts'
import { stableSpotPrice } from '../prices.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'

/** The Stable module. */
export const stableModule: ContractModule = {
  name: 'stable',
  appIds: (d) => (d.stablePoolsAppId ? [d.stablePoolsAppId] : []),
  decoders: eventDecoders(stable.STABLE_SPEC),
  begin: async (sql, ctx) => new StableBatch(sql, ctx, await PoolBook.of(sql, ctx)),
}

type StableEventArgs = stable.StableEventArgs

/** A's ramp as a pool's box keeps it (A times 100). */
type Ramp = Pick<stable.StablePoolState, 'initialA' | 'futureA' | 'initialTime' | 'futureTime'>

class StableBatch implements ModuleBatch {
  /** The Stable app's pools by pair and fee tier. */
  private readonly grovePools: GrovePools
  private readonly swaps: unknown[][] = []
  private readonly liquidity: unknown[][] = []
  private readonly fees: unknown[][] = []
  private readonly flashes: unknown[][] = []
  private readonly candles = new CandleAccumulator()
  /** Each pool's ramp of A, read once per batch from its box (or from its PoolCreated event). */
  private readonly ramps = new Map<number, Ramp | Promise<Ramp | undefined>>()
  private changes = 0

  constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
    private readonly book: PoolBook,
  ) {
    this.grovePools = new GrovePools(book, 'stable', 'The Stable app')
  }

  async handle(event: DecodedEvent, at: EventPosition): Promise<void> {
    const e = event as { name: keyof StableEventArgs; args: StableEventArgs[keyof StableEventArgs] }
    switch (e.name) {
      case 'PoolCreated':
        return this.poolCreated(e.args as StableEventArgs['PoolCreated'], at)
      case 'Swap':
        return this.swap(e.args as StableEventArgs['Swap'], at)
      case 'LiquidityAdded':
        return this.liquidityChanged('add', e.args as StableEventArgs['LiquidityAdded'], at)
      case 'LiquidityRemoved':
        return this.liquidityChanged('remove', e.args as StableEventArgs['LiquidityRemoved'], at)
      case 'FeesCollected':
        return this.feesCollected(e.args as StableEventArgs['FeesCollected'], at)
      case 'FlashLoan':
        return this.flashLoan(e.args as StableEventArgs['FlashLoan'], at)
      case 'RampA':
      case 'StopRampA': {
        // A's new line: read the box again when a later swap needs it
        const r = e.args as { a: bigint; b: bigint; feeBps: bigint }
        this.ramps.delete(this.pool(r.a, r.b, r.feeBps).id)
        return
      }
    }
  }

  private pool(x: bigint, y: bigint, feeBps: bigint): PoolRow {
    return this.grovePools.get(x, y, feeBps)
  }

  private async poolCreated(args: StableEventArgs['PoolCreated'], at: EventPosition): Promise<void> {
    const pool = await this.grovePools.created(args, at, { amp: Number(args.amp) / Number(stable.A_PRECISION) })
    this.ramps.set(pool.id, { initialA: args.amp, futureA: args.amp, initialTime: 0n, futureTime: 0n })
  }

  /** The pool's A (not times 100) at `time`, from its box's ramp; undefined when the box is gone. */
  private async ampAt(pool: PoolRow, time: number): Promise<number | undefined> {
    let ramp = this.ramps.get(pool.id)
    if (ramp === undefined) {
      const appId = this.ctx.deployment.stablePoolsAppId
      ramp = appId === undefined ? Promise.resolve(undefined) : stable.fetchStablePool(this.ctx.algod, appId, BigInt(pool.assetA), BigInt(pool.assetB), BigInt(pool.feeBps)).catch(() => undefined)
      this.ramps.set(pool.id, ramp)
    }
    const r = await ramp
    return r && Number(stable.ampAt(r, BigInt(time))) / Number(stable.A_PRECISION)
  }

  /** The pool's price after an event at `time` (its row keeps the A it was found at, for the API's prices). */
  private async price(pool: PoolRow, time: number): Promise<number> {
    const amp = await this.ampAt(pool, time)
    if (amp !== undefined) pool.amp = amp
    const x = Number(pool.reserveA) / 10 ** this.book.decimals(pool.assetA)
    const y = Number(pool.reserveB) / 10 ** this.book.decimals(pool.assetB)
    return (amp === undefined ? undefined : stableSpotPrice(x, y, amp)) ?? 0
  }

  private changed(pool: PoolRow, at: EventPosition, wasEmpty: boolean): void {
    this.book.changed(pool, at, wasEmpty)
    this.changes++
  }

  private async swap(args: StableEventArgs['Swap'], at: EventPosition): Promise<void> {
    const pool = this.pool(args.assetIn, args.assetOut, args.feeBps)
    const aToB = Number(args.assetIn) === pool.assetA
    const taken = args.amountOut + args.protocolFee
    const wasEmpty = pool.reserveA === 0n || pool.reserveB === 0n
    if (aToB) {
      pool.reserveA += args.amountIn
      pool.reserveB -= taken
      pool.protocolFeesB += args.protocolFee
    } else {
      pool.reserveB += args.amountIn
      pool.reserveA -= taken
      pool.protocolFeesA += args.protocolFee
    }
    this.changed(pool, at, wasEmpty)
    const price = await this.price(pool, at.time)
    const volumeUsd = this.book.usdValue(Number(args.assetIn), args.amountIn) ?? this.book.usdValue(Number(args.assetOut), args.amountOut) ?? null
    // the fee column in the input's units, as every swap row's (⌈amountIn · fee⌉); its USD value is the fee the contract took, off the output
    const [fee, feeUsdOfInput] = swapFee(this.book, pool, Number(args.assetIn), args.amountIn)
    const feeUsd = this.book.usdValue(Number(args.assetOut), args.fee) ?? feeUsdOfInput
    // one Swap per call (the Stable app does not route): hop 0
    this.swaps.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, 0, pool.id, args.trader,
      Number(args.assetIn), Number(args.assetOut), String(args.amountIn), String(args.amountOut), String(args.protocolFee),
      String(pool.reserveA), String(pool.reserveB), price, volumeUsd, fee, feeUsd,
    ])
    this.candles.add({ poolId: pool.id, time: at.time, price, aToB, amountIn: args.amountIn, amountOut: args.amountOut, volumeUsd: volumeUsd ?? 0 })
  }

  private async liquidityChanged(kind: 'add' | 'remove', args: StableEventArgs['LiquidityAdded'], at: EventPosition): Promise<void> {
    const pool = this.pool(args.a, args.b, args.feeBps)
    const sign = kind === 'add' ? 1n : -1n
    const wasEmpty = pool.reserveA === 0n || pool.reserveB === 0n
    pool.reserveA += sign * args.amountA
    pool.reserveB += sign * args.amountB
    pool.lpIssued += sign * args.lp
    this.changed(pool, at, wasEmpty)
    await this.price(pool, at.time)
    this.liquidity.push([
      at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, pool.id, kind, args.provider,
      String(args.amountA), String(args.amountB), String(args.lp), String(pool.reserveA), String(pool.reserveB),
    ])
  }

  private feesCollected(args: StableEventArgs['FeesCollected'], at: EventPosition): void {
    const pool = this.pool(args.a, args.b, args.feeBps)
    pool.protocolFeesA -= args.amountA
    pool.protocolFeesB -= args.amountB
    this.book.changed(pool, at, false)
    this.fees.push([at.round, at.intra, at.logIndex, at.time, at.txnId, pool.id, String(args.amountA), String(args.amountB), args.treasury])
  }

  /**
   * A loan's verify: the box's reserves are back as they were, and the fee (with any overpayment) is the
   * LPs' off the curve (which these reserves count) but for the protocol's share, held apart as a swap's.
   */
  private flashLoan(args: StableEventArgs['FlashLoan'], at: EventPosition): void {
    const pool = this.pool(args.a, args.b, args.feeBps)
    pool.reserveA += args.repaidA - args.amountA - args.protocolFeeA
    pool.reserveB += args.repaidB - args.amountB - args.protocolFeeB
    pool.protocolFeesA += args.protocolFeeA
    pool.protocolFeesB += args.protocolFeeB
    this.changed(pool, at, false)
    this.flashes.push(flashRow(this.book, pool, 'loan', { account: args.borrower, outA: args.amountA, outB: args.amountB, inA: args.repaidA, inB: args.repaidB, ...args }, at))
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
