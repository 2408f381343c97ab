// algod 4.x's /v2/teal/dryrun (go-algorand daemon/algod/api/server/v2/dryrun.go, removed in 5.0):
// runs each transaction's LogicSig and app program over a ledger built only from the request's
// accounts and apps, with a debugger trace, and reports go's DryrunResponse. Nothing touches the
// chain: every app call starts from the uploaded state (go builds a fresh cow per transaction).

import algosdk from 'algosdk'
import {
  MODE_APP,
  MODE_SIG,
  MemoryLedger,
  assemble,
  beginAppCall,
  chargeProgramWrites,
  disassemble,
  evalProgram,
  formatAssemblyError,
  OnCompletion,
  type BlockHeader,
  type EvalContext,
  type EvalEnv,
  type EvalResult,
  type EvalTracer,
  type InnerAppRunner,
  type StackValue,
  type Txn,
  type Uint64,
} from '@grove/avm'
import { CONSENSUS_PARAMS, base32Decode, consensusOf, sha512_256, txnFromSdk } from '@grove/ledger'

/** One `sources` entry: TEAL compiled into a LogicSig (`lsig`) or an app's program (`approv`, `clearp`). */
export interface DryrunSource {
  fieldName: string
  source: string
  txnIndex: number
  appIndex: bigint
}

/** go's DryrunRequest once decoded, with the handler's defaults (protocol, round, timestamp) filled in. */
export interface DryrunRequest {
  txns: algosdk.SignedTransaction[]
  accounts: algosdk.modelsv2.Account[]
  apps: algosdk.modelsv2.Application[]
  protocolVersion: string
  round: bigint
  latestTimestamp: bigint
  sources: DryrunSource[]
}

/** model.TealValue as go writes it: bytes base64, type 1 bytes / 2 uint (0 for an unused scratch slot). */
export interface DryrunTealValue {
  bytes: string
  type: number
  uint: bigint
}

/** model.DryrunState: one step of a trace. */
export interface DryrunState {
  error?: string
  line: number
  pc: number
  scratch?: DryrunTealValue[]
  stack: DryrunTealValue[]
}

/** model.EvalDeltaKeyValue with go's omitempty bytes/uint. */
export interface DryrunDeltaKeyValue {
  key: string
  value: { action: number; bytes?: string; uint?: bigint }
}

/** model.DryrunTxnResult; field order is go's (alphabetical, as oapi-codegen generates it). */
export interface DryrunTxnResult {
  'app-call-messages'?: string[]
  'app-call-trace'?: DryrunState[]
  'budget-added'?: number
  'budget-consumed'?: number
  disassembly: string[] | null
  'global-delta'?: DryrunDeltaKeyValue[]
  'local-deltas'?: { address: string; delta: DryrunDeltaKeyValue[] | null }[]
  'logic-sig-disassembly'?: string[]
  'logic-sig-messages'?: string[]
  'logic-sig-trace'?: DryrunState[]
  logs?: string[]
}

/** model.DryrunResponse. */
export interface DryrunResponse {
  error: string
  'protocol-version': string
  txns: DryrunTxnResult[] | null
}

const b64 = (b: Uint8Array): string => algosdk.bytesToBase64(b)
const ZERO32 = new Uint8Array(32)

function tealValue(v: StackValue): DryrunTealValue {
  return v instanceof Uint8Array ? { bytes: b64(v), type: 1, uint: 0n } : { bytes: '', type: 2, uint: BigInt(v) }
}

function sameValue(a: StackValue | undefined, b: StackValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return a instanceof Uint8Array && b instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i])
  }
  return BigInt(a) === BigInt(b)
}

