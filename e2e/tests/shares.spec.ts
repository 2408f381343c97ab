// /shares on the full stack: add to a pool, remove a percentage, create a pool with an imported
// token (two signatures, resumable), single-sided add, each through its review step; algod's
// balances and pool boxes afterwards compared with what the review promised, network fee included.
// Tests run in parallel on one chain, so each uses a pool no other spec trades through.
import { expect, test, type Page } from '@playwright/test'
import { algorand, balances, connectKmd, connectMnemonic, failNextKmdSignature, newAccount, pools, stackInfo, toUnits, token } from '../support/stack.ts'

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** Picks `unit` with the button named `label` ("First token", "Second token", "Pool pair"). */
async function pickToken(page: Page, label: string, unit: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}: `) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(unit)
  await dialog.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: new RegExp(`^${unit}✓?$`) }) }).first().click()
  await expect(dialog).toBeHidden()
}

/** Waits for the review dialog's group to be built and reads what it promises (fee in µALGO). */
async function review(page: Page, title: string | RegExp, confirm: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('button', { name: confirm })).toBeEnabled({ timeout: 20_000 })
  const text = async (id: string) => (await dialog.getByTestId(id).textContent())!
  return { dialog, fee: units(await text('network-fee'), 6), text, confirm: () => dialog.getByRole('button', { name: confirm }).click() }
}

/** Base units of the number in a text such as "1,234.5 LP" with `decimals`. */
function units(text: string, decimals: number): bigint {
  const [whole, frac = ''] = text.replace(/[^\d.]/g, '').split('.')
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0')
}

async function lpBalance(address: string, lpAsset: number | bigint): Promise<bigint> {
  const info = await algorand().client.algod.accountInformation(address).do()
  return info.assets?.find((h) => h.assetId === BigInt(lpAsset))?.amount ?? 0n
}

/** Pool (x, y) by asset id, read from its box ("p" ‖ uint64(a) ‖ uint64(b), packages/contracts/README.md). */
async function poolState(x: number | bigint, y: number | bigint, tier = 30n) {
  const [a, b] = [BigInt(x), BigInt(y)].sort((p, q) => (p < q ? -1 : 1))
  // "p" ‖ a ‖ b for the 30 bps tier, ‖ uint64(tier) for another (packages/contracts/README.md)
  const name = new Uint8Array(tier === 30n ? 17 : 25)
  name[0] = 0x70
  new DataView(name.buffer).setBigUint64(1, a!)
  new DataView(name.buffer).setBigUint64(9, b!)
  if (tier !== 30n) new DataView(name.buffer).setBigUint64(17, tier)
  const box = await algorand().app.getBoxValue(BigInt(stackInfo().deployment.dexAppId), name)
  const view = new DataView(box.buffer, box.byteOffset, box.byteLength)
  return { reserveA: view.getBigUint64(0), reserveB: view.getBigUint64(8), lpAsset: view.getBigUint64(16) }
}

test('adds ALGO and CANOPY at the pool ratio, then removes half, each for what its review showed', async ({ page }) => {
  const account = await newAccount({ algo: 100, tokens: { CNPY: 5000 } })
  const cnpy = token('CNPY')
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'Second token', 'CNPY')
  await page.getByRole('textbox', { name: 'First token' }).fill('10')
  const second = page.getByRole('textbox', { name: 'Second token' })
  await expect(second).not.toHaveValue('')
  const cnpyIn = toUnits('CNPY', await second.inputValue())
  const promisedLp = units((await page.getByTestId('lp-out').textContent())!, 6)

  const before = await balances(account.address, ['ALGO', 'CNPY'])
  await page.getByRole('button', { name: 'Add liquidity' }).click()
  const add = await review(page, 'Review deposit to ALGO/CNPY', 'Confirm deposit')
  expect(await add.text('review-deposit')).toBe(`10 ALGO and ${await second.inputValue()} CNPY`)
  expect(units(await add.text('review-lp'), 6)).toBe(promisedLp)
  expect(units(await add.text('review-min-lp'), 6)).toBe((promisedLp * 9950n) / 10_000n)
  await expect(add.dialog.getByTestId('review-share')).toHaveText(/^\d[\d.]*%$/)
  await add.confirm()
  await expect(toast(page, /Added 10 ALGO and .* CNPY/)).toBeVisible()
  await expect(add.dialog).toBeHidden()
  const pool = await poolState(0, cnpy.assetId)
  const afterAdd = await balances(account.address, ['ALGO', 'CNPY'])
  expect(before.CNPY - afterAdd.CNPY).toBe(cnpyIn)
  // The fee the review showed is the fee paid (deposits, app call and its inner transfers, the LP opt-in).
  expect(before.ALGO - afterAdd.ALGO).toBe(10_000_000n + add.fee)
  expect(add.fee).toBeGreaterThan(0n)
  const lp = await lpBalance(account.address, pool.lpAsset)
  expect(lp).toBe(promisedLp)

  // The position appears with its share and pooled amounts.
  const row = page.locator('tr[data-pool="ALGO/CNPY"]')
  await expect(row).toBeVisible()
  await expect(row).toContainText('%')

  await row.getByRole('button', { name: 'Remove liquidity from ALGO/CNPY' }).click()
  await page.getByRole('button', { name: '75%', exact: true }).click()
  await expect(page.getByTestId('remove-percent')).toHaveText('75%')
  const preview = (await page.getByTestId('remove-preview').innerText()).split('\n')
  const algoBack = units(preview[0]!, 6)
  const cnpyBack = units(preview[1]!, cnpy.decimals)
  await page.getByRole('button', { name: 'Remove liquidity', exact: true }).click()
  const remove = await review(page, 'Review withdrawal from ALGO/CNPY', 'Confirm withdrawal')
  await page.screenshot({ path: 'screenshots/shares-remove-review-1280.png' })
  expect(await remove.text('review-return')).toMatch(/ ALGO\/CNPY LP \(75%\)$/)
  const returned = (lp * 7_500n) / 10_000n
  expect(units((await remove.text('review-return')).split(' ')[0]!, 6)).toBe(returned)
  await remove.confirm()
  await expect(toast(page, /Withdrew .* ALGO and .* CNPY/)).toBeVisible()
  // A confirmed removal resets the form: the slider is back at its start, not left at 75%.
  await expect(page.getByTestId('remove-percent')).toHaveText('50%')
  // The toast never covers the page's main button.
  const main = await page.getByRole('button', { name: 'Remove liquidity', exact: true }).boundingBox()
  const note = await toast(page, /Withdrew/).boundingBox()
  expect(main && note && (note.y >= main.y + main.height || note.y + note.height <= main.y || note.x >= main.x + main.width || note.x + note.width <= main.x)).toBe(true)

  const afterRemove = await balances(account.address, ['ALGO', 'CNPY'])
  expect(afterRemove.CNPY - afterAdd.CNPY).toBe(cnpyBack)
  expect(afterRemove.ALGO - afterAdd.ALGO).toBe(algoBack - remove.fee)
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(lp - returned)
})

test('lists every seeded pool with algod’s reserves, searchable, each row opening the add form and its chart', async ({ page }) => {
  await page.goto('/shares')
  const list = page.getByRole('table', { name: 'All pools' })
  for (const seeded of pools()) {
    // the pair's 30 bps pool has the pair's key; the demo's other tier (ALGO/gUSD at 5 bps) its own
    const legacy = await poolState(seeded.a, seeded.b)
    const tier = legacy.lpAsset === BigInt(seeded.lpAsset) ? 30n : 5n
    const state = tier === 30n ? legacy : await poolState(seeded.a, seeded.b, tier)
    expect(state.lpAsset).toBe(BigInt(seeded.lpAsset))
    // Grove's row, by its LP token: the demo's Tinyman pools of the same pairs are listed beside it
    const row = list.locator(`tr[data-lp="${seeded.lpAsset}"][data-venue="grove"]`)
    await expect(row.getByTestId('pool-reserves')).toHaveAttribute('data-reserve-a', String(state.reserveA))
    await expect(row.getByTestId('pool-reserves')).toHaveAttribute('data-reserve-b', String(state.reserveB))
    await expect(row).toContainText(`${Number(tier) / 100}% fee tier`)
    await expect(row.getByRole('link', { name: 'Chart' })).toHaveAttribute('href', tier === 30n ? `/dex/chart?pool=${seeded.a}-${seeded.b}` : `/dex/chart?pool=${seeded.lpAsset}`)
  }
  await page.getByRole('searchbox', { name: 'Search pools' }).fill('cnpy')
  await expect(list.locator('tr[data-pool-row]')).not.toHaveCount(0)
  for (const name of await list.locator('tr[data-pool-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pool-row')))) expect(name).toContain('CNPY')
  await list.getByRole('button', { name: 'Add to the ALGO/CNPY pool' }).click()
  await expect(page.getByRole('button', { name: 'Second token: CNPY, change token' })).toBeVisible()
  await expect(page.getByTestId('pool-facts')).toContainText('Pool reserves')
  await page.getByRole('textbox', { name: 'First token' }).fill('10')
  await expect(page.getByTestId('facts-share')).toHaveText(/^0% → \d/)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `screenshots/shares-${width}.png`, fullPage: true })
  }
})

/** A fresh account holding a new 2-decimal asset SPRT, on /shares with SPRT imported and 10 ALGO : 250 SPRT typed. */
async function newPoolForm(page: Page) {
  const account = await newAccount({ algo: 60 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 10_000_000n, decimals: 2, assetName: 'Test Sprout', unitName: 'SPRT', suppressLog: true })
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: /^Second token: / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(String(created.assetId))
  await expect(dialog.getByText('Test Sprout is not on Grove’s verified list.', { exact: false })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Import SPRT' })).toBeDisabled()
  await dialog.getByRole('checkbox', { name: 'I understand the risk' }).check()
  await dialog.getByRole('button', { name: 'Import SPRT' }).click()
  await page.getByRole('textbox', { name: 'First token' }).fill('10')
  await page.getByRole('textbox', { name: 'Second token' }).fill('250')
  return { account, assetId: created.assetId }
}

/** The step the stepper in `scope` marks as current. */
const currentStep = (scope: ReturnType<Page['getByRole']>) => scope.getByRole('list', { name: 'Creating a pool takes two signatures' }).locator('[aria-current="step"]')

test('creates a pool for an imported token in two signatures, at the price the two amounts set (on a phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { account, assetId } = await newPoolForm(page)
  await expect(page.getByText('You are creating the ALGO/SPRT pool')).toBeVisible()
  await expect(page.getByTestId('initial-price')).toHaveText('1 ALGO = 25 SPRT')
  const promisedLp = units((await page.getByTestId('lp-out').textContent())!, 6)
  const before = await balances(account.address, ['ALGO'])

  await page.getByRole('button', { name: 'Create pool' }).click()
  const step1 = await review(page, 'Create the ALGO/SPRT pool', 'Sign step 1: create pool')
  await expect(currentStep(step1.dialog)).toHaveText(/Create pool/)
  const poolDeposit = units(await step1.text('review-pool-deposit'), 6)
  await page.screenshot({ path: 'screenshots/shares-create-step1-390.png' })
  await step1.confirm()
  await expect(toast(page, /Created the ALGO\/SPRT pool/)).toBeVisible({ timeout: 30_000 })

  // The same dialog moves on to the deposit once the empty pool is read back.
  const step2 = await review(page, 'Create the ALGO/SPRT pool', 'Sign step 2: deposit')
  await expect(currentStep(step2.dialog)).toHaveText(/Deposit/)
  expect(await step2.text('review-deposit')).toBe('10 ALGO and 250 SPRT')
  await page.screenshot({ path: 'screenshots/shares-create-step2-390.png' })
  await step2.confirm()
  await expect(toast(page, /Added 10 ALGO and 250 SPRT to ALGO\/SPRT/)).toBeVisible({ timeout: 30_000 })
  await expect(step2.dialog).toBeHidden()

  const pool = await poolState(0, assetId)
  expect([pool.reserveA, pool.reserveB]).toEqual([10_000_000n, 25_000n])
  // First deposit: ⌊√(10,000,000 · 25,000)⌋ − 1,000 LP.
  expect(promisedLp).toBe(499_000n)
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(499_000n)
  // Both reviews' fees and the pool's minimum balance are what the two groups cost.
  expect(before.ALGO - (await balances(account.address, ['ALGO'])).ALGO).toBe(10_000_000n + poolDeposit + step1.fee + step2.fee)
  await expect(page.locator('tr[data-pool="ALGO/SPRT"]')).toBeVisible()
})

test('a pool created but never funded offers the deposit step when the user comes back', async ({ page }) => {
  const { account, assetId } = await newPoolForm(page)
  await page.getByRole('button', { name: 'Create pool' }).click()
  const step1 = await review(page, 'Create the ALGO/SPRT pool', 'Sign step 1: create pool')
  await step1.confirm()
  await expect(toast(page, /Created the ALGO\/SPRT pool/)).toBeVisible({ timeout: 30_000 })
  await page.keyboard.press('Escape')
  await expect(step1.dialog).toBeHidden()

  // Leave the page and come back: nothing typed survives, the empty pool on chain does.
  await page.getByRole('banner').getByRole('link', { name: 'Swap', exact: true }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Liquidity', exact: true }).click()
  await pickToken(page, 'Second token', 'SPRT')
  await expect(page.getByText('The ALGO/SPRT pool exists but is empty')).toBeVisible()
  await expect(currentStep(page.getByRole('form', { name: 'Add liquidity' }))).toHaveText(/Deposit/)
  await page.getByRole('textbox', { name: 'First token' }).fill('4')
  await page.getByRole('textbox', { name: 'Second token' }).fill('100')
  await page.getByRole('button', { name: 'Deposit and set the price' }).click()
  const step2 = await review(page, 'Create the ALGO/SPRT pool', 'Sign step 2: deposit')
  await step2.confirm()
  await expect(toast(page, /Added 4 ALGO and 100 SPRT to ALGO\/SPRT/)).toBeVisible({ timeout: 30_000 })

  const pool = await poolState(0, assetId)
  expect([pool.reserveA, pool.reserveB]).toEqual([4_000_000n, 10_000n])
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(199_000n) // √(4,000,000 · 10,000) − 1,000
})

test('a first deposit shows the liquidity it locks forever, and every share is what the LP redeems (MOSS 4 decimals / ACORN 0)', async ({ page }) => {
  const account = await newAccount({ algo: 60 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const make = async (unitName: string, decimals: number) =>
    (await a.send.assetCreate({ sender: signer.addr, total: 10n ** 12n, decimals, assetName: `Test ${unitName}`, unitName, suppressLog: true })).assetId
  const [moss, acorn] = [await make('TMOSS', 4), await make('TACRN', 0)]
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  for (const [label, id, unit] of [['First token', moss, 'TMOSS'], ['Second token', acorn, 'TACRN']] as const) {
    await page.getByRole('button', { name: new RegExp(`^${label}: `) }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('searchbox').fill(String(id))
    await dialog.getByRole('checkbox', { name: 'I understand the risk' }).check()
    await dialog.getByRole('button', { name: `Import ${unit}` }).click()
    await expect(dialog).toBeHidden()
  }
  await page.getByRole('textbox', { name: 'First token' }).fill('100')
  await page.getByRole('textbox', { name: 'Second token' }).fill('50')
  await page.getByRole('button', { name: 'Create pool' }).click()
  const step1 = await review(page, 'Create the TMOSS/TACRN pool', 'Sign step 1: create pool')
  // √(1,000,000 · 50) = 7,071 LP, of which 1,000 stay in the pool: 85.8577% redeemable, 14.1423% locked
  await expect(step1.dialog.getByTestId('review-share')).toHaveText('85.8577%')
  await expect(step1.dialog.getByTestId('review-locked')).toContainText('14.1423%')
  await expect(step1.dialog.getByTestId('locked-warning')).toContainText('14.1423% of this deposit stays in the pool forever')
  await step1.confirm()
  await expect(toast(page, /Created the TMOSS\/TACRN pool/)).toBeVisible({ timeout: 30_000 })
  const step2 = await review(page, 'Create the TMOSS/TACRN pool', 'Sign step 2: deposit')
  await expect(step2.dialog.getByTestId('review-share')).toHaveText('85.8577%')
  await step2.confirm()
  await expect(toast(page, /Added 100 TMOSS and 50 TACRN to TMOSS\/TACRN/)).toBeVisible({ timeout: 30_000 })
  await expect(step2.dialog).toBeHidden()

  // the chain agrees: the LP redeems 85.8577% of each side, and the pool list says so
  const pool = await poolState(moss, acorn)
  const lp = await lpBalance(account.address, pool.lpAsset)
  expect(lp).toBe(6_071n)
  expect((lp * pool.reserveA) / (lp + 1000n)).toBe((6_071n * 1_000_000n) / 7_071n)
  await expect(page.locator('tr[data-pool="TMOSS/TACRN"] td[data-label="Share"]')).toHaveText('85.8577%')
  await expect(page.locator('tr[data-pool-row="TMOSS/TACRN"] td[data-label="Your share"]')).toHaveText('85.8577%')
})

test('a single-sided add swaps part of the deposit and mints at least the minimum', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { FERN: 500 } })
  const [fern, moss] = [token('FERN'), token('MOSS')]
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('checkbox', { name: /Deposit one token only/ }).check()
  await pickToken(page, 'Deposit', 'FERN')
  await pickToken(page, 'Pool pair', 'MOSS')
  await page.getByRole('textbox', { name: 'Deposit' }).fill('100')
  const promisedLp = units((await page.getByTestId('lp-out').textContent())!, 6)
  const before = await balances(account.address, ['ALGO', 'FERN'])
  await page.getByRole('button', { name: 'Add FERN only' }).click()
  const zap = await review(page, 'Review deposit to FERN/MOSS', 'Confirm deposit')
  expect(await zap.text('review-deposit')).toBe('100 FERN')
  await zap.confirm()
  await expect(toast(page, /Added 100 FERN to FERN\/MOSS/)).toBeVisible()

  const pool = await poolState(fern.assetId, moss.assetId)
  const after = await balances(account.address, ['ALGO', 'FERN'])
  expect(before.FERN - after.FERN).toBeLessThanOrEqual(toUnits('FERN', 100))
  expect(before.ALGO - after.ALGO).toBe(zap.fee)
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(promisedLp)
})

test('a rejected signature on a deposit leaves balances as they were and the review open with a fresh group', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { GROVE: 1000 }, kmd: true })
  await page.goto('/shares')
  await connectKmd(page, account.address)
  await pickToken(page, 'Second token', 'GROVE')
  await page.getByRole('textbox', { name: 'First token' }).fill('1')
  await page.getByRole('button', { name: 'Add liquidity' }).click()
  const add = await review(page, 'Review deposit to ALGO/GROVE', 'Confirm deposit')
  const before = await balances(account.address, ['ALGO', 'GROVE'])
  await failNextKmdSignature(page)
  await add.confirm()
  await expect(toast(page, /rejected the request in your wallet|cancelled the request in your wallet/)).toBeVisible()
  await expect(add.dialog.getByRole('button', { name: 'Confirm deposit' })).toBeEnabled({ timeout: 20_000 })
  expect(await balances(account.address, ['ALGO', 'GROVE'])).toEqual(before)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('textbox', { name: 'First token' })).toHaveValue('1')
})

test('adding more than the balance says so and sends nothing', async ({ page }) => {
  const account = await newAccount({ algo: 5, tokens: { goETH: 0 } })
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'Second token', 'goETH')
  await page.getByRole('textbox', { name: 'First token' }).fill('1')
  await expect(page.getByRole('button', { name: 'Insufficient goETH balance' })).toBeDisabled()
  await page.getByRole('textbox', { name: 'First token' }).fill('0.0000001')
  await expect(page.getByRole('button', { name: 'Too many decimals: ALGO has 6' })).toBeDisabled()
})

test('the deposit review works by keyboard alone', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { GROVE: 1000 } })
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'Second token', 'GROVE')
  await page.getByRole('textbox', { name: 'First token' }).focus()
  await page.keyboard.type('2')
  await expect(page.getByRole('textbox', { name: 'Second token' })).not.toHaveValue('')
  // Enter in a field submits the form, which opens the review with focus inside it.
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Review deposit to ALGO/GROVE' })
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await expect(dialog.getByRole('button', { name: 'Confirm deposit' })).toBeEnabled({ timeout: 20_000 })
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Confirm deposit' })).toBeFocused()
  // Tab stays inside the dialog; Escape closes it.
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Add liquidity' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('button', { name: 'Confirm deposit' })).toBeEnabled({ timeout: 20_000 })
  await dialog.getByRole('button', { name: 'Confirm deposit' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, /Added 2 ALGO and .* GROVE to ALGO\/GROVE/)).toBeVisible()
  await expect(dialog).toBeHidden()
})

for (const width of [1280, 390]) {
  test(`screenshots of the deposit review and of /shares with a position at ${width} px`, async ({ page }) => {
    const account = await newAccount({ algo: 60, tokens: { goETH: 1 } })
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.goto('/shares')
    await connectMnemonic(page, account.mnemonic)
    await pickToken(page, 'Second token', 'goETH')
    await page.getByRole('textbox', { name: 'First token' }).fill('5')
    await page.getByRole('button', { name: 'Add liquidity' }).click()
    const add = await review(page, 'Review deposit to ALGO/goETH', 'Confirm deposit')
    // The dialog fits the viewport: nothing scrolls sideways, its button is on screen.
    const box = (await add.dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await expect(add.dialog.getByRole('button', { name: 'Confirm deposit' })).toBeInViewport()
    await page.screenshot({ path: `screenshots/shares-review-${width}.png` })
    await add.confirm()
    await expect(toast(page, /Added 5 ALGO/)).toBeVisible()
    await expect(page.locator('tr[data-pool="ALGO/goETH"]')).toBeVisible()
    await page.getByRole('button', { name: 'Dismiss notification' }).first().click()
    await page.screenshot({ path: `screenshots/shares-positions-${width}.png`, fullPage: true })
  })
}
