// Idempotent deployment of Grove: mints the GROVE platform token once, then runs one deploy step per
// contract in the order of CONTRACTS (DEPLOY_STEPS, keyed by contract name: a contract without a step
// fails to compile). Each step finds or creates its app (ARC-2 deploy notes, found by creator and app
// name, bound to the ids before it) and funds its minimum balance; the vault's also bootstraps sGROVE
// and makes the vault the registry's treasury. Running it again on the same network changes nothing.
import { getApplicationAddress, type Address } from 'algosdk'
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import type { AppFactory } from '@algorandfoundation/algokit-utils/types/app-factory'
import type { AppLookup, AppMetadata } from '@algorandfoundation/algokit-utils/types/app-deployer'
import { DexFactory } from '../clients/DexClient.ts'
import { LocksClient, LocksFactory } from '../clients/LocksClient.ts'
import { OrdersFactory } from '../clients/OrdersClient.ts'
import { RegistryClient, RegistryFactory } from '../clients/RegistryClient.ts'
import { StableFactory } from '../clients/StableClient.ts'
import { StakingFactory } from '../clients/StakingClient.ts'
import { VaultFactory, type VaultClient } from '../clients/VaultClient.ts'
import { CONTRACTS, deploymentIds, deploymentRecord, type ContractName, type DeploymentIds, type NetworkName } from './deployment.ts'
import { verifiedBoxName } from './pool.ts'

export { verifiedBoxName }
export { NETWORKS, type NetworkName } from './deployment.ts'

/** The GROVE platform token: 100,000,000 GROVE with 6 decimals, created once per network. */
export const GROVE_TOKEN = {
  assetName: 'Grove',
  unitName: 'GROVE',
  decimals: 6,
  total: 100_000_000n * 10n ** 6n,
  url: 'https://grove.finance',
} as const

/** What `deploy` needs: a client on the target network and the account that creates everything. */
export interface DeployParams {
  algorand: AlgorandClient
  deployer: TransactionSignerAccount
  network: NetworkName
}

/** The ids of a Grove deployment (the deployment record's, as bigints). */
export type DeployResult = DeploymentIds

/** Minimum balance of a verified-token box: 2,500 + 400 × (9-byte name + empty value). */
const VERIFIED_BOX_MBR = 2_500n + 400n * 9n

/** What a deploy step sees: the network's client, the deployer and the ids made before it. */
export interface DeployContext {
  algorand: AlgorandClient
  deployer: TransactionSignerAccount
  /** Ids of the steps run so far (the contracts before this one in `CONTRACTS`), GROVE's and the first round. */
  ids: Partial<DeploymentIds>
}

/** One contract's deploy: finds or creates its app (bound to the ids before it), funded; returns its ids. */
export type DeployStep = (ctx: DeployContext) => Promise<Partial<DeploymentIds>>

const COMMON = { onUpdate: 'append', onSchemaBreak: 'append', suppressLog: true, populateAppCallResources: false } as const

/** An id an earlier step made (a step needing one made later is a bug in the list's order). */
function idOf(ctx: DeployContext, key: keyof DeploymentIds): bigint {
  const id = ctx.ids[key]
  if (typeof id !== 'bigint') throw new Error(`deploy: ${key} is needed before it is made (see the order of CONTRACTS)`)
  return id
}

const fund = (ctx: DeployContext, address: Address) => ctx.algorand.account.ensureFunded(address, ctx.deployer.addr, AlgoAmount.MicroAlgo(0n), { suppressLog: true })

