// Stable pools on a Grove (grove.ts): the Stable app deploy() made, box names and decoding, and each
// action's group built through the ABI with exact fees. A call's op-up inner calls are found by
// simulating it first with room for them (the SDK predicts them; the kit measures), then it is sent
// with the fee of exactly the inner transactions it makes. Shared by the tests and the bench.
import algosdk, { type Address, type TransactionSigner } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { StableClient } from '../clients/StableClient.ts'
import type { Grove, Sent, User } from './grove.ts'
import { errorChain, sorted, TXN_FEE } from './grove.ts'

/** A stable pool as its box holds it. */
export interface StablePool {
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  lpIssued: bigint
  feeBps: bigint
  protocolFeeDivisor: bigint
  protocolFeesA: bigint
  protocolFeesB: bigint
  feesA: bigint
  feesB: bigint
  multiplierA: bigint
  multiplierB: bigint
  initialA: bigint
  futureA: bigint
  initialTime: bigint
  futureTime: bigint
  dAmp: bigint
  d: bigint
}

const FIELDS = ['reserveA', 'reserveB', 'lpAsset', 'lpIssued', 'feeBps', 'protocolFeeDivisor', 'protocolFeesA', 'protocolFeesB', 'feesA', 'feesB', 'multiplierA', 'multiplierB', 'initialA', 'futureA', 'initialTime', 'futureTime', 'dAmp'] as const

/** Bytes of a stable pool's box value. */
export const STABLE_POOL_SIZE = 264n
/** LP units the first add locks. */
export const STABLE_LOCKED_LP = 1000n
/** Most op-up inner calls the kit leaves room for when it simulates a call first. */
const MAX_OP_UPS = 12

const u64 = (v: bigint): Uint8Array => algosdk.encodeUint64(v)
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]))

/** `"s" ‖ uint64(a) ‖ uint64(b) ‖ uint64(feeBps)`. */
export const stableBoxName = (a: bigint, b: bigint, feeBps: bigint): Uint8Array => cat(new Uint8Array([0x73]), u64(a), u64(b), u64(feeBps))

/** Decodes a stable pool's box. */
export function decodeStablePool(raw: Uint8Array): StablePool {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength)
  const pool = Object.fromEntries(FIELDS.map((f, i) => [f, view.getBigUint64(i * 8)])) as Omit<StablePool, 'd'>
  const d = BigInt('0x' + Buffer.from(raw.subarray(136, 168)).toString('hex'))
  return { ...pool, d }
}

/** An ABI return from a call's last log (0x151f7c75 ‖ value): a uint64, or a pair of them. */
function decodeReturn(logs: Uint8Array[]): bigint | [bigint, bigint] | undefined {
  const last = logs.at(-1)
  if (!last || Buffer.from(last.subarray(0, 4)).toString('hex') !== '151f7c75') return undefined
  const view = new DataView(last.buffer, last.byteOffset + 4, last.byteLength - 4)
  if (view.byteLength === 16) return [view.getBigUint64(0), view.getBigUint64(8)]
  return view.byteLength === 8 ? view.getBigUint64(0) : undefined
}

/** A transaction of a group, with its signer. */
export interface Step {
  txn: algosdk.Transaction
  signer: TransactionSigner
}

/** A sent stable action: its value, logs, fees, op-ups (inner app calls) and opcodes used. */
export interface StableSent<T> extends Sent<T> {
  opUps: number
}

/** Stable pools on a Grove: the deployed app, time travel, and the groups each action sends. */
export class StableKit {
  private offset = 0n
  /** Opcode budget the trial simulation adds (measuring a call that does not fit yet). */
  extraBudget = 0

  private constructor(
    readonly g: Grove,
    readonly client: StableClient,
    readonly appId: bigint,
    readonly address: Address,
  ) {}

  /** The Stable app of `g`'s deployment. */
  static of(g: Grove): StableKit {
    const appId = g.ids.stablePoolsAppId
    const client = new StableClient({ algorand: g.algorand, appId, defaultSender: g.admin.addr })
    return new StableKit(g, client, appId, algosdk.getApplicationAddress(appId))
  }

  /** `global LatestTimestamp` for the next call. */
  async now(): Promise<bigint> {
    const algod = this.g.algorand.client.algod
    const { lastRound } = await algod.status().do()
    return BigInt((await algod.block(lastRound).do()).block.header.timestamp)
  }

