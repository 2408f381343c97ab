// Cheats (Grove's /grove/v1 test calls that change state, Anvil's anvil_setBalance): each runs in a
// block of its own, so the log carries it in the place of the block's signed group and replay
// applies it again; the block's writes are watched as a group's, so deltas and totals include it.
import algosdk from 'algosdk'
import { LedgerError } from './errors.ts'
import { decodeSignedGroup } from './convert.ts'
import { u64, type LedgerState } from './state.ts'

/** A cheat (setBalance, setHolding) as its block's log record carries it in place of a signed group. */
export type Cheat = { op: 'balance'; address: string; amount: bigint } | { op: 'holding'; address: string; asset: bigint; amount: bigint }
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
  const raw = JSON.parse(new TextDecoder().decode(bytes.subarray(CHEAT_PREFIX.length))) as { op: 'balance' | 'holding'; address: string; asset?: string; amount: string }
  const amount = BigInt(raw.amount)
  return raw.op === 'balance' ? { op: 'balance', address: raw.address, amount } : { op: 'holding', address: raw.address, asset: BigInt(raw.asset!), amount }
}

/** Applies a cheat to the state inside its block's checkpoint; a balance below the account's minimum is refused with algod's text. */
export function applyCheat(state: LedgerState, cheat: Cheat): void {
  state.touched = new Set()
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
export function balanceCheat(address: string, amount: bigint): Cheat {
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
