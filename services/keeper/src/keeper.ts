// The keeper (issue 41, item 2): one filler of Grove's orders, with its own account. It follows the
// chain (a pass after every new block, and at least every `intervalMs` for orders that come due with
// time), reads the open orders, routes what a fill may take through the venues' router (every venue it
// is given) and fills those whose route pays the order's least credit plus the protocol's fee and
// leaves more than the group's fees: the spread is its own. A recurring order whose TWAP observation
// went stale is renewed first (its fill follows a minute later). It never holds users' funds beyond a
// group: each fill takes and pays back in one atomic group.
import algosdk from 'algosdk'
import type { Algodv2, Address, TransactionSigner } from 'algosdk'
import type { DeploymentIds } from '@grove/contracts/deployment'
import { dexContract, fillable, latestTimestamp, leastPayment, missingOptIns, orderFee, ordersContract, recurringBound, type Order } from '@grove/sdk'
import { findRoute, receivedAssets, type Venue } from '@grove/sdk/venues'

/** What the keeper needs: the node, the deployment's ids, its account and the venues it routes through. */
export interface KeeperOptions {
  algod: Algodv2
  ids: DeploymentIds
  sender: string | Address
  signer: TransactionSigner
  venues: readonly Venue[]
  /** Least µALGO kept after fees for a fill to be worth sending (default 1). */
  minProfit?: bigint
}

/** One fill the keeper made: what the JSON line says. */
export interface KeeperFill {
  event: 'fill'
  order: bigint
  kind: 'limit' | 'recurring'
  owner: string
  assetIn: bigint
  assetOut: bigint
  /** Of assetIn taken. */
  amount: bigint
  /** Of assetOut paid to the order (its least credit plus the protocol's fee). */
  paid: bigint
  /** µALGO kept after the payment and the group's fees (a spread in another asset valued through the router). */
  profit: bigint
  round: bigint
  txId: string
}

/** A recurring order's observation the keeper renewed. */
export interface KeeperObserve {
  event: 'observe'
  order: bigint
  round: bigint
}

export type KeeperEvent = KeeperFill | KeeperObserve

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

/** `amount` of `asset` in µALGO through the router (0 when nothing routes it). */
async function inMicroAlgo(venues: readonly Venue[], asset: bigint, amount: bigint): Promise<bigint> {
  if (asset === 0n || amount <= 0n) return amount
  const { plan } = await findRoute(venues, { kind: 'exact-in', assetIn: asset, assetOut: 0n, amount }, [])
  return plan?.amountOut ?? 0n
}

type Step = { kind: 'fill'; order: Order; amount: bigint; least: bigint } | { kind: 'observe'; order: Order }

/** What the keeper may do with `order` at time `now`: fill it (its amount and least credit), renew its observation, or nothing. */
async function nextStep(o: KeeperOptions, order: Order, now: bigint): Promise<Step | undefined> {
  const can = fillable(order, now)
  if (!('amount' in can)) return undefined
  if (order.interval === 0n) return { kind: 'fill', order, amount: can.amount, least: leastPayment(order, can.amount) }
  const pool = await dexContract.readers.pool({ algod: o.algod, ids: o.ids }, order.assetIn, order.assetOut, order.poolTier)
  if (!pool) return undefined
  const bound = recurringBound(order, pool, now)
  if ('least' in bound) return { kind: 'fill', order, amount: can.amount, least: bound.least }
  return bound.error === 'ERR:OBSERVATION_STALE' ? { kind: 'observe', order } : undefined
}

