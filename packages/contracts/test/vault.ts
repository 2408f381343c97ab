// The staking vault's actions on a Grove (grove.ts), built through the typed VaultClient with the
// README's references and fees (1,000 per transaction and per inner transaction). Shared by the vault
// tests and the bench, so it imports nothing from vitest.
import algosdk, { type Transaction } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { VaultFactory, type VaultClient, type VaultComposer } from '../clients/VaultClient.ts'
import { vaultSpec } from '../src/index.ts'
import { events, poolBoxName, sorted, type Grove, type InputOverrides, type Sent, type User } from './grove.ts'

/** Minimum balance of one observation box: 2,500 + 400 × (17-byte name + a ring of 4 × 104 bytes: cumulative prices, time, observer). */
export const OBSERVATION_MBR = 2_500n + 400n * (17n + 4n * 104n)
/** Minimum balance of a buyback path's box: 2,500 + 400 × (9-byte name + 2 + 8 per hop). */
export const pathMbr = (hops: number): bigint => 2_500n + 400n * (9n + 2n + 8n * BigInt(hops))
/** Minimum balance of one asset holding. */
export const ASSET_MBR = 100_000n
/** The shortest TWAP window a buyback accepts, in seconds (and the least time between two observations of a pool). */
export const MIN_WINDOW = 600
/** The longest TWAP window a buyback accepts, in seconds. */
export const MAX_WINDOW = 3600
/** Seconds over which GROVE that arrives other than by stake enters the rate. */
export const STREAM_PERIOD = 604_800n

/** An observation of a pool: cumulative prices at a time, and who observed (timestamp 0: an empty slot of the ring). */
export interface Observation {
  cumulativePriceA: bigint
  cumulativePriceB: bigint
  timestamp: bigint
  observer: string
}

/** Box name "r" ‖ uint64(asset) of the vault's buyback path for `asset`. */
export function pathBoxName(asset: bigint): Uint8Array {
  return Uint8Array.from([0x72, ...algosdk.encodeUint64(asset)])
}

/** Box name "o" ‖ uint64(a) ‖ uint64(b) of the vault's observation of pool (a, b). */
export function observationBoxName(a: bigint, b: bigint): Uint8Array {
  const name = poolBoxName(a, b)
  name[0] = 0x6f
  return name
}

/** The vault's events named `name` among a call's logs. */
export const vaultEvents = (logs: Uint8Array[] | undefined, name: string) => events(logs, name, vaultSpec)

type Group = VaultComposer<unknown[]>
type BoxReference = Uint8Array | { appId: bigint; name: Uint8Array }

/** The pools (a < b) a route from `asset` along `path` crosses. */
export function hopsOf(asset: bigint, path: bigint[]): [bigint, bigint][] {
  return [asset, ...path].slice(0, -1).map((x, i) => sorted(x, path[i]!))
}

/** The vault's actions on `g`. */
export class VaultActions {
  readonly address: algosdk.Address

  /** The deployment's vault, or another one (a fresh vault for first-stake tests). */
  constructor(
    readonly g: Grove,
    readonly client: VaultClient = g.vault,
    readonly sGrove: bigint = g.ids.sGroveAssetId,
  ) {
    this.address = client.appAddress
  }

  get grove(): bigint {
    return this.g.ids.groveAssetId
  }

  /** A new vault of the same DEX and GROVE, created and bootstrapped by `creator`. */
  static async fresh(g: Grove, creator: User): Promise<VaultActions> {
    const factory = g.algorand.client.getTypedAppFactory(VaultFactory, { defaultSender: creator.addr })
    const { appClient } = await factory.send.create.createApplication({ args: { dexApp: g.ids.dexAppId, groveAsset: g.ids.groveAssetId }, note: g.note() })
    await g.algorand.account.ensureFunded(appClient.appAddress, g.dispenser.addr, AlgoAmount.MicroAlgo(0n), { suppressLog: true })
    const mbr = await g.algorand.createTransaction.payment({ sender: creator.addr, receiver: appClient.appAddress, amount: AlgoAmount.MicroAlgo(2n * ASSET_MBR), note: g.note() })
    const { return: sGrove } = await appClient.send.bootstrap({ sender: creator.addr, args: { mbr }, assetReferences: [g.ids.groveAssetId], ...g.fee(2) })
    return new VaultActions(g, appClient, sGrove!)
  }

