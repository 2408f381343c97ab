// Grove fully deployed (deploy(): registry, DEX, locks, staking, vault, GROVE) on a fresh embedded
// localnet, and one scenario that calls every contract through the SDK's builders: pools and
// swaps, staking programs (stake, claim, compound, top-up, extend, unstake, emergency withdraw),
// locks (lock, top up, extend, propose, cancel, accept, withdraw; close and a lock made again under the closed id), projects (register, edit,
// transfer, verify, unverify, remove), admin actions, and the vault (stake, unstake, observe,
// buyback). Used by the modules' test and the crash test.
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { deploy } from '@grove/contracts/deploy'
import {
  buildAddLiquidity, buildAdminAction, buildCollectFees, buildCreatePool, buildSwapExactIn, dexContract, firstAddMinLp, latestTimestamp, staking, stakingContract,
  buildLock, buildTopUp, buildExtend, buildProposeOwner, buildCancelOwner, buildAcceptOwner, buildWithdraw, buildClose, locksContract,
  buildRegisterProject, buildEditProject, buildTransferProject, buildSetProjectVerified, buildRemoveProject,
  prepareVaultAction, PAUSE_POOLS, explainError, grovePrograms, type GroveContext,
} from '@grove/sdk'
import { getApplicationAddress, type Address, type Algodv2, type AtomicTransactionComposer } from 'algosdk'
import type { DeploymentIds } from '@grove/sdk/deployment'
import type { GroveDeployment as Deployment } from '../src/config.ts'

/** A fully deployed Grove and its actors. */
export interface FullGrove {
  net: Localnet
  algod: Algodv2
  algorand: AlgorandClient
  deployment: Deployment
  /** The deployment's ids, as the SDK's contexts take them. */
  ids: DeploymentIds
  /** The deployer: admin of the registry, holder of GROVE. */
  admin: TransactionSignerAccount & { addr: Address }
  alice: TransactionSignerAccount & { addr: Address }
  bob: TransactionSignerAccount & { addr: Address }
  /** Alice's token (her project). */
  fern: bigint
  gusd: bigint
  stop(): Promise<void>
}

