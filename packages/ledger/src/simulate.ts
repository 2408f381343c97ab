// POST /v2/transactions/simulate (go's ledger/simulation): evaluates one group against a
// journaled state that the caller reverts, with go's relaxations (empty signatures, unnamed
// resources, extra budget, more logging) and observers (budgets, exec trace, failure path).

import algosdk from 'algosdk'
import { groupStateFor, summarizeFees, type EvalContext, type EvalTracer, type GroupState, type Instr, type StackValue, type Txn, type Uint64, type UnnamedResourcePolicy } from '@grove/avm'
import { type AppliedGroup, type AppliedTxn, type SimulateHooks } from './apply.ts'
import { txnFromSdk } from './convert.ts'
import { LedgerError } from './errors.ts'
import { sha512_256 } from './hash.ts'
import { hex, idKey, unhex, type LedgerState } from './state.ts'

const m = algosdk.modelsv2

/** go's simulation.MaxExtraOpcodeBudget. */
export const MAX_EXTRA_OPCODE_BUDGET = 20000 * 16
/** go's bounds.MaxLogCalls, the log count allowed with allow-more-logging. */
export const SIMULATE_MAX_LOG_CALLS = 2048
/** go's simulation.LogBytesLimit, the log bytes allowed with allow-more-logging. */
export const SIMULATE_MAX_LOG_SIZE = 65536
/** Simulate result version (go's ResultLatestVersion). */
export const SIMULATE_RESULT_VERSION = 2
/** Version from which a program shares resources group-wide (go's sharedResourcesVersion). */
const SHARED_RESOURCES_VERSION = 9

const PROGRAM = new TextEncoder().encode('Program')

/** A simulate refusal that algod answers with 400 (go's InvalidRequestError). */
export class SimulateRequestError extends LedgerError {}

/** What simulate needs from the chain besides the state. */
export interface SimulateChain {
  /** The last committed round (the simulated group runs in the next one). */
  lastRound: bigint
  /**
   * Runs the group as a commit would (the chain's own build: apply, end of block, block encoding,
   * state delta) with simulate's hooks, inside the caller's checkpoint: simulate and submit share
   * that code, so a group that simulates cleanly commits.
   */
  apply(stxns: algosdk.SignedTransaction[], sim: SimulateHooks): AppliedGroup
  /** The pending-transaction view of an applied transaction (chain.ts's pendingResponse). */
  pendingResponse(stxn: algosdk.SignedTransaction, applied: AppliedTxn): algosdk.modelsv2.PendingTransactionResponse
}

// ---- unnamed resources (go's simulation/resources.go, without its slot limits) ----

/** Resources used without a reference, as algod reports them. */
class ResourceTracker {
  accounts = new Map<string, Uint8Array>()
  assets = new Map<string, Uint64>()
  apps = new Map<string, Uint64>()
  boxes = new Map<string, { app: Uint64; name: Uint8Array }>()
  holdings = new Map<string, { addr: Uint8Array; asset: Uint64 }>()
  locals = new Map<string, { addr: Uint8Array; app: Uint64 }>()
  extraBoxRefs = 0

  empty(): boolean {
    return this.accounts.size + this.assets.size + this.apps.size + this.boxes.size + this.holdings.size + this.locals.size + this.extraBoxRefs === 0
  }

  /** go's Simplify: an app's account is implied by the app. */
  model(): algosdk.modelsv2.SimulateUnnamedResourcesAccessed | undefined {
    if (this.empty()) return undefined
    for (const app of this.apps.keys()) this.accounts.delete(hex(algosdk.getApplicationAddress(BigInt(app)).publicKey))
    const list = <T>(xs: T[]): T[] | undefined => (xs.length > 0 ? xs : undefined)
    return new m.SimulateUnnamedResourcesAccessed({
      accounts: list([...this.accounts.values()].map((a) => new algosdk.Address(a))),
      assets: list([...this.assets.keys()].map(BigInt)),
      apps: list([...this.apps.keys()].map(BigInt)),
      boxes: list([...this.boxes.values()].map((b) => new m.BoxReference({ app: BigInt(b.app), name: b.name }))),
      extraBoxRefs: this.extraBoxRefs || undefined,
      assetHoldings: list([...this.holdings.values()].map((h) => new m.AssetHoldingReference({ account: new algosdk.Address(h.addr), asset: BigInt(h.asset) }))),
      appLocals: list([...this.locals.values()].map((l) => new m.ApplicationLocalReference({ account: new algosdk.Address(l.addr), app: BigInt(l.app) }))),
    })
  }
}