  /** An incoming transfer of `amount` of `asset` to the vault (or as `o` says). */
  input(from: User, asset: bigint, amount: bigint, o: InputOverrides = {}): Promise<Transaction> {
    return this.g.input(from, asset, amount, { receiver: this.address, ...o })
  }

  /** Sends the group `build` adds to a fresh vault composer; simulates it first when the Grove measures. */
  async run<T>(sender: User, build: (group: Group) => unknown, budgetCalls = 0, carried: BoxReference[] = []): Promise<Sent<T>> {
    const compose = async (): Promise<Group> => {
      let group = build(this.client.newGroup() as Group) as Group
      if (carried.length > 0) {
        // box references beyond the call's 8: a DEX no-op in the group carries them (group resource sharing)
        const carrier = await this.g.algorand.createTransaction.appCall({ sender: sender.addr, appId: this.g.ids.dexAppId, appReferences: [this.client.appId], boxReferences: carried, ...this.g.fee(0) })
        group = group.addTransaction(carrier, sender.signer) as Group
      }
      for (let i = 0; i < budgetCalls; i++) {
        const noop = await this.g.algorand.createTransaction.appCall({ sender: sender.addr, appId: this.g.ids.dexAppId, ...this.g.fee(0) })
        group = group.addTransaction(noop, sender.signer) as Group
      }
      return group
    }
    const opcodes = this.g.measure ? (await (await compose()).simulate({ skipSignatures: true })).simulateResponse.txnGroups[0].appBudgetConsumed : undefined
    const result = await (await compose()).send()
    const call = result.transactions.findIndex((t) => t.type === algosdk.TransactionType.appl)
    return {
      value: result.returns[0] as T,
      logs: result.confirmations[call]?.logs ?? [],
      fees: result.transactions.reduce((n, t) => n + t.fee, 0n),
      budgetCalls,
      opcodes,
    }
  }

  /**
   * Stakes `amount` GROVE (or the input `o` makes); returns the sGROVE minted. `o.callSigner` signs the
   * app call: after a rekey in the input, the ledger wants the new key's signature on it.
   */
  async stake(user: User, amount: bigint, minShares = 0n, o: InputOverrides & { asset?: bigint; callSigner?: User } = {}): Promise<Sent<bigint>> {
    // another signer for the input or the call: the input is made once (such a group is never simulated first)
    const signed = o.sender || o.callSigner ? { txn: await this.input(user, o.asset ?? this.grove, amount, o), signer: (o.sender ?? user).signer } : undefined
    return this.run(user, (group) =>
      group.stake({
        sender: user.addr,
        signer: o.callSigner?.signer,
        args: { input: signed ?? this.input(user, o.asset ?? this.grove, amount, o), minShares },
        assetReferences: [this.grove, this.sGrove],
        // sGROVE out
        ...this.g.fee(1),
      }),
    )
  }

  /** Unstakes `amount` sGROVE; returns the GROVE paid. */
  unstake(user: User, amount: bigint, minGrove = 0n, o: InputOverrides & { asset?: bigint } = {}): Promise<Sent<bigint>> {
    return this.run(user, (group) =>
      group.unstake({
        sender: user.addr,
        args: { input: this.input(user, o.asset ?? this.sGrove, amount, o), minGrove },
        assetReferences: [this.grove, this.sGrove],
        // GROVE out
        ...this.g.fee(1),
      }),
    )
  }

  /** Opts the vault in to `asset`, paying `mbr`. */
  optInAsset(user: User, asset: bigint, mbr = ASSET_MBR): Promise<Sent<void>> {
    return this.run(user, (group) =>
      group.optInAsset({ sender: user.addr, args: { mbr: this.input(user, 0n, mbr), asset }, assetReferences: [asset], ...this.g.fee(1) }),
    )
  }

