// Cheats (Grove's /grove/v1 test calls that change state, Anvil's anvil_setBalance): each runs in a
// block of its own, so the log carries it in the place of the block's signed group and replay
// applies it again; the block's writes are watched as a group's, so deltas and totals include it.
import algosdk from 'algosdk'
import { LedgerError } from './errors.ts'
import { decodeSignedGroup } from './convert.ts'
import { u64, type LedgerState } from './state.ts'

/** A cheat (setBalance) as its block's log record carries it in place of a signed group. */
export interface Cheat {
  op: 'balance'
  address: string
  amount: bigint
}
/** Starts a cheat's record; a signed group's msgpack starts with a map, never with these bytes. */
const CHEAT_PREFIX = new TextEncoder().encode('grove-cheat:')

/** A cheat's log bytes. */
export function encodeCheat(cheat: Cheat): Uint8Array {
  const body = new TextEncoder().encode(JSON.stringify({ ...cheat, amount: String(cheat.amount) }))
  const out = new Uint8Array(CHEAT_PREFIX.length + body.length)
  out.set(CHEAT_PREFIX)
  out.set(body, CHEAT_PREFIX.length)
  return out
}

/** The cheat in a block's logged bytes, or undefined for a signed group (or none). */
export function decodeCheat(bytes: Uint8Array): Cheat | undefined {
  if (bytes.length < CHEAT_PREFIX.length || CHEAT_PREFIX.some((b, i) => bytes[i] !== b)) return undefined
  const raw = JSON.parse(new TextDecoder().decode(bytes.subarray(CHEAT_PREFIX.length))) as { op: 'balance'; address: string; amount: string }
  return { ...raw, amount: BigInt(raw.amount) }
}

/** Applies a cheat to the state inside its block's checkpoint; a balance below the account's minimum is refused with algod's text. */
export function applyCheat(state: LedgerState, cheat: Cheat): void {
  state.touched = new Set()
  state.updateAccount(algosdk.decodeAddress(cheat.address).publicKey, (d) => (d.balance = u64(cheat.amount)))
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
