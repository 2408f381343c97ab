// Grove on a fresh embedded localnet for the follower's tests: registry and DEX from the ARC-56
// specs, one trader who is also the treasury (so fee collections land), gUSD (the stable coin)
// and FERN, and a `send` that returns what algod recorded for each app call.
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { DEX_SPEC, REGISTRY_SPEC, dexContract, type DexGroup, type GroveContext, type Pool } from '@grove/sdk'
import { waitForConfirmation, type Address, type Algodv2 } from 'algosdk'
import { readerIds, type GroveDeployment as Deployment } from '../src/config.ts'

/** What algod recorded for one app call of a sent group. */
export interface RecordedCall {
  txnId: string
  round: bigint
  logs: Uint8Array[]
}

/** A running Grove and its trader. */
export interface Grove {
  net: Localnet
  algod: Algodv2
  algorand: AlgorandClient
  deployment: Deployment
  trader: TransactionSignerAccount & { addr: Address }
  gusd: bigint
  fern: bigint
  /** The trader's context (the registry and the DEX deployed; the other ids 0). */
  ctx: GroveContext
  send(group: DexGroup): Promise<RecordedCall[]>
  pool(x: bigint, y: bigint): Promise<Pool>
  stop(): Promise<void>
}

const endpoint = (url: string, token: string) => {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

/** Starts a localnet on free ports with Grove deployed on it. */
export async function startGrove(): Promise<Grove> {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  try {
    const algorand = AlgorandClient.fromConfig({ algodConfig: endpoint(net.algod.url, net.algod.token), kmdConfig: endpoint(net.kmd.url, net.kmd.token) })
    const algod = algorand.client.algod
    const dispenser = await algorand.account.localNetDispenser()
    const trader = algorand.account.random()
    await algorand.send.payment({ sender: dispenser.addr, receiver: trader.addr, amount: microAlgo(10_000_000_000_000n) })
    const registry = await algorand.client.getAppFactory({ appSpec: REGISTRY_SPEC, defaultSender: trader.addr }).send.create({ method: 'createApplication', args: [] })
    const dex = await algorand.client.getAppFactory({ appSpec: DEX_SPEC, defaultSender: trader.addr }).send.create({ method: 'createApplication', args: [registry.appClient.appId] })
    await algorand.send.payment({ sender: trader.addr, receiver: dex.appClient.appAddress, amount: microAlgo(100_000) })
    const gusd = (await algorand.send.assetCreate({ sender: trader.addr, total: 10n ** 18n, decimals: 6, unitName: 'gUSD', assetName: 'Grove USD' })).assetId
    const fern = (await algorand.send.assetCreate({ sender: trader.addr, total: 10n ** 18n, decimals: 4, unitName: 'FERN', assetName: 'Fern' })).assetId
    const deployment: Deployment = {
      network: 'localnet',
      dexAppId: dex.appClient.appId,
      registryAppId: registry.appClient.appId,
      firstRound: dex.result.confirmation.confirmedRound!,
      stableAssetId: gusd,
    }
    // every contract and asset this fixture does not deploy reads as id 0
    const ids = readerIds(deployment)
    const ctx: GroveContext = { algod, ids, sender: trader.addr, signer: trader.signer }
    const send: Grove['send'] = async ({ composer }) => {
      const ids = composer
        .buildGroup()
        .filter((t) => t.txn.type === 'appl')
        .map((t) => t.txn.txID())
      await algod.sendRawTransaction(await composer.gatherSignatures()).do()
      return Promise.all(
        ids.map(async (txnId) => {
          const info = await waitForConfirmation(algod, txnId, 4)
          return { txnId, round: info.confirmedRound!, logs: info.logs ?? [] }
        }),
      )
    }
    return {
      net,
      algod,
      algorand,
      deployment,
      trader,
      gusd,
      fern,
      ctx,
      send,
      pool: async (x, y) => {
        const p = await dexContract.readers.pool({ algod, ids }, x, y)
        if (!p) throw new Error(`no pool ${x}/${y}`)
        return p
      },
      stop: () => net.stop(),
    }
  } catch (e) {
    await net.stop()
    throw e
  }
}
