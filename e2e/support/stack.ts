// Helpers for full-stack specs: the "stack" project of playwright.config.ts runs every
// `tests/{swap,shares,stack}*.spec.ts` against the whole stack exactly as `npm start` runs it
// (scripts/start.mjs: embedded localnet + deploy + demo seed + production web build), started once
// per run on free ports with a temporary data directory (see global-setup.ts). Its baseURL is the
// stack's web app, whose localnet network points at that algod and kmd.
//
// API (all amounts are bigint base units; `asset` is a unit name such as 'gUSD', 'ALGO', or an id):
//   stackInfo()                       urls (analyticsUrl: the analytics service), tokens, deployment ids and seed of the running stack
//   token(unit)                       a seeded token { assetId, unitName, assetName, decimals, url }
//   pools()                           the seeded pools [{ a, b, lpAsset }] (a < b, ALGO = 0)
//   algorand()                        an algokit-utils AlgorandClient on the stack (algod + kmd)
//   newAccount({ algo, tokens, kmd }) a fresh account funded with ALGO and demo tokens, e.g.
//                                     { algo: 100, tokens: { gUSD: 500, FERN: 1000 } } (whole units;
//                                     0 opts in and sends nothing);
//                                     kmd: true also imports it into kmd's default wallet.
//                                     Use one per test: specs run in parallel on one chain.
//   balance(address, asset)           what algod says the address holds (0 when not opted in)
//   balances(address, assets)         several at once, keyed by asset as given
//   pool(x, y)                        the pool's state from its box (reserves, LP asset, issued, fee)
//   toUnits(asset, '1.5') / fromUnits(asset, 1500000n)  decimal strings ⇄ base units
//   connectMnemonic(page, mnemonic)   connects use-wallet's Mnemonic wallet in the page
//   connectKmd(page, address?)        connects the KMD wallet, making `address` the active account
//   failNextKmdSignature(page)        kmd refuses the next signing request (a rejected signature)
//   demo                              the seeded demo account { address, mnemonic } (shared: read only)
//   assetBalance(address, assetId)    what algod says the address holds of any asset id (0 when not opted in)
//   chainNow()                        the last block's time: what a dev-mode transaction (and a page's clock) sees
//   moveTime(seconds)                 moves Grove's clock `seconds` later and makes a block stamped with it
//   datetimeLocal(page, seconds)      a `datetime-local` input value for a Unix time in the page's time zone
//   sdkContext(account)               the SDK's context over the stack's deployment, signing as a test account
//   sdkReader()                       what the SDK's contract modules' readers take: the stack's algod and deployment ids
//   createProgram(account, terms)     creates a farm or staking pool through the SDK; its id
//   testnetOnTheStack(page, imported) TestNet pointed at the stack's algod (a network without Grove, with Tinyman)
import fs from 'node:fs'
import path from 'node:path'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { expect, type Dialog, type Locator, type Page } from '@playwright/test'
import { groveContext, staking, type GroveContext, type GroveReader } from '@grove/sdk'
import { deploymentIds, toDeployment, type Deployment } from '@grove/contracts/deployment'

/** A token the demo seed created (GROVE included). */
export interface StackToken {
  assetId: number
  unitName: string
  assetName: string
  decimals: number
  url: string
  verified: boolean
}

/** The running stack, as start.mjs recorded it in `<data>/grove.json` plus the ports it was given. */
export interface StackInfo {
  webUrl: string
  algodUrl: string
  kmdUrl: string
  /** The analytics service start.mjs ran beside the stack (GROVE_ANALYTICS_PORT). */
  analyticsUrl: string
  token: string
  dataDir: string
  /** grove.json's deployment record: every app and asset id (deploymentIds makes the SDK's). */
  deployment: Deployment
  seed: {
    tokens: StackToken[]
    pools: { a: number; b: number; lpAsset: number }[]
    demo: { address: string; mnemonic: string }
    trades: number
    historyFrom: number
    /** Farms and staking pools (label is the demo's name; times in Unix seconds). */
    programs: { id: number; kind: 'farm' | 'pool'; label: string; stakeAsset: number; rewardAssets: number[]; start: number; end: number }[]
    /** Owner as at the end of the seed. */
    locks: { id: number; kind: 'liquidity' | 'vesting' | 'time'; asset: number; owner: string }[]
    projects: { asset: number; name: string; verified: boolean; owner: string }[]
    /** sGROVE holders, buybacks made, each round's time and the rate (GROVE per sGROVE × 10^6) after the seed. */
    vault: { stakers: string[]; buybacks: number; buybackRounds: number[]; rate: number }
  }
}

