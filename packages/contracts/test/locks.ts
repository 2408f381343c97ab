// Locks on a Grove (grove.ts): box names, the reference vesting function, and each action's group
// with the README's fees, built through the typed client. Shared by the locks tests and the bench,
// so it imports nothing from vitest.
import { createHash } from 'node:crypto'
import algosdk, { type Address, type Transaction } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { LocksClient, type LocksComposer } from '../clients/LocksClient.ts'
import type { Grove, InputOverrides, Sent, User } from './grove.ts'
import { LEGACY_TIER, poolBoxName, TXN_FEE } from './grove.ts'
import { decodeStablePool, stableBoxName, type StablePool } from './stable.ts'

/** A lock as its box holds it. */
export interface Lock {
  owner: string
  asset: bigint
  amount: bigint
  withdrawn: bigint
  start: bigint
  cliff: bigint
  end: bigint
  anchor: bigint
  base: bigint
  pendingOwner: string
  liquidity: bigint
  /** Who made the lock and paid its boxes; close refunds them. */
  creator: string
}

const LOCK_STATE = algosdk.ABIType.from('(address,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,address,uint64,address)')
/** Bytes of a lock box's value. */
export const LOCK_SIZE = 168n

/** A liquidity lock's fee box: its pool, level ℓ·2^64 at entry (re-based by claims), collector (zero: the owner) and fees claimed. */
export interface LockFees {
  a: bigint
  b: bigint
  tier: bigint
  level: bigint
  collector: string
  claimed: bigint
}

const FEE_STATE = algosdk.ABIType.from('(uint64,uint64,uint64,uint256,address,uint64)')
/** Minimum balance of a liquidity lock's fee box: 2,500 + 400 × (9 + 96). */
export const FEE_BOX_MBR = 2500n + 400n * (9n + 96n)
/** `"f" ‖ uint64(id)`. */
export const feeBoxName = (id: bigint): Uint8Array => cat(new Uint8Array([0x66]), u64(id))

/** Decodes a fee box. */
export function decodeFees(raw: Uint8Array): LockFees {
  const [a, b, tier, level, collector, claimed] = FEE_STATE.decode(raw) as unknown[]
  const n = (x: unknown) => BigInt(x as bigint)
  return { a: n(a), b: n(b), tier: n(tier), level: n(level), collector: String(collector), claimed: n(claimed) }
}

/** The pool figures the level reads. */
export type LevelPool = { reserveA: bigint; reserveB: bigint; lpIssued: bigint }

/** ⌊√n⌋ by Newton's steps from above (a float's estimate is far off at ℓ's 2^190 widths). */
const isqrt = (n: bigint): bigint => {
  if (n < 2n) return n
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1)
  for (let y = (x + n / x) >> 1n; y < x; y = (x + n / x) >> 1n) x = y
  return x
}

/** The reference level ℓ·2^64 = √(x·y·2^128)/(lpIssued + 1,000): up for an entry, down for a claim. */
export function levelOf(pool: LevelPool, up: boolean): bigint {
  const product = (pool.reserveA * pool.reserveB) << 128n
  const supply = pool.lpIssued + 1000n
  const root = isqrt(product)
  if (!up) return root / supply
  const r = root * root === product ? root : root + 1n
  return (r + supply - 1n) / supply
}

/** A lock's `liquidity`: 1 for a DEX pool's LP token, 2 for a stable pool's. */
export const DEX_LP = 1n
export const STABLE_LP = 2n

/** The reference A (times 100) at time t: the ramp's line, rounded down. */
function ampAt(pool: StablePool, t: bigint): bigint {
  if (t >= pool.futureTime) return pool.futureA
  const moved = ((pool.futureA > pool.initialA ? pool.futureA - pool.initialA : pool.initialA - pool.futureA) * (t - pool.initialTime)) / (pool.futureTime - pool.initialTime)
  return pool.futureA > pool.initialA ? pool.initialA + moved : pool.initialA - moved
}

