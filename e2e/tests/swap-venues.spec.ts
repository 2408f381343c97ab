// A swap routed over Grove's and the Tinyman v2-compatible (local) pools on the stack: the page shows
// each path with its venue and share and the gain over one venue, the review shows the same, and
// algod's balances move by exactly the quote. gUSD → goETH: the demo seeds the pair on both venues
// (Grove's 1% richer in goETH, Tinyman's deeper), so 15,000 gUSD is split over the two; no other
// spec trades that pair. gUSD → gUSDt: a coin only the demo's stable pool holds (0.05% tier), so the
// page lists it and routes over Grove's stable pools; no other spec trades that pair either.
import { expect, test, type Page } from '@playwright/test'
import { balances, connectMnemonic, newAccount, toUnits, token } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

const TINYMAN = 'Tinyman v2-compatible (local)'

async function pickToken(page: Page, side: 'You pay' | 'You receive', unit: string) {
  await page.getByRole('button', { name: new RegExp(`^${side}: `) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(unit)
  await dialog.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: new RegExp(`^${unit}✓?$`) }) }).first().click()
  await expect(dialog).toBeHidden()
}

test('a swap split over Grove and Tinyman shows each path’s venue and share and the gain, and algod moves exactly the quote', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { gUSD: 15_000, goETH: 0 } })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You pay', 'gUSD')
  await pickToken(page, 'You receive', 'goETH')
  await page.getByRole('textbox', { name: 'You pay' }).fill('15000')

  const form = page.getByRole('form', { name: 'Swap' })
  const paths = form.getByRole('list', { name: 'Route' }).getByRole('listitem')
  await expect(paths.filter({ hasText: 'on Grove' })).not.toHaveCount(0, { timeout: 30_000 })
  await expect(paths.filter({ hasText: `on ${TINYMAN}` })).not.toHaveCount(0)
  const shares = (await paths.locator('strong').allTextContents()).map((s) => Number(s.replace('%', '')))
  expect(shares.length).toBeGreaterThan(1)
  expect(shares.reduce((s, x) => s + x, 0)).toBeCloseTo(100, 5)
  await expect(form.getByText(/^Split over [23] paths$/)).toBeVisible()
  await expect(form.getByTestId('route-gain')).toHaveText(new RegExp(`^You receive [\\d.,]+ goETH \\([\\d.<]+%\\) more than on (Grove|${TINYMAN.replace(/[()]/g, '\\$&')}) alone$`))
  const quoted = toUnits('goETH', (await page.getByRole('textbox', { name: 'You receive' }).inputValue()).replace(/,/g, ''))
  await form.screenshot({ path: 'screenshots/swap-venues-390.png' })

  const before = await balances(account.address, ['ALGO', 'gUSD', 'goETH'])
  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  await expect(dialog.getByRole('list', { name: 'Route' }).getByRole('listitem')).toHaveCount(shares.length)
  await expect(dialog.getByTestId(`simulated-change-${token('goETH').assetId}`)).toHaveAttribute('data-amount', String(quoted), { timeout: 30_000 })
  const fee = BigInt((await dialog.getByTestId('simulated-fee').getAttribute('data-amount'))!)
  await page.emulateMedia({ colorScheme: 'dark' })
  await dialog.screenshot({ path: 'screenshots/swap-venues-review-dark-390.png' })
  await confirmSwap(dialog)
  await expect(dialog).toBeHidden({ timeout: 30_000 })

  const after = await balances(account.address, ['ALGO', 'gUSD', 'goETH'])
  test.info().annotations.push({ type: 'route', description: `shares ${shares.join('/')}%, quoted ${quoted} goETH units, received ${after.goETH - before.goETH}, fee ${fee} µALGO` })
  expect({ goETH: after.goETH - before.goETH, gUSD: before.gUSD - after.gUSD, fee: before.ALGO - after.ALGO }).toEqual({ goETH: quoted, gUSD: toUnits('gUSD', 15_000), fee })
})


test('a swap of gUSD for gUSDt, a coin only the stable pool holds, routes over Grove stable and algod moves exactly the quote', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { gUSD: 1_000, gUSDt: 0 } })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You pay', 'gUSD')
  await pickToken(page, 'You receive', 'gUSDt')
  await page.getByRole('textbox', { name: 'You pay' }).fill('1000')

  const form = page.getByRole('form', { name: 'Swap' })
  const hops = form.getByRole('list', { name: 'Route' }).getByTestId('route-hop')
  await expect(hops).toHaveText([/^gUSD → gUSDt on Grove stable \(0\.05% tier\)$/], { timeout: 30_000 })
  const quoted = toUnits('gUSDt', (await page.getByRole('textbox', { name: 'You receive' }).inputValue()).replace(/,/g, ''))
  expect(quoted).toBeGreaterThan(0n)

  const before = await balances(account.address, ['ALGO', 'gUSD', 'gUSDt'])
  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  await expect(dialog.getByRole('list', { name: 'Route' }).getByTestId('route-hop')).toHaveText([/^gUSD → gUSDt on Grove stable \(0\.05% tier\)$/])
  await expect(dialog.getByTestId(`simulated-change-${token('gUSDt').assetId}`)).toHaveAttribute('data-amount', String(quoted), { timeout: 30_000 })
  const fee = BigInt((await dialog.getByTestId('simulated-fee').getAttribute('data-amount'))!)
  await confirmSwap(dialog)
  await expect(dialog).toBeHidden({ timeout: 30_000 })

  const after = await balances(account.address, ['ALGO', 'gUSD', 'gUSDt'])
  expect({ gUSDt: after.gUSDt - before.gUSDt, gUSD: before.gUSD - after.gUSD, fee: before.ALGO - after.ALGO }).toEqual({ gUSDt: quoted, gUSD: toUnits('gUSD', 1_000), fee })
})
