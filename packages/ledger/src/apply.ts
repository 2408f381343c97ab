// Validating and applying a signed group atomically (go's ledger/eval transaction group path
// plus ledger/apply): well-formedness, validity window, genesis, fees pooled over the group,
// group id, leases, duplicates, signatures (single, multisig, logicsig, rekeyed signers), then
// each transaction's effects. Any failure reverts the whole group; the message is algod's.

import algosdk from 'algosdk'
import {
  MODE_APP,
  OnCompletion,
  beginAppCall,
  chargeProgramWrites,
  evalProgram,
  groupId,
  groupStateFor,
  txnId,
  type EvalTracer,
  type InnerAppRunner,
  type StackValue,
  type Txn,
  type Uint64,
  type UnnamedResourcePolicy,
} from '@grove/avm'
import { LedgerError } from './errors.ts'
import { AccountStatus, BALANCE_LOOKBACK, hex, microAlgosText, u64, type AssetRecord, type LedgerState } from './state.ts'
import { txnFromRaw } from './convert.ts'
import { sha512_256 } from './hash.ts'
import { verifyGroup } from './verify.ts'
import { wellFormed } from './well-formed.ts'
import { ZERO32, addr, concat, eq, isZero } from './bytes.ts'

/** A state change in an EvalDelta: set bytes (1), set uint (2) or delete (3). */
export interface ValueDelta {
  action: 1 | 2 | 3
  bytes?: Uint8Array
  uint?: Uint64
}

/** What applying one transaction produced (go's ApplyData). */
export interface ApplyData {
  closingAmount: bigint
  assetClosingAmount: bigint
  createdAssetId: bigint
  createdAppId: bigint
  /** key hex → delta of the called app's global state. */
  globalDelta: Map<string, ValueDelta>
  /** account index (0 sender, i = accounts[i-1], beyond = sharedAccts) → key hex → delta. */
  localDeltas: Map<number, Map<string, ValueDelta>>
  /** Accounts with local deltas that the transaction does not list. */
  sharedAccts: Uint8Array[]
  logs: Uint8Array[]
  /** Inner transactions with their own apply data. */
  inner: AppliedTxn[]
}

/** A transaction as applied: the AVM model (with created ids and logs) and its apply data. */
export interface AppliedTxn {
  txn: Txn
  applyData: ApplyData
}

/** The group-level context: where the chain is and what it has seen. */
export interface GroupContext {
  /** The round the group will be committed in. */
  round: bigint
  genesisId: string
  genesisHash: Uint8Array
  /** Whether a txid was committed in a round whose validity may still overlap. */
  seenTxId(txId: string): boolean
  /** The last valid round of an active lease (sender hex + lease hex), if any. */
  leaseUntil(key: string): bigint | undefined
  /** Signatures were verified when the group was first accepted (replaying the node's own log). */
  verified?: boolean
  /** Simulate's relaxations and observers (simulate.ts); absent when submitting. */
  sim?: SimulateHooks
  /**
   * App programs' failures name the failing opcodes (`pc=P, opcodes=…`), as go's transaction pool
   * evaluates with EnableDeveloperAPI; simulate's failures always do, LogicSigs' only in simulate.
   */
  detailedEvalErrors?: boolean
}

/** What simulate changes in evaluation (go's ResultEvalOverrides plus its tracer). */
export interface SimulateHooks {
  /** Transactions without any signature skip verification (the authorizer is still checked). */
  allowEmptySignatures?: boolean
  /** Added to the group's pooled app budget. */
  extraOpcodeBudget?: number
  unnamedResources?: UnnamedResourcePolicy
  tracer?: EvalTracer
  /** With allowEmptySignatures: an unsigned txn is authorized by whoever the account's authorizer is. */
  fixSigners?: boolean
  /** Told when a top-level clear-state program fails or rejects (its effects are rolled back). */
  clearStateFailed?: (gi: number, error?: string) => void
  /** Filled when fixSigners changed a transaction's signer: group index → the signer it needed. */
  fixedSigners?: Map<number, Uint8Array>
  /** Filled by applyGroup as it runs, so a failed group still reports what it used. */
  consumed?: { app: number[]; logicSig: number[]; appBudgetAdded: number; verified: boolean; applied?: AppliedTxn[] }
}

/** A group after successful application. */
export interface AppliedGroup {
  txIds: string[]
  /** Each transaction's canonical encoding (what its id hashes), for the block's commitments. */
  txnBytes: Uint8Array[]
  applied: AppliedTxn[]
  /** Leases taken: key → last valid. */
  leases: Map<string, bigint>
  /** Per transaction: app opcode cost incl. its inner calls, and its logicsig's cost. */
  appBudgetConsumed: number[]
  logicSigBudgetConsumed: number[]
  /** The group's initial pooled app budget (before inner calls add theirs). */
  appBudgetAdded: number
}