/**
 * The reference of the Stable app's getLevel and the lock's level from it: D of the reserves and the LP fees
 * held, at A at time t, by Newton's iteration from the stored D plus the fees (the count starts at 1, an op-up
 * before iterations 2, 4, …); ℓ·2^64 = ⌈(D + 1)·2^64/S⌉ for an entry, ⌊(D − 1)·2^64/S⌋ for a claim.
 */
export function stableLevelOf(pool: StablePool, t: bigint, up: boolean): { level: bigint; d: bigint; opUps: number } {
  const x = (pool.reserveA + pool.feesA) * pool.multiplierA
  const y = (pool.reserveB + pool.feesB) * pool.multiplierB
  const alpha = ampAt(pool, t) * 4n
  const p = x * y * 4n
  const k1 = ((x + y) * p * alpha) / 100n
  const k2 = (p * (alpha - 100n)) / 100n
  let d = pool.d + pool.feesA * pool.multiplierA + pool.feesB * pool.multiplierB
  let n = 1
  let opUps = 0
  for (;;) {
    if (n % 2 === 0) opUps++
    n++
    const next = (2n * d ** 3n + k1) / (3n * d ** 2n + k2)
    const close = next > d ? next <= d + 1n : d <= next + 1n
    d = next
    if (close) break
  }
  const supply = pool.lpIssued + 1000n
  const level = up ? ((d + 1n) * (1n << 64n) + supply - 1n) / supply : ((d - 1n) * (1n << 64n)) / supply
  return { level, d, opUps }
}

/** The reference claim: each part (vested and unwithdrawn, still locked) keeps ⌈units·entry/now⌉; the rest are fees. */
export function claimOf(lock: Lock, entry: bigint, now: bigint, t: bigint): { units: bigint; after: Lock } {
  const kept = (u: bigint) => (u === 0n ? 0n : (u * entry + now - 1n) / now)
  const vested = vestedAt(lock, t)
  const free = vested - lock.withdrawn
  const locked = lock.amount - vested
  const units = free - kept(free) + locked - kept(locked)
  const anchor = t > lock.anchor && t < lock.end ? t : lock.anchor
  const base = lock.withdrawn + kept(free)
  return { units, after: { ...lock, anchor, base, amount: base + kept(locked) } }
}

/** A copy of an unsigned transaction without a group id. */
const clone = (t: Transaction): Transaction => algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(t))
const u64 = (v: bigint): Uint8Array => algosdk.encodeUint64(v)
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]))

/** `"l" ‖ uint64(id)`. */
export const lockBoxName = (id: bigint): Uint8Array => cat(new Uint8Array([0x6c]), u64(id))
/** `"a" ‖ uint64(asset) ‖ uint64(id)`. */
export const assetIndexName = (asset: bigint, id: bigint): Uint8Array => cat(new Uint8Array([0x61]), u64(asset), u64(id))
/** `"o" ‖ owner ‖ uint64(id)`. */
export const ownerIndexName = (owner: Address | string, id: bigint): Uint8Array => cat(new Uint8Array([0x6f]), algosdk.decodeAddress(owner.toString()).publicKey, u64(id))

/** A lock's id (Locks.lockId): the top 53 bits of sha512_256(creator ‖ uint64(nonce)). */
export function lockIdOf(creator: Address | string, nonce: bigint): bigint {
  const digest = createHash('sha512-256').update(cat(algosdk.decodeAddress(creator.toString()).publicKey, u64(nonce))).digest()
  return digest.readBigUInt64BE(0) >> 11n
}

/** Minimum balance of holding an asset. */
export const ASSET_MBR = 100_000n
/** Minimum balance of a lock's three boxes: 3 × 2,500 + 400 × (9 + 168 + 17 + 41); close refunds it to the creator. */
export const LOCK_BOXES_MBR = 3n * 2500n + 400n * (9n + LOCK_SIZE + 17n + 41n)

/** The reference vesting function (README "Locks"): what may have left the app by time t. */
export function vestedAt(lock: Pick<Lock, 'amount' | 'cliff' | 'end' | 'anchor' | 'base'>, t: bigint): bigint {
  if (t >= lock.end) return lock.amount
  if (t < lock.cliff) return 0n
  if (t <= lock.anchor) return lock.base
  return lock.base + ((lock.amount - lock.base) * (t - lock.anchor)) / (lock.end - lock.anchor)
}

