// Simulate's observers (go's ledger/simulation/tracer.go): the exec trace of each program with its
// stack, scratch and state changes, and the path of the first failing transaction.

import { type EvalContext, type EvalTracer, type Instr, type StackValue, type Txn, type Uint64 } from '@grove/avm'
import { sha512_256 } from '../hash.ts'
import { hex, idKey, unhex, type LedgerState } from '../state.ts'
import type { AppInitialStates, InitialValue, OpcodeTraceUnit, TransactionTrace } from './result.ts'

const PROGRAM = new TextEncoder().encode('Program')

// ---- exec trace (go's simulation/tracer.go) ----

/** Trace options (go's ExecTraceConfig). */
export interface TraceConfig {
  stack: boolean
  scratch: boolean
  state: boolean
}

/** One transaction's trace while it is built. */
export interface TxnTrace extends TransactionTrace {
  inner: TxnTrace[]
  /** Inner app calls that ran during the current itxn_submit, by index in its group. */
  pending: Map<number, TxnTrace>
}

/** go's StackExplain: how many values an opcode removes (its additions are read after it runs). */
export function stackPops(cx: EvalContext, ins: Instr): number {
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
export interface PendingState {
  type: 'g' | 'l' | 'b'
  op: 'w' | 'd'
  app: Uint64
  key: Uint8Array
  account?: Uint8Array
}

export function bytesArg(v: StackValue | undefined): Uint8Array {
  return typeof v === 'object' ? v : new Uint8Array()
}

/** go's AppStateExplain for the opcodes that write (reads are not reported). */
export function stateWrite(cx: EvalContext, ins: Instr): PendingState | undefined {
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
export function stateAccess(cx: EvalContext, ins: Instr): PendingState | undefined {
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
export class InitialStates {
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

  /** Each touched app's initial values, in the order the group first touched them. */
  result(): AppInitialStates[] {
    const values = (m: Map<string, [Uint8Array, StackValue | undefined]>): InitialValue[] => [...m.values()].map(([key, value]) => ({ key, value }))
    return [...this.apps].map(([id, r]) => ({
      id: BigInt(id),
      globals: values(r.globals),
      boxes: values(r.boxes),
      locals: [...r.locals].map(([who, l]) => ({ account: unhex(who), values: values(l) })),
    }))
  }
}

/** Builds algod's exec-trace from the AVM's per-opcode hooks. */
export class ExecTracer implements EvalTracer {
  readonly top = new Map<number, TxnTrace>()
  private readonly byCx = new WeakMap<EvalContext, TxnTrace>()
  private readonly unit = new WeakMap<EvalContext, { u: OpcodeTraceUnit; keep: number; scratch?: number; state?: PendingState; inners?: number }>()

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
    const u: OpcodeTraceUnit = { pc: cx.pc }
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
    if (this.config.stack && cx.stack.length > rec.keep) u.stackAdditions = cx.stack.slice(rec.keep)
    if (rec.scratch !== undefined) u.scratchChanges = [{ slot: rec.scratch, newValue: cx.scratch[rec.scratch] }]
    const st = rec.state
    if (st !== undefined) {
      let now: StackValue | undefined
      if (st.op === 'w') {
        if (st.type === 'g') now = this.state.getGlobal(st.app, st.key)
        else if (st.type === 'l') now = st.account && this.state.optedIn(st.account, st.app) ? this.state.getLocal(st.account, st.app, st.key) : undefined
        else now = this.state.getBox(st.app, st.key)
      }
      u.stateChanges = [{ appStateType: st.type, operation: st.op, key: st.key, newValue: now, account: st.account }]
    }
  }

  /** A top-level clear-state program failed or rejected: go marks its trace rolled back. */
  rollback(gi: number, error?: string): void {
    const t = this.top.get(gi)
    if (t !== undefined) t.rollback = error ?? ''
  }
}

// ---- failed-at (go's cursorEvalTracer) ----

/** Inner transactions a program had performed before its current itxn_submit. */
export function innersBefore(cx: EvalContext): number {
  return (cx.stateExt.state as { inners?: unknown[] } | undefined)?.inners?.length ?? 0
}

/** go's TxnPath of the transaction a program runs for: top-level index, then inner indexes. */
export function pathOf(cx: EvalContext): number[] {
  if (cx.caller === undefined) return [cx.groupIndex]
  return [...pathOf(cx.caller), innersBefore(cx.caller) + cx.groupIndex]
}

/** Records the path of the first transaction whose program failed, inner ones included. */
export class FailurePath implements EvalTracer {
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
export function bothTracers(a: EvalTracer, b: EvalTracer): EvalTracer {
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
