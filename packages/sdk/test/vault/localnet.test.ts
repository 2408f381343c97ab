// The SDK's vault builders, readers, preview, events and error sentences against the vault itself: a
// whole Grove deployed by @grove/contracts' deploy() on a fresh localnet (the contracts' own vault test
// checks the contract; what the SDK states of it is checked here, where the SDK may import the contracts).
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import { deploy } from '@grove/contracts/deploy'
import type { DeploymentIds } from '@grove/contracts/deployment'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { getApplicationAddress, type Address, type TransactionSigner } from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GroveContext } from '../../src/core/context.ts'
import { firstAddMinLp } from '../../src/dex/amm.ts'
import { dexContract } from '../../src/dex/module.ts'
import { buildAddLiquidity, buildCreatePool } from '../../src/dex/transactions.ts'
import type { ComposedGroup } from '../../src/core/group.ts'
import { decodeVaultEvents } from '../../src/vault/events.ts'
import { stakeOut, unstakeOut } from '../../src/vault/math.ts'
import { vaultContract } from '../../src/vault/module.ts'
import { buildBuyback, buildObserve, buildOptInAsset, buildSetBuybackPath, buildStake, buildUnstake } from '../../src/vault/transactions.ts'

/** The vault's shortest observation window (seconds). */
const MIN_WINDOW = 600

let net: Localnet
let algorand: AlgorandClient
let ids: DeploymentIds
let admin: GroveContext
let bob: GroveContext
let clock = 0

