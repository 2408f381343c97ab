// Idempotent deployment of Grove: finds or creates the Registry, the DEX, the Locks, the staking app
// and the staking Vault (ARC-2 deploy notes, found by creator and app name), funds their minimum
// balances, bootstraps sGROVE, sets up the registry (the vault is its treasury) and mints the GROVE
// platform token once. Running it again on the same network changes nothing.
import { getApplicationAddress, type Address } from 'algosdk'
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import type { AppFactory } from '@algorandfoundation/algokit-utils/types/app-factory'
import type { AppLookup, AppMetadata } from '@algorandfoundation/algokit-utils/types/app-deployer'
import { DexFactory } from '../clients/DexClient.ts'
import { LocksFactory } from '../clients/LocksClient.ts'
import { RegistryFactory, type RegistryClient } from '../clients/RegistryClient.ts'
import { StakingFactory } from '../clients/StakingClient.ts'
import { VaultFactory, type VaultClient } from '../clients/VaultClient.ts'
import type { DeploymentIds, NetworkName } from './deployment.ts'
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

/** Creates or finds Grove's apps and token for `deployer`; idempotent. */
export async function deploy({ algorand, deployer, network }: DeployParams): Promise<DeployResult> {
  algorand.account.setSignerFromAccount(deployer)
  const sender = deployer.addr
  const { assetId: groveAssetId, round: firstRound } = await ensureGroveToken(algorand, sender)

  const registryFactory = algorand.client.getTypedAppFactory(RegistryFactory, { defaultSender: sender })
  const dexFactory = algorand.client.getTypedAppFactory(DexFactory, { defaultSender: sender })
  const common = { onUpdate: 'append', onSchemaBreak: 'append', suppressLog: true, populateAppCallResources: false } as const

  const { appClient: registry } = await registryFactory.deploy({
    ...common,
    createParams: { method: 'createApplication', args: [] },
    existingDeployments: await existingApps(algorand, sender, registryFactory.appFactory),
  })
  const registryAppId = registry.appId
  await algorand.account.ensureFunded(registry.appAddress, sender, AlgoAmount.MicroAlgo(0n), { suppressLog: true })

  // a DEX bound to an earlier registry is not this deployment's DEX
  const boundHere = async (appId: bigint): Promise<boolean> => (await dexFactory.getAppClientById({ appId }).state.global.registry()) === registryAppId
  const { appClient: dex } = await dexFactory.deploy({
    ...common,
    createParams: { method: 'createApplication', args: { registryApp: registryAppId } },
    existingDeployments: await existingApps(algorand, sender, dexFactory.appFactory, boundHere),
  })
  const dexAppId = dex.appId
  await algorand.account.ensureFunded(dex.appAddress, sender, AlgoAmount.MicroAlgo(0n), { suppressLog: true })

  const locksFactory = algorand.client.getTypedAppFactory(LocksFactory, { defaultSender: sender })
  const locksBoundHere = async (appId: bigint): Promise<boolean> => (await locksFactory.getAppClientById({ appId }).state.global.dex()) === dexAppId
  const { appClient: locks } = await locksFactory.deploy({
    ...common,
    createParams: { method: 'createApplication', args: { dexApp: dexAppId } },
    existingDeployments: await existingApps(algorand, sender, locksFactory.appFactory, locksBoundHere),
  })
  const lockAppId = locks.appId
  await algorand.account.ensureFunded(locks.appAddress, sender, AlgoAmount.MicroAlgo(0n), { suppressLog: true })

  const stakingAppId = await deployStaking(algorand, sender, registryAppId, dexAppId)

  const vaultFactory = algorand.client.getTypedAppFactory(VaultFactory, { defaultSender: sender })
  // a vault of another DEX or token is not this deployment's vault
  const vaultHere = async (appId: bigint): Promise<boolean> => {
    const state = await vaultFactory.getAppClientById({ appId }).state.global.getAll()
    return state.dex === dexAppId && state.grove === groveAssetId
  }
  const { appClient: vault } = await vaultFactory.deploy({
    ...common,
    createParams: { method: 'createApplication', args: { dexApp: dexAppId, groveAsset: groveAssetId } },
    existingDeployments: await existingApps(algorand, sender, vaultFactory.appFactory, vaultHere),
  })
  const vaultAppId = vault.appId
  await algorand.account.ensureFunded(vault.appAddress, sender, AlgoAmount.MicroAlgo(0n), { suppressLog: true })
  const sGroveAssetId = await bootstrapVault(algorand, vault, deployer, groveAssetId)

  await setUpRegistry(algorand, registry, deployer, groveAssetId, vault.appAddress)
  return { network, firstRound, registryAppId, dexAppId, lockAppId, stakingAppId, vaultAppId, groveAssetId, sGroveAssetId }
}

/** Finds or creates the staking app bound to this registry and DEX, funded to its minimum balance. */
async function deployStaking(algorand: AlgorandClient, sender: Address, registryAppId: bigint, dexAppId: bigint): Promise<bigint> {
  const factory = algorand.client.getTypedAppFactory(StakingFactory, { defaultSender: sender })
  const boundHere = async (appId: bigint): Promise<boolean> => {
    const state = await factory.getAppClientById({ appId }).state.global.getAll()
    return state.registry === registryAppId && state.dex === dexAppId
  }
  const { appClient } = await factory.deploy({
    onUpdate: 'append',
    onSchemaBreak: 'append',
    suppressLog: true,
    populateAppCallResources: false,
    createParams: { method: 'createApplication', args: { registryApp: registryAppId, dexApp: dexAppId } },
    existingDeployments: await existingApps(algorand, sender, factory.appFactory, boundHere),
  })
  await algorand.account.ensureFunded(appClient.appAddress, sender, AlgoAmount.MicroAlgo(0n), { suppressLog: true })
  return appClient.appId
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
