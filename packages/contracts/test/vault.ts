// The staking vault's actions on a Grove (grove.ts), built through the typed VaultClient with the
// README's references and fees (1,000 per transaction and per inner transaction). Shared by the vault
// tests and the bench, so it imports nothing from vitest.
import algosdk, { type Transaction } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { VaultFactory, type VaultClient, type VaultComposer } from '../clients/VaultClient.ts'
import { vaultSpec } from '../src/index.ts'
import { events, poolBoxName, sorted, type Grove, type InputOverrides, type Sent, type User } from './grove.ts'

/** Minimum balance of one observation box: 2,500 + 400 × (17-byte name + 72-byte value). */
export const OBSERVATION_MBR = 2_500n + 400n * (17n + 72n)
/** Minimum balance of one asset holding. */
export const ASSET_MBR = 100_000n
/** The shortest TWAP window a buyback accepts, in seconds. */
export const MIN_WINDOW = 600

/** Box name "o" ‖ uint64(a) ‖ uint64(b) of the vault's observation of pool (a, b). */
export function observationBoxName(a: bigint, b: bigint): Uint8Array {
  const name = poolBoxName(a, b)
  name[0] = 0x6f
  return name
}

/** The vault's events named `name` among a call's logs. */
export const vaultEvents = (logs: Uint8Array[] | undefined, name: string) => events(logs, name, vaultSpec)

type Group = VaultComposer<unknown[]>

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
  async run<T>(sender: User, build: (group: Group) => unknown, budgetCalls = 0): Promise<Sent<T>> {
    const compose = async (): Promise<Group> => {
      let group = build(this.client.newGroup() as Group) as Group
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

  /** Runs a buyback of the vault's `asset` along `path`; returns the GROVE bought. */
  buyback(user: User, asset: bigint, path: bigint[], budgetCalls = 0): Promise<Sent<bigint>> {
    const hops = hopsOf(asset, path)
    return this.run(
      user,
      (group) =>
        group.buyback({
          sender: user.addr,
          args: { asset, path },
          appReferences: [this.g.ids.dexAppId, this.g.ids.registryAppId],
          assetReferences: [...new Set([asset, this.grove])].filter((x) => x !== 0n),
          // 8 references at most: the boxes of the first two hops (a longer route needs another call's references)
          boxReferences: hops.slice(0, 2).flatMap(([a, b]) => [observationBoxName(a, b), { appId: this.g.ids.dexAppId, name: poolBoxName(a, b) }]),
          // a getPool call per hop, the transfer to the DEX, the swapRoute call and its transfer of GROVE
          ...this.g.fee(hops.length + 3),
        }),
      budgetCalls,
    )
  }

  /** The vault's observation of pool (a, b), undefined when there is none. */
  async observation(a: bigint, b: bigint): Promise<{ cumulativePriceA: bigint; cumulativePriceB: bigint; timestamp: bigint } | undefined> {
    try {
      const raw = await this.g.algorand.app.getBoxValue(this.client.appId, observationBoxName(a, b))
      const [cumulativePriceA, cumulativePriceB, timestamp] = (algosdk.ABIType.from('(uint256,uint256,uint64)').decode(raw) as bigint[]).map(BigInt)
      return { cumulativePriceA, cumulativePriceB, timestamp }
    } catch {
      return undefined
    }
  }

  /** The vault's GROVE and sGROVE supply (locked included), read from the ledger and its globals. */
  async totals(): Promise<{ grove: bigint; shares: bigint }> {
    const grove = await this.g.balance(this.address, this.grove)
    const shares = (await this.client.state.global.shares()) ?? 0n
    return { grove, shares }
  }

  /** Moves the dev-mode clock `seconds` ahead of the last offset and commits a block in it. */
  async later(user: User, seconds: number): Promise<void> {
    const offset = (clockOffsets.get(this.g) ?? 0) + seconds
    clockOffsets.set(this.g, offset)
    await this.g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
    await this.g.transfer(user, user, 0n, 0n)
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
