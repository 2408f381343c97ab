// Cheats (Grove's /grove/v1 test calls that change state, Anvil's anvil_setBalance): each runs in a
// block of its own, so the log carries it in the place of the block's signed group and replay
// applies it again; the block's writes are watched as a group's, so deltas and totals include it.
import algosdk from 'algosdk'
import { MODE_APP, checkProgram } from '@grove/avm'
import { LedgerError } from './errors.ts'
import { decodeSignedGroup } from './convert.ts'
import { u64, type LedgerState } from './state.ts'

/** A cheat (setBalance, setHolding, setProgram) as its block's log record carries it in place of a signed group. */
export type Cheat =
  | { op: 'balance'; address: string; amount: bigint }
  | { op: 'holding'; address: string; asset: bigint; amount: bigint }
  /** Programs as base64 (the record is JSON); no `clear` keeps the app's clear state program. */
  | { op: 'program'; app: bigint; approval: string; clear?: string }
/** Starts a cheat's record; a signed group's msgpack starts with a map, never with these bytes. */
const CHEAT_PREFIX = new TextEncoder().encode('grove-cheat:')

/** A cheat's log bytes. */
export function encodeCheat(cheat: Cheat): Uint8Array {
  const body = new TextEncoder().encode(JSON.stringify(cheat, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
  const out = new Uint8Array(CHEAT_PREFIX.length + body.length)
  out.set(CHEAT_PREFIX)
  out.set(body, CHEAT_PREFIX.length)
  return out
}

/** The cheat in a block's logged bytes, or undefined for a signed group (or none). */
export function decodeCheat(bytes: Uint8Array): Cheat | undefined {
  if (bytes.length < CHEAT_PREFIX.length || CHEAT_PREFIX.some((b, i) => bytes[i] !== b)) return undefined
  const raw = JSON.parse(new TextDecoder().decode(bytes.subarray(CHEAT_PREFIX.length))) as { op: 'balance' | 'holding' | 'program'; address: string; asset?: string; amount: string; app?: string; approval?: string; clear?: string }
  if (raw.op === 'program') return { op: 'program', app: BigInt(raw.app!), approval: raw.approval!, ...(raw.clear === undefined ? {} : { clear: raw.clear }) }
  const amount = BigInt(raw.amount)
  return raw.op === 'balance' ? { op: 'balance', address: raw.address, amount } : { op: 'holding', address: raw.address, asset: BigInt(raw.asset!), amount }
}

/** Applies a cheat to the state inside its block's checkpoint; a balance below the account's minimum is refused with algod's text. */
export function applyCheat(state: LedgerState, cheat: Cheat): void {
  state.touched = new Set()
  if (cheat.op === 'program') return applyProgram(state, cheat)
  const addr = algosdk.decodeAddress(cheat.address).publicKey
  if (cheat.op === 'balance') state.updateAccount(addr, (d) => (d.balance = u64(cheat.amount)))
  else {
    const asset = state.assetParams(cheat.asset)
    if (asset === undefined) throw new LedgerError(`asset ${cheat.asset} does not exist or has been deleted`, 404)
    if (cheat.amount > BigInt(asset.params.total)) throw new LedgerError(`amount ${cheat.amount} exceeds asset ${cheat.asset}'s total ${String(asset.params.total)}`)
    const held = state.assetHolding(addr, cheat.asset)
    // opted in here when it was not: the account's minimum balance grows, as an opt-in's does
    if (held === undefined) state.updateAccount(addr, (d) => d.totalAssets++)
    state.putHolding(addr, cheat.asset, { amount: u64(cheat.amount), frozen: held?.frozen ?? asset.params.defaultFrozen })
  }
  state.checkMinBalances()
}

/** The cheat setting `address`'s microAlgos, refused (LedgerError 400) for a bad address or an amount past uint64. */
export function balanceCheat(address: string, amount: bigint): Extract<Cheat, { op: 'balance' }> {
  if (!algosdk.isValidAddress(address)) throw new LedgerError(`failed to decode address ${address} from base 32`)
  if (amount < 0n || amount > 0xffffffffffffffffn) throw new LedgerError(`balance ${amount} is not a uint64 of microAlgos`)
  return { op: 'balance', address, amount }
}

/**
 * What a block's logged bytes hold: a signed group, or for the node's own blocks (`own`: mined,
 * or replayed from the log) none (a mined block) or a cheat. A submit's bytes are always a group.
 */
export function blockContent(bytes: Uint8Array, own: boolean): { stxns: algosdk.SignedTransaction[]; cheat?: Cheat } {
  const cheat = own ? decodeCheat(bytes) : undefined
  if (cheat !== undefined) return { stxns: [], cheat }
  return { stxns: own && bytes.length === 0 ? [] : decodeSignedGroup(bytes) }
}

/** The cheat setting `address`'s holding of `asset` (opting it in), refused for a bad address or an amount past uint64. */
export function holdingCheat(address: string, asset: bigint, amount: bigint): Cheat {
  const { amount: checked } = balanceCheat(address, amount)
  return { op: 'holding', address, asset, amount: checked }
}

/**
 * Replaces an app's programs (Anvil's anvil_setCode): each must pass the AVM's static check and
 * fit the app's pages, as an update's must; its version counts one more update. A program's
 * refusal is a LedgerError 400 naming it, an unknown app a 404.
 */
function applyProgram(state: LedgerState, cheat: Extract<Cheat, { op: 'program' }>): void {
  const rec = state.appParams(cheat.app)
  if (rec === undefined) throw new LedgerError(`application ${cheat.app} does not exist`, 404)
  const approval = Buffer.from(cheat.approval, 'base64')
  const clear = cheat.clear === undefined ? rec.params.clearStateProgram : Buffer.from(cheat.clear, 'base64')
  const env = { proto: state.proto, mode: MODE_APP, txnGroup: [], groupIndex: 0, lsigArgs: [], ledger: undefined, appId: 0 } as const
  for (const [name, program] of [['approval', approval], ['clear state', clear]] as const) {
    if (program.length === 0) throw new LedgerError(`the ${name} program is empty`)
    const bad = checkProgram(program, env)
    if (bad !== undefined) throw new LedgerError(`the ${name} program does not pass the AVM's check: ${bad.message}`)
  }
  const pages = 1 + rec.params.extraProgramPages
  const p = state.proto
  if (approval.length > pages * p.maxAppProgramLen) throw new LedgerError(`approval program too long. (${approval.length} > ${pages * p.maxAppProgramLen}): app ${cheat.app} has ${rec.params.extraProgramPages} extra pages`)
  if (clear.length > pages * p.maxAppProgramLen) throw new LedgerError(`clear state program too long. (${clear.length} > ${pages * p.maxAppProgramLen}): app ${cheat.app} has ${rec.params.extraProgramPages} extra pages`)
  if (approval.length + clear.length > pages * p.maxAppTotalProgramLen) throw new LedgerError(`app programs too long. (${approval.length} + ${clear.length} > ${pages * p.maxAppTotalProgramLen}): app ${cheat.app} has ${rec.params.extraProgramPages} extra pages`)
  // go refuses programs of different versions from v6 (syncProgramsVersion): the chain could not run them
  const va = approval[0]!
  const vc = clear[0]!
  if ((va >= 6 || vc >= 6) && va !== vc) throw new LedgerError(`program version mismatch: ${va} != ${vc}`)
  state.putApp(cheat.app, { ...rec, params: { ...rec.params, approvalProgram: new Uint8Array(approval), clearStateProgram: new Uint8Array(clear), version: u64(BigInt(rec.params.version) + 1n) } })
}

/** The cheat replacing app `app`'s approval program (and clear state program when given). */
export function programCheat(app: bigint, approval: Uint8Array, clear?: Uint8Array): Cheat {
  if (app <= 0n || app > 0xffffffffffffffffn) throw new LedgerError(`application ${app} does not exist`, 404)
  const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64')
  return { op: 'program', app, approval: b64(approval), ...(clear === undefined ? {} : { clear: b64(clear) }) }
}