  /** Observes each pool, paying `mbr` (the boxes of first observations by default). */
  async observe(user: User, pools: [bigint, bigint][], mbr?: bigint): Promise<Sent<void>> {
    let fresh = 0n
    for (const [a, b] of pools) if (!(await this.observation(a, b))) fresh += 1n
    const pay = mbr ?? fresh * OBSERVATION_MBR
    return this.run(user, (group) =>
      group.observe({
        sender: user.addr,
        args: { mbr: this.input(user, 0n, pay), pools },
        appReferences: [this.g.ids.dexAppId],
        boxReferences: pools.flatMap(([a, b]) => [observationBoxName(a, b), { appId: this.g.ids.dexAppId, name: poolBoxName(a, b) }]),
        // one getPool call per pool
        ...this.g.fee(pools.length),
      }),
    )
  }

  /** The registry's admin (or `user`) sets the buyback path of `asset` (an empty path removes it), paying the box's growth. */
  async setPath(asset: bigint, path: bigint[], user: User = this.g.admin, mbr?: bigint): Promise<Sent<void>> {
    const old = await this.path(asset)
    const grow = BigInt(Math.max(0, path.length - (old?.length ?? 0)))
    const pay = mbr ?? (old === undefined ? (path.length > 0 ? pathMbr(path.length) : 0n) : 400n * 8n * grow)
    const hops = path.length > 0 ? hopsOf(asset, path) : []
    return this.run(user, (group) =>
      group.setBuybackPath({
        sender: user.addr,
        args: { mbr: this.input(user, 0n, pay), asset, path },
        appReferences: [this.g.ids.dexAppId, this.g.ids.registryAppId],
        boxReferences: [pathBoxName(asset), ...hops.slice(0, 3).map(([a, b]) => ({ appId: this.g.ids.dexAppId, name: poolBoxName(a, b) }))],
        // a getPool call per hop, and the refund of a box that shrinks or goes
        ...this.g.fee(hops.length + (old !== undefined && path.length < old.length ? 1 : 0)),
      }),
    )
  }

  /** The buyback path the admin set for `asset`, undefined when none. */
  async path(asset: bigint): Promise<bigint[] | undefined> {
    try {
      const raw = await this.g.algorand.app.getBoxValue(this.client.appId, pathBoxName(asset))
      return (algosdk.ABIType.from('uint64[]').decode(raw) as bigint[]).map(BigInt)
    } catch {
      return undefined
    }
  }

  /** Runs a buyback of the vault's `asset` along the path the admin set (`path` only names the boxes to reference: the admin's by default); returns the GROVE bought. */
  async buyback(user: User, asset: bigint, budgetCalls = 0, path?: bigint[]): Promise<Sent<bigint>> {
    const hops = hopsOf(asset, path ?? (await this.path(asset)) ?? [this.grove])
    const assets = [...new Set([asset, this.grove])].filter((x) => x !== 0n)
    const boxes: BoxReference[] = [pathBoxName(asset), ...hops.flatMap(([a, b]) => [observationBoxName(a, b), { appId: this.g.ids.dexAppId, name: poolBoxName(a, b) }])]
    // 8 references a call: the two apps, the assets, then boxes; the rest ride on a DEX no-op
    const room = 8 - 2 - assets.length
    return this.run(
      user,
      (group) =>
        group.buyback({
          sender: user.addr,
          args: { asset },
          appReferences: [this.g.ids.dexAppId, this.g.ids.registryAppId],
          assetReferences: assets,
          boxReferences: boxes.slice(0, room),
          // a getPool call per hop, the transfer to the DEX, the swapRoute call and its transfer of GROVE
          ...this.g.fee(hops.length + 3),
        }),
      budgetCalls,
      boxes.slice(room),
    )
  }

