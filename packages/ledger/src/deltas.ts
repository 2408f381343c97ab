// State deltas as go's ledgercore.StateDelta records them (GET /v2/deltas/*): which accounts,
// app and asset resources, boxes, txids, leases and creatables a round changed, with their new
// values. A recorder watches every journaled write of LedgerState while a group applies, so
// the delta lists exactly what was written; values are read once the group is done.

import type { StackValue } from '@grove/avm'
import { hex, unhex, type AppRecord, type AssetRecord, type KeyValue, type LedgerState } from './state.ts'

type AccountData = NonNullable<ReturnType<LedgerState['accounts']['get']>>
type AssetHolding = NonNullable<ReturnType<NonNullable<ReturnType<LedgerState['holdings']['get']>>['get']>>

/** One write seen by the recorder: the map, the key and the value before the group's first write to it. */
export interface Write {
  map: Map<unknown, unknown>
  key: unknown
  before: unknown
  /** The latest value it held at any point of the group (before or written): an app created and deleted in one group still has a creator. */
  seen: unknown
}

/** A msgpack-ready value tree (Map with string keys, Uint8Array, bigint, number, boolean, null). */
export type Msgp = Map<unknown, Msgp> | Msgp[] | Uint8Array | bigint | number | boolean | string | null

/** Starts watching `state`'s writes; the returned function stops and hands back what was written (also its `writes`, live). */
export function watchWrites(state: LedgerState): (() => Write[]) & { writes: Write[] } {
  const writes: Write[] = []
  const seen = new Map<Map<unknown, unknown>, Map<unknown, Write>>()
  state.onWrite = (map, key, before, after) => {
    let keys = seen.get(map)
    if (keys === undefined) seen.set(map, (keys = new Map()))
    let w = keys.get(key)
    if (w === undefined) {
      keys.set(key, (w = { map, key, before, seen: before }))
      writes.push(w)
    }
    if (after !== undefined) w.seen = after
  }
  const stop = (): Write[] => {
    state.onWrite = undefined
    return writes
  }
  // the writes so far stay readable while watching (the block's end reads which accounts the group touched)
  return Object.assign(stop, { writes })
}

const addrBytes = (h: string): Uint8Array => unhex(h)

function be64(n: bigint): Uint8Array {
  const b = new Uint8Array(8)
  new DataView(b.buffer).setBigUint64(0, n)
  return b
}

function m(entries: [string, Msgp][]): Map<string, Msgp> {
  return new Map(entries)
}

/** go-codec's omitempty: drops zero values (and empty maps, arrays and byte strings). */
function omitEmpty(entries: [string, Msgp | undefined][]): Map<string, Msgp> {
  const out = new Map<string, Msgp>()
  for (const [k, v] of entries) {
    if (v === undefined || v === null || v === 0 || v === 0n || v === false || v === '') continue
    if (v instanceof Uint8Array && (v.length === 0 || v.every((x) => x === 0))) continue
    if ((v instanceof Map || Array.isArray(v)) && (v instanceof Map ? v.size : v.length) === 0) continue
    out.set(k, v)
  }
  return out
}

function tealValue(v: StackValue): Map<string, Msgp> {
  return typeof v === 'object' ? omitEmpty([['tt', 1], ['tb', v]]) : omitEmpty([['tt', 2], ['ui', BigInt(v)]])
}

function tealKeyValues(kv: Map<string, KeyValue> | undefined): Map<unknown, Msgp> {
  const out = new Map<unknown, Msgp>()
  for (const e of kv?.values() ?? []) out.set(new TextDecoder('latin1').decode(e.key), tealValue(e.value))
  return out
}

function schema(s: { numUint: number; numByteSlice: number }): Map<string, Msgp> {
  return omitEmpty([['nui', s.numUint], ['nbs', s.numByteSlice]])
}

