// Screenshots of every page on desktop (1280 px) and phone (390 px) into e2e/screenshots/.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots')

const PAGES: [name: string, path: string][] = [
  ['landing', '/'],
  ['swap', '/dex/swap'],
  ['chart', '/dex/chart'],
  ['analytics', '/dex/analytics'],
  ['liquidity', '/shares'],
  ['stake', '/stake'],
  ['farms', '/staking/farms'],
  ['pools', '/staking/pools'],
  ['dashboard', '/dashboard'],
  ['admin', '/admin'],
  ['projects', '/projects'],
  ['project', '/projects/31566704'],
  ['settings', '/settings'],
  ['docs', '/docs/swaps-and-fees'],
  ['not-found', '/that/path'],
]

const WIDTHS = [1280, 390]

for (const width of WIDTHS) {
  for (const [name, url] of PAGES) {
    test(`screenshot ${name} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // Wait for reads that fail without algod, so the shot shows the settled state.
      await page.waitForLoadState('networkidle')
      // A page wider than the viewport means something overflows on phones.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true })
    })
  }
  test(`screenshot wallet modal at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click()
    await expect(page.getByRole('dialog').locator('.wallet-list__item')).toHaveCount(6)
    await page.screenshot({ path: path.join(OUT, `wallet-modal-${width}.png`) })
  })
}

for (const [name, url] of [['landing', '/'], ['swap', '/dex/swap'], ['settings', '/settings']] as const) {
  test(`screenshot ${name} in the dark theme`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('grove.settings.v1', JSON.stringify({ theme: 'dark' })))
    await page.goto(url)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.screenshot({ path: path.join(OUT, `${name}-dark-1280.png`), fullPage: true })
  })
}

// A throwaway localnet key, as in wallet.spec.ts.
const MNEMONIC =
  'write old critic naive worth kid aerobic absent surprise spell palm razor north napkin boring hurdle dumb husband crouch predict bronze long sentence abstract credit'

for (const width of WIDTHS) {
  test(`screenshot connected wallet at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
    await page.goto('/dashboard?tab=accounts')
    page.on('dialog', (d) => void d.accept(MNEMONIC))
    await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Connect Mnemonic' }).click()
    await expect(page.getByRole('dialog').getByText(/Balance unavailable/)).toBeVisible()
    await page.screenshot({ path: path.join(OUT, `wallet-connected-modal-${width}.png`) })
    await page.keyboard.press('Escape')
    await expect(page.getByRole('rowheader', { name: /Mnemonic Account/ })).toBeVisible()
    await page.screenshot({ path: path.join(OUT, `wallet-connected-dashboard-${width}.png`), fullPage: true })
  })
}