/** go's ValueDelta of a key's final value: 1 set bytes, 2 set uint, 3 delete (zero fields omitted). */
function valueDelta(key: Uint8Array, now: StackValue | undefined): DryrunDeltaKeyValue {
  if (now === undefined) return { key: b64(key), value: { action: 3 } }
  if (now instanceof Uint8Array) return { key: b64(key), value: now.length > 0 ? { action: 1, bytes: b64(now) } : { action: 1 } }
  return { key: b64(key), value: BigInt(now) !== 0n ? { action: 2, uint: BigInt(now) } : { action: 2 } }
}

/** go's dryrunDebugReceiver over our tracer hooks: one state before each top-level opcode, one at the end. */
class DebugReceiver implements EvalTracer {
  lines: string[] = []
  history: DryrunState[] = []
  private pcLines: [number, number][] = []

  constructor(program: Uint8Array) {
    let text: string
    try {
      text = disassemble(program)
    } catch (e) {
      text = e instanceof Error ? e.message : String(e)
    }
    this.lines = text.split('\n')
    // go maps a pc to its line in the disassembly; reassembling that text gives the same map
    const again = assemble(text)
    if (again.ok) this.pcLines = [...again.pcToLine].map(([pc, line]): [number, number] => [pc, line - 1]).sort((a, b) => a[0] - b[0])
  }

  /** go's DebugState.PCToLine: the line of the first instruction at or after pc, past the end one more than the last. */
  private line(pc: number): number {
    if (this.pcLines.length === 0) return 0
    for (const [p, l] of this.pcLines) if (p >= pc) return l
    return this.pcLines[this.pcLines.length - 1][1] + 1
  }

  private record(cx: EvalContext, error?: string): void {
    // go's updateScratch: only up to the last slot in use, unused slots before it typed 0
    let last = -1
    const scratch = cx.scratch.map((v, i) => {
      const active = v instanceof Uint8Array || BigInt(v) !== 0n
      if (active) last = i
      return active ? tealValue(v) : { bytes: '', type: 0, uint: 0n }
    })
    this.history.push({
      ...(error !== undefined && error !== '' ? { error } : {}),
      line: this.line(cx.pc),
      pc: cx.pc,
      ...(last >= 0 ? { scratch: scratch.slice(0, last + 1) } : {}),
      stack: cx.stack.map(tealValue),
    })
  }

  beforeOp(cx: EvalContext): void {
    // only top-level programs, as go's debugger adaptor reports (inner app calls have a caller)
    if (cx.caller === undefined) this.record(cx)
  }

  complete(cx: EvalContext, error?: string): void {
    this.record(cx, error)
  }
}

/** go's dryrunLedger: the request's accounts and apps only; the state writes of one app are recorded for its deltas. */
class DryrunLedger extends MemoryLedger {
  /** The app whose writes make the eval delta. */
  watched: Uint64 = -1
  readonly globalWrites = new Map<string, { key: Uint8Array; before: StackValue | undefined }>()
  readonly localWrites = new Map<string, { addr: Uint8Array; key: Uint8Array; before: StackValue | undefined }>()
  /** Inner transactions performed (go's numInnerTxns, nested ones included). */
  inners = 0

  constructor(req: DryrunRequest) {
    super()
    this.currentRound = req.round
    this.prevTimestamp = Number(req.latestTimestamp)
    this.genesis = new Uint8Array(32)
    this.feeSink = new Uint8Array(32)
    for (const app of req.apps) if (app.params !== undefined) this.addApp(app.id, app.params)
    for (const acct of req.accounts) {
      const addr = algosdk.decodeAddress(acct.address).publicKey
      this.fund(addr, acct.amountWithoutPendingRewards)
      if (acct.authAddr !== undefined) this.rekey(addr, acct.authAddr.publicKey)
      for (const app of acct.createdApps ?? []) {
        if (app.params !== undefined && this.appParams(app.id) === undefined) this.addApp(app.id, app.params)
      }
      for (const asset of acct.createdAssets ?? []) if (asset.params !== undefined) this.createAsset(asset.index, addr, assetParams(asset.params))
      for (const h of acct.assets ?? []) this.setHolding(addr, h.assetId, { amount: h.amount, frozen: h.isFrozen })
      for (const ls of acct.appsLocalState ?? []) {
        this.optIn(addr, ls.id)
        for (const kv of ls.keyValue ?? []) {
          try {
            super.setLocal(addr, ls.id, kv.key, kv.value.type === 1 ? kv.value.bytes : kv.value.uint)
          } catch {
            // a local of an app the request does not upload: go keeps it, but nothing can read it
          }
        }
      }
    }
  }