/** Decodes a lock box. */
export function decodeLock(raw: Uint8Array): Lock {
  const [owner, asset, amount, withdrawn, start, cliff, end, anchor, base, pendingOwner, liquidity, creator] = LOCK_STATE.decode(raw) as [string, ...unknown[]]
  const n = (x: unknown) => BigInt(x as bigint)
  return {
    owner,
    asset: n(asset),
    amount: n(amount),
    withdrawn: n(withdrawn),
    start: n(start),
    cliff: n(cliff),
    end: n(end),
    anchor: n(anchor),
    base: n(base),
    pendingOwner: pendingOwner as string,
    liquidity: n(liquidity),
    creator: creator as string,
  }
}

/** Lock actions on a Grove: its Locks app, time travel and the groups each action sends. */
export class Locks {
  readonly client: LocksClient
  readonly address: Address
  /** Seconds added to block timestamps so far (the localnet never goes back). */
  private offset = 0n

  constructor(readonly g: Grove) {
    this.client = new LocksClient({ algorand: g.algorand, appId: g.ids.lockAppId, defaultSender: g.admin.addr })
    this.address = algosdk.getApplicationAddress(g.ids.lockAppId)
  }

  /** `global LatestTimestamp` for the next call: the timestamp of the last block. */
  async now(): Promise<bigint> {
    const algod = this.g.algorand.client.algod
    const { lastRound } = await algod.status().do()
    return BigInt((await algod.block(lastRound).do()).block.header.timestamp)
  }

