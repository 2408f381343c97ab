// Builders of the vault's groups, on the one group builder (core/group.ts) like the DEX's: every group
// names its own resources and pays inner-transaction fees on the app call, min fee × (1 + inner
// transactions). Stake and unstake are a transfer and a call with one inner transfer: 3,000 µALGO.
// No action needs budget padding, so none is simulated for it.
import { ABIType, encodeAddress, getApplicationAddress, makeApplicationNoOpTxnFromObject } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import { decodeRegistryGlobals } from '../registry/globals.ts'
import type { ComposedGroup, MethodCallParams } from '../core/group.ts'
import type { GroveContext, GroveReader } from '../core/context.ts'
import { poolBoxName } from '@grove/contracts/pool'
import { vaultCall, observationBoxName, pathBoxName } from './spec.ts'
import type { TypedCall } from '../core/arc56.ts'
import type { TxnArg } from '../core/group.ts'
import {
  buybackAmount,
  buybackMinOut,
  currentCumulative,
  OBSERVATION_BOX_MIN_BALANCE,
  pathBoxMinBalance,
  VAULT_ASSET_MIN_BALANCE,
  vaultStreamAt,
  vaultTotalsAt,
  type Cumulative,
  type PoolReading,
  type TwapHop,
  type TwapRefusal,
  type VaultState,
  type VaultStream,
  type VaultTotals,
} from './math.ts'
import { readGlobalState } from '../core/global-state.ts'
import { latestTimestamp } from '../core/block-time.ts'

const ordered = (x: bigint, y: bigint): [bigint, bigint] => (x < y ? [x, y] : [y, x])

/** The pools (a < b) a route from `asset` along `path` crosses. */
export function routePools(asset: bigint, path: readonly bigint[]): [bigint, bigint][] {
  return [asset, ...path].slice(0, -1).map((x, i) => ordered(x, path[i]!))
}

interface Call {
  /** The typed call, given `pay`: a transfer of `amount` of `asset` (0 = ALGO) to the vault, as an argument. */
  call: (pay: (asset: bigint, amount: bigint) => TxnArg) => TypedCall
  inners: number
  assets?: bigint[]
  apps?: bigint[]
  boxes?: MethodCallParams['boxes']
}

async function build(ctx: GroveContext, c: Call): Promise<ComposedGroup> {
  const group = await GroupBuilder.create(ctx)
  const pay = (asset: bigint, amount: bigint) => group.deposit(getApplicationAddress(ctx.ids.vaultAppId), asset, amount)
  group.addMethodCall({ appId: ctx.ids.vaultAppId, ...c.call(pay), inners: c.inners, assets: c.assets, apps: c.apps, boxes: c.boxes })
  const { composer, fee } = await group.build()
  return { composer, fee }
}

/** Stakes `amount` GROVE for at least `minShares` sGROVE (the sender must hold sGROVE: opt in first). */
export async function buildStake(ctx: GroveContext, amount: bigint, minShares: bigint): Promise<ComposedGroup> {
  return build(ctx, { call: (pay) => vaultCall('stake', [pay(ctx.ids.groveAssetId, amount), minShares]), inners: 1, assets: [ctx.ids.groveAssetId, ctx.ids.sGroveAssetId] })
}

/** Unstakes `amount` sGROVE for at least `minGrove` GROVE. */
export async function buildUnstake(ctx: GroveContext, amount: bigint, minGrove: bigint): Promise<ComposedGroup> {
  return build(ctx, { call: (pay) => vaultCall('unstake', [pay(ctx.ids.sGroveAssetId, amount), minGrove]), inners: 1, assets: [ctx.ids.groveAssetId, ctx.ids.sGroveAssetId] })
}

/** Opts the vault in to fee asset `asset`, paying its 0.1 ALGO. */
export async function buildOptInAsset(ctx: GroveContext, asset: bigint): Promise<ComposedGroup> {
  return build(ctx, { call: (pay) => vaultCall('optInAsset', [pay(0n, VAULT_ASSET_MIN_BALANCE), asset]), inners: 1, assets: [asset] })
}

/**
 * Observes each pool (1–3 per group: a pool takes two box references of the 8), paying the boxes of
 * first observations (a ring of 4 each); a pool observed less than 10 minutes ago is refused; `fresh` is how many of them the vault has not observed yet (looked up when omitted).
 */
export async function buildObserve(ctx: GroveContext, pools: readonly [bigint, bigint][], fresh?: number): Promise<ComposedGroup> {
  const keys = pools.map(([x, y]) => ordered(x, y))
  const newBoxes = fresh ?? (await Promise.all(keys.map(([a, b]) => fetchObservation(ctx.algod, ctx.ids.vaultAppId, a, b)))).filter((o) => o === undefined).length
  return build(ctx, {
    // a payment of 0 when every box exists: the method takes one either way
    call: (pay) => vaultCall('observe', [pay(0n, OBSERVATION_BOX_MIN_BALANCE * BigInt(newBoxes)), keys]),
    // one getPool call per pool
    inners: keys.length,
    apps: [ctx.ids.dexAppId],
    boxes: keys.flatMap(([a, b]) => [
      observationBoxName(a, b),
      { appId: ctx.ids.dexAppId, name: poolBoxName(a, b) },
    ]),
  })
}

