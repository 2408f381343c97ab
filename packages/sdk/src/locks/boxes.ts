// The Locks app's boxes: a lock per `"l" ‖ uint64(id)`, and empty index boxes `"a" ‖ uint64(asset) ‖
// uint64(id)` and `"o" ‖ owner ‖ uint64(id)` that algod's box listing by prefix finds.
import { sha512_256 } from '@noble/hashes/sha2.js'
import { ABIType, decodeAddress, encodeAddress, encodeUint64 } from 'algosdk'
import type { Address } from 'algosdk'

/** A lock as its box holds it. */
export interface Lock {
  id: bigint
  owner: string
  /** 0 for ALGO. */
  asset: bigint
  /** Everything deposited (the first deposit plus top-ups). */
  amount: bigint
  withdrawn: bigint
  /** When it was made. */
  start: bigint
  cliff: bigint
  end: bigint
  /** Start of the current vesting line (≥ cliff). */
  anchor: bigint
  /** Vested at the anchor. */
  base: bigint
  /** The proposed next owner, undefined when none. */
  pendingOwner?: string
  /** A lock of a Grove LP token (a liquidity lock: it earns its pool's fees). */
  liquidity: boolean
  /** A lock of a Grove stable pool's LP token (its level is the Stable app's D/S); false or absent: the DEX's, or a plain token. */
  stable?: boolean
  /** Who made the lock and paid its boxes' minimum balance; `close` refunds it to them. */
  creator: string
}

/** Bytes of a lock box's value (the ABI tuple LockState). */
export const LOCK_SIZE = 168
/** µALGO a new lock's three boxes tie up: 3 × 2,500 + 400 × ((9 + 168) + 17 + 41) bytes; `lock` takes exactly this from the creator and `close` gives it back to them. */
export const LOCK_MIN_BALANCE = 101_500n
/** µALGO a liquidity lock's fee box ties up: 2,500 + 400 × (9 + 96) bytes; `lockLiquidity` and a split of a liquidity lock take it beside LOCK_MIN_BALANCE, `close` and `merge` give it back. */
export const LOCK_FEES_MIN_BALANCE = 44_500n
/** The DEX's fee tier whose pools keep the box key `"p" ‖ a ‖ b` (the DEX's other tiers add `‖ uint64(tier)`). */
export const LEGACY_POOL_TIER = 30n

/** µALGO the app's holding of a new asset ties up; `optInAsset` takes exactly this. */
export const LOCK_ASSET_MIN_BALANCE = 100_000n
/** Latest end a lock may have: 10 years of 365.25 days from now. */
export const MAX_LOCK_SECONDS = 315_576_000n
/** Timestamps from here on are taken for milliseconds and refused. */
export const MILLISECONDS_FROM = 100_000_000_000n

/**
 * A lock's id, as the app derives it: the top 53 bits of sha512_256(creator ‖ uint64(nonce)). The
 * creator picks the nonce, so the id (and the boxes the group must name) is known before sending, and
 * no other account's lock can take it first. 53 bits: a safe integer in JavaScript and JSON.
 */
export function lockIdOf(creator: string | Address, nonce: bigint): bigint {
  const key = decodeAddress(creator.toString()).publicKey
  const digest = sha512_256(Uint8Array.from([...key, ...encodeUint64(nonce)]))
  return new DataView(digest.buffer, digest.byteOffset).getBigUint64(0) >> 11n
}

/**
 * A fresh random nonce for a new lock (a nonce the creator used before fails with ERR:LOCK_EXISTS while
 * that lock exists). 64 random bits, never a count: after a lock is closed its id is free, and only a
 * reused nonce would make the same id again (the analytics service then reads it as a new lock).
 */
export function newLockNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return new DataView(bytes.buffer).getBigUint64(0)
}

const LOCK_STATE = ABIType.from('(address,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,address,uint64,address)')
const ZERO = encodeAddress(new Uint8Array(32))
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const addressBytes = (a: string | Address): Uint8Array => decodeAddress(a.toString()).publicKey

