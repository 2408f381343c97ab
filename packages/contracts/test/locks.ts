// Locks on a Grove (grove.ts): box names, the reference vesting function, and each action's group
// with the README's fees, built through the typed client. Shared by the locks tests and the bench,
// so it imports nothing from vitest.
import { createHash } from 'node:crypto'
import algosdk, { type Address, type Transaction } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { LocksClient, type LocksComposer } from '../clients/LocksClient.ts'
import type { Grove, InputOverrides, Sent, User } from './grove.ts'
import { TXN_FEE } from './grove.ts'

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
    const asset = o.asset ?? (await this.lock(id))?.asset ?? 0n
    const deposit = await (o.deposit ?? this.input(sender, asset, amount))
    return this.run((group) => group.topUp({ sender: sender.addr, args: { deposit: { txn: clone(deposit), signer: this.g.algorand.account.getSigner(deposit.sender) }, id }, boxReferences: [lockBoxName(id)], ...this.fee(0) }))
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
  accept(sender: User, id: bigint, previous: Address | string): Promise<Sent<void>> {
    return this.run((group) =>
      group.acceptOwner({ sender: sender.addr, args: { id }, boxReferences: [lockBoxName(id), ownerIndexName(previous, id), ownerIndexName(sender.addr, id)], ...this.fee(0) }),
    )
  }

  /** Closes a fully withdrawn lock (refs: its three boxes and the creator, read from the box unless given). */
  async close(sender: User, id: bigint, o: { lock?: Pick<Lock, 'asset' | 'owner' | 'creator'>; accounts?: (Address | string)[] } = {}): Promise<Sent<void>> {
    const lock = o.lock ?? (await this.lock(id)) ?? { asset: 0n, owner: sender.addr.toString(), creator: sender.addr.toString() }
    return this.run((group) =>
      group.close({
        sender: sender.addr,
        args: { id },
        boxReferences: [lockBoxName(id), assetIndexName(lock.asset, id), ownerIndexName(lock.owner, id)],
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