/** ledgercore.AccountData, inlined as go-codec inlines embedded structs (every field, zero or not). */
function accountData(addr: Uint8Array, d: AccountData | undefined): Map<string, Msgp> {
  const z = (n: number): Uint8Array => new Uint8Array(n)
  const v = d?.voting
  return m([
    ['Addr', addr],
    ['Status', d?.status ?? 0],
    ['MicroAlgos', BigInt(d?.balance ?? 0)],
    ['RewardsBase', 0],
    ['RewardedMicroAlgos', 0],
    ['AuthAddr', d?.authAddr ?? z(32)],
    ['IncentiveEligible', d?.incentiveEligible ?? false],
    ['TotalAppSchema', schema(d?.totalAppSchema ?? { numUint: 0, numByteSlice: 0 })],
    ['TotalExtraAppPages', d?.totalExtraAppPages ?? 0],
    ['TotalAppParams', d?.totalAppParams ?? 0],
    ['TotalAppLocalStates', d?.totalAppLocalStates ?? 0],
    ['TotalAssetParams', d?.totalAssetParams ?? 0],
    ['TotalAssets', d?.totalAssets ?? 0],
    ['TotalBoxes', d?.totalBoxes ?? 0],
    ['TotalBoxBytes', d?.totalBoxBytes ?? 0],
    ['LastProposed', BigInt(d?.lastProposed ?? 0)],
    ['LastHeartbeat', BigInt(d?.lastHeartbeat ?? 0)],
    ['VoteID', v?.voteId ?? z(32)],
    ['SelectionID', v?.selectionId ?? z(32)],
    ['StateProofID', v?.stateProofId ?? z(64)],
    ['VoteFirstValid', BigInt(v?.voteFirst ?? 0)],
    ['VoteLastValid', BigInt(v?.voteLast ?? 0)],
    ['VoteKeyDilution', BigInt(v?.voteKeyDilution ?? 0)],
  ])
}

function appParams(rec: AppRecord, globals: Map<string, KeyValue> | undefined): Map<string, Msgp> {
  const p = rec.params
  return omitEmpty([
    ['approv', p.approvalProgram],
    ['clearp', p.clearStateProgram],
    ['gs', tealKeyValues(globals)],
    ['lsch', schema(p.localStateSchema)],
    ['gsch', schema(p.globalStateSchema)],
    ['epp', p.extraProgramPages],
    ['v', BigInt(p.version)],
  ])
}

function assetParams(rec: AssetRecord): Map<string, Msgp> {
  const p = rec.params
  return omitEmpty([
    ['t', BigInt(p.total)],
    ['dc', p.decimals],
    ['df', p.defaultFrozen],
    ['un', new TextDecoder('latin1').decode(p.unitName)],
    ['an', new TextDecoder('latin1').decode(p.assetName)],
    ['au', new TextDecoder('latin1').decode(p.url)],
    ['am', p.metadataHash],
    ['m', p.manager],
    ['r', p.reserve],
    ['f', p.freeze],
    ['c', p.clawback],
  ])
}

function holding(h: AssetHolding): Map<string, Msgp> {
  return omitEmpty([['a', BigInt(h.amount)], ['f', h.frozen]])
}

/** What a group did besides state writes: its top-level txns, created ids, header. */
export interface DeltaContext {
  txns: { txId: string; lastValid: bigint; lease: Uint8Array; sender: Uint8Array }[]
  /** Encoded block header (the block's `Hdr`). */
  header: Msgp
  prevTimestamp: bigint
  /** The round's money by status (go's AccountTotals). */
  totals: MoneyTotals
}

/** Microalgos held by online, offline and non-participating accounts. */
export interface MoneyTotals {
  online: bigint
  offline: bigint
  notParticipating: bigint
}

/** `totals` moved by a group's account writes: each written account's money leaves its old status and joins its new one. */
export function nextTotals(state: LedgerState, writes: Write[], totals: MoneyTotals): MoneyTotals {
  const out = { online: totals.online, offline: totals.offline, notParticipating: totals.notParticipating }
  for (const w of writes) {
    if (w.map !== (state.accounts as Map<unknown, unknown>)) continue
    const before = w.before as AccountData | undefined
    const after = state.accounts.get(w.key as string)
    if (before === after) continue
    if (before !== undefined) addMoney(out, before, -BigInt(before.balance))
    if (after !== undefined) addMoney(out, after, BigInt(after.balance))
  }
  return out
}

function addMoney(totals: MoneyTotals, d: AccountData, money: bigint): void {
  if (d.status === 1) totals.online += money
  else if (d.status === 2) totals.notParticipating += money
  else totals.offline += money
}

