// @grove/sdk on demand. The SDK brings algosdk and the contract specs, which a page's first
// load must not carry (e2e/tests/bundle.spec.ts), so pages import only its types and load the
// module the first time a deployment needs it. Every transaction a page sends is built here
// from the SDK's builders, signed by the connected wallet and confirmed through algod.
import { queryOptions } from '@tanstack/react-query'
import type * as GroveSdkModule from '@grove/sdk'
import type * as AlgosdkModule from 'algosdk'
import type { Algodv2 } from 'algosdk'
import { algodAnswers, algodBaseUrl, algodClientOf } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import { readableError as readableWalletError } from '@/components/ui/toast/readable-error.ts'
import { preparedTx, signingParams } from './prepared.ts'
import type { PreparedTx, TxContext, TxResult } from './types.ts'

/** The SDK module. */
export type GroveSdk = typeof GroveSdkModule
export type { Pool, Route } from '@grove/sdk'
export type { Lock, Project } from '@grove/sdk'
type Pool = GroveSdkModule.Pool
type Route = GroveSdkModule.Route
type Lock = GroveSdkModule.Lock
type Project = GroveSdkModule.Project
/** A staking program with its id, as the staking app's box holds it. */
export type StakingProgram = GroveSdkModule.staking.ProgramRef
/** A staker's position in a program. */
export type StakingPosition = GroveSdkModule.staking.StakingPosition

/** What a farms or staking pools page asks the staking app to do (the SDK's union). */
export type StakingAction = GroveSdkModule.staking.StakingAction
/** What a lock page asks the Locks app to do (the SDK's union; the sender is the context's). */
export type LockAction = GroveSdkModule.LockAction
/** What a projects page asks the registry to do (the SDK's union). */
export type ProjectAction = GroveSdkModule.ProjectAction

/** The SDK and the DEX actions a page can send. */
export interface Dex {
  sdk: GroveSdk
  /** Words for any error a DEX action can raise (algod, the contract, the wallet). */
  readableError(error: unknown): string
  fetchPools(algod: AlgodConfig, dexAppId: number): Promise<Pool[]>
  optIn(ctx: TxContext, assetId: number): Promise<TxResult>
  /** Builds a route's group: exact in with `limit` as the minimum out, or exact out with `limit` as the most paid. */
  prepareSwap(ctx: TxContext, route: Route, limit: bigint): Promise<PreparedTx>
  /** Builds an add's group (to an existing pool, or the first deposit of an empty one) without sending it. */
  prepareAddLiquidity(ctx: TxContext, pool: Pool, x: number, amountX: bigint, amountY: bigint, minLp: bigint): Promise<PreparedTx>
  /** Builds a single-sided add's group without sending it. */
  prepareZap(ctx: TxContext, pool: Pool, assetIn: number, amount: bigint, swapAmount: bigint, minLp: bigint): Promise<PreparedTx>
  /** Builds the group that creates pool (x, y), empty; its first deposit is a second group (prepareAddLiquidity). */
  prepareCreatePool(ctx: TxContext, x: number, y: number): Promise<PreparedTx>
  /** Builds a remove's group without sending it. */
  prepareRemoveLiquidity(ctx: TxContext, pool: Pool, lp: bigint, minA: bigint, minB: bigint): Promise<PreparedTx>
  /** Builds a protocol admin action's group (registry methods, the DEX's per-pool fee) without sending it. */
  prepareAdmin(ctx: TxContext, action: GroveSdkModule.AdminAction): Promise<PreparedTx>
  /** The latest block's timestamp (seconds), what the next transaction's `global LatestTimestamp` is at least; `devMode` when blocks come only with transactions. */
  chainTime(algod: AlgodConfig): Promise<{ time: bigint; devMode: boolean }>
  /** The locks `owner` holds, listed by the owner index boxes' prefix. */
  fetchOwnerLocks(algod: AlgodConfig, lockAppId: number, owner: string): Promise<Lock[]>
  /** Every lock of `asset`, listed by the asset index boxes' prefix. */
  fetchAssetLocks(algod: AlgodConfig, lockAppId: number, asset: number): Promise<Lock[]>
  /** One lock by id, null when there is none. */
  fetchLock(algod: AlgodConfig, lockAppId: number, id: bigint): Promise<Lock | null>
  /** Every registered project, verified first. */
  fetchProjects(algod: AlgodConfig, registryAppId: number): Promise<Project[]>
  /** The project of `asset`, null when none is registered. */
  fetchProject(algod: AlgodConfig, registryAppId: number, asset: number): Promise<Project | null>
  /** Builds a lock action's group without sending it. */
  prepareLockAction(ctx: TxContext, action: LockAction): Promise<PreparedTx>
  /** Builds a project action's group without sending it. */
  prepareProjectAction(ctx: TxContext, action: ProjectAction): Promise<PreparedTx>
  /** Words for an error of a lock group (the Locks app's codes first). */
  readableLockError(error: unknown, lockAppId?: number): string
  /** Words for an error of a registry project group. */
  readableProjectError(error: unknown, registryAppId?: number): string
  /** Every program of the staking app. */
  fetchStakingPrograms(algod: AlgodConfig, stakingAppId: number): Promise<StakingProgram[]>
  /** Every position `staker` holds, keyed by program id (one box listing, then only the staker's boxes). */
  fetchStakingPositions(algod: AlgodConfig, stakingAppId: number, staker: string): Promise<Map<bigint, StakingPosition>>
  /** Builds a staking action's group without sending it. */
  prepareStakingAction(ctx: TxContext, action: StakingAction): Promise<PreparedTx>
  /** Words for an error of a staking group (the staking app's codes first). */
  readableStakingError(error: unknown, stakingAppId?: number): string
}

