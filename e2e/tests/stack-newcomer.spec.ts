// What a new user's walk found (issue 26's rough edges), each checked on the full stack at 1280 and 390 px.
import { expect, test } from '@playwright/test'
import { token } from '../support/stack.ts'

const WIDTHS = [1280, 390] as const
const viewport = (width: number) => ({ width, height: width > 600 ? 800 : 844 })

for (const width of WIDTHS) {
  test(`an asset id the network does not know is a 404 page titled as one, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await page.goto('/projects/987654321')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByText('Page not found: /projects/987654321. There is no asset 987654321 on LocalNet')).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found · Grove')
    // Said once: the code and its status text share one line; no panel is left "Reading…".
    await expect(page.getByText('Not Found', { exact: true })).toHaveCount(1)
    await expect(page.getByText(/Reading/)).toHaveCount(0)
    await page.screenshot({ path: `screenshots/project-unknown-${width}.png` })
    await page.getByRole('navigation', { name: 'Suggested pages' }).getByRole('link', { name: 'Projects' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects')
    await expect(page).toHaveTitle('Projects · Grove')
  })

  test(`an unknown path is a 404 titled "Page Not Found", not "Documentation", at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await page.goto('/no/such/page')
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found · Grove')
  })
}

for (const width of WIDTHS) {
  test(`the header links to Projects, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await page.goto('/dex/swap')
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects')
    // the phone menu closes on navigation; open it again to see the current page marked
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
    await page.screenshot({ path: `screenshots/header-projects-${width}.png` })
  })
}

test('the staking pages and the dashboard load without a failed request (no dev-mode probe that 404s)', async ({ page }) => {
  const failed: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`)
  })
  for (const path of ['/staking/pools', '/staking/farms', '/stake', '/dashboard']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
  }
  expect(failed).toEqual([])
})

test('the swap pair is in the URL: picking sets it, a reload keeps it, a shared link opens it, an unknown asset in a link is said', async ({ page }) => {
  const gusd = token('gUSD').assetId
  await page.goto('/dex/swap')
  await expect(page).toHaveURL(/\?asset_in=0$/)
  await page.getByRole('button', { name: /^You receive: / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill('gUSD')
  await dialog.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: /^gUSD✓?$/ }) }).first().click()
  await expect(page).toHaveURL(new RegExp(`\\?asset_in=0&asset_out=${gusd}$`))
  await page.reload()
  await expect(page.getByRole('button', { name: /^You receive: gUSD/ })).toBeVisible()
  await page.getByRole('button', { name: /^Flip/ }).click()
  await expect(page).toHaveURL(new RegExp(`\\?asset_in=${gusd}&asset_out=0$`))

  // A link opened in a new page.
  const shared = await page.context().newPage()
  await shared.goto(`/dex/swap?asset_in=${gusd}&asset_out=0`)
  await expect(shared.getByRole('button', { name: /^You pay: gUSD/ })).toBeVisible()
  await expect(shared.getByRole('button', { name: /^You receive: ALGO/ })).toBeVisible()
  await shared.goto('/dex/swap?asset_out=987654321')
  await expect(shared.getByText('The link names asset 987654321, which no pool on LocalNet trades')).toBeVisible()
})
