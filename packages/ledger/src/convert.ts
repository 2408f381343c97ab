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

/** The big-endian unsigned integer of `n` bytes at `at` (throws on truncation). */
function readBE(b: Uint8Array, at: number, n: number): number {
  if (at + n > b.length) throw new Error('truncated')
  let v = 0
  for (let i = 0; i < n; i++) v = v * 256 + b[at + i]
  return v
}

/**
 * Where the msgpack value starting at `start` ends (throws on truncation). A loop over the
 * values still owed, not a recursion: every submitted transaction is walked, so no closures.
 */
export function msgpackValueEnd(b: Uint8Array, start: number): number {
  let pos = start
  let owed = 1
  while (owed > 0) {
    if (pos >= b.length) throw new Error('truncated')
    const t = b[pos]
    owed--
    if (t <= 0x7f || t >= 0xe0 || t === 0xc0 || t === 0xc2 || t === 0xc3) pos += 1
    else if (t >= 0x80 && t <= 0x8f) {
      owed += 2 * (t & 0x0f)
      pos += 1
    } else if (t >= 0x90 && t <= 0x9f) {
      owed += t & 0x0f
      pos += 1
    } else if (t >= 0xa0 && t <= 0xbf) pos += 1 + (t & 0x1f)
    else {
      switch (t) {
        case 0xc4: case 0xd9: pos += 2 + readBE(b, pos + 1, 1); break
        case 0xc5: case 0xda: pos += 3 + readBE(b, pos + 1, 2); break
        case 0xc6: case 0xdb: pos += 5 + readBE(b, pos + 1, 4); break
        case 0xcc: case 0xd0: pos += 2; break
        case 0xcd: case 0xd1: pos += 3; break
        case 0xce: case 0xd2: case 0xca: pos += 5; break
        case 0xcf: case 0xd3: case 0xcb: pos += 9; break
        case 0xdc: owed += readBE(b, pos + 1, 2); pos += 3; break
        case 0xdd: owed += readBE(b, pos + 1, 4); pos += 5; break
        case 0xde: owed += 2 * readBE(b, pos + 1, 2); pos += 3; break
        case 0xdf: owed += 2 * readBE(b, pos + 1, 4); pos += 5; break
        default: throw new Error(`unsupported msgpack type 0x${t.toString(16)}`)
      }
    }
  }
  return pos
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
      const end = msgpackValueEnd(body, pos)
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
