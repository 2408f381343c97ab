// /dex/swap's price-impact guards on the full stack: from 10% impact the review asks the user to type
// "confirm", from 15% the page refuses the trade. Moving a shared demo pool that far would disturb
// the other specs, so each test creates its own token and a small ALGO pool for it (through
// @grove/sdk's builders, as the web app does) and picks the token in the page by its asset id.
import { expect, test, type Page } from '@playwright/test'
import { buildAddLiquidity, buildCreatePool, dexContract, firstAddMinLp } from '@grove/sdk'
import { algorand, connectMnemonic, newAccount, sdkContext, toUnits, type TestAccount } from '../support/stack.ts'

/** The fresh pool's depth: 100 ALGO against 1,000 IMPT (2 decimals). */
const POOL_ALGO = 100_000_000n
const POOL_IMPT = 100_000n

/** A fresh account holding a new 2-decimal token IMPT and the only ALGO/IMPT pool, 100 ALGO : 1,000 IMPT. */
async function newImpactPool(): Promise<{ account: TestAccount; assetId: bigint }> {
  const account = await newAccount({ algo: 300 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 10_000_000n, decimals: 2, assetName: 'Impact Test', unitName: 'IMPT', suppressLog: true })
  const algod = a.client.algod
  const ctx = sdkContext(account)
  await (await buildCreatePool(ctx, 0n, created.assetId)).composer.execute(algod, 4)
  const empty = await dexContract.readers.pool(ctx, 0n, created.assetId)
  if (!empty) throw new Error('the ALGO/IMPT pool was not created')
  await (await buildAddLiquidity(ctx, empty, POOL_ALGO, POOL_IMPT, firstAddMinLp(POOL_ALGO, POOL_IMPT, 0n))).composer.execute(algod, 4)
  return { account, assetId: created.assetId }
}

/** What algod says `address` holds: µALGO and base units of `assetId`. */
async function holdings(address: string, assetId: bigint): Promise<{ algo: bigint; token: bigint }> {
  const info = await algorand().client.algod.accountInformation(address).do()
  return { algo: info.amount, token: info.assets?.find((h) => h.assetId === assetId)?.amount ?? 0n }
}

/** Base units of the number in a text such as "1,234.5 IMPT" with `decimals`. */
function units(text: string, decimals: number): bigint {
  const [whole, frac = ''] = text.replace(/[^\d.]/g, '').split('.')
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0')
}

/** Opens /dex/swap with `account` connected and ALGO → IMPT selected, IMPT found by its asset id. */
async function swapAlgoFor(page: Page, account: TestAccount, assetId: bigint) {
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: /^You receive: / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(String(assetId))
  // A token with a pool is listed (unverified) once the pools are read; no import step is needed.
  const item = dialog.locator('.token-list__item')
  await expect(dialog.locator('.token-list__symbol')).toHaveText(['IMPT'])
  await expect(item.getByLabel('verified')).toHaveCount(0)
  await item.click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'You receive: IMPT, change token' })).toBeVisible()
}

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

test('a trade moving the price 10–15% goes through only once "confirm" is typed, for at least the minimum promised', async ({ page }) => {
  const { account, assetId } = await newImpactPool()
  await swapAlgoFor(page, account, assetId)
  // 13 ALGO into 100 ALGO of reserve: about 11.5% impact after the 0.3% fee.
  await page.getByRole('textbox', { name: 'You pay' }).fill('13')
  const impact = page.getByTestId('price-impact')
  await expect(impact).toHaveText(/^1[01]\.\d+%$/)
  await expect(impact).toHaveClass(/tone-confirm/)
  await expect(page.getByRole('status').filter({ hasText: 'you will be asked to type “confirm” before it is sent' })).toBeVisible()

  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  const word = dialog.getByRole('textbox', { name: 'Type confirm to accept the price impact' })
  const confirm = dialog.getByRole('button', { name: 'Confirm swap' })
  await expect(word).toBeVisible()
  // Once the group is built (its fee measured), only the missing word keeps the button disabled.
  await expect(dialog.getByTestId('network-fee')).toHaveText(/^[\d.]+ ALGO$/, { timeout: 20_000 })
  await expect(confirm).toBeDisabled()
  await word.fill('confir')
  await expect(confirm).toBeDisabled()
  await word.fill('confirm')
  await expect(confirm).toBeEnabled()
  // With the high-impact warning shown, the confirm button stays in view on a laptop and on a phone.
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size)
    await expect(confirm).toBeInViewport({ ratio: 1 })
    await page.screenshot({ path: `screenshots/swap-review-impact-${size.width}.png` })
  }
  const before = await holdings(account.address, assetId)
  const limit = units((await dialog.getByTestId('trade-limit').textContent())!, 2)
  const fee = units((await dialog.getByTestId('network-fee').textContent())!, 6)
  expect(limit).toBeGreaterThan(0n)
  await confirm.click()
  await expect(toast(page, /Swapped 13 ALGO for .* IMPT/)).toBeVisible()
  await expect(dialog).toBeHidden()

  const after = await holdings(account.address, assetId)
  expect(before.algo - after.algo).toBe(toUnits('ALGO', '13') + fee)
  expect(after.token - before.token >= limit).toBe(true)
})

test('a trade moving the price 15% or more is refused with a reason and cannot be reviewed', async ({ page }) => {
  const { account, assetId } = await newImpactPool()
  await swapAlgoFor(page, account, assetId)
  const before = await holdings(account.address, assetId)
  // 20 ALGO into 100 ALGO of reserve: about 16.6% impact.
  await page.getByRole('textbox', { name: 'You pay' }).fill('20')
  const impact = page.getByTestId('price-impact')
  await expect(impact).toHaveText(/^1[6-9]\.\d+%$/)
  await expect(impact).toHaveClass(/tone-blocked/)
  await expect(page.getByRole('alert').filter({ hasText: 'This trade would move the price by 15% or more. Trade a smaller amount.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Price impact too high' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Review swap' })).toHaveCount(0)
  // Submitting the form by keyboard does not open the review either.
  await page.getByRole('textbox', { name: 'You pay' }).press('Enter')
  await expect(page.getByRole('dialog', { name: 'Review swap' })).toHaveCount(0)
  expect(await holdings(account.address, assetId)).toEqual(before)

  // Back under 15%, the same form offers the review again.
  // 8 ALGO: about 7.4%, coloured but not guarded.
  await page.getByRole('textbox', { name: 'You pay' }).fill('8')
  await expect(impact).toHaveClass(/tone-high/)
  await expect(page.getByRole('alert').filter({ hasText: 'Trade a smaller amount' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Review swap' })).toBeEnabled()
})
