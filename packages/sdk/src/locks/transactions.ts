// Builders of each lock action's group. Signer-agnostic, every resource named (boxes, assets), fees
// exact: 1,000 per transaction plus 1,000 per inner transaction on the app call. A withdrawal is one
// app call with one inner transfer: 2,000 µALGO.
import { AtomicTransactionComposer, getApplicationAddress, makeAssetTransferTxnWithSuggestedParamsFromObject, makePaymentTxnWithSuggestedParamsFromObject } from 'algosdk'
import type { Address, Algodv2, SuggestedParams, Transaction, TransactionSigner } from 'algosdk'
import { assetIndexName, LOCK_ASSET_MIN_BALANCE, LOCK_MIN_BALANCE, lockBoxName, MAX_LOCK_SECONDS, MILLISECONDS_FROM, ownerIndexName } from './boxes.ts'
import type { Lock } from './boxes.ts'
import { locksMethod } from './contract.ts'

/** Who acts on which Locks app, and how to sign. */
export interface LocksContext {
  algod: Algodv2
  lockAppId: bigint
  sender: string | Address
  signer: TransactionSigner
  /** Reused when given (one fetch per group otherwise). */
  suggestedParams?: SuggestedParams
}

/** A built group and the µALGO of fees the sender pays for it. */
export interface LocksGroup {
  composer: AtomicTransactionComposer
  fee: bigint
  /** The new lock's id (lock only): the app's next id when built; a lock made meanwhile by someone else makes the group fail, build it again. */
  lockId?: bigint
}

const FEE = 1000n

/** The contract's error code a lock's terms would fail with at time `now`, or undefined when they are fine. */
export function checkLockTerms(cliff: bigint, end: bigint, now: bigint): string | undefined {
  if (end >= MILLISECONDS_FROM) return 'ERR:MILLISECONDS'
  if (end <= now) return 'ERR:END_PASSED'
  if (end > now + MAX_LOCK_SECONDS) return 'ERR:TOO_LONG'
  if (cliff < now) return 'ERR:CLIFF_PASSED'
  if (cliff > end) return 'ERR:CLIFF_AFTER_END'
  return undefined
}

/** The id the app gives its next lock (its `nextId` global). */
export async function nextLockId(algod: Algodv2, lockAppId: bigint): Promise<bigint> {
  const app = await algod.getApplicationByID(lockAppId).do()
  const entry = app.params?.globalState?.find((kv) => new TextDecoder().decode(kv.key) === 'nextId')
  return entry ? BigInt(entry.value.uint) : 1n
}

async function appHolds(algod: Algodv2, address: Address, asset: bigint): Promise<boolean> {
  if (asset === 0n) return true
  return algod
    .accountAssetInformation(address, asset)
    .do()
    .then(
      () => true,
      (e: { status?: number; response?: { status?: number } }) => {
        if ((e.status ?? e.response?.status) === 404) return false
        throw e
      },
    )
}

interface Builder {
  ctx: LocksContext
  params: SuggestedParams
  appAddress: Address
  atc: AtomicTransactionComposer
  fee: bigint
}

async function start(ctx: LocksContext): Promise<Builder> {
  const params = ctx.suggestedParams ?? (await ctx.algod.getTransactionParams().do())
  return { ctx, params, appAddress: getApplicationAddress(ctx.lockAppId), atc: new AtomicTransactionComposer(), fee: 0n }
}

function flat(b: Builder, inners: number): SuggestedParams {
  const fee = FEE * BigInt(1 + inners)
  b.fee += fee
  return { ...b.params, flatFee: true, fee }
}

/** A transfer of `amount` of `asset` (0 = ALGO) from the sender to the app. */
function transfer(b: Builder, asset: bigint, amount: bigint): { txn: Transaction; signer: TransactionSigner } {
  const suggestedParams = flat(b, 0)
  const { sender } = b.ctx
  const txn =
    asset === 0n
      ? makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver: b.appAddress, amount, suggestedParams })
      : makeAssetTransferTxnWithSuggestedParamsFromObject({ sender, receiver: b.appAddress, assetIndex: asset, amount, suggestedParams })
  return { txn, signer: b.ctx.signer }
}

