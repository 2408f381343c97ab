// A Grove on its own embedded localnet (random ports), deployed by a fresh admin, with helpers that
// make funded users and test assets and build each DEX action's group through the typed clients,
// with the README's fees (1,000 per transaction and per inner transaction). Shared by the tests
// (through fixture.ts) and the bench, so it imports nothing from vitest.
import { createHash } from 'node:crypto'
import algosdk, { type Address, type Transaction } from 'algosdk'
import { AlgorandClient, Config } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { startLocalnet, withFastSigner, type Localnet } from '@grove/localnet'
import { DexClient, type DexComposer } from '../clients/DexClient.ts'
import { RegistryClient } from '../clients/RegistryClient.ts'
import { VaultClient } from '../clients/VaultClient.ts'
import { deploy, type DeployResult } from '../src/deploy.ts'
import { dexSpec } from '../src/index.ts'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { Pool } from './reference.ts'

// explicit references and fees: the groups are what the SDK would build, not what simulate guesses;
// algokit-utils' logs stay quiet, every failure it logs is also thrown with its message
const quiet = () => {}
Config.configure({ populateAppCallResources: false, logger: { error: quiet, warn: quiet, info: quiet, verbose: quiet, debug: quiet } })

/** A funded account whose signer the client knows. */
export type User = TransactionSignerAccount & { addr: Address }

/** 2^64 − 1, the largest amount. */
export const MAX_UINT64 = 2n ** 64n - 1n
/** µALGO per transaction (and per inner transaction the app call pays for). */
export const TXN_FEE = 1000n

const POOL_STATE = algosdk.ABIType.from('(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)')

/** The fee tier whose pools keep the key pools had before tiers (src/pool.ts). */
export const LEGACY_TIER = 30n

/** Box name "p" ‖ uint64(a) ‖ uint64(b) (‖ uint64(tier) unless the 30 bps tier) as given (src/pool.ts orders and validates; attacks need the raw name). */
export function poolBoxName(a: bigint, b: bigint, tier = LEGACY_TIER): Uint8Array {
  const name = new Uint8Array(tier === LEGACY_TIER ? 17 : 25)
  name[0] = 0x70
  new DataView(name.buffer).setBigUint64(1, a)
  new DataView(name.buffer).setBigUint64(9, b)
  if (tier !== LEGACY_TIER) new DataView(name.buffer).setBigUint64(17, tier)
  return name
}

/** A pool named by its pair and, unless the 30 bps tier, its fee tier. */
export type PoolRef = [bigint, bigint] | [bigint, bigint, bigint]

/** What a DEX action returned, what its app call logged, the µALGO its whole group paid in fees and the budget calls it needed. */
export interface Sent<T> {
  value: T
  logs: Uint8Array[]
  fees: bigint
  budgetCalls: number
  /** Opcode budget the group used (simulate's app-budget-consumed), when the Grove measures. */
  opcodes?: number
}

/** Most `getPool` calls `run` adds for opcode budget. */
const MAX_BUDGET_CALLS = 3

type Group = DexComposer<unknown[]>

/** Overrides that turn an honest input transfer into an attack. */
export interface InputOverrides {
  receiver?: string | Address
  rekeyTo?: string | Address
  closeTo?: string | Address
  sender?: User
  /** Makes the input a clawback transfer taking the asset from this account (AssetSender). */
  assetSender?: string | Address
}

/** A deployed Grove on its own localnet. */
export class Grove {
  readonly dexAddress: Address
  readonly registryAddress: Address
  readonly vaultAddress: Address

  constructor(
    readonly net: Localnet,
    readonly algorand: AlgorandClient,
    readonly dispenser: TransactionSignerAccount,
    readonly admin: User,
    readonly ids: DeployResult,
    readonly dex: DexClient,
    readonly registry: RegistryClient,
    readonly vault: VaultClient,
  ) {
    this.dexAddress = algosdk.getApplicationAddress(ids.dexAppId)
    this.vaultAddress = algosdk.getApplicationAddress(ids.vaultAppId)
    this.registryAddress = algosdk.getApplicationAddress(ids.registryAppId)
  }

  private seq = 0
  /** Simulate each action before sending it, to report its opcode cost (the bench). */
  measure = false

  /** A unique note: a rejected group makes no block, so an identical retry would have the same id. */
  note(): Uint8Array {
    return new TextEncoder().encode(`grove test ${++this.seq}`)
  }