/** Each contract's deploy step, run in the order of `CONTRACTS`; a contract without one fails to compile. */
export const DEPLOY_STEPS: Record<ContractName, DeployStep> = {
  async Registry(ctx) {
    const factory = ctx.algorand.client.getTypedAppFactory(RegistryFactory, { defaultSender: ctx.deployer.addr })
    const { appClient } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: [] },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory),
    })
    await fund(ctx, appClient.appAddress)
    return { registryAppId: appClient.appId }
  },
  async Dex(ctx) {
    const registryAppId = idOf(ctx, 'registryAppId')
    const factory = ctx.algorand.client.getTypedAppFactory(DexFactory, { defaultSender: ctx.deployer.addr })
    // a DEX bound to an earlier registry is not this deployment's DEX
    const boundHere = async (appId: bigint): Promise<boolean> => (await factory.getAppClientById({ appId }).state.global.registry()) === registryAppId
    const { appClient } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: { registryApp: registryAppId } },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory, boundHere),
    })
    await fund(ctx, appClient.appAddress)
    return { dexAppId: appClient.appId }
  },
  async Locks(ctx) {
    const dexAppId = idOf(ctx, 'dexAppId')
    const factory = ctx.algorand.client.getTypedAppFactory(LocksFactory, { defaultSender: ctx.deployer.addr })
    const boundHere = async (appId: bigint): Promise<boolean> => (await factory.getAppClientById({ appId }).state.global.dex()) === dexAppId
    const { appClient } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: { dexApp: dexAppId } },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory, boundHere),
    })
    await fund(ctx, appClient.appAddress)
    return { lockAppId: appClient.appId }
  },
  async Staking(ctx) {
    const [registryAppId, dexAppId] = [idOf(ctx, 'registryAppId'), idOf(ctx, 'dexAppId')]
    const factory = ctx.algorand.client.getTypedAppFactory(StakingFactory, { defaultSender: ctx.deployer.addr })
    const boundHere = async (appId: bigint): Promise<boolean> => {
      const state = await factory.getAppClientById({ appId }).state.global.getAll()
      return state.registry === registryAppId && state.dex === dexAppId
    }
    const { appClient } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: { registryApp: registryAppId, dexApp: dexAppId } },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory, boundHere),
    })
    await fund(ctx, appClient.appAddress)
    return { stakingAppId: appClient.appId }
  },
  /** The vault, its sGROVE, and the registry set up with the vault as treasury (the vault is the last contract). */
  async Vault(ctx) {
    const [dexAppId, groveAssetId] = [idOf(ctx, 'dexAppId'), idOf(ctx, 'groveAssetId')]
    const factory = ctx.algorand.client.getTypedAppFactory(VaultFactory, { defaultSender: ctx.deployer.addr })
    // a vault of another DEX or token is not this deployment's vault
    const boundHere = async (appId: bigint): Promise<boolean> => {
      const state = await factory.getAppClientById({ appId }).state.global.getAll()
      return state.dex === dexAppId && state.grove === groveAssetId
    }
    const { appClient: vault } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: { dexApp: dexAppId, groveAsset: groveAssetId } },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory, boundHere),
    })
    await fund(ctx, vault.appAddress)
    const sGroveAssetId = await bootstrapVault(ctx.algorand, vault, ctx.deployer, groveAssetId)
    const registry = ctx.algorand.client.getTypedAppClientById(RegistryClient, { appId: idOf(ctx, 'registryAppId'), defaultSender: ctx.deployer.addr })
    await setUpRegistry(ctx.algorand, registry, ctx.deployer, groveAssetId, vault.appAddress)
    return { vaultAppId: vault.appId, sGroveAssetId }
  },
  /** Limit and recurring orders, bound to the DEX (recurring fills read its pools' cumulative prices; its registry pauses, sets the fee and holds the treasury); the app's ALGO fee box made once. */
  async Orders(ctx) {
    const dexAppId = idOf(ctx, 'dexAppId')
    const factory = ctx.algorand.client.getTypedAppFactory(OrdersFactory, { defaultSender: ctx.deployer.addr })
    const boundHere = async (appId: bigint): Promise<boolean> => (await factory.getAppClientById({ appId }).state.global.getAll()).dex === dexAppId
    const { appClient } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: { dexApp: dexAppId } },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory, boundHere),
    })
    await fund(ctx, appClient.appAddress)
    const algoFeeBox = new Uint8Array([0x66, 0, 0, 0, 0, 0, 0, 0, 0])
    const hasFeeBox = (await ctx.algorand.app.getBoxNames(appClient.appId)).some((b) => b.nameBase64 === Buffer.from(algoFeeBox).toString('base64'))
    if (!hasFeeBox) {
      const mbr = await ctx.algorand.createTransaction.payment({ sender: ctx.deployer.addr, receiver: appClient.appAddress, amount: AlgoAmount.MicroAlgo(9_300n) })
      await appClient.send.optInAsset({ args: { mbr, asset: 0n }, boxReferences: [algoFeeBox], suppressLog: true })
    }
    return { ordersAppId: appClient.appId }
  },
  /** Stable pools (Curve's invariant): bound to the registry, whose admin ramps A and whose pause bits it obeys; then bound to the locks, so a lock of a stable pool's LP units earns its fees. */
  async Stable(ctx) {
    const registryAppId = idOf(ctx, 'registryAppId')
    const factory = ctx.algorand.client.getTypedAppFactory(StableFactory, { defaultSender: ctx.deployer.addr })
    const boundHere = async (appId: bigint): Promise<boolean> => (await factory.getAppClientById({ appId }).state.global.registry()) === registryAppId
    const { appClient } = await factory.deploy({
      ...COMMON,
      createParams: { method: 'createApplication', args: { registryApp: registryAppId } },
      existingDeployments: await existingApps(ctx.algorand, ctx.deployer.addr, factory.appFactory, boundHere),
    })
    await fund(ctx, appClient.appAddress)
    await bindLocksToStable(ctx, appClient.appId)
    return { stablePoolsAppId: appClient.appId }
  },
}

