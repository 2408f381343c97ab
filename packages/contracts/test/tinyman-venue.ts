// The Tinyman v2-compatible (local) venue on its own embedded localnet, driven by @tinymanorg/tinyman-js-sdk
// itself: deploys the validator, tells the SDK its app id, and reads pools and balances over algod.
import algosdk, { type Address } from 'algosdk'
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import { AddLiquidity, Bootstrap, poolUtils, type InitiatorSigner, type SupportedNetwork, type V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { APP_SPEC, TinymanV2VenueFactory } from '../clients/TinymanV2VenueClient.ts'

const quiet = () => {}
Config.configure({ logger: { error: quiet, warn: quiet, info: quiet, verbose: quiet, debug: quiet } })

/**
 * The network name the SDK is given for the localnet. tinyman-js-sdk looks its validator id up in an
 * unexported per-network table (a plain object), so `provideValidatorId` answers that lookup for this
 * name only, through a non-enumerable property on Object.prototype, for as long as the test runs.
 */
export const LOCAL_NETWORK = 'tinyman-v2-compatible-local' as SupportedNetwork

/** Makes tinyman-js-sdk resolve LOCAL_NETWORK's validator to `appId`; returns the undo. */
export function provideValidatorId(appId: bigint): () => void {
  Object.defineProperty(Object.prototype, LOCAL_NETWORK, { value: Number(appId), configurable: true, enumerable: false, writable: false })
  return () => {
    delete (Object.prototype as Record<string, unknown>)[LOCAL_NETWORK]
  }
}

/** A funded account with its key, and the SDK's signer for it. */
export interface Trader {
  addr: Address
  sk: Uint8Array
  signer: InitiatorSigner
}

/** A test asset: its id, unit name and decimals. */
export interface TestAsset {
  id: number
  unit_name: string
  decimals: number
}

/** The venue on a fresh localnet. */
export interface Venue {
  net: Localnet
  algod: algosdk.Algodv2
  algorand: AlgorandClient
  appId: bigint
  /** Funds a new account with µALGO and opts it into `assets`. */
  trader(microAlgos: bigint, assets?: readonly number[]): Promise<Trader>
  /** Creates an asset held by `owner` (decimals 6). */
  asset(owner: Trader, unitName: string, total?: bigint): Promise<TestAsset>
  /** Sends `amount` of `asset` from `from` to `to`. */
  give(from: Trader, to: Trader, asset: number, amount: bigint): Promise<void>
  /** The pool of a pair as the SDK reads it. */
  pool(a: number, b: number): Promise<V2PoolInfo>
  /** `account`'s balance of `asset` (0 = ALGO). */
  balance(account: Address | string, asset: number): Promise<bigint>
  /** Sends signed transactions as one group; resolves when confirmed. */
  sendGroup(signed: Uint8Array[]): Promise<void>
  stop(): Promise<void>
}

const endpoint = (url: string, token: string) => {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

/** Starts a localnet, deploys the venue and funds the app account's own minimum balance. */
export async function startVenue(): Promise<Venue> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const algodConfig = endpoint(net.algod.url, net.algod.token)
  const algorand = AlgorandClient.fromConfig({ algodConfig, kmdConfig: endpoint(net.kmd.url, net.kmd.token) })
  const algod = new algosdk.Algodv2(algodConfig.token, algodConfig.server, algodConfig.port)
  const dispenser = await algorand.account.localNetDispenser()
  const admin = algorand.account.random()
  await algorand.send.payment({ sender: dispenser.addr, receiver: admin.addr, amount: microAlgo(10_000_000) })
  const { appClient } = await new TinymanV2VenueFactory({ algorand, defaultSender: admin.addr }).send.create.createApplication()
  await algorand.send.payment({ sender: admin.addr, receiver: appClient.appAddress, amount: microAlgo(100_000) })

  const sendGroup = async (signed: Uint8Array[]) => {
    const { txid } = await algod.sendRawTransaction(signed).do()
    await algosdk.waitForConfirmation(algod, txid, 4)
  }
  const venue: Venue = {
    net,
    algod,
    algorand,
    appId: appClient.appId,
    async trader(microAlgos, assets = []) {
      const account = algosdk.generateAccount()
      await algorand.send.payment({ sender: dispenser.addr, receiver: account.addr, amount: microAlgo(microAlgos) })
      const addr = account.addr.toString()
      const signer: InitiatorSigner = async (groups) =>
        groups
          .flat()
          .filter((t) => t.signers?.includes(addr))
          .map((t) => t.txn.signTxn(account.sk))
      const trader = { addr: account.addr, sk: account.sk, signer }
      for (const id of assets) {
        algorand.account.setSignerFromAccount(account)
        await algorand.send.assetOptIn({ sender: account.addr, assetId: BigInt(id) })
      }
      return trader
    },
    async asset(owner, unitName, total = 10n ** 15n) {
      algorand.account.setSignerFromAccount({ addr: owner.addr, sk: owner.sk } as algosdk.Account)
      const { assetId } = await algorand.send.assetCreate({ sender: owner.addr, total, decimals: 6, unitName, assetName: `${unitName} token` })
      return { id: Number(assetId), unit_name: unitName, decimals: 6 }
    },
    async give(from, to, asset, amount) {
      algorand.account.setSignerFromAccount({ addr: from.addr, sk: from.sk } as algosdk.Account)
      if (asset === 0) await algorand.send.payment({ sender: from.addr, receiver: to.addr, amount: microAlgo(amount) })
      else await algorand.send.assetTransfer({ sender: from.addr, receiver: to.addr, assetId: BigInt(asset), amount })
    },
    pool: (a, b) => poolUtils.v2.getPoolInfo({ client: algod, network: LOCAL_NETWORK, asset1ID: a, asset2ID: b }),
    async balance(account, asset) {
      const info = await algod.accountInformation(account.toString()).do()
      if (asset === 0) return info.amount
      return info.assets?.find((h) => h.assetId === BigInt(asset))?.amount ?? 0n
    },
    sendGroup,
    stop: () => net.stop(),
  }
  return venue
}

/** Bootstraps the pool of `a`/`b` and adds its initial liquidity, both through tinyman-js-sdk. */
export async function bootstrapPool(venue: Venue, user: Trader, a: TestAsset, b: TestAsset, amount1: bigint, amount2: bigint): Promise<V2PoolInfo> {
  const initiatorAddr = user.addr.toString()
  const txGroup = await Bootstrap.v2.generateTxns({
    client: venue.algod,
    network: LOCAL_NETWORK,
    asset_1: { id: String(a.id), unit_name: a.unit_name },
    asset_2: { id: String(b.id), unit_name: b.unit_name },
    initiatorAddr,
  })
  const { signedTxns } = await Bootstrap.v2.signTxns({ txGroup, network: LOCAL_NETWORK, initiatorSigner: user.signer, asset1ID: a.id, asset2ID: b.id })
  const pool = await Bootstrap.v2.execute({ client: venue.algod, network: LOCAL_NETWORK, pool: { asset1ID: a.id, asset2ID: b.id }, txGroup, signedTxns })
  venue.algorand.account.setSignerFromAccount({ addr: user.addr, sk: user.sk } as algosdk.Account)
  await venue.algorand.send.assetOptIn({ sender: user.addr, assetId: BigInt(pool.poolTokenID!) })
  const addGroup = await AddLiquidity.v2.initial.generateTxns({
    client: venue.algod,
    pool,
    network: LOCAL_NETWORK,
    poolAddress: pool.account.address().toString(),
    asset1In: { id: pool.asset1ID, amount: amount1 },
    asset2In: { id: pool.asset2ID, amount: amount2 },
    poolTokenId: pool.poolTokenID!,
    initiatorAddr,
  })
  const signedAdd = await AddLiquidity.v2.initial.signTxns({ txGroup: addGroup, initiatorSigner: user.signer })
  await AddLiquidity.v2.initial.execute({ client: venue.algod, pool, txGroup: addGroup, signedTxns: signedAdd })
  return venue.pool(pool.asset1ID, pool.asset2ID)
}

/**
 * The venue's error code (`ERR:…`) for a rejected send: algod names the failing pc, the ARC-56 spec
 * maps pcs to messages (what algokit-utils does for typed clients).
 */
export function venueErrorOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const pc = /pc=(\d+)/.exec(message)
  if (!pc) return message
  const entry = APP_SPEC.sourceInfo!.approval.sourceInfo.find((s) => s.pc.includes(Number(pc[1])))
  return entry?.errorMessage ?? message
}