/**
 * Buys back the vault's whole balance of `asset` along the path the protocol admin set for it (looked
 * up when `path` is omitted; the call only names it in its references). A call carries 8 references:
 * the DEX and the registry, the asset and GROVE, then the path's box and two boxes per hop; the boxes
 * that do not fit (from 2 hops on, 1 more µALGO·1,000) ride on a DEX no-op in the same group.
 */
export async function buildBuyback(ctx: GroveContext, asset: bigint, path?: readonly bigint[]): Promise<ComposedGroup> {
  const route = path ?? (await fetchBuybackPath(ctx.algod, ctx.ids.vaultAppId, asset)) ?? [ctx.ids.groveAssetId]
  const hops = routePools(asset, route)
  const boxes: NonNullable<MethodCallParams['boxes']> = [
    pathBoxName(asset),
    ...hops.flatMap(([a, b]) => [observationBoxName(a, b), { appId: ctx.ids.dexAppId, name: poolBoxName(a, b) }]),
  ]
  const assets = [asset, ctx.ids.groveAssetId].filter((x) => x !== 0n)
  const room = 8 - 2 - assets.length
  const group = await GroupBuilder.create(ctx)
  group.addMethodCall({
    appId: ctx.ids.vaultAppId,
    ...vaultCall('buyback', [asset]),
    // a getPool call per hop, the transfer to the DEX, the swapRoute call and its transfer of GROVE
    inners: hops.length + 3,
    apps: [ctx.ids.dexAppId, ctx.ids.registryAppId],
    assets,
    boxes: boxes.slice(0, room),
  })
  const extra = boxes.slice(room)
  if (extra.length > 0) {
    // a DEX no-op (its bare budget call) carries the rest: group resource sharing lends them to the buyback
    const note = group.note()
    group.addTransaction(() =>
      makeApplicationNoOpTxnFromObject({
        sender: ctx.sender,
        appIndex: ctx.ids.dexAppId,
        foreignApps: [ctx.ids.vaultAppId],
        boxes: extra.map((box) => (box instanceof Uint8Array ? { appIndex: ctx.ids.vaultAppId, name: box } : { appIndex: box.appId, name: box.name })),
        suggestedParams: group.suggested(),
        note,
      }),
    )
  }
  const { composer, fee } = await group.build()
  return { composer, fee }
}

/**
 * The protocol admin sets the buyback path of `asset` (the assets after it, 1–4 hops ending in GROVE;
 * an empty path removes it): pays the box's growth, and the vault refunds a box that shrinks or goes.
 * `existing` is the path set now (null: none; looked up when omitted).
 */
export async function buildSetBuybackPath(ctx: GroveContext, asset: bigint, path: readonly bigint[], existing?: readonly bigint[] | null): Promise<ComposedGroup> {
  // the path set now (null: none), looked up when not given
  const old = existing === undefined ? await fetchBuybackPath(ctx.algod, ctx.ids.vaultAppId, asset) : (existing ?? undefined)
  const oldHops = old?.length ?? 0
  const grow = path.length > oldHops ? (old === undefined ? pathBoxMinBalance(path.length) : 400n * 8n * BigInt(path.length - oldHops)) : 0n
  const hops = path.length > 0 ? routePools(asset, path) : []
  return build(ctx, {
    call: (pay) => vaultCall('setBuybackPath', [pay(0n, grow), asset, [...path]]),
    // a getPool call per hop, and the refund of a box that shrinks or goes
    inners: hops.length + (path.length < oldHops ? 1 : 0),
    apps: [ctx.ids.dexAppId, ctx.ids.registryAppId],
    boxes: [pathBoxName(asset), ...hops.map(([a, b]) => ({ appId: ctx.ids.dexAppId, name: poolBoxName(a, b) }))],
  })
}

// ---- reads ----

const POOL_STATE = ABIType.from('(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)')

const missing = (e: unknown): boolean => {
  const status = (e as { status?: number; response?: { status?: number } }).status ?? (e as { response?: { status?: number } }).response?.status
  return status === 404
}

const RING = ABIType.from('(uint256,uint256,uint64,address)[4]')
const PATH = ABIType.from('uint64[]')