/** A funded account made for one test. */
export interface TestAccount {
  address: string
  mnemonic: string
}

const TOKEN = 'a'.repeat(64)
const ALGO = { assetId: 0, unitName: 'ALGO', assetName: 'Algo', decimals: 6, url: '', verified: true } satisfies StackToken

/** The stack's environment, set by playwright.config.ts (the same values start.mjs ran with). */
export function stackEnv(): { dataDir: string; algodPort: string; kmdPort: string; webPort: string } {
  const { GROVE_E2E_DATA_DIR: dataDir, GROVE_E2E_ALGOD_PORT: algodPort, GROVE_E2E_KMD_PORT: kmdPort, GROVE_E2E_WEB_PORT: webPort } = process.env
  if (!dataDir || !algodPort || !kmdPort || !webPort) throw new Error('the full stack is not configured: run this spec through e2e/playwright.config.ts (project "stack")')
  return { dataDir, algodPort, kmdPort, webPort }
}

let info: StackInfo | undefined

/** The running stack. */
export function stackInfo(): StackInfo {
  if (info) return info
  const env = stackEnv()
  const state = JSON.parse(fs.readFileSync(path.join(env.dataDir, 'grove.json'), 'utf8')) as Pick<StackInfo, 'seed'> & { deployment: unknown }
  if (!state.seed) throw new Error(`the stack in ${env.dataDir} has no demo seed`)
  info = {
    webUrl: `http://127.0.0.1:${env.webPort}`,
    algodUrl: `http://127.0.0.1:${env.algodPort}`,
    kmdUrl: `http://127.0.0.1:${env.kmdPort}`,
    analyticsUrl: `http://127.0.0.1:${process.env.GROVE_E2E_ANALYTICS_PORT ?? '4010'}`,
    token: TOKEN,
    dataDir: env.dataDir,
    deployment: toDeployment(state.deployment, 'localnet'),
    seed: state.seed,
  }
  return info
}

/** The seeded demo account (every spec shares it: never spend from it in a test that checks balances). */
export const demo = {
  get address() {
    return stackInfo().seed.demo.address
  },
  get mnemonic() {
    return stackInfo().seed.demo.mnemonic
  },
}

/** A seeded token by unit name (or 'ALGO'). */
export function token(asset: string | number | bigint): StackToken {
  const tokens = [ALGO, ...stackInfo().seed.tokens]
  const found = typeof asset === 'string' ? tokens.find((t) => t.unitName === asset) : tokens.find((t) => t.assetId === Number(asset))
  if (!found) throw new Error(`no seeded token ${String(asset)}; there are ${tokens.map((t) => t.unitName).join(', ')}`)
  return found
}

/** The seeded pools. */
export function pools(): StackInfo['seed']['pools'] {
  return stackInfo().seed.pools
}

let client: AlgorandClient | undefined

/** An AlgorandClient on the stack's algod and kmd. */
export function algorand(): AlgorandClient {
  if (client) return client
  const s = stackInfo()
  const algod = new URL(s.algodUrl)
  const kmd = new URL(s.kmdUrl)
  client = AlgorandClient.fromConfig({
    algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: s.token },
    kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: s.token },
  })
  return client
}

/** Decimal string (or number) of whole tokens → base units. */
export function toUnits(asset: string | number | bigint, amount: string | number): bigint {
  const { decimals } = token(asset)
  const [whole, frac = ''] = String(amount).split('.')
  if (frac.length > decimals) throw new Error(`${String(asset)} has ${decimals} decimals, not ${frac.length}`)
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0')
}

/** Base units → decimal string without trailing zeros. */
export function fromUnits(asset: string | number | bigint, units: bigint): string {
  const { decimals } = token(asset)
  const s = units.toString().padStart(decimals + 1, '0')
  const frac = decimals ? s.slice(-decimals).replace(/0+$/, '') : ''
  return frac ? `${s.slice(0, s.length - decimals)}.${frac}` : s.slice(0, s.length - decimals)
}