  /** A new account holding `algo` ALGO above its minimum balance. */
  async user(algo = 100): Promise<User> {
    // node's ed25519 signs what tweetnacl would, without its milliseconds per signature
    const user = withFastSigner(this.algorand, this.algorand.account.random())
    await this.algorand.account.ensureFunded(user, this.dispenser.addr, AlgoAmount.Algo(algo), { suppressLog: true })
    return user
  }

  /** A test asset created by `creator`, who holds the whole supply. */
  async asset(
    creator: User,
    options: { total?: bigint; decimals?: number; unitName?: string; assetName?: string; clawback?: Address; freeze?: Address; defaultFrozen?: boolean } = {},
  ): Promise<bigint> {
    const result = await this.algorand.send.assetCreate({
      sender: creator.addr,
      total: options.total ?? 10n ** 15n,
      decimals: options.decimals ?? 6,
      unitName: options.unitName ?? 'TST',
      assetName: options.assetName ?? 'Test token',
      clawback: options.clawback,
      freeze: options.freeze,
      defaultFrozen: options.defaultFrozen,
      note: this.note(),
      suppressLog: true,
    })
    return result.assetId
  }

  /** Opts `user` into each non-ALGO asset. */
  async optIn(user: User, ...assets: bigint[]): Promise<void> {
    for (const assetId of assets) {
      if (assetId !== 0n) await this.algorand.send.assetOptIn({ sender: user.addr, assetId, note: this.note(), suppressLog: true })
    }
  }

  /** Sends `amount` of `asset` (0 = ALGO) from one account to another. */
  async transfer(from: User, to: User | Address, asset: bigint, amount: bigint): Promise<void> {
    const receiver = 'addr' in to ? to.addr : to
    if (asset === 0n) await this.algorand.send.payment({ sender: from.addr, receiver, amount: AlgoAmount.MicroAlgo(amount), note: this.note(), suppressLog: true })
    else await this.algorand.send.assetTransfer({ sender: from.addr, receiver, assetId: asset, amount, note: this.note(), suppressLog: true })
  }

  /** `address`'s balance of `asset` (µALGO for 0), 0 when not opted in. */
  async balance(address: Address | User, asset: bigint): Promise<bigint> {
    const addr = 'addr' in address ? address.addr : address
    if (asset === 0n) return (await this.algorand.client.algod.accountInformation(addr).do()).amount
    try {
      return (await this.algorand.client.algod.accountAssetInformation(addr, asset).do()).assetHolding?.amount ?? 0n
    } catch {
      return 0n
    }
  }

  /** The raw pool box, or undefined when there is no pool. */
  async poolBox(a: bigint, b: bigint, tier = LEGACY_TIER): Promise<Uint8Array | undefined> {
    try {
      return await this.algorand.app.getBoxValue(this.ids.dexAppId, poolBoxName(a, b, tier))
    } catch {
      return undefined
    }
  }

  /** The pool's decoded box. */
  async pool(a: bigint, b: bigint, tier = LEGACY_TIER): Promise<Pool> {
    const raw = await this.poolBox(a, b, tier)
    if (raw === undefined) throw new Error(`no pool (${a}, ${b})`)
    const f = POOL_STATE.decode(raw) as bigint[]
    const [reserveA, reserveB, lpAsset, lpIssued, feeBps, protocolFeeDivisor, protocolFeesA, protocolFeesB, cumulativePriceA, cumulativePriceB, lastUpdate] = f.map(BigInt)
    return { reserveA, reserveB, lpAsset, lpIssued, feeBps, protocolFeeDivisor, protocolFeesA, protocolFeesB, cumulativePriceA, cumulativePriceB, lastUpdate }
  }

  /** An incoming transfer of `amount` of `asset` from `from` to the DEX (or wherever `o` says). */
  input(from: User, asset: bigint, amount: bigint, o: InputOverrides = {}): Promise<Transaction> {
    const common = { sender: (o.sender ?? from).addr, rekeyTo: o.rekeyTo, note: this.note() }
    if (asset === 0n) {
      return this.algorand.createTransaction.payment({ ...common, receiver: o.receiver ?? this.dexAddress, amount: AlgoAmount.MicroAlgo(amount), closeRemainderTo: o.closeTo })
    }
    return this.algorand.createTransaction.assetTransfer({ ...common, receiver: o.receiver ?? this.dexAddress, assetId: asset, amount, closeAssetTo: o.closeTo, clawbackTarget: o.assetSender })
  }

