// The keeper (issue 41, item 3): one filler of Grove's orders. Each tick reads the open orders, routes
// what a fill may take through the venues' router and fills those whose route pays the owner's price
// and leaves more than the group's fees: the spread is the keeper's. It fills orders paid in ALGO
// (where the spread and the fees are one asset); others are left to fillers that price them.
import algosdk from 'algosdk'
import type { Algodv2, TransactionSigner, Address } from 'algosdk'
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { DeploymentIds } from '@grove/contracts/deployment'
import { fillable, leastPayment, missingOptIns, ordersContract, type Order } from '@grove/sdk'
import { findRoute, groveVenue, receivedAssets, type Venue } from '@grove/sdk/venues'

/** What one tick needs: the node, the deployment's ids, the keeper's account and the venues it routes through. */
export interface KeeperOptions {
  algod: Algodv2
  ids: DeploymentIds
  sender: string | Address
  signer: TransactionSigner
  /** Default: Grove's DEX alone. */
  venues?: readonly Venue[]
  /** Least µALGO kept after fees for a fill to be worth sending (default 1). */
  minProfit?: bigint
}

/** What a tick did with one order. */
export interface KeeperFill {
  order: bigint
  amount: bigint
  /** µALGO kept after the owner's payment and the group's fees. */
  profit: bigint
}

/** The latest block's timestamp: what the next fill's LatestTimestamp is at least. */
async function chainTime(algod: Algodv2): Promise<bigint> {
  const { lastRound } = await algod.status().do()
  return BigInt((await algod.block(lastRound).do()).block.header.timestamp)
}

/** Opts the keeper into each of `assets` it does not hold yet (one group), so it can take a fill and the route's outputs. */
async function optIn(o: KeeperOptions, assets: bigint[]): Promise<void> {
  const missing = await missingOptIns(o.algod, o.sender, [...new Set(assets.filter((a) => a !== 0n))])
  if (missing.length === 0) return
  const suggestedParams = await o.algod.getTransactionParams().do()
  const atc = new algosdk.AtomicTransactionComposer()
  for (const asset of missing) {
    const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: o.sender, receiver: o.sender, assetIndex: asset, amount: 0n, suggestedParams })
    atc.addTransaction({ txn, signer: o.signer })
  }
  await atc.execute(o.algod, 4)
}

/** The fill of `order` worth sending now, built, or undefined. */
async function profitableFill(o: KeeperOptions, venues: readonly Venue[], order: Order, now: bigint) {
  if (order.assetOut !== 0n) return undefined
  const can = fillable(order, now)
  if (!('amount' in can)) return undefined
  const { book, plan } = await findRoute(venues, { kind: 'exact-in', assetIn: order.assetIn, assetOut: 0n, amount: can.amount }, [])
  if (!plan) return undefined
  const payment = leastPayment(order, can.amount)
  if (plan.amountOut <= payment) return undefined
  await optIn(o, [order.assetIn, ...receivedAssets(book, plan)])
  const ctx = { algod: o.algod, ids: o.ids, sender: o.sender, signer: o.signer }
  const fill = await ordersContract.prepare(ctx, { kind: 'fill', order, amount: can.amount, route: { book, plan } })
  const profit = plan.amountOut - payment - fill.fee
  return profit >= (o.minProfit ?? 1n) ? { fill, amount: can.amount, profit } : undefined
}

/** One pass over the open orders: fills each that pays after fees; returns what it filled. A fill that fails (someone filled first) is skipped. */
export async function keeperTick(o: KeeperOptions): Promise<KeeperFill[]> {
  const venues = o.venues ?? [groveVenue({ algod: o.algod, dexAppId: o.ids.dexAppId, registryAppId: o.ids.registryAppId }) as unknown as Venue]
  const now = await chainTime(o.algod)
  const filled: KeeperFill[] = []
  for (const order of await ordersContract.readers.open({ algod: o.algod, ids: o.ids }, now)) {
    const found = await profitableFill(o, venues, order, now)
    if (!found) continue
    try {
      await found.fill.composer.execute(o.algod, 4)
      filled.push({ order: order.id, amount: found.amount, profit: found.profit })
    } catch {
      // another filler took it, or the market moved between the quote and the send: the next tick sees
    }
  }
  return filled
}

/** Runs `keeperTick` every `intervalMs` until the signal aborts. */
export async function runKeeper(o: KeeperOptions & { intervalMs?: number; signal?: AbortSignal; log?: (line: string) => void }): Promise<void> {
  while (!o.signal?.aborted) {
    try {
      for (const f of await keeperTick(o)) o.log?.(`keeper: filled order ${f.order} (${f.amount} units), kept ${f.profit} µALGO`)
    } catch (e) {
      o.log?.(`keeper: ${e instanceof Error ? e.message : String(e)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, o.intervalMs ?? 4000))
  }
}

/**
 * Starts the localnet's keeper (`npm start`): a new account funded with 1,000 ALGO by `funder`, ticking
 * every 4 s until the returned controller aborts.
 */
export async function startKeeper(p: { algorand: AlgorandClient; ids: DeploymentIds; funder: { addr: Address }; log?: (line: string) => void }): Promise<AbortController> {
  const account = p.algorand.account.random()
  await p.algorand.send.payment({ sender: p.funder.addr, receiver: account.addr, amount: microAlgo(1_000_000_000n), suppressLog: true })
  const controller = new AbortController()
  void runKeeper({ algod: p.algorand.client.algod, ids: p.ids, sender: account.addr, signer: account.signer, signal: controller.signal, log: p.log })
  return controller
}