  /** Moves block time `seconds` later and makes a block, so the next call sees the new time. */
  async travel(seconds: bigint): Promise<bigint> {
    this.offset += seconds
    await this.g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${Number(this.offset)}`, data: null })
    await this.g.transfer(this.g.admin, this.g.admin, 0n, 0n)
    return this.now()
  }

  /** The lock's decoded box, or undefined. */
  async lock(id: bigint): Promise<Lock | undefined> {
    try {
      return decodeLock(await this.g.algorand.app.getBoxValue(this.g.ids.lockAppId, lockBoxName(id)))
    } catch {
      return undefined
    }
  }

  /** A liquidity lock's decoded fee box, or undefined. */
  async fees(id: bigint): Promise<LockFees | undefined> {
    try {
      return decodeFees(await this.g.algorand.app.getBoxValue(this.g.ids.lockAppId, feeBoxName(id)))
    } catch {
      return undefined
    }
  }

  /** The app and pool box a level read needs (the DEX's getPool, or the Stable app's getLevel for a stable pool). */
  private poolRefs(a: bigint, b: bigint, tier = LEGACY_TIER, stable = false): { appReferences: bigint[]; boxReferences: { appId: bigint; name: Uint8Array }[] } {
    if (stable) return { appReferences: [this.g.ids.stablePoolsAppId], boxReferences: [{ appId: this.g.ids.stablePoolsAppId, name: stableBoxName(a, b, tier) }] }
    return { appReferences: [this.g.ids.dexAppId], boxReferences: [{ appId: this.g.ids.dexAppId, name: poolBoxName(a, b, tier) }] }
  }

  /** The stable pool's decoded box, or undefined. */
  async stablePool(a: bigint, b: bigint, tier: bigint): Promise<StablePool | undefined> {
    try {
      return decodeStablePool(await this.g.algorand.app.getBoxValue(this.g.ids.stablePoolsAppId, stableBoxName(a, b, tier)))
    } catch {
      return undefined
    }
  }

  /** The Stable app's op-ups a level read of (a, b, tier) makes now (0 for a DEX pool or a stable pool that does not exist). */
  private async opUps(a: bigint, b: bigint, tier: bigint, stable: boolean): Promise<number> {
    const pool = stable ? await this.stablePool(a, b, tier) : undefined
    return pool ? stableLevelOf(pool, await this.now(), true).opUps : 0
  }

  /** Nonces this kit has handed out (deterministic: the same test makes the same ids). */
  private nonces = 0n

  /** A nonce `owner` has not used through this kit, and the id it gives. */
  nextLock(owner: User): { nonce: bigint; id: bigint } {
    this.nonces += 1n
    return { nonce: this.nonces, id: lockIdOf(owner.addr, this.nonces) }
  }

  /** Every box name of the app, hex, sorted. */
  async boxNames(): Promise<string[]> {
    const { boxes } = await this.g.algorand.client.algod.getApplicationBoxes(this.g.ids.lockAppId).do()
    return boxes.map((b) => Buffer.from(b.name).toString('hex')).sort()
  }

  /** An incoming transfer to the Locks app (or wherever `o` says), with the clawback target `assetSender` for attacks. */
  input(from: User, asset: bigint, amount: bigint, o: InputOverrides & { assetSender?: Address } = {}): Promise<Transaction> {
    const common = { sender: (o.sender ?? from).addr, rekeyTo: o.rekeyTo, note: this.g.note() }
    if (asset === 0n) {
      return this.g.algorand.createTransaction.payment({ ...common, receiver: o.receiver ?? this.address, amount: AlgoAmount.MicroAlgo(amount), closeRemainderTo: o.closeTo })
    }
    return this.g.algorand.createTransaction.assetTransfer({ ...common, receiver: o.receiver ?? this.address, assetId: asset, amount, closeAssetTo: o.closeTo, clawbackTarget: o.assetSender })
  }

  /** Fee (and a unique note) for an app call with `inner` inner transactions. */
  private fee(inner: number): { staticFee: AlgoAmount; note: Uint8Array } {
    return { staticFee: AlgoAmount.MicroAlgo(TXN_FEE * BigInt(1 + inner)), note: this.g.note() }
  }

  /** Sends one Locks call; fees are the whole group's, opcodes simulate's when the Grove measures. */
  async run<T>(build: (group: LocksComposer) => unknown): Promise<Sent<T>> {
    const group = () => build(this.client.newGroup()) as LocksComposer<unknown[]>
    const opcodes = this.g.measure ? (await group().simulate({ skipSignatures: true })).simulateResponse.txnGroups[0].appBudgetConsumed : undefined
    const result = await group().send()
    const call = result.transactions.findLastIndex((t) => t.type === algosdk.TransactionType.appl)
    return {
      // the last call is the action (an asset opt-in may come first)
      value: result.returns[result.returns.length - 1] as T,
      logs: result.confirmations[call]?.logs ?? [],
      fees: result.transactions.reduce((n, t) => n + t.fee, 0n),
      budgetCalls: 0,
      opcodes,
    }
  }

  /** Whether the Locks app has yet to opt into `asset`. */
  async needsOptIn(asset: bigint): Promise<boolean> {
    if (asset === 0n) return false
    try {
      await this.g.algorand.client.algod.accountAssetInformation(this.address, asset).do()
      return false
    } catch {
      return true
    }
  }

  /** Locks `amount` of `asset` from `owner` with the given cliff and end; returns the id. The first lock of an asset opts the app in first, in the same group. */
  async create(
    owner: User,
    asset: bigint,
    amount: bigint,
    cliff: bigint,
    end: bigint,
    o: { mbr?: bigint; deposit?: Promise<Transaction>; nonce?: bigint; signer?: User; callFee?: bigint } = {},
  ): Promise<Sent<bigint>> {
    const { nonce, id } = o.nonce === undefined ? this.nextLock(owner) : { nonce: o.nonce, id: lockIdOf(owner.addr, o.nonce) }
    const optIn = await this.needsOptIn(asset)
    const pay = (amount: bigint) => this.g.algorand.createTransaction.payment({ sender: owner.addr, receiver: this.address, amount: AlgoAmount.MicroAlgo(amount), note: this.g.note() })
    // signed by the owner even when the call is signed by another key (after a rekey)
    const depositTxn = await (o.deposit ?? this.input(owner, asset, amount))
    const boxesTxn = await pay(o.mbr ?? LOCK_BOXES_MBR)
    const optInTxn = await pay(ASSET_MBR)
    // fresh copies per composer: the bench simulates a group before sending it, and a composer stamps its group id
    const deposit = () => ({ txn: clone(depositTxn), signer: this.g.algorand.account.getSigner(depositTxn.sender) })
    const boxes = () => ({ txn: clone(boxesTxn), signer: owner.signer })
    return this.run((group) => {
      const g = optIn ? group.optInAsset({ sender: owner.addr, args: { mbr: { txn: clone(optInTxn), signer: owner.signer }, asset }, assetReferences: [asset], ...this.fee(1) }) : group
      return g.lock({
        sender: owner.addr,
        args: { mbr: boxes(), deposit: deposit(), cliff, end, nonce },
        boxReferences: [lockBoxName(id), assetIndexName(asset, id), ownerIndexName(owner.addr, id)],
        assetReferences: asset === 0n ? [] : [asset],
        signer: o.signer?.signer,
        ...this.fee(0),
        ...(o.callFee === undefined ? {} : { staticFee: AlgoAmount.MicroAlgo(o.callFee) }),
      })
    })
  }

  /** Locks `amount` LP units of pool (a, b) (`lockLiquidity`), paying both boxes' minimum balance; returns the id. */
  async createLiquidity(
    owner: User,
    pool: { a: bigint; b: bigint; lp: bigint; tier?: bigint; stable?: boolean },
    amount: bigint,
    cliff: bigint,
    end: bigint,
    o: { mbr?: bigint; deposit?: Promise<Transaction>; nonce?: bigint } = {},
  ): Promise<Sent<bigint>> {
    const { nonce, id } = o.nonce === undefined ? this.nextLock(owner) : { nonce: o.nonce, id: lockIdOf(owner.addr, o.nonce) }
    const optIn = await this.needsOptIn(pool.lp)
    const pay = (amount: bigint) => this.g.algorand.createTransaction.payment({ sender: owner.addr, receiver: this.address, amount: AlgoAmount.MicroAlgo(amount), note: this.g.note() })
    const depositTxn = await (o.deposit ?? this.input(owner, pool.lp, amount))
    const boxesTxn = await pay(o.mbr ?? LOCK_BOXES_MBR + FEE_BOX_MBR)
    const optInTxn = await pay(ASSET_MBR)
    const tier = pool.tier ?? LEGACY_TIER
    const refs = this.poolRefs(pool.a, pool.b, tier, pool.stable)
    const opUps = await this.opUps(pool.a, pool.b, tier, pool.stable ?? false)
    return this.run((group) => {
      let g = group as LocksComposer<unknown[]>
      if (optIn) g = g.optInAsset({ sender: owner.addr, args: { mbr: { txn: clone(optInTxn), signer: owner.signer }, asset: pool.lp }, assetReferences: [pool.lp], ...this.fee(1) }) as LocksComposer<unknown[]>
      return g.lockLiquidity({
        sender: owner.addr,
        args: { mbr: { txn: clone(boxesTxn), signer: owner.signer }, deposit: { txn: clone(depositTxn), signer: this.g.algorand.account.getSigner(depositTxn.sender) }, cliff, end, nonce, a: pool.a, b: pool.b, tier },
        boxReferences: [lockBoxName(id), assetIndexName(pool.lp, id), ownerIndexName(owner.addr, id), feeBoxName(id), ...refs.boxReferences],
        appReferences: refs.appReferences,
        assetReferences: [pool.lp],
        ...this.fee(1 + opUps),
      })
    })
  }

  /** The claimFees call's fields (sender: the owner or the collector), to compose into another group (attacks). */
  async claimFeesCall(sender: User, id: bigint) {
    const lock = await this.lock(id)
    const fees = await this.fees(id)
    const stable = lock?.liquidity === STABLE_LP
    const refs = fees ? this.poolRefs(fees.a, fees.b, fees.tier, stable) : { appReferences: [this.g.ids.dexAppId], boxReferences: [] }
    const opUps = fees ? await this.opUps(fees.a, fees.b, fees.tier, stable) : 0
    const to = fees && fees.collector !== algosdk.ALGORAND_ZERO_ADDRESS_STRING ? fees.collector : lock?.owner
    return {
      sender: sender.addr,
      args: { id },
      boxReferences: [lockBoxName(id), feeBoxName(id), ...refs.boxReferences],
      appReferences: refs.appReferences,
      assetReferences: lock ? [lock.asset] : [],
      accountReferences: to ? [to] : [],
      ...this.fee(2 + opUps),
    }
  }

  /** Claims a liquidity lock's fees (sender: its owner or collector); returns the units sent. */
  async claimFees(sender: User, id: bigint): Promise<Sent<bigint>> {
    const call = await this.claimFeesCall(sender, id)
    return this.run((group) => group.claimFees(call))
  }

  /** Names `collector` for a liquidity lock's fees. */
  setCollector(sender: User, id: bigint, collector: Address | string): Promise<Sent<void>> {
    return this.run((group) => group.setCollector({ sender: sender.addr, args: { id, collector: collector.toString() }, boxReferences: [lockBoxName(id), feeBoxName(id)], ...this.fee(0) }))
  }

  /** Splits `amount` still-locked units of lock `id` into a new lock (its boxes paid by `sender`); returns the new id. */
  async split(sender: User, id: bigint, amount: bigint, o: { mbr?: bigint; nonce?: bigint; liquidity?: boolean } = {}): Promise<Sent<bigint>> {
    const lock = await this.lock(id)
    const liquidity = o.liquidity ?? (lock !== undefined && lock.liquidity !== 0n)
    const { nonce, id: newId } = o.nonce === undefined ? this.nextLock(sender) : { nonce: o.nonce, id: lockIdOf(sender.addr, o.nonce) }
    const asset = lock?.asset ?? 0n
    const owner = lock?.owner ?? sender.addr.toString()
    const mbrTxn = await this.g.algorand.createTransaction.payment({ sender: sender.addr, receiver: this.address, amount: AlgoAmount.MicroAlgo(o.mbr ?? LOCK_BOXES_MBR + (liquidity ? FEE_BOX_MBR : 0n)), note: this.g.note() })
    const boxes = [lockBoxName(id), lockBoxName(newId), assetIndexName(asset, newId), ownerIndexName(owner, newId), ...(liquidity ? [feeBoxName(id), feeBoxName(newId)] : [])]
    return this.run((group) => group.split({ sender: sender.addr, args: { mbr: { txn: clone(mbrTxn), signer: sender.signer }, id, amount, nonce }, boxReferences: boxes, ...this.fee(0) }))
  }

  /** Merges lock `from` into lock `into`; returns the units moved. */
  async merge(sender: User, into: bigint, from: bigint): Promise<Sent<bigint>> {
    const b = await this.lock(from)
    const liquidity = b !== undefined && b.liquidity !== 0n
    const boxes = [lockBoxName(into), lockBoxName(from), ...(b ? [assetIndexName(b.asset, from), ownerIndexName(b.owner, from)] : []), ...(liquidity ? [feeBoxName(into), feeBoxName(from)] : [])]
    return this.run((group) => group.merge({ sender: sender.addr, args: { into, from }, boxReferences: boxes, accountReferences: b ? [b.creator] : [], ...this.fee(1) }))
  }

  /** Withdraws what has vested; returns the amount. */
  async withdraw(sender: User, id: bigint): Promise<Sent<bigint>> {
    const lock = await this.lock(id)
    return this.run((group) =>
      group.withdraw({ sender: sender.addr, args: { id }, boxReferences: [lockBoxName(id)], assetReferences: lock && lock.asset !== 0n ? [lock.asset] : [], accountReferences: lock ? [lock.owner] : [], ...this.fee(1) }),
    )
  }

  /** Moves the lock's end to `end`. */
  extend(sender: User, id: bigint, end: bigint): Promise<Sent<void>> {
    return this.run((group) => group.extend({ sender: sender.addr, args: { id, end }, boxReferences: [lockBoxName(id)], ...this.fee(0) }))
  }

  /** Adds `amount` (of the lock's asset unless `asset` says otherwise) to the lock. */
  async topUp(sender: User, id: bigint, amount: bigint, o: { asset?: bigint; deposit?: Promise<Transaction> } = {}): Promise<Sent<void>> {
    const lock = await this.lock(id)
    const asset = o.asset ?? lock?.asset ?? 0n
    const deposit = await (o.deposit ?? this.input(sender, asset, amount))
    const fees = lock && lock.liquidity !== 0n ? await this.fees(id) : undefined
    // a liquidity lock reads its pool's level (getPool or getLevel: one inner call, and a stable pool's op-ups)
    const stable = lock?.liquidity === STABLE_LP
    const refs = fees ? this.poolRefs(fees.a, fees.b, fees.tier, stable) : { appReferences: [], boxReferences: [] }
    const opUps = fees ? await this.opUps(fees.a, fees.b, fees.tier, stable) : 0
    return this.run((group) =>
      group.topUp({
        sender: sender.addr,
        args: { deposit: { txn: clone(deposit), signer: this.g.algorand.account.getSigner(deposit.sender) }, id },
        boxReferences: [lockBoxName(id), ...(fees ? [feeBoxName(id)] : []), ...refs.boxReferences],
        appReferences: refs.appReferences,
        ...this.fee(fees ? 1 + opUps : 0),
      }),
    )
  }

  /** Proposes `next` as the lock's owner. */
  propose(sender: User, id: bigint, next: Address | string): Promise<Sent<void>> {
    return this.run((group) => group.proposeOwner({ sender: sender.addr, args: { id, newOwner: next.toString() }, boxReferences: [lockBoxName(id)], ...this.fee(0) }))
  }

  /** Cancels the pending proposal. */
  cancel(sender: User, id: bigint): Promise<Sent<void>> {
    return this.run((group) => group.cancelOwner({ sender: sender.addr, args: { id }, boxReferences: [lockBoxName(id)], ...this.fee(0) }))
  }

  /** The proposed owner (`sender`) accepts; `previous` is the current owner, whose index box moves. */
  async accept(sender: User, id: bigint, previous: Address | string): Promise<Sent<void>> {
    const liquidity = ((await this.lock(id))?.liquidity ?? 0n) !== 0n
    return this.run((group) =>
      group.acceptOwner({ sender: sender.addr, args: { id }, boxReferences: [lockBoxName(id), ownerIndexName(previous, id), ownerIndexName(sender.addr, id), ...(liquidity ? [feeBoxName(id)] : [])], ...this.fee(0) }),
    )
  }

  /** Closes a fully withdrawn lock (refs: its three boxes and the creator, read from the box unless given). */
  async close(sender: User, id: bigint, o: { lock?: Pick<Lock, 'asset' | 'owner' | 'creator'> & { liquidity?: bigint }; accounts?: (Address | string)[] } = {}): Promise<Sent<void>> {
    const lock = o.lock ?? (await this.lock(id)) ?? { asset: 0n, owner: sender.addr.toString(), creator: sender.addr.toString() }
    return this.run((group) =>
      group.close({
        sender: sender.addr,
        args: { id },
        boxReferences: [lockBoxName(id), assetIndexName(lock.asset, id), ownerIndexName(lock.owner, id), ...((lock.liquidity ?? 0n) !== 0n ? [feeBoxName(id)] : [])],
        accountReferences: o.accounts ?? [lock.creator],
        ...this.fee(1),
      }),
    )
  }

  /** Balances of `assets` for each address and every box of the app: to prove a rejection moved nothing. */
  async snapshot(addresses: (Address | User)[], assets: bigint[]): Promise<unknown> {
    const balances = await Promise.all([...addresses, this.address].flatMap((who) => assets.map((asset) => this.g.balance(who, asset))))
    const names = await this.boxNames()
    const values = await Promise.all(names.map((n) => this.g.algorand.app.getBoxValue(this.g.ids.lockAppId, Buffer.from(n, 'hex'))))
    return { balances, boxes: names.map((n, i) => `${n}=${Buffer.from(values[i]!).toString('hex')}`) }
  }
}
