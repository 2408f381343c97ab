// Between the wire (algosdk's msgpack objects) and the AVM's transaction model. Decoding goes
// through the canonical msgpack map so field names are algod's own; encoding goes back through
// @grove/avm's canonical encoder, so a transaction round-trips to the same id.

import algosdk from 'algosdk'
import { CURRENT_PROTO, encodeTxn, makeTxn, zeroTxn, type ResourceRef, type Txn, type Uint64 } from '@grove/avm'
import { LedgerError } from './errors.ts'

type Raw = Record<string, unknown>

function num(v: unknown): Uint64 {
  if (v === undefined) return 0
  const b = BigInt(v as number | bigint)
  return b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b
}

function small(v: unknown): number {
  return v === undefined ? 0 : Number(v as number | bigint)
}

/** Absent fields of each size share one zero array (nothing writes into a decoded transaction). */
const ZEROS = new Map<number, Uint8Array>()

function bytes(v: unknown, size = 0): Uint8Array {
  if (v instanceof Uint8Array) return v
  if (typeof v === 'string') return new TextEncoder().encode(v)
  let zero = ZEROS.get(size)
  if (zero === undefined) ZEROS.set(size, (zero = new Uint8Array(size)))
  return zero
}

function list<T>(v: unknown, f: (x: unknown) => T): T[] {
  return Array.isArray(v) ? v.map(f) : []
}

function obj(v: unknown): Raw {
  return v !== null && typeof v === 'object' && !(v instanceof Uint8Array) ? (v as Raw) : {}
}

function accessRef(v: unknown): ResourceRef {
  const r = obj(v)
  const out: ResourceRef = {}
  if (r.d !== undefined) out.address = bytes(r.d, 32)
  if (r.s !== undefined) out.asset = num(r.s)
  if (r.p !== undefined) out.app = num(r.p)
  if (r.h !== undefined) out.holding = { address: small(obj(r.h).d), asset: small(obj(r.h).s) }
  if (r.l !== undefined) out.locals = { address: small(obj(r.l).d), app: small(obj(r.l).p) }
  if (r.b !== undefined) out.box = { app: small(obj(r.b).i), name: bytes(obj(r.b).n) }
  return out
}

/** The AVM transaction of a raw msgpack transaction map (algod's field names). */
export function txnFromRaw(m: Raw): Txn {
  const p = obj(m.apar)
  const ap = zeroTxn().assetParams
  ap.total = num(p.t)
  ap.decimals = small(p.dc)
  ap.defaultFrozen = p.df === true
  ap.unitName = bytes(p.un)
  ap.assetName = bytes(p.an)
  ap.url = bytes(p.au)
  ap.metadataHash = bytes(p.am, 0)
  ap.manager = bytes(p.m, 32)
  ap.reserve = bytes(p.r, 32)
  ap.freeze = bytes(p.f, 32)
  ap.clawback = bytes(p.c, 32)
  const gs = obj(m.apgs)
  const ls = obj(m.apls)
  return makeTxn({
    type: typeof m.type === 'string' ? m.type : '',
    sender: bytes(m.snd, 32),
    fee: num(m.fee),
    firstValid: num(m.fv),
    lastValid: num(m.lv),
    note: bytes(m.note),
    lease: bytes(m.lx, 32),
    genesisId: typeof m.gen === 'string' ? m.gen : '',
    genesisHash: bytes(m.gh, 32),
    group: bytes(m.grp, 32),
    rekeyTo: bytes(m.rekey, 32),
    receiver: bytes(m.rcv, 32),
    amount: num(m.amt),
    closeRemainderTo: bytes(m.close, 32),
    votePk: bytes(m.votekey, 32),
    selectionPk: bytes(m.selkey, 32),
    stateProofPk: bytes(m.sprfkey, 64),
    voteFirst: num(m.votefst),
    voteLast: num(m.votelst),
    voteKeyDilution: num(m.votekd),
    nonparticipation: m.nonpart === true,
    xferAsset: num(m.xaid),
    assetAmount: num(m.aamt),
    assetSender: bytes(m.asnd, 32),
    assetReceiver: bytes(m.arcv, 32),
    assetCloseTo: bytes(m.aclose, 32),
    configAsset: num(m.caid),
    assetParams: ap,
    freezeAsset: num(m.faid),
    freezeAccount: bytes(m.fadd, 32),
    assetFrozen: m.afrz === true,
    applicationId: num(m.apid),
    onCompletion: small(m.apan),
    applicationArgs: list(m.apaa, (x) => bytes(x)),
    accounts: list(m.apat, (x) => bytes(x, 32)),
    foreignAssets: list(m.apas, num),
    foreignApps: list(m.apfa, num),
    boxes: list(m.apbx, (x) => ({ index: small(obj(x).i), name: bytes(obj(x).n) })),
    access: list(m.al, accessRef),
    approvalProgram: bytes(m.apap),
    clearStateProgram: bytes(m.apsu),
    globalStateSchema: { numUint: small(gs.nui), numByteSlice: small(gs.nbs) },
    localStateSchema: { numUint: small(ls.nui), numByteSlice: small(ls.nbs) },
    extraProgramPages: small(m.apep),
    rejectVersion: num(m.aprv),
  })
}

