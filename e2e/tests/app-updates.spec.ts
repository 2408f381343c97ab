// A new build or a stale chunk turns the next navigation into a full page load.
import { expect, test } from '@playwright/test'

const markPage = () => ((window as unknown as { marker?: number }).marker = 1)
const readMark = () => (window as unknown as { marker?: number }).marker ?? null

test('the build descriptor is served by the production build', async ({ request }) => {
  const response = await request.get('/build/latest.json')
  expect(response.ok()).toBe(true)
  expect(await response.json()).toMatchObject({ buildId: expect.any(String), builtAt: expect.any(String) })
})

test('a new build id reloads the page on the next navigation', async ({ page }) => {
  await page.route('**/build/latest.json*', (route) => route.fulfill({ json: { buildId: 'a-newer-build', builtAt: new Date().toISOString() } }))
  const checked = page.waitForRequest(/\/build\/latest\.json\?t=\d+/)
  await page.goto('/dex/swap')
  await checked
  await expect(page.getByText('A new version of Grove is available')).toBeVisible()
  await page.evaluate(markPage)
  const reload = page.waitForEvent('load')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liquidity' }).click()
  await reload
  await expect(page).toHaveURL(/\/shares$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Liquidity')
  expect(await page.evaluate(readMark)).toBeNull()
})

test('the same build id changes nothing: navigation stays in the app', async ({ page }) => {
  const checked = page.waitForResponse(/\/build\/latest\.json\?t=\d+/)
  await page.goto('/dex/swap')
  await checked
  await page.evaluate(markPage)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liquidity' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Liquidity')
  expect(await page.evaluate(readMark)).toBe(1)
})

test('a page chunk that fails to load shows the error page, then the next navigation reloads', async ({ page }) => {
  await page.route(/\/assets\/vault-page-[^/]+\.js$/, (route) => route.abort())
  await page.goto('/')
  await page.evaluate(markPage)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stake' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error')
  await page.unroute(/\/assets\/vault-page-[^/]+\.js$/)
  const reload = page.waitForEvent('load')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stake' }).click()
  await reload
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stake GROVE')
  expect(await page.evaluate(readMark)).toBeNull()
})
