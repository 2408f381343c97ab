// A Tinyman v2 swap on a fork of a live network (issue 27), with two localnets over HTTP: the
// "remote" has the Tinyman v2-compatible validator and a USDC/ALGO pool bootstrapped and funded by
// @tinymanorg/tinyman-js-sdk itself; the remote's trader swaps through that pool on the fork. The
// fork moves exactly the quote tinyman-js-sdk gives against the remote's pool, and the remote's pool
// and trader are unchanged.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import { startLocalnet, type Localnet } from '@grove/localnet'
import { AddLiquidity, Bootstrap, Swap, poolUtils, type InitiatorSigner, type SupportedNetwork } from '@tinymanorg/tinyman-js-sdk'
import { GroupBuilder } from '../../src/core/group.ts'
import { TINYMAN_LOCAL_LABEL, tinymanVenue, type TinymanPool } from '../../src/venues/index.ts'
import { startGrove, type Grove } from '../fixture.ts'

/** tinyman-js-sdk's validator-id lookup answers this network name (see venues.test.ts). */
const LOCAL = 'tinyman-v2-compatible-fork-remote' as SupportedNetwork

let remote: Grove
let fork: Localnet
let forkDir: string
let forkAlgod: algosdk.Algodv2
let validatorAppId: bigint
let usdc: bigint

beforeAll(async () => {
  remote = await startGrove()
  usdc = remote.assets[0]!
  const { appClient } = await remote.algorand.client
    .getAppFactory({ appSpec: VENUE_ARC56 as unknown as Arc56Contract, defaultSender: remote.admin.addr })
    .send.create({ method: 'createApplication', args: [] })
  validatorAppId = appClient.appId
  await remote.algorand.send.payment({ sender: remote.admin.addr, receiver: appClient.appAddress, amount: microAlgo(100_000) })
  Object.defineProperty(Object.prototype, LOCAL, { value: Number(validatorAppId), configurable: true })
  const addr = remote.trader.addr.toString()
  const signer: InitiatorSigner = async (groups) => {
    const txns = groups
      .flat()
      .filter((t) => t.signers?.includes(addr))
      .map((t) => t.txn)
    return remote.trader.signer(
      txns,
      txns.map((_, i) => i),
    )
  }
  // USDC/ALGO at 2.5 USDC per ALGO, through tinyman-js-sdk's own bootstrap and first add
  const txGroup = await Bootstrap.v2.generateTxns({ client: remote.algod, network: LOCAL, asset_1: { id: String(usdc), unit_name: 'USDC' }, asset_2: { id: '0', unit_name: 'ALGO' }, initiatorAddr: addr })
  const boot = await Bootstrap.v2.signTxns({ txGroup, network: LOCAL, initiatorSigner: signer, asset1ID: Number(usdc), asset2ID: 0 })
  const pool = await Bootstrap.v2.execute({ client: remote.algod, network: LOCAL, pool: { asset1ID: Number(usdc), asset2ID: 0 }, txGroup, signedTxns: boot.signedTxns })
  await remote.algorand.send.assetOptIn({ sender: remote.trader.addr, assetId: BigInt(pool.poolTokenID!) })
  const add = await AddLiquidity.v2.initial.generateTxns({
    client: remote.algod,
    pool,
    network: LOCAL,
    poolAddress: pool.account.address().toString(),
    asset1In: { id: Number(usdc), amount: 25_000_000_000n },
    asset2In: { id: 0, amount: 10_000_000_000n },
    poolTokenId: pool.poolTokenID!,
    initiatorAddr: addr,
  })
  await AddLiquidity.v2.initial.execute({ client: remote.algod, pool, txGroup: add, signedTxns: await AddLiquidity.v2.initial.signTxns({ txGroup: add, initiatorSigner: signer }) })
  forkDir = await mkdtemp(join(tmpdir(), 'grove-fork-tinyman-'))
  fork = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: forkDir, fork: { url: remote.net.algod.url, token: remote.net.algod.token } })
  const u = new URL(fork.algod.url)
  forkAlgod = new algosdk.Algodv2(fork.algod.token, `${u.protocol}//${u.hostname}`, u.port)
}, 180_000)

afterAll(async () => {
  delete (Object.prototype as Record<string, unknown>)[LOCAL]
  await fork?.stop()
  await remote?.stop()
  if (forkDir !== undefined) await rm(forkDir, { recursive: true, force: true })
})

/** The trader's ALGO and USDC on one chain. */
async function wallet(algod: algosdk.Algodv2): Promise<{ algo: bigint; usdc: bigint }> {
  const info = await algod.accountInformation(remote.trader.addr).do()
  return { algo: info.amount, usdc: info.assets?.find((h) => h.assetId === usdc)?.amount ?? 0n }
}

describe('a Tinyman v2 swap on a fork', () => {
  it("moves exactly tinyman-js-sdk's quote against the remote pool, leaving the remote unchanged", async () => {
    const amountIn = 45_678_901n // ALGO in
    const sdkPool = await poolUtils.v2.getPoolInfo({ client: remote.algod, network: LOCAL, asset1ID: Number(usdc), asset2ID: 0 })
    const expected = Swap.v2.getFixedInputDirectSwapQuote({ pool: sdkPool, amount: amountIn, assetIn: { id: 0, decimals: 6 }, assetOut: { id: Number(usdc), decimals: 6 } })
    const remotePools = await tinymanVenue({ algod: remote.algod, validatorAppId, label: TINYMAN_LOCAL_LABEL }).findPools(0n, usdc)
    const remoteWallet = await wallet(remote.algod)

    const venue = tinymanVenue({ algod: forkAlgod, validatorAppId, label: TINYMAN_LOCAL_LABEL })
    const [pool] = await venue.findPools(0n, usdc)
    expect(pool!.reserves).toEqual(remotePools[0]!.reserves)
    const result = venue.quoteExactIn(pool as TinymanPool, 0n, amountIn)
    if (!result.ok) throw new Error(result.error)
    expect(result.quote.amountOut).toBe(expected.assetOutAmount)
    const group = await GroupBuilder.create({ algod: forkAlgod, sender: remote.trader.addr, signer: remote.trader.signer })
    venue.addHop(group, result.quote, result.quote.amountOut)
    const { fee } = await group.build()
    const before = await wallet(forkAlgod)
    expect(before).toEqual(remoteWallet)
    await group.send()
    const after = await wallet(forkAlgod)
    expect([before.algo - after.algo - fee, after.usdc - before.usdc]).toEqual([amountIn, expected.assetOutAmount])

    expect(await wallet(remote.algod)).toEqual(remoteWallet)
    expect(await tinymanVenue({ algod: remote.algod, validatorAppId, label: TINYMAN_LOCAL_LABEL }).findPools(0n, usdc)).toEqual(remotePools)
  })
})
