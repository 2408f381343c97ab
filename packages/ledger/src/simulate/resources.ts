// Simulate's unnamed resources (go's ledger/simulation/resources.go, without its slot limits):
// what a group's programs touched without naming it, as algod reports it.

import algosdk from 'algosdk'
import { groupStateFor, type EvalContext, type GroupState, type Txn, type Uint64, type UnnamedResourcePolicy } from '@grove/avm'
import { hex, idKey, type LedgerState } from '../state.ts'
import type { UnnamedResources } from './result.ts'

/** Version from which a program shares resources group-wide (go's sharedResourcesVersion). */
const SHARED_RESOURCES_VERSION = 9

// ---- unnamed resources (go's simulation/resources.go, without its slot limits) ----

/** Resources used without a reference, as algod reports them. */
export class ResourceTracker {
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
  result(): UnnamedResources | undefined {
    if (this.empty()) return undefined
    for (const app of this.apps.keys()) this.accounts.delete(hex(algosdk.getApplicationAddress(BigInt(app)).publicKey))
    return {
      accounts: [...this.accounts.values()],
      assets: [...this.assets.keys()].map(BigInt),
      apps: [...this.apps.keys()].map(BigInt),
      boxes: [...this.boxes.values()].map((b) => ({ app: BigInt(b.app), name: b.name })),
      extraBoxRefs: this.extraBoxRefs,
      assetHoldings: [...this.holdings.values()].map((h) => ({ account: h.addr, asset: BigInt(h.asset) })),
      appLocals: [...this.locals.values()].map((l) => ({ account: l.addr, app: BigInt(l.app) })),
    }
  }
}

export function rootOf(cx: EvalContext): EvalContext {
  let r = cx
  while (r.caller !== undefined) r = r.caller
  return r
}

/** Records every unnamed resource a program touches: group-wide from v9, else per top-level txn. */
export class UnnamedPolicy implements UnnamedResourcePolicy {
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
