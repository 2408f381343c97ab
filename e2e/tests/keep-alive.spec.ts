// Farms and staking pools stay mounted when left: their filters are still there on return.
import { expect, test } from '@playwright/test'

const PAGES: [link: string, search: string][] = [
  ['Farms', 'Search farms by token or pool'],
  ['Staking', 'Search staking pools by token'],
]

for (const [link, search] of PAGES) {
  test(`${link} keeps its filter text and status after visiting another page`, async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: link }).click()
    await page.getByPlaceholder(search).fill('USDC')
    await page.getByRole('button', { name: 'Ended' }).click()

    await nav.getByRole('link', { name: 'Swap' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap')
    await expect(page.getByPlaceholder(search)).toBeHidden()

    await nav.getByRole('link', { name: link }).click()
    await expect(page.getByPlaceholder(search)).toHaveValue('USDC')
    await expect(page.getByRole('button', { name: 'Ended' })).toHaveAttribute('aria-pressed', 'true')
  })
}

test('farms keep their scroll position after visiting another page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 400 })
  await page.goto('/staking/farms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Farms')
  await page.evaluate(() => window.scrollTo(0, 300))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250)
  await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Projects' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects')
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Farms' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Farms')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250)
})