/** Loads the SDK and algosdk and binds the DEX actions to them. */
export async function loadDex(): Promise<Dex> {
  const [sdk, algosdk] = await Promise.all([import('@grove/sdk'), import('algosdk')])
  return bindDex(sdk, algosdk, (algod) => algodClientOf(algosdk, algod))
}

/** The one query holding the loaded SDK (it never goes stale). */
export function dexQuery() {
  return queryOptions({ queryKey: ['grove-sdk'], queryFn: loadDex, staleTime: Infinity, gcTime: Infinity, retry: 2 })
}

type Algosdk = typeof AlgosdkModule

function bindDex(sdk: GroveSdk, algosdk: Algosdk, client: (algod: AlgodConfig) => Algodv2): Dex {
  // Who signs, on which node, with the user's validity window (settings) as each transaction's last valid round.
  const signing = async (ctx: TxContext) => ({ algod: client(ctx.algod), sender: ctx.sender, signer: ctx.signer, suggestedParams: await signingParams(sdk, client(ctx.algod), ctx) })
  const context = async (ctx: TxContext): Promise<GroveSdkModule.DexContext> => ({
    ...(await signing(ctx)),
    dexAppId: BigInt(ctx.deployment.dexAppId),
    registryAppId: BigInt(ctx.deployment.registryAppId),
  })
  const send = async (ctx: TxContext, group: Promise<{ composer: AlgosdkModule.AtomicTransactionComposer }>): Promise<TxResult> => sdk.executeGroup(client(ctx.algod), (await group).composer)
  const prepare = async (ctx: TxContext, group: Promise<{ composer: AlgosdkModule.AtomicTransactionComposer; fee: bigint }>): Promise<PreparedTx> => preparedTx(sdk, client(ctx.algod), ctx.sender, await group)
  const ordered = (x: number, amountX: bigint, amountY: bigint, pool: Pool): [bigint, bigint] => (BigInt(x) === pool.a ? [amountX, amountY] : [amountY, amountX])

  const words = (explained: GroveSdkModule.ReadableError, error: unknown) => (explained.kind === 'unknown' ? readableWalletError(error) : explained.message)
  const lockGroup = async (ctx: TxContext, action: LockAction) => sdk.prepareLockAction({ ...(await signing(ctx)), lockAppId: BigInt(ctx.deployment.lockAppId ?? 0) }, action)
  const projectGroup = async (ctx: TxContext, action: ProjectAction) => sdk.prepareProjectAction({ ...(await signing(ctx)), registryAppId: BigInt(ctx.deployment.registryAppId) }, action)
  const stakingGroup = async (ctx: TxContext, action: StakingAction) =>
    sdk.staking.prepareStakingAction({ ...(await signing(ctx)), stakingAppId: BigInt(ctx.deployment.stakingAppId), registryAppId: BigInt(ctx.deployment.registryAppId) }, action)

  return {
    sdk,
    fetchStakingPrograms: (algod, stakingAppId) => sdk.staking.fetchPrograms(client(algod), BigInt(stakingAppId)),
    fetchStakingPositions: async (algod, stakingAppId, staker) => {
      const { boxes } = await client(algod).getApplicationBoxes(BigInt(stakingAppId)).do()
      const key = algosdk.decodeAddress(staker).publicKey
      // Position boxes are "s" ‖ uint64(program) ‖ staker: keep the staker's, read only those.
      const mine = boxes.map((b) => b.name).filter((n) => n.length === 41 && n[0] === 0x73 && key.every((byte, i) => n[9 + i] === byte))
      const ids = mine.map((n) => new DataView(n.buffer, n.byteOffset).getBigUint64(1))
      const read = await Promise.all(ids.map((id) => sdk.staking.fetchPosition(client(algod), BigInt(stakingAppId), id, staker)))
      return new Map(ids.flatMap((id, i) => (read[i] ? [[id, read[i]] as const] : [])))
    },
    prepareStakingAction: async (ctx, action) => {
      const built = await prepare(ctx, stakingGroup(ctx, action))
      if (action.kind !== 'create') return built
      // a new program pays its box and the app's opt-ins: the review shows it beside the fee
      const cost = await sdk.staking.programCreationCost(client(ctx.algod), BigInt(ctx.deployment.stakingAppId), action.terms)
      return { ...built, poolDeposit: cost.minBalance }
    },
    readableStakingError: (error, stakingAppId) => words(sdk.staking.explainStakingError(error, stakingAppId === undefined ? undefined : BigInt(stakingAppId)), error),
    readableError: (error) => words(sdk.explainError(error, sdk.grovePrograms()), error),
    readableLockError: (error, lockAppId) => words(sdk.explainLockError(error, lockAppId === undefined ? undefined : BigInt(lockAppId)), error),
    readableProjectError: (error, registryAppId) => words(sdk.explainProjectError(error, registryAppId === undefined ? undefined : BigInt(registryAppId)), error),
    chainTime: async (algod) => {
      const c = client(algod)
      const status = await c.status().do()
      const block = await c.block(status.lastRound).headerOnly(true).do()
      // A dev-mode node (the localnet) makes a block only for a transaction, and a transaction
      // runs at the previous block's time: there the clock stands still between transactions.
      // (Grove's localnet serves its clock; algod answers its dev-mode offset only once one is set,
      // so it is asked only when the localnet's clock is absent, and a public node sees neither probe
      // succeed: they are asked once per node and session)
      const devMode = await devModeOf(algod)
      return { time: BigInt(block.block.header.timestamp), devMode }
    },
    fetchOwnerLocks: (algod, lockAppId, owner) => sdk.listLocksByOwner(client(algod), BigInt(lockAppId), owner),
    fetchAssetLocks: (algod, lockAppId, asset) => sdk.listLocksByAsset(client(algod), BigInt(lockAppId), BigInt(asset)),
    fetchLock: async (algod, lockAppId, id) => (await sdk.fetchLock(client(algod), BigInt(lockAppId), id)) ?? null,
    fetchProjects: (algod, registryAppId) => sdk.listProjects(client(algod), BigInt(registryAppId)),
    fetchProject: async (algod, registryAppId, asset) => (await sdk.fetchProject(client(algod), BigInt(registryAppId), BigInt(asset))) ?? null,
    prepareLockAction: (ctx, action) => prepare(ctx, lockGroup(ctx, action)),
    prepareProjectAction: (ctx, action) => prepare(ctx, projectGroup(ctx, action)),
    fetchPools: (algod, dexAppId) => sdk.fetchPools(client(algod), BigInt(dexAppId)),
    optIn: async (ctx, assetId) => {
      const composer = new algosdk.AtomicTransactionComposer()
      const suggestedParams = await client(ctx.algod).getTransactionParams().do()
      const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: ctx.sender, receiver: ctx.sender, assetIndex: assetId, amount: 0n, suggestedParams })
      composer.addTransaction({ txn, signer: ctx.signer })
      return send(ctx, Promise.resolve({ composer }))
    },
    prepareSwap: async (ctx, route, limit) => prepare(ctx, sdk.buildSwap(await context(ctx), route, limit)),
    prepareAddLiquidity: async (ctx, pool, x, amountX, amountY, minLp) => {
      const [a, b] = ordered(x, amountX, amountY, pool)
      return prepare(ctx, sdk.buildAddLiquidity(await context(ctx), pool, a, b, minLp))
    },
    prepareZap: async (ctx, pool, assetIn, amount, swapAmount, minLp) => prepare(ctx, sdk.buildZap(await context(ctx), pool, BigInt(assetIn), amount, swapAmount, minLp)),
    prepareCreatePool: async (ctx, x, y) => {
      const c = await context(ctx)
      const [a, b] = x < y ? [BigInt(x), BigInt(y)] : [BigInt(y), BigInt(x)]
      const [built, cost] = await Promise.all([prepare(ctx, sdk.buildCreatePool(c, a, b)), sdk.poolCreationCost(c.algod, c.dexAppId, a, b)])
      return { ...built, poolDeposit: cost.minBalance }
    },
    prepareRemoveLiquidity: async (ctx, pool, lp, minA, minB) => prepare(ctx, sdk.buildRemoveLiquidity(await context(ctx), pool, lp, minA, minB)),
    prepareAdmin: async (ctx, action) => {
      const c = await context(ctx)
      const built = await sdk.buildAdminAction({ algod: c.algod, registryAppId: BigInt(ctx.deployment.registryAppId), dexAppId: c.dexAppId, sender: ctx.sender, signer: ctx.signer, suggestedParams: c.suggestedParams }, action)
      return { ...preparedTx(sdk, c.algod, ctx.sender, built), ...(built.topUp > 0n ? { poolDeposit: built.topUp } : {}) }
    },
  }
}

/** Whether a node makes blocks only for transactions (dev mode), asked once per node per session (again after a failed request). */
const devModes = new Map<string, Promise<boolean>>()
function devModeOf(algod: AlgodConfig): Promise<boolean> {
  const base = algodBaseUrl(algod)
  const known = devModes.get(base)
  if (known) return known
  const answers = (path: string) => algodAnswers(algod, path)
  const asked = answers('/grove/v1/clock/offset').then(async (grove) => grove || answers('/v2/devmode/blocks/offset'))
  devModes.set(base, asked)
  // an unreachable node is asked again next time; its answer then is the one kept
  return asked.catch(() => {
    devModes.delete(base)
    return false
  })
}