/**
 * Binds the Locks app to the Stable app (Locks.setStableApp: the Stable app comes later in CONTRACTS, so
 * not at the Locks app's creation). Once only on chain: Locks bound to another Stable app fail the deploy
 * rather than leave stable LP locks earning nothing.
 */
async function bindLocksToStable(ctx: DeployContext, stableAppId: bigint): Promise<void> {
  const locks = ctx.algorand.client.getTypedAppClientById(LocksClient, { appId: idOf(ctx, 'lockAppId'), defaultSender: ctx.deployer.addr })
  const bound = await locks.state.global.stable()
  if (bound === stableAppId) return
  if (bound) throw new Error(`deploy: the Locks app ${locks.appId} is bound to the Stable app ${bound}, not ${stableAppId}; a new Locks app is needed`)
  await locks.send.setStableApp({ args: { stableApp: stableAppId }, suppressLog: true })
}

/** Creates or finds Grove's apps and token for `deployer`, one step per contract in the order of `CONTRACTS`; idempotent. */
export async function deploy({ algorand, deployer, network }: DeployParams): Promise<DeployResult> {
  algorand.account.setSignerFromAccount(deployer)
  const { assetId: groveAssetId, round: firstRound } = await ensureGroveToken(algorand, deployer.addr)
  const ctx: DeployContext = { algorand, deployer, ids: { network, firstRound, groveAssetId } }
  for (const { name } of CONTRACTS) Object.assign(ctx.ids, await DEPLOY_STEPS[name](ctx))
  return deploymentIds(deploymentRecord(ctx.ids as DeploymentIds))
}

/**
 * The GROVE token created by `creator` (found by unit name), created now when there is none, and
 * the round that created it: the deployment's first round (GROVE is the first thing deploy makes).
 */
async function ensureGroveToken(algorand: AlgorandClient, creator: Address): Promise<{ assetId: bigint; round: bigint }> {
  const info = await algorand.client.algod.accountInformation(creator).do()
  const found = (info.createdAssets ?? []).find((a) => a.params?.unitName === GROVE_TOKEN.unitName)
  if (found) return { assetId: found.index, round: await creationRound(algorand, found.index) }
  const created = await algorand.send.assetCreate({
    sender: creator,
    ...GROVE_TOKEN,
    manager: creator,
    reserve: creator,
    suppressLog: true,
  })
  return { assetId: created.assetId, round: created.confirmation.confirmedRound! }
}

/**
 * The round that created app or asset `id`. Ids come from the chain's transaction counter, which
 * every block header carries (the count after the block), so the creating block is the first whose
 * counter reaches the id: a binary search over headers, the same answer on every run.
 */
