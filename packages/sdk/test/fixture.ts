// A Grove on a fresh embedded localnet for the SDK's tests: registry and DEX created from the
// ARC-56 artifacts, a funded trader holding a few test assets, and helpers that send SDK groups.
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { CONTRACTS, DEPLOYED_ASSETS, type AppIdKey, type AssetIdKey, type DeploymentIds } from '@grove/contracts/deployment'
import { startLocalnet } from '@grove/localnet'
import type { Localnet } from '@grove/localnet'
import { waitForConfirmation } from 'algosdk'
import type { ABIMethod, ABIType, Address, Algodv2 } from 'algosdk'
import type { Pool } from '../src/dex/amm.ts'
import { DEX_SPEC } from '../src/dex/spec.ts'
import { REGISTRY_SPEC } from '../src/registry/spec.ts'
import { dexContract } from '../src/dex/module.ts'
import type { GroveContext } from '../src/core/context.ts'
import type { ComposedGroup } from '../src/core/group.ts'

const endpoint = (url: string, token: string) => {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

/** A running Grove and a funded trader. */
export interface Grove {
  net: Localnet
  algorand: AlgorandClient
  algod: Algodv2
  dexAppId: bigint
  registryAppId: bigint
  /** The deployment's ids as the modules' readers take them (the registry and the DEX; the other contracts 0, not deployed here). */
  ids: DeploymentIds
  admin: TransactionSignerAccount & { addr: Address }
  trader: TransactionSignerAccount & { addr: Address }
  /** Test assets the trader holds (besides ALGO = 0). */
  assets: bigint[]
  /** The trader's context over `ids`. */
  ctx: GroveContext
  /** Sends a built group; resolves to each app call's ABI return and logs. */
  send(group: ComposedGroup): Promise<{ returns: unknown[]; logs: Uint8Array[][]; round: bigint }>
  pool(x: bigint, y: bigint): Promise<Pool>
  /** The trader's (or another address's) balance of an asset, 0 if not opted in. */
  balance(asset: bigint, who?: string | Address): Promise<bigint>
  /** The latest block's timestamp, which the next block's app calls see as LatestTimestamp. */
  latestTimestamp(): Promise<bigint>
  stop(): Promise<void>
}

/** Asset definitions: decimals 6, 0 and 19 (the ASA maximum), supply 2^64 − 1 where allowed. */
const ASSETS = [
  { unitName: 'USDC', decimals: 6 },
  { unitName: 'WHOLE', decimals: 0 },
  { unitName: 'FINE', decimals: 19 },
  { unitName: 'GEM', decimals: 6 },
]

/** Starts a localnet on random ports and deploys Grove on it. */
export async function startGrove(): Promise<Grove> {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  try {
    const algorand = AlgorandClient.fromConfig({ algodConfig: endpoint(net.algod.url, net.algod.token), kmdConfig: endpoint(net.kmd.url, net.kmd.token) })
    const algod = algorand.client.algod
    const dispenser = await algorand.account.localNetDispenser()
    const admin = algorand.account.random()
    const trader = algorand.account.random()
    await algorand.send.payment({ sender: dispenser.addr, receiver: admin.addr, amount: microAlgo(1_000_000_000n) })
    await algorand.send.payment({ sender: dispenser.addr, receiver: trader.addr, amount: microAlgo(1_000_000_000_000n) })

    const registry = await algorand.client.getAppFactory({ appSpec: REGISTRY_SPEC, defaultSender: admin.addr }).send.create({ method: 'createApplication', args: [] })
    const dex = await algorand.client
      .getAppFactory({ appSpec: DEX_SPEC, defaultSender: admin.addr })
      .send.create({ method: 'createApplication', args: [registry.appClient.appId] })
    const dexAppId = dex.appClient.appId
    const registryAppId = registry.appClient.appId
    // The app account's own minimum balance; pools pay for everything above it.
    await algorand.send.payment({ sender: admin.addr, receiver: dex.appClient.appAddress, amount: microAlgo(100_000) })

    const assets: bigint[] = []
    for (const a of ASSETS)
      assets.push((await algorand.send.assetCreate({ sender: trader.addr, total: (1n << 64n) - 1n, decimals: a.decimals, unitName: a.unitName, assetName: a.unitName })).assetId)

    // every contract and asset the fixture does not deploy is id 0, whatever CONTRACTS lists
    const absent = Object.fromEntries([...CONTRACTS, ...DEPLOYED_ASSETS].map(({ idKey }) => [idKey, 0n])) as Record<AppIdKey | AssetIdKey, bigint>
    const ids: DeploymentIds = { ...absent, network: 'localnet', firstRound: 0n, registryAppId, dexAppId }
    const ctx: GroveContext = { algod, ids, sender: trader.addr, signer: trader.signer }
    // Dev mode commits each group as it arrives, so one pending-info read per app call replaces polling.
    const send: Grove['send'] = async ({ composer }) => {
      const calls = composer.buildGroup().flatMap((t, i) => (t.txn.type === 'appl' ? [{ i, id: t.txn.txID() }] : []))
      const methods = calls.map(({ i }) => (composer as unknown as { methodCalls: Map<number, ABIMethod> }).methodCalls.get(i)!)
      await algod.sendRawTransaction(await composer.gatherSignatures()).do()
      const infos = await Promise.all(
        calls.map(async ({ id }) => {
          const info = await algod.pendingTransactionInformation(id).do()
          return info.confirmedRound ? info : waitForConfirmation(algod, id, 4)
        }),
      )
      return {
        returns: infos.map((info, k) => {
          const last = info.logs?.[info.logs.length - 1]
          // bare calls (budget padding) are not method calls and return nothing
          const type = methods[k]?.returns.type
          return type === undefined || type === 'void' || !last ? undefined : (type as ABIType).decode(last.slice(4))
        }),
        logs: infos.map((info) => info.logs ?? []),
        round: infos[0]?.confirmedRound ?? 0n,
      }
    }
    const balance: Grove['balance'] = async (asset, who = trader.addr) => {
      if (asset === 0n) return (await algod.accountInformation(who).do()).amount
      try {
        return (await algod.accountAssetInformation(who, asset).do()).assetHolding?.amount ?? 0n
      } catch {
        return 0n
      }
    }
    return {
      net,
      algorand,
      algod,
      dexAppId,
      registryAppId,
      ids,
      admin,
      trader,
      assets,
      ctx,
      send,
      balance,
      pool: async (x, y) => {
        const pool = await dexContract.readers.pool({ algod, ids }, x, y)
        if (!pool) throw new Error(`no pool ${x}/${y}`)
        return pool
      },
      latestTimestamp: async () => {
        const status = await algod.status().do()
        const block = await algod.block(status.lastRound).do()
        return BigInt(block.block.header.timestamp)
      },
      stop: () => net.stop(),
    }
  } catch (e) {
    await net.stop()
    throw e
  }
}