function call(b: Builder, method: string, args: unknown[], inners: number, refs: { boxes?: Uint8Array[]; assets?: bigint[] } = {}): void {
  b.atc.addMethodCall({
    appID: b.ctx.lockAppId,
    method: locksMethod(method),
    methodArgs: args as never,
    sender: b.ctx.sender,
    signer: b.ctx.signer,
    suggestedParams: flat(b, inners),
    boxes: (refs.boxes ?? []).map((name) => ({ appIndex: 0, name })),
    appForeignAssets: (refs.assets ?? []).filter((a) => a !== 0n),
  })
}

const done = (b: Builder, lockId?: bigint): LocksGroup => ({ composer: b.atc, fee: b.fee, lockId })

/** What `lock` needs. */
export interface LockParams {
  /** 0 for ALGO. */
  asset: bigint
  amount: bigint
  /** Vesting starts here; equal to `end` for a time lock. */
  cliff: bigint
  end: bigint
}

/**
 * Locks `amount` of `asset`: [opt-in payment, optInAsset call] when the app does not hold the asset
 * yet, then the boxes' minimum-balance payment, the deposit and the lock call.
 */
export async function buildLock(ctx: LocksContext, p: LockParams): Promise<LocksGroup> {
  const b = await start(ctx)
  const [id, holds] = await Promise.all([nextLockId(ctx.algod, ctx.lockAppId), appHolds(ctx.algod, b.appAddress, p.asset)])
  if (!holds) call(b, 'optInAsset', [transfer(b, 0n, LOCK_ASSET_MIN_BALANCE), p.asset], 1, { assets: [p.asset] })
  call(b, 'lock', [transfer(b, 0n, LOCK_MIN_BALANCE), transfer(b, p.asset, p.amount), p.cliff, p.end], 0, {
    boxes: [lockBoxName(id), assetIndexName(p.asset, id), ownerIndexName(ctx.sender, id)],
    assets: [p.asset],
  })
  return done(b, id)
}

/** Withdraws everything vested: one app call and its inner transfer, 2,000 µALGO. */
export async function buildWithdraw(ctx: LocksContext, lock: Pick<Lock, 'id' | 'asset'>): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, 'withdraw', [lock.id], 1, { boxes: [lockBoxName(lock.id)], assets: [lock.asset] })
  return done(b)
}

/** Moves the lock's end later (a time lock's cliff moves with it). */
export async function buildExtend(ctx: LocksContext, id: bigint, end: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, 'extend', [id, end], 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** Adds `amount` of the lock's asset: the deposit and the call. */
export async function buildTopUp(ctx: LocksContext, lock: Pick<Lock, 'id' | 'asset'>, amount: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, 'topUp', [transfer(b, lock.asset, amount), lock.id], 0, { boxes: [lockBoxName(lock.id)] })
  return done(b)
}

/** The owner proposes `newOwner`. */
export async function buildProposeOwner(ctx: LocksContext, id: bigint, newOwner: string | Address): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, 'proposeOwner', [id, newOwner.toString()], 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** The owner withdraws the proposal. */
export async function buildCancelOwner(ctx: LocksContext, id: bigint): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, 'cancelOwner', [id], 0, { boxes: [lockBoxName(id)] })
  return done(b)
}

/** The proposed owner (the context's sender) accepts; the old owner's index box moves to them. */
export async function buildAcceptOwner(ctx: LocksContext, lock: Pick<Lock, 'id' | 'owner'>): Promise<LocksGroup> {
  const b = await start(ctx)
  call(b, 'acceptOwner', [lock.id], 0, { boxes: [lockBoxName(lock.id), ownerIndexName(lock.owner, lock.id), ownerIndexName(ctx.sender, lock.id)] })
  return done(b)
}