  private addApp(id: bigint, p: algosdk.modelsv2.ApplicationParams): void {
    this.createApp(id, p.creator.publicKey, {
      approvalProgram: p.approvalProgram,
      clearStateProgram: p.clearStateProgram,
      globalStateSchema: { numUint: Number(p.globalStateSchema?.numUint ?? 0), numByteSlice: Number(p.globalStateSchema?.numByteSlice ?? 0) },
      localStateSchema: { numUint: Number(p.localStateSchema?.numUint ?? 0), numByteSlice: Number(p.localStateSchema?.numByteSlice ?? 0) },
      extraProgramPages: p.extraProgramPages ?? 0,
      version: p.version ?? 0,
    })
    for (const kv of p.globalState ?? []) {
      try {
        super.setGlobal(id, kv.key, kv.value.type === 1 ? kv.value.bytes : kv.value.uint)
      } catch {
        // uploaded state beyond the app's schema: go takes it as is, our store cannot hold it
      }
    }
  }

  /** go's dryrunLedger.BlockHdr answers an empty header for any round. */
  override blockHeader(round: Uint64): BlockHeader {
    const z = new Uint8Array(32)
    return {
      round,
      seed: z,
      timestamp: 0,
      proposer: z,
      feesCollected: 0,
      bonus: 0,
      branch: z,
      branch512: new Uint8Array(64),
      feeSink: z,
      protocol: '',
      txnCounter: 0,
      proposerPayout: 0,
      sha512_256TxnCommitment: z,
      sha256TxnCommitment: z,
      sha512TxnCommitment: new Uint8Array(64),
    }
  }

  override setGlobal(app: Uint64, k: Uint8Array, value: StackValue): void {
    this.noteGlobal(app, k)
    super.setGlobal(app, k, value)
  }

  override delGlobal(app: Uint64, k: Uint8Array): void {
    this.noteGlobal(app, k)
    super.delGlobal(app, k)
  }

  override setLocal(addr: Uint8Array, app: Uint64, k: Uint8Array, value: StackValue): void {
    this.noteLocal(addr, app, k)
    super.setLocal(addr, app, k, value)
  }

  override delLocal(addr: Uint8Array, app: Uint64, k: Uint8Array): void {
    this.noteLocal(addr, app, k)
    super.delLocal(addr, app, k)
  }

  override perform(group: Txn[], gi: number, runInner: InnerAppRunner): Txn {
    const applied = super.perform(group, gi, runInner)
    this.inners++
    return applied
  }

  private noteGlobal(app: Uint64, k: Uint8Array): void {
    const id = `${String(app)}/${b64(k)}`
    if (BigInt(app) !== BigInt(this.watched) || this.globalWrites.has(id)) return
    this.globalWrites.set(id, { key: k, before: this.getGlobal(app, k) })
  }

  private noteLocal(addr: Uint8Array, app: Uint64, k: Uint8Array): void {
    const id = `${b64(addr)}/${b64(k)}`
    if (BigInt(app) !== BigInt(this.watched) || this.localWrites.has(id)) return
    let before: StackValue | undefined
    try {
      before = this.getLocal(addr, app, k)
    } catch {
      before = undefined
    }
    this.localWrites.set(id, { addr, key: k, before })
  }