  /** Moves block time `seconds` later (from this kit's last offset) and makes a block. */
  async travel(seconds: bigint): Promise<bigint> {
    this.offset += seconds
    await this.g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${Number(this.offset)}`, data: null })
    await this.g.transfer(this.g.admin, this.g.admin, 0n, 0n)
    return this.now()
  }

  /** The pool's decoded box, or undefined when there is none. */
  async pool(a: bigint, b: bigint, feeBps: bigint): Promise<StablePool | undefined> {
    try {
      return decodeStablePool(await this.g.algorand.app.getBoxValue(this.appId, stableBoxName(a, b, feeBps)))
    } catch {
      return undefined
    }
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

  /** A transfer of `amount` of `asset` to the app (or `receiver`) as a step. */
  async transfer(
    from: User,
    asset: bigint,
    amount: bigint,
    o: { receiver?: Address | string; closeTo?: Address | string; rekeyTo?: Address | string; clawbackFrom?: Address | string } = {},
  ): Promise<Step> {
    const common = { sender: from.addr, note: this.g.note(), rekeyTo: o.rekeyTo, receiver: o.receiver ?? this.address }
    const txn =
      asset === 0n
        ? await this.g.algorand.createTransaction.payment({ ...common, amount: AlgoAmount.MicroAlgo(amount), closeRemainderTo: o.closeTo })
        : await this.g.algorand.createTransaction.assetTransfer({ ...common, assetId: asset, amount, closeAssetTo: o.closeTo, clawbackTarget: o.clawbackFrom })
    return { txn, signer: from.signer }
  }

  /** An app call of `method` as steps (its transaction arguments first), paying for `inner` inner transactions. */
  private async call(sender: User, method: string, args: algosdk.ABIValue[], inner: number, refs: { boxes: Uint8Array[]; assets: bigint[]; registry?: boolean }): Promise<Step[]> {
    const abi = this.client.appClient.getABIMethod(method)
    const atc = new algosdk.AtomicTransactionComposer()
    const sp = await this.g.algorand.client.algod.getTransactionParams().do()
    atc.addMethodCall({
      appID: this.appId,
      method: abi,
      methodArgs: args,
      sender: sender.addr,
      signer: sender.signer,
      suggestedParams: { ...sp, fee: TXN_FEE * BigInt(1 + inner), flatFee: true },
      note: this.g.note(),
      boxes: refs.boxes.map((name) => ({ appIndex: 0, name })),
      appForeignAssets: refs.assets.filter((a) => a !== 0n),
      appForeignApps: refs.registry === false ? [] : [this.g.ids.registryAppId],
    })
    return atc.buildGroup().map((t) => {
      ;(t.txn as { group?: Uint8Array }).group = undefined
      return { txn: t.txn, signer: t.signer }
    })
  }

  /** The call of `method` as steps (its transaction arguments first) for a group of the caller's, paying for `inner` inner transactions. */
  steps(sender: User, method: string, args: algosdk.ABIValue[], inner: number, pool: [bigint, bigint, bigint], assets: bigint[] = []): Promise<Step[]> {
    return this.call(sender, method, args, inner, { boxes: [stableBoxName(...pool)], assets })
  }

  /** A flash loan's start on (a, b, feeBps), its verify `verifyOffset` places later: fee 1,000 plus one per side lent. */
  flashStart(user: User, a: bigint, b: bigint, feeBps: bigint, amountA: bigint, amountB: bigint, verifyOffset: bigint): Promise<Step[]> {
    const lent = Number(amountA > 0n) + Number(amountB > 0n)
    return this.steps(user, 'flashLoan', [verifyOffset, a, b, feeBps, amountA, amountB], lent, [a, b, feeBps], [a, b])
  }

  /** A flash loan's verify on (a, b, feeBps), its start `startOffset` places earlier: fee 1,000. */
  flashVerify(user: User, a: bigint, b: bigint, feeBps: bigint, startOffset: bigint): Promise<Step[]> {
    return this.steps(user, 'verifyFlashLoan', [startOffset, a, b, feeBps], 0, [a, b, feeBps], [a, b])
  }

  /** Sends a group of steps: every transaction's logs (inner ones' after), the fees paid, and the opcodes a simulation of it used. */
  async sendGroup(steps: Step[]): Promise<{ logs: Uint8Array[]; fees: bigint; opcodes: number }> {
    const algod = this.g.algorand.client.algod
    const trial = await this.atc(steps).simulate(algod, new algosdk.modelsv2.SimulateRequest({ txnGroups: [], allowEmptySignatures: true }))
    const opcodes = trial.simulateResponse.txnGroups[0]!.appBudgetConsumed ?? 0
    let result
    try {
      result = await this.atc(steps).execute(algod, 4)
    } catch (e) {
      throw this.explain(e)
    }
    const logs: Uint8Array[] = []
    for (const id of result.txIDs) {
      const info = await algod.pendingTransactionInformation(id).do()
      logs.push(...(info.logs ?? []), ...(info.innerTxns ?? []).flatMap((t) => t.logs ?? []))
    }
    return { logs, fees: steps.reduce((n, s) => n + s.txn.fee, 0n), opcodes }
  }

  /** A group of steps as an ATC (each step's group id cleared first: a step may be reused by an attack). */
  private atc(steps: Step[]): algosdk.AtomicTransactionComposer {
    const atc = new algosdk.AtomicTransactionComposer()
    for (const s of steps) {
      ;(s.txn as { group?: Uint8Array }).group = undefined
      atc.addTransaction({ txn: s.txn, signer: s.signer })
    }
    return atc
  }

  /**
   * Sends the call `build(inner)` makes: first simulated with room for MAX_OP_UPS op-ups, to count the
   * inner transactions it makes, then sent paying for exactly those. `fixedInner` are its other inner
   * transactions (transfers out, opt-ins); op-ups are the inner app calls.
   */
  async run<T>(build: (inner: number) => Promise<Step[]>, fixedInner: number): Promise<StableSent<T>> {
    const algod = this.g.algorand.client.algod
    // a call the trial finds failing is sent with room for every op-up, so it fails on the contract's own assert
    let opUps = MAX_OP_UPS
    const trial = await this.atc(await build(fixedInner + MAX_OP_UPS)).simulate(algod, new algosdk.modelsv2.SimulateRequest({ txnGroups: [], allowEmptySignatures: true, extraOpcodeBudget: this.extraBudget }))
    const group = trial.simulateResponse.txnGroups[0]!
    const opcodes = group.appBudgetConsumed
    if (!group.failureMessage) {
      const call = group.txnResults.findIndex((r) => r.txnResult.txn.txn.type === algosdk.TransactionType.appl)
      opUps = (group.txnResults[call]!.txnResult.innerTxns ?? []).filter((t) => t.txn.txn.type === algosdk.TransactionType.appl).length
    }
    const steps = await build(fixedInner + opUps)
    let result
    try {
      result = await this.atc(steps).execute(algod, 4)
    } catch (e) {
      const error = this.explain(e)
      throw new Error(`${error.message}\n(opcodes used ${opcodes})`, { cause: error.cause })
    }
    const call = steps.findIndex((s) => s.txn.type === algosdk.TransactionType.appl)
    const info = await algod.pendingTransactionInformation(result.txIDs[call]!).do()
    return {
      value: decodeReturn(info.logs ?? []) as T,
      logs: info.logs ?? [],
      fees: steps.reduce((n, s) => n + s.txn.fee, 0n),
      budgetCalls: 0,
      opcodes,
      opUps,
    }
  }

  /** The error with the Stable app's assert message at its pc appended. */
  private explain(e: unknown): Error {
    const chain = errorChain(e)
    const m = /pc=(\d+)/.exec(chain)
    if (!m) return e as Error
    const found = this.client.appSpec.sourceInfo?.approval.sourceInfo.find((s) => s.pc.includes(Number(m[1])))
    return new Error(`${chain}\n${found?.errorMessage ?? '(no message at pc)'}`)
  }

  /** µALGO creating pool (a, b, feeBps) adds to the app's minimum balance: the box, the LP token, the opt-ins it needs. */
  async poolMbr(a: bigint, b: bigint): Promise<bigint> {
    const optIns = BigInt(Number(await this.needsOptIn(a)) + Number(await this.needsOptIn(b)))
    return 2500n + 400n * (25n + STABLE_POOL_SIZE) + 100_000n * (1n + optIns)
  }

  /** Creates the stable pool (a, b) in tier feeBps at amplifier amp; returns the LP asset. */
  async createPool(user: User, a: bigint, b: bigint, feeBps: bigint, amp: bigint, o: { mbr?: bigint } = {}): Promise<StableSent<bigint>> {
    const exact = await this.poolMbr(a, b)
    const pay = o.mbr ?? exact
    const optIns = Number(await this.needsOptIn(a)) + Number(await this.needsOptIn(b))
    const inner = optIns + 1 + (pay > exact ? 1 : 0)
    return this.run(async (n) => {
      const mbr = await this.transfer(user, 0n, pay)
      return this.call(user, 'createPool', [mbr as unknown as algosdk.ABIValue, a, b, feeBps, amp], n, { boxes: [stableBoxName(a, b, feeBps)], assets: [a, b] })
    }, inner)
  }

  /**
   * A pair of 6-decimal dollar coins `lp` makes (USDX, then USDY; a < b, and `clawback` makes `lp` the
   * clawback of a), a pool at `amp` in each of `tiers`, and `reserve` of each side added to each by `lp`.
   */
  async seededPair(lp: User, tiers: bigint[], amp: bigint, reserve: bigint, o: { clawback?: boolean } = {}): Promise<{ a: bigint; b: bigint; lpAssets: bigint[] }> {
    const x = await this.g.asset(lp, { decimals: 6, unitName: 'USDX', clawback: o.clawback ? lp.addr : undefined })
    const y = await this.g.asset(lp, { decimals: 6, unitName: 'USDY' })
    const [a, b] = sorted(x, y)
    for (const tier of tiers) await this.createPool(lp, a, b, tier, amp)
    const lpAssets: bigint[] = []
    for (const tier of tiers) lpAssets.push((await this.pool(a, b, tier))!.lpAsset)
    await this.g.optIn(lp, ...lpAssets)
    for (const tier of tiers) await this.add(lp, a, b, tier, reserve, reserve)
    return { a, b, lpAssets }
  }

  /** Adds amountA/amountB to the pool; returns the LP minted. */
  async add(user: User, a: bigint, b: bigint, feeBps: bigint, amountA: bigint, amountB: bigint, minLp = 0n): Promise<StableSent<bigint>> {
    const pool = (await this.pool(a, b, feeBps))!
    return this.run(async (n) => {
      const inA = await this.transfer(user, a, amountA)
      const inB = await this.transfer(user, b, amountB)
      return this.call(user, 'addLiquidity', [inA, inB, a, b, feeBps, minLp] as unknown as algosdk.ABIValue[], n, { boxes: [stableBoxName(a, b, feeBps)], assets: [a, b, pool.lpAsset] })
    }, 1)
  }

  /** Adds `amount` of one side only; returns the LP minted. */
  async addSingle(user: User, a: bigint, b: bigint, feeBps: bigint, asset: bigint, amount: bigint, minLp = 0n): Promise<StableSent<bigint>> {
    const pool = (await this.pool(a, b, feeBps))!
    return this.run(async (n) => {
      const input = await this.transfer(user, asset, amount)
      return this.call(user, 'addLiquiditySingle', [input, a, b, feeBps, minLp] as unknown as algosdk.ABIValue[], n, { boxes: [stableBoxName(a, b, feeBps)], assets: [a, b, pool.lpAsset] })
    }, 1)
  }

  /** Burns `lp` for both sides in proportion; returns [amountA, amountB]. */
  async remove(user: User, a: bigint, b: bigint, feeBps: bigint, lp: bigint, minA = 0n, minB = 0n, o: { burnAsset?: bigint } = {}): Promise<StableSent<[bigint, bigint]>> {
    const pool = (await this.pool(a, b, feeBps))!
    return this.run(async (n) => {
      const burn = await this.transfer(user, o.burnAsset ?? pool.lpAsset, lp)
      return this.call(user, 'removeLiquidity', [burn, a, b, feeBps, minA, minB] as unknown as algosdk.ABIValue[], n, { boxes: [stableBoxName(a, b, feeBps)], assets: [a, b, pool.lpAsset] })
    }, 2)
  }

  /** Swaps all of `amount` of assetIn for at least minOut of assetOut in tier feeBps. */
  async swap(user: User, assetIn: bigint, amount: bigint, assetOut: bigint, feeBps: bigint, minOut = 0n, o: { receiver?: Address | string; closeTo?: Address | string; rekeyTo?: Address | string } = {}): Promise<StableSent<bigint>> {
    const [a, b] = assetIn < assetOut ? [assetIn, assetOut] : [assetOut, assetIn]
    return this.run(async (n) => {
      const input = await this.transfer(user, assetIn, amount, o)
      return this.call(user, 'swapExactIn', [input, assetOut, feeBps, minOut] as unknown as algosdk.ABIValue[], n, { boxes: [stableBoxName(a, b, feeBps)], assets: [assetIn, assetOut] })
    }, 1)
  }

  /** Ramps A (times 100) to futureA at futureTime (the registry's admin only). */
  async rampA(user: User, a: bigint, b: bigint, feeBps: bigint, futureA: bigint, futureTime: bigint): Promise<StableSent<undefined>> {
    return this.run(() => this.call(user, 'rampA', [a, b, feeBps, futureA, futureTime], 0, { boxes: [stableBoxName(a, b, feeBps)], assets: [] }), 0)
  }

  /** Stops a ramp where it stands (the registry's admin only). */
  async stopRampA(user: User, a: bigint, b: bigint, feeBps: bigint): Promise<StableSent<undefined>> {
    return this.run(() => this.call(user, 'stopRampA', [a, b, feeBps], 0, { boxes: [stableBoxName(a, b, feeBps)], assets: [] }), 0)
  }
}
