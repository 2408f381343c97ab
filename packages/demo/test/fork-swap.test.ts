// A Grove swap on a fork of a live network (issue 27), with two localnets over HTTP: the "remote"
// has Grove deployed and one ALGO pool with liquidity; a trader made on the remote swaps through
// that pool on the fork. The fork's result equals the SDK's quote against the remote's pool to the
// base unit, the remote (pool, trader) is unchanged, and a restarted fork keeps the swap.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { buildAddLiquidity, buildCreatePool, buildSwapExactIn, dexContract, firstAddMinLp, quoteExactIn, type DexGroup, type GroveContext, type Pool } from '@grove/sdk'

function clients(net: Localnet): AlgorandClient {
  const algod = new URL(net.algod.url)
  const kmd = new URL(net.kmd.url)
  return AlgorandClient.fromConfig({
    algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: net.algod.token },
    kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: net.kmd.token },
  })
}

let remote: Localnet
let fork: Localnet
let forkDir: string
let onRemote: AlgorandClient
let onFork: AlgorandClient
let ids: DeployResult
let token: bigint
let trader: algosdk.Account

/** Both sides of the trader's wallet on one chain: ALGO and the token. */
async function wallet(algorand: AlgorandClient): Promise<{ algo: bigint; token: bigint }> {
  const info = await algorand.client.algod.accountInformation(trader.addr).do()
  return { algo: info.amount, token: info.assets?.find((h) => h.assetId === token)?.amount ?? 0n }
}

const pool = async (algorand: AlgorandClient): Promise<Pool> => (await dexContract.readers.pool({ algod: algorand.client.algod, ids }, 0n, token))!

async function startFork(): Promise<void> {
  fork = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: forkDir, fork: { url: remote.algod.url, token: remote.algod.token } })
  onFork = clients(fork)
}

beforeAll(async () => {
  remote = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  onRemote = clients(remote)
  const admin = await onRemote.account.localNetDispenser()
  ids = await deploy({ algorand: onRemote, deployer: admin, network: 'localnet' })
  token = (await onRemote.send.assetCreate({ sender: admin.addr, total: 10n ** 15n, decimals: 6, unitName: 'FORK', assetName: 'Fork Token', suppressLog: true })).assetId
  const ctx = (who: { addr: algosdk.Address; signer: algosdk.TransactionSigner }): GroveContext => ({ algod: onRemote.client.algod, ids, sender: who.addr, signer: who.signer })
  const send = async (group: Promise<DexGroup>): Promise<void> => void (await (await group).composer.execute(onRemote.client.algod, 4))
  await send(buildCreatePool(ctx(admin), 0n, token))
  // 2,000,000 ALGO against 7,000,000 FORK
  await send(buildAddLiquidity(ctx(admin), await pool(onRemote), 2_000_000_000_000n, 7_000_000_000_000n, firstAddMinLp(2_000_000_000_000n, 7_000_000_000_000n, 0n)))
  // a trader of the remote: 1,000 ALGO, opted in to the token and holding 5 of it
  trader = algosdk.mnemonicToSecretKey(algosdk.mnemonicFromSeed(new Uint8Array(32).fill(27)))
  await onRemote.account.ensureFunded(trader.addr, admin.addr, AlgoAmount.Algo(1_000), { suppressLog: true })
  onRemote.account.setSignerFromAccount(trader)
  await onRemote.send.assetOptIn({ sender: trader.addr, assetId: token, suppressLog: true })
  await onRemote.send.assetTransfer({ sender: admin.addr, receiver: trader.addr, assetId: token, amount: 5_000_000n, suppressLog: true })
  forkDir = await mkdtemp(join(tmpdir(), 'grove-fork-swap-'))
  await startFork()
}, 120_000)

afterAll(async () => {
  await fork?.stop()
  await remote?.stop()
  if (forkDir !== undefined) await rm(forkDir, { recursive: true, force: true })
})

describe('a Grove swap on a fork', () => {
  let remotePool: Pool
  let remoteWallet: { algo: bigint; token: bigint }
  let expected: { algo: bigint; token: bigint }
  let quotedPool: Pool

  it("lists the remote's pools on the fork, as the web app reads them", async () => {
    const [there, here] = await Promise.all([dexContract.readers.pools({ algod: onRemote.client.algod, ids }), dexContract.readers.pools({ algod: onFork.client.algod, ids })])
    expect(there).toHaveLength(1)
    expect(here).toEqual(there)
  })

  it("receives exactly the remote's own quote, to the base unit", async () => {
    remotePool = await pool(onRemote)
    remoteWallet = await wallet(onRemote)
    const amountIn = 123_456_789n // 123.456789 ALGO
    const quote = quoteExactIn(remotePool, 0n, amountIn)
    if (!quote.ok) throw new Error(quote.error)
    quotedPool = quote.pool
    const before = await wallet(onFork)
    expect(before).toEqual(remoteWallet)
    // the trader's own key signs on the fork: its account was read from the remote
    const group = await buildSwapExactIn({ algod: onFork.client.algod, ids, sender: trader.addr, signer: algosdk.makeBasicAccountTransactionSigner(trader) }, 0n, token, amountIn, quote.amountOut)
    await group.composer.execute(onFork.client.algod, 4)
    const after = await wallet(onFork)
    expect(after.token - before.token).toBe(quote.amountOut)
    expect(before.algo - after.algo).toBe(amountIn + group.fee)
    expected = after
    const forked = await pool(onFork)
    expect([forked.reserveA, forked.reserveB, forked.protocolFeesA]).toEqual([quote.pool.reserveA, quote.pool.reserveB, quote.pool.protocolFeesA])
  })

  it('leaves the remote pool and the trader on the remote unchanged', async () => {
    const now = await pool(onRemote)
    expect([now.reserveA, now.reserveB, now.lpIssued, now.protocolFeesA, now.protocolFeesB]).toEqual([remotePool.reserveA, remotePool.reserveB, remotePool.lpIssued, remotePool.protocolFeesA, remotePool.protocolFeesB])
    expect(await wallet(onRemote)).toEqual(remoteWallet)
  })

  it('keeps the swap across a restart of the fork', async () => {
    await fork.stop()
    await startFork()
    expect(await wallet(onFork)).toEqual(expected)
    const forked = await pool(onFork)
    expect([forked.reserveA, forked.reserveB]).toEqual([quotedPool.reserveA, quotedPool.reserveB])
  })
})
