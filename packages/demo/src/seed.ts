// Demo data for a fresh localnet, built with the SDK's group builders: project tokens with
// real-looking metadata, pools at sensible prices, holdings for the KMD wallet's accounts and a
// demo account, 30 days of trading history, then one arbitrage swap per pool so that prices agree
// across pools. Grove's clock (time.ts) dates each trade's block at its moment in the past. Between
// the trades run protocol.ts's dated actions: farms, staking pools, locks, projects and the vault.
// Everything runs in one fixed order from a fixed PRNG, so the same fresh localnet always gets the
// same ids and history.
import { createHash } from 'node:crypto'
import algosdk from 'algosdk'
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { withFastSigner } from '@grove/localnet'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { GROVE_TOKEN, type DeployResult } from '@grove/contracts/deploy'
import {
  buildAddLiquidity,
  firstAddMinLp,
  buildCreatePool,
  buildRemoveLiquidity,
  buildSetVerified,
  buildSwapExactIn,
  dexContract,
  stable,
  stableContract,
  GroupBuilder,
} from '@grove/sdk'
import { arbitrageSwap, type Reference } from './arbitrage.ts'
import { planProtocol, type ProtocolResult } from './protocol.ts'
import { DAY, historyStart, travelTo } from './time.ts'
import { seedOrders, type SeededOrder } from './orders.ts'
import { seedChain } from './seed-chain.ts'

import type { SeedAccount } from './seed-account.ts'

export { HISTORY_DAYS, clockOffset, historyStart, travelTo } from './time.ts'

export type { SeedAccount } from './seed-account.ts'

/** A demo token: ASA parameters and the USD price its pools start at. */
export interface DemoToken {
  unitName: string
  assetName: string
  decimals: number
  /** Whole tokens. */
  supply: number
  url: string
  priceUsd: number
  /** Marked verified in the registry. */
  verified: boolean
}

/** ALGO's USD price in the demo. */
export const ALGO_PRICE_USD = 0.2
/** GROVE's USD price in the demo (GROVE itself is created by deploy). */
export const GROVE_PRICE_USD = 0.42

/** The tokens the seed creates, in creation order; with GROVE that makes eight. */
export const DEMO_TOKENS: readonly DemoToken[] = [
  { unitName: 'gUSD', assetName: 'Grove USD', decimals: 6, supply: 1_000_000_000, url: '/tokens/gusd.json#arc3', priceUsd: 1, verified: true },
  { unitName: 'goETH', assetName: 'Grove Bridged Ether', decimals: 8, supply: 21_000_000, url: '/tokens/goeth.json#arc3', priceUsd: 3100, verified: true },
  { unitName: 'FERN', assetName: 'Fern Protocol', decimals: 6, supply: 500_000_000, url: '/tokens/fern.json#arc3', priceUsd: 0.085, verified: true },
  { unitName: 'MOSS', assetName: 'Moss Finance', decimals: 4, supply: 20_000_000, url: '/tokens/moss.json#arc3', priceUsd: 1.75, verified: false },
  { unitName: 'ACORN', assetName: 'Acorn Games Credit', decimals: 0, supply: 50_000_000, url: '/tokens/acorn.json#arc3', priceUsd: 0.6, verified: false },
  { unitName: 'CNPY', assetName: 'Canopy DAO', decimals: 8, supply: 10_000_000, url: '/tokens/cnpy.json#arc3', priceUsd: 12.4, verified: false },
  // a second dollar coin for the stable pool (issue 37), 8 decimals against gUSD's 6: the Stable app normalises them
  { unitName: 'gUSDt', assetName: 'Grove Tether', decimals: 8, supply: 1_000_000_000, url: '/tokens/gusdt.json#arc3', priceUsd: 1, verified: true },
]

export { DEMO_STABLE, demoStableAssetId } from './demo-stable.ts'

/** The pools the seed creates (by unit name, ALGO for asset 0), the USD depth of each side and the fee tier (30 bps unless given). */
export const DEMO_POOLS: readonly { pair: [string, string]; depthUsd: number; feeBps?: number }[] = [
  { pair: ['ALGO', 'gUSD'], depthUsd: 2_000_000 },
  { pair: ['ALGO', 'GROVE'], depthUsd: 400_000 },
  { pair: ['GROVE', 'gUSD'], depthUsd: 300_000 },
  { pair: ['gUSD', 'goETH'], depthUsd: 1_500_000 },
  { pair: ['ALGO', 'goETH'], depthUsd: 500_000 },
  { pair: ['ALGO', 'FERN'], depthUsd: 120_000 },
  { pair: ['ALGO', 'CNPY'], depthUsd: 250_000 },
  { pair: ['FERN', 'MOSS'], depthUsd: 60_000 },
  { pair: ['GROVE', 'ACORN'], depthUsd: 40_000 },
  // a second fee tier on the busiest pair: the 5 bps pool beside the 30 bps one (issue 37)
  { pair: ['ALGO', 'gUSD'], depthUsd: 300_000, feeBps: 5 },
]