/** A fresh account for one test, funded by kmd's dispenser (which holds the rest of every demo token). */
export async function newAccount(options: { algo?: number; tokens?: Record<string, number | string>; kmd?: boolean } = {}): Promise<TestAccount> {
  const a = algorand()
  const dispenser = await a.account.localNetDispenser()
  const account = algosdk.generateAccount()
  const mnemonic = algosdk.secretKeyToMnemonic(account.sk)
  const signer = a.account.fromMnemonic(mnemonic)
  await a.send.payment({ sender: dispenser.addr, receiver: signer.addr, amount: AlgoAmount.Algo(options.algo ?? 100), suppressLog: true })
  const tokens = Object.entries(options.tokens ?? {}).map(([unit, amount]) => ({ assetId: BigInt(token(unit).assetId), amount: toUnits(unit, amount) }))
  if (tokens.length > 0) {
    const optIn = a.newGroup()
    for (const t of tokens) optIn.addAssetOptIn({ sender: signer.addr, assetId: t.assetId })
    await optIn.send({ suppressLog: true })
    // A token asked for with 0 is only opted in to; with every amount 0 there is nothing to send.
    const funded = tokens.filter((t) => t.amount > 0n)
    if (funded.length > 0) {
      const fund = a.newGroup()
      for (const t of funded) fund.addAssetTransfer({ sender: dispenser.addr, receiver: signer.addr, assetId: t.assetId, amount: t.amount })
      await fund.send({ suppressLog: true })
    }
  }
  if (options.kmd) await importIntoKmd(account.sk)
  return { address: signer.addr.toString(), mnemonic }
}

async function importIntoKmd(secretKey: Uint8Array): Promise<void> {
  const kmd = algorand().client.kmd
  const { wallets } = (await kmd.listWallets()) as { wallets: { id: string; name: string }[] }
  const wallet = wallets.find((w) => w.name === 'unencrypted-default-wallet')
  if (!wallet) throw new Error('kmd has no unencrypted-default-wallet')
  const { wallet_handle_token: handle } = (await kmd.initWalletHandle(wallet.id, '')) as { wallet_handle_token: string }
  try {
    await kmd.importKey(handle, secretKey)
  } finally {
    await kmd.releaseWalletHandle(handle)
  }
}

/** What algod says `address` holds of `asset` (µALGO for ALGO; 0 when not opted in). */
export async function balance(address: string, asset: string | number | bigint): Promise<bigint> {
  const { assetId } = token(asset)
  const algod = algorand().client.algod
  if (assetId === 0) return (await algod.accountInformation(address).do()).amount
  const info = await algod.accountInformation(address).do()
  return info.assets?.find((h) => h.assetId === BigInt(assetId))?.amount ?? 0n
}

/** Several balances of one address, keyed by asset as given. */
export async function balances<K extends string>(address: string, assets: K[]): Promise<Record<K, bigint>> {
  const entries = await Promise.all(assets.map(async (k) => [k, await balance(address, k)] as const))
  return Object.fromEntries(entries) as Record<K, bigint>
}

/** A pool's state, read from its box. */
export async function pool(x: string | number | bigint, y: string | number | bigint): Promise<{ a: number; b: number; reserveA: bigint; reserveB: bigint; lpAsset: number; lpIssued: bigint; feeBps: bigint }> {
  const [a, b] = [token(x).assetId, token(y).assetId].sort((p, q) => p - q)
  const name = new Uint8Array(17)
  name[0] = 0x70 // "p" ‖ uint64(a) ‖ uint64(b), packages/contracts/README.md
  new DataView(name.buffer).setBigUint64(1, BigInt(a))
  new DataView(name.buffer).setBigUint64(9, BigInt(b))
  const box = await algorand().app.getBoxValue(BigInt(stackInfo().deployment.dexAppId), name)
  const view = new DataView(box.buffer, box.byteOffset, box.byteLength)
  const u64 = (i: number) => view.getBigUint64(i * 8)
  return { a, b, reserveA: u64(0), reserveB: u64(1), lpAsset: Number(u64(2)), lpIssued: u64(3), feeBps: u64(4) }
}

async function openWalletModal(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /Connect wallet|…/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

/** Connects use-wallet's Mnemonic wallet with `mnemonic` (answering its prompt) and closes the modal. */
export async function connectMnemonic(page: Page, mnemonic: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/')
  const answer = (d: Dialog) => void d.accept(mnemonic)
  page.on('dialog', answer)
  const dialog = await openWalletModal(page)
  await dialog.getByRole('button', { name: 'Connect Mnemonic' }).click()
  await expect(dialog.getByText('Connected with Mnemonic')).toBeVisible()
  page.off('dialog', answer)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** Connects the KMD wallet (empty password) and makes `address` (default: kmd's first account) active. */
export async function connectKmd(page: Page, address?: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/')
  const dialog = await openWalletModal(page)
  await dialog.getByRole('button', { name: 'Connect KMD' }).click()
  await expect(dialog.getByText('Connected with KMD')).toBeVisible()
  if (address) {
    const item = dialog.locator('.account-list__item').filter({ has: page.locator(`code[title="${address}"]`) })
    await item.getByRole('radio').check()
    await expect(item.getByRole('radio')).toBeChecked()
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** Makes kmd refuse the next signing request from the page, as a wallet whose user rejects does. */
export async function failNextKmdSignature(page: Page): Promise<void> {
  const pattern = `${stackInfo().kmdUrl}/v1/transaction/sign`
  await page.route(pattern, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: true, message: 'signing rejected by the user' }) }), { times: 1 })
}

/** What algod says `address` holds of asset `asset` (any id, seeded or not; 0 when not opted in). */
export async function assetBalance(address: string, asset: bigint): Promise<bigint> {
  const info = await algorand().client.algod.accountInformation(address).do()
  return info.assets?.find((h) => h.assetId === asset)?.amount ?? 0n
}

async function algodFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const s = stackInfo()
  return fetch(`${s.algodUrl}${path}`, { ...init, headers: { 'X-Algo-API-Token': s.token } })
}

