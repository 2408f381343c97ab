// Orders on a Grove (grove.ts): the Orders app deployed beside it, box names, the least payment, and
// each action's group (place, cancel, fill with its settle) with the README's fees, built through the
// typed client. A fill group is [fill, …the filler's own transactions…, payment to the owner, settle],
// the fill naming its settle by offset. Shared by the orders tests; imports nothing from vitest.
import { createHash } from 'node:crypto'
import algosdk, { type Address, type Transaction } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import type { TransactionSigner } from 'algosdk'
import { type OrdersClient, OrdersFactory } from '../clients/OrdersClient.ts'
import type { Grove, Sent, User } from './grove.ts'
import type { Pool } from './reference.ts'
import { errorChain, poolBoxName, sorted, TXN_FEE } from './grove.ts'

/** An order as its box holds it. */
export interface Order {
  owner: string
  assetIn: bigint
  assetOut: bigint
  remaining: bigint
  amountIn: bigint
  minOut: bigint
  maxOut: bigint
  toleranceBps: bigint
  poolTier: bigint
  feeBps: bigint
  expiry: bigint
  interval: bigint
  nextFill: bigint
  filled: bigint
  received: bigint
  proceeds: bigint
  pendingTake: bigint
  pendingPay: bigint
  observedAt: bigint
  observed: bigint
}

const FIELDS = ['assetIn', 'assetOut', 'remaining', 'amountIn', 'minOut', 'maxOut', 'toleranceBps', 'poolTier', 'feeBps', 'expiry', 'interval', 'nextFill', 'filled', 'received', 'proceeds', 'pendingTake', 'pendingPay', 'observedAt', 'observed'] as const
const ORDER_STATE = algosdk.ABIType.from(`(address,${'uint64,'.repeat(18)}uint256)`)
/** Bytes of an order box's value. */
export const ORDER_SIZE = 208n
/** Minimum balance of an order's box, paid at placing, refunded when it closes: 2,500 + 400 × (9 + 208). */
export const ORDER_MBR = 2500n + 400n * (9n + ORDER_SIZE)
/** Minimum balance of a fee box ("f" ‖ uint64(asset), 8 bytes). */
export const FEE_BOX_MBR = 2500n + 400n * (9n + 8n)
/** What `optInAsset` takes for an ASA: its holding and its fee box. */
export const ASSET_MBR = 100_000n + FEE_BOX_MBR
/** Basis points in one. */
const BPS = 10_000n

const u64 = (v: bigint): Uint8Array => algosdk.encodeUint64(v)
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]))

/** `"o" ‖ uint64(id)`. */
export const orderBoxName = (id: bigint): Uint8Array => cat(new Uint8Array([0x6f]), u64(id))
/** `"f" ‖ uint64(asset)`. */
export const feeBoxName = (asset: bigint): Uint8Array => cat(new Uint8Array([0x66]), u64(asset))

/** An order's id: the top 53 bits of sha512_256(owner ‖ uint64(nonce)). */
export function orderIdOf(owner: Address | string, nonce: bigint): bigint {
  const digest = createHash('sha512-256').update(cat(algosdk.decodeAddress(owner.toString()).publicKey, u64(nonce))).digest()
  return digest.readBigUInt64BE(0) >> 11n
}

/** A limit order's least credit for taking `amount`: ⌈amount · minOut / amountIn⌉, in the owner's favour. */
export const leastPayment = (order: Pick<Order, 'amountIn' | 'minOut'>, amount: bigint): bigint => (amount * order.minOut + order.amountIn - 1n) / order.amountIn

/** The protocol's fee on a least credit: ⌈least · feeBps / 10,000⌉, paid on top of it. */
export const feeOn = (order: Pick<Order, 'feeBps'>, least: bigint): bigint => (least * order.feeBps + BPS - 1n) / BPS

/** The pool's cumulative price of `assetIn` in `assetOut` brought up to `now`, as the contract computes it. */
export function cumulativeAt(pool: Pool, assetIn: bigint, assetOut: bigint, now: bigint): bigint {
  const inIsA = assetIn < assetOut
  const [rIn, rOut] = inIsA ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
  const cum = inIsA ? pool.cumulativePriceA : pool.cumulativePriceB
  const t = now > pool.lastUpdate ? now : pool.lastUpdate
  return cum + ((rOut << 64n) / rIn) * (t - pool.lastUpdate)
}

