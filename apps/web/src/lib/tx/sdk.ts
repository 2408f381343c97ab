// @grove/sdk on demand. The SDK brings algosdk and the contract specs, which a page's first load
// must not carry (e2e/tests/bundle.spec.ts), so pages import only its types and load the module the
// first time a deployment needs it. Every contract action goes through the SDK's one object per
// contract (`prepareAction(contract, ctx, action)` over the one context), becomes a PreparedTx here,
// and is signed by the connected wallet through the one runner (use-transaction.ts).
import { queryOptions } from '@tanstack/react-query'
import type * as GroveSdkModule from '@grove/sdk'
import type { PoolBook as RouteBook, RoutePlan } from '@grove/sdk/venues'
import { algodBaseUrl, algodClient, algodGet, latestBlock } from '../algod.ts'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { readableError } from '@/lib/toast/readable-error.ts'
import { preparedGroupsTx, preparedTx, signingParams } from './prepared.ts'
import type { PreparedTx, TxContext, TxResult } from './types.ts'

/** The SDK module. */
export type GroveSdk = typeof GroveSdkModule
export type { ContractName, Lock, Pool, Project, Route } from '@grove/sdk'
/** A staking program with its id, as the staking app's box holds it. */
export type StakingProgram = GroveSdkModule.staking.ProgramRef
/** A staker's position in a program. */
export type StakingPosition = GroveSdkModule.staking.StakingPosition
/** What a page asks contract `K` to do (the SDK module's Action union). */
export type ContractAction<K extends GroveSdkModule.ContractName> = GroveSdkModule.ContractAction<K>
/** What a farms or staking pools page asks the staking app to do. */
export type StakingAction = GroveSdkModule.staking.StakingAction
/** What a lock page asks the Locks app to do (the sender is the context's). */
export type LockAction = GroveSdkModule.LockAction
/** What a projects page asks the registry to do. */
export type ProjectAction = GroveSdkModule.ProjectAction
/** What the stake page asks the vault to do; each minimum is what the page promised. */
export type VaultAction = GroveSdkModule.VaultAction

/** Loads the SDK (and algosdk with it), after the Buffer global that algokit-utils inside it calls. */
export const loadSdk = (): Promise<GroveSdk> => import('@/polyfills.ts').then(() => import('@grove/sdk'))

/** The one query holding the loaded SDK (it never goes stale). */
export function sdkQuery() {
  return queryOptions({ queryKey: ['grove-sdk'], queryFn: loadSdk, staleTime: Infinity, gcTime: Infinity, retry: 2 })
}

/** Runs `read` with the SDK and a contract module's reader (the node's one algosdk client and the deployment's ids), loaded on demand. */
export async function withReader<T>(algod: AlgodConfig, deployment: Deployment, read: (sdk: GroveSdk, reader: GroveSdkModule.GroveReader) => Promise<T>): Promise<T> {
  const [sdk, client] = await Promise.all([loadSdk(), algodClient(algod)])
  return read(sdk, { algod: client, ids: sdk.deploymentIds(deployment) })
}

/** The SDK's one context for `ctx`: its node, deployment and signer, with the user's validity window (settings). */
export async function groveContextOf(sdk: GroveSdk, ctx: TxContext): Promise<GroveSdkModule.GroveContext> {
  // pages gate every Grove action on the deployment; this is the backstop in words
  if (!ctx.deployment) throw new Error('This needs a Grove deployment on this network, and there is none.')
  const algod = await algodClient(ctx.algod)
  return sdk.groveContext(ctx.deployment, { algod, sender: ctx.sender, signer: ctx.signer, suggestedParams: await signingParams(sdk, algod, ctx) })
}

/** What the page already knows that spares the SDK a read (the context's planning hints). */
export type PrepareHints = Pick<GroveSdkModule.GroveContext, 'heldAssets'>

