// The one group builder: chained add…() calls, then build() or send(). It sets exact fees (the
// minimum per transaction, plus each app call's inner transactions), names each app call's
// references as its builder gives them, and pads the opcode budget with bare calls found by one
// simulation. Composition, signing and sending are algokit-utils' TransactionComposer
// (README.md, "Group builder", says why and what it weighs).
import {
  makeApplicationNoOpTxnFromObject,
  makeAssetTransferTxnWithSuggestedParamsFromObject,
  makePaymentTxnWithSuggestedParamsFromObject,
} from 'algosdk'
import type { ABIMethod, ABIValue, Address, Algodv2, AtomicTransactionComposer, SuggestedParams, Transaction, TransactionSigner } from 'algosdk'
import { TransactionComposer } from '@algorandfoundation/algokit-utils/types/composer'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { APP_CALL_BUDGET, budgetShortfall } from './budget.ts'
import { appCallFee, minFeeOf } from './fees.ts'
import { assetReferences } from './references.ts'
import { CONFIRMATION_ROUNDS } from './simulate.ts'
import { DuplicateTransactionError, duplicateTxId } from './distinct.ts'

/** Who sends a group and how it is signed. */
export interface GroupContext {
  algod: Algodv2
  sender: string | Address
  signer: TransactionSigner
  /** Reused when given (one fetch per group otherwise); its firstValid and lastValid are kept. */
  suggestedParams?: SuggestedParams
  /**
   * The stem of every transaction's note (random bytes otherwise): each transaction's note is this
   * stem and its place in the group, so no two transactions of a group, nor two groups built with
   * different stems, share an id ("transaction already in ledger").
   */
  note?: Uint8Array | string
}

/** A transaction passed as a method argument (a deposit), made afresh for each build. */
export interface TxnArg {
  txn: () => Transaction
}

/** A method call: the app, the method, its arguments, the inner transactions it sends and the references it names. */
export interface MethodCallParams {
  appId: bigint
  method: ABIMethod
  args: (ABIValue | TxnArg)[]
  /** Inner transactions the call sends at most: its fee covers them. */
  inners?: number
  /** Box names of the called app, or `{ appId, name }` for another app's box. */
  boxes?: (Uint8Array | { appId: bigint; name: Uint8Array })[]
  assets?: bigint[]
  apps?: bigint[]
  accounts?: (string | Address)[]
}

/** What every built group gives back: the composer to simulate and sign, and the µALGO of fees the sender pays (inner transactions included). */
export interface ComposedGroup {
  composer: AtomicTransactionComposer
  fee: bigint
}

/** A built group and what it costs the sender. */
export interface BuiltGroup extends ComposedGroup {
  transactions: Transaction[]
  /** Bare calls added because the group needs more than its app calls' opcode budget. */
  budgetCalls: number
}

/** A sent group: its transaction ids, the round it landed in, and each method call's ABI return. */
export interface SentGroup {
  txIds: string[]
  confirmedRound: bigint
  returns: (ABIValue | undefined)[]
}

type Step = (tc: TransactionComposer, fee: (inners: number) => AlgoAmount) => void

const isTxnArg = (a: unknown): a is TxnArg => typeof a === 'object' && a !== null && typeof (a as TxnArg).txn === 'function'

/** Builds one atomic group for one sender; see the file comment. */
export class GroupBuilder {
  private readonly steps: Step[] = []
  private budgetCalls = 0
  /** Notes handed out so far: the next transaction's place. */
  private notes = 0
  private readonly stem: Uint8Array
  /** The network's minimum fee per transaction. */
  readonly minFee: bigint

  private constructor(
    readonly ctx: GroupContext,
    readonly params: SuggestedParams,
  ) {
    this.minFee = minFeeOf(params)
    const { note } = ctx
    this.stem = typeof note === 'string' ? new TextEncoder().encode(note) : (note ?? globalThis.crypto.getRandomValues(new Uint8Array(8)))
  }

  /**
   * A note no other transaction of this group carries (the context's stem and a counter). Every
   * transaction a builder makes takes one, transfers included: two legs of a split paying the same
   * amount to the same pool would otherwise be one transaction id twice.
   */
  note(): Uint8Array {
    const place = new TextEncoder().encode(`#${this.notes++}`)
    const note = new Uint8Array(this.stem.length + place.length)
    note.set(this.stem)
    note.set(place, this.stem.length)
    return note
  }

  /** A builder for `ctx`, fetching suggested params unless the context carries them. */
  static async create(ctx: GroupContext): Promise<GroupBuilder> {
    return new GroupBuilder(ctx, ctx.suggestedParams ?? (await ctx.algod.getTransactionParams().do()))
  }

