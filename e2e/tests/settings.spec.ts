// Settings persist across reloads; invalid input is refused with a message and never saved.
import { expect, test } from '@playwright/test'

test('settings survive a reload', async ({ page }) => {
  await page.goto('/settings')
  await page.getByRole('radio', { name: /TestNet/ }).check()
  await page.getByLabel('Custom slippage (%)').fill('0.3')
  await page.getByLabel('Valid for (rounds)').fill('500')
  await page.getByLabel('Theme').selectOption('dark')
  await page.getByRole('checkbox', { name: /Debug logging/ }).check()

  await page.reload()
  await expect(page.getByRole('radio', { name: /TestNet/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked()
  await expect(page.getByLabel('Custom slippage (%)')).toHaveValue('0.3')
  await expect(page.getByLabel('Valid for (rounds)')).toHaveValue('500')
  await expect(page.getByLabel('Theme')).toHaveValue('dark')
  await expect(page.getByRole('checkbox', { name: /Debug logging/ })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByRole('link', { name: /TestNet/ })).toBeVisible()
})

test('a plain-http node off this machine, and one that does not answer, are refused with a reason and not saved', async ({ page }) => {
  await page.goto('/settings')
  const algod = page.getByRole('form', { name: 'Custom algod' })
  await algod.getByLabel('Server URL').fill('http://10.0.0.5')
  await algod.getByLabel('Port').fill('8080')
  await algod.getByRole('button', { name: 'Save endpoint' }).click()
  await expect(page.getByText('Use https:// for a node that is not on this machine')).toBeVisible()
  // no algod runs beside this build: a loopback node is checked, and refused as unreachable
  await algod.getByLabel('Server URL').fill('http://127.0.0.1')
  await algod.getByLabel('Port').fill('9')
  await algod.getByRole('button', { name: 'Save endpoint' }).click()
  await expect(page.getByText('Could not reach http://127.0.0.1:9')).toBeVisible()
  await page.reload()
  await expect(page.getByText('Using the default endpoint. Balances')).toBeVisible()
  await expect(page.getByRole('link', { name: /LocalNet \(custom\)/ })).toHaveCount(0)
})

test('an invalid custom algod is refused with a message and not saved', async ({ page }) => {
  await page.goto('/settings')
  const algod = page.getByRole('form', { name: 'Custom algod' })
  await algod.getByLabel('Server URL').fill('ftp://node')
  await algod.getByLabel('Port').fill('70000')
  await algod.getByRole('button', { name: 'Save endpoint' }).click()
  await expect(page.getByText('The URL must start with http:// or https://')).toBeVisible()
  await expect(page.getByText('Port must be a whole number from 1 to 65535')).toBeVisible()
  await expect(algod.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true')

  await page.reload()
  await expect(algod.getByLabel('Server URL')).toHaveValue('http://127.0.0.1')
  await expect(algod.getByLabel('Port')).toHaveValue('4001')
  await expect(page.getByText('Using the default endpoint. Balances')).toBeVisible()
  const stored = await page.evaluate(() => localStorage.getItem('grove.settings.v1'))
  expect(stored ?? '').not.toContain('ftp://node')
})

test('out-of-range slippage and validity are refused with a message', async ({ page }) => {
  await page.goto('/settings')
  await page.getByLabel('Custom slippage (%)').fill('60')
  await expect(page.getByText('Slippage must be at most 50%')).toBeVisible()
  await page.getByLabel('Custom slippage (%)').fill('5')
  await expect(page.getByText(/frontrun/)).toBeVisible()
  await page.getByLabel('Valid for (rounds)').fill('5')
  await expect(page.getByText('The validity window must be between 10 and 1000 rounds')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Valid for (rounds)')).toHaveValue('1000')
  await expect(page.getByLabel('Custom slippage (%)')).toHaveValue('5')
})

test('invalid persisted settings are ignored and the app still renders', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('grove.settings.v1', '{"network":"moonnet","validityRounds":"lots","theme":7'))
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
  await expect(page.getByRole('radio', { name: /LocalNet/ })).toBeChecked()
})
