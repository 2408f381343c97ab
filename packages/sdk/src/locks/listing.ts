// Locks per asset and per owner without an indexer: algod's box listing by the index boxes' prefix
// (algod 4.x pagination mode), then each lock's box.
import type { Address, Algodv2 } from 'algosdk'
import { assetIndexPrefix, decodeLock, decodeLockFees, feeBoxName, idOfIndexName, LEGACY_POOL_TIER, lockBoxName, ownerIndexPrefix } from './boxes.ts'
import type { Lock, LockFees, LockPool } from './boxes.ts'
import { vestedAt } from './vesting.ts'

/** Names per page asked of algod (a page may hold fewer: algod also caps a page's bytes). */
const PAGE = 1000

/** Every box name of `appId` starting with `prefix`, following next-tokens, all pages pinned to the first page's round. */
export async function boxNamesByPrefix(algod: Algodv2, appId: bigint, prefix: Uint8Array): Promise<Uint8Array[]> {
  const names: Uint8Array[] = []
  let next: string | undefined
  let round: number | bigint | undefined
  for (;;) {
    let req = algod.getApplicationBoxes(appId).prefix(prefix).limit(PAGE)
    if (next) req = req.next(next)
    if (round !== undefined) req = req.round(round)
    const res = await req.do()
    names.push(...res.boxes.map((b) => b.name))
    round ??= res.round
    next = res.nextToken
    if (!next) return names
  }
}

/** The ids of the locks whose index boxes start with `prefix`, ascending. */
async function idsByPrefix(algod: Algodv2, lockAppId: bigint, prefix: Uint8Array): Promise<bigint[]> {
  return (await boxNamesByPrefix(algod, lockAppId, prefix)).map(idOfIndexName)
}

/** The lock with id `id`, undefined when there is none. */
export async function fetchLock(algod: Algodv2, lockAppId: bigint, id: bigint): Promise<Lock | undefined> {
  try {
    return decodeLock(id, (await algod.getApplicationBoxByName(lockAppId, lockBoxName(id)).do()).value)
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return undefined
    throw e
  }
}

/** A liquidity lock's fee box, undefined when there is none (not a liquidity lock, or closed). */
export async function fetchLockFees(algod: Algodv2, lockAppId: bigint, id: bigint): Promise<LockFees | undefined> {
  try {
    return decodeLockFees((await algod.getApplicationBoxByName(lockAppId, feeBoxName(id)).do()).value)
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return undefined
    throw e
  }
}

/**
 * The DEX pool whose LP token is `lp`, undefined when it is no Grove LP token: the DEX's pool boxes
 * (`"p" ‖ a ‖ b`, `‖ tier` past the 30 bps tier), each read for its lpAsset (PoolState bytes 16–24).
 */
export async function findLpPool(algod: Algodv2, dexAppId: bigint, lp: bigint): Promise<LockPool | undefined> {
  const names = (await boxNamesByPrefix(algod, dexAppId, new Uint8Array([0x70]))).filter((n) => n.length === 17 || n.length === 25)
  for (const name of names) {
    const { value } = await algod.getApplicationBoxByName(dexAppId, name).do()
    if (new DataView(value.buffer, value.byteOffset + 16, 8).getBigUint64(0) !== lp) continue
    const view = new DataView(name.buffer, name.byteOffset)
    return { a: view.getBigUint64(1), b: view.getBigUint64(9), tier: name.length === 25 ? view.getBigUint64(17) : LEGACY_POOL_TIER }
  }
  return undefined
}

async function fetchLocks(algod: Algodv2, lockAppId: bigint, ids: bigint[]): Promise<Lock[]> {
  const locks = await Promise.all(ids.map((id) => fetchLock(algod, lockAppId, id)))
  return locks.filter((l): l is Lock => l !== undefined)
}

/** Every lock of `asset` (0 for ALGO), by id. */
export async function listLocksByAsset(algod: Algodv2, lockAppId: bigint, asset: bigint): Promise<Lock[]> {
  return fetchLocks(algod, lockAppId, await idsByPrefix(algod, lockAppId, assetIndexPrefix(asset)))
}

/** Every lock `owner` holds, by id. */
export async function listLocksByOwner(algod: Algodv2, lockAppId: bigint, owner: string | Address): Promise<Lock[]> {
  return fetchLocks(algod, lockAppId, await idsByPrefix(algod, lockAppId, ownerIndexPrefix(owner)))
}

/** Across `locks` at time `t`: what has not vested yet (`locked`) and what the app still holds for them (`owed` = amount − withdrawn). */
export function lockedTotals(locks: Pick<Lock, 'amount' | 'withdrawn' | 'cliff' | 'end' | 'anchor' | 'base'>[], t: bigint): { locked: bigint; owed: bigint } {
  let locked = 0n
  let owed = 0n
  for (const l of locks) {
    locked += l.amount - vestedAt(l, t)
    owed += l.amount - l.withdrawn
  }
  return { locked, owed }
}