/** The AVM transaction of an algosdk Transaction. */
export function txnFromSdk(txn: algosdk.Transaction): Txn {
  return txnFromRaw(algosdk.msgpackRawDecode(algosdk.encodeUnsignedTransaction(txn)) as Raw)
}

/** The algosdk Transaction of an AVM transaction (its fields only, no apply data). */
export function txnToSdk(tx: Txn): algosdk.Transaction {
  return algosdk.decodeUnsignedTransaction(encodeTxn(tx))
}

/** Length in bytes of the msgpack value starting at `pos` (throws on truncation). */
function valueEnd(b: Uint8Array, pos: number): number {
  const need = (n: number): void => {
    if (pos + n > b.length) throw new Error('truncated')
  }
  const be = (at: number, n: number): number => {
    need(at - pos + n)
    let v = 0
    for (let i = 0; i < n; i++) v = v * 256 + b[at + i]
    return v
  }
  need(1)
  const t = b[pos]
  const seq = (start: number, count: number): number => {
    let p = start
    for (let i = 0; i < count; i++) p = valueEnd(b, p)
    return p
  }
  if (t <= 0x7f || t >= 0xe0 || t === 0xc0 || t === 0xc2 || t === 0xc3) return pos + 1
  if (t >= 0x80 && t <= 0x8f) return seq(pos + 1, 2 * (t & 0x0f))
  if (t >= 0x90 && t <= 0x9f) return seq(pos + 1, t & 0x0f)
  if (t >= 0xa0 && t <= 0xbf) return pos + 1 + (t & 0x1f)
  switch (t) {
    case 0xc4: case 0xd9: return pos + 2 + be(pos + 1, 1)
    case 0xc5: case 0xda: return pos + 3 + be(pos + 1, 2)
    case 0xc6: case 0xdb: return pos + 5 + be(pos + 1, 4)
    case 0xcc: case 0xd0: return pos + 2
    case 0xcd: case 0xd1: return pos + 3
    case 0xce: case 0xd2: case 0xca: return pos + 5
    case 0xcf: case 0xd3: case 0xcb: return pos + 9
    case 0xdc: return seq(pos + 3, be(pos + 1, 2))
    case 0xdd: return seq(pos + 5, be(pos + 1, 4))
    case 0xde: return seq(pos + 3, 2 * be(pos + 1, 2))
    case 0xdf: return seq(pos + 5, 2 * be(pos + 1, 4))
    default: throw new Error(`unsupported msgpack type 0x${t.toString(16)}`)
  }
}

/**
 * Splits concatenated msgpack SignedTransactions (algod's POST /v2/transactions body) and
 * decodes each. Throws algod's text for an undecodable body.
 */
export function decodeSignedGroup(body: Uint8Array): algosdk.SignedTransaction[] {
  const out: algosdk.SignedTransaction[] = []
  let pos = 0
  try {
    while (pos < body.length) {
      const end = valueEnd(body, pos)
      if (end > body.length) throw new Error('truncated')
      out.push(algosdk.decodeSignedTransaction(body.subarray(pos, end)))
      pos = end
      // algod's decodeTxGroup stops reading once the group is too big
      if (out.length > CURRENT_PROTO.maxTxGroupSize) break
    }
  } catch (e) {
    throw new LedgerError(`msgpack decode error [pos ${pos}]: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (out.length === 0) throw new LedgerError('empty txgroup')
  if (out.length > CURRENT_PROTO.maxTxGroupSize) throw new LedgerError(`max group size is ${CURRENT_PROTO.maxTxGroupSize}`)
  return out
}
