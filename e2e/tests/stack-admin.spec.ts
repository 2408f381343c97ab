// The admin area and the dashboard on the full stack. The registry's admin is kmd's dispenser (the
// deployer). Specs run in parallel on one chain, so every protocol change here is put back in a
// finally block and pause windows are kept short.
import fs from 'node:fs'
import algosdk from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { buildSwapExactIn, dexContract, groveBehind, groveContext, stable, stableContract, staking, stakingContract, vaultContract } from '@grove/sdk'
import { tinymanLabel } from '@grove/sdk/deployment'
import { algorand, assetBalance, chainNow, connectKmd, connectMnemonic, createProgram, datetimeLocal, demo, dismissToasts, moveTime, newAccount, sdkContext, sdkReader, stackInfo, token } from '../support/stack.ts'

const SHOTS = 'screenshots'
fs.mkdirSync(SHOTS, { recursive: true })

const dispenser = async () => (await algorand().account.localNetDispenser()).addr.toString()
const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** The registry's globals as algod has them. */
async function registry(): Promise<{ admin: string; pendingAdmin: string | null; paused: number }> {
  const app = await algorand().client.algod.getApplicationByID(stackInfo().deployment.registryAppId).do()
  const get = (k: string) => app.params?.globalState?.find((kv) => new TextDecoder().decode(kv.key) === k)?.value
  const addr = (k: string) => algosdk.encodeAddress(get(k)!.bytes)
  const pending = addr('pendingAdmin')
  return { admin: addr('admin'), pendingAdmin: pending === algosdk.ALGORAND_ZERO_ADDRESS_STRING ? null : pending, paused: Number(get('paused')?.uint ?? 0) }
}

/** Sends a registry admin call straight from kmd (for restoring state in finally blocks). */
async function adminCall(sender: string, method: string, args: algosdk.ABIValue[]) {
  const a = algorand()
  const spec = JSON.parse(fs.readFileSync(new URL('../../packages/contracts/artifacts/Registry.arc56.json', import.meta.url), 'utf8')) as { methods: { name: string; args: { type: string; name: string }[]; returns: { type: string } }[] }
  const m = spec.methods.find((x) => x.name === method)!
  const abi = new algosdk.ABIMethod({ name: m.name, args: m.args.map((x) => ({ type: x.type, name: x.name })), returns: { type: m.returns.type } })
  await a.send.appCallMethodCall({ sender, appId: BigInt(stackInfo().deployment.registryAppId), method: abi, args, suppressLog: true })
}

/** Opens the review the button starts, waits for the simulation and signs (earlier toasts closed first: a step may repeat one's words). */
async function reviewAndSign(page: Page, button: Locator, title: string | RegExp, done: RegExp) {
  await dismissToasts(page)
  await button.click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByTestId('admin-changes')).toBeVisible()
  await expect(dialog.getByTestId('simulated-fee')).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Sign' }).click()
  await expect(toast(page, done)).toBeVisible({ timeout: 30_000 })
  await expect(dialog).toBeHidden()
}