function rootOf(cx: EvalContext): EvalContext {
  let r = cx
  while (r.caller !== undefined) r = r.caller
  return r
}

/** Records every unnamed resource a program touches: group-wide from v9, else per top-level txn. */
class UnnamedPolicy implements UnnamedResourcePolicy {
  readonly group = new ResourceTracker()
  readonly perTxn = new Map<number, ResourceTracker>()
  /** Bytes of unnamed boxes read, for the extra references their reads need. */
  boxReadBytes = 0
  /** The group's catalogue, whose dirty bytes tell how much write quota the boxes need. */
  catalogue: GroupState | undefined

  /** The first id a creation in this group gets: an app from it on did not exist before the group. */
  private readonly firstNewId: number

  constructor(private readonly state: LedgerState) {
    this.firstNewId = Number(state.counter()) + 1
  }

  private tracker(cx: EvalContext): ResourceTracker {
    for (let c: EvalContext | undefined = cx; c !== undefined; c = c.caller) if (c.version >= SHARED_RESOURCES_VERSION) return this.group
    const gi = rootOf(cx).groupIndex
    let t = this.perTxn.get(gi)
    if (t === undefined) this.perTxn.set(gi, (t = new ResourceTracker()))
    return t
  }

  /**
   * go's groupResourceTracker: a resource is reported once. A v9+ program's use counts group-wide
   * unless some transaction's own list already has it; an older program's use lists it for its
   * transaction and takes it off the group-wide list.
   */
  private note<K>(cx: EvalContext, key: string, value: K, list: (t: ResourceTracker) => Map<string, K>): void {
    const t = this.tracker(cx)
    if (t === this.group) {
      for (const local of this.perTxn.values()) if (list(local).has(key)) return
      list(t).set(key, value)
      return
    }
    list(t).set(key, value)
    list(this.group).delete(key)
  }

  account(cx: EvalContext, addr: Uint8Array): boolean {
    this.note(cx, hex(addr), addr, (t) => t.accounts)
    return true
  }

  asset(cx: EvalContext, id: Uint64): boolean {
    this.note(cx, idKey(id), id, (t) => t.assets)
    return true
  }

  app(cx: EvalContext, id: Uint64): boolean {
    this.note(cx, idKey(id), id, (t) => t.apps)
    return true
  }

  // the account and the asset or app were made available (and recorded) first; a holding or
  // local state is only a resource of its own where resources are shared group-wide (v9+)
  holding(cx: EvalContext, addr: Uint8Array, id: Uint64): boolean {
    const t = this.tracker(cx)
    if (t === this.group) t.holdings.set(hex(addr) + ':' + idKey(id), { addr, asset: id })
    return true
  }

  locals(cx: EvalContext, addr: Uint8Array, id: Uint64): boolean {
    const t = this.tracker(cx)
    if (t === this.group) t.locals.set(hex(addr) + ':' + idKey(id), { addr, app: id })
    return true
  }

  box(cx: EvalContext, app: Uint64, name: Uint8Array): boolean {
    // go: all boxes are group-wide, whatever the program's version
    const t = this.group
    const root = rootOf(cx)
    this.catalogue ??= groupStateFor(root.txnGroup as readonly Txn[], root.proto)
    const key = idKey(app) + ':' + hex(name)
    if (!t.boxes.has(key)) {
      t.boxes.set(key, { app, name })
      this.boxReadBytes += this.state.getBox(app, name)?.length ?? 0
    }
    return true
  }

  /** Empty box references the group's box I/O needs beyond the references it has or gets. */
  settleBoxQuota(group: readonly Txn[], bytesPerRef: number): void {
    const dirtyBytes = this.catalogue?.dirtyBytes ?? 0
    const named = group.reduce((n, t) => n + t.boxes.length + t.access.filter((r) => r.box !== undefined).length, 0)
    const unnamed = this.group.boxes.size
    const needed = Math.ceil(Math.max(dirtyBytes, this.boxReadBytes) / bytesPerRef)
    this.group.extraBoxRefs = Math.max(0, needed - named - unnamed)
    // go's Simplify: a box of an app this group creates cannot be named by a later submission (its
    // id is not known before), so an empty reference stands in for it
    for (const [key, b] of this.group.boxes) {
      if (Number(b.app) < this.firstNewId) continue
      this.group.boxes.delete(key)
      this.group.extraBoxRefs++
    }
  }
}

