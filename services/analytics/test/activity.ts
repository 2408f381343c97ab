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
  buildAddLiquidity, buildAdminAction, buildCollectFees, buildCreatePool, buildSwapExactIn, fetchPool, firstAddMinLp, staking,
  buildLock, buildTopUp, buildExtend, buildProposeOwner, buildCancelOwner, buildAcceptOwner, buildWithdraw, buildClose, fetchLock,
  buildRegisterProject, buildEditProject, buildTransferProject, buildSetProjectVerified, buildRemoveProject,
  prepareVaultAction, PAUSE_POOLS, explainError, grovePrograms,
} from '@grove/sdk'
import { getApplicationAddress, type Address, type Algodv2, type AtomicTransactionComposer } from 'algosdk'
import type { GroveDeployment as Deployment } from '../src/config.ts'

/** A fully deployed Grove and its actors. */
export interface FullGrove {
  net: Localnet
  algod: Algodv2
  algorand: AlgorandClient
  deployment: Deployment
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
    return { net, algod, algorand, deployment: { ...ids, stableAssetId: gusd }, admin, alice, bob, fern, gusd, stop: () => net.stop() }
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
  const dexCtx = (who: FullGrove['alice']) => ({ algod, dexAppId: d.dexAppId, registryAppId: d.registryAppId, sender: who.addr, signer: who.signer, note })
  const pool = async (x: bigint, y: bigint) => (await fetchPool(algod, d.dexAppId, x, y))!
  // an app reads the latest block's time: move the clock, then make a block
  let ticks = 0
  const advance = async (seconds: number) => {
    await clockAhead(algod, seconds)
    await g.algorand.send.payment({ sender: admin.addr, receiver: admin.addr, amount: microAlgo(0), note: `tick ${n}/${ticks++}` })
  }

  // pools ALGO/GROVE and FERN/GROVE (first pass), swaps both ways
  if (n === 0) {
    await send(await buildCreatePool(dexCtx(admin), 0n, GROVE), algod)
    await send(await buildAddLiquidity(dexCtx(admin), await pool(0n, GROVE), 100_000_000_000n, 1_000_000_000_000n, firstAddMinLp(100_000_000_000n, 1_000_000_000_000n, 0n)), algod)
    await send(await buildCreatePool(dexCtx(alice), fern, GROVE), algod)
    const p = await pool(fern, GROVE)
    const [fa, ga] = p.a === fern ? [10_000_000_000n, 100_000_000_000n] : [100_000_000_000n, 10_000_000_000n]
    await send(await buildAddLiquidity(dexCtx(alice), p, fa, ga, firstAddMinLp(fa, ga, 0n)), algod)
  }
  for (let i = 0; i < 3; i++) {
    await send(await buildSwapExactIn(dexCtx(bob), 0n, GROVE, 1_000_000_000n + BigInt(i), 0n), algod)
    await send(await buildSwapExactIn(dexCtx(bob), GROVE, fern, 2_000_000_000n + BigInt(i), 0n), algod)
  }

  // staking: a FERN pool paying GROVE, and a GROVE pool paying GROVE (compound)
  const sctx = (who: FullGrove['alice']) => ({ algod, stakingAppId: d.stakingAppId!, registryAppId: d.registryAppId, sender: who.addr, signer: who.signer, note })
  const now = await staking.latestTimestamp(algod)
  const terms = (stakeAsset: bigint) => ({ stakeAsset, rewards: [{ asset: GROVE, rate: 1_000n }], start: now + 5n, end: now + 86_400n })
  const created = await staking.buildCreateProgram(sctx(alice), terms(fern))
  await send(created, algod)
  const compounding = await staking.buildCreateProgram(sctx(alice), terms(GROVE))
  await send(compounding, algod)
  const prog = async (id: bigint) => (await staking.fetchProgram(algod, d.stakingAppId!, id))!
  await send(await staking.buildStake(sctx(bob), await prog(created.program), 1_000_000n), algod)
  await send(await staking.buildStake(sctx(bob), await prog(compounding.program), 5_000_000n), algod)
  await advance(60)
  await send(await staking.buildClaim(sctx(bob), await prog(created.program)), algod)
  await send(await staking.buildCompound(sctx(bob), await prog(compounding.program)), algod)
  await send(await staking.buildTopUp(sctx(alice), await prog(created.program), 1, 2_000n), algod)
  await send(await staking.buildExtend(sctx(alice), await prog(created.program), now + 2n * 86_400n), algod)
  await send(await staking.buildUnstake(sctx(bob), await prog(created.program), 400_000n), algod)
  await send(await staking.buildEmergencyWithdraw(sctx(bob), await prog(compounding.program)), algod)