/** Builds go's StateDelta from the writes of one group and the state after it. */
export function buildDelta(state: LedgerState, writes: Write[], ctx: DeltaContext): { round: Map<string, Msgp>; group: Map<string, Msgp> } {
  const accts: string[] = []
  const appRes = new Map<string, { app: bigint; addr: string; params: boolean; local: boolean }>()
  const assetRes = new Map<string, { asset: bigint; addr: string; params: boolean; holding: boolean }>()
  const kv: { key: string; app: bigint; name: Uint8Array; before: Uint8Array | undefined }[] = []
  const note = <T>(map: Map<string, T>, key: string, make: () => T, set: (t: T) => void): void => {
    let e = map.get(key)
    if (e === undefined) map.set(key, (e = make()))
    set(e)
  }
  // an app or asset created and deleted within the group exists neither before nor after it: its creator is what it held meanwhile
  const creatorOf = (map: Map<string, AppRecord | AssetRecord>, id: string): string => {
    const live = map.get(id)
    if (live !== undefined) return hex(live.creator)
    const w = writes.find((x) => x.map === (map as Map<unknown, unknown>) && x.key === id)
    return hex((w?.seen as AppRecord | AssetRecord | undefined)?.creator ?? new Uint8Array(32))
  }
  const appOwner = (app: string): string => creatorOf(state.apps, app)
  const touchApp = (app: string, creator: string): void =>
    note(appRes, `${creator}:${app}`, () => ({ app: BigInt(app), addr: creator, params: false, local: false }), (e) => (e.params = true))
  for (const w of writes) {
    const key = w.key as string
    if (w.map === (state.accounts as Map<unknown, unknown>)) {
      if (!accts.includes(key)) accts.push(key)
    } else if (w.map === (state.apps as Map<unknown, unknown>)) {
      touchApp(key, appOwner(key))
    } else if (w.map === (state.assets as Map<unknown, unknown>)) {
      const creator = creatorOf(state.assets, key)
      note(assetRes, `${creator}:${key}`, () => ({ asset: BigInt(key), addr: creator, params: false, holding: false }), (e) => (e.params = true))
    } else if (w.map === (state.boxes as Map<unknown, unknown>)) {
      const [app, name] = key.split(':') as [string, string]
      kv.push({ key, app: BigInt(app), name: unhex(name), before: w.before as Uint8Array | undefined })
    } else if (w.map === (state.globals as Map<unknown, unknown>)) {
      touchApp(key, appOwner(key))
    } else if (w.map === (state.holdings as Map<unknown, unknown>) || w.map === (state.locals as Map<unknown, unknown>)) {
      continue // a new per-account map; its entries are recorded as they are written
    } else {
      classifyInner(state, w, appOwner, touchApp, (addr, asset) =>
        note(assetRes, `${addr}:${asset}`, () => ({ asset: BigInt(asset), addr, params: false, holding: false }), (e) => (e.holding = true)),
      (addr, app) => note(appRes, `${addr}:${app}`, () => ({ app: BigInt(app), addr, params: false, local: false }), (e) => (e.local = true)))
    }
  }
  const balanceRecords = accts.map((a) => accountData(addrBytes(a), state.accounts.get(a)))
  const appRecords = [...appRes.values()].map((r) => {
    const rec = state.apps.get(String(r.app))
    const local = state.locals.get(r.addr)?.get(String(r.app))
    return m([
      ['Aidx', r.app],
      ['Addr', addrBytes(r.addr)],
      ['Params', m([['Params', r.params && rec ? appParams(rec, state.globals.get(String(r.app))) : null], ['Deleted', r.params && !rec]])],
      ['State', m([['LocalState', r.local && local ? omitEmpty([['hsch', schema(rec?.params.localStateSchema ?? { numUint: 0, numByteSlice: 0 })], ['tkv', tealKeyValues(local)]]) : null], ['Deleted', r.local && !local]])],
    ])
  })
  const assetRecords = [...assetRes.values()].map((r) => {
    const rec = state.assets.get(String(r.asset))
    const h = state.holdings.get(r.addr)?.get(String(r.asset))
    return m([
      ['Aidx', r.asset],
      ['Addr', addrBytes(r.addr)],
      ['Params', m([['Params', r.params && rec ? assetParams(rec) : null], ['Deleted', r.params && !rec]])],
      ['Holding', m([['Holding', r.holding && h ? holding(h) : null], ['Deleted', r.holding && !h]])],
    ])
  })
  const kvMods = new Map<unknown, Msgp>()
  for (const k of kv) {
    const boxKey = new TextDecoder('latin1').decode(new Uint8Array([...new TextEncoder().encode('bx:'), ...be64(k.app), ...k.name]))
    kvMods.set(boxKey, m([['Data', state.boxes.get(k.key) ?? null], ['OldData', k.before ?? null]]))
  }
  const txids = new Map<unknown, Msgp>()
  ctx.txns.forEach((t, intra) => txids.set(base32Decode(t.txId), m([['LastValid', t.lastValid], ['Intra', intra]])))
  const leases = new Map<unknown, Msgp>()
  for (const t of ctx.txns) if (t.lease.some((x) => x !== 0)) leases.set(m([['Sender', t.sender], ['Lease', t.lease]]), t.lastValid)
  // created or deleted apps and assets: go's Creatables (Ctype 0 asset, 1 app); one created and
  // deleted within the group is recorded as deleted, go's last AddCreatable winning
  const creatables = new Map<unknown, Msgp>()
  for (const w of writes) {
    const isApp = w.map === (state.apps as Map<unknown, unknown>)
    if (!isApp && w.map !== (state.assets as Map<unknown, unknown>)) continue
    const now = w.map.get(w.key) as AppRecord | AssetRecord | undefined
    const was = w.before as AppRecord | AssetRecord | undefined
    const meanwhile = w.seen as AppRecord | AssetRecord | undefined
    if ((now === undefined) === (was === undefined) && (now !== undefined || meanwhile === undefined)) continue
    const creator = (now ?? was ?? meanwhile)!.creator
    creatables.set(BigInt(w.key as string), m([['Ctype', isApp ? 1 : 0], ['Created', now !== undefined], ['Creator', creator], ['Ndeltas', 0]]))
  }
  const accounts = m([
    ['Accts', balanceRecords],
    ['AppResources', appRecords],
    ['AssetResources', assetRecords],
  ])
  const algoCount = (money: bigint): Map<string, Msgp> => omitEmpty([['mon', money], ['rwd', 0]])
  const round = m([
    ['Accts', accounts],
    ['KvMods', kvMods],
    ['Txids', txids],
    ['Txleases', leases],
    ['Creatables', creatables],
    ['Hdr', ctx.header],
    ['StateProofNext', 0],
    ['PrevTimestamp', ctx.prevTimestamp],
    ['Totals', omitEmpty([['online', algoCount(ctx.totals.online)], ['offline', algoCount(ctx.totals.offline)], ['notpart', algoCount(ctx.totals.notParticipating)], ['rwdlvl', 0]])],
  ])
  // go's StateDeltaSubset is omitempty: empty lists and maps are left out
  const group = omitEmpty([
    ['Accts', omitEmpty([['Accts', balanceRecords], ['AppResources', appRecords], ['AssetResources', assetRecords]])],
    ['KvMods', kvMods],
    ['Txids', txids],
    ['Txleases', leases],
    ['Creatables', creatables],
    ['Hdr', ctx.header],
  ])
  return { round, group }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** The 32 bytes of a base32 digest string (a txid). */
export function base32Decode(s: string): Uint8Array {
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const c of s) {
    value = ((value << 5) | BASE32.indexOf(c)) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return new Uint8Array(out)
}

/** Attributes a write to an inner map to its account's holding or local state, or its app's globals (LedgerState.innerOwners). */
function classifyInner(
  state: LedgerState,
  w: Write,
  appOwner: (app: string) => string,
  app: (app: string, creator: string) => void,
  holdingOf: (addr: string, asset: string) => void,
  localOf: (addr: string, app: string) => void,
): void {
  const owner = state.innerOwners.get(w.map as Map<string, unknown>)
  if (owner === undefined) return
  if (owner.kind === 'holdings') holdingOf(owner.addr, w.key as string)
  else if (owner.kind === 'locals') localOf(owner.addr, w.key as string)
  else if (owner.kind === 'local') localOf(owner.addr, owner.app)
  else app(owner.app, appOwner(owner.app))
}