// ---- exec trace (go's simulation/tracer.go) ----

/** Trace options (go's ExecTraceConfig). */
interface TraceConfig {
  stack: boolean
  scratch: boolean
  state: boolean
}

/** One transaction's trace while it is built. */
interface TxnTrace {
  approval?: algosdk.modelsv2.SimulationOpcodeTraceUnit[]
  approvalHash?: Uint8Array
  clear?: algosdk.modelsv2.SimulationOpcodeTraceUnit[]
  clearHash?: Uint8Array
  lsig?: algosdk.modelsv2.SimulationOpcodeTraceUnit[]
  lsigHash?: Uint8Array
  inner: TxnTrace[]
  /** Inner app calls that ran during the current itxn_submit, by index in its group. */
  pending: Map<number, TxnTrace>
  rollback?: string
}

function avmValue(v: StackValue): algosdk.modelsv2.AvmValue {
  return typeof v === 'object' ? new m.AvmValue({ type: 1, bytes: v }) : new m.AvmValue({ type: 2, uint: BigInt(v) || undefined })
}

/** go's StackExplain: how many values an opcode removes (its additions are read after it runs). */
function stackPops(cx: EvalContext, ins: Instr): number {
  const n = ins.imm[0] ?? 0
  const frame = cx.callStack[cx.callStack.length - 1]
  switch (ins.spec.name) {
    case 'return':
      return cx.stack.length
    case 'bury':
    case 'cover':
    case 'uncover':
      return n + 1
    case 'popn':
      return n
    case 'dupn':
      return 1
    case 'dig':
    case 'frame_dig':
      return 0
    case 'match':
      return n + 1
    case 'retsub':
      return frame?.clear === true ? cx.stack.length - (frame.height - frame.args) : 0
    case 'frame_bury': {
      if (frame === undefined) return 0
      const idx = frame.height + ((n << 24) >> 24)
      return cx.stack.length - idx
    }
    default:
      return ins.nargs
  }
}

/** A state write an opcode is about to make: kind, operation, app, key, account. */
interface PendingState {
  type: 'g' | 'l' | 'b'
  op: 'w' | 'd'
  app: Uint64
  key: Uint8Array
  account?: Uint8Array
}

function bytesArg(v: StackValue | undefined): Uint8Array {
  return typeof v === 'object' ? v : new Uint8Array()
}

/** go's AppStateExplain for the opcodes that write (reads are not reported). */
function stateWrite(cx: EvalContext, ins: Instr): PendingState | undefined {
  const st = cx.stack
  const top = st.length - 1
  const app = cx.appId
  const account = (v: StackValue | undefined): Uint8Array | undefined => {
    if (typeof v === 'object') return v
    const tx = cx.txnGroup[cx.groupIndex] as Txn
    return v === undefined ? undefined : BigInt(v) === 0n ? tx.sender : tx.accounts[Number(v) - 1]
  }
  switch (ins.spec.name) {
    case 'app_global_put':
      return { type: 'g', op: 'w', app, key: bytesArg(st[top - 1]) }
    case 'app_global_del':
      return { type: 'g', op: 'd', app, key: bytesArg(st[top]) }
    case 'app_local_put':
      return { type: 'l', op: 'w', app, key: bytesArg(st[top - 1]), account: account(st[top - 2]) }
    case 'app_local_del':
      return { type: 'l', op: 'd', app, key: bytesArg(st[top]), account: account(st[top - 1]) }
    case 'box_create':
    case 'box_replace':
    case 'box_put':
    case 'box_splice':
    case 'box_resize':
      return { type: 'b', op: 'w', app, key: bytesArg(st[top - ins.nargs + 1]) }
    case 'box_del':
      return { type: 'b', op: 'd', app, key: bytesArg(st[top]) }
    default:
      return undefined
  }
}