  /** Suggested params with the fee of a transaction that sends `inners` inner transactions. */
  suggested(inners = 0): SuggestedParams {
    return { ...this.params, flatFee: true, fee: appCallFee(this.minFee, inners) }
  }

  /** A transfer of `amount` of `asset` (0 = ALGO) from the sender to `receiver`, as a method argument. */
  deposit(receiver: string | Address, asset: bigint, amount: bigint): TxnArg {
    const { sender } = this.ctx
    const note = this.note()
    return {
      txn: () =>
        asset === 0n
          ? makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver, amount, note, suggestedParams: this.suggested() })
          : makeAssetTransferTxnWithSuggestedParamsFromObject({ sender, receiver, assetIndex: asset, amount, note, suggestedParams: this.suggested() }),
    }
  }

  /** Adds a transaction made afresh for each build (a composer stamps its group id on it); give it a note() unless it differs otherwise. */
  addTransaction(txn: () => Transaction): this {
    this.steps.push((tc) => tc.addTransaction(txn(), this.ctx.signer))
    return this
  }

  /** Adds a payment or asset transfer from the sender. */
  addTransfer(receiver: string | Address, asset: bigint, amount: bigint): this {
    return this.addTransaction(this.deposit(receiver, asset, amount).txn)
  }

  /** Adds the sender's opt-in to `asset`. */
  addAssetOptIn(asset: bigint): this {
    return this.addTransfer(this.ctx.sender, asset, 0n)
  }

  /** Adds an ABI method call with its exact fee and the references it names. */
  addMethodCall(call: MethodCallParams): this {
    const { sender, signer } = this.ctx
    const note = this.note()
    this.steps.push((tc, fee) =>
      tc.addAppCallMethodCall({
        sender,
        signer,
        appId: call.appId,
        method: call.method,
        args: call.args.map((a) => (isTxnArg(a) ? a.txn() : a)),
        staticFee: fee(call.inners ?? 0),
        firstValidRound: BigInt(this.params.firstValid),
        lastValidRound: BigInt(this.params.lastValid),
        boxReferences: (call.boxes ?? []).map((box) => (box instanceof Uint8Array ? { appId: 0n, name: box } : box)),
        assetReferences: assetReferences(call.assets ?? []),
        appReferences: call.apps ?? [],
        accountReferences: call.accounts ?? [],
        note,
      }),
    )
    return this
  }

  /** Adds a bare NoOp call to `appId` (budget padding), kept apart from the others by its own note. */
  addBareCall(appId: bigint): this {
    const note = this.note()
    return this.addTransaction(() => makeApplicationNoOpTxnFromObject({ sender: this.ctx.sender, appIndex: appId, suggestedParams: this.suggested(), note }))
  }

  /**
   * Adds bare calls to `appId` (each runs `bareCallCost` opcodes) until the group's pooled budget
   * covers it, by simulation; at most three rounds. Each call costs the minimum fee.
   */
  async coverBudget(appId: bigint, bareCallCost: number): Promise<this> {
    for (let round = 0; round < 3; round++) {
      const short = await budgetShortfall(this.ctx.algod, (await this.build()).transactions)
      if (short <= 0) break
      for (let i = 0; i < Math.ceil(short / (APP_CALL_BUDGET - bareCallCost)); i++, this.budgetCalls++) {
        this.addBareCall(appId)
      }
    }
    return this
  }

  /** The group as it stands: a fresh composer each time, so it can be built, padded and built again. Throws a DuplicateTransactionError when two of its transactions are one. */
  async build(): Promise<BuiltGroup> {
    const tc = new TransactionComposer({ algod: this.ctx.algod, getSigner: () => this.ctx.signer, getSuggestedParams: async () => ({ ...this.params }) })
    const fee = (inners: number) => AlgoAmount.MicroAlgo(appCallFee(this.minFee, inners))
    for (const step of this.steps) step(tc, fee)
    const { atc, transactions: signable } = await tc.build()
    const transactions = signable.map((t) => t.txn)
    const twice = duplicateTxId(transactions)
    if (twice) throw new DuplicateTransactionError(twice)
    return { composer: atc, transactions, fee: transactions.reduce((sum, t) => sum + t.fee, 0n), budgetCalls: this.budgetCalls }
  }

  /** Builds, signs with the context's signer, sends and waits up to `maxRounds` (CONFIRMATION_ROUNDS) for the group's block. */
  async send(maxRounds = CONFIRMATION_ROUNDS): Promise<SentGroup> {
    const { composer } = await this.build()
    const result = await composer.execute(this.ctx.algod, maxRounds)
    return { txIds: result.txIDs, confirmedRound: BigInt(result.confirmedRound), returns: result.methodResults.map((r) => r.returnValue) }
  }
}