  /** The watched app's global delta (go's EvalDelta.GlobalDelta). */
  globalDelta(): DryrunDeltaKeyValue[] {
    const out: DryrunDeltaKeyValue[] = []
    for (const w of this.globalWrites.values()) {
      const now = this.appParams(this.watched) === undefined ? undefined : this.getGlobal(this.watched, w.key)
      if (!sameValue(now, w.before)) out.push(valueDelta(w.key, now))
    }
    return out
  }

  /** The watched app's local deltas per account (go's EvalDelta.LocalDeltas). */
  localDeltas(): { address: string; delta: DryrunDeltaKeyValue[] }[] {
    const byAddr = new Map<string, { address: string; delta: DryrunDeltaKeyValue[] }>()
    for (const w of this.localWrites.values()) {
      const now = this.optedIn(w.addr, this.watched) ? this.getLocal(w.addr, this.watched, w.key) : undefined
      if (sameValue(now, w.before)) continue
      const address = algosdk.encodeAddress(w.addr)
      let entry = byAddr.get(address)
      if (entry === undefined) byAddr.set(address, (entry = { address, delta: [] }))
      entry.delta.push(valueDelta(w.key, now))
    }
    return [...byAddr.values()]
  }
}

function assetParams(p: algosdk.modelsv2.AssetParams): Parameters<MemoryLedger['createAsset']>[2] {
  const addr = (a: string | undefined): Uint8Array => (a === undefined || a === '' ? ZERO32 : algosdk.decodeAddress(a).publicKey)
  const text = (s: string | undefined): Uint8Array => new TextEncoder().encode(s ?? '')
  return {
    total: p.total,
    decimals: p.decimals,
    defaultFrozen: p.defaultFrozen ?? false,
    unitName: p.unitNameB64 ?? text(p.unitName),
    assetName: p.nameB64 ?? text(p.name),
    url: p.urlB64 ?? text(p.url),
    metadataHash: p.metadataHash ?? new Uint8Array(0),
    manager: addr(p.manager),
    reserve: addr(p.reserve),
    freeze: addr(p.freeze),
    clawback: addr(p.clawback),
  }
}

/** go's basics.UnmarshalChecksumAddress: undefined for a good address, else go's text. */
function addressError(text: string): string | undefined {
  if (!/^[A-Z2-7]*$/.test(text) || [1, 3, 6].includes(text.length % 8)) return `failed to decode address ${text} from base 32`
  const decoded = base32Decode(text)
  if (decoded.length < 32) return `decoded bad addr: ${text}`
  const key = decoded.slice(0, 32)
  const sum = sha512_256(key).slice(28)
  if (!sum.every((b, i) => b === decoded[decoded.length - 4 + i])) return `address ${text} is malformed, checksum verification failed`
  if (algosdk.encodeAddress(key) !== text) return `address ${text} is non-canonical`
  return undefined
}

/** go's ExpandSources: compiles each source into its LogicSig or app; an error text when one fails. */
function expandSources(req: DryrunRequest): string | undefined {
  for (const [i, s] of req.sources.entries()) {
    const r = assemble(s.source)
    if (!r.ok || r.program === undefined) {
      if (r.errors.length <= 1) return `dryrun Source[${i}]: 1 error: ${r.errors.map(formatAssemblyError).join('')}`
      // go's ReportMultipleErrors: up to ten errors, then up to ten warnings, a line each
      const report = [...r.errors.slice(0, 10).map(formatAssemblyError), ...r.warnings.slice(0, 10)].map((l) => l + '\n').join('')
      return `dryrun Source[${i}]: ${r.errors.length} errors\n${report}`
    }
    switch (s.fieldName) {
      case 'lsig': {
        const stxn = req.txns[s.txnIndex]
        // go indexes Txns unchecked and panics; this is the runtime's text for it
        if (stxn === undefined) {
          return `dryrun Source[${i}]: runtime error: index out of range [${s.txnIndex}]${s.txnIndex < 0 ? '' : ` with length ${req.txns.length}`}`
        }
        if (stxn.lsig === undefined) {
          req.txns[s.txnIndex] = new algosdk.SignedTransaction({ txn: stxn.txn, lsig: new algosdk.LogicSig(r.program), sgnr: stxn.sgnr })
        } else stxn.lsig.logic = r.program
        break
      }
      case 'approv':
      case 'clearp':
        for (const app of req.apps) {
          if (app.id !== s.appIndex) continue
          app.params ??= new algosdk.modelsv2.ApplicationParams({ approvalProgram: new Uint8Array(0), clearStateProgram: new Uint8Array(0), creator: algosdk.Address.zeroAddress() })
          if (s.fieldName === 'approv') app.params.approvalProgram = r.program
          else app.params.clearStateProgram = r.program
        }
        break
      default:
        return `dryrun Source[${i}]: bad field name ${JSON.stringify(s.fieldName)}`
    }
  }
  return undefined
}