/** A state read or write an opcode is about to make (go's AppStateExplain), for initial-states. */
function stateAccess(cx: EvalContext, ins: Instr): PendingState | undefined {
  const write = stateWrite(cx, ins)
  if (write !== undefined) return write
  const st = cx.stack
  const top = st.length - 1
  const tx = cx.txnGroup[cx.groupIndex] as Txn
  const appRef = (v: StackValue | undefined): Uint64 => {
    if (v === undefined || typeof v === 'object') return cx.appId
    const n = BigInt(v)
    if (n === 0n) return cx.appId
    // a small number is a foreign-apps slot, as go's appReference reads it
    return n <= BigInt(tx.foreignApps.length) ? tx.foreignApps[Number(n) - 1] : n
  }
  const account = (v: StackValue | undefined): Uint8Array | undefined =>
    typeof v === 'object' ? v : v === undefined ? undefined : BigInt(v) === 0n ? tx.sender : tx.accounts[Number(v) - 1]
  switch (ins.spec.name) {
    case 'app_global_get':
      return { type: 'g', op: 'w', app: cx.appId, key: bytesArg(st[top]) }
    case 'app_global_get_ex':
      return { type: 'g', op: 'w', app: appRef(st[top - 1]), key: bytesArg(st[top]) }
    case 'app_local_get':
      return { type: 'l', op: 'w', app: cx.appId, key: bytesArg(st[top]), account: account(st[top - 1]) }
    case 'app_local_get_ex':
      return { type: 'l', op: 'w', app: appRef(st[top - 1]), key: bytesArg(st[top]), account: account(st[top - 2]) }
    case 'box_extract':
    case 'box_len':
    case 'box_get':
      return { type: 'b', op: 'w', app: cx.appId, key: bytesArg(st[top - ins.nargs + 1]) }
    default:
      return undefined
  }
}

/** go's ResourcesInitialStates: each app state key's value before the group first touched it. */
class InitialStates {
  private readonly created = new Set<string>()
  private readonly seen = new Set<string>()
  private readonly apps = new Map<string, { globals: Map<string, [Uint8Array, StackValue | undefined]>; boxes: Map<string, [Uint8Array, StackValue | undefined]>; locals: Map<string, Map<string, [Uint8Array, StackValue | undefined]>> }>()

  constructor(private readonly state: LedgerState) {}

  appCreated(app: Uint64): void {
    this.created.add(idKey(app))
  }

  /** Records the value `access` finds, unless the app or key was created in this group. */
  touch(access: PendingState, isWrite: boolean): void {
    const app = idKey(access.app)
    if (this.created.has(app)) return
    const who = access.account === undefined ? '' : hex(access.account)
    const id = `${app}:${access.type}:${who}:${hex(access.key)}`
    if (this.seen.has(id)) return
    this.seen.add(id)
    let now: StackValue | undefined
    if (access.type === 'g') now = this.state.getGlobal(access.app, access.key)
    else if (access.type === 'b') now = this.state.getBox(access.app, access.key)
    else if (access.account !== undefined && this.state.optedIn(access.account, access.app)) now = this.state.getLocal(access.account, access.app, access.key)
    // a write that creates the key has no initial value to report
    if (isWrite && access.op === 'w' && now === undefined) return
    let rec = this.apps.get(app)
    if (rec === undefined) this.apps.set(app, (rec = { globals: new Map(), boxes: new Map(), locals: new Map() }))
    const entry: [Uint8Array, StackValue | undefined] = [access.key, now]
    if (access.type === 'g') rec.globals.set(hex(access.key), entry)
    else if (access.type === 'b') rec.boxes.set(hex(access.key), entry)
    else {
      let l = rec.locals.get(who)
      if (l === undefined) rec.locals.set(who, (l = new Map()))
      l.set(hex(access.key), entry)
    }
  }

  model(): algosdk.modelsv2.SimulateInitialStates {
    const kvs = (m2: Map<string, [Uint8Array, StackValue | undefined]>): algosdk.modelsv2.AvmKeyValue[] =>
      [...m2.values()].map(([key, v]) => new m.AvmKeyValue({ key, value: v === undefined ? new m.AvmValue({ type: 0 }) : avmValue(v) }))
    const states = [...this.apps].map(([id, r]) =>
      new m.ApplicationInitialStates({
        id: BigInt(id),
        appGlobals: r.globals.size > 0 ? new m.ApplicationKVStorage({ kvs: kvs(r.globals) }) : undefined,
        appBoxes: r.boxes.size > 0 ? new m.ApplicationKVStorage({ kvs: kvs(r.boxes) }) : undefined,
        appLocals: r.locals.size > 0 ? [...r.locals].map(([who, l]) => new m.ApplicationKVStorage({ account: new algosdk.Address(unhex(who)), kvs: kvs(l) })) : undefined,
      }),
    )
    return new m.SimulateInitialStates({ appInitialStates: states.length > 0 ? states : undefined })
  }
}