/**
 * The stable pools the seed creates on the Stable app (issue 37), by unit name: the USD depth of each
 * side, the fee tier and the amplifier A; `swaps` demo trades on each, half of them in the last two days.
 * Kept apart from DEMO_POOLS (the DEX's constant-product pools), as the seed result keeps them apart.
 */
export const DEMO_STABLE_POOLS: readonly { pair: [string, string]; depthUsd: number; feeBps: number; amp: number; swaps: number }[] = [
  { pair: ['gUSD', 'gUSDt'], depthUsd: 500_000, feeBps: 5, amp: 100, swaps: 12 },
]

/** Options for `seed`. */
export interface SeedParams {
  algorand: AlgorandClient
  /** The deployer: admin of the registry, holder of GROVE; creates the tokens and pools. */
  admin: SeedAccount
  deployment: DeployResult
  /** Accounts that get every demo token (the KMD wallet's accounts). */
  holders: SeedAccount[]
  /** Trades in the history (default 150: with 9 pools, a trade per pool every few days and more lately). */
  trades?: number
  /** Wall clock in ms (default Date.now). */
  now?: () => number
}

/** A token the seed made or found, with its asset id. */
export interface SeededToken {
  assetId: bigint
  unitName: string
  assetName: string
  decimals: number
  url: string
  verified: boolean
}

/** What the seed made: tokens, pools and trades, then (ProtocolResult) programs, locks, projects and the vault. */
export interface SeedResult extends ProtocolResult {
  tokens: SeededToken[]
  /** The DEX's constant-product pools (DEMO_POOLS). */
  pools: { a: bigint; b: bigint; lpAsset: bigint }[]
  /** The Stable app's pools (DEMO_STABLE_POOLS): pair, fee tier, A (not times 100) and LP token. */
  stablePools: { a: bigint; b: bigint; feeBps: bigint; amp: bigint; lpAsset: bigint }[]
  /** The demo account for the Mnemonic wallet. */
  demo: { address: string; mnemonic: string }
  trades: number
  /** Unix seconds of the history's first block. */
  historyFrom: number
  /** The open orders placed at the end (orders.ts). */
  orders: SeededOrder[]
}

/** A deterministic account: the same mnemonic on every machine (`label` picks which). */
export function demoKeys(label = 'demo'): { address: string; mnemonic: string } {
  const seed = createHash('sha512-256').update(`grove-localnet-${label}`).digest()
  const mnemonic = algosdk.mnemonicFromSeed(seed)
  return { address: algosdk.mnemonicToSecretKey(mnemonic).addr.toString(), mnemonic }
}

/** mulberry32: a small PRNG, so the history is the same on every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Base units of `usd` worth of a token. */
function units(usd: number, priceUsd: number, decimals: number): bigint {
  return BigInt(Math.round((usd / priceUsd) * 10 ** decimals))
}