const endpoint = (url: string, token: string) => {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

/** Sends a vault or DEX group; resolves to the first method's return and the group's logs (of its top-level transactions, in order). */
async function send(group: ComposedGroup): Promise<{ value: bigint; logs: Uint8Array[] }> {
  const result = await group.composer.execute(algorand.client.algod, 4)
  const infos = await Promise.all(result.txIDs.map((id) => algorand.client.algod.pendingTransactionInformation(id).do()))
  return { value: result.methodResults[0]?.returnValue as bigint, logs: infos.flatMap((info) => info.logs ?? []) }
}

/** Moves block time `seconds` ahead and commits a block there. */
async function later(seconds: number): Promise<void> {
  clock += seconds
  await algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${clock}`, data: null })
  await algorand.send.payment({ sender: bob.sender, receiver: bob.sender, amount: microAlgo(0), note: `later ${clock}` })
}

async function transfer(from: GroveContext, asset: bigint, amount: bigint, to: string | Address): Promise<void> {
  if (asset === 0n) await algorand.send.payment({ sender: from.sender, receiver: to, amount: microAlgo(amount) })
  else await algorand.send.assetTransfer({ sender: from.sender, receiver: to, assetId: asset, amount })
}

/** A pool of (x, y) with `amountX` and `amountY`, added by bob. */
async function pool(x: bigint, y: bigint, amountX: bigint, amountY: bigint): Promise<void> {
  await send(await buildCreatePool(bob, x, y))
  const p = (await dexContract.readers.pool({ algod: bob.algod, ids }, x, y))!
  const [a, b] = p.a === x ? [amountX, amountY] : [amountY, amountX]
  await send(await buildAddLiquidity(bob, p, a, b, firstAddMinLp(a, b, 100n)))
}

let tokenX: bigint
let tokenY: bigint

beforeAll(async () => {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  algorand = AlgorandClient.fromConfig({ algodConfig: endpoint(net.algod.url, net.algod.token), kmdConfig: endpoint(net.kmd.url, net.kmd.token) })
  const algod = algorand.client.algod
  const dispenser = await algorand.account.localNetDispenser()
  const deployer = algorand.account.random()
  const trader = algorand.account.random()
  await algorand.send.payment({ sender: dispenser.addr, receiver: deployer.addr, amount: microAlgo(1_000_000_000n) })
  await algorand.send.payment({ sender: dispenser.addr, receiver: trader.addr, amount: microAlgo(1_000_000_000n) })
  ids = await deploy({ algorand, deployer, network: 'localnet' })
  const ctx = (addr: Address, signer: TransactionSigner): GroveContext => ({ algod, ids, sender: addr, signer })
  admin = ctx(deployer.addr, deployer.signer)
  bob = ctx(trader.addr, trader.signer)
  const GROVE = ids.groveAssetId
  await algorand.send.assetOptIn({ sender: trader.addr, assetId: GROVE })
  await algorand.send.assetOptIn({ sender: trader.addr, assetId: ids.sGroveAssetId })
  await transfer(admin, GROVE, 100_000_000n, trader.addr)
  tokenX = (await algorand.send.assetCreate({ sender: trader.addr, total: 10n ** 15n, decimals: 6, unitName: 'X' })).assetId
  tokenY = (await algorand.send.assetCreate({ sender: trader.addr, total: 10n ** 15n, decimals: 6, unitName: 'Y' })).assetId
  // prices that are not 1, so that a two-hop bound multiplies two different TWAPs
  await pool(GROVE, tokenX, 20_000_000n, 30_000_000n)
  await pool(tokenX, tokenY, 30_000_000n, 70_000_000n)
  await send(await buildOptInAsset(bob, tokenX))
  await send(await buildOptInAsset(bob, tokenY))
}, 240_000)

afterAll(() => net?.stop())

describe('the SDK’s vault builders and readers on the localnet', { timeout: 120_000 }, () => {
  it('build stake and unstake groups the vault accepts, with the fees they state and no worse than the preview', async () => {
    const totals = await vaultContract.readers.totals(bob)
    const preview = stakeOut(totals, 2_000_000n)
    const stake = await buildStake(bob, 2_000_000n, 0n)
    expect(stake.fee).toBe(3000n)
    const minted = (await send(stake)).value
    expect(typeof preview).toBe('bigint')
    expect(minted).toBeLessThanOrEqual(preview as bigint)
    expect(minted).toBeGreaterThan(((preview as bigint) * 999n) / 1000n)
    const before = await vaultContract.readers.totals(bob)
    const paid = (await send(await buildUnstake(bob, minted / 2n, 0n))).value
    expect(paid).toBeGreaterThanOrEqual(unstakeOut(before, minted / 2n) as bigint)
  })

  it('build the admin’s paths, observations and buybacks whose bound is the preview’s to the unit, over one hop and two', async () => {
    const GROVE = ids.groveAssetId
    await send(await buildSetBuybackPath(admin, tokenY, [tokenX, GROVE]))
    await send(await buildSetBuybackPath(admin, tokenY, []))
    expect(await vaultContract.readers.buybackPath(bob, tokenY)).toBeUndefined()
    await send(await buildSetBuybackPath(admin, tokenY, [tokenX, GROVE]))
    expect(await vaultContract.readers.buybackPath(bob, tokenY)).toEqual([tokenX, GROVE])
    await send(await buildSetBuybackPath(admin, tokenX, [GROVE]))
    const vault = vaultContract.readers
    const vaultAddress = getApplicationAddress(ids.vaultAppId)
    // small against the pools: each swap slips less than the vault's 1% from the TWAP
    await transfer(bob, tokenX, 20_000n, vaultAddress)
    await transfer(bob, tokenY, 30_000n, vaultAddress)
    // the keeper (the registry's admin) observes: its window alone bounds a buyback (another observer's would do too)
    await send(await buildObserve(admin, [[GROVE, tokenX], [tokenX, tokenY]]))
    await later(MIN_WINDOW)
    for (const [asset, amountIn] of [[tokenX, 20_000n], [tokenY, 30_000n]] as const) {
      const { amount, minOut } = await vault.previewBuyback(bob, asset)
      expect(amount).toBe(amountIn)
      expect(typeof minOut).toBe('bigint')
      const bought = await send(await buildBuyback(bob, asset))
      expect(decodeVaultEvents(bought.logs)).toMatchObject([{ name: 'Buyback', args: { asset, amountIn: amount, minOut } }])
    }
    // the GROVE bought is streamed in
    expect((await vault.stream(bob)).rateAtEnd).toBeGreaterThan(0n)
    // a second buyback of the same asset: nothing left, said in a sentence
    const error = await buildBuyback(bob, tokenX).then(send).then(() => undefined, (e: unknown) => e)
    expect(vaultContract.explain(error, ids)).toMatchObject({ code: 'ERR:NOTHING_TO_BUY' })
  })

  it('previews the one-observer refusal the vault gives when one account alone (not the keeper) observed in the last hour, and a bound once the keeper observes', async () => {
    const GROVE = ids.groveAssetId
    // (an amount of its own: the same transfer in the same validity window would be the same transaction)
    await transfer(bob, tokenX, 20_001n, getApplicationAddress(ids.vaultAppId))
    // every earlier observation is over an hour old: bob's is the only one of the hour
    await later(3_700)
    await send(await buildObserve(bob, [[GROVE, tokenX]]))
    await later(MIN_WINDOW)
    expect((await vaultContract.readers.previewBuyback(bob, tokenX)).minOut).toBe('one-observer')
    const refused = await buildBuyback(bob, tokenX).then(send).then(() => undefined, (e: unknown) => e)
    expect(vaultContract.explain(refused, ids)).toMatchObject({ code: 'ERR:ONE_OBSERVER' })
    // a second observer within the hour (here the keeper): bob's observation is the window, and the preview is the vault's bound
    await send(await buildObserve(admin, [[GROVE, tokenX]]))
    const { amount, minOut } = await vaultContract.readers.previewBuyback(bob, tokenX)
    expect(typeof minOut).toBe('bigint')
    const bought = await send(await buildBuyback(bob, tokenX))
    expect(decodeVaultEvents(bought.logs)).toMatchObject([{ name: 'Buyback', args: { asset: tokenX, amountIn: amount, minOut } }])
  })
})