  /** References a call on pool (a, b) needs: its box, its assets and LP token, the registry. */
  refs(pools: PoolRef[], lpAssets: bigint[] = []): { boxReferences: Uint8Array[]; assetReferences: bigint[]; appReferences: bigint[] } {
    const assets = new Set<bigint>()
    for (const [a, b] of pools) for (const x of [a, b]) if (x !== 0n) assets.add(x)
    for (const lp of lpAssets) assets.add(lp)
    return {
      boxReferences: pools.map(([a, b, tier]) => poolBoxName(a, b, tier)),
      assetReferences: [...assets],
      appReferences: [this.ids.registryAppId],
    }
  }

  /** References of a route: every hop's box but only the output asset, so 4 hops fit in 8 references. */
  routeRefs(hops: PoolRef[], assetOut: bigint, refunded?: bigint): { boxReferences: Uint8Array[]; assetReferences: bigint[]; appReferences: bigint[] } {
    return {
      boxReferences: hops.map(([a, b, tier]) => poolBoxName(a, b, tier)),
      assetReferences: [...new Set([assetOut, refunded ?? 0n])].filter((x) => x !== 0n),
      appReferences: [this.ids.registryAppId],
    }
  }

  /** Fee (and a unique note) for an app call that makes `inner` inner transactions. */
  fee(inner: number): { staticFee: AlgoAmount; note: Uint8Array } {
    return { staticFee: AlgoAmount.MicroAlgo(TXN_FEE * BigInt(1 + inner)), note: this.note() }
  }

  /** Assets of (a, b) the DEX still has to opt into. */
  async newOptIns(a: bigint, b: bigint): Promise<number> {
    let n = 0
    for (const asset of [a, b]) {
      if (asset === 0n) continue
      try {
        await this.algorand.client.algod.accountAssetInformation(this.dexAddress, asset).do()
      } catch {
        n += 1
      }
    }
    return n
  }

  /** The DEX's minimum-balance increase for pool (a, b): box, LP asset and new opt-ins. */
  async poolMbr(a: bigint, b: bigint, tier = LEGACY_TIER): Promise<bigint> {
    return 2500n + 400n * (BigInt(poolBoxName(a, b, tier).length) + 136n) + 100_000n * BigInt(1 + (await this.newOptIns(a, b)))
  }

  /**
   * Sends the group `build` adds to a fresh composer. With `pad`, first simulates it unsigned and
   * appends bare NoOp calls to the DEX while the group runs out of opcode budget (each app call
   * adds 700 to the pooled budget), as the README's "Opcode budget" says callers do.
   */
  async run<T>(sender: User, build: (group: DexComposer) => unknown, pad = false): Promise<Sent<T>> {
    const compose = async (budgetCalls: number): Promise<Group> => {
      let group = build(this.dex.newGroup()) as Group
      for (let i = 0; i < budgetCalls; i++) {
        const noop = await this.algorand.createTransaction.appCall({ sender: sender.addr, appId: this.ids.dexAppId, ...this.fee(0) })
        group = group.addTransaction(noop, sender.signer) as Group
      }
      return group
    }
    let budgetCalls = 0
    while (pad && budgetCalls < MAX_BUDGET_CALLS) {
      const error = await (await compose(budgetCalls)).simulate({ skipSignatures: true }).then(
        () => undefined,
        (e: unknown) => e,
      )
      if (!(error instanceof Error) || !/budget exceeded/.test(errorChain(error))) break
      budgetCalls += 1
    }
    const opcodes = this.measure ? (await (await compose(budgetCalls)).simulate({ skipSignatures: true })).simulateResponse.txnGroups[0].appBudgetConsumed : undefined
    const result = await (await compose(budgetCalls)).send()
    const call = result.transactions.findIndex((t) => t.type === algosdk.TransactionType.appl)
    return {
      value: result.returns[0] as T,
      logs: result.confirmations[call]?.logs ?? [],
      fees: result.transactions.reduce((n, t) => n + t.fee, 0n),
      budgetCalls,
      opcodes,
    }
  }

  /** The box reference of the fee-tier menu (createPool and addFeeTier read it). */
  menuRef(): { name: Uint8Array; appId: bigint } {
    return { name: new TextEncoder().encode('t'), appId: this.ids.dexAppId }
  }

  /** Creates pool (a, b) in fee tier `tier` paying `mbr` (exactly the increase by default); returns the LP asset id. */
  async createPool(user: User, a: bigint, b: bigint, mbr?: bigint, tier = LEGACY_TIER): Promise<Sent<bigint>> {
    const exact = await this.poolMbr(a, b, tier)
    const pay = mbr ?? exact
    // opt-ins, the LP asset's creation and a refund of any excess
    const inner = (await this.newOptIns(a, b)) + 1 + (pay > exact ? 1 : 0)
    const refs = this.refs([[a, b, tier]])
    return this.run(user, (group) =>
      group.createPool({ sender: user.addr, args: { mbr: this.input(user, 0n, pay), a, b, feeBps: tier }, ...refs, boxReferences: [...refs.boxReferences, this.menuRef()], ...this.fee(inner) }),
    )
  }