const endpoint = (url: string, token: string) => {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

let offset = 0

/** Moves Grove's clock (the embedded localnet's) `seconds` further ahead of the wall clock for the next blocks. */
export async function clockAhead(algod: Algodv2, seconds: number): Promise<void> {
  offset += seconds
  await algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
}

let step = 0
/** Sends a built group; a failure says which step of the scenario and why, in the SDK's words. */
async function send(g: { composer: AtomicTransactionComposer }, algod: Algodv2): Promise<void> {
  step++
  try {
    await g.composer.execute(algod, 4)
  } catch (e) {
    throw new Error(`scenario step ${step}: ${explainError(e, grovePrograms()).message}`)
  }
}

/** Starts a localnet on free ports and deploys Grove on it. */
export async function startFullGrove(): Promise<FullGrove> {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  try {
    const algorand = AlgorandClient.fromConfig({ algodConfig: endpoint(net.algod.url, net.algod.token), kmdConfig: endpoint(net.kmd.url, net.kmd.token) })
    const algod = algorand.client.algod
    const admin = await algorand.account.localNetDispenser()
    const ids = await deploy({ algorand, deployer: admin, network: 'localnet' })
    const alice = algorand.account.random()
    const bob = algorand.account.random()
    for (const who of [alice, bob]) await algorand.send.payment({ sender: admin.addr, receiver: who.addr, amount: microAlgo(1_000_000_000_000n) })
    const fern = (await algorand.send.assetCreate({ sender: alice.addr, total: 10n ** 15n, decimals: 4, unitName: 'FERN', assetName: 'Fern', manager: alice.addr })).assetId
    const gusd = (await algorand.send.assetCreate({ sender: admin.addr, total: 10n ** 15n, decimals: 6, unitName: 'gUSD', assetName: 'Grove USD' })).assetId
    for (const who of [alice, bob]) await algorand.send.assetOptIn({ sender: who.addr, assetId: ids.groveAssetId })
    await algorand.send.assetOptIn({ sender: bob.addr, assetId: fern })
    await algorand.send.assetTransfer({ sender: admin.addr, receiver: alice.addr, assetId: ids.groveAssetId, amount: 10n ** 12n })
    await algorand.send.assetTransfer({ sender: admin.addr, receiver: bob.addr, assetId: ids.groveAssetId, amount: 10n ** 12n })
    await algorand.send.assetTransfer({ sender: alice.addr, receiver: bob.addr, assetId: fern, amount: 10n ** 10n })
    return { net, algod, algorand, deployment: { ...ids, stableAssetId: gusd }, ids, admin, alice, bob, fern, gusd, stop: () => net.stop() }
  } catch (e) {
    await net.stop()
    throw e
  }
}

/** The nonce (plus the pass number) of Alice's ALGO lock that each pass closes and makes again; this plus 100 is one it closes for good. */
export const CLOSED_LOCK_NONCE = 7_000n

/**
 * One pass of the scenario (`n` numbers the pass: each makes its own program, lock and project
 * state, so passes can repeat).
 */
export async function runActivity(g: FullGrove, n = 0): Promise<void> {
  const { algod, deployment: d, admin, alice, bob, fern } = g
  step = 0
  const GROVE = d.groveAssetId!
  const note = new TextEncoder().encode(`pass ${n}`)
  // the SDK's context for `who`; DEX, staking and registry groups carry the pass's note (equal groups of two passes stay apart)
  const as = (who: FullGrove['alice'], passNote?: Uint8Array): GroveContext => ({ algod, ids: g.ids, sender: who.addr, signer: who.signer, note: passNote })
  const pool = async (x: bigint, y: bigint) => (await dexContract.readers.pool(g, x, y))!
  // an app reads the latest block's time: move the clock, then make a block
  let ticks = 0
  const advance = async (seconds: number) => {
    await clockAhead(algod, seconds)
    await g.algorand.send.payment({ sender: admin.addr, receiver: admin.addr, amount: microAlgo(0), note: `tick ${n}/${ticks++}` })
  }

  // pools ALGO/GROVE and FERN/GROVE (first pass), swaps both ways
  if (n === 0) {
    await send(await buildCreatePool(as(admin, note), 0n, GROVE), algod)
    await send(await buildAddLiquidity(as(admin, note), await pool(0n, GROVE), 100_000_000_000n, 1_000_000_000_000n, firstAddMinLp(100_000_000_000n, 1_000_000_000_000n, 0n)), algod)
    await send(await buildCreatePool(as(alice, note), fern, GROVE), algod)
    const p = await pool(fern, GROVE)
    const [fa, ga] = p.a === fern ? [10_000_000_000n, 100_000_000_000n] : [100_000_000_000n, 10_000_000_000n]
    await send(await buildAddLiquidity(as(alice, note), p, fa, ga, firstAddMinLp(fa, ga, 0n)), algod)
  }
  for (let i = 0; i < 3; i++) {
    await send(await buildSwapExactIn(as(bob, note), 0n, GROVE, 1_000_000_000n + BigInt(i), 0n), algod)
    await send(await buildSwapExactIn(as(bob, note), GROVE, fern, 2_000_000_000n + BigInt(i), 0n), algod)
  }

  // staking: a FERN pool paying GROVE, and a GROVE pool paying GROVE (compound)
  const now = await latestTimestamp(algod)
  const terms = (stakeAsset: bigint) => ({ stakeAsset, rewards: [{ asset: GROVE, rate: 1_000n }], start: now + 5n, end: now + 86_400n })
  const created = await staking.buildCreateProgram(as(alice, note), terms(fern))
  await send(created, algod)
  const compounding = await staking.buildCreateProgram(as(alice, note), terms(GROVE))
  await send(compounding, algod)
  const prog = async (id: bigint) => (await stakingContract.readers.program(g, id))!
  await send(await staking.buildStake(as(bob, note), await prog(created.program), 1_000_000n), algod)
  await send(await staking.buildStake(as(bob, note), await prog(compounding.program), 5_000_000n), algod)
  await advance(60)
  await send(await staking.buildClaim(as(bob, note), await prog(created.program)), algod)
  await send(await staking.buildCompound(as(bob, note), await prog(compounding.program)), algod)
  await send(await staking.buildTopUp(as(alice, note), await prog(created.program), 1, 2_000n), algod)
  await send(await staking.buildExtend(as(alice, note), await prog(created.program), now + 2n * 86_400n), algod)
  await send(await staking.buildUnstake(as(bob, note), await prog(created.program), 400_000n), algod)
  await send(await staking.buildEmergencyWithdraw(as(bob, note), await prog(compounding.program)), algod)

  // locks: a time lock of FERN by Alice, topped up, extended, handed to Bob (after a cancelled proposal)
  const t = Number(await latestTimestamp(algod))
  const lock = await buildLock(as(alice), { asset: fern, amount: 5_000_000n, cliff: BigInt(t + 100), end: BigInt(t + 100) })
  await send(lock, algod)
  const id = lock.lockId!
  await send(await buildTopUp(as(alice), { id, asset: fern }, 1_000_000n), algod)
  await send(await buildExtend(as(alice), id, BigInt(t + 200)), algod)
  await send(await buildProposeOwner(as(alice), id, bob.addr), algod)
  await send(await buildCancelOwner(as(alice), id), algod)
  await send(await buildProposeOwner(as(alice), id, bob.addr), algod)
  await send(await buildAcceptOwner(as(bob), { id, owner: alice.addr.toString() }), algod)
  // and two time locks of ALGO by Alice, withdrawn and closed at the end; the first is made again with the same nonce
  const algoLocks = [CLOSED_LOCK_NONCE, CLOSED_LOCK_NONCE + 100n].map((nonce) => buildLock(as(alice), { asset: 0n, amount: 2_000_000n, cliff: BigInt(t + 100), end: BigInt(t + 100), nonce: nonce + BigInt(n) }))
  for (const l of algoLocks) await send(await l, algod)

  // projects: Alice registers FERN, edits and transfers it to Bob; the admin verifies and unverifies; Bob removes it
  await send(await buildRegisterProject(as(alice, note), fern, `Fern ${n}`, 'https://fern.example'), algod)
  await send(await buildEditProject(as(alice, note), fern, `Fern ${n}!`, 'https://fern.example/2'), algod)
  await send(await buildSetProjectVerified(as(admin, note), fern, true), algod)
  await send(await buildTransferProject(as(alice, note), fern, bob.addr), algod)
  await send(await buildSetProjectVerified(as(admin, note), fern, false), algod)
  await send(await buildRemoveProject(as(bob, note), { asset: fern, owner: bob.addr.toString() }), algod)

  // admin: pause new pools and unpause, fees, a verified token, a fee tier
  await send(await buildAdminAction(as(admin), { kind: 'setPaused', flags: PAUSE_POOLS }), algod)
  await send(await buildAdminAction(as(admin), { kind: 'setPaused', flags: 0 }), algod)
  await send(await buildAdminAction(as(admin), { kind: 'setFees', defaultFeeBps: 30 + n, protocolFeeDivisor: 6 }), algod)
  await send(await buildAdminAction(as(admin), { kind: 'setVerified', asset: fern, verified: n % 2 === 0 }), algod)
  await send(await buildAdminAction(as(admin), { kind: 'addFeeTier', feeBps: 25 + n }), algod)

  // vault: stakes, an unstake, an observation, then (10 minutes later) fees collected and bought back
  if (n === 0) {
    for (const who of [alice, bob]) await g.algorand.send.assetOptIn({ sender: who.addr, assetId: d.sGroveAssetId! })
    // the registry's admin sets ALGO's buyback path (a buyback takes none from its caller)
    await send(await prepareVaultAction(as(admin), { kind: 'set-buyback-path', asset: 0n, path: [GROVE] }), algod)
    // a donation: the first stake books it into the vault's 7-day stream, so the rate rises as it unlocks
    await g.algorand.send.assetTransfer({ sender: admin.addr, receiver: getApplicationAddress(d.vaultAppId!), assetId: GROVE, amount: 1_000_000_000n })
  }
  await send(await prepareVaultAction(as(alice), { kind: 'stake', amount: 10_000_000n, minShares: 0n }), algod)
  await send(await prepareVaultAction(as(bob), { kind: 'stake', amount: 3_000_000n, minShares: 0n }), algod)
  await send(await prepareVaultAction(as(bob), { kind: 'unstake', amount: 1_000_000n, minGrove: 0n }), algod)
  // a later pass lets the last pass's observation go stale first: this pass's trades moved the price
  // since that one. The keeper (the registry's admin) observes: a buyback needs an observation that is
  // not its caller's alone (the vault's one-observer rule)
  if (n > 0) await advance(3_000)
  await send(await prepareVaultAction(as(admin), { kind: 'observe', pools: [[0n, GROVE]] }), algod)
  await advance(660)
  await send(await buildCollectFees(as(bob, note), await pool(0n, GROVE), getApplicationAddress(d.vaultAppId!)), algod)
  await send(await prepareVaultAction(as(bob), { kind: 'buyback', asset: 0n }), algod)

  // the lock's end has passed: Bob withdraws
  await send(await buildWithdraw(as(bob), { id, asset: fern }), algod)
  // Alice empties her ALGO locks and closes them, then reuses the first one's nonce: the same id, a new lock that stays open
  for (const l of algoLocks) {
    const lockId = (await l).lockId!
    await send(await buildWithdraw(as(alice), { id: lockId, asset: 0n }), algod)
    await send(await buildClose(as(alice), (await locksContract.readers.lock(g, lockId))!), algod)
  }
  const later = Number(await latestTimestamp(algod)) + 30 * 86_400
  await send(await buildLock(as(alice), { asset: 0n, amount: 3_000_000n, cliff: BigInt(later), end: BigInt(later), nonce: CLOSED_LOCK_NONCE + BigInt(n) }), algod)
}
