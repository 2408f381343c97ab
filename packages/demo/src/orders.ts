// The demo's orders (issue 41, item 5), placed at the end of the seed at the market's prices: one limit
// order below the market that the keeper fills as soon as it starts, limit orders above it that stay
// open on /dex/orders until the market reaches them, and recurring orders that fill every few minutes
// while the user watches (each fill bounded by its pair's Grove TWAP).
import type { Algodv2 } from 'algosdk'
import type { DeploymentIds } from '@grove/contracts/deployment'
import { dexContract, ordersContract, type GroveContext } from '@grove/sdk'
import type { SeedAccount } from './seed-account.ts'

/** What the demo's orders need from the seed: the node, the deployment, who places them and the tokens' ids. */
export interface SeedOrdersParams {
  algod: Algodv2
  deployment: DeploymentIds
  demo: SeedAccount
  traders: SeedAccount[]
  asset: (unit: string) => bigint
}

/** The orders the demo places, by owner, kind and pair. */
export interface SeededOrder {
  owner: string
  kind: 'limit' | 'recurring'
  sell: string
  buy: string
}

/** Places the demo's orders; returns them in the order placed. */
export async function seedOrders(p: SeedOrdersParams): Promise<SeededOrder[]> {
  const reader = { algod: p.algod, ids: p.deployment }
  const as = (who: SeedAccount): GroveContext => ({ algod: p.algod, ids: p.deployment, sender: who.addr, signer: who.signer, note: 'grove demo order' })
  /** Units of `buy` the pool pays per `amount` of `sell` at its spot price (no fee, no impact). */
  const spot = async (sell: string, buy: string, amount: bigint): Promise<bigint> => {
    const [x, y] = [p.asset(sell), p.asset(buy)]
    const pool = (await dexContract.readers.pool(reader, x, y))!
    const [rIn, rOut] = x === pool.a ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
    return (amount * rOut) / rIn
  }
  const { lastRound } = await p.algod.status().do()
  const now = BigInt((await p.algod.block(lastRound).do()).block.header.timestamp)
  const placed: SeededOrder[] = []
  const limit = async (who: SeedAccount, sell: string, buy: string, amount: bigint, percentOfSpot: bigint, expiry = 0n) => {
    const minOut = ((await spot(sell, buy, amount)) * percentOfSpot) / 100n
    await (await ordersContract.prepare(as(who), { kind: 'place-limit', assetIn: p.asset(sell), assetOut: p.asset(buy), amount, minOut, expiry })).composer.execute(p.algod, 4)
    placed.push({ owner: who.addr.toString(), kind: 'limit', sell, buy })
  }
  const recurring = async (who: SeedAccount, sell: string, buy: string, perFill: bigint, fills: bigint, interval: bigint, toleranceBps: bigint) => {
    const group = await ordersContract.prepare(as(who), { kind: 'place-recurring', assetIn: p.asset(sell), assetOut: p.asset(buy), perFill, fills, interval, toleranceBps })
    await group.composer.execute(p.algod, 4)
    placed.push({ owner: who.addr.toString(), kind: 'recurring', sell, buy })
  }
  const [trader] = p.traders
  // below the market: the keeper's first pass fills it
  await limit(trader!, 'ALGO', 'gUSD', 500_000_000n, 98n)
  // above the market: open until a trade lifts gUSD 4% (or goETH 10%, within a week)
  await limit(p.demo, 'gUSD', 'ALGO', 100_000_000n, 104n)
  await limit(p.demo, 'goETH', 'gUSD', 50_000_000n, 110n, now + 7n * 86_400n)
  // a fill every 2 and every 3 minutes, a minute after placing first
  await recurring(p.demo, 'ALGO', 'FERN', 20_000_000n, 12n, 120n, 100n)
  await recurring(p.traders[1] ?? trader!, 'gUSD', 'goETH', 50_000_000n, 10n, 180n, 150n)
  return placed
}
