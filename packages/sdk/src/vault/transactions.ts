// Builders of the vault's groups, on the one group builder (core/group.ts) like the DEX's: every group
// names its own resources and pays inner-transaction fees on the app call, min fee × (1 + inner
// transactions). Stake and unstake are a transfer and a call with one inner transfer: 3,000 µALGO.
// No action needs budget padding, so none is simulated for it.
import { ABIType, getApplicationAddress } from 'algosdk'
import type { Address, Algodv2, AtomicTransactionComposer, SuggestedParams, TransactionSigner } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { MethodCallParams } from '../core/group.ts'
import { poolBoxName } from '@grove/contracts/pool'
import { vaultMethod, observationBoxName } from './contract.ts'
import { buybackAmount, buybackMinOut, currentCumulative, OBSERVATION_BOX_MIN_BALANCE, VAULT_ASSET_MIN_BALANCE, type Cumulative, type PoolReading, type TwapHop, type TwapRefusal, type VaultTotals } from './math.ts'

/** Who acts on which vault, and how to sign. */
export interface VaultContext {
  algod: Algodv2
  vaultAppId: bigint
  dexAppId: bigint
  registryAppId: bigint
  groveAssetId: bigint
  sGroveAssetId: bigint
  sender: string | Address
  signer: TransactionSigner
  /** Reused when given (one fetch per group otherwise). */
  suggestedParams?: SuggestedParams
}

/** A built group and the µALGO of fees the sender pays for it. */
export interface VaultGroup {
  composer: AtomicTransactionComposer
  fee: bigint
}

const ordered = (x: bigint, y: bigint): [bigint, bigint] => (x < y ? [x, y] : [y, x])

/** The pools (a < b) a route from `asset` along `path` crosses. */
export function routePools(asset: bigint, path: readonly bigint[]): [bigint, bigint][] {
  return [asset, ...path].slice(0, -1).map((x, i) => ordered(x, path[i]!))
}

interface Call {
  method: string
  /** The transfer to the vault that comes first among the arguments, when the method takes one. */
  deposit?: { asset: bigint; amount: bigint }
  args: (bigint | bigint[] | [bigint, bigint][])[]
  inners: number
  assets?: bigint[]
  apps?: bigint[]
  boxes?: MethodCallParams['boxes']
}

async function build(ctx: VaultContext, c: Call): Promise<VaultGroup> {
  const group = await GroupBuilder.create(ctx)
  const deposit = c.deposit ? [group.deposit(getApplicationAddress(ctx.vaultAppId), c.deposit.asset, c.deposit.amount)] : []
  group.addMethodCall({ appId: ctx.vaultAppId, method: vaultMethod(c.method), args: [...deposit, ...c.args], inners: c.inners, assets: c.assets, apps: c.apps, boxes: c.boxes })
  const { composer, fee } = await group.build()
  return { composer, fee }
}

/** Stakes `amount` GROVE for at least `minShares` sGROVE (the sender must hold sGROVE: opt in first). */
export async function buildStake(ctx: VaultContext, amount: bigint, minShares: bigint): Promise<VaultGroup> {
  return build(ctx, { method: 'stake', deposit: { asset: ctx.groveAssetId, amount }, args: [minShares], inners: 1, assets: [ctx.groveAssetId, ctx.sGroveAssetId] })
}

/** Unstakes `amount` sGROVE for at least `minGrove` GROVE. */
export async function buildUnstake(ctx: VaultContext, amount: bigint, minGrove: bigint): Promise<VaultGroup> {
  return build(ctx, { method: 'unstake', deposit: { asset: ctx.sGroveAssetId, amount }, args: [minGrove], inners: 1, assets: [ctx.groveAssetId, ctx.sGroveAssetId] })
}

/** Opts the vault in to fee asset `asset`, paying its 0.1 ALGO. */
export async function buildOptInAsset(ctx: VaultContext, asset: bigint): Promise<VaultGroup> {
  return build(ctx, { method: 'optInAsset', deposit: { asset: 0n, amount: VAULT_ASSET_MIN_BALANCE }, args: [asset], inners: 1, assets: [asset] })
}

/**
 * Observes each pool (1–3 per group: a pool takes two box references of the 8), paying the boxes of
 * first observations; `fresh` is how many of them the vault has not observed yet (looked up when omitted).
 */
export async function buildObserve(ctx: VaultContext, pools: readonly [bigint, bigint][], fresh?: number): Promise<VaultGroup> {
  const keys = pools.map(([x, y]) => ordered(x, y))
  const newBoxes = fresh ?? (await Promise.all(keys.map(([a, b]) => fetchObservation(ctx.algod, ctx.vaultAppId, a, b)))).filter((o) => o === undefined).length
  return build(ctx, {
    method: 'observe',
    // a payment of 0 when every box exists: the method takes one either way
    deposit: { asset: 0n, amount: OBSERVATION_BOX_MIN_BALANCE * BigInt(newBoxes) },
    args: [keys],
    // one getPool call per pool
    inners: keys.length,
    apps: [ctx.dexAppId],
    boxes: keys.flatMap(([a, b]) => [
      observationBoxName(a, b),
      { appId: ctx.dexAppId, name: poolBoxName(a, b) },
    ]),
  })
}