/** Builds algod's exec-trace from the AVM's per-opcode hooks. */
class ExecTracer implements EvalTracer {
  readonly top = new Map<number, TxnTrace>()
  private readonly byCx = new WeakMap<EvalContext, TxnTrace>()
  private readonly unit = new WeakMap<EvalContext, { u: algosdk.modelsv2.SimulationOpcodeTraceUnit; keep: number; scratch?: number; state?: PendingState; inners?: number }>()

  /** Present when state changes are traced (go reports initial states only then). */
  readonly initial: InitialStates | undefined

  constructor(
    private readonly config: TraceConfig,
    private readonly state: LedgerState,
  ) {
    this.initial = config.state ? new InitialStates(state) : undefined
  }

  private traceOf(cx: EvalContext): TxnTrace {
    const known = this.byCx.get(cx)
    if (known !== undefined) return known
    const isSig = cx.mode === 1
    let t: TxnTrace
    if (cx.caller === undefined) {
      t = this.top.get(cx.groupIndex) ?? { inner: [], pending: new Map() }
      this.top.set(cx.groupIndex, t)
    } else {
      t = { inner: [], pending: new Map() }
      this.traceOf(cx.caller).pending.set(cx.groupIndex, t)
    }
    const hash = sha512_256(PROGRAM, cx.program)
    const tx = cx.txnGroup[cx.groupIndex] as Txn
    if (isSig) {
      t.lsig = []
      t.lsigHash = hash
    } else if (tx.onCompletion === 3) {
      t.clear = []
      t.clearHash = hash
    } else {
      t.approval = []
      t.approvalHash = hash
    }
    if (!isSig && BigInt(tx.applicationId) === 0n) this.initial?.appCreated(cx.appId)
    this.byCx.set(cx, t)
    return t
  }

  beforeOp(cx: EvalContext, ins: Instr): void {
    const t = this.traceOf(cx)
    const units = cx.mode === 1 ? t.lsig! : cx.txnGroup.length > 0 && (cx.txnGroup[cx.groupIndex] as Txn).onCompletion === 3 ? t.clear! : t.approval!
    const u = new m.SimulationOpcodeTraceUnit({ pc: cx.pc })
    units.push(u)
    let keep = cx.stack.length
    if (this.config.stack) {
      const pops = stackPops(cx, ins)
      u.stackPopCount = pops || undefined
      keep = cx.stack.length - pops
    }
    let scratch: number | undefined
    if (this.config.scratch) {
      if (ins.spec.name === 'store') scratch = ins.imm[0]
      else if (ins.spec.name === 'stores') {
        const slot = cx.stack[cx.stack.length - 2]
        if (typeof slot !== 'object' && BigInt(slot) < 256n) scratch = Number(slot)
      }
    }
    const state = this.config.state ? stateWrite(cx, ins) : undefined
    if (this.initial !== undefined && cx.mode !== 1) {
      const access = stateAccess(cx, ins)
      if (access !== undefined) this.initial.touch(access, state !== undefined)
    }
    const inners = ins.spec.name === 'itxn_submit' ? ((cx.stateExt.state as { subtxns?: unknown[] } | undefined)?.subtxns?.length ?? 0) : undefined
    this.unit.set(cx, { u, keep, scratch, state, inners })
  }

  afterOp(cx: EvalContext, _ins: Instr, error?: string): void {
    const rec = this.unit.get(cx)
    if (rec === undefined) return
    const t = this.traceOf(cx)
    if (rec.inners !== undefined) {
      // every inner transaction gets a trace; only app calls have programs in theirs
      const spawned: number[] = []
      for (let i = 0; i < rec.inners; i++) {
        const child = t.pending.get(i)
        if (child === undefined && error !== undefined) continue
        spawned.push(t.inner.push(child ?? { inner: [], pending: new Map() }) - 1)
      }
      t.pending.clear()
      if (spawned.length > 0) rec.u.spawnedInners = spawned
    }
    if (error !== undefined) return
    const u = rec.u
    if (this.config.stack && cx.stack.length > rec.keep) u.stackAdditions = cx.stack.slice(rec.keep).map(avmValue)
    if (rec.scratch !== undefined) u.scratchChanges = [new m.ScratchChange({ slot: rec.scratch, newValue: avmValue(cx.scratch[rec.scratch]) })]
    const st = rec.state
    if (st !== undefined) {
      let now: StackValue | undefined
      if (st.op === 'w') {
        if (st.type === 'g') now = this.state.getGlobal(st.app, st.key)
        else if (st.type === 'l') now = st.account && this.state.optedIn(st.account, st.app) ? this.state.getLocal(st.account, st.app, st.key) : undefined
        else now = this.state.getBox(st.app, st.key)
      }
      u.stateChanges = [
        new m.ApplicationStateOperation({
          appStateType: st.type,
          operation: st.op,
          key: st.key,
          newValue: now === undefined ? undefined : avmValue(now),
          account: st.account && new algosdk.Address(st.account),
        }),
      ]
    }
  }