/** go's doDryrunRequest: the response for a request whose defaults are filled in. */
export function dryrun(req: DryrunRequest): DryrunResponse {
  const response: DryrunResponse = { error: '', 'protocol-version': req.protocolVersion, txns: null }
  const failed = (error: string): DryrunResponse => ({ ...response, error })
  const sourceError = expandSources(req)
  if (sourceError !== undefined) return failed(sourceError)
  for (const app of req.apps) if (app.params === undefined) return failed(`application ${app.id} does not have params set`)
  // go's dryrunLedger.init reads every uploaded address first
  for (const acct of req.accounts) {
    const bad = addressError(acct.address)
    if (bad !== undefined) return failed(bad)
  }

  // the protocol the request names (the handler fills in the node's when it names none)
  const proto = CONSENSUS_PARAMS[consensusOf(req.protocolVersion) ?? 'current']
  const group: Txn[] = req.txns.map((s) => txnFromSdk(s.txn))
  // go pools the group's LogicSig budget and allows app programs 100 times the single budget,
  // then holds each passing call to the budget the group's app calls would really have had
  const lsigBudget = { remaining: proto.logicSigMaxCost * group.length }
  const appBudget = { remaining: proto.maxAppProgramCost * 100 }
  const allowedBudget = proto.maxAppProgramCost * group.filter((t) => t.type === 'appl').length
  let cumulativeCost = 0
  const pastScratch: (StackValue[] | undefined)[] = []

  const txns: DryrunTxnResult[] = []
  for (const [ti, stxn] of req.txns.entries()) {
    const result: DryrunTxnResult = { disassembly: null }
    const tx = group[ti]
    if (stxn.lsig !== undefined) {
      const debug = new DebugReceiver(stxn.lsig.logic)
      const r = runTraced(debug, stxn.lsig.logic, {
        proto,
        mode: MODE_SIG,
        txnGroup: group,
        groupIndex: ti,
        lsigArgs: stxn.lsig.args ?? [],
        ledger: new DryrunLedger(req),
        appId: 0,
        budget: lsigBudget,
      })
      result.disassembly = debug.lines
      result['logic-sig-disassembly'] = debug.lines
      result['logic-sig-trace'] = debug.history
      result['logic-sig-messages'] = [r.pass ? 'PASS' : 'REJECT', ...(r.errorText !== undefined ? [r.errorText] : [])]
    }
    if (tx.type === 'appl') {
      let appId = BigInt(tx.applicationId)
      if (appId === 0n && req.apps.length > 0 && req.apps[0].params?.creator.toString() === stxn.txn.sender.toString()) appId = req.apps[0].id
      if (tx.onCompletion === OnCompletion.OptIn) optInSender(req, stxn.txn.sender.toString(), appId)
      const app = req.apps.find((a) => a.id === appId && a.params !== undefined)
      let messages: string[]
      if (app?.params === undefined) {
        messages = [`uploaded state did not include app id ${appId} referenced in txn[${ti}]`]
      } else {
        const clear = tx.onCompletion === OnCompletion.ClearState
        const program = clear ? app.params.clearStateProgram : app.params.approvalProgram
        messages = [clear ? 'ClearStateProgram' : 'ApprovalProgram']
        const ledger = new DryrunLedger(req)
        ledger.watched = appId
        const debug = new DebugReceiver(program)
        const before = appBudget.remaining
        let pass = false
        let errorText: string | undefined
        let logs: Uint8Array[] = []
        try {
          const gs = beginAppCall(group, ti, appId, ledger, proto)
          const r = runTraced(debug, program, { proto, mode: MODE_APP, txnGroup: group, groupIndex: ti, lsigArgs: [], ledger, appId, budget: appBudget, pastScratch })
          pastScratch[ti] = r.cx.scratch
          logs = r.cx.logs
          pass = r.pass
          errorText = r.errorText
          if (pass) chargeProgramWrites(gs, tx, appId, proto)
        } catch (e) {
          pass = false
          errorText = e instanceof Error ? e.message : String(e)
        }
        result.disassembly = debug.lines
        result['app-call-trace'] = debug.history
        const globalDelta = ledger.globalDelta()
        if (globalDelta.length > 0) result['global-delta'] = globalDelta
        const localDeltas = ledger.localDeltas()
        if (localDeltas.length > 0) result['local-deltas'] = localDeltas
        const cost = before - appBudget.remaining
        if (pass && cumulativeCost + cost > allowedBudget) {
          pass = false
          errorText = `cost budget exceeded: budget is ${allowedBudget - cumulativeCost} but program cost was ${cost}`
        }
        // go reports cost as two unsigned figures, since inner app calls can make it negative
        const budgetAdded = proto.maxAppProgramCost * ledger.inners
        result['budget-added'] = budgetAdded
        result['budget-consumed'] = cost + budgetAdded
        cumulativeCost += cost
        if (logs.length > 0) result.logs = logs.map(b64)
        messages.push(pass ? 'PASS' : 'REJECT')
        if (errorText !== undefined) messages.push(errorText)
      }
      result['app-call-messages'] = messages
    }
    txns.push(orderResult(result))
  }
  return { ...response, txns }
}

