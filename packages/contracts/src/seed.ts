// Demo data for a fresh localnet, through the typed clients: project tokens with real-looking
// metadata, pools at sensible prices, holdings for the KMD wallet's accounts and a demo account,
// and 30 days of trading history. The embedded localnet's clock dates the history: with Grove's
// clock offset (POST /grove/v1/clock/offset/{seconds}, a Grove endpoint; algod's dev-mode offset
// only moves time forward from the previous block) blocks are stamped with the wall clock plus a
// signed offset, so each trade is sent with the offset that puts its block at its moment in the past. Everything runs in one fixed
// order from a fixed PRNG, so the same fresh localnet always gets the same ids and history.
import { createHash } from 'node:crypto'
import algosdk, { type Address } from 'algosdk'
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { DexClient, type DexComposer } from '../clients/DexClient.ts'
import { RegistryClient } from '../clients/RegistryClient.ts'
import { GROVE_TOKEN, type DeployResult } from './deploy.ts'
import { poolBoxName as poolBox, verifiedBoxName } from './pool.ts'

/** An account the seed can sign for. */
export type SeedAccount = TransactionSignerAccount & { addr: Address }

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

/** The tokens the seed creates, in creation order; with GROVE that makes seven. */
export const DEMO_TOKENS: readonly DemoToken[] = [
  { unitName: 'gUSD', assetName: 'Grove USD', decimals: 6, supply: 1_000_000_000, url: 'https://grove.finance/tokens/gusd', priceUsd: 1, verified: true },
  { unitName: 'goETH', assetName: 'Grove Bridged Ether', decimals: 8, supply: 21_000_000, url: 'https://grove.finance/tokens/goeth', priceUsd: 3100, verified: true },
  { unitName: 'FERN', assetName: 'Fern Protocol', decimals: 6, supply: 500_000_000, url: 'https://fern.example/token', priceUsd: 0.085, verified: true },
  { unitName: 'MOSS', assetName: 'Moss Finance', decimals: 4, supply: 20_000_000, url: 'https://moss.example', priceUsd: 1.75, verified: false },
  { unitName: 'ACORN', assetName: 'Acorn Games Credit', decimals: 0, supply: 50_000_000, url: 'https://acorn.example/credit', priceUsd: 0.6, verified: false },
  { unitName: 'CNPY', assetName: 'Canopy DAO', decimals: 8, supply: 10_000_000, url: 'https://canopy.example/dao', priceUsd: 12.4, verified: false },
]

/** The pools the seed creates (by unit name, ALGO for asset 0) and the USD depth of each side. */
export const DEMO_POOLS: readonly { pair: [string, string]; depthUsd: number }[] = [
  { pair: ['ALGO', 'gUSD'], depthUsd: 2_000_000 },
  { pair: ['ALGO', 'GROVE'], depthUsd: 400_000 },
  { pair: ['GROVE', 'gUSD'], depthUsd: 300_000 },
  { pair: ['gUSD', 'goETH'], depthUsd: 1_500_000 },
  { pair: ['ALGO', 'goETH'], depthUsd: 500_000 },
  { pair: ['ALGO', 'FERN'], depthUsd: 120_000 },
  { pair: ['ALGO', 'CNPY'], depthUsd: 250_000 },
  { pair: ['FERN', 'MOSS'], depthUsd: 60_000 },
  { pair: ['GROVE', 'ACORN'], depthUsd: 40_000 },
]

/** How far back the trading history reaches. */
export const HISTORY_DAYS = 30
const DAY = 86_400

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

/** What the seed made. */
export interface SeedResult {
  tokens: SeededToken[]
  pools: { a: bigint; b: bigint; lpAsset: bigint }[]
  /** The demo account for the Mnemonic wallet. */
  demo: { address: string; mnemonic: string }
  trades: number
  /** Unix seconds of the history's first block. */
  historyFrom: number
}

/** A deterministic account: the same mnemonic on every machine (`label` picks which). */
export function demoKeys(label = 'demo'): { address: string; mnemonic: string } {
  const seed = createHash('sha512-256').update(`grove-localnet-${label}`).digest()
  const mnemonic = algosdk.mnemonicFromSeed(seed)
  return { address: algosdk.mnemonicToSecretKey(mnemonic).addr.toString(), mnemonic }
}