  /** A top-level clear-state program failed or rejected: go marks its trace rolled back. */
  rollback(gi: number, error?: string): void {
    const t = this.top.get(gi)
    if (t !== undefined) t.rollback = error ?? ''
  }

  model(t: TxnTrace): algosdk.modelsv2.SimulationTransactionExecTrace {
    const list = <T>(xs: T[] | undefined): T[] | undefined => (xs !== undefined && xs.length > 0 ? xs : undefined)
    return new m.SimulationTransactionExecTrace({
      approvalProgramTrace: list(t.approval),
      approvalProgramHash: t.approvalHash,
      clearStateProgramTrace: list(t.clear),
      clearStateProgramHash: t.clearHash,
      clearStateRollback: t.rollback !== undefined ? true : undefined,
      clearStateRollbackError: t.rollback || undefined,
      logicSigTrace: list(t.lsig),
      logicSigHash: t.lsigHash,
      innerTrace: list(t.inner.map((i) => this.model(i))),
    })
  }
}

// ---- failed-at (go's cursorEvalTracer) ----

/** Inner transactions a program had performed before its current itxn_submit. */
function innersBefore(cx: EvalContext): number {
  return (cx.stateExt.state as { inners?: unknown[] } | undefined)?.inners?.length ?? 0
}

/** go's TxnPath of the transaction a program runs for: top-level index, then inner indexes. */
function pathOf(cx: EvalContext): number[] {
  if (cx.caller === undefined) return [cx.groupIndex]
  return [...pathOf(cx.caller), innersBefore(cx.caller) + cx.groupIndex]
}

/** Records the path of the first transaction whose program failed, inner ones included. */
class FailurePath implements EvalTracer {
  path: number[] | undefined

  afterOp(cx: EvalContext, ins: Instr, error?: string): void {
    if (error === undefined || this.path !== undefined) return
    // go does not blame a failing clear-state program: its effects are just rolled back
    if (cx.mode !== 1 && (cx.txnGroup[cx.groupIndex] as Txn).onCompletion === 3) return
    const inner = ins.spec.name === 'itxn_submit' ? /^inner tx (\d+) failed/.exec(error) : null
    this.path = inner === null ? pathOf(cx) : [...pathOf(cx), innersBefore(cx) + Number(inner[1])]
  }
}

/** Runs both tracers' hooks. */
function bothTracers(a: EvalTracer, b: EvalTracer): EvalTracer {
  return {
    beforeOp: (cx, ins) => {
      a.beforeOp?.(cx, ins)
      b.beforeOp?.(cx, ins)
    },
    afterOp: (cx, ins, error) => {
      a.afterOp?.(cx, ins, error)
      b.afterOp?.(cx, ins, error)
    },
  }
}

// ---- the request ----

function feesPaid(a: AppliedTxn): bigint {
  return a.applyData.inner.reduce((n, t) => n + feesPaid(t), BigInt(a.txn.fee))
}