/** Runs a program with the receiver attached, and records go's final (Complete) state. */
function runTraced(debug: DebugReceiver, program: Uint8Array, env: EvalEnv): EvalResult {
  const r = evalProgram(program, { ...env, tracer: debug })
  // go's tracer sees the evaluator's own error, before EvalError adds "logic eval error:" and the details
  debug.complete(r.cx, r.error?.message)
  return r
}

/** go's dryrun opt-in: an uploaded sender gets an empty local state for the app before it runs. */
function optInSender(req: DryrunRequest, sender: string, appId: bigint): void {
  const acct = req.accounts.find((a) => a.address.toString() === sender)
  if (acct === undefined) return
  if ((acct.appsLocalState ?? []).some((ls) => ls.id === appId)) return
  const schema = req.apps.find((a) => a.id === appId)?.params?.localStateSchema ?? new algosdk.modelsv2.ApplicationStateSchema({ numUint: 0, numByteSlice: 0 })
  acct.appsLocalState = [...(acct.appsLocalState ?? []), new algosdk.modelsv2.ApplicationLocalState({ id: appId, schema, keyValue: [] })]
}

/** The result's fields in go's order (oapi-codegen sorts them), so the JSON reads as algod's. */
function orderResult(r: DryrunTxnResult): DryrunTxnResult {
  const keys: (keyof DryrunTxnResult)[] = [
    'app-call-messages',
    'app-call-trace',
    'budget-added',
    'budget-consumed',
    'disassembly',
    'global-delta',
    'local-deltas',
    'logic-sig-disassembly',
    'logic-sig-messages',
    'logic-sig-trace',
    'logs',
  ]
  const out: Record<string, unknown> = {}
  for (const k of keys) if (r[k] !== undefined || k === 'disassembly') out[k] = r[k]
  return out as unknown as DryrunTxnResult
}