/** Sets the embedded localnet's clock offset (Grove's endpoint: the wall clock plus `seconds`, negative allowed). */
async function setClockOffset(algorand: AlgorandClient, seconds: number): Promise<void> {
  await algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${seconds}`, data: null })
}

/**
 * Time travel: the next blocks are stamped `unixSeconds` (the embedded localnet only). Timestamps
 * never go backwards, so travel forward in time only.
 */
export async function travelTo(algorand: AlgorandClient, unixSeconds: number, now: () => number = Date.now): Promise<void> {
  await setClockOffset(algorand, Math.round(unixSeconds - now() / 1000))
}

/** Unix seconds where the history starts: travel there before `deploy` to date the deployment too. */
export function historyStart(now: () => number = Date.now): number {
  return Math.floor(now() / 1000) - HISTORY_DAYS * DAY
}

/** The embedded localnet's clock offset in seconds (0: blocks carry the wall clock). */
export async function clockOffset(algorand: AlgorandClient): Promise<number> {
  const res = await algorand.client.algod.c.get({ relativePath: '/grove/v1/clock/offset' })
  return (JSON.parse(new TextDecoder().decode(res.body)) as { offset: number }).offset
}

/** Back to the present: new blocks carry the wall clock again. */
export async function travelToNow(algorand: AlgorandClient): Promise<void> {
  await setClockOffset(algorand, 0)
}

const POOL_STATE = algosdk.ABIType.from('(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)')

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
  const now = params.now ?? Date.now
  const rand = prng(20_240_601)
  const fee = (inner: number) => ({ staticFee: AlgoAmount.MicroAlgo(1000 * (1 + inner)) })
  const quiet = { suppressLog: true, populateAppCallResources: false } as const
  algorand.account.setSignerFromAccount(admin)
  const dex = new DexClient({ algorand, appId: deployment.dexAppId, defaultSender: admin.addr })
  const registry = new RegistryClient({ algorand, appId: deployment.registryAppId, defaultSender: admin.addr })
  const dexAddress = algosdk.getApplicationAddress(deployment.dexAppId)

  // deploy's blocks, when the caller travelled first (see historyStart), are this early too
  const historyFrom = historyStart(now)
  await travelTo(algorand, historyFrom, now)

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
  const toVerify = tokens.slice(1).filter((t) => t.verified)
  // the registry pays each verified-token box's minimum balance: 2,500 + 400 × 9 name bytes
  await algorand.send.payment({ sender: admin.addr, receiver: algosdk.getApplicationAddress(deployment.registryAppId), amount: AlgoAmount.MicroAlgo(6_100 * toVerify.length), suppressLog: true })
  for (const t of toVerify) {
    await registry.send.setVerified({ args: { asset: t.assetId, verified: true }, boxReferences: [verifiedBoxName(t.assetId)], ...quiet })
  }

  // accounts: the demo account and a few traders, funded with ALGO; everyone opts in
  const demo = demoKeys()
  const demoAccount = algorand.account.fromMnemonic(demo.mnemonic)
  const traders = [1, 2, 3, 4, 5].map((i) => algorand.account.fromMnemonic(demoKeys(`trader-${i}`).mnemonic))
  for (const a of [demoAccount, ...traders]) await algorand.account.ensureFunded(a, admin.addr, AlgoAmount.Algo(a === demoAccount ? 10_000 : 3_000_000), { suppressLog: true })
  const assetIds = tokens.map((t) => t.assetId)
  const others = [...params.holders.filter((h) => !h.addr.equals(admin.addr)), demoAccount, ...traders]
  for (const who of others) {
    const held = new Set((await algorand.client.algod.accountInformation(who.addr).do()).assets?.map((h) => h.assetId) ?? [])
    const missing = assetIds.filter((assetId) => !held.has(assetId))
    if (missing.length === 0) continue
    const group = algorand.newGroup()
    for (const assetId of missing) group.addAssetOptIn({ sender: who.addr, assetId, signer: who.signer })
    await group.send({ suppressLog: true })
  }
  // holdings: $25k of each token for the wallets, $2M for each trader
  const traderSet = new Set<SeedAccount>(traders)
  for (const who of others) {
    const usd = traderSet.has(who) ? 2_000_000 : 25_000
    const group = algorand.newGroup()
    for (const t of tokens) group.addAssetTransfer({ sender: admin.addr, receiver: who.addr, assetId: t.assetId, amount: units(usd, t.priceUsd, t.decimals) })
    await group.send({ suppressLog: true })
  }

  // pools with their first liquidity, from the admin
  const input = (from: SeedAccount, assetId: bigint, amount: bigint) =>
    assetId === 0n
      ? algorand.createTransaction.payment({ sender: from.addr, receiver: dexAddress, amount: AlgoAmount.MicroAlgo(amount) })
      : algorand.createTransaction.assetTransfer({ sender: from.addr, receiver: dexAddress, assetId, amount })
  const refs = (a: bigint, b: bigint, lp?: bigint) => ({
    boxReferences: [poolBox(a, b)],
    assetReferences: [a, b, ...(lp ? [lp] : [])].filter((x) => x !== 0n),
    appReferences: [deployment.registryAppId],
  })
  // a DEX call, with bare NoOp calls to the DEX appended while the group runs out of opcode budget
  // (each app call adds 700 to the group's pooled budget); rejected attempts leave nothing on chain
  const run = async (sender: SeedAccount, build: (group: DexComposer) => DexComposer<unknown[]>): Promise<unknown> => {
    for (let pad = 0; ; pad++) {
      let group = build(dex.newGroup())
      for (let i = 0; i < pad; i++) {
        const noop = await algorand.createTransaction.appCall({ sender: sender.addr, appId: deployment.dexAppId, note: new TextEncoder().encode(`budget ${i}`), ...fee(0) })
        group = group.addTransaction(noop, sender.signer)
      }
      try {
        return (await group.send(quiet)).returns[0]
      } catch (e) {
        if (pad >= 3 || !/budget exceeded/.test(String(e))) throw e
      }
    }
  }
  const pools: SeedResult['pools'] = []
  const priced: { a: bigint; b: bigint; lpAsset: bigint; unitsA: bigint; unitsB: bigint }[] = []
  for (const p of DEMO_POOLS) {
    const [x, y] = p.pair.map(token)
    const [ta, tb] = x.assetId < y.assetId ? [x, y] : [y, x]
    const [a, b] = [ta.assetId, tb.assetId]
    const lpAsset = (await run(admin, (g) => g.createPool({ sender: admin.addr, args: { mbr: input(admin, 0n, 1_000_000n), a, b }, ...refs(a, b), ...fee(4) }))) as bigint
    await algorand.send.assetOptIn({ sender: admin.addr, assetId: lpAsset, suppressLog: true })
    const unitsA = units(p.depthUsd, ta.priceUsd, ta.decimals)
    const unitsB = units(p.depthUsd, tb.priceUsd, tb.decimals)
    await run(admin, (g) => g.addLiquidity({ sender: admin.addr, args: { inA: input(admin, a, unitsA), inB: input(admin, b, unitsB), a, b, minLp: 0n }, ...refs(a, b, lpAsset), ...fee(3) }))
    pools.push({ a, b, lpAsset })
    priced.push({ a, b, lpAsset, unitsA, unitsB })
  }
  for (const who of [demoAccount, ...traders]) {
    const group = algorand.newGroup()
    for (const p of pools) group.addAssetOptIn({ sender: who.addr, assetId: p.lpAsset, signer: who.signer })
    await group.send({ suppressLog: true })
  }

  // the history: trades at random moments, a third of them in the last two days so short
  // timeframes have candles too, plus liquidity added around day 5 and partly removed around day 20
  const end = Math.floor(now() / 1000) - 300
  const start = historyFrom + 3600
  const count = params.trades ?? 150
  type Event = { at: number; kind: 'swap' | 'add' | 'remove'; pool: number; trader: number; size: number; aToB: boolean }
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
  events.sort((p, q) => p.at - q.at)
  for (const [i, e] of events.entries()) {
    const { a, b, lpAsset, unitsA, unitsB } = priced[e.pool]
    // equal trades in the same validity window would otherwise be one txid
    const note = new TextEncoder().encode(`grove demo ${i}`)
    const trader = traders[e.trader]
    await travelTo(algorand, e.at, now)
    if (e.kind === 'swap') {
      const [assetIn, assetOut, amountIn] = e.aToB ? [a, b, unitsA] : [b, a, unitsB]
      const amount = BigInt(Math.max(1, Math.round(Number(amountIn) * e.size)))
      await run(trader, (g) => g.swapExactIn({ sender: trader.addr, args: { input: input(trader, assetIn, amount), assetOut, minOut: 1n }, note, ...refs(a, b), ...fee(1) }))
    } else if (e.kind === 'add') {
      // B rounded up to the pool ratio: the contract takes the ratio and refunds any excess
      const [rA, rB] = poolReserves(await algorand.app.getBoxValue(deployment.dexAppId, poolBox(a, b)))
      const amountA = BigInt(Math.round(Number(rA) * e.size))
      const amountB = (amountA * rB) / rA + 1n
      await run(trader, (g) => g.addLiquidity({ sender: trader.addr, args: { inA: input(trader, a, amountA), inB: input(trader, b, amountB), a, b, minLp: 0n }, note, ...refs(a, b, lpAsset), ...fee(3) }))
    } else {
      const held = (await algorand.client.algod.accountAssetInformation(trader.addr, lpAsset).do()).assetHolding?.amount ?? 0n
      const lp = BigInt(Math.floor(Number(held) * e.size))
      const lpIn = () => algorand.createTransaction.assetTransfer({ sender: trader.addr, receiver: dexAddress, assetId: lpAsset, amount: lp })
      if (lp > 0n) await run(trader, (g) => g.removeLiquidity({ sender: trader.addr, args: { lp: lpIn(), a, b, minA: 0n, minB: 0n }, note, ...refs(a, b, lpAsset), ...fee(3) }))
    }
  }
  await travelToNow(algorand)

  return {
    tokens: tokens.map(({ priceUsd: _p, ...t }) => t),
    pools,
    demo,
    trades: count,
    historyFrom,
  }
}

/** Reserves (A, B) from a pool box. */
function poolReserves(box: Uint8Array): [bigint, bigint] {
  const [reserveA, reserveB] = POOL_STATE.decode(box) as bigint[]
  return [BigInt(reserveA), BigInt(reserveB)]
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
    return keys.map((sk) => algorand.account.fromMnemonic(algosdk.secretKeyToMnemonic(sk)))
  } finally {
    await kmd.releaseWalletHandle(handle)
  }
}
