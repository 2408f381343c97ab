import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { StakingClient } from '../clients/StakingClient.ts'
import { deploy, GROVE_TOKEN } from '../src/deploy.ts'
import { parseDeployment } from '../src/deployment.ts'
import { useGrove } from './fixture.ts'

const grove = useGrove()

describe('deploy', () => {
  it('creates GROVE once: 100,000,000 with 6 decimals, named Grove, at grove.finance, held by the deployer', async () => {
    const { algorand, admin, ids } = grove()
    const asset = await algorand.asset.getById(ids.groveAssetId)
    expect(asset).toMatchObject({ unitName: 'GROVE', assetName: 'Grove', decimals: 6, total: 100_000_000_000_000n, url: 'https://grove.finance' })
    expect(asset.creator).toBe(admin.addr.toString())
    expect(await grove().balance(admin, ids.groveAssetId)).toBe(GROVE_TOKEN.total)
  })

  it('binds the DEX to the registry and makes the deployer admin and the vault treasury with default fees', async () => {
    const { dex, registry, admin, ids, vaultAddress } = grove()
    expect(await dex.state.global.registry()).toBe(ids.registryAppId)
    expect(await registry.state.global.getAll()).toMatchObject({
      admin: admin.addr.toString(),
      treasury: vaultAddress.toString(),
      paused: 0n,
      defaultFeeBps: 30n,
      protocolFeeDivisor: 6n,
    })
  })

  it('binds the staking app to the registry and the DEX, funded to its minimum balance', async () => {
    const g = grove()
    const staking = new StakingClient({ algorand: g.algorand, appId: g.ids.stakingAppId, defaultSender: g.admin.addr })
    expect(await staking.state.global.getAll()).toMatchObject({ registry: g.ids.registryAppId, dex: g.ids.dexAppId })
    const info = await g.algorand.account.getInformation(staking.appClient.appAddress)
    expect(info.balance.microAlgo).toBeGreaterThanOrEqual(info.minBalance.microAlgo)
  })

  it('funds the DEX app account to its minimum balance and lists GROVE as verified', async () => {
    const g = grove()
    const dex = await g.algorand.account.getInformation(g.dexAddress)
    expect(dex.balance.microAlgo).toBeGreaterThanOrEqual(dex.minBalance.microAlgo)
    expect(dex.minBalance.microAlgo).toBe(100_000n)
    expect((await g.registry.send.isVerified({ args: { asset: g.ids.groveAssetId } })).return).toBe(true)
  })

  it('binds the vault to the DEX and GROVE and funds it, sGROVE created once', async () => {
    const g = grove()
    expect(await g.vault.state.global.getAll()).toMatchObject({ dex: g.ids.dexAppId, grove: g.ids.groveAssetId, sGrove: g.ids.sGroveAssetId })
    expect((await g.algorand.asset.getById(g.ids.sGroveAssetId)).creator).toBe(g.vaultAddress.toString())
    const vault = await g.algorand.account.getInformation(g.vaultAddress)
    expect(vault.balance.microAlgo).toBeGreaterThanOrEqual(vault.minBalance.microAlgo)
  })

  it('makes the vault the treasury of an existing deployment whose treasury is elsewhere, once', async () => {
    const g = grove()
    await g.registry.send.setTreasury({ args: { treasury: g.admin.addr.toString() }, note: g.note() })
    expect(await deploy({ algorand: g.algorand, deployer: g.admin, network: 'localnet' })).toEqual(g.ids)
    expect(await g.registry.state.global.treasury()).toBe(g.vaultAddress.toString())
  })

  it('records the round that created GROVE as the first round, found again on a second run', async () => {
    const { algorand, ids } = grove()
    const { block } = await algorand.client.algod.block(ids.firstRound).do()
    expect(block.header.txnCounter).toBeGreaterThanOrEqual(ids.groveAssetId)
    const { block: before } = await algorand.client.algod.block(ids.firstRound - 1n).do()
    expect(before.header.txnCounter).toBeLessThan(ids.groveAssetId)
  })

  it('finds everything on a second run: same ids, no new transaction', async () => {
    const g = grove()
    const before = await g.algorand.client.algod.status().do()
    const info = await g.algorand.client.algod.accountInformation(g.admin.addr).do()
    const again = await deploy({ algorand: g.algorand, deployer: g.admin, network: 'localnet' })
    expect(again).toEqual(g.ids)
    expect((await g.algorand.client.algod.status().do()).lastRound).toBe(before.lastRound)
    const after = await g.algorand.client.algod.accountInformation(g.admin.addr).do()
    expect([after.amount, after.totalCreatedApps, after.totalCreatedAssets]).toEqual([info.amount, info.totalCreatedApps, info.totalCreatedAssets])
  })

  it('deploys through `npm run deploy` with the kmd dispenser and writes the same ids on a second run', async () => {
    const g = grove()
    const dir = await mkdtemp(join(tmpdir(), 'grove-deploy-'))
    try {
      const out = join(dir, 'localnet.json')
      const env = { ...process.env, GROVE_ALGOD_SERVER: g.net.algod.url, GROVE_ALGOD_TOKEN: g.net.algod.token, GROVE_KMD_SERVER: g.net.kmd.url }
      const run = () => promisify(execFile)('npx', ['tsx', 'scripts/deploy.ts', '--network', 'localnet', '--out', out], { env, cwd: join(import.meta.dirname, '..') })
      await run()
      const first = parseDeployment(await readFile(out, 'utf8'), 'localnet')
      // only the contracts that exist: no guessed ids for apps still to come
      expect(Object.keys(first)).toEqual(['network', 'firstRound', 'registryAppId', 'dexAppId', 'lockAppId', 'stakingAppId', 'vaultAppId', 'ordersAppId', 'stablePoolsAppId', 'groveAssetId', 'sGroveAssetId'])
      for (const key of ['firstRound', 'dexAppId', 'registryAppId', 'lockAppId', 'stakingAppId', 'vaultAppId', 'ordersAppId', 'stablePoolsAppId', 'groveAssetId', 'sGroveAssetId'] as const) expect(first[key]).toBeGreaterThan(0)
      expect(first.dexAppId).not.toBe(Number(g.ids.dexAppId))
      await run()
      expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(first)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses a public network without a deployer mnemonic', async () => {
    const env = { ...process.env, GROVE_DEPLOYER_MNEMONIC: '' }
    const run = promisify(execFile)('npx', ['tsx', 'scripts/deploy.ts', '--network', 'testnet'], { env, cwd: join(import.meta.dirname, '..') })
    await expect(run).rejects.toMatchObject({ stderr: expect.stringContaining('set GROVE_DEPLOYER_MNEMONIC') })
  })
})
