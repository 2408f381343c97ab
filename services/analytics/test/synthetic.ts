// Synthetic DEX events for tests and the bench: what the contract would log, computed with its
// constant-product math, fed through the DEX module exactly as the follower feeds it.
import type { Algodv2 } from 'algosdk'
import type { DecodedEvent } from '@grove/sdk'
import type { Database } from '../src/db/database.ts'
import type { Deployment } from '../src/config.ts'
import type { EventPosition } from '../src/follower/module.ts'
import { dexModule } from '../src/modules/dex.ts'
import { insertRows } from '../src/db/insert.ts'

/** An event and where it sits. */
export interface PlacedEvent {
  event: DecodedEvent
  at: EventPosition
}

export const TRADER = 'GD64YIY3TWGDMCNPP553DZPPR6LDUSFQOIJVFDPPXWEG3FVOJCCDBBHU5A'
export const PROVIDER = 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA'

/** A deployment for synthetic data: gUSD is asset 10. */
export const SYNTHETIC_DEPLOYMENT: Deployment = { network: 'localnet', dexAppId: 1000n, registryAppId: 999n, firstRound: 1n, stableAssetId: 10n }

/** Writes `events` through the DEX module in one transaction (with `assets` known beforehand). */
export async function ingest(db: Database, events: PlacedEvent[], assets: { id: number; unitName: string; decimals: number }[] = [], deployment = SYNTHETIC_DEPLOYMENT): Promise<void> {
  await db.transaction(async (sql) => {
    await insertRows(sql, 'assets', ['id', 'unit_name', 'name', 'decimals'], assets.map((a) => [a.id, a.unitName, a.unitName, a.decimals]), 'ON CONFLICT (id) DO NOTHING')
    const batch = await dexModule.begin(sql, { algod: {} as Algodv2, deployment })
    for (const e of events) await batch.handle(e.event, e.at)
    await batch.flush()
  })
}

/** Builds a valid event sequence: a position counter and the pool math. Pools are (a, b) in a fee tier, 30 bps unless `tier` says. */
export class EventWriter {
  readonly events: PlacedEvent[] = []
  private round = 1
  private readonly reserves = new Map<string, [bigint, bigint]>()

  constructor(public time: number) {}

  private at(sender: string, extra: Partial<EventPosition> = {}): EventPosition {
    const round = this.round++
    return { round, time: this.time, intra: 0, logIndex: 0, txnId: `TX${round}`, groupId: `G${round}`, sender, appId: 1000n, ...extra }
  }

  createPool(a: number, b: number, lpAsset: number, tier = 30n): void {
    this.reserves.set(`${a}/${b}/${tier}`, [0n, 0n])
    this.events.push({ event: { name: 'PoolCreated', args: { a: BigInt(a), b: BigInt(b), feeBps: tier, lpAsset: BigInt(lpAsset), creator: PROVIDER } }, at: this.at(PROVIDER) })
  }

  add(a: number, b: number, amountA: bigint, amountB: bigint, lp = 1_000_000n, provider = PROVIDER, tier = 30n): void {
    const r = this.reserves.get(`${a}/${b}/${tier}`)!
    r[0] += amountA
    r[1] += amountB
    this.events.push({ event: { name: 'LiquidityAdded', args: { a: BigInt(a), b: BigInt(b), feeBps: tier, amountA, amountB, lp, provider } }, at: this.at(provider) })
  }

  remove(a: number, b: number, amountA: bigint, amountB: bigint, lp = 1_000n, provider = PROVIDER, tier = 30n): void {
    const r = this.reserves.get(`${a}/${b}/${tier}`)!
    r[0] -= amountA
    r[1] -= amountB
    this.events.push({ event: { name: 'LiquidityRemoved', args: { a: BigInt(a), b: BigInt(b), feeBps: tier, amountA, amountB, lp, provider } }, at: this.at(provider) })
  }

  /** An exact-in swap of `amountIn` with the contract's math (the tier's fee, protocol share 1/6); returns the output. */
  swap(assetIn: number, assetOut: number, amountIn: bigint, trader = TRADER, position?: Partial<EventPosition>, tier = 30n): bigint {
    const [a, b] = assetIn < assetOut ? [assetIn, assetOut] : [assetOut, assetIn]
    const r = this.reserves.get(`${a}/${b}/${tier}`)!
    const inSide = assetIn === a ? 0 : 1
    const fee = (amountIn * tier + 9_999n) / 10_000n
    const net = amountIn - fee
    const out = (r[1 - inSide]! * net) / (r[inSide]! + net)
    const protocolFee = fee / 6n
    r[inSide] = r[inSide]! + amountIn - protocolFee
    r[1 - inSide] = r[1 - inSide]! - out
    this.events.push({
      event: { name: 'Swap', args: { assetIn: BigInt(assetIn), assetOut: BigInt(assetOut), feeBps: tier, amountIn, amountOut: out, protocolFee, trader } },
      at: position ? { ...this.at(trader), ...position } : this.at(trader),
    })
    return out
  }

  /** A flash loan of `amountA`/`amountB` repaid with the fee (30 bps, rounded up; protocol share 1/6). */
  flashLoan(a: number, b: number, amountA: bigint, amountB: bigint, borrower = TRADER): void {
    const r = this.reserves.get(`${a}/${b}/30`)!
    const [feeA, feeB] = [amountA, amountB].map((x) => (x * 30n + 9_999n) / 10_000n) as [bigint, bigint]
    const [protocolFeeA, protocolFeeB] = [feeA / 6n, feeB / 6n]
    r[0] += feeA - protocolFeeA
    r[1] += feeB - protocolFeeB
    this.events.push({
      event: { name: 'FlashLoan', args: { a: BigInt(a), b: BigInt(b), feeBps: 30n, amountA, amountB, repaidA: amountA + feeA, repaidB: amountB + feeB, feeA, feeB, protocolFeeA, protocolFeeB, borrower } },
      at: this.at(borrower),
    })
  }

  collect(a: number, b: number, amountA: bigint, amountB: bigint): void {
    this.events.push({ event: { name: 'FeesCollected', args: { a: BigInt(a), b: BigInt(b), feeBps: 30n, amountA, amountB, treasury: PROVIDER } }, at: this.at(PROVIDER) })
  }

  reservesOf(a: number, b: number, tier = 30n): [bigint, bigint] {
    return [...this.reserves.get(`${a}/${b}/${tier}`)!] as [bigint, bigint]
  }
}