/** Validates a simulate request as go's simulator does before evaluating. */
function validate(request: algosdk.modelsv2.SimulateRequest, lastRound: bigint): void {
  if (request.fixSigners === true && request.allowEmptySignatures !== true) {
    throw new SimulateRequestError('FixSigners requires AllowEmptySignatures to be enabled')
  }
  if (request.txnGroups.length !== 1) throw new SimulateRequestError(`expected 1 transaction group, got ${request.txnGroups.length}`)
  const tc = request.execTraceConfig
  if (tc !== undefined && tc.enable !== true) {
    if (tc.stackChange === true) throw new SimulateRequestError('basic trace must be enabled when enabling stack tracing')
    if (tc.scratchChange === true) throw new SimulateRequestError('basic trace must be enabled when enabling scratch slot change tracing')
    if (tc.stateChange === true) throw new SimulateRequestError('basic trace must be enabled when enabling app state change tracing')
  }
  const round = request.round ?? 0n
  // go reads the header of the round to simulate after: a future one is not in the ledger (500)
  if (round > lastRound) throw new LedgerError(`ledger does not have entry ${round} (latest ${lastRound}, committed ${lastRound})`, 500)
  // Grove keeps no past states, so only the latest round can be simulated after
  if (round !== 0n && round < lastRound) throw new SimulateRequestError(`simulating after round ${round} is not supported: this node keeps only the state after round ${lastRound}`)
  const extra = request.extraOpcodeBudget ?? 0
  if (extra > MAX_EXTRA_OPCODE_BUDGET) throw new SimulateRequestError(`extra budget ${extra} > simulation extra budget limit ${MAX_EXTRA_OPCODE_BUDGET}`)
  for (const stxn of request.txnGroups[0].txns) if (stxn.txn.type === algosdk.TransactionType.stpf) throw new SimulateRequestError('cannot simulate StateProof transactions')
}

/**
 * Simulates the request's group on `state`, which the caller checkpoints before and reverts
 * after. Throws SimulateRequestError (400) for requests algod refuses outright.
 */
export function simulateGroup(state: LedgerState, request: algosdk.modelsv2.SimulateRequest, chain: SimulateChain): algosdk.modelsv2.SimulateResponse {
  validate(request, chain.lastRound)
  const stxns = request.txnGroups[0].txns
  const tc = request.execTraceConfig
  const failure = new FailurePath()
  const tracer = tc?.enable === true ? new ExecTracer({ stack: tc.stackChange === true, scratch: tc.scratchChange === true, state: tc.stateChange === true }, state) : undefined
  const policy = request.allowUnnamedResources === true ? new UnnamedPolicy(state) : undefined
  const sim: SimulateHooks = {
    allowEmptySignatures: request.allowEmptySignatures === true,
    extraOpcodeBudget: request.extraOpcodeBudget ?? 0,
    unnamedResources: policy,
    tracer: tracer === undefined ? failure : bothTracers(tracer, failure),
    fixSigners: request.fixSigners === true,
    clearStateFailed: tracer && ((gi, error) => tracer.rollback(gi, error)),
    fixedSigners: new Map(),
  }
  const moreLogging = request.allowMoreLogging === true
  const proto = state.proto
  if (moreLogging) state.proto = { ...proto, maxLogCalls: SIMULATE_MAX_LOG_CALLS, maxLogSize: SIMULATE_MAX_LOG_SIZE }
  let group: algosdk.modelsv2.SimulateTransactionGroupResult
  try {
    const res = chain.apply(stxns, sim)
    const hasApp = stxns.some((s) => s.txn.type === algosdk.TransactionType.appl)
    const innerBudget = res.applied.reduce((n, a) => n + innerApps(a), 0) * proto.maxAppProgramCost
    if (policy !== undefined) {
      const txns = res.applied.map((a) => a.txn)
      policy.settleBoxQuota(txns, proto.bytesPerBoxReference)
    }
    const consumed = res.appBudgetConsumed.reduce((n, c) => n + c, 0)
    group = new m.SimulateTransactionGroupResult({
      txnResults: stxns.map((stxn, i) => txnResult(i, sim.fixedSigners?.get(i), chain.pendingResponse(stxn, res.applied[i]), res.appBudgetConsumed[i], res.logicSigBudgetConsumed[i], feesPaid(res.applied[i]), tracer, policy)),
      appBudgetAdded: hasApp ? res.appBudgetAdded + innerBudget : undefined,
      appBudgetConsumed: consumed || undefined,
      groupFeesPaid: Number(res.applied.reduce((n, a) => n + feesPaid(a), 0n)) || undefined,
      groupUsage: Number(groupUsage(res.applied.map((a) => a.txn), res.applied, proto)) || undefined,
      unnamedResourcesAccessed: policy?.group.model(),
    })
  } catch (e) {
    if (!(e instanceof LedgerError)) throw e
    const at = /^transaction ([A-Z2-7]{52})[: ]/.exec(e.message) ?? /^transaction already in ledger: ([A-Z2-7]{52})/.exec(e.message)
    // go checks the group's fees after its transactions ran, so its tracer blames the last one
    const idx = at !== null ? stxns.findIndex((s) => s.txn.txID() === at[1]) : e.message.startsWith('txgroup with ') ? stxns.length - 1 : -1
    // a failure not tied to one transaction is a bad request, as go's TxGroupError with index -1
    if (idx < 0) throw new SimulateRequestError(e.message)
    const c = sim.consumed
    // go's signature verification (TxGroupError) reports its reason without the txid prefix
    const verifyError = c !== undefined && !c.verified && !e.message.includes('should have been authorized by')
    const message = verifyError ? e.message.replace(/^transaction [A-Z2-7]{52}( invalid)? ?: /, '') : e.message
    const appConsumed = c?.app.reduce((n, x) => n + x, 0) ?? 0
    group = new m.SimulateTransactionGroupResult({
      txnResults: stxns.map((stxn, i) =>
        txnResult(i, sim.fixedSigners?.get(i), c?.applied?.[i] !== undefined ? chain.pendingResponse(stxn, c.applied[i]) : new m.PendingTransactionResponse({ poolError: '', txn: stxn }), c?.app[i] ?? 0, c?.logicSig[i] ?? 0, stxn.txn.fee, tracer, policy),
      ),
      failureMessage: message,
      failedAt: failure.path !== undefined && failure.path[0] === idx ? failure.path : [idx],
      appBudgetAdded: c !== undefined && c.appBudgetAdded > 0 ? c.appBudgetAdded : undefined,
      appBudgetConsumed: appConsumed || undefined,
      groupFeesPaid: Number(stxns.reduce((n, s, i) => n + (c?.applied?.[i] !== undefined ? feesPaid(c.applied[i]) : s.txn.fee), 0n)) || undefined,
      groupUsage: Number(groupUsage(stxns.map((s) => txnFromSdk(s.txn)), c?.applied ?? [], proto)) || undefined,
      unnamedResourcesAccessed: policy?.group.model(),
    })
  } finally {
    state.proto = proto
  }
  const anyOverride = request.allowEmptySignatures === true || request.allowUnnamedResources === true || moreLogging || (request.extraOpcodeBudget ?? 0) > 0 || request.fixSigners === true
  return new m.SimulateResponse({
    version: SIMULATE_RESULT_VERSION,
    lastRound: chain.lastRound,
    txnGroups: [group],
    evalOverrides: anyOverride
      ? new m.SimulationEvalOverrides({
          allowEmptySignatures: request.allowEmptySignatures || undefined,
          allowUnnamedResources: request.allowUnnamedResources || undefined,
          maxLogCalls: moreLogging ? SIMULATE_MAX_LOG_CALLS : undefined,
          maxLogSize: moreLogging ? SIMULATE_MAX_LOG_SIZE : undefined,
          extraOpcodeBudget: request.extraOpcodeBudget || undefined,
          fixSigners: request.fixSigners || undefined,
        })
      : undefined,
    execTraceConfig: tc?.enable === true ? tc : undefined,
    initialStates: tracer?.initial?.model(),
  })
}

