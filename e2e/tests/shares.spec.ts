// /shares on the full stack: add to a pool, remove a percentage, create a pool with an imported
// token, single-sided add; algod's balances and pool boxes afterwards compared with the previews.
// Tests run in parallel on one chain, so each uses a pool no other spec trades through.
import { expect, test, type Page } from '@playwright/test'
import { algorand, balances, connectMnemonic, newAccount, stackInfo, toUnits, token } from '../support/stack.ts'

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** Picks `unit` with the button named `label` ("First token", "Second token", "Pool pair"). */
async function pickToken(page: Page, label: string, unit: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}: `) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(unit)
  await dialog.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: new RegExp(`^${unit}✓?$`) }) }).first().click()
  await expect(dialog).toBeHidden()
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
async function poolState(x: number | bigint, y: number | bigint) {
  const [a, b] = [BigInt(x), BigInt(y)].sort((p, q) => (p < q ? -1 : 1))
  const name = new Uint8Array(17)
  name[0] = 0x70
  new DataView(name.buffer).setBigUint64(1, a!)
  new DataView(name.buffer).setBigUint64(9, b!)
  const box = await algorand().app.getBoxValue(BigInt(stackInfo().deployment.dexAppId), name)
  const view = new DataView(box.buffer, box.byteOffset, box.byteLength)
  return { reserveA: view.getBigUint64(0), reserveB: view.getBigUint64(8), lpAsset: view.getBigUint64(16) }
}

test('adds ALGO and CANOPY at the pool ratio, then removes half for what the preview showed', async ({ page }) => {
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
  await expect(toast(page, /Added 10 ALGO and .* CNPY/)).toBeVisible()
  const pool = await poolState(0, cnpy.assetId)
  const afterAdd = await balances(account.address, ['ALGO', 'CNPY'])
  expect(before.CNPY - afterAdd.CNPY).toBe(cnpyIn)
  // 10 ALGO plus the group's fees (deposits, app call and its inner transfers, the LP opt-in).
  expect(before.ALGO - afterAdd.ALGO - 10_000_000n).toBeGreaterThan(0n)
  expect(before.ALGO - afterAdd.ALGO - 10_000_000n).toBeLessThanOrEqual(10_000n)
  const lp = await lpBalance(account.address, pool.lpAsset)
  expect(lp).toBe(promisedLp)

  // The position appears with its share and pooled amounts.
  const row = page.locator('tr[data-pool="ALGO/CNPY"]')
  await expect(row).toBeVisible()
  await expect(row).toContainText('%')

  await row.getByRole('button', { name: 'Remove liquidity from ALGO/CNPY' }).click()
  await page.getByRole('button', { name: '50%', exact: true }).click()
  await expect(page.getByTestId('remove-percent')).toHaveText('50%')
  const preview = (await page.getByTestId('remove-preview').innerText()).split('\n')
  const algoBack = units(preview[0]!, 6)
  const cnpyBack = units(preview[1]!, cnpy.decimals)
  await page.getByRole('button', { name: 'Remove liquidity', exact: true }).click()
  await expect(toast(page, /Withdrew .* ALGO and .* CNPY/)).toBeVisible()

  const afterRemove = await balances(account.address, ['ALGO', 'CNPY'])
  expect(afterRemove.CNPY - afterAdd.CNPY).toBe(cnpyBack)
  expect(afterRemove.ALGO - afterAdd.ALGO).toBe(algoBack - 4_000n) // the LP transfer and the app call with its two inner transfers
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(lp - lp / 2n)
})

test('creates a pool for an imported token at the price the two amounts set', async ({ page }) => {
  const account = await newAccount({ algo: 60 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 10_000_000n, decimals: 2, assetName: 'Test Sprout', unitName: 'SPRT', suppressLog: true })
  const assetId = created.assetId

  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: /^Second token: / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(String(assetId))
  await expect(dialog.getByText('Test Sprout is not on Grove’s verified list.', { exact: false })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Import SPRT' })).toBeDisabled()
  await dialog.getByRole('checkbox', { name: 'I understand the risk' }).check()
  await dialog.getByRole('button', { name: 'Import SPRT' }).click()

  await page.getByRole('textbox', { name: 'First token' }).fill('10')
  await page.getByRole('textbox', { name: 'Second token' }).fill('250')
  await expect(page.getByText('You are creating the ALGO/SPRT pool')).toBeVisible()
  await expect(page.getByTestId('initial-price')).toHaveText('1 ALGO = 25 SPRT')
  const promisedLp = units((await page.getByTestId('lp-out').textContent())!, 6)
  await page.getByRole('button', { name: 'Create pool' }).click()
  await expect(toast(page, /Created the ALGO\/SPRT pool/)).toBeVisible({ timeout: 30_000 })

  const pool = await poolState(0, assetId)
  expect([pool.reserveA, pool.reserveB]).toEqual([10_000_000n, 25_000n])
  // First deposit: ⌊√(10,000,000 · 25,000)⌋ − 1,000 LP.
  expect(promisedLp).toBe(499_000n)
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(499_000n)
  await expect(page.locator('tr[data-pool="ALGO/SPRT"]')).toBeVisible()
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
  const before = await balances(account.address, ['FERN'])
  await page.getByRole('button', { name: 'Add FERN only' }).click()
  await expect(toast(page, /Added 100 FERN to FERN\/MOSS/)).toBeVisible()

  const pool = await poolState(fern.assetId, moss.assetId)
  const after = await balances(account.address, ['FERN'])
  expect(before.FERN - after.FERN).toBeLessThanOrEqual(toUnits('FERN', 100))
  expect(await lpBalance(account.address, pool.lpAsset)).toBe(promisedLp)
})

test('adding more than the balance says so and sends nothing', async ({ page }) => {
  const account = await newAccount({ algo: 5, tokens: { goETH: '0.00000001' } })
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'Second token', 'goETH')
  await page.getByRole('textbox', { name: 'First token' }).fill('1')
  await expect(page.getByRole('button', { name: 'Insufficient goETH balance' })).toBeDisabled()
  await page.getByRole('textbox', { name: 'First token' }).fill('0.0000001')
  await expect(page.getByRole('button', { name: 'Too many decimals: ALGO has 6' })).toBeDisabled()
})

for (const width of [1280, 390]) {
  test(`screenshot of /shares with a position at ${width} px`, async ({ page }) => {
    const account = await newAccount({ algo: 60, tokens: { goETH: 1 } })
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.goto('/shares')
    await connectMnemonic(page, account.mnemonic)
    await pickToken(page, 'Second token', 'goETH')
    await page.getByRole('textbox', { name: 'First token' }).fill('5')
    await page.getByRole('button', { name: 'Add liquidity' }).click()
    await expect(toast(page, /Added 5 ALGO/)).toBeVisible()
    await expect(page.locator('tr[data-pool="ALGO/goETH"]')).toBeVisible()
    await page.getByRole('button', { name: 'Dismiss notification' }).first().click()
    await page.screenshot({ path: `screenshots/shares-positions-${width}.png`, fullPage: true })
  })
}
