// Builders of each lock action's group, on the one group builder (core/group.ts): signer-agnostic,
// every resource named (boxes, assets), fees exact: the minimum per transaction plus one per inner
// transaction on the app call. A withdrawal is one app call with one inner transfer: 2,000 µALGO, and
// so is closing a fully withdrawn lock (its inner transfer is the refund of the boxes' deposit).
// No action needs more than its app call's opcode budget, so none is simulated for padding.
import { getApplicationAddress } from 'algosdk'
import type { Address, Algodv2 } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup, TxnArg } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { missingOptIns } from '../core/references.ts'
import { assetIndexName, LOCK_ASSET_MIN_BALANCE, LOCK_MIN_BALANCE, lockBoxName, lockIdOf, MAX_LOCK_SECONDS, MILLISECONDS_FROM, newLockNonce, ownerIndexName } from './boxes.ts'
import type { Lock } from './boxes.ts'
import { locksCall } from './spec.ts'
import type { TypedCall } from '../core/arc56.ts'

/** A built group and the µALGO of fees the sender pays for it. */
export interface LocksGroup extends ComposedGroup {
  /** The new lock's id (lock only), derived from the sender and the lock's nonce: nothing another account does changes it. */
  lockId?: bigint
}


/** The contract's error code a lock's terms would fail with at time `now`, or undefined when they are fine. */
export function checkLockTerms(cliff: bigint, end: bigint, now: bigint): string | undefined {
  if (end >= MILLISECONDS_FROM) return 'ERR:MILLISECONDS'
  if (end <= now) return 'ERR:END_PASSED'
  if (end > now + MAX_LOCK_SECONDS) return 'ERR:TOO_LONG'
  if (cliff < now) return 'ERR:CLIFF_PASSED'
  if (cliff > end) return 'ERR:CLIFF_AFTER_END'
  return undefined
}

/** Whether the app holds `asset` already (ALGO always). */
const appHolds = async (algod: Algodv2, address: Address, asset: bigint): Promise<boolean> => (await missingOptIns(algod, address, [asset])).length === 0

interface Builder {
  ctx: GroveContext
  group: GroupBuilder
  appAddress: Address
}

async function start(ctx: GroveContext): Promise<Builder> {
  return { ctx, group: await GroupBuilder.create(ctx), appAddress: getApplicationAddress(ctx.ids.lockAppId) }
}

/** A transfer of `amount` of `asset` (0 = ALGO) from the sender to the app. */
const transfer = (b: Builder, asset: bigint, amount: bigint): TxnArg => b.group.deposit(b.appAddress, asset, amount)

function call(b: Builder, typed: TypedCall, inners: number, refs: { boxes?: Uint8Array[]; assets?: bigint[]; accounts?: string[] } = {}): void {
  b.group.addMethodCall({ appId: b.ctx.ids.lockAppId, ...typed, inners, boxes: refs.boxes, assets: refs.assets, accounts: refs.accounts })
}

async function done(b: Builder, lockId?: bigint): Promise<LocksGroup> {
  const { composer, fee } = await b.group.build()
  return { composer, fee, lockId }
}

/** What `lock` needs. */
export interface LockParams {
  /** 0 for ALGO. */
  asset: bigint
  amount: bigint
  /** Vesting starts here; equal to `end` for a time lock. */
  cliff: bigint
  end: bigint
  /** The sender's nonce that names the lock (`lockIdOf`); a fresh random one when omitted. */
  nonce?: bigint
}

/**
 * Locks `amount` of `asset`: [opt-in payment, optInAsset call] when the app does not hold the asset
 * yet, then the boxes' minimum-balance payment, the deposit and the lock call.
 */
export async function buildLock(ctx: GroveContext, p: LockParams): Promise<LocksGroup> {
  const b = await start(ctx)
  const holds = await appHolds(ctx.algod, b.appAddress, p.asset)
  const nonce = p.nonce ?? newLockNonce()
  const id = lockIdOf(ctx.sender, nonce)
  if (!holds) call(b, locksCall('optInAsset', [transfer(b, 0n, LOCK_ASSET_MIN_BALANCE), p.asset]), 1, { assets: [p.asset] })
  call(b, locksCall('lock', [transfer(b, 0n, LOCK_MIN_BALANCE), transfer(b, p.asset, p.amount), p.cliff, p.end, nonce]), 0, {
    boxes: [lockBoxName(id), assetIndexName(p.asset, id), ownerIndexName(ctx.sender, id)],
    assets: [p.asset],
  })
  return done(b, id)
}

/** Withdraws everything vested: one app call and its inner transfer, 2,000 µALGO. */
export async function buildWithdraw(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset'>): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('withdraw', [lock.id]), 1, { boxes: [lockBoxName(lock.id)], assets: [lock.asset] })
  return done(b)
}

/** Whether a lock can be closed: everything deposited has been withdrawn (the owner or its creator closes it). */
export const isFullyWithdrawn = (lock: Pick<Lock, 'amount' | 'withdrawn'>): boolean => lock.withdrawn === lock.amount

/**
 * Closes a fully withdrawn lock (the sender: its owner or creator): its three boxes are deleted and
 * their LOCK_MIN_BALANCE goes back to the creator, who paid it. One app call and the refund, 2,000 µALGO.
 */
export async function buildClose(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset' | 'owner' | 'creator'>): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('close', [lock.id]), 1, { boxes: [lockBoxName(lock.id), assetIndexName(lock.asset, lock.id), ownerIndexName(lock.owner, lock.id)], accounts: [lock.creator] })
  return done(b)
}

/** Moves the lock's end later (a time lock's cliff moves with it). */
export async function buildExtend(ctx: GroveContext, id: bigint, end: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('extend', [id, end]), 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** Adds `amount` of the lock's asset: the deposit and the call. */
export async function buildTopUp(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset'>, amount: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('topUp', [transfer(b, lock.asset, amount), lock.id]), 0, { boxes: [lockBoxName(lock.id)] })
  return done(b)
}

/** The owner proposes `newOwner`. */
export async function buildProposeOwner(ctx: GroveContext, id: bigint, newOwner: string | Address): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('proposeOwner', [id, newOwner.toString()]), 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** The owner withdraws the proposal. */
export async function buildCancelOwner(ctx: GroveContext, id: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('cancelOwner', [id]), 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** The proposed owner (the context's sender) accepts; the old owner's index box moves to them. */
export async function buildAcceptOwner(ctx: GroveContext, lock: Pick<Lock, 'id' | 'owner'>): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('acceptOwner', [lock.id]), 0, { boxes: [lockBoxName(lock.id), ownerIndexName(lock.owner, lock.id), ownerIndexName(ctx.sender, lock.id)] })
  return done(b)
}