  /** The vault's ring of observations of pool (a, b) (4 slots, an empty one with timestamp 0), undefined when there is none. */
  async observations(a: bigint, b: bigint): Promise<Observation[] | undefined> {
    try {
      const raw = await this.g.algorand.app.getBoxValue(this.client.appId, observationBoxName(a, b))
      const ring = algosdk.ABIType.from('(uint256,uint256,uint64,address)[4]').decode(raw) as (bigint | string)[][]
      return ring.map((o) => ({ cumulativePriceA: BigInt(o[0]!), cumulativePriceB: BigInt(o[1]!), timestamp: BigInt(o[2]!), observer: String(o[3]!) }))
    } catch {
      return undefined
    }
  }

  /** The vault's newest observation of pool (a, b), undefined when there is none. */
  async observation(a: bigint, b: bigint): Promise<Observation | undefined> {
    const ring = await this.observations(a, b)
    return ring?.reduce((x, y) => (y.timestamp > x.timestamp ? y : x))
  }

  /** The stream as the vault's `stream()` reads it now. */
  async stream(): Promise<{ locked: bigint; end: bigint; rateAtEnd: bigint }> {
    const r = await this.client.send.stream({ args: [], assetReferences: [this.grove], note: this.g.note() })
    return r.return!
  }

  /** The vault's `rate()` now. */
  async rate(): Promise<bigint> {
    return (await this.client.send.rate({ args: [], assetReferences: [this.grove], note: this.g.note() })).return!
  }

  /** The GROVE behind the shares (booked less the stream's locked part, by the vault's `totals()`) and the sGROVE supply (locked included). */
  async totals(): Promise<{ grove: bigint; shares: bigint }> {
    const r = await this.client.send.totals({ args: [], assetReferences: [this.grove], note: this.g.note() })
    return { grove: r.return!.grove, shares: r.return!.shares }
  }

  /** The vault's GROVE balance and its booked GROVE. */
  async held(): Promise<{ balance: bigint; booked: bigint }> {
    return { balance: await this.g.balance(this.address, this.grove), booked: (await this.client.state.global.booked()) ?? 0n }
  }

  /** Moves the dev-mode clock `seconds` ahead of the last offset and commits a block in it. */
  async later(user: User, seconds: number): Promise<void> {
    const offset = (clockOffsets.get(this.g) ?? 0) + seconds
    clockOffsets.set(this.g, offset)
    await this.g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
    await this.g.transfer(user, user, 0n, 0n)
  }

  /**
   * Stamps the next block exactly `seconds` after the last one (algod's dev-mode offset) and holds the
   * clock there: the blocks that follow share its stamp, so what a test measures does not depend on how
   * long its calls take on a busy machine. The next `later` lets the clock run again, ahead by these seconds.
   */
  async laterExactly(user: User, seconds: number): Promise<void> {
    clockOffsets.set(this.g, (clockOffsets.get(this.g) ?? 0) + seconds)
    const algod = this.g.algorand.client.algod.c
    await algod.post({ relativePath: `/v2/devmode/blocks/offset/${seconds}`, data: null })
    await this.g.transfer(user, user, 0n, 0n)
    await algod.post({ relativePath: '/v2/devmode/blocks/offset/0', data: null })
  }
}

/** Each localnet's dev-mode clock offset, shared by every VaultActions on it. */
const clockOffsets = new WeakMap<Grove, number>()

/** sGROVE locked by the first stake. */
export const LOCKED_SHARES = 1000n

/** The README's stake: sGROVE minted for `amount` GROVE when the vault holds `grove` behind `shares` (0 = none yet); undefined when the contract refuses. */
export function stakeOut(grove: bigint, shares: bigint, amount: bigint): bigint | undefined {
  if (amount <= 0n) return undefined
  const minted = shares === 0n ? (amount > LOCKED_SHARES ? amount - LOCKED_SHARES : 0n) : (amount * shares) / grove
  return minted > 0n ? minted : undefined
}

/** The README's unstake: GROVE paid for `amount` sGROVE; undefined when the contract refuses. */
export function unstakeOut(grove: bigint, shares: bigint, amount: bigint): bigint | undefined {
  if (amount <= 0n || shares === 0n) return undefined
  const out = (amount * grove) / shares
  return out > 0n ? out : undefined
}