  /** Adds `amountA`/`amountB` to pool (a, b); returns the LP minted. */
  async addLiquidity(user: User, a: bigint, b: bigint, amountA: bigint, amountB: bigint, minLp = 0n, tier = LEGACY_TIER): Promise<Sent<bigint>> {
    const { lpAsset } = await this.pool(a, b, tier)
    return this.run(
      user,
      (group) =>
        group.addLiquidity({
          sender: user.addr,
          args: { inA: this.input(user, a, amountA), inB: this.input(user, b, amountB), a, b, feeBps: tier, minLp },
          ...this.refs([[a, b, tier]], [lpAsset]),
          // LP out and at most one refund
          ...this.fee(2),
        }),
      true,
    )
  }

  /** Zaps `amount` of `assetIn` into pool (a, b), swapping `swapAmount` of it first; returns the LP minted. */
  async zap(user: User, a: bigint, b: bigint, assetIn: bigint, amount: bigint, swapAmount: bigint, minLp = 0n, tier = LEGACY_TIER): Promise<Sent<bigint>> {
    const { lpAsset } = await this.pool(a, b, tier)
    return this.run(
      user,
      (group) =>
        group.addLiquiditySingle({
          sender: user.addr,
          args: { input: this.input(user, assetIn, amount), a, b, feeBps: tier, swapAmount, minLp },
          ...this.refs([[a, b, tier]], [lpAsset]),
          ...this.fee(2),
        }),
      true,
    )
  }

  /** Burns `lp` of pool (a, b); returns the amounts received. */
  async removeLiquidity(user: User, a: bigint, b: bigint, lp: bigint, minA = 0n, minB = 0n, tier = LEGACY_TIER): Promise<Sent<[bigint, bigint]>> {
    const { lpAsset } = await this.pool(a, b, tier)
    const sentLp = await this.run<[bigint, bigint]>(
      user,
      (group) =>
        group.removeLiquidity({ sender: user.addr, args: { lp: this.input(user, lpAsset, lp), a, b, feeBps: tier, minA, minB }, ...this.refs([[a, b, tier]], [lpAsset]), ...this.fee(2) }),
      true,
    )
    return { ...sentLp, value: sentLp.value.map(BigInt) as [bigint, bigint] }
  }

  /** Swaps exactly `amountIn` of `assetIn` for at least `minOut` of `assetOut`; returns the output. */
  swapExactIn(user: User, assetIn: bigint, assetOut: bigint, amountIn: bigint, minOut = 0n, tier = LEGACY_TIER): Promise<Sent<bigint>> {
    return this.run(user, (group) =>
      group.swapExactIn({
        sender: user.addr,
        args: { input: this.input(user, assetIn, amountIn), assetOut, feeBps: tier, minOut },
        ...this.refs([[...sorted(assetIn, assetOut), tier]]),
        ...this.fee(1),
      }),
    )
  }

  /** Swaps at most `maxIn` of `assetIn` for exactly `amountOut` of `assetOut`; returns the input used. */
  swapExactOut(user: User, assetIn: bigint, assetOut: bigint, maxIn: bigint, amountOut: bigint, tier = LEGACY_TIER): Promise<Sent<bigint>> {
    return this.run(user, (group) =>
      // the output and a refund of the rest of the maximum
      group.swapExactOut({
        sender: user.addr,
        args: { input: this.input(user, assetIn, maxIn), assetOut, feeBps: tier, amountOut },
        ...this.refs([[...sorted(assetIn, assetOut), tier]]),
        ...this.fee(2),
      }),
    )
  }

  /** Swaps `amountIn` of `assetIn` along `path` (each hop in the tier `fees` names, 30 bps by default); returns the final output. */
  swapRoute(user: User, assetIn: bigint, path: bigint[], amountIn: bigint, minOut = 0n, fees: bigint[] = path.map(() => LEGACY_TIER)): Promise<Sent<bigint>> {
    const hops = [assetIn, ...path].slice(0, -1).map((x, i): PoolRef => [...sorted(x, path[i]), fees[i] ?? LEGACY_TIER])
    return this.run(
      user,
      (group) => group.swapRoute({ sender: user.addr, args: { input: this.input(user, assetIn, amountIn), path, fees, minOut }, ...this.routeRefs(hops, path[path.length - 1]), ...this.fee(1) }),
      true,
    )
  }

