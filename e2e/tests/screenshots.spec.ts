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