/** The vault's ring of observations of pool (a, b) (4 slots; an empty one has timestamp 0), undefined when there is none. */
export async function fetchObservations(algod: Algodv2, vaultAppId: bigint, a: bigint, b: bigint): Promise<Cumulative[] | undefined> {
  try {
    const box = await algod.getApplicationBoxByName(vaultAppId, observationBoxName(a, b)).do()
    return (RING.decode(box.value) as (bigint | number | string)[][]).map((o) => ({
      cumulativePriceA: BigInt(o[0]!),
      cumulativePriceB: BigInt(o[1]!),
      timestamp: BigInt(o[2]!),
      observer: String(o[3]!),
    }))
  } catch (e) {
    if (missing(e)) return undefined
    throw e
  }
}

/** The vault's newest observation of pool (a, b), undefined when there is none. */
export async function fetchObservation(algod: Algodv2, vaultAppId: bigint, a: bigint, b: bigint): Promise<Cumulative | undefined> {
  const ring = await fetchObservations(algod, vaultAppId, a, b)
  return ring?.reduce((x, y) => (y.timestamp > x.timestamp ? y : x))
}

/** The buyback path the protocol admin set for `asset` (the assets after it, ending in GROVE), undefined when none. */
export async function fetchBuybackPath(algod: Algodv2, vaultAppId: bigint, asset: bigint): Promise<bigint[] | undefined> {
  try {
    const box = await algod.getApplicationBoxByName(vaultAppId, pathBoxName(asset)).do()
    return (PATH.decode(box.value) as (bigint | number)[]).map(BigInt)
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

/** What the vault's share math reads (its GROVE balance, `booked`, `shares` and the stream's globals) and the latest block's timestamp. */
export async function fetchVaultState(algod: Algodv2, vaultAppId: bigint, groveAssetId: bigint): Promise<{ state: VaultState; now: bigint }> {
  const [holding, app, now] = await Promise.all([
    algod.accountAssetInformation(getApplicationAddress(vaultAppId), groveAssetId).do(),
    readGlobalState(algod, vaultAppId),
    latestTimestamp(algod),
  ])
  const global = (key: string) => app.uint(key) ?? 0n
  return {
    state: {
      balance: holding.assetHolding?.amount ?? 0n,
      booked: global('booked'),
      shares: global('shares'),
      streamLocked: global('streamLocked'),
      streamStart: global('streamStart'),
      streamEnd: global('streamEnd'),
    },
    now,
  }
}

/**
 * The vault's totals as its math uses them now (as `totals()` reads them): the GROVE behind the shares
 * (booked less the stream's locked part) and its `shares` global. The next block's rate can only be
 * higher (more of the stream unlocked), so a stake previewed from these mints at most the preview.
 */
export async function fetchVaultTotals(algod: Algodv2, vaultAppId: bigint, groveAssetId: bigint): Promise<VaultTotals> {
  const { state, now } = await fetchVaultState(algod, vaultAppId, groveAssetId)
  return vaultTotalsAt(state, now)
}

/** The stream now (as `stream()` and `rate()` read it): GROVE still locked, its end, the rate now and at the end. */
export async function fetchVaultStream(algod: Algodv2, vaultAppId: bigint, groveAssetId: bigint): Promise<VaultStream> {
  const { state, now } = await fetchVaultState(algod, vaultAppId, groveAssetId)
  return vaultStreamAt(state, now)
}

/** A buyback preview along the admin's path (or `path`): the amount it swaps and its minimum out (or why the vault would refuse), as the vault computes them now. */
export async function previewBuyback(ctx: GroveReader, asset: bigint, path?: readonly bigint[]): Promise<{ amount: bigint; minOut: bigint | TwapRefusal | 'no-path' }> {
  const route = path ?? (await fetchBuybackPath(ctx.algod, ctx.ids.vaultAppId, asset))
  const vault = getApplicationAddress(ctx.ids.vaultAppId)
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
  if (!route) return { amount, minOut: 'no-path' }
  // the keeper (the registry's admin) may observe alone; anyone else needs a second observer within the hour (ERR:ONE_OBSERVER)
  const [now, admin] = await Promise.all([latestTimestamp(ctx.algod), readGlobalState(ctx.algod, ctx.ids.registryAppId).then((g) => decodeRegistryGlobals(g).admin)])
  const keeper = admin.length === 32 ? encodeAddress(admin) : undefined
  let from = asset
  const hops: (TwapHop | undefined)[] = []
  for (const to of route) {
    const [a, b] = ordered(from, to)
    const [observations, pool] = await Promise.all([fetchObservations(ctx.algod, ctx.ids.vaultAppId, a, b), fetchPoolReading(ctx.algod, ctx.ids.dexAppId, a, b)])
    hops.push(observations && pool ? { assetIn: from, assetOut: to, observations, current: currentCumulative(pool, now), feeBps: pool.feeBps, keeper } : undefined)
    from = to
  }
  return { amount, minOut: buybackMinOut(amount, hops) }
}