/** A recurring fill's TWAP value of one fill after the pool's fee, and its least credit, at `now` (the contract's math). */
export function recurringLeast(order: Order, pool: Pool, now: bigint): { value: bigint; least: bigint } {
  const window = (now > pool.lastUpdate ? now : pool.lastUpdate) - order.observedAt
  // no window yet: the contract refuses the fill (ERR:TOO_SOON); the minimum stands in
  if (window <= 0n) return { value: 0n, least: order.minOut }
  const average = (cumulativeAt(pool, order.assetIn, order.assetOut, now) - order.observed) / window
  const net = order.amountIn - (order.amountIn * pool.feeBps + BPS - 1n) / BPS
  const value = (average * net) >> 64n
  const tolerated = (value * (BPS - order.toleranceBps)) / BPS
  return { value, least: tolerated > order.minOut ? tolerated : order.minOut }
}

/** A transaction the filler adds to a fill group, with its signer. */
export interface Step { txn: Transaction; signer: TransactionSigner }

/** How a fill's payment is made: honest by default; the overrides are the attacks. */
export interface PaymentOverrides {
  amount?: bigint
  receiver?: Address | string
  asset?: bigint
  closeTo?: Address | string
  rekeyTo?: Address | string
  assetSender?: Address | string
  sender?: User
}

/** Orders on a Grove: its own app, time travel, and the groups each action sends. */
export class OrdersKit {
  private offset = 0n
  private nonces = 0n

  private constructor(
    readonly g: Grove,
    readonly client: OrdersClient,
    readonly appId: bigint,
    readonly address: Address,
  ) {}

