// What a new user's walk found (issue 26's rough edges), each checked on the full stack at 1280 and 390 px.
import { expect, test } from '@playwright/test'

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