/** Seeds the demo (see the file comment). Call it once, on a deployment with nothing else on it. */
export async function seed(params: SeedParams): Promise<SeedResult> {
  const { algorand, admin, deployment } = params
  const algod = algorand.client.algod
  /** Reads through the DEX's module. */
  const reader = { algod, ids: deployment }
  const now = params.now ?? Date.now
  const rand = prng(20_240_601)
  algorand.account.setSignerFromAccount(admin)
  // the SDK's context for `who` (a note keeps equal trades in one validity window apart), and its sender
  const chain = await seedChain(algod, deployment)
  const { as, send } = chain

  // deploy's blocks, when the caller travelled first (see historyStart), are this early too
  const historyFrom = historyStart(now)
  await travelTo(algod, historyFrom, now)

  // tokens: GROVE from deploy, then the demo tokens in order
  const tokens: (SeededToken & { priceUsd: number })[] = [
    { assetId: deployment.groveAssetId, unitName: GROVE_TOKEN.unitName, assetName: GROVE_TOKEN.assetName, decimals: GROVE_TOKEN.decimals, url: GROVE_TOKEN.url, verified: true, priceUsd: GROVE_PRICE_USD },
  ]
  for (const t of DEMO_TOKENS) {
    const { assetId } = await algorand.send.assetCreate({
      sender: admin.addr,
      total: BigInt(t.supply) * 10n ** BigInt(t.decimals),
      decimals: t.decimals,
      unitName: t.unitName,
      assetName: t.assetName,
      url: t.url,
      manager: admin.addr,
      reserve: admin.addr,
      suppressLog: true,
    })
    tokens.push({ assetId, unitName: t.unitName, assetName: t.assetName, decimals: t.decimals, url: t.url, verified: t.verified, priceUsd: t.priceUsd })
  }
  const token = (unit: string) => (unit === 'ALGO' ? { assetId: 0n, decimals: 6, priceUsd: ALGO_PRICE_USD } : tokens.find((t) => t.unitName === unit)!)
  for (const t of tokens.slice(1).filter((t) => t.verified)) {
    await send(buildSetVerified(as(admin), t.assetId, true))
  }

  // accounts: the demo account and a few traders, funded with ALGO; everyone opts in
  const demo = demoKeys()
  // node's ed25519 signs (tweetnacl's milliseconds per signature were most of the seed's time)
  const demoAccount = withFastSigner(algorand, algorand.account.fromMnemonic(demo.mnemonic))
  const traders = [1, 2, 3, 4, 5].map((i) => withFastSigner(algorand, algorand.account.fromMnemonic(demoKeys(`trader-${i}`).mnemonic)))
  for (const a of [demoAccount, ...traders]) await algorand.account.ensureFunded(a, admin.addr, AlgoAmount.Algo(a === demoAccount ? 10_000 : 3_000_000), { suppressLog: true })
  const assetIds = tokens.map((t) => t.assetId)
  const others = [...params.holders.filter((h) => !h.addr.equals(admin.addr)), demoAccount, ...traders]
  for (const who of others) {
    const held = new Set((await algod.accountInformation(who.addr).do()).assets?.map((h) => h.assetId) ?? [])
    const missing = assetIds.filter((assetId) => !held.has(assetId))
    if (missing.length === 0) continue
    const group = await GroupBuilder.create({ algod, sender: who.addr, signer: who.signer })
    for (const assetId of missing) group.addAssetOptIn(assetId)
    await group.send()
  }
  // holdings: $25k of each token for the wallets, $2M for each trader
  const traderSet = new Set<SeedAccount>(traders)
  for (const who of others) {
    const usd = traderSet.has(who) ? 2_000_000 : 25_000
    const group = await GroupBuilder.create({ algod, sender: admin.addr, signer: admin.signer })
    for (const t of tokens) group.addTransfer(who.addr, t.assetId, units(usd, t.priceUsd, t.decimals))
    await group.send()
  }

  // pools with their first liquidity, from the admin (the builders opt the admin into each LP token)
  const pools: SeedResult['pools'] = []
  const priced: { a: bigint; b: bigint; tier: bigint; lpAsset: bigint; unitsA: bigint; unitsB: bigint; refA: Reference; refB: Reference }[] = []
  for (const p of DEMO_POOLS) {
    const [x, y] = p.pair.map(token)
    const [ta, tb] = x.assetId < y.assetId ? [x, y] : [y, x]
    const [a, b] = [ta.assetId, tb.assetId]
    const tier = BigInt(p.feeBps ?? 30)
    await send(buildCreatePool(as(admin), a, b, tier))
    const pool = (await dexContract.readers.pool(reader, a, b, tier))!
    const unitsA = units(p.depthUsd, ta.priceUsd, ta.decimals)
    const unitsB = units(p.depthUsd, tb.priceUsd, tb.decimals)
    // the first deposit sets the price: bound it, as every first add must be (firstAddMinLp)
    await send(buildAddLiquidity(as(admin), pool, unitsA, unitsB, firstAddMinLp(unitsA, unitsB, 0n)))
    pools.push({ a, b, lpAsset: pool.lpAsset })
    priced.push({ a, b, tier, lpAsset: pool.lpAsset, unitsA, unitsB, refA: ta, refB: tb })
  }
  // stable pools (Stable app) with their first liquidity from the admin, who opts into the LP token first
  const stablePools: SeedResult['stablePools'] = []
  const stableReader = { algod, ids: deployment }
  for (const p of DEMO_STABLE_POOLS) {
    const [x, y] = p.pair.map(token)
    const [ta, tb] = x.assetId < y.assetId ? [x, y] : [y, x]
    const [a, b, feeBps, amp] = [ta.assetId, tb.assetId, BigInt(p.feeBps), BigInt(p.amp)]
    await send(stable.buildCreateStablePool(as(admin), { a, b, feeBps, amp }))
    const created = (await stableContract.readers.pool(stableReader, a, b, feeBps))!
    const optIn = await GroupBuilder.create({ algod, sender: admin.addr, signer: admin.signer })
    optIn.addAssetOptIn(created.lpAsset)
    await optIn.send()
    const unitsA = units(p.depthUsd, ta.priceUsd, ta.decimals)
    const unitsB = units(p.depthUsd, tb.priceUsd, tb.decimals)
    // the first add's LP follows from D alone: bound it by the quote, as the DEX's first adds are
    await send(stable.buildStableAdd(as(admin), created, unitsA, unitsB, stable.quoteStableAdd(created, unitsA, unitsB, created.futureTime).lp))
    stablePools.push({ a, b, feeBps, amp, lpAsset: created.lpAsset })
  }

  // the demo account and the traders hold every LP token from the start
  for (const who of [demoAccount, ...traders]) {
    const group = await GroupBuilder.create({ algod, sender: who.addr, signer: who.signer })
    for (const p of pools) group.addAssetOptIn(p.lpAsset)
    await group.send()
  }

  // the history: trades at random moments, a third of them in the last two days so short
  // timeframes have candles too, plus liquidity added around day 5 and partly removed around day 20
  const end = Math.floor(now() / 1000) - 300
  const start = historyFrom + 3600
  const count = params.trades ?? 150
  type Event = { at: number; kind: 'swap' | 'add' | 'remove' | 'protocol' | 'stable-swap'; pool: number; trader: number; size: number; aToB: boolean; run?: () => Promise<void> }
  const events: Event[] = []
  for (let i = 0; i < count; i++) {
    const recent = rand() < 1 / 3
    const at = recent ? end - Math.floor(rand() * 2 * DAY) : start + Math.floor(rand() * (end - start))
    events.push({ at, kind: 'swap', pool: Math.floor(rand() * pools.length), trader: Math.floor(rand() * traders.length), size: 0.0002 * 50 ** rand(), aToB: rand() < 0.5 })
  }
  pools.forEach((_, pool) => {
    const trader = pool % traders.length
    events.push({ at: historyFrom + 5 * DAY + pool * 3600, kind: 'add', pool, trader, size: 0.005 + 0.015 * rand(), aToB: true })
    events.push({ at: historyFrom + 20 * DAY + pool * 3600, kind: 'remove', pool, trader, size: 0.5, aToB: true })
  })
  // stable swaps from a PRNG of their own (the constant-product history stays as it was): $1k–$50k,
  // alternating sides so the pool stays near balance, half of them in the last two days
  const stableRand = prng(20_260_037)
  DEMO_STABLE_POOLS.forEach((p, pool) => {
    for (let i = 0; i < p.swaps; i++) {
      const recent = i % 2 === 1
      const at = recent ? end - Math.floor(stableRand() * 2 * DAY) : start + Math.floor(stableRand() * (end - start))
      events.push({ at, kind: 'stable-swap', pool, trader: i % traders.length, size: 1_000 * 50 ** stableRand(), aToB: i % 4 < 2 })
    }
  })
  // farms, staking pools, locks, projects and the vault: by two KMD accounts besides the admin (traders
  // on a wallet without them), the admin and the demo account
  const kmd = params.holders.filter((h) => !h.addr.equals(admin.addr))
  const [alice, bob] = [...kmd, ...traders]
  const protocol = planProtocol({
    algorand,
    deployment,
    admin,
    members: [alice!, bob!],
    demo: demoAccount,
    asset: (unit) => token(unit).assetId,
    pool: (x, y) => pools.find((p) => [p.a, p.b].includes(token(x).assetId) && [p.a, p.b].includes(token(y).assetId))!,
    pools,
    historyFrom,
    nowSec: Math.floor(now() / 1000),
    travel: (t) => travelTo(algod, t, now),
    chain,
  })
  for (const action of protocol.actions) {
    const run = () => action.run().catch((e: unknown) => Promise.reject(new Error(`demo seed, ${action.label}: ${e instanceof Error ? e.message : String(e)}`, { cause: e })))
    events.push({ at: action.at, kind: 'protocol', pool: 0, trader: 0, size: 0, aToB: true, run })
  }
  // a stable sort: a trade and an action at the same second keep their order on every run
  events.sort((p, q) => p.at - q.at)
  for (const [i, e] of events.entries()) {
    const { a, b, tier, lpAsset, unitsA, unitsB } = priced[e.pool]!
    const trader = traders[e.trader]!
    const ctx = as(trader, `grove demo ${i}`)
    await travelTo(algod, e.at, now)
    if (e.kind === 'protocol') {
      await e.run!()
    } else if (e.kind === 'stable-swap') {
      // size in dollars; the pool read now, as the quote (and the fee for its op-ups) needs it
      const { a: sa, b: sb, feeBps } = stablePools[e.pool]!
      const pool = (await stableContract.readers.pool(stableReader, sa, sb, feeBps))!
      const assetIn = e.aToB ? sa : sb
      const t = tokens.find((x) => x.assetId === assetIn)!
      const amountIn = units(e.size, t.priceUsd, t.decimals)
      await send(stable.buildStableSwap(ctx, pool, assetIn, amountIn, 1n))
    } else if (e.kind === 'swap') {
      const [assetIn, assetOut, amountIn] = e.aToB ? [a, b, unitsA] : [b, a, unitsB]
      const amount = BigInt(Math.max(1, Math.round(Number(amountIn) * e.size)))
      // a one-hop swap fits its own app call's budget (the contracts' bench: no budget calls), so no
      // simulation looks for padding: the seed's 150 trades skip one round of the AVM each
      await send(buildSwapExactIn({ ...ctx, coverBudget: false }, assetIn, assetOut, amount, 1n, tier))
    } else if (e.kind === 'add') {
      // B rounded up to the pool ratio: the contract takes the ratio and refunds any excess
      const pool = (await dexContract.readers.pool(reader, a, b, tier))!
      const amountA = BigInt(Math.round(Number(pool.reserveA) * e.size))
      const amountB = (amountA * pool.reserveB) / pool.reserveA + 1n
      await send(buildAddLiquidity(ctx, pool, amountA, amountB, 0n))
    } else {
      const held = await algod.accountAssetInformation(trader.addr, lpAsset).do().then(
        (info) => info.assetHolding?.amount ?? 0n,
        () => 0n,
      )
      const lp = BigInt(Math.floor(Number(held) * e.size))
      if (lp > 0n) await send(buildRemoveLiquidity(ctx, (await dexContract.readers.pool(reader, a, b, tier))!, lp, 0n, 0n))
    }
  }

  // arbitrage: the random trades moved each pool on its own; one swap per pool brings every price
  // back to the reference, so prices agree across pools and ALGO → gUSD routes directly
  await travelTo(algod, end, now)
  const arbitrageur = traders[0]!
  for (const [i, p] of priced.entries()) {
    const pool = (await dexContract.readers.pool(reader, p.a, p.b, p.tier))!
    const swap = arbitrageSwap(pool, p.refA, p.refB)
    if (swap) await send(buildSwapExactIn({ ...as(arbitrageur, `grove demo arbitrage ${i}`), coverBudget: false }, swap.assetIn, swap.assetOut, swap.amountIn, 1n, p.tier))
  }
  await travelTo(algod, undefined)
  // open orders at today's prices, for the keeper to fill while the user watches (orders.ts)
  const orders = await seedOrders({ algod, deployment, demo: demoAccount, traders: traders.slice(1), asset: (unit) => token(unit).assetId })

  return {
    orders,
    tokens: tokens.map(({ priceUsd: _p, ...t }) => t),
    pools,
    stablePools,
    demo,
    trades: count,
    historyFrom,
    ...(await protocol.result()),
  }
}

/** The accounts in the localnet kmd's default wallet, with their signers (the demo's KMD holders). */
export async function kmdAccounts(algorand: AlgorandClient, wallet = 'unencrypted-default-wallet'): Promise<SeedAccount[]> {
  const kmd = algorand.client.kmd
  const { wallets } = (await kmd.listWallets()) as { wallets: { id: string; name: string }[] }
  const found = wallets.find((w) => w.name === wallet)
  if (!found) return []
  const { wallet_handle_token: handle } = (await kmd.initWalletHandle(found.id, '')) as { wallet_handle_token: string }
  try {
    const { addresses } = (await kmd.listKeys(handle)) as { addresses: string[] }
    const keys = await Promise.all(addresses.map(async (a) => ((await kmd.exportKey(handle, '', a)) as { private_key: Uint8Array }).private_key))
    return keys.map((sk) => withFastSigner(algorand, algorand.account.fromMnemonic(algosdk.secretKeyToMnemonic(sk))))
  } finally {
    await kmd.releaseWalletHandle(handle)
  }
}
