// The simulated review on the full stack: each review dialog simulates the exact group it asks the
// wallet to sign and shows the account's balance changes; after signing, algod's balances must
// have moved by exactly what the dialog showed (every asset, LP tokens included, and the fee).
// Each test uses its own fresh account and a pool no other test in this file trades.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { algorand, connectMnemonic, newAccount } from '../support/stack.ts'

/** Every holding of `address` as algod records it: asset id → base units (0 is µALGO). */
async function holdings(address: string): Promise<Map<bigint, bigint>> {
  const info = await algorand().client.algod.accountInformation(address).do()
  return new Map<bigint, bigint>([[0n, info.amount], ...(info.assets ?? []).map((h) => [h.assetId, h.amount] as [bigint, bigint])])
}

/** What the dialog's simulation shows: asset id → change (ALGO without the fee), and the fee. */
async function shownChanges(dialog: Locator): Promise<{ assets: Map<bigint, bigint>; fee: bigint }> {
  const fee = dialog.getByTestId('simulated-fee')
  await expect(fee).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  const assets = new Map<bigint, bigint>()
  for (const row of await dialog.locator('[data-testid^="simulated-change-"]').all()) {
    const id = BigInt((await row.getAttribute('data-testid'))!.replace('simulated-change-', ''))
    assets.set(id, BigInt((await row.getAttribute('data-amount'))!))
  }
  return { assets, fee: BigInt((await fee.getAttribute('data-amount'))!) }
}

/** Checks that algod's before → after moved every asset by exactly the shown change, and nothing else. */
function expectRecorded(before: Map<bigint, bigint>, after: Map<bigint, bigint>, shown: { assets: Map<bigint, bigint>; fee: bigint }) {
  const ids = new Set([...before.keys(), ...after.keys(), ...shown.assets.keys()])
  const recorded = Object.fromEntries([...ids].map((id) => [String(id), String((after.get(id) ?? 0n) - (before.get(id) ?? 0n))]))
  const expected = Object.fromEntries([...ids].map((id) => [String(id), String((shown.assets.get(id) ?? 0n) - (id === 0n ? shown.fee : 0n))]))
  expect(recorded).toEqual(expected)
}

/** Tabs through the dialog until `name`'s button has the focus, then presses Enter: signing by keyboard alone. */
async function confirmByKeyboard(page: Page, dialog: Locator, name: string) {
  const button = dialog.getByRole('button', { name })
  await expect(button).toBeEnabled()
  for (let i = 0; i < 30 && !(await button.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
}

async function pickToken(page: Page, label: string, unit: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}: `) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(unit)
  await dialog.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: new RegExp(`^${unit}✓?$`) }) }).first().click()
  await expect(dialog).toBeHidden()
}

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

test('a swap through two pools shows the simulated changes, and algod records exactly them after signing (on a phone, by keyboard)', async ({ page }) => {
  const account = await newAccount({ algo: 50, tokens: { MOSS: 0 } })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You receive', 'MOSS')
  await page.getByRole('textbox', { name: 'You pay' }).fill('5')
  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  const shown = await shownChanges(dialog)
  // The pay side left, the receive side arrived; the fee is the built group's.
  expect(shown.assets.get(0n)).toBe(-5_000_000n)
  expect([...shown.assets.values()].filter((v) => v > 0n)).toHaveLength(1)
  expect(shown.fee).toBeGreaterThan(0n)
  await expect(dialog.getByRole('status')).toHaveText(/Simulated on the network just now/)
  await dialog.getByTestId('simulated-changes').scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'screenshots/review-simulated-swap-390.png' })
  const before = await holdings(account.address)
  await confirmByKeyboard(page, dialog, 'Confirm swap')
  await expect(toast(page, /Swapped 5 ALGO for/)).toBeVisible({ timeout: 30_000 })
  await expect(dialog).toBeHidden()
  expectRecorded(before, await holdings(account.address), shown)
})

test('a liquidity add shows progress while it simulates, then the simulated changes (LP tokens included), and algod records exactly them', async ({ page }) => {
  const account = await newAccount({ algo: 100, tokens: { goETH: 1 } })
  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'Second token', 'goETH')
  await page.getByRole('textbox', { name: 'First token' }).fill('10')
  await expect(page.getByRole('textbox', { name: 'Second token' })).not.toHaveValue('')
  // Slow algod's simulate down so the progress state can be seen (and photographed).
  await page.route('**/v2/transactions/simulate*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Add liquidity' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review deposit to ALGO/goETH' })
  await expect(dialog.getByRole('button', { name: /Preparing the transaction…|Simulating the transaction…/ })).toBeDisabled()
  await expect(dialog.getByRole('status')).toHaveText(/Building the transaction…|Simulating the transaction on the network…/)
  await expect(dialog.getByRole('status')).toHaveText('Simulating the transaction on the network…', { timeout: 30_000 })
  await page.screenshot({ path: 'screenshots/review-simulating-add-1280.png' })
  const shown = await shownChanges(dialog)
  await page.unroute('**/v2/transactions/simulate*')
  // Both deposits left and LP tokens arrived.
  expect(shown.assets.get(0n)).toBe(-10_000_000n)
  expect([...shown.assets.values()].filter((v) => v < 0n)).toHaveLength(2)
  expect([...shown.assets.values()].filter((v) => v > 0n)).toHaveLength(1)
  await expect(dialog.getByTestId('simulated-changes')).toContainText('ALGO/goETH LP')
  await page.screenshot({ path: 'screenshots/review-simulated-add-1280.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await dialog.getByTestId('simulated-changes').scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'screenshots/review-simulated-add-390.png' })

  const before = await holdings(account.address)
  await dialog.getByRole('button', { name: 'Confirm deposit' }).click()
  await expect(toast(page, /Added 10 ALGO and .* goETH/)).toBeVisible({ timeout: 30_000 })
  await expect(dialog).toBeHidden()
  expectRecorded(before, await holdings(account.address), shown)
})