/** The fill of `order` worth sending, built, with its payment and profit; or undefined. */
async function profitableFill(o: KeeperOptions, step: Extract<Step, { kind: 'fill' }>) {
  const { order, amount, least } = step
  const { book, plan } = await findRoute(o.venues, { kind: 'exact-in', assetIn: order.assetIn, assetOut: order.assetOut, amount }, [])
  const payment = least + orderFee(order, least)
  if (!plan || plan.amountOut <= payment) return undefined
  const ctx = { algod: o.algod, ids: o.ids, sender: o.sender, signer: o.signer }
  const fill = await ordersContract.prepare(ctx, { kind: 'fill', order, amount, least, route: { book, plan } })
  const profit = (await inMicroAlgo(o.venues, order.assetOut, plan.amountOut - payment)) - fill.fee
  if (profit < (o.minProfit ?? 1n)) return undefined
  // opted in only for a fill it sends (a holding ties up 0.1 ALGO)
  await optIn(o, [order.assetIn, order.assetOut, ...receivedAssets(book, plan)])
  // rebuilt after the opt-ins: the route's build leaves out the opt-ins it no longer needs
  return { fill: await ordersContract.prepare(ctx, { kind: 'fill', order, amount, least, route: { book, plan } }), payment, profit }
}

/**
 * One pass over the open orders: fills each that pays after fees and renews stale recurring
 * observations; returns what it did. A step that fails (someone filled first, the market moved between
 * the quote and the send) is skipped: the next pass sees the order again.
 */
export async function keeperTick(o: KeeperOptions): Promise<KeeperEvent[]> {
  const now = await latestTimestamp(o.algod)
  const done: KeeperEvent[] = []
  for (const order of await ordersContract.readers.open({ algod: o.algod, ids: o.ids }, now)) {
    try {
      const step = await nextStep(o, order, now)
      if (!step) continue
      const ctx = { algod: o.algod, ids: o.ids, sender: o.sender, signer: o.signer }
      if (step.kind === 'observe') {
        const sent = await (await ordersContract.prepare(ctx, { kind: 'observe', order })).composer.execute(o.algod, 4)
        done.push({ event: 'observe', order: order.id, round: sent.confirmedRound })
        continue
      }
      const found = await profitableFill(o, step)
      if (!found) continue
      const sent = await found.fill.composer.execute(o.algod, 4)
      done.push({
        event: 'fill',
        order: order.id,
        kind: order.interval > 0n ? 'recurring' : 'limit',
        owner: order.owner,
        assetIn: order.assetIn,
        assetOut: order.assetOut,
        amount: step.amount,
        paid: found.payment,
        profit: found.profit,
        round: sent.confirmedRound,
        txId: sent.txIDs[0]!,
      })
    } catch {
      // another filler took it first, or the market moved: the next pass sees it again
    }
  }
  return done
}

/** A keeper event as one JSON line (amounts as decimal strings, a timestamp first). */
export const keeperLine = (e: KeeperEvent): string => JSON.stringify({ time: new Date().toISOString(), ...e }, (_, v) => (typeof v === 'bigint' ? v.toString() : v))

/** Resolves after the next block or `ms`, whichever comes first (never rejects). */
async function nextBlockOr(algod: Algodv2, ms: number, signal?: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let wake = () => {}
  const sleep = new Promise<void>((resolve) => {
    wake = resolve
    timer = setTimeout(resolve, ms)
  })
  signal?.addEventListener('abort', wake, { once: true })
  const block = (async () => {
    const { lastRound } = await algod.status().do()
    await algod.statusAfterBlock(lastRound).do()
  })().catch(() => sleep)
  await Promise.race([sleep, block])
  clearTimeout(timer)
  signal?.removeEventListener('abort', wake)
}

/** Runs `keeperTick` after every block (at least every `intervalMs`, default 4 s) until the signal aborts; `log` gets each event's JSON line. */
export async function runKeeper(o: KeeperOptions & { intervalMs?: number; signal?: AbortSignal; log?: (line: string) => void; onEvent?: (e: KeeperEvent) => void }): Promise<void> {
  while (!o.signal?.aborted) {
    try {
      for (const e of await keeperTick(o)) {
        o.onEvent?.(e)
        o.log?.(keeperLine(e))
      }
    } catch (e) {
      o.log?.(JSON.stringify({ time: new Date().toISOString(), event: 'error', message: e instanceof Error ? e.message : String(e) }))
    }
    if (o.signal?.aborted) break
    await nextBlockOr(o.algod, o.intervalMs ?? 4000, o.signal)
  }
}