/** Builds an action of contract `contract` through its SDK object: the one prepare of every page (an action spanning several groups signs them in one request). */
export async function prepareContractAction<K extends GroveSdkModule.ContractName>(sdk: GroveSdk, ctx: TxContext, contract: K, action: ContractAction<K>, hints: PrepareHints = {}): Promise<PreparedTx> {
  const c = { ...(await groveContextOf(sdk, ctx)), ...hints }
  const built = await sdk.prepareAction(contract, c, action)
  const prepared = 'groups' in built ? preparedGroupsTx(sdk, c.algod, ctx, built) : preparedTx(sdk, c.algod, ctx.sender, built)
  return { ...prepared, ...(built.minBalance > 0n ? { poolDeposit: built.minBalance } : {}) }
}

/**
 * Builds a plan of the venues' router (@grove/sdk/venues, which builds its group) as a plain group over
 * the node, deployed Grove or not (a route on Tinyman alone needs no Grove app), in the user's validity window.
 */
export async function prepareRoute(sdk: GroveSdk, ctx: TxContext, book: RouteBook, plan: RoutePlan, limit: bigint): Promise<PreparedTx> {
  const [venues, group] = await Promise.all([import('@grove/sdk/venues'), plainGroup(sdk, ctx)])
  await venues.buildRoute(group, book, plan, limit)
  return preparedTx(sdk, group.ctx.algod, ctx.sender, await group.build())
}

/** The SDK's group builder for a group outside Grove's contracts, over the node's one client with the user's validity window (settings). */
async function plainGroup(sdk: GroveSdk, ctx: TxContext): Promise<GroveSdkModule.GroupBuilder> {
  const algod = await algodClient(ctx.algod)
  return sdk.GroupBuilder.create({ algod, sender: ctx.sender, signer: ctx.signer, suggestedParams: await signingParams(sdk, algod, ctx) })
}

const words = (explained: GroveSdkModule.ReadableError, error: unknown) => (explained.kind === 'unknown' ? readableError(error) : explained.message)

/**
 * Words for a failed transaction once the SDK is loaded: with `contract`, that contract's codes first
 * (by app id when the deployment is given), else every Grove program's (the DEX first); algod's, the
 * AVM's and the wallet's texts too. Anything else is worded as any failure (readableError).
 */
export function readableTxError(sdk: GroveSdk, error: unknown, contract?: GroveSdkModule.ContractName, deployment?: TxContext['deployment'] | null): string {
  if (!contract) return words(sdk.explainError(error, sdk.grovePrograms()), error)
  const explained = sdk.CONTRACT_MODULES[contract].explain(error, deployment ? sdk.deploymentIds(deployment) : undefined)
  return words(explained, error)
}

/** Opts the sender into `assetId` (a plain 0-amount transfer to itself, in the user's validity window), signed and confirmed. */
export async function optIn(sdk: GroveSdk, ctx: TxContext, assetId: number): Promise<TxResult> {
  const group = await plainGroup(sdk, ctx)
  const built = await group.addAssetOptIn(BigInt(assetId)).build()
  return sdk.executeGroup(group.ctx.algod, built.composer)
}

/** The latest block's timestamp (seconds), what the next transaction's `global LatestTimestamp` is at least; `devMode` when blocks come only with transactions. */
export async function chainTime(algod: AlgodConfig): Promise<{ time: bigint; devMode: boolean }> {
  const { time } = await latestBlock(await algodClient(algod))
  // A dev-mode node (the localnet) makes a block only for a transaction, and a transaction runs at
  // the previous block's time: there the clock stands still between transactions. (algod's /genesis
  // says `devmode`, as AlgoKit LocalNet's and Grove's localnet do; Grove's /grove/v1 is never served
  // to a page; asked once per node and session)
  const devMode = await devModeOf(algod)
  return { time, devMode }
}

/** Whether a node makes blocks only for transactions (dev mode), asked once per node per session (again after a failed request). */
const devModes = new Map<string, Promise<boolean>>()
function devModeOf(algod: AlgodConfig): Promise<boolean> {
  const base = algodBaseUrl(algod)
  const known = devModes.get(base)
  if (known) return known
  const asked = algodGet<{ devmode?: boolean }>(algod, '/genesis').then((genesis) => genesis.devmode === true)
  devModes.set(base, asked)
  // an unreachable node is asked again next time; its answer then is the one kept
  return asked.catch(() => {
    devModes.delete(base)
    return false
  })
}