async function creationRound(algorand: AlgorandClient, id: bigint): Promise<bigint> {
  const algod = algorand.client.algod
  let lo = 1n
  let hi = BigInt((await algod.status().do()).lastRound)
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    const { block } = await algod.block(mid).do()
    if (BigInt(block.header.txnCounter) >= id) hi = mid
    else lo = mid + 1n
  }
  return lo
}

/**
 * The creator's existing deployments of `factory`'s app. With an indexer, algokit-utils finds them
 * by the ARC-2 note's app name itself (undefined here). algod alone cannot read creation notes, so
 * the app whose approval program is byte for byte this build's (and that `accept` takes) is it.
 */
async function existingApps(algorand: AlgorandClient, creator: Address, factory: AppFactory, accept: (appId: bigint) => Promise<boolean> = async () => true): Promise<AppLookup | undefined> {
  if (algorand.client.indexerIfPresent) return undefined
  const lookup: AppLookup = { creator, apps: {} }
  const { approvalProgram } = await factory.compile()
  const info = await algorand.client.algod.accountInformation(creator).do()
  const apps = [...(info.createdApps ?? [])].sort((x, y) => (x.id < y.id ? -1 : 1))
  for (const app of apps) {
    if (!app.params || !sameBytes(app.params.approvalProgram, approvalProgram)) continue
    if (!(await accept(app.id))) continue
    const metadata = { name: factory.appName, version: '1.0', updatable: false, deletable: false }
    const found: AppMetadata = {
      ...metadata,
      appId: app.id,
      appAddress: getApplicationAddress(app.id),
      createdMetadata: metadata,
      createdRound: 0n,
      updatedRound: 0n,
      deleted: false,
    }
    lookup.apps[factory.appName] = found
    break
  }
  return lookup
}

/** Minimum balance the vault's bootstrap adds: its GROVE holding and the sGROVE it creates. */
const VAULT_BOOTSTRAP_MBR = 2n * 100_000n

/** Creates sGROVE (the vault opts in to GROVE) unless the vault already has; returns sGROVE's id. */
async function bootstrapVault(algorand: AlgorandClient, vault: VaultClient, deployer: TransactionSignerAccount, groveAssetId: bigint): Promise<bigint> {
  const existing = (await vault.state.global.sGrove()) ?? 0n
  if (existing !== 0n) return existing
  const mbr = await algorand.createTransaction.payment({ sender: deployer.addr, receiver: vault.appAddress, amount: AlgoAmount.MicroAlgo(VAULT_BOOTSTRAP_MBR) })
  const result = await vault.send.bootstrap({
    args: { mbr },
    assetReferences: [groveAssetId],
    // the GROVE opt-in and the sGROVE creation
    staticFee: AlgoAmount.MicroAlgo(3_000n),
    populateAppCallResources: false,
    suppressLog: true,
  })
  return result.return!
}

/**
 * When the deployer is still the registry's admin: makes the vault the treasury (new and existing
 * deployments alike) and marks GROVE verified (paying its box), each only when not so already.
 */
async function setUpRegistry(algorand: AlgorandClient, registry: RegistryClient, deployer: TransactionSignerAccount, groveAssetId: bigint, vaultAddress: Address): Promise<void> {
  if ((await registry.state.global.admin()) !== deployer.addr.toString()) return
  if ((await registry.state.global.treasury()) !== vaultAddress.toString()) {
    // a note of its own: an earlier identical call in the same validity window would share its id
    await registry.send.setTreasury({ args: { treasury: vaultAddress.toString() }, note: globalThis.crypto.getRandomValues(new Uint8Array(8)), populateAppCallResources: false, suppressLog: true })
  }
  const box = { boxReferences: [verifiedBoxName(groveAssetId)], populateAppCallResources: false, suppressLog: true }
  if ((await registry.send.isVerified({ args: { asset: groveAssetId }, ...box })).return) return
  const boxFunds = await algorand.createTransaction.payment({ sender: deployer.addr, receiver: registry.appAddress, amount: AlgoAmount.MicroAlgo(VERIFIED_BOX_MBR) })
  await registry
    .newGroup()
    .addTransaction(boxFunds, deployer.signer)
    .setVerified({ args: { asset: groveAssetId, verified: true }, ...box })
    .send({ populateAppCallResources: false, suppressLog: true })
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
