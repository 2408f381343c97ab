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
import { errorChain, TXN_FEE } from './grove.ts'

/** An order as its box holds it. */
export interface Order {
  owner: string
  assetIn: bigint
  assetOut: bigint
  remaining: bigint
  amountIn: bigint
  minOut: bigint
  expiry: bigint
  interval: bigint
  nextFill: bigint
  filled: bigint
  received: bigint
  pendingTake: bigint
  pendingPay: bigint
}

const ORDER_STATE = algosdk.ABIType.from('(address,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64)')
/** Bytes of an order box's value. */
export const ORDER_SIZE = 128n
/** Minimum balance of an order's box, paid at placing, refunded when it closes: 2,500 + 400 × (9 + 128). */
export const ORDER_MBR = 2500n + 400n * (9n + ORDER_SIZE)
/** Minimum balance of holding an asset. */
export const ASSET_MBR = 100_000n

const u64 = (v: bigint): Uint8Array => algosdk.encodeUint64(v)
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]))

/** `"o" ‖ uint64(id)`. */
export const orderBoxName = (id: bigint): Uint8Array => cat(new Uint8Array([0x6f]), u64(id))

/** An order's id: the top 53 bits of sha512_256(owner ‖ uint64(nonce)). */
export function orderIdOf(owner: Address | string, nonce: bigint): bigint {
  const digest = createHash('sha512-256').update(cat(algosdk.decodeAddress(owner.toString()).publicKey, u64(nonce))).digest()
  return digest.readBigUInt64BE(0) >> 11n
}