/** Makes another account of the connected wallet active through the dashboard's accounts tab, then opens /admin. */
async function switchTo(page: Page, address: string) {
  await page.goto('/dashboard?tab=accounts')
  await page.getByTestId(`account-${address}`).getByRole('button', { name: 'Switch to this account' }).click()
  await expect(page.getByTestId(`account-${address}`)).toContainText('(active)')
  await page.goto('/admin')
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

async function userPage(browser: Browser): Promise<Page> {
  const user = await newAccount({ algo: 20 })
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await connectMnemonic(page, user.mnemonic)
  return page
}

test('a non-admin sees who the admin is and why they cannot act', async ({ browser }) => {
  const page = await userPage(browser)
  await page.goto('/admin')
  await expect(page.getByTestId('admin-address')).toHaveText(await dispenser())
  await expect(page.getByRole('status').filter({ hasText: 'You cannot act here' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Review pause flags' })).toBeDisabled()
  await shoot(page, 'admin-visitor')
})

test('the admin pauses swaps, a user sees the swap page refuse under the status bar, and the admin unpauses', async ({ page, browser }) => {
  const admin = await dispenser()
  await connectKmd(page, admin)
  await page.goto('/admin')
  await expect(page.getByTestId('admin-status')).toContainText('You are signed in as the protocol admin')
  const before = (await registry()).paused
  try {
    await page.getByRole('checkbox', { name: /Pause swaps and zaps/ }).check()
    await reviewAndSign(page, page.getByRole('button', { name: 'Review pause flags' }), 'Review pause flags', /Paused: swaps/)
    expect((await registry()).paused & 1).toBe(1)
    const user = await userPage(browser)
    await user.goto('/dex/swap')
    await expect(user.getByTestId('admin-status')).toContainText('Paused by the protocol admin: swaps')
    await expect(user.getByTestId('admin-status')).not.toContainText('signed in as the protocol admin')
    await expect(user.getByRole('alert').filter({ hasText: 'Swaps are paused' })).toBeVisible()
    await expect(user.getByRole('button', { name: 'Swaps are paused' })).toBeDisabled()
    await user.screenshot({ path: `${SHOTS}/swap-paused-1280.png`, fullPage: true })
    await user.setViewportSize({ width: 390, height: 844 })
    await user.screenshot({ path: `${SHOTS}/swap-paused-390.png`, fullPage: true })
    await shoot(page, 'admin')
    await page.getByRole('checkbox', { name: /Pause swaps and zaps/ }).uncheck()
    await reviewAndSign(page, page.getByRole('button', { name: 'Review pause flags' }), 'Review pause flags', /Nothing is paused now|Paused:/)
    expect((await registry()).paused & 1).toBe(0)
    await user.reload()
    await expect(user.getByRole('heading', { name: 'Swap' })).toBeVisible()
    await expect(user.getByTestId('admin-status')).toHaveCount(0)
  } finally {
    if ((await registry()).paused !== before) await adminCall(admin, 'setPaused', [before])
  }
})

test('the admin adds a fee tier to the DEX’s menu, for good', async ({ page }) => {
  const admin = await dispenser()
  // the menu box's bitmap (absent: the deploy's 1, 5, 30, 100); a tier the shared chain has not got yet
  const menu = async (): Promise<number[]> => {
    const box = await algorand()
      .client.algod.getApplicationBoxByName(stackInfo().deployment.dexAppId, new Uint8Array([0x74]))
      .do()
      .catch(() => undefined)
    if (!box) return [1, 5, 30, 100]
    return [...Array(1001).keys()].filter((n) => n > 0 && box.value[n >> 3]! & (0x80 >> (n & 7)))
  }
  const before = await menu()
  const tier = [...Array(999).keys()].map((n) => n + 2).find((n) => !before.includes(n))!
  await connectKmd(page, admin)
  await page.goto('/admin')
  const panel = page.getByTestId('fee-tier-menu')
  await expect(panel).toContainText('0.3% (30 bps)')
  await page.getByRole('textbox', { name: 'New fee tier (bps)' }).fill('30')
  await expect(page.getByRole('alert')).toHaveText('That fee tier is already on the menu')
  await page.getByRole('textbox', { name: 'New fee tier (bps)' }).fill(String(tier))
  await reviewAndSign(page, page.getByRole('button', { name: 'Review fee tier' }), /Review the .* fee tier/, /Pools can now be created at/)
  expect(await menu()).toEqual([...before, tier].sort((x, y) => x - y))
  await page.reload()
  await expect(page.getByTestId('fee-tier-menu')).toContainText(`(${tier} bps)`)
})

test('the admin verifies a token after seeing its issuer powers, and removes it again', async ({ page }) => {
  const admin = await dispenser()
  const created = await algorand().send.assetCreate({ sender: admin, total: 1_000_000n, decimals: 2, unitName: 'ADMT', assetName: 'Admin Test Token', clawback: admin, freeze: admin, suppressLog: true })
  const assetId = created.assetId
  await connectKmd(page, admin)
  await page.goto('/admin')
  await page.getByRole('textbox', { name: 'Add a token by asset id' }).fill(String(assetId))
  const facts = page.getByTestId('token-facts')
  await expect(facts).toContainText('Admin Test Token')
  await expect(facts).toContainText('clawback address')
  await expect(facts).toContainText('freeze address')
  await reviewAndSign(page, page.getByRole('button', { name: 'Review verification' }), 'Verify ADMT', /ADMT is verified/)
  await expect(page.getByTestId(`verified-${assetId}`)).toBeVisible()
  const box = new Uint8Array(9)
  box[0] = 0x76
  new DataView(box.buffer).setBigUint64(1, assetId)
  await algorand().client.algod.getApplicationBoxByName(stackInfo().deployment.registryAppId, box).do()
  await reviewAndSign(page, page.getByTestId(`verified-${assetId}`).getByRole('button', { name: 'Remove' }), 'Remove ADMT from the verified list', /ADMT is no longer verified/)
  await expect(page.getByTestId(`verified-${assetId}`)).toHaveCount(0)
})

test('the admin role moves in two steps to another kmd account and back', async ({ page }) => {
  const admin = await dispenser()
  const next = await newAccount({ algo: 10, kmd: true })
  try {
    await connectKmd(page, admin)
    await page.goto('/admin')
    await page.getByRole('textbox', { name: 'Propose a new admin (address)' }).fill(next.address)
    await reviewAndSign(page, page.getByRole('button', { name: 'Review proposal' }), 'Propose a new admin', /Proposed/)
    await expect(page.getByTestId('pending-admin')).toContainText(next.address)
    expect((await registry()).pendingAdmin).toBe(next.address)
    // Cancel works, then propose again.
    await reviewAndSign(page, page.getByRole('button', { name: 'Cancel the transfer' }), 'Cancel the admin transfer', /cancelled/)
    expect((await registry()).pendingAdmin).toBeNull()
    await page.getByRole('textbox', { name: 'Propose a new admin (address)' }).fill(next.address)
    await reviewAndSign(page, page.getByRole('button', { name: 'Review proposal' }), 'Propose a new admin', /Proposed/)
    // The proposed account accepts on the same page.
    await switchTo(page, next.address)
    await reviewAndSign(page, page.getByRole('button', { name: 'Accept the admin role' }), 'Accept the admin role', /You are the protocol admin/)
    expect((await registry()).admin).toBe(next.address)
    await expect(page.getByTestId('admin-status')).toContainText('signed in as the protocol admin')
    // And back, so the rest of the suite keeps its admin.
    await page.getByRole('textbox', { name: 'Propose a new admin (address)' }).fill(admin)
    await reviewAndSign(page, page.getByRole('button', { name: 'Review proposal' }), 'Propose a new admin', /Proposed/)
    await switchTo(page, admin)
    await reviewAndSign(page, page.getByRole('button', { name: 'Accept the admin role' }), 'Accept the admin role', /You are the protocol admin/)
    expect((await registry()).admin).toBe(admin)
  } finally {
    const r = await registry()
    if (r.admin === next.address) {
      await adminCall(next.address, 'proposeAdmin', [admin])
      await adminCall(admin, 'acceptAdmin', [])
    } else if (r.pendingAdmin) await adminCall(admin, 'proposeAdmin', [algosdk.ALGORAND_ZERO_ADDRESS_STRING])
  }
})

/** Deployment ids the dashboard specs read (the record has every contract's id). */
const ids = () => stackInfo().deployment

test('the overview total is the sum of its lines, each valued as algod and the pools value it', async ({ page }) => {
  test.setTimeout(180_000)
  await connectMnemonic(page, demo.mnemonic)
  await page.goto('/dashboard')
  const total = page.getByTestId('portfolio-total')
  await expect(total).toHaveAttribute('data-algo', /^\d+$/, { timeout: 30_000 })
  await expect(page.getByTestId('portfolio-line').first()).toBeVisible()
  const algod = algorand().client.algod
  const d = ids()
  await expect(async () => {
    await page.reload()
    await expect(total).toHaveAttribute('data-algo', /^\d+$/, { timeout: 20_000 })
    // algo: the value counted (capped at what selling returns); spot: at the pools' spot prices
    const lines = await page.getByTestId('portfolio-line').evaluateAll((rows) => rows.map((r) => ({ kind: r.getAttribute('data-kind'), key: r.getAttribute('data-key'), algo: r.getAttribute('data-algo'), spot: r.getAttribute('data-spot-algo') })))
    const shownTotal = BigInt((await total.getAttribute('data-algo'))!)
    // locks are totalled apart from what can be moved now
    expect(shownTotal).toBe(lines.filter((l) => l.kind !== 'lock').reduce((s, l) => s + (l.algo ? BigInt(l.algo) : 0n), 0n))
    // The demo account has every kind of line.
    for (const kind of ['wallet', 'liquidity', 'farm', 'pool', 'sgrove', 'lock']) expect(lines.some((l) => l.kind === kind), kind).toBe(true)
    // Independently: every line but the locks from algod's account, the pools' boxes, the staking app and
    // the vault, pending rewards at the chain second the page valued them at (other workers move the clock).
    const now = BigInt((await total.getAttribute('data-at'))!)
    const info = await algod.accountInformation(demo.address).do()
    // every fee tier's pool: a pair with several is priced at its deepest ALGO pool
    const states = (await dexContract.readers.pools(sdkReader())).map((p) => ({ ...p, a: Number(p.a), b: Number(p.b), lpAsset: Number(p.lpAsset) }))
    const priceOf = (id: number, amount: bigint): bigint | null => {
      if (id === 0) return amount
      const [p] = states.filter((s) => s.a === 0 && s.b === id && s.reserveA > 0n && s.reserveB > 0n).sort((x, y) => (y.reserveA > x.reserveA ? 1 : y.reserveA < x.reserveA ? -1 : 0))
      return p ? (amount * p.reserveA) / p.reserveB : null
    }
    const valueOf = (asset: number, amount: bigint): bigint | null => {
      const lp = states.find((s) => s.lpAsset === asset)
      if (!lp) return priceOf(asset, amount)
      const L = lp.lpIssued + 1000n
      const [va, vb] = [priceOf(lp.a, (amount * lp.reserveA) / L), priceOf(lp.b, (amount * lp.reserveB) / L)]
      return va === null || vb === null ? null : va + vb
    }
    expect(lines.find((l) => l.key === 'wallet-0')?.algo).toBe(String(info.amount))
    for (const h of info.assets ?? []) {
      if (h.amount === 0n) continue
      if (h.assetId === BigInt(d.sGroveAssetId)) {
        const grove = groveBehind(await vaultContract.readers.totals(sdkReader()), h.amount)
        const v = priceOf(d.groveAssetId, grove)!
        expect(lines.find((l) => l.kind === 'sgrove')?.spot).toBe(String(v))
      } else {
        // a token with an ALGO pool (or an LP token of two) at that spot price; the others are priced along their route
        const v = valueOf(Number(h.assetId), h.amount)
        const line = lines.find((l) => l.key === `wallet-${h.assetId}` || l.key === `lp-${h.assetId}`)
        if (v !== null) expect(line?.spot, `asset ${h.assetId}`).toBe(String(v))
        else expect(line?.spot, `asset ${h.assetId} has a price along its route`).toMatch(/^\d+$/)
      }
    }
    for (const program of await stakingContract.readers.programs(sdkReader())) {
      const pos = await stakingContract.readers.position(sdkReader(), program.id, demo.address)
      if (!pos) continue
      const pending = staking.pendingRewards(program, pos, now)
      const rewards = program.rewardCount === 2n ? [program.rewardAsset1, program.rewardAsset2] : [program.rewardAsset1]
      const parts = [valueOf(Number(program.stakeAsset), pos.stake), ...rewards.map((r, k) => valueOf(Number(r), pending[k]!))]
      const v = parts.some((x) => x === null) ? null : parts.reduce<bigint>((s, x) => s + x!, 0n)
      const key = `${program.kind === 1n ? 'farm' : 'pool'}-${program.id}`
      if (pos.stake === 0n && pending.every((x) => x === 0n)) continue
      if (v !== null) expect(lines.find((l) => l.key === key)?.spot ?? null, key).toBe(String(v))
    }
    const lockTotal = lines.filter((l) => l.kind === 'lock').reduce((s, l) => s + (l.algo ? BigInt(l.algo) : 0n), 0n)
    expect(lockTotal > 0n ? BigInt((await page.getByTestId('portfolio-locked').getAttribute('data-algo'))!) : 0n).toBe(lockTotal)
  }).toPass({ timeout: 90_000 })
  await expect(page.getByText('are not deployed yet')).toHaveCount(0)
  await expect(page.getByTestId('value-chart')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('change-24h')).toHaveText(/%|—/)
  await shoot(page, 'dashboard-overview')
  await page.getByRole('tab', { name: 'Accounts' }).click()
  await expect(page.getByTestId(`account-${demo.address}`)).toContainText('(active)')
  await expect(page.getByTestId('activity-item').first()).toBeVisible({ timeout: 30_000 })
  await shoot(page, 'dashboard-accounts')
})

test('claim all pays every pending reward', async ({ page }) => {
  test.setTimeout(240_000)
  const account = await newAccount({ algo: 60 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const make = async (unitName: string) =>
    (await a.send.assetCreate({ sender: signer.addr, total: 10_000_000_000_000n, decimals: 6, assetName: `${unitName} Test`, unitName, suppressLog: true })).assetId
  const [stakeAsset, reward1, reward2] = [await make('CLST'), await make('CLRA'), await make('CLRB')]
  const ctx = sdkContext(account)
  // Two staking pools of the account's own token, one paying each reward token; both end soon.
  const start = (await chainNow()) + 20n
  const programs: bigint[] = []
  for (const [reward, rate] of [
    [reward1, 1_000n],
    [reward2, 3_000n],
  ] as const) {
    const id = await createProgram(account, { stakeAsset, rewards: [{ asset: reward, rate }], start, end: start + 120n })
    programs.push(id)
    const program = (await stakingContract.readers.program(ctx, id))!
    await (await staking.buildStake(ctx, program, 5_000_000n)).composer.execute(ctx.algod, 4)
  }
  // Past both ends: what is pending no longer grows, so the claim pays exactly what the page shows.
  await moveTime(600)
  const before = { r1: await assetBalance(account.address, reward1), r2: await assetBalance(account.address, reward2) }

  await connectMnemonic(page, account.mnemonic)
  await page.goto('/dashboard')
  const shown = new Map<string, bigint>()
  await expect(async () => {
    await page.reload()
    const rows = page.getByTestId('pending-reward')
    await expect(rows).toHaveCount(2, { timeout: 15_000 })
    for (const r of await rows.all()) shown.set((await r.getAttribute('data-asset'))!, BigInt((await r.getAttribute('data-amount'))!))
    expect(shown.get(String(reward1))).toBeGreaterThan(0n)
    expect(shown.get(String(reward2))).toBeGreaterThan(0n)
  }).toPass({ timeout: 60_000 })

  await page.getByRole('button', { name: /^Claim all rewards \(2\)/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Review claim all' })
  await expect(dialog.getByTestId('claim-groups')).toHaveAttribute('data-groups', '1', { timeout: 30_000 })
  await expect(dialog.getByTestId('simulated-fee')).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  await shoot(page, 'dashboard-claim-all')
  await dialog.getByRole('button', { name: 'Claim all' }).click()
  await expect(toast(page, /Claimed the rewards of 2 program/)).toBeVisible({ timeout: 30_000 })
  expect(await assetBalance(account.address, reward1)).toBe(before.r1 + shown.get(String(reward1))!)
  expect(await assetBalance(account.address, reward2)).toBe(before.r2 + shown.get(String(reward2))!)
  for (const id of programs) {
    const program = (await stakingContract.readers.program(ctx, id))!
    const pos = (await stakingContract.readers.position(ctx, id, account.address))!
    expect(staking.pendingRewards(program, pos, await chainNow())[0]).toBe(0n)
  }
  await expect(page.getByRole('button', { name: 'No rewards to claim' })).toBeVisible({ timeout: 30_000 })
})

test('the accounts tab lists a swap the account just made', async ({ page }) => {
  test.setTimeout(120_000)
  const account = await newAccount({ algo: 30 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const gusd = BigInt(token('gUSD').assetId)
  await a.send.assetOptIn({ sender: signer.addr, assetId: gusd, suppressLog: true })
  const result = await (await buildSwapExactIn(sdkContext(account), 0n, gusd, 1_000_000n, 1n)).composer.execute(a.client.algod, 4)
  await connectMnemonic(page, account.mnemonic)
  await page.goto('/dashboard?tab=accounts')
  // The analytics service follows within a block or two: the list polls.
  const row = page.locator(`[data-testid="activity-item"][data-txid="${result.txIDs.at(-1)}"]`)
  await expect(async () => {
    await page.reload()
    await expect(row).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 60_000 })
  await expect(row).toHaveAttribute('data-kind', 'swap')
  // one action, in words: what was paid and got (issue 36, item 4)
  await expect(row).toContainText(/Swapped 1 ALGO for [\d,.]+ gUSD/)
  await expect(row.getByRole('button', { name: /Copy transaction id/ })).toBeVisible()
  // the indexer's history below lists every transaction of the account, the swap's app call among them
  const history = page.getByTestId('transaction-history')
  await expect(history.getByRole('button', { name: `Copy transaction id ${result.txIDs.at(-1)}` })).toBeVisible({ timeout: 30_000 })
  await expect(history.getByTestId('history-row').first()).toBeVisible()
})

test('the admin log shows a change the admin just made', async ({ page }) => {
  test.setTimeout(120_000)
  const admin = await dispenser()
  const a = algorand()
  const created = await a.send.assetCreate({ sender: admin, total: 1_000n, decimals: 0, assetName: 'Log Test', unitName: 'LOGT', suppressLog: true })
  const spec = JSON.parse(fs.readFileSync(new URL('../../packages/contracts/artifacts/Registry.arc56.json', import.meta.url), 'utf8')) as { methods: { name: string; args: { type: string; name: string }[]; returns: { type: string } }[] }
  const m = spec.methods.find((x) => x.name === 'setVerified')!
  const abi = new algosdk.ABIMethod({ name: m.name, args: m.args.map((x) => ({ type: x.type, name: x.name })), returns: { type: m.returns.type } })
  // The verified-token box is the registry's to pay for: top its account up first (the page's review does the same).
  await a.send.payment({ sender: admin, receiver: algosdk.getApplicationAddress(ids().registryAppId), amount: AlgoAmount.MicroAlgo(100_000), suppressLog: true })
  const sent = await a.send.appCallMethodCall({ sender: admin, appId: BigInt(ids().registryAppId), method: abi, args: [created.assetId, true], suppressLog: true })
  try {
    await connectKmd(page, admin)
    await page.goto('/admin')
    const entry = page.locator(`[data-testid="admin-log-entry"][data-txid="${sent.txIds.at(-1)}"]`)
    await expect(async () => {
      await page.reload()
      await expect(entry.first()).toBeVisible({ timeout: 10_000 })
    }).toPass({ timeout: 60_000 })
    await expect(entry.first()).toContainText('LOGT verified')
    await expect(entry.first()).toContainText(admin.slice(0, 6))
    await page.evaluate(() => window.scrollTo(0, 0))
    await shoot(page, 'admin-log')
  } finally {
    await adminCall(admin, 'setVerified', [created.assetId, false])
  }
})

/** The admin stops a stable pool's ramp straight through the SDK (for restoring state in a finally block). */
async function stopRampDirect(pool: stable.StablePoolState) {
  const a = algorand()
  const admin = await a.account.localNetDispenser()
  const ctx = groveContext(stackInfo().deployment, { algod: a.client.algod, sender: admin.addr, signer: admin.signer })
  await (await stable.buildStopRampA(ctx, pool)).composer.execute(a.client.algod, 4)
}

/** A section of the page (a panel, the chart's toolbar) at 1280 and 390 px. */
async function shootPart(page: Page, part: Locator, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await part.scrollIntoViewIfNeeded()
    await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('the admin ramps A of the demo’s gUSD/gUSDt stable pool, the pool page shows the ramp as algod has it, the admin stops it; the chart picker names each pool of a pair by kind and tier (issue 37)', async ({ page }) => {
  test.setTimeout(180_000)
  const admin = await dispenser()
  const [gusd, gusdt] = [BigInt(token('gUSD').assetId), BigInt(token('gUSDt').assetId)]
  const read = async () => (await stableContract.readers.pool(sdkReader(), gusd, gusdt, 5n))!
  const before = await read()
  const name = 'gUSD/gUSDt (Grove stable 0.05%)'
  // a ramp starts a day or more after the pool's last one started (its creation, at the seed)
  const wait = before.initialTime + stable.MIN_RAMP_TIME + 60n - (await chainNow())
  if (wait > 0n) await moveTime(Number(wait))
  try {
    await connectKmd(page, admin)
    await page.goto('/admin')
    const panel = page.locator('section.panel').filter({ has: page.getByRole('heading', { name: 'Stable pools: amplifier A' }) })
    const row = panel.getByTestId(`ramp-pool-${before.lpAsset}`)
    await expect(row.getByTestId('ramp-amp-now')).toHaveText('100')
    await expect(row.getByTestId('ramp-state')).toHaveText('None: A stands still')
    const form = panel.getByRole('form', { name: 'Ramp A' })
    await form.getByRole('combobox', { name: 'Pool' }).selectOption({ label: name })

    // the SDK's rule speaks before anything is signed: the 10× bound, then a ramp shorter than a day
    const now = await chainNow()
    await form.getByRole('textbox', { name: 'Target A' }).fill('5')
    await form.getByLabel('Ramp ends (your time zone)').fill(await datetimeLocal(page, now + 7n * 86_400n))
    await expect(form.getByTestId('ramp-error')).toHaveText('A ramp changes A at most 10 times: from 100 now, the target is 10 to 1,000')
    await expect(form.getByRole('button', { name: 'Review ramp' })).toBeDisabled()
    await form.getByRole('textbox', { name: 'Target A' }).fill('110')
    await form.getByLabel('Ramp ends (your time zone)').fill(await datetimeLocal(page, now + 3_600n))
    await expect(form.getByTestId('ramp-error')).toContainText('A ramp lasts at least a day: end it')
    // a week long, to 110: A moves by a hundredth every 10 minutes, so it stays 100 while the spec runs
    const end = await datetimeLocal(page, now + 7n * 86_400n)
    const futureTime = BigInt(await page.evaluate((v) => Math.floor(new Date(v).getTime() / 1000), end))
    await form.getByLabel('Ramp ends (your time zone)').fill(end)
    await expect(form.getByTestId('ramp-error')).toHaveCount(0)
    await shootPart(page, panel, 'admin-stable-ramp-form')
    await reviewAndSign(page, form.getByRole('button', { name: 'Review ramp' }), `Ramp A of ${name}`, /gUSD\/gUSDt \(Grove stable 0\.05%\)’s A ramps from 100 to 110/)

    // algod's pool: the ramp from A where it stood to the target, at the end asked
    const ramped = await read()
    expect([ramped.initialA, ramped.futureA, ramped.futureTime]).toEqual([10_000n, 11_000n, futureTime])
    expect(ramped.initialTime).toBeGreaterThan(before.initialTime)
    await expect(row.getByTestId('ramp-state')).toHaveAttribute('data-ramping', 'true')
    const shown = row.getByTestId('ramp-amp-now')
    const at = BigInt((await shown.getAttribute('data-at'))!)
    await expect(shown).toHaveAttribute('data-amp', String(stable.ampAt(ramped, at)))
    await shootPart(page, panel, 'admin-stable-ramp')

    // the pool page shows the ramp in progress, its figures the SDK's over algod's box
    await page.goto('/shares')
    await page.getByRole('button', { name: 'Add to the gUSD/gUSDt stable pool' }).click()
    const endWords = await page.evaluate((t) => new Date(t * 1000).toLocaleString(), Number(ramped.futureTime))
    await expect(page.getByTestId('stable-amp-now')).toHaveText(`${stable.ampWords(stable.ampAt(ramped, await chainNow()))} (ramping from ${stable.ampWords(ramped.initialA)} to ${stable.ampWords(ramped.futureA)} until ${endWords})`)
    await shootPart(page, page.getByTestId('stable-pool-facts'), 'stable-pool-ramping')

    // stopped where it stands: A stays 100, and the row says A stands still
    await page.goto('/admin')
    await reviewAndSign(page, row.getByRole('button', { name: `Stop the ramp of ${name}` }), `Stop the ramp of ${name}’s A`, /ramp of A stopped: A stays at 100/)
    const stopped = await read()
    expect([stopped.initialA, stopped.futureA]).toEqual([10_000n, 10_000n])
    await expect(row.getByTestId('ramp-state')).toHaveText('None: A stands still')
  } finally {
    const pool = await read()
    if (pool.initialA !== pool.futureA && (await chainNow()) < pool.futureTime) await stopRampDirect(pool)
  }

  // the chart picker: ALGO/gUSD's pools by venue, kind and tier, and the stable pair's one pool
  const info = stackInfo()
  const { pools: listed } = (await (await fetch(`${info.analyticsUrl}/api/pools?limit=500`)).json()) as { pools: { id: number; venue: 'grove' | 'tinyman'; kind: string; feeBps: number; assetA: { id: number }; assetB: { id: number } }[] }
  const pair = (p: { assetA: { id: number }; assetB: { id: number } }) => [p.assetA.id, p.assetB.id].sort((x, y) => x - y).join('-')
  const algoGusd = listed.filter((p) => pair(p) === `0-${gusd}`)
  const labels = algoGusd.map((p) => `${p.venue === 'tinyman' ? tinymanLabel(info.deployment) : 'Grove'} ${p.feeBps / 100}%`)
  expect(labels).toEqual(expect.arrayContaining(['Grove 0.3%', 'Grove 0.05%']))
  const grove30 = algoGusd.find((p) => p.venue === 'grove' && p.feeBps === 30)!
  await page.goto(`/dex/chart?pool=${grove30.id}`)
  const pairSelect = page.getByRole('combobox', { name: 'Pair' })
  const poolSelect = page.getByRole('combobox', { name: 'Pool' })
  await expect(pairSelect).toHaveValue(`0-${gusd}`)
  await expect(pairSelect.locator('option:checked')).toHaveText(new RegExp(`^(ALGO/gUSD|gUSD/ALGO) · ${algoGusd.length} pools$`))
  await expect(poolSelect).toHaveValue(String(grove30.id))
  // deepest first on the page; every pool of the pair, each by venue and tier
  await expect(poolSelect.locator('option')).toHaveCount(algoGusd.length)
  expect((await poolSelect.locator('option').allTextContents()).sort()).toEqual([...labels].sort())
  const grove5 = algoGusd.find((p) => p.venue === 'grove' && p.feeBps === 5)!
  await poolSelect.selectOption({ label: 'Grove 0.05%' })
  await expect(page).toHaveURL(new RegExp(`pool=${grove5.id}(&|$)`))
  await expect(page.getByTestId('chart-pair')).toContainText(`on Grove · 0.05% fee · pool ${grove5.id}`)
  const toolbar = page.locator('.chart-toolbar')
  await shootPart(page, toolbar, 'chart-pool-picker')
  // the stable pair: its pool is Grove's stable one
  await pairSelect.selectOption(gusd < gusdt ? `${gusd}-${gusdt}` : `${gusdt}-${gusd}`)
  await expect(poolSelect.locator('option')).toHaveText(['Grove stable 0.05%'])
  await expect(page.getByTestId('chart-venue')).toHaveText('Grove stable')
  await expect(page.getByTestId('chart-venue')).toHaveAttribute('data-kind', 'stable')
  await shootPart(page, toolbar, 'chart-stable-pool')
})