/** `"l" ‖ uint64(id)`. */
export const lockBoxName = (id: bigint): Uint8Array => concat(new Uint8Array([0x6c]), encodeUint64(id))
/** `"a" ‖ uint64(asset)`: the prefix of every index box of the asset's locks. */
export const assetIndexPrefix = (asset: bigint): Uint8Array => concat(new Uint8Array([0x61]), encodeUint64(asset))
/** `"a" ‖ uint64(asset) ‖ uint64(id)`. */
export const assetIndexName = (asset: bigint, id: bigint): Uint8Array => concat(assetIndexPrefix(asset), encodeUint64(id))
/** `"o" ‖ owner`: the prefix of every index box of the owner's locks. */
export const ownerIndexPrefix = (owner: string | Address): Uint8Array => concat(new Uint8Array([0x6f]), addressBytes(owner))
/** `"o" ‖ owner ‖ uint64(id)`. */
export const ownerIndexName = (owner: string | Address, id: bigint): Uint8Array => concat(ownerIndexPrefix(owner), encodeUint64(id))

/** `"f" ‖ uint64(id)`: a liquidity lock's fee box. */
export const feeBoxName = (id: bigint): Uint8Array => concat(new Uint8Array([0x66]), encodeUint64(id))

/** The DEX's box of pool (a, b) in fee tier `tier`, a < b: `"p" ‖ a ‖ b`, `‖ uint64(tier)` unless the 30 bps tier. */
export const dexPoolBoxName = (a: bigint, b: bigint, tier: bigint = LEGACY_POOL_TIER): Uint8Array =>
  concat(new Uint8Array([0x70]), encodeUint64(a), encodeUint64(b), tier === LEGACY_POOL_TIER ? new Uint8Array() : encodeUint64(tier))

/** A liquidity lock's fee box: the pool its LP units are of, its level ℓ·2^64 (entry, re-based by each claim), who collects and what was claimed. */
export interface LockFees {
  a: bigint
  b: bigint
  /** The pool's fee tier, bps. */
  tier: bigint
  /** ℓ·2^64 when the units entered (rounded up), or at the last claim (rounded down). */
  level: bigint
  /** Who receives the fees; undefined: the owner. */
  collector?: string
  /** LP units claimed so far. */
  claimed: bigint
}

const FEE_STATE = ABIType.from('(uint64,uint64,uint64,uint256,address,uint64)')

/** Decodes a fee box's value. */
export function decodeLockFees(value: Uint8Array): LockFees {
  const f = FEE_STATE.decode(value) as unknown[]
  const n = (i: number) => BigInt(f[i] as bigint)
  const collector = String(f[4])
  return { a: n(0), b: n(1), tier: n(2), level: n(3), collector: collector === ZERO ? undefined : collector, claimed: n(5) }
}

/** Who a liquidity lock's fees go to: its collector, else its owner. */
export const feeReceiver = (lock: Pick<Lock, 'owner'>, fees: Pick<LockFees, 'collector'>): string => fees.collector ?? lock.owner

/** The lock id at the end of an index box's name. */
export const idOfIndexName = (name: Uint8Array): bigint => new DataView(name.buffer, name.byteOffset + name.length - 8, 8).getBigUint64(0)

/** Decodes a lock box's value. */
export function decodeLock(id: bigint, value: Uint8Array): Lock {
  const f = LOCK_STATE.decode(value) as unknown[]
  const n = (i: number) => BigInt(f[i] as bigint)
  const addr = (i: number) => String(f[i])
  return {
    id,
    owner: addr(0),
    asset: n(1),
    amount: n(2),
    withdrawn: n(3),
    start: n(4),
    cliff: n(5),
    end: n(6),
    anchor: n(7),
    base: n(8),
    pendingOwner: addr(9) === ZERO ? undefined : addr(9),
    // the box's liquidity: 0 a plain token, 1 a DEX pool's LP token, 2 a stable pool's
    liquidity: n(10) !== 0n,
    stable: n(10) === 2n,
    creator: addr(11),
  }
}

/** A liquidity lock's pool: its assets (a < b), fee tier (bps) and app. */
export interface LockPool {
  a: bigint
  b: bigint
  /** 30 (the DEX's first tier) when omitted. */
  tier?: bigint
  /** A Grove stable pool (the Stable app's), not the DEX's. */
  stable?: boolean
}