/** go's GroupUsage: the fee usage (micro-units of the minimum fee) of a group and, recursively, of its inner transactions. */
function groupUsage(txns: readonly Txn[], applied: readonly AppliedTxn[], proto: LedgerState['proto']): bigint {
  let usage = summarizeFees(txns, proto).usage
  for (const a of applied) if (a.applyData.inner.length > 0) usage += groupUsage(a.applyData.inner.map((i) => i.txn), a.applyData.inner, proto)
  return usage
}

function innerApps(a: AppliedTxn): number {
  return a.applyData.inner.reduce((n, t) => n + (t.txn.type === 'appl' ? 1 : 0) + innerApps(t), 0)
}

function txnResult(
  i: number,
  fixedSigner: Uint8Array | undefined,
  txnResult: algosdk.modelsv2.PendingTransactionResponse,
  app: number,
  lsig: number,
  fees: bigint,
  tracer: ExecTracer | undefined,
  policy: UnnamedPolicy | undefined,
): algosdk.modelsv2.SimulateTransactionResult {
  const trace = tracer?.top.get(i)
  return new m.SimulateTransactionResult({
    txnResult,
    appBudgetConsumed: app || undefined,
    logicSigBudgetConsumed: lsig || undefined,
    feesPaid: Number(fees) || undefined,
    execTrace: tracer === undefined ? undefined : tracer.model(trace ?? { inner: [], pending: new Map() }),
    unnamedResourcesAccessed: policy?.perTxn.get(i)?.model(),
    fixedSigner: fixedSigner && new algosdk.Address(fixedSigner),
  })
}