/** Buys back the vault's whole balance of `asset` along `path` (ending in GROVE; 1–2 hops fit one call's references). */
export async function buildBuyback(ctx: VaultContext, asset: bigint, path: readonly bigint[]): Promise<VaultGroup> {
  const hops = routePools(asset, path)
  return build(ctx, {
    method: 'buyback',
    args: [asset, [...path]],
    // a getPool call per hop, the transfer to the DEX, the swapRoute call and its transfer of GROVE
    inners: hops.length + 3,
    apps: [ctx.dexAppId, ctx.registryAppId],
    assets: [asset, ctx.groveAssetId],
    boxes: hops.flatMap(([a, b]) => [
      observationBoxName(a, b),
      { appId: ctx.dexAppId, name: poolBoxName(a, b) },
    ]),
  })
}

// ---- reads ----

const OBSERVATION = ABIType.from('(uint256,uint256,uint64)')
const POOL_STATE = ABIType.from('(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)')

const missing = (e: unknown): boolean => {
  const status = (e as { status?: number; response?: { status?: number } }).status ?? (e as { response?: { status?: number } }).response?.status
  return status === 404
}

/** The vault's observation of pool (a, b), undefined when there is none. */
export async function fetchObservation(algod: Algodv2, vaultAppId: bigint, a: bigint, b: bigint): Promise<Cumulative | undefined> {
  try {
    const box = await algod.getApplicationBoxByName(vaultAppId, observationBoxName(a, b)).do()
    const [cumulativePriceA, cumulativePriceB, timestamp] = (OBSERVATION.decode(box.value) as (bigint | number)[]).map(BigInt)
    return { cumulativePriceA: cumulativePriceA!, cumulativePriceB: cumulativePriceB!, timestamp: timestamp! }
  } catch (e) {
    if (missing(e)) return undefined
    throw e
  }
}

/** What the vault reads of pool (a, b) through getPool; undefined when there is no pool. */
export async function fetchPoolReading(algod: Algodv2, dexAppId: bigint, a: bigint, b: bigint): Promise<PoolReading | undefined> {
  try {
    const box = await algod.getApplicationBoxByName(dexAppId, poolBoxName(a, b)).do()
    const f = (POOL_STATE.decode(box.value) as (bigint | number)[]).map(BigInt)
    return { reserveA: f[0]!, reserveB: f[1]!, feeBps: f[4]!, cumulativePriceA: f[8]!, cumulativePriceB: f[9]!, lastUpdate: f[10]! }
  } catch (e) {
    if (missing(e)) return undefined
    throw e
  }
}

/** The timestamp of the latest block: what the next group's app calls read as LatestTimestamp. */
export async function latestTimestamp(algod: Algodv2): Promise<bigint> {
  const { lastRound } = await algod.status().do()
  const block = await algod.block(lastRound).do()
  return BigInt(block.block.header.timestamp)
}

/** The vault's totals as its math uses them: its GROVE balance and its `shares` global. */
export async function fetchVaultTotals(algod: Algodv2, vaultAppId: bigint, groveAssetId: bigint): Promise<VaultTotals> {
  const [holding, app] = await Promise.all([
    algod.accountAssetInformation(getApplicationAddress(vaultAppId), groveAssetId).do(),
    algod.getApplicationByID(vaultAppId).do(),
  ])
  const entry = app.params?.globalState?.find((kv) => new TextDecoder().decode(kv.key) === 'shares')
  return { grove: holding.assetHolding?.amount ?? 0n, shares: BigInt(entry?.value.uint ?? 0) }
}

/** A buyback preview: the amount it swaps and its minimum out (or why the vault would refuse), as the vault computes them now. */
export async function previewBuyback(ctx: Pick<VaultContext, 'algod' | 'vaultAppId' | 'dexAppId'>, asset: bigint, path: readonly bigint[]): Promise<{ amount: bigint; minOut: bigint | TwapRefusal }> {
  const vault = getApplicationAddress(ctx.vaultAppId)
  let amount: bigint
  if (asset === 0n) {
    const info = await ctx.algod.accountInformation(vault).do()
    amount = buybackAmount(0n, info.amount, info.minBalance)
  } else {
    amount = await ctx.algod
      .accountAssetInformation(vault, asset)
      .do()
      .then((h) => h.assetHolding?.amount ?? 0n, () => 0n)
  }
  const now = await latestTimestamp(ctx.algod)
  let from = asset
  const hops: (TwapHop | undefined)[] = []
  for (const to of path) {
    const [a, b] = ordered(from, to)
    const [observation, pool] = await Promise.all([fetchObservation(ctx.algod, ctx.vaultAppId, a, b), fetchPoolReading(ctx.algod, ctx.dexAppId, a, b)])
    hops.push(observation && pool ? { assetIn: from, assetOut: to, observation, current: currentCumulative(pool, now), feeBps: pool.feeBps } : undefined)
    from = to
  }
  return { amount, minOut: buybackMinOut(amount, hops) }
}