/**
 * A figure that ticks with the chain's clock, as the page shows it: its amount (`data-amount`) and the
 * chain second it is for (`data-at`). Other workers' blocks move the clock, so a test checks the
 * figure against the SDK's math at that second, never at its own reading of the chain.
 */
export async function tickingFigure(figure: Locator): Promise<{ amount: bigint; at: bigint }> {
  const [amount, at] = await Promise.all([figure.getAttribute('data-amount'), figure.getAttribute('data-at')])
  return { amount: BigInt(amount ?? -1), at: BigInt(at ?? -1) }
}

/**
 * Closes every toast on the page, so the next one a test waits for is the only one with its words
 * (a confirmed toast stays 10 s; one may close itself between the count and the click, hence the re-count).
 */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss notification' })
  for (let tries = 0; tries < 20 && (await close.count()) > 0; tries++) await close.first().click({ timeout: 2_000 }).catch(() => {})
  await expect(close).toHaveCount(0)
}

/** The chain's now as a transaction sees it: the last block's time (dev mode makes blocks only for transactions). */
export async function chainNow(): Promise<bigint> {
  const algod = algorand().client.algod
  const status = await algod.status().do()
  return (await algod.block(status.lastRound).headerOnly(true).do()).block.header.timestamp
}

/**
 * Moves the chain's clock `seconds` later and makes a block stamped with it. Grove's clock (the
 * wall clock plus an offset): algod's dev-mode offset would add a step to every later block.
 */
export async function moveTime(seconds: number): Promise<void> {
  const { offset } = (await (await algodFetch('/grove/v1/clock/offset')).json()) as { offset: number }
  expect((await algodFetch(`/grove/v1/clock/offset/${offset + seconds}`, { method: 'POST' })).ok).toBe(true)
  const a = algorand()
  const dispenser = await a.account.localNetDispenser()
  await a.send.payment({ sender: dispenser.addr, receiver: dispenser.addr, amount: AlgoAmount.MicroAlgo(0), note: `tick ${Date.now()}`, suppressLog: true })
}

/** A `datetime-local` value for `seconds` in the page's time zone. */
export const datetimeLocal = (page: Page, seconds: bigint) =>
  page.evaluate((s) => {
    const d = new Date(s * 1000)
    const p = (n: number) => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
  }, Number(seconds))

/** The SDK's context over the stack's deployment, signing as a test account. */
export function sdkContext(account: TestAccount): GroveContext {
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  return groveContext(stackInfo().deployment, { algod: a.client.algod, sender: signer.addr, signer: signer.signer })
}

/** What the SDK's contract modules' readers take (`dexContract.readers.pool(sdkReader(), a, b)`): the stack's algod and deployment ids. */
export function sdkReader(): GroveReader {
  return { algod: algorand().client.algod, ids: deploymentIds(stackInfo().deployment) }
}

/** Creates a farm or staking pool through the SDK, signed by `account`; its id. */
export async function createProgram(account: TestAccount, terms: staking.ProgramTerms): Promise<bigint> {
  const ctx = sdkContext(account)
  const built = await staking.buildCreateProgram(ctx, terms)
  await built.composer.execute(ctx.algod, 4)
  return built.program
}

/** TestNet with the stack's algod as its custom node, and `imported` among TestNet's imported tokens, as the page stores them. */
export async function testnetOnTheStack(page: Page, imported: number[]) {
  const { algodUrl, token: apiToken } = stackInfo()
  const url = new URL(algodUrl)
  await page.goto('/settings')
  await page.evaluate(
    ({ server, port, apiToken, imported }) => {
      localStorage.setItem('grove.settings.v1', JSON.stringify({ network: 'testnet', algodOverrides: { testnet: { server, port, token: apiToken } } }))
      localStorage.setItem('grove.imported-tokens.v1', JSON.stringify({ testnet: imported }))
    },
    { server: `${url.protocol}//${url.hostname}`, port: url.port, apiToken, imported },
  )
}
