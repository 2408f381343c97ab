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
import { latestTimestamp } from '../core/block-time.ts'
import { fetchStablePool, listStablePools, stableBoxName } from '../stable/boxes.ts'
import { stablePoolLevel } from './fees.ts'
import { assetIndexName, dexPoolBoxName, feeBoxName, LEGACY_POOL_TIER, LOCK_ASSET_MIN_BALANCE, LOCK_FEES_MIN_BALANCE, LOCK_MIN_BALANCE, lockBoxName, lockIdOf, MAX_LOCK_SECONDS, MILLISECONDS_FROM, newLockNonce, ownerIndexName } from './boxes.ts'
import type { Lock, LockFees, LockPool } from './boxes.ts'

export type { LockPool } from './boxes.ts'
import { locksCall } from './spec.ts'
import { findLpPool } from './listing.ts'
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

type BoxRef = Uint8Array | { appId: bigint; name: Uint8Array }

function call(b: Builder, typed: TypedCall, inners: number, refs: { boxes?: BoxRef[]; assets?: bigint[]; accounts?: string[]; apps?: bigint[] } = {}): void {
  b.group.addMethodCall({ appId: b.ctx.ids.lockAppId, ...typed, inners, boxes: refs.boxes, assets: refs.assets, accounts: refs.accounts, apps: refs.apps })
}


/**
 * What a level read of `pool` needs: the app and pool box (the DEX's getPool, or the Stable app's getLevel,
 * an inner call either way) and the inner transactions it makes: 1, plus a stable pool's op-ups, which
 * depend on its state now (stablePoolLevel), so a trade landing first may leave the fee short.
 */
async function levelRead(ctx: GroveContext, pool: LockPool): Promise<{ boxes: BoxRef[]; apps: bigint[]; inners: number }> {
  const tier = pool.tier ?? LEGACY_POOL_TIER
  if (!pool.stable) return { apps: [ctx.ids.dexAppId], boxes: [{ appId: ctx.ids.dexAppId, name: dexPoolBoxName(pool.a, pool.b, tier) }], inners: 1 }
  const appId = ctx.ids.stablePoolsAppId
  const state = await fetchStablePool(ctx.algod, appId, pool.a, pool.b, tier)
  const opUps = state ? stablePoolLevel(state, 'entry', ctx.now ?? (await latestTimestamp(ctx.algod))).opUps : 0
  return { apps: [appId], boxes: [{ appId, name: stableBoxName(pool.a, pool.b, tier) }], inners: 1 + opUps }
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
  /** For a Grove LP token: its pool (the lock goes through `lockLiquidity`, which records the pool's level). */
  pool?: LockPool
}

/**
 * Locks `amount` of `asset`: [opt-in payment, optInAsset call] when the app does not hold the asset
 * yet, then the boxes' minimum-balance payment, the deposit and the lock call; a Grove LP token's lock
 * is `lockLiquidity` with its pool (found from the DEX's boxes unless given) and its fee box.
 */
export async function buildLock(ctx: GroveContext, params: LockParams): Promise<LocksGroup> {
  const p = { ...params, pool: params.pool ?? (await lpPoolOf(ctx, params.asset)) }
  const b = await start(ctx)
  const holds = await appHolds(ctx.algod, b.appAddress, p.asset)
  const nonce = p.nonce ?? newLockNonce()
  const id = lockIdOf(ctx.sender, nonce)
  if (!holds) call(b, locksCall('optInAsset', [transfer(b, 0n, LOCK_ASSET_MIN_BALANCE), p.asset]), 1, { assets: [p.asset] })
  const boxes = [lockBoxName(id), assetIndexName(p.asset, id), ownerIndexName(ctx.sender, id)]
  if (p.pool) {
    const refs = await levelRead(ctx, p.pool)
    const args = [transfer(b, 0n, LOCK_MIN_BALANCE + LOCK_FEES_MIN_BALANCE), transfer(b, p.asset, p.amount), p.cliff, p.end, nonce, p.pool.a, p.pool.b, p.pool.tier ?? LEGACY_POOL_TIER] as const
    call(b, locksCall('lockLiquidity', [...args]), refs.inners, { boxes: [...boxes, feeBoxName(id), ...refs.boxes], assets: [p.asset], apps: refs.apps })
  } else {
    call(b, locksCall('lock', [transfer(b, 0n, LOCK_MIN_BALANCE), transfer(b, p.asset, p.amount), p.cliff, p.end, nonce]), 0, { boxes, assets: [p.asset] })
  }
  return done(b, id)
}

