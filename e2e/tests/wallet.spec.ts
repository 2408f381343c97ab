// The wallet modal, the test-network-only wallets and the Mnemonic refusal on mainnet.
import { expect, test, type Page } from '@playwright/test'

// A throwaway key generated for this test; it has never held funds on any network.
const TEST_MNEMONIC =
  'write old critic naive worth kid aerobic absent surprise spell palm razor north napkin boring hurdle dumb husband crouch predict bronze long sentence abstract credit'
const TEST_ADDRESS = '4MWWFLULX6PUDMTHG4IX6TXE5QALLVIMMKTORRB6EE67M3J7HINPBXRA5I'

async function chooseNetwork(page: Page, name: 'LocalNet' | 'TestNet' | 'MainNet') {
  await page.goto('/settings')
  await page.getByRole('radio', { name: new RegExp(name) }).check()
}

async function openWalletModal(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /Connect wallet|…/ }).click()
  return page.getByRole('dialog')
}

const EXPECTED: [network: 'LocalNet' | 'MainNet', wallets: string[]][] = [
  ['MainNet', ['Defly', 'Pera', 'Kibisis', 'Lute']],
  ['LocalNet', ['Defly', 'Pera', 'Kibisis', 'Lute', 'KMD', 'Mnemonic']],
]

for (const [network, wallets] of EXPECTED) {
  test(`the wallet modal lists ${wallets.length} wallets on ${network}`, async ({ page }) => {
    await chooseNetwork(page, network)
    const dialog = await openWalletModal(page)
    await expect(dialog.getByRole('heading', { name: 'Connect a wallet' })).toBeVisible()
    const items = dialog.locator('.wallet-list__item')
    await expect(items).toHaveCount(wallets.length)
    await expect(items.locator('.wallet-list__name')).toHaveText(wallets)
    // Every wallet shows its icon.
    for (const img of await items.locator('img').all()) await expect(img).toHaveAttribute('src', /^data:image|^https?:/)
  })
}

test('the wallet modal is keyboard usable: focus is trapped and Escape closes it', async ({ page }) => {
  await page.goto('/')
  const dialog = await openWalletModal(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  for (let i = 0; i < 10; i++) await page.keyboard.press('Tab')
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('a Mnemonic session connects on localnet, survives a reload, and is refused on mainnet', async ({ page }) => {
  await page.goto('/')
  page.on('dialog', (d) => void d.accept(TEST_MNEMONIC))
  const dialog = await openWalletModal(page)
  await dialog.getByRole('button', { name: 'Connect Mnemonic' }).click()
  await expect(dialog.getByText('Connected with Mnemonic')).toBeVisible()
  await expect(dialog.getByText(TEST_ADDRESS.slice(0, 6))).toBeVisible()
  // No algod runs in this suite: the balance says so in words.
  await expect(dialog.getByText(/Balance unavailable: Cannot reach algod/)).toBeVisible()
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(TEST_ADDRESS.slice(0, 4)) })).toBeVisible()

  await chooseNetwork(page, 'MainNet')
  await expect(page.getByRole('alert').filter({ hasText: 'Production network detected. Aborting.' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect wallet' })).toBeVisible()
})

test('the active wallet can be disconnected', async ({ page }) => {
  await page.goto('/')
  page.on('dialog', (d) => void d.accept(TEST_MNEMONIC))
  const dialog = await openWalletModal(page)
  await dialog.getByRole('button', { name: 'Connect Mnemonic' }).click()
  await dialog.getByRole('button', { name: 'Disconnect' }).click()
  await expect(dialog.getByRole('heading', { name: 'Connect a wallet' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect wallet' })).toBeVisible()
})