  // locks: a time lock of FERN by Alice, topped up, extended, handed to Bob (after a cancelled proposal)
  const lctx = (who: FullGrove['alice']) => ({ algod, lockAppId: d.lockAppId!, sender: who.addr, signer: who.signer })
  const t = Number(await staking.latestTimestamp(algod))
  const lock = await buildLock(lctx(alice), { asset: fern, amount: 5_000_000n, cliff: BigInt(t + 100), end: BigInt(t + 100) })
  await send(lock, algod)
  const id = lock.lockId!
  await send(await buildTopUp(lctx(alice), { id, asset: fern }, 1_000_000n), algod)
  await send(await buildExtend(lctx(alice), id, BigInt(t + 200)), algod)
  await send(await buildProposeOwner(lctx(alice), id, bob.addr), algod)
  await send(await buildCancelOwner(lctx(alice), id), algod)
  await send(await buildProposeOwner(lctx(alice), id, bob.addr), algod)
  await send(await buildAcceptOwner(lctx(bob), { id, owner: alice.addr.toString() }), algod)
  // and two time locks of ALGO by Alice, withdrawn and closed at the end; the first is made again with the same nonce
  const algoLocks = [CLOSED_LOCK_NONCE, CLOSED_LOCK_NONCE + 100n].map((nonce) => buildLock(lctx(alice), { asset: 0n, amount: 2_000_000n, cliff: BigInt(t + 100), end: BigInt(t + 100), nonce: nonce + BigInt(n) }))
  for (const l of algoLocks) await send(await l, algod)

  // projects: Alice registers FERN, edits and transfers it to Bob; the admin verifies and unverifies; Bob removes it
  const rctx = (who: FullGrove['alice']) => ({ algod, registryAppId: d.registryAppId, sender: who.addr, signer: who.signer, note })
  await send(await buildRegisterProject(rctx(alice), fern, `Fern ${n}`, 'https://fern.example'), algod)
  await send(await buildEditProject(rctx(alice), fern, `Fern ${n}!`, 'https://fern.example/2'), algod)
  await send(await buildSetProjectVerified(rctx(admin), fern, true), algod)
  await send(await buildTransferProject(rctx(alice), fern, bob.addr), algod)
  await send(await buildSetProjectVerified(rctx(admin), fern, false), algod)
  await send(await buildRemoveProject(rctx(bob), { asset: fern, owner: bob.addr.toString() }), algod)

  // admin: pause new pools and unpause, fees, a verified token, a pool's fee
  const actx = { algod, registryAppId: d.registryAppId, dexAppId: d.dexAppId, sender: admin.addr, signer: admin.signer }
  await send(await buildAdminAction(actx, { kind: 'setPaused', flags: PAUSE_POOLS }), algod)
  await send(await buildAdminAction(actx, { kind: 'setPaused', flags: 0 }), algod)
  await send(await buildAdminAction(actx, { kind: 'setFees', defaultFeeBps: 30 + n, protocolFeeDivisor: 6 }), algod)
  await send(await buildAdminAction(actx, { kind: 'setVerified', asset: fern, verified: n % 2 === 0 }), algod)
  await send(await buildAdminAction(actx, { kind: 'setPoolFee', a: 0n, b: GROVE, feeBps: 25 + n }), algod)

  // vault: stakes, an unstake, an observation, then (10 minutes later) fees collected and bought back
  const vctx = (who: FullGrove['alice']) => ({ algod, vaultAppId: d.vaultAppId!, dexAppId: d.dexAppId, registryAppId: d.registryAppId, groveAssetId: GROVE, sGroveAssetId: d.sGroveAssetId!, sender: who.addr, signer: who.signer })
  if (n === 0) {
    for (const who of [alice, bob]) await g.algorand.send.assetOptIn({ sender: who.addr, assetId: d.sGroveAssetId! })
    // the registry's admin sets ALGO's buyback path (a buyback takes none from its caller)
    await send(await prepareVaultAction(vctx(admin), { kind: 'set-buyback-path', asset: 0n, path: [GROVE] }), algod)
    // a donation: the first stake books it into the vault's 7-day stream, so the rate rises as it unlocks
    await g.algorand.send.assetTransfer({ sender: admin.addr, receiver: getApplicationAddress(d.vaultAppId!), assetId: GROVE, amount: 1_000_000_000n })
  }
  await send(await prepareVaultAction(vctx(alice), { kind: 'stake', amount: 10_000_000n, minShares: 0n }), algod)
  await send(await prepareVaultAction(vctx(bob), { kind: 'stake', amount: 3_000_000n, minShares: 0n }), algod)
  await send(await prepareVaultAction(vctx(bob), { kind: 'unstake', amount: 1_000_000n, minGrove: 0n }), algod)
  // a later pass lets the last pass's observation go stale first: a buyback takes the oldest observation
  // of the last hour, and this pass's trades moved the price since that one
  if (n > 0) await advance(3_000)
  await send(await prepareVaultAction(vctx(bob), { kind: 'observe', pools: [[0n, GROVE]] }), algod)
  await advance(660)
  await send(await buildCollectFees(dexCtx(bob), await pool(0n, GROVE), getApplicationAddress(d.vaultAppId!)), algod)
  await send(await prepareVaultAction(vctx(bob), { kind: 'buyback', asset: 0n }), algod)

  // the lock's end has passed: Bob withdraws
  await send(await buildWithdraw(lctx(bob), { id, asset: fern }), algod)
  // Alice empties her ALGO locks and closes them, then reuses the first one's nonce: the same id, a new lock that stays open
  for (const l of algoLocks) {
    const lockId = (await l).lockId!
    await send(await buildWithdraw(lctx(alice), { id: lockId, asset: 0n }), algod)
    await send(await buildClose(lctx(alice), (await fetchLock(algod, d.lockAppId!, lockId))!), algod)
  }
  const later = Number(await staking.latestTimestamp(algod)) + 30 * 86_400
  await send(await buildLock(lctx(alice), { asset: 0n, amount: 3_000_000n, cliff: BigInt(later), end: BigInt(later), nonce: CLOSED_LOCK_NONCE + BigInt(n) }), algod)
}