/** The pool whose LP token `asset` is (its creator, the DEX's or the Stable app's address, says which app), undefined for any other asset. */
async function lpPoolOf(ctx: GroveContext, asset: bigint): Promise<LockPool | undefined> {
  if (asset === 0n) return undefined
  const { params } = await ctx.algod.getAssetByID(asset).do()
  const creator = params?.creator.toString()
  if (ctx.ids.stablePoolsAppId && creator === getApplicationAddress(ctx.ids.stablePoolsAppId).toString()) {
    const pool = (await listStablePools(ctx.algod, ctx.ids.stablePoolsAppId)).find((p) => p.lpAsset === asset)
    if (!pool) throw new Error(`asset ${asset} was made by the Stable app but is no pool's LP token`)
    return { a: pool.a, b: pool.b, tier: pool.feeBps, stable: true }
  }
  if (creator !== getApplicationAddress(ctx.ids.dexAppId).toString()) return undefined
  const pool = await findLpPool(ctx.algod, ctx.ids.dexAppId, asset)
  if (!pool) throw new Error(`asset ${asset} was made by the DEX but is no pool's LP token`)
  return pool
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
export async function buildClose(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset' | 'owner' | 'creator' | 'liquidity'>): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('close', [lock.id]), 1, { boxes: [...lockBoxes(lock), ...(lock.liquidity ? [feeBoxName(lock.id)] : [])], accounts: [lock.creator] })
  return done(b)
}

/** Moves the lock's end later (a time lock's cliff moves with it). */
export async function buildExtend(ctx: GroveContext, id: bigint, end: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('extend', [id, end]), 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** Adds `amount` of the lock's asset: the deposit and the call (a liquidity lock's also reads its pool's level: one inner call and a stable pool's op-ups, `fees` its fee box's pool). */
export async function buildTopUp(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset'>, amount: bigint, fees?: LockPool): Promise<LocksGroup> {
  const b = await start(ctx)
  const refs = fees ? await levelRead(ctx, fees) : { boxes: [], apps: [], inners: 0 }
  call(b, locksCall('topUp', [transfer(b, lock.asset, amount), lock.id]), refs.inners, { boxes: [lockBoxName(lock.id), ...(fees ? [feeBoxName(lock.id)] : []), ...refs.boxes], apps: refs.apps })
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

/** The proposed owner (the context's sender) accepts; the old owner's index box moves to them (a liquidity lock's collector is reset: its fee box is named). */
export async function buildAcceptOwner(ctx: GroveContext, lock: Pick<Lock, 'id' | 'owner'> & { liquidity?: boolean }): Promise<LocksGroup> {
  const b = await start(ctx)
  const boxes = [lockBoxName(lock.id), ownerIndexName(lock.owner, lock.id), ownerIndexName(ctx.sender, lock.id), ...(lock.liquidity ? [feeBoxName(lock.id)] : [])]
  call(b, locksCall('acceptOwner', [lock.id]), 0, { boxes })
  return done(b)
}

/** A lock's three boxes. */
const lockBoxes = (lock: Pick<Lock, 'id' | 'asset' | 'owner'>): Uint8Array[] => [lockBoxName(lock.id), assetIndexName(lock.asset, lock.id), ownerIndexName(lock.owner, lock.id)]

/**
 * Claims a liquidity lock's fees (the sender: its owner or collector): the call reads the pool's level
 * through the DEX (one inner call) and sends the LP units to the collector (one inner transfer): 3,000 µALGO;
 * a stable pool's lock reads it through the Stable app, whose op-ups the fee pays too (4,000 after swaps).
 */
export async function buildClaimFees(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset' | 'owner' | 'stable'>, fees: LockFees): Promise<LocksGroup> {
  const b = await start(ctx)
  const refs = await levelRead(ctx, { ...fees, stable: lock.stable })
  call(b, locksCall('claimFees', [lock.id]), 1 + refs.inners, { boxes: [lockBoxName(lock.id), feeBoxName(lock.id), ...refs.boxes], apps: refs.apps, assets: [lock.asset], accounts: [fees.collector ?? lock.owner] })
  return done(b)
}

/** The owner names who collects a liquidity lock's fees (their own address: the owner again). */
export async function buildSetCollector(ctx: GroveContext, id: bigint, collector: string | Address): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, locksCall('setCollector', [id, collector.toString()]), 0, { boxes: [lockBoxName(id), feeBoxName(id)] })
  return done(b)
}

/**
 * Splits `amount` still-locked units of the lock into a new lock of the sender's (its id in `lockId`):
 * the new boxes' minimum balance (with the fee box for a liquidity lock) and the call, 2,000 µALGO.
 */
export async function buildSplit(ctx: GroveContext, lock: Pick<Lock, 'id' | 'asset' | 'owner' | 'liquidity'>, amount: bigint, nonce: bigint = newLockNonce()): Promise<LocksGroup> {
  const b = await start(ctx)
  const id = lockIdOf(ctx.sender, nonce)
  const deposit = LOCK_MIN_BALANCE + (lock.liquidity ? LOCK_FEES_MIN_BALANCE : 0n)
  const boxes = [lockBoxName(lock.id), ...lockBoxes({ id, asset: lock.asset, owner: lock.owner }), ...(lock.liquidity ? [feeBoxName(lock.id), feeBoxName(id)] : [])]
  call(b, locksCall('split', [transfer(b, 0n, deposit), lock.id, amount, nonce]), 0, { boxes })
  return done(b, id)
}

/** Joins lock `from` into lock `into` (both the sender's, one asset): `from`'s boxes go and their deposit returns to its creator, 2,000 µALGO. */
export async function buildMerge(ctx: GroveContext, into: Pick<Lock, 'id' | 'liquidity'>, from: Pick<Lock, 'id' | 'asset' | 'owner' | 'creator' | 'liquidity'>): Promise<LocksGroup> {
  const b = await start(ctx)
  const boxes = [lockBoxName(into.id), ...lockBoxes(from), ...(from.liquidity ? [feeBoxName(into.id), feeBoxName(from.id)] : [])]
  call(b, locksCall('merge', [into.id, from.id]), 1, { boxes, accounts: [from.creator] })
  return done(b)
}
