// What a new user met (issue 36, items 1 and 2), as they met it on the stack: a split route into Grove
// signs and lands (its legs paid equal amounts into one pool, one transaction id twice), and a second
// swap right after the first is quoted on the pools the first left, its toast stating what algod
// delivered to the unit.
import { expect, test, type Page } from '@playwright/test'
import { balances, connectMnemonic, fromUnits, newAccount, token, toUnits } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** Types `amount`, opens the review, confirms it and waits for the toast that says `paid` landed; its message. */
async function swap(page: Page, amount: string, paid: string): Promise<string> {
  await page.getByRole('textbox', { name: 'You pay' }).fill(amount)
  const review = page.getByRole('button', { name: 'Review swap' })
  await expect(review).toBeEnabled({ timeout: 30_000 })
  await review.click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  await confirmSwap(dialog)
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  const done = toast(page, new RegExp(`Swapped ${paid} for`))
  await expect(done).toBeVisible({ timeout: 30_000 })
  return (await done.locator('.toast-message').textContent())!
}

test('a split of 5,001 gUSD over Grove’s paths signs and lands, and algod moves what the review simulated', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { gUSD: 5_001 } })
  await page.goto(`/dex/swap?asset_in=${token('gUSD').assetId}&asset_out=0`)
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('textbox', { name: 'You pay' }).fill('5001')
  const form = page.getByRole('form', { name: 'Swap' })
  const paths = form.getByRole('list', { name: 'Route' }).getByRole('listitem')
  await expect(paths.first()).toBeVisible({ timeout: 30_000 })
  const shares = (await paths.locator('strong').allTextContents()).join('/')

  const before = await balances(account.address, ['ALGO', 'gUSD'])
  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  const simulated = dialog.getByTestId('simulated-change-0')
  await expect(simulated).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  await expect(dialog.getByTestId('simulation-error')).toHaveCount(0)
  await confirmSwap(dialog)
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(toast(page, /Swapped 5,001 gUSD for [\d,.]+ ALGO/)).toBeVisible({ timeout: 30_000 })
  const after = await balances(account.address, ['ALGO', 'gUSD'])
  test.info().annotations.push({ type: 'split', description: `paths ${shares}; ALGO ${after.ALGO - before.ALGO} µALGO net of fees` })
  expect(before.gUSD - after.gUSD).toBe(5_001_000_000n)
  expect(after.ALGO).toBeGreaterThan(before.ALGO)
})

test('a second swap right after the first is quoted on the pools the first left, and its toast states what algod delivered', async ({ page }) => {
  const account = await newAccount({ algo: 1_100, tokens: { gUSD: 0 } })
  await page.goto(`/dex/swap?asset_in=0&asset_out=${token('gUSD').assetId}`)
  await connectMnemonic(page, account.mnemonic)
  const b0 = await balances(account.address, ['gUSD'])
  const first = await swap(page, '20', '20 ALGO')
  const b1 = await balances(account.address, ['gUSD'])
  expect(first).toContain(`Swapped 20 ALGO for ${fromUnits('gUSD', b1.gUSD - b0.gUSD)} gUSD`)

  // at once: the quote must already be on the pools the first swap left
  const second = await swap(page, '1000', '1,000 ALGO')
  const b2 = await balances(account.address, ['gUSD'])
  const delivered = b2.gUSD - b1.gUSD
  test.info().annotations.push({ type: 'second swap', description: `${second.trim()}; algod delivered ${delivered} gUSD units` })
  expect(second).toContain(`Swapped 1,000 ALGO for ${fromUnits('gUSD', delivered)} gUSD`)
})

// GROVE → ACORN: a pool no other spec trades, so nothing but the first swap moves it in between
test('after a swap the next quote is the pools’ as the swap left them: the card equals algod’s simulation, with no price update', async ({ page }) => {
  const account = await newAccount({ algo: 10, tokens: { GROVE: 1_100, ACORN: 0 } })
  await page.goto(`/dex/swap?asset_in=${token('GROVE').assetId}&asset_out=${token('ACORN').assetId}`)
  await connectMnemonic(page, account.mnemonic)
  await swap(page, '100', '100 GROVE')

  await page.getByRole('textbox', { name: 'You pay' }).fill('1000')
  const review = page.getByRole('button', { name: 'Review swap' })
  await expect(review).toBeEnabled({ timeout: 30_000 })
  const quoted = toUnits('ACORN', (await page.getByRole('textbox', { name: 'You receive' }).inputValue()).replace(/,/g, ''))
  await review.click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  const simulated = dialog.getByTestId(`simulated-change-${token('ACORN').assetId}`)
  await expect(simulated).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  test.info().annotations.push({ type: 'second quote', description: `card ${quoted} ACORN, simulated ${await simulated.getAttribute('data-amount')}` })
  await expect(simulated).toHaveAttribute('data-amount', String(quoted))
  await expect(dialog.getByTestId('price-updated')).toHaveCount(0)
})