  /** Deploys an Orders app on `g` bound to its DEX (funded for its own minimum balance, its ALGO fee box made). */
  static async deploy(g: Grove): Promise<OrdersKit> {
    const factory = new OrdersFactory({ algorand: g.algorand, defaultSender: g.admin.addr })
    const { appClient } = await factory.send.create.createApplication({ args: { dexApp: g.ids.dexAppId } })
    const address = algosdk.getApplicationAddress(appClient.appId)
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: address, amount: AlgoAmount.MicroAlgo(100_000), note: g.note(), suppressLog: true })
    const kit = new OrdersKit(g, appClient, appClient.appId, address)
    await kit.send(await kit.optInSteps(g.admin, 0n))
    return kit
  }

  /** `global LatestTimestamp` for the next call. */
  async now(): Promise<bigint> {
    const algod = this.g.algorand.client.algod
    const { lastRound } = await algod.status().do()
    return BigInt((await algod.block(lastRound).do()).block.header.timestamp)
  }

  /** Moves block time `seconds` later and makes a block. */
  async travel(seconds: bigint): Promise<bigint> {
    // from the chain's lead over the wall clock when another kit moved it further (stamps never go back)
    const lead = (await this.now()) - BigInt(Math.floor(Date.now() / 1000))
    this.offset = (lead > this.offset ? lead : this.offset) + seconds
    await this.g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${Number(this.offset)}`, data: null })
    await this.g.transfer(this.g.admin, this.g.admin, 0n, 0n)
    return this.now()
  }

  /** The order's decoded box, or undefined when there is none. */
  async order(id: bigint): Promise<Order | undefined> {
    let raw: Uint8Array
    try {
      raw = await this.g.algorand.app.getBoxValue(this.appId, orderBoxName(id))
    } catch {
      return undefined
    }
    const [owner, ...rest] = ORDER_STATE.decode(raw) as [string, ...bigint[]]
    return { owner: String(owner), ...Object.fromEntries(FIELDS.map((f, i) => [f, BigInt(rest[i]!)])) } as Order
  }

  /** Protocol fees the app holds in `asset`. */
  async fees(asset: bigint): Promise<bigint> {
    return algosdk.decodeUint64(await this.g.algorand.app.getBoxValue(this.appId, feeBoxName(asset)), 'bigint')
  }

  /** The least credit (before the fee) a fill taking `amount` owes now: a limit order's price, a recurring order's TWAP bound. */
  async least(order: Order, amount: bigint): Promise<bigint> {
    if (order.interval === 0n) return leastPayment(order, amount)
    return recurringLeast(order, await this.g.pool(...sorted(order.assetIn, order.assetOut), order.poolTier), await this.now()).least
  }

  private fee(inner: number): { staticFee: AlgoAmount; note: Uint8Array } {
    return { staticFee: AlgoAmount.MicroAlgo(TXN_FEE * BigInt(1 + inner)), note: this.g.note() }
  }

  /** Sends a group of steps; fees are the whole group's, logs the last app call's of this app. */
  async send(steps: Step[]): Promise<Sent<undefined>> {
    const group = this.g.algorand.newGroup()
    // a step may have been in a group sent before (an attack rebuilt around it): it joins this one afresh
    for (const s of steps) {
      ;(s.txn as { group?: Uint8Array }).group = undefined
      group.addTransaction(s.txn, s.signer)
    }
    let result
    try {
      result = await group.send()
    } catch (e) {
      throw this.explain(e)
    }
    const logs = result.confirmations.flatMap((c, i) => (result.transactions[i]!.applicationCall?.appIndex === this.appId ? (c.logs ?? []) : []))
    return { value: undefined, logs, fees: result.transactions.reduce((n, t) => n + t.fee, 0n), budgetCalls: 0 }
  }

  /** The error with the Orders (or DEX) assert's message at its pc appended, as algokit-utils does for one app. */
  private explain(e: unknown): Error {
    const chain = errorChain(e)
    const m = /app=(\d+)[^]*?pc=(\d+)/.exec(chain) ?? /pc=(\d+)/.exec(chain)
    if (!m) return e as Error
    const pc = Number(m.length === 3 ? m[2] : m[1])
    const app = m.length === 3 ? BigInt(m[1]!) : this.appId
    const spec = app === this.appId ? this.client.appSpec : this.g.dex.appSpec
    const found = spec.sourceInfo?.approval.sourceInfo.find((s) => s.pc.includes(pc))
    return new Error(`${chain}\n${found?.errorMessage ?? '(no message at pc)'}`)
  }

  /** An app call of this app's `method` as a step. */
  async call(sender: User, method: string, args: algosdk.ABIValue[], o: { inner?: number; boxes?: bigint[]; feeBoxes?: bigint[]; pools?: [bigint, bigint, bigint][]; assets?: bigint[]; accounts?: (Address | string)[] } = {}): Promise<Step[]> {
    const abi = this.client.appClient.getABIMethod(method)
    const atc = new algosdk.AtomicTransactionComposer()
    const sp = await this.g.algorand.client.algod.getTransactionParams().do()
    const { staticFee, note } = this.fee(o.inner ?? 0)
    atc.addMethodCall({
      appID: this.appId,
      method: abi,
      methodArgs: args,
      sender: sender.addr,
      signer: sender.signer,
      suggestedParams: { ...sp, fee: staticFee.microAlgo, flatFee: true },
      note,
      boxes: [
        ...(o.boxes ?? []).map((id) => ({ appIndex: 0, name: orderBoxName(id) })),
        ...(o.feeBoxes ?? []).map((asset) => ({ appIndex: 0, name: feeBoxName(asset) })),
        ...(o.pools ?? []).map(([a, b, tier]) => ({ appIndex: Number(this.g.ids.dexAppId), name: poolBoxName(...sorted(a, b), tier) })),
      ],
      appForeignApps: [Number(this.g.ids.dexAppId), Number(this.g.ids.registryAppId)],
      appForeignAssets: [...new Set((o.assets ?? []).filter((a) => a !== 0n))],
      appAccounts: o.accounts,
    })
    return atc.buildGroup().map((t) => {
      ;(t.txn as { group?: Uint8Array }).group = undefined
      return { txn: t.txn, signer: t.signer }
    })
  }

  /** A transfer of `amount` of `asset` as a step. */
  async transfer(from: User, receiver: Address | string, asset: bigint, amount: bigint, o: { closeTo?: Address | string; rekeyTo?: Address | string; assetSender?: Address | string } = {}): Promise<Step> {
    const common = { sender: from.addr, note: this.g.note(), rekeyTo: o.rekeyTo }
    const txn =
      asset === 0n
        ? await this.g.algorand.createTransaction.payment({ ...common, receiver, amount: AlgoAmount.MicroAlgo(amount), closeRemainderTo: o.closeTo })
        : await this.g.algorand.createTransaction.assetTransfer({ ...common, receiver, assetId: asset, amount, closeAssetTo: o.closeTo, clawbackTarget: o.assetSender })
    return { txn, signer: from.signer }
  }

  /** A nonce `owner` has not used through this kit, and the id it gives. */
  next(owner: User): { nonce: bigint; id: bigint } {
    this.nonces += 1n
    return { nonce: this.nonces, id: orderIdOf(owner.addr, this.nonces) }
  }

  /** Whether the app has yet to opt into `asset` (its fee box is missing). */
  async needsOptIn(asset: bigint): Promise<boolean> {
    try {
      await this.fees(asset)
      return false
    } catch {
      return true
    }
  }

  /** The optInAsset call for `asset` (an ASA's holding and fee box; ALGO's fee box alone). */
  async optInSteps(sender: User, asset: bigint, mbr?: bigint): Promise<Step[]> {
    const pay = await this.transfer(sender, this.address, 0n, mbr ?? (asset === 0n ? FEE_BOX_MBR : ASSET_MBR))
    return this.call(sender, 'optInAsset', [pay as unknown as algosdk.ABIValue, asset], { inner: asset === 0n ? 0 : 1, feeBoxes: [asset], assets: [asset] })
  }

  /** The steps that place an order (opt-in calls first for assets the app does not hold yet). */
  private async placeSteps(owner: User, assetIn: bigint, assetOut: bigint, amount: bigint, method: string, args: (nonce: bigint) => algosdk.ABIValue[], o: { mbr?: bigint; nonce?: bigint; inner?: number; tier?: bigint }): Promise<{ id: bigint; steps: Step[] }> {
    const { nonce, id } = o.nonce === undefined ? this.next(owner) : { nonce: o.nonce, id: orderIdOf(owner.addr, o.nonce) }
    const steps: Step[] = []
    for (const asset of [assetIn, assetOut]) if (await this.needsOptIn(asset)) steps.push(...(await this.optInSteps(owner, asset)))
    const mbr = await this.transfer(owner, this.address, 0n, o.mbr ?? ORDER_MBR)
    const deposit = await this.transfer(owner, this.address, assetIn, amount)
    steps.push(...(await this.call(owner, method, [mbr, deposit, ...args(nonce)] as unknown as algosdk.ABIValue[], { inner: o.inner, boxes: [id], feeBoxes: [assetOut], pools: o.tier !== undefined ? [[assetIn, assetOut, o.tier]] : [], assets: [assetIn, assetOut] })))
    return { id, steps }
  }

  /** Places a limit order: sells up to `amount` of assetIn for at least `minOut` of assetOut in proportion, until `expiry` (0: none). */
  async placeLimit(owner: User, assetIn: bigint, amount: bigint, assetOut: bigint, minOut: bigint, expiry: bigint, o: { mbr?: bigint; nonce?: bigint } = {}): Promise<Sent<bigint>> {
    const { id, steps } = await this.placeSteps(owner, assetIn, assetOut, amount, 'placeLimit', (nonce) => [assetOut, minOut, expiry, nonce], o)
    return { ...(await this.send(steps)), value: id }
  }

  /** Places a recurring order: `perFill` every `interval` seconds until `amount` is spent, each bounded by the TWAP less `toleranceBps` and by min/max out. */
  async placeRecurring(
    owner: User,
    assetIn: bigint,
    amount: bigint,
    assetOut: bigint,
    r: { perFill: bigint; interval: bigint; toleranceBps?: bigint; minOut?: bigint; maxOut?: bigint; tier?: bigint },
    o: { mbr?: bigint; nonce?: bigint } = {},
  ): Promise<Sent<bigint>> {
    const args = (nonce: bigint) => [assetOut, r.perFill, r.minOut ?? 0n, r.maxOut ?? 0n, r.toleranceBps ?? 100n, r.tier ?? 30n, r.interval, nonce]
    const { id, steps } = await this.placeSteps(owner, assetIn, assetOut, amount, 'placeRecurring', args, { ...o, inner: 1, tier: r.tier ?? 30n })
    return { ...(await this.send(steps)), value: id }
  }

  /** Inner transactions of closing `order` with `refund` of assetIn: one ALGO payment, plus the refund's and the proceeds' ASA transfers. */
  static closeInners(order: Pick<Order, 'assetIn' | 'assetOut' | 'proceeds'>, refund: bigint, proceeds = order.proceeds): number {
    return 1 + (order.assetIn !== 0n && refund > 0n ? 1 : 0) + (order.assetOut !== 0n && proceeds > 0n ? 1 : 0)
  }

  /** The owner's cancel call. */
  async cancelSteps(sender: User, id: bigint, order: Order): Promise<Step[]> {
    return this.call(sender, 'cancel', [id], { inner: OrdersKit.closeInners(order, order.remaining), boxes: [id], assets: [order.assetIn, order.assetOut], accounts: [order.owner] })
  }

  async cancel(sender: User, id: bigint): Promise<Sent<undefined>> {
    const order = (await this.order(id)) ?? ({ owner: sender.addr.toString(), assetIn: 0n, assetOut: 0n, remaining: 0n, proceeds: 0n } as Order)
    return this.send(await this.cancelSteps(sender, id, order))
  }

  /** The owner collects the proceeds (closing a filled-out order). */
  async collect(sender: User, id: bigint): Promise<Sent<undefined>> {
    const order = (await this.order(id)) ?? ({ owner: sender.addr.toString(), assetIn: 0n, assetOut: 0n, remaining: 1n, proceeds: 0n } as Order)
    const inner = order.remaining === 0n ? OrdersKit.closeInners(order, 0n) : 1
    return this.send(await this.call(sender, 'collect', [id], { inner, boxes: [id], assets: [order.assetIn, order.assetOut], accounts: [order.owner] }))
  }

  /** Anyone renews a recurring order's stale observation. */
  async observe(sender: User, id: bigint): Promise<Sent<undefined>> {
    const order = (await this.order(id))!
    return this.send(await this.call(sender, 'observe', [id], { inner: 1, boxes: [id], pools: [[order.assetIn, order.assetOut, order.poolTier]] }))
  }

  /** Anyone sends the fees held in `asset` to the registry's treasury. */
  async sweepFees(sender: User, asset: bigint, treasury: Address | string): Promise<Sent<undefined>> {
    return this.send(await this.call(sender, 'sweepFees', [asset], { inner: 1, feeBoxes: [asset], assets: [asset], accounts: [treasury] }))
  }

  /** The registry's admin sets the fee of new orders. */
  async setFeeBps(sender: User, bps: bigint): Promise<Sent<undefined>> {
    return this.send(await this.call(sender, 'setFeeBps', [bps]))
  }

  /** A fill's call, taking `amount`, its settle `settleOffset` places later. */
  fillStep(filler: User, id: bigint, order: Pick<Order, 'assetIn' | 'assetOut' | 'interval' | 'poolTier'>, amount: bigint, settleOffset: bigint): Promise<Step[]> {
    const recurring = order.interval > 0n
    return this.call(filler, 'fill', [id, amount, settleOffset], { inner: recurring ? 2 : 1, boxes: [id], pools: recurring ? [[order.assetIn, order.assetOut, order.poolTier]] : [], assets: [order.assetIn] })
  }

  /** A settle of order `id` with `payment` right before it (the payment is the first step returned). */
  async settleSteps(filler: User, id: bigint, order: Order, payment: Step, closes: boolean): Promise<Step[]> {
    const credit = closes ? order.proceeds + 1n : 0n
    const inner = closes ? OrdersKit.closeInners(order, 0n, credit) : 0
    return this.call(filler, 'settle', [payment as unknown as algosdk.ABIValue, id], { inner, boxes: [id], feeBoxes: [order.assetOut], assets: [order.assetIn, order.assetOut], accounts: [order.owner] })
  }

  /**
   * Fills `amount` of order `id`: [fill, …middle, payment to the app, settle]. `middle` is what the filler
   * does with what it took (a swap elsewhere); the payment is the least credit plus the fee unless `pay` says otherwise.
   */
  async fill(filler: User, id: bigint, amount: bigint, o: { middle?: Step[]; pay?: PaymentOverrides; settleOffset?: bigint } = {}): Promise<Sent<undefined>> {
    const order = (await this.order(id))!
    const middle = o.middle ?? []
    const p = o.pay ?? {}
    const least = await this.least(order, amount)
    const payment = await this.transfer(p.sender ?? filler, p.receiver ?? this.address, p.asset ?? order.assetOut, p.amount ?? least + feeOn(order, least), p)
    const closes = order.remaining === amount
    const settle = await this.settleSteps(filler, id, order, payment, closes)
    const fill = await this.fillStep(filler, id, order, amount, o.settleOffset ?? BigInt(1 + middle.length + 1))
    return this.send([...fill, ...middle, ...settle])
  }
}