const TX = new TextEncoder().encode('TX')
function emptyApplyData(): ApplyData {
  return {
    closingAmount: 0n,
    assetClosingAmount: 0n,
    createdAssetId: 0n,
    createdAppId: 0n,
    globalDelta: new Map(),
    localDeltas: new Map(),
    sharedAccts: [],
    logs: [],
    inner: [],
  }
}

// ---- group checks (signatures: verify.ts, go's data/transactions/verify) ----

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** go's crypto.Digest.String(): standard base32 without padding (a txid's format). */
function digestText(b: Uint8Array): string {
  let out = ''
  let value = 0
  let bits = 0
  for (const x of b) {
    value = ((value << 8) | x) & 0xfff
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** go's CheckTxnGroup: a lone transaction may omit the group id; otherwise all share the hash of the ids. */
function checkGroupId(group: Txn[]): void {
  const gid = group[0].group
  if (isZero(gid)) {
    if (group.length === 1) return
    throw new LedgerError(`transactionGroup: [0] had zero Group but was submitted in a group of ${group.length}`)
  }
  for (const t of group) {
    if (!eq(t.group, gid)) throw new LedgerError(`transactionGroup: inconsistent group values: ${digestText(t.group)} != ${digestText(gid)}`)
  }
  const hashes = group.map((t) => txnId({ ...t, group: new Uint8Array(32) }))
  const computed = groupId(hashes)
  if (!eq(computed, gid)) {
    throw new LedgerError(`transactionGroup: incomplete group: ${digestText(gid)} != ${digestText(computed)} ({{} [${hashes.map(digestText).join(' ')}]})`)
  }
}

/** go's bookkeeping Alive plus the ledger's duplicate and lease checks, for one transaction. */
function checkAlive(tx: Txn, id: string, ctx: GroupContext, leases: Map<string, bigint>, seenInGroup: Set<string>): void {
  const fv = BigInt(tx.firstValid)
  const lv = BigInt(tx.lastValid)
  if (ctx.round < fv || ctx.round > lv) throw new LedgerError(`txn dead: round ${ctx.round} outside of ${fv}--${lv}`)
  if (tx.genesisId !== '' && tx.genesisId !== ctx.genesisId) throw new LedgerError(`tx.GenesisID <${tx.genesisId}> does not match expected <${ctx.genesisId}>`)
  if (!isZero(tx.genesisHash) && !eq(tx.genesisHash, ctx.genesisHash)) {
    throw new LedgerError(`tx.GenesisHash <${digestText(tx.genesisHash)}> does not match expected <${digestText(ctx.genesisHash)}>`)
  }
  if (isZero(tx.genesisHash)) throw new LedgerError('required tx.GenesisHash is missing')
  if (ctx.seenTxId(id) || seenInGroup.has(id)) throw new LedgerError(`transaction already in ledger: ${id}`)
  if (!isZero(tx.lease)) {
    const key = hex(tx.sender) + hex(tx.lease)
    const until = ctx.leaseUntil(key) ?? leases.get(key)
    if (until !== undefined && until >= ctx.round) {
      throw new LedgerError(`transaction ${id} using an overlapping lease (sender, lease):(${addr(tx.sender)}, ${addr(tx.lease)})`)
    }
    leases.set(key, lv)
  }
  seenInGroup.add(id)
}

// ---- effects ----

/** Records state writes of one app call to build its EvalDelta. */
interface DeltaRecorder {
  globals: Map<string, { key: Uint8Array; before: StackValue | undefined }>
  locals: Map<string, { addr: Uint8Array; key: Uint8Array; before: StackValue | undefined }>
}

function valueDelta(v: StackValue | undefined): ValueDelta {
  if (v === undefined) return { action: 3 }
  return typeof v === 'object' ? { action: 1, bytes: v } : { action: 2, uint: v }
}

function sameValue(a: StackValue | undefined, b: StackValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  if (typeof a === 'object' || typeof b === 'object') return typeof a === 'object' && typeof b === 'object' && eq(a, b)
  return BigInt(a) === BigInt(b)
}

/** Applies transactions to a LedgerState; one instance per group. */
class GroupApplier {
  constructor(private readonly state: LedgerState) {}

  /** Applies `group[gi]` (top-level or inner) and returns it applied. */
  apply(group: Txn[], gi: number, runInner: InnerAppRunner | undefined): AppliedTxn {
    const s = this.state
    const tx = group[gi]
    const ad = emptyApplyData()
    s.move(tx.sender, s.chain.feeSink, BigInt(tx.fee))
    // go's apply.Rekey runs before the effects: a program already sees the new authorizer (and may
    // send from a sender rekeyed to its app), and a close wipes the record, auth address and all
    if (!isZero(tx.rekeyTo)) s.updateAccount(tx.sender, (d) => (d.authAddr = eq(tx.rekeyTo, tx.sender) ? new Uint8Array(32) : tx.rekeyTo))
    // go counts an inner transaction before applying it and a top-level one after (its addTx)
    if (runInner !== undefined) s.countTxn()
    switch (tx.type) {
      case 'pay':
        this.pay(tx, ad)
        break
      case 'keyreg':
        this.keyreg(tx)
        break
      case 'acfg':
        this.acfg(tx, ad)
        break
      case 'axfer':
        this.axfer(tx, ad)
        break
      case 'afrz':
        this.afrz(tx)
        break
      case 'appl':
        this.appl(group, gi, ad, runInner)
        break
      default:
        throw new LedgerError(`unknown tx type ${tx.type}`)
    }
    const applied: Txn = {
      ...group[gi],
      createdAssetId: ad.createdAssetId === 0n ? 0 : u64(ad.createdAssetId),
      createdApplicationId: ad.createdAppId === 0n ? 0 : u64(ad.createdAppId),
      logs: ad.logs,
      innerTxns: ad.inner.map((a) => a.txn),
    }
    group[gi] = applied
    if (runInner === undefined) s.countTxn()
    return { txn: applied, applyData: ad }
  }

  private pay(tx: Txn, ad: ApplyData): void {
    const s = this.state
    if (BigInt(tx.amount) !== 0n || !isZero(tx.receiver)) s.move(tx.sender, tx.receiver, BigInt(tx.amount))
    if (isZero(tx.closeRemainderTo)) return
    const rec = s.accountData(tx.sender)
    const closing = BigInt(rec.balance)
    ad.closingAmount = closing
    s.move(tx.sender, tx.closeRemainderTo, closing)
    const after = s.accountData(tx.sender)
    if (after.totalAssets > 0) throw new LedgerError(`cannot close: ${after.totalAssets} outstanding assets`)
    if (after.totalAssetParams > 0) throw new LedgerError(`cannot close: ${after.totalAssetParams} outstanding created assets`)
    if (after.totalAppLocalStates > 0) throw new LedgerError(`cannot close: ${after.totalAppLocalStates} outstanding applications opted in. Please opt out or clear them`)
    if (after.totalBoxes > 0) throw new LedgerError(`cannot close: ${after.totalBoxes} outstanding boxes`)
    if (after.totalAppParams > 0) throw new LedgerError(`cannot close: ${after.totalAppParams} outstanding created applications`)
    // Closing clears the whole record (go's CloseAccount): auth address, status, keys, incentive eligibility
    s.updateAccount(tx.sender, (d) => {
      d.authAddr = ZERO32
      d.status = undefined
      d.voting = undefined
      d.incentiveEligible = false
      d.lastHeartbeat = 0
      d.lastProposed = 0
    })
  }

  /** go's apply.Keyreg: registers participation keys (online) or clears them (offline, or for good non-participating). */
  private keyreg(tx: Txn): void {
    const s = this.state
    const proto = s.proto
    if (s.accountData(tx.sender).status === AccountStatus.NotParticipating) {
      throw new LedgerError(`cannot change online/offline status of non-participating account ${addr(tx.sender)}`)
    }
    const round = BigInt(s.round())
    if (isZero(tx.votePk) || isZero(tx.selectionPk)) {
      s.updateAccount(tx.sender, (d) => {
        d.status = tx.nonparticipation ? AccountStatus.NotParticipating : AccountStatus.Offline
        // well-formedness leaves every key zero here, so go's copy of the keys clears them with the window;
        // IncentiveEligible stays: an account that left gracefully comes back without paying again
        d.voting = undefined
      })
      return
    }
    if (BigInt(tx.voteLast) <= round) throw new LedgerError('transaction tries to mark an account as online with last voting round in the past')
    if (BigInt(tx.voteFirst) > round + 1n) throw new LedgerError('transaction tries to mark an account as online with first voting round beyond the next voting round')
    s.updateAccount(tx.sender, (d) => {
      d.status = AccountStatus.Online
      if (proto.payoutsEnabled) d.lastHeartbeat = u64(round + BALANCE_LOOKBACK)
      d.voting = { voteId: tx.votePk, selectionId: tx.selectionPk, stateProofId: tx.stateProofPk, voteFirst: tx.voteFirst, voteLast: tx.voteLast, voteKeyDilution: tx.voteKeyDilution }
      if (proto.payoutsEnabled && BigInt(tx.fee) >= BigInt(proto.payoutsGoOnlineFee)) d.incentiveEligible = true
    })
  }

  private acfg(tx: Txn, ad: ApplyData): void {
    const s = this.state
    if (tx.configAsset === 0) {
      const id = s.nextId()
      s.putAsset(id, { params: tx.assetParams, creator: tx.sender })
      s.putHolding(tx.sender, id, { amount: tx.assetParams.total, frozen: false })
      s.updateAccount(tx.sender, (d) => {
        d.totalAssetParams++
        d.totalAssets++
      })
      ad.createdAssetId = BigInt(id)
      return
    }
    const rec = s.assetParams(tx.configAsset)
    if (rec === undefined) throw new LedgerError(`asset ${String(tx.configAsset)} does not exist or has been deleted`)
    if (isZero(rec.params.manager) || !eq(rec.params.manager, tx.sender)) {
      throw new LedgerError(`this transaction should be issued by the manager. It is issued by ${addr(tx.sender)}, manager key ${addr(rec.params.manager)}`)
    }
    const p = tx.assetParams
    const isDestroy = isZero(p.manager) && isZero(p.reserve) && isZero(p.freeze) && isZero(p.clawback)
    if (isDestroy) {
      const h = s.assetHolding(rec.creator, tx.configAsset)
      if (h === undefined) throw new LedgerError(`cannot destroy asset: account ${addr(rec.creator)} holds no assets`)
      if (BigInt(h.amount) !== BigInt(rec.params.total)) {
        throw new LedgerError(`cannot destroy asset: creator is holding only ${String(h.amount)}/${String(rec.params.total)}`)
      }
      s.putHolding(rec.creator, tx.configAsset, undefined)
      s.putAsset(tx.configAsset, undefined)
      s.updateAccount(rec.creator, (d) => {
        d.totalAssetParams--
        d.totalAssets--
      })
      return
    }
    // Reconfiguring may only change the four addresses, and a cleared one stays cleared.
    const next = { ...rec.params }
    next.manager = p.manager
    next.reserve = isZero(rec.params.reserve) ? ZERO32 : p.reserve
    next.freeze = isZero(rec.params.freeze) ? ZERO32 : p.freeze
    next.clawback = isZero(rec.params.clawback) ? ZERO32 : p.clawback
    s.putAsset(tx.configAsset, { ...rec, params: next })
  }

  /** go's apply.AssetTransfer, step for step. */
  private axfer(tx: Txn, ad: ApplyData): void {
    const s = this.state
    const aid = tx.xferAsset
    const params = (): AssetRecord => {
      const rec = s.assetParams(aid)
      if (rec === undefined) throw new LedgerError(`asset ${String(aid)} does not exist or has been deleted`)
      return rec
    }
    const clawback = !isZero(tx.assetSender)
    const source = clawback ? tx.assetSender : tx.sender
    if (clawback) {
      const rec = params()
      if (isZero(rec.params.clawback) || !eq(rec.params.clawback, tx.sender)) {
        throw new LedgerError(`clawback not allowed: sender ${addr(tx.sender)}, clawback ${addr(rec.params.clawback)}`)
      }
    }
    const amount = BigInt(tx.assetAmount)
    // Opt-in: a zero self-transfer creates the holding when there is none.
    if (amount === 0n && eq(tx.assetReceiver, source) && !clawback && s.assetHolding(source, aid) === undefined) {
      s.putHolding(source, aid, { amount: 0, frozen: params().params.defaultFrozen })
      s.updateAccount(source, (d) => d.totalAssets++)
    }
    // zero transfers touch no holding, so a transaction may be just a close-out
    this.takeOut(source, aid, amount, clawback)
    this.putIn(tx.assetReceiver, aid, amount, clawback)
    if (isZero(tx.assetCloseTo)) return
    if (clawback) throw new LedgerError('cannot close asset by clawback')
    if (s.accountData(source).totalAssets === 0) {
      throw new LedgerError(`cannot close asset holding on account ${addr(source)} : account is not opted in asset ${String(aid)} `)
    }
    const created = s.assetParams(aid)
    if (created !== undefined && eq(created.creator, source)) throw new LedgerError('cannot close asset ID in allocating account')
    const h = s.assetHolding(source, aid)
    if (h === undefined) throw new LedgerError(`asset ${String(aid)} not present in account ${addr(source)}`)
    // closing to the creator works even for a frozen holding
    const bypassFreeze = created !== undefined && eq(created.creator, tx.assetCloseTo)
    const rest = BigInt(h.amount)
    ad.assetClosingAmount = rest
    this.takeOut(source, aid, rest, bypassFreeze)
    this.putIn(tx.assetCloseTo, aid, rest, bypassFreeze)
    s.putHolding(source, aid, undefined)
    s.updateAccount(source, (d) => d.totalAssets--)
  }

  /** go's takeOut: debits a holding (nothing at all for zero). */
  private takeOut(from: Uint8Array, aid: Uint64, amount: bigint, bypassFreeze: boolean): void {
    if (amount === 0n) return
    const s = this.state
    const h = s.assetHolding(from, aid)
    if (h === undefined) throw new LedgerError(`asset ${String(aid)} missing from ${addr(from)}`)
    if (h.frozen && !bypassFreeze) throw new LedgerError(`asset ${String(aid)} frozen in ${addr(from)}`)
    if (BigInt(h.amount) < amount) throw new LedgerError(`underflow on subtracting ${amount} from sender amount ${String(h.amount)}`)
    s.putHolding(from, aid, { ...h, amount: u64(BigInt(h.amount) - amount) })
  }

  /** go's putIn: credits a holding (nothing at all for zero). */
  private putIn(to: Uint8Array, aid: Uint64, amount: bigint, bypassFreeze: boolean): void {
    if (amount === 0n) return
    const s = this.state
    const h = s.assetHolding(to, aid)
    if (h === undefined) throw new LedgerError(`receiver error: must optin, asset ${String(aid)} missing from ${addr(to)}`)
    if (h.frozen && !bypassFreeze) throw new LedgerError('asset frozen in recipient')
    const sum = BigInt(h.amount) + amount
    if (sum > 0xffff_ffff_ffff_ffffn) throw new LedgerError(`overflow on adding ${amount} to receiver amount ${String(h.amount)}`)
    s.putHolding(to, aid, { ...h, amount: u64(sum) })
  }

  private afrz(tx: Txn): void {
    const s = this.state
    const rec = s.assetParams(tx.freezeAsset)
    if (rec === undefined) throw new LedgerError(`asset ${String(tx.freezeAsset)} does not exist or has been deleted`)
    if (isZero(rec.params.freeze) || !eq(rec.params.freeze, tx.sender)) {
      throw new LedgerError(`freeze not allowed: sender ${addr(tx.sender)}, freeze ${addr(rec.params.freeze)}`)
    }
    const h = s.assetHolding(tx.freezeAccount, tx.freezeAsset)
    if (h === undefined) throw new LedgerError('asset not found in account')
    s.putHolding(tx.freezeAccount, tx.freezeAsset, { ...h, frozen: tx.assetFrozen })
  }

  private appl(group: Txn[], gi: number, ad: ApplyData, runInner: InnerAppRunner | undefined): void {
    const s = this.state
    const tx = group[gi]
    let appId: Uint64 = tx.applicationId
    if (appId === 0) {
      appId = s.nextId()
      ad.createdAppId = BigInt(appId)
      s.putApp(appId, {
        creator: tx.sender,
        params: {
          approvalProgram: tx.approvalProgram,
          clearStateProgram: tx.clearStateProgram,
          globalStateSchema: tx.globalStateSchema,
          localStateSchema: tx.localStateSchema,
          extraProgramPages: tx.extraProgramPages,
          version: 0,
          sizeSponsor: new Uint8Array(32),
          foreignBoxReads: false,
          familyBoxAccess: false,
        },
      })
      s.updateAccount(tx.sender, (d) => {
        d.totalAppParams++
        d.totalAppSchema = {
          numUint: d.totalAppSchema.numUint + tx.globalStateSchema.numUint,
          numByteSlice: d.totalAppSchema.numByteSlice + tx.globalStateSchema.numByteSlice,
        }
        d.totalExtraAppPages += tx.extraProgramPages
      })
      group[gi] = { ...tx, createdApplicationId: appId }
    }
    const rec = s.appParams(appId)
    if (rec === undefined) {
      if (tx.onCompletion !== OnCompletion.ClearState) {
        throw new LedgerError(`only ClearState is supported for an application (${String(appId)}) that does not exist`)
      }
    }
    if (rec !== undefined && BigInt(tx.rejectVersion) !== 0n && BigInt(rec.params.version) >= BigInt(tx.rejectVersion)) {
      throw new LedgerError(`app version (${String(rec.params.version)}) >= reject version (${String(tx.rejectVersion)})`)
    }
    const optIn = (): void => {
      if (s.optedIn(tx.sender, appId)) throw new LedgerError(`account ${addr(tx.sender)} has already opted in to app ${String(appId)}`)
      const schema = s.appParams(appId)!.params.localStateSchema
      s.putLocalState(tx.sender, appId, true)
      s.updateAccount(tx.sender, (d) => {
        d.totalAppLocalStates++
        d.totalAppSchema = { numUint: d.totalAppSchema.numUint + schema.numUint, numByteSlice: d.totalAppSchema.numByteSlice + schema.numByteSlice }
      })
    }
    const closeOut = (): void => {
      if (!s.optedIn(tx.sender, appId)) throw new LedgerError(`account ${addr(tx.sender)} is not opted in to app ${String(appId)}`)
      const schema = s.appParams(appId)?.params.localStateSchema ?? { numUint: 0, numByteSlice: 0 }
      s.putLocalState(tx.sender, appId, false)
      s.updateAccount(tx.sender, (d) => {
        d.totalAppLocalStates--
        d.totalAppSchema = { numUint: d.totalAppSchema.numUint - schema.numUint, numByteSlice: d.totalAppSchema.numByteSlice - schema.numByteSlice }
      })
    }

    if (tx.onCompletion === OnCompletion.ClearState) {
      if (!s.optedIn(tx.sender, appId)) throw new LedgerError(`cannot clear state: ${addr(tx.sender)} is not currently opted in to app ${String(appId)}`)
      if (rec !== undefined) {
        // The clear program's failure is ignored, but its effects are then discarded.
        const cp = s.checkpoint()
        const res = this.runProgram(rec.params.clearStateProgram, group, gi, appId, ad, runInner, true)
        if (!res) s.revert(cp)
      }
      closeOut()
      return
    }
    if (tx.onCompletion === OnCompletion.OptIn) optIn()
    const pass = this.runProgram(rec!.params.approvalProgram, group, gi, appId, ad, runInner, false)
    if (!pass) throw new LedgerError('transaction rejected by ApprovalProgram')
    switch (tx.onCompletion) {
      case OnCompletion.CloseOut:
        closeOut()
        break
      case OnCompletion.UpdateApplication: {
        const cur = s.appParams(appId)!
        s.putApp(appId, {
          ...cur,
          params: { ...cur.params, approvalProgram: tx.approvalProgram, clearStateProgram: tx.clearStateProgram, version: u64(BigInt(cur.params.version) + 1n) },
        })
        break
      }
      case OnCompletion.DeleteApplication: {
        const cur = s.appParams(appId)!
        s.putApp(appId, undefined)
        s.updateAccount(cur.creator, (d) => {
          d.totalAppParams--
          d.totalAppSchema = {
            numUint: d.totalAppSchema.numUint - cur.params.globalStateSchema.numUint,
            numByteSlice: d.totalAppSchema.numByteSlice - cur.params.globalStateSchema.numByteSlice,
          }
          d.totalExtraAppPages -= cur.params.extraProgramPages
        })
        break
      }
      default:
        break
    }
  }

  /**
   * Runs an approval or clear program for `group[gi]`; top-level calls evaluate here, inner
   * calls through the AVM's runner. Fills logs, inners and the state delta. Returns approval.
   */
  private runProgram(program: Uint8Array, group: Txn[], gi: number, appId: Uint64, ad: ApplyData, runInner: InnerAppRunner | undefined, clear: boolean): boolean {
    const s = this.state
    const rec: DeltaRecorder = { globals: new Map(), locals: new Map() }
    const prevRecorder = this.recorder
    this.recorder = rec
    this.recorderApp = appId
    const innerApplied: AppliedTxn[] = []
    const prevInner = this.innerSink
    this.innerSink = innerApplied
    let pass: boolean
    let applied: Txn
    try {
      if (runInner !== undefined) {
        const r = runInner(program, group, gi, appId)
        pass = r.pass
        applied = r.txn
      } else {
        let gs: ReturnType<typeof beginAppCall>
        try {
          gs = beginAppCall(group, gi, appId, s, s.proto)
        } catch (e) {
          throw new LedgerError((e as Error).message)
        }
        const r = evalProgram(program, {
          proto: s.proto,
          mode: MODE_APP,
          txnGroup: group,
          groupIndex: gi,
          lsigArgs: [],
          ledger: s,
          appId,
          budget: this.appBudget,
          costLimit: clear ? s.proto.maxAppProgramCost : undefined,
          tracer: this.tracer,
          detailedErrors: this.detailedErrors,
        })
        if (clear && (r.error !== undefined || !r.pass)) this.clearStateFailed?.(gi, r.error && (r.errorText ?? r.error.message))
        if (r.error !== undefined) {
          if (clear) return false
          throw new LedgerError(r.errorText ?? r.error.message)
        }
        if (r.pass) {
          try {
            chargeProgramWrites(gs, group[gi], appId, s.proto)
          } catch (e) {
            throw new LedgerError((e as Error).message)
          }
        }
        pass = r.pass
        applied = { ...group[gi], logs: r.cx.logs }
      }
    } finally {
      this.recorder = prevRecorder
      this.innerSink = prevInner
    }
    ad.logs = applied.logs
    ad.inner = innerApplied
    this.fillDelta(group[gi], appId, rec, ad)
    return pass
  }

  /** Budget pool of the top-level group's app calls (700 per app call). */
  appBudget = { remaining: 0 }
  tracer: EvalTracer | undefined
  detailedErrors = false
  clearStateFailed: SimulateHooks['clearStateFailed']
  recorder: DeltaRecorder | undefined
  recorderApp: Uint64 = 0
  innerSink: AppliedTxn[] | undefined

  private fillDelta(tx: Txn, appId: Uint64, rec: DeltaRecorder, ad: ApplyData): void {
    const s = this.state
    for (const [k, w] of rec.globals) {
      const now = s.getGlobal(appId, w.key)
      if (!sameValue(now, w.before)) ad.globalDelta.set(k, valueDelta(now))
    }
    for (const w of rec.locals.values()) {
      const now = s.optedIn(w.addr, appId) ? s.getLocal(w.addr, appId, w.key) : undefined
      if (sameValue(now, w.before)) continue
      let idx = eq(w.addr, tx.sender) ? 0 : tx.accounts.findIndex((a) => eq(a, w.addr)) + 1
      if (idx === 0 && !eq(w.addr, tx.sender)) {
        let si = ad.sharedAccts.findIndex((a) => eq(a, w.addr))
        if (si < 0) si = ad.sharedAccts.push(w.addr) - 1
        idx = tx.accounts.length + 1 + si
      }
      let m = ad.localDeltas.get(idx)
      if (m === undefined) ad.localDeltas.set(idx, (m = new Map()))
      m.set(hex(w.key), valueDelta(now))
    }
  }
}

/** Wraps a LedgerState's state writes so the active app call's recorder sees them. */
function instrument(state: LedgerState, applier: GroupApplier): () => void {
  const orig = {
    setGlobal: state.setGlobal,
    delGlobal: state.delGlobal,
    setLocal: state.setLocal,
    delLocal: state.delLocal,
  }
  const noteGlobal = (app: Uint64, key: Uint8Array): void => {
    const r = applier.recorder
    if (r === undefined || BigInt(app) !== BigInt(applier.recorderApp)) return
    const k = hex(key)
    if (!r.globals.has(k)) r.globals.set(k, { key, before: state.getGlobal(app, key) })
  }
  const noteLocal = (a: Uint8Array, app: Uint64, key: Uint8Array): void => {
    const r = applier.recorder
    if (r === undefined || BigInt(app) !== BigInt(applier.recorderApp)) return
    const k = hex(a) + ':' + hex(key)
    if (!r.locals.has(k)) r.locals.set(k, { addr: a, key, before: state.getLocal(a, app, key) })
  }
  state.setGlobal = (app, key, v) => {
    noteGlobal(app, key)
    orig.setGlobal.call(state, app, key, v)
  }
  state.delGlobal = (app, key) => {
    noteGlobal(app, key)
    orig.delGlobal.call(state, app, key)
  }
  state.setLocal = (a, app, key, v) => {
    noteLocal(a, app, key)
    orig.setLocal.call(state, a, app, key, v)
  }
  state.delLocal = (a, app, key) => {
    noteLocal(a, app, key)
    orig.delLocal.call(state, a, app, key)
  }
  return () => {
    delete (state as Partial<typeof orig>).setGlobal
    delete (state as Partial<typeof orig>).delGlobal
    delete (state as Partial<typeof orig>).setLocal
    delete (state as Partial<typeof orig>).delLocal
  }
}

/**
 * Validates and applies a signed group to `state` (see the file comment). On success the
 * state keeps the changes (committed at the outermost level); on failure it is unchanged and a
 * LedgerError with algod's message (prefixed with the failing txid where algod does) is thrown.
 */
export function applyGroup(state: LedgerState, stxns: algosdk.SignedTransaction[], ctx: GroupContext): AppliedGroup {
  const proto = state.proto
  if (stxns.length > proto.maxTxGroupSize) throw new LedgerError(`group size ${stxns.length} exceeds maximum ${proto.maxTxGroupSize}`)
  // each transaction is encoded once: its model, id and signed message all come from these bytes
  const messages = stxns.map((s) => concat(TX, algosdk.encodeUnsignedTransaction(s.txn)))
  const group = messages.map((m) => txnFromRaw(algosdk.msgpackRawDecode(m.subarray(TX.length)) as Record<string, unknown>))
  const txIds = messages.map((m) => digestText(sha512_256(m)))

  // verify.TxnGroup: well-formedness, group id, then signatures (below)
  group.forEach((tx, i) => {
    try {
      wellFormed(tx, state)
    } catch (e) {
      throw new LedgerError(`transaction ${txIds[i]} invalid : ${(e as Error).message}`)
    }
  })
  checkGroupId(group)

  const logicSigBudgetConsumed = group.map(() => 0)
  const appBudgetConsumed = group.map(() => 0)
  if (ctx.sim !== undefined) ctx.sim.consumed = { app: appBudgetConsumed, logicSig: logicSigBudgetConsumed, appBudgetAdded: 0, verified: false }
  if (ctx.verified !== true) verifyGroup(stxns.map((stxn, i) => ({ stxn, tx: group[i], id: txIds[i], message: messages[i] })), group, state, ctx.sim, logicSigBudgetConsumed)

  // What follows is the transaction pool's evaluation; a submit's refusals carry its prefix.
  const pooled = ctx.sim === undefined ? 'TransactionPool.Remember: ' : ''
  try {
    return { ...evaluate(state, stxns, group, txIds, ctx, logicSigBudgetConsumed, appBudgetConsumed), txnBytes: messages.map((m) => m.subarray(TX.length)) }
  } catch (e) {
    if (e instanceof LedgerError && pooled !== '') throw new LedgerError(pooled + e.message, e.status)
    throw e
  }
}

/** The block evaluator's part of applyGroup: validity, authorizers, effects, minimum balances and fees. */
function evaluate(
  state: LedgerState,
  stxns: algosdk.SignedTransaction[],
  group: Txn[],
  txIds: string[],
  ctx: GroupContext,
  logicSigBudgetConsumed: number[],
  appBudgetConsumed: number[],
): Omit<AppliedGroup, 'txnBytes'> {
  const proto = state.proto
  // the pool refuses a group with an expired member before evaluating any of it
  for (const tx of group) {
    if (BigInt(tx.lastValid) < ctx.round) throw new LedgerError(`txn dead: round ${ctx.round} outside of ${BigInt(tx.firstValid)}--${BigInt(tx.lastValid)}`)
  }
  const leases = new Map<string, bigint>()
  const seenInGroup = new Set<string>()

  const applier = new GroupApplier(state)
  applier.appBudget.remaining = proto.maxAppProgramCost * group.filter((t) => t.type === 'appl').length + (ctx.sim?.extraOpcodeBudget ?? 0)
  const appBudgetAdded = applier.appBudget.remaining
  if (ctx.sim?.consumed !== undefined) Object.assign(ctx.sim.consumed, { appBudgetAdded, verified: true })
  applier.tracer = ctx.sim?.tracer
  applier.detailedErrors = ctx.sim !== undefined || ctx.detailedEvalErrors === true
  applier.clearStateFailed = ctx.sim?.clearStateFailed
  if (ctx.sim?.unnamedResources !== undefined) groupStateFor(group, proto).unnamedResources = ctx.sim.unnamedResources
  const uninstrument = instrument(state, applier)
  const prevPerformer = state.performer
  state.performer = (_s, g, gi, runInner) => {
    const res = applier.apply(g, gi, runInner)
    applier.innerSink?.push(res)
    return res.txn
  }
  const cp = state.checkpoint()
  state.touched = new Set()
  const applied: AppliedTxn[] = []
  // simulate reports the transactions that applied before a failure, as go's tracer keeps their apply data
  if (ctx.sim?.consumed !== undefined) ctx.sim.consumed.applied = applied
  try {
    for (let i = 0; i < group.length; i++) {
      const before = applier.appBudget.remaining
      checkAlive(group[i], txIds[i], ctx, leases, seenInGroup)
      const signer = stxns[i].sgnr !== undefined ? stxns[i].sgnr!.publicKey : group[i].sender
      const auth = state.authorizer(group[i].sender)
      const unsigned = stxns[i].sig === undefined && stxns[i].msig === undefined && stxns[i].lsig === undefined
      if (!eq(auth, signer) && ctx.sim?.fixSigners === true && unsigned) ctx.sim.fixedSigners?.set(i, auth)
      else if (!eq(auth, signer)) {
        throw new LedgerError(`transaction ${txIds[i]}: should have been authorized by ${addr(auth)} but was actually authorized by ${addr(signer)}`)
      }
      try {
        applied.push(applier.apply(group, i, undefined))
        state.checkMinBalances()
      } catch (e) {
        appBudgetConsumed[i] = Math.max(0, before - applier.appBudget.remaining)
        const msg = e instanceof Error ? e.message : String(e)
        throw new LedgerError(`transaction ${txIds[i]}: ${msg}`)
      }
      // inner app calls add their own 700 to the pool as they start, so count what the pool lost net of those
      appBudgetConsumed[i] = before - applier.appBudget.remaining + proto.maxAppProgramCost * innerAppCalls(applied[i])
    }
    // Fees pooled over the top-level group, checked once its transactions ran (go's CheckGroupFees);
    // inner transactions draw on the surplus in the AVM.
    const paid = group.reduce((n, t) => n + BigInt(t.fee), 0n)
    const needed = BigInt(proto.minTxnFee) * BigInt(group.length)
    if (paid < needed) {
      throw new LedgerError(`txgroup with ${microAlgosText(paid)} fees is less than ${microAlgosText(needed)} (usage=${group.length}.000000 * base=${microAlgosText(BigInt(proto.minTxnFee))})`)
    }
    state.commit(cp)
  } catch (e) {
    state.revert(cp)
    throw e
  } finally {
    uninstrument()
    state.performer = prevPerformer
    state.touched = new Set()
  }
  return { txIds, applied, leases, appBudgetConsumed, logicSigBudgetConsumed, appBudgetAdded }
}

/** Inner app calls a transaction made, at any depth. */
export function innerAppCalls(a: AppliedTxn): number {
  return a.applyData.inner.reduce((n, t) => n + (t.txn.type === 'appl' ? 1 : 0) + innerAppCalls(t), 0)
}