/** The least payment for taking `amount`: ⌈amount · minOut / amountIn⌉, in the owner's favour. */
export const leastPayment = (order: Pick<Order, 'amountIn' | 'minOut'>, amount: bigint): bigint => (amount * order.minOut + order.amountIn - 1n) / order.amountIn

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

  /** Deploys an Orders app on `g` (funded for its own minimum balance). */
  static async deploy(g: Grove): Promise<OrdersKit> {
    const factory = new OrdersFactory({ algorand: g.algorand, defaultSender: g.admin.addr })
    const { appClient } = await factory.send.create.createApplication({ args: [] })
    const address = algosdk.getApplicationAddress(appClient.appId)
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: address, amount: AlgoAmount.MicroAlgo(100_000), note: g.note(), suppressLog: true })
    return new OrdersKit(g, appClient, appClient.appId, address)
  }

  /** `global LatestTimestamp` for the next call. */
  async now(): Promise<bigint> {
    const algod = this.g.algorand.client.algod
    const { lastRound } = await algod.status().do()
    return BigInt((await algod.block(lastRound).do()).block.header.timestamp)
  }

  /** Moves block time `seconds` later and makes a block. */
  async travel(seconds: bigint): Promise<bigint> {
    this.offset += seconds
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
    const [assetIn, assetOut, remaining, amountIn, minOut, expiry, interval, nextFill, filled, received, pendingTake, pendingPay] = rest.map(BigInt)
    return { owner, assetIn: assetIn!, assetOut: assetOut!, remaining: remaining!, amountIn: amountIn!, minOut: minOut!, expiry: expiry!, interval: interval!, nextFill: nextFill!, filled: filled!, received: received!, pendingTake: pendingTake!, pendingPay: pendingPay! }
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
  async call(sender: User, method: string, args: algosdk.ABIValue[], o: { inner?: number; boxes?: bigint[]; assets?: bigint[]; accounts?: (Address | string)[] } = {}): Promise<Step[]> {
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
      boxes: (o.boxes ?? []).map((id) => ({ appIndex: 0, name: orderBoxName(id) })),
      appForeignAssets: (o.assets ?? []).filter((a) => a !== 0n),
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

  /** Whether the app has yet to opt into `asset`. */
  async needsOptIn(asset: bigint): Promise<boolean> {
    if (asset === 0n) return false
    try {
      await this.g.algorand.client.algod.accountAssetInformation(this.address, asset).do()
      return false
    } catch {
      return true
    }
  }

  /** The steps that place an order (an opt-in call first when the app does not hold assetIn yet). */
  private async placeSteps(owner: User, assetIn: bigint, amount: bigint, method: string, args: (nonce: bigint) => algosdk.ABIValue[], o: { mbr?: bigint; nonce?: bigint }): Promise<{ id: bigint; steps: Step[] }> {
    const { nonce, id } = o.nonce === undefined ? this.next(owner) : { nonce: o.nonce, id: orderIdOf(owner.addr, o.nonce) }
    const steps: Step[] = []
    if (await this.needsOptIn(assetIn)) {
      const pay = await this.transfer(owner, this.address, 0n, ASSET_MBR)
      steps.push(...(await this.call(owner, 'optInAsset', [pay as unknown as algosdk.ABIValue, assetIn], { inner: 1, assets: [assetIn] })))
    }
    const mbr = await this.transfer(owner, this.address, 0n, o.mbr ?? ORDER_MBR)
    const deposit = await this.transfer(owner, this.address, assetIn, amount)
    steps.push(...(await this.call(owner, method, [mbr, deposit, ...args(nonce)] as unknown as algosdk.ABIValue[], { boxes: [id], assets: [assetIn] })))
    return { id, steps }
  }

  /** Places a limit order: sells up to `amount` of assetIn for at least `minOut` of assetOut in proportion, until `expiry`. */
  async placeLimit(owner: User, assetIn: bigint, amount: bigint, assetOut: bigint, minOut: bigint, expiry: bigint, o: { mbr?: bigint; nonce?: bigint } = {}): Promise<Sent<bigint>> {
    const { id, steps } = await this.placeSteps(owner, assetIn, amount, 'placeLimit', (nonce) => [assetOut, minOut, expiry, nonce], o)
    return { ...(await this.send(steps)), value: id }
  }

  /** Places a recurring order: `perFill` every `interval` seconds until `amount` is spent, each for at least `minOutPerFill`. */
  async placeRecurring(owner: User, assetIn: bigint, amount: bigint, assetOut: bigint, perFill: bigint, minOutPerFill: bigint, interval: bigint, o: { mbr?: bigint; nonce?: bigint } = {}): Promise<Sent<bigint>> {
    const { id, steps } = await this.placeSteps(owner, assetIn, amount, 'placeRecurring', (nonce) => [assetOut, perFill, minOutPerFill, interval, nonce], o)
    return { ...(await this.send(steps)), value: id }
  }

  /** The owner's cancel call. */
  async cancelSteps(sender: User, id: bigint, order: Order): Promise<Step[]> {
    const inner = order.assetIn === 0n ? 1 : order.remaining > 0n ? 2 : 1
    return this.call(sender, 'cancel', [id], { inner, boxes: [id], assets: [order.assetIn], accounts: [order.owner] })
  }

  async cancel(sender: User, id: bigint): Promise<Sent<undefined>> {
    const order = (await this.order(id)) ?? ({ owner: sender.addr.toString(), assetIn: 0n, remaining: 0n } as Order)
    return this.send(await this.cancelSteps(sender, id, order))
  }

  /** A fill's call, taking `amount`, its settle `settleOffset` places later. */
  fillStep(filler: User, id: bigint, order: Pick<Order, 'assetIn'>, amount: bigint, settleOffset: bigint): Promise<Step[]> {
    return this.call(filler, 'fill', [id, amount, settleOffset], { inner: 1, boxes: [id], assets: [order.assetIn] })
  }

  /** A settle of order `id` with `payment` right before it (the payment is the first step returned). */
  async settleSteps(filler: User, id: bigint, order: Order, payment: Step, closes: boolean): Promise<Step[]> {
    const inner = closes ? (order.assetIn === 0n ? 1 : 1) : 0
    const steps = await this.call(filler, 'settle', [payment as unknown as algosdk.ABIValue, id], { inner, boxes: [id], assets: [order.assetIn, order.assetOut], accounts: [order.owner] })
    return steps
  }

  /**
   * Fills `amount` of order `id`: [fill, …middle, payment to the owner, settle]. `middle` is what the filler
   * does with what it took (a swap elsewhere); the payment is the least one unless `pay` says otherwise.
   */
  async fill(filler: User, id: bigint, amount: bigint, o: { middle?: Step[]; pay?: PaymentOverrides; settleOffset?: bigint } = {}): Promise<Sent<undefined>> {
    const order = (await this.order(id))!
    const middle = o.middle ?? []
    const p = o.pay ?? {}
    const payment = await this.transfer(p.sender ?? filler, p.receiver ?? order.owner, p.asset ?? order.assetOut, p.amount ?? leastPayment(order, amount), p)
    const closes = order.remaining === amount
    const settle = await this.settleSteps(filler, id, order, payment, closes)
    const fill = await this.fillStep(filler, id, order, amount, o.settleOffset ?? BigInt(1 + middle.length + 1))
    return this.send([...fill, ...middle, ...settle])
  }
}
