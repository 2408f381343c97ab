// A fork's remote reads as the ledger's records: algod's JSON (go's v2 generated models, field names
// kebab-case, bytes base64, numbers past 2^53 as bigints) as the remote answers it and a pin keeps it,
// read field by field into account, holding, local-state, asset and app records.

import algosdk from 'algosdk'
import type { AppParams, AssetParams, StackValue } from '@grove/avm'
import { hex, u64, type AccountRecord, type AppRecord, type AssetRecord, type KeyValue } from './state.ts'

const ZERO32 = new Uint8Array(32)

function num(x: number | bigint | undefined): number {
  return Number(x ?? 0)
}

/** A remote answer's body as text (algod's JSON, pinned as the remote wrote it). */
export function jsonText(body: Uint8Array): string {
  return new TextDecoder().decode(body)
}

/** An address text's public key; absent is the zero address. */
function addrBytes(a: string | undefined): Uint8Array {
  return a === undefined ? ZERO32 : algosdk.decodeAddress(a).publicKey
}

/** An object of algod's JSON, numbers past 2^53 as bigints. */
type Json = Record<string, unknown>

export function parseJson(text: string): Json {
  return obj(algosdk.parseJSON(text, { intDecoding: algosdk.IntDecoding.MIXED }))
}

export function obj(x: unknown): Json {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Json) : {}
}

export function list(x: unknown): Json[] {
  return Array.isArray(x) ? x.map(obj) : []
}

export function int(x: unknown): bigint {
  return typeof x === 'bigint' ? x : typeof x === 'number' ? BigInt(x) : 0n
}

export function bytes(x: unknown): Uint8Array | undefined {
  return typeof x === 'string' ? new Uint8Array(Buffer.from(x, 'base64')) : undefined
}

function text(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined
}

/** A TealKeyValue list (keys and byte values base64; type 1 bytes, 2 uint). */
export function keyValues(kvs: unknown): Map<string, KeyValue> {
  const m = new Map<string, KeyValue>()
  for (const kv of list(kvs)) {
    const key = bytes(kv.key) ?? new Uint8Array()
    const v = obj(kv.value)
    const value: StackValue = int(v.type) === 1n ? (bytes(v.bytes) ?? new Uint8Array()) : u64(int(v.uint))
    m.set(hex(key), { key, value })
  }
  return m
}

function schema(x: unknown): { numUint: number; numByteSlice: number } {
  const s = obj(x)
  return { numUint: num(int(s['num-uint'])), numByteSlice: num(int(s['num-byte-slice'])) }
}

/** An AssetParams: a name's raw bytes from its -b64 field, else its text. */
export function assetRecord(p: Json): AssetRecord {
  const raw = (field: string): Uint8Array => bytes(p[`${field}-b64`]) ?? new TextEncoder().encode(text(p[field]) ?? '')
  const params: AssetParams = {
    total: u64(int(p.total)),
    decimals: num(int(p.decimals)),
    defaultFrozen: p['default-frozen'] === true,
    unitName: raw('unit-name'),
    assetName: raw('name'),
    url: raw('url'),
    metadataHash: bytes(p['metadata-hash']) ?? new Uint8Array(),
    manager: addrBytes(text(p.manager)),
    reserve: addrBytes(text(p.reserve)),
    freeze: addrBytes(text(p.freeze)),
    clawback: addrBytes(text(p.clawback)),
  }
  return { params, creator: addrBytes(text(p.creator)) }
}

/** An ApplicationParams (programs base64). */
export function appRecord(p: Json): AppRecord {
  const params: AppParams = {
    approvalProgram: bytes(p['approval-program']) ?? new Uint8Array(),
    clearStateProgram: bytes(p['clear-state-program']) ?? new Uint8Array(),
    globalStateSchema: schema(p['global-state-schema']),
    localStateSchema: schema(p['local-state-schema']),
    extraProgramPages: num(int(p['extra-program-pages'])),
    version: u64(int(p.version)),
    sizeSponsor: ZERO32,
    foreignBoxReads: false,
    familyBoxAccess: false,
  }
  return { params, creator: addrBytes(text(p.creator)) }
}

/** An Account's record (its holdings, local states and created assets and apps are read beside it). */
export function accountRecord(a: Json): AccountRecord {
  const auth = text(a['auth-addr'])
  return {
    balance: u64(int(a.amount)),
    authAddr: auth === undefined ? ZERO32 : addrBytes(auth),
    totalAppSchema: schema(a['apps-total-schema']),
    totalExtraAppPages: num(int(a['apps-total-extra-pages'])),
    totalAppParams: num(int(a['total-created-apps'])),
    totalAppLocalStates: num(int(a['total-apps-opted-in'])),
    totalAssetParams: num(int(a['total-created-assets'])),
    totalAssets: num(int(a['total-assets-opted-in'])),
    totalBoxes: num(int(a['total-boxes'])),
    totalBoxBytes: num(int(a['total-box-bytes'])),
    // the remote's participation is not forked: a forked account is offline here (the fork's own genesis votes)
    incentiveEligible: false,
    lastProposed: 0,
    lastHeartbeat: 0,
  }
}