  /** Swaps at most `maxIn` of `assetIn` along `path` for exactly `amountOut` of its last asset; returns the input spent. */
  swapRouteExactOut(user: User, assetIn: bigint, path: bigint[], maxIn: bigint, amountOut: bigint, fees: bigint[] = path.map(() => LEGACY_TIER)): Promise<Sent<bigint>> {
    const hops = [assetIn, ...path].slice(0, -1).map((x, i): PoolRef => [...sorted(x, path[i]), fees[i] ?? LEGACY_TIER])
    return this.run(
      user,
      // the output and a refund of the rest of the maximum
      (group) =>
        group.swapRouteExactOut({ sender: user.addr, args: { input: this.input(user, assetIn, maxIn), path, fees, amountOut }, ...this.routeRefs(hops, path[path.length - 1], assetIn), ...this.fee(2) }),
      true,
    )
  }

  /** Balances of `assets` for each address, and every pool box named: to prove a rejection moved nothing. */
  async snapshot(addresses: (Address | User)[], assets: bigint[], pools: PoolRef[]): Promise<unknown> {
    const balances = await Promise.all(addresses.flatMap((who) => assets.map((asset) => this.balance(who, asset))))
    const boxes = await Promise.all(pools.map(([a, b, tier]) => this.poolBox(a, b, tier)))
    return { balances, boxes: boxes.map((b) => (b === undefined ? null : Buffer.from(b).toString('hex'))) }
  }

  /** Stops the localnet. */
  stop(): Promise<void> {
    return this.net.stop()
  }
}

/**
 * Every message along an error's `cause` chain. algokit-utils names a failure by the ARC-56 error
 * message at the failing pc, so an assert that ran out of budget reads as that assert's code; the
 * node's own text ("dynamic cost budget exceeded") is in the cause.
 */
export function errorChain(error: unknown): string {
  const parts: string[] = []
  for (let e = error; e instanceof Error && parts.length < 10; e = e.cause) parts.push(e.message)
  return parts.join('\n')
}

/** The pool key of two assets: (smaller, larger). */
export function sorted(x: bigint, y: bigint): [bigint, bigint] {
  return x < y ? [x, y] : [y, x]
}

/** Starts a localnet and deploys Grove on it with a fresh admin. */
export async function startGrove(): Promise<Grove> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  try {
    const algod = new URL(net.algod.url)
    const kmd = new URL(net.kmd.url)
    const algorand = AlgorandClient.fromConfig({
      algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: net.algod.token },
      kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: net.kmd.token },
    })
    const dispenser = withFastSigner(algorand, await algorand.account.localNetDispenser())
    const admin = withFastSigner(algorand, algorand.account.random())
    await algorand.account.ensureFunded(admin, dispenser.addr, AlgoAmount.Algo(10_000), { suppressLog: true })
    const ids = await deploy({ algorand, deployer: admin, network: 'localnet' })
    const dex = new DexClient({ algorand, appId: ids.dexAppId, defaultSender: admin.addr })
    const registry = new RegistryClient({ algorand, appId: ids.registryAppId, defaultSender: admin.addr })
    const vault = new VaultClient({ algorand, appId: ids.vaultAppId, defaultSender: admin.addr })
    return new Grove(net, algorand, dispenser, admin, ids, dex, registry, vault)
  } catch (e) {
    await net.stop()
    throw e
  }
}

/** The ARC-28 events named `name` that a call logged, decoded by the DEX's ARC-56 spec (or `contract`'s). */
export function events(logs: Uint8Array[] | undefined, name: string, contract: Arc56Contract = dexSpec): Record<string, unknown>[] {
  const spec = contract.events?.find((e) => e.name === name)
  if (!spec) throw new Error(`${contract.name} has no event ${name}`)
  // ARC-28: the first 4 bytes of SHA-512/256 of "Name(types)"
  const selector = createHash('sha512-256').update(`${name}(${spec.args.map((a) => a.type).join(',')})`).digest().subarray(0, 4)
  const tuple = algosdk.ABIType.from(`(${spec.args.map((a) => a.type).join(',')})`)
  return (logs ?? [])
    .filter((log) => log.length >= 4 && selector.every((x, i) => log[i] === x))
    .map((log) => {
      const values = tuple.decode(log.slice(4)) as unknown[]
      return Object.fromEntries(spec.args.map((a, i) => [a.name, values[i]]))
    })
}
