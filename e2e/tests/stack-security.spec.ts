// The production web server on the full stack: its Content-Security-Policy lets every page and a
// whole swap run without a single violation, pages print nothing to the console and ask for nothing
// that is not there (no 404), the app refuses to render inside a frame, and hashed
// assets are cached for a year while index.html is never cached.
import { expect, test, type Page } from '@playwright/test'
import { connectMnemonic, newAccount, stackInfo, token } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __violations: string[] }).__violations = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
}

const PAGES = ['/', '/dex/swap', '/dex/chart', '/dex/analytics', '/shares', '/stake', '/staking/farms', '/staking/pools', '/dashboard', '/projects', '/settings', '/admin', '/docs/getting-started', '/no-such-page']

test('every page renders without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page)
  for (const path of PAGES) {
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await violations(), path).toEqual([])
  }
})

test('the swap page quoting over both venues, and other pages, print no console warning or error and get no 404', async ({ page }) => {
  const noise: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') noise.push(`${m.type()}: ${m.text()}`)
  })
  page.on('response', (r) => {
    if (r.status() === 404) noise.push(`404 ${r.url()}`)
  })
  // gUSD → goETH: the router reads every venue's pools among the pair and the hubs, most pairs without a Tinyman pool
  await page.goto(`/dex/swap?asset_in=${token('gUSD').assetId}&asset_out=${token('goETH').assetId}`)
  await page.getByRole('textbox', { name: 'You pay' }).fill('10')
  await expect(page.getByRole('form', { name: 'Swap' }).getByRole('list', { name: 'Route' })).toBeVisible({ timeout: 30_000 })
  for (const path of ['/', '/shares', '/staking/farms', '/projects', '/dex/chart']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
  }
  expect(noise).toEqual([])
})

test('a swap from connect to confirmation runs without a CSP violation', async ({ page }) => {
  const account = await newAccount({ algo: 30, tokens: { gUSD: 0 } })
  const violations = await watchViolations(page)
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: /^You receive: / }).click()
  const selector = page.getByRole('dialog')
  await selector.getByRole('searchbox').fill('gUSD')
  await selector.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: /^gUSD✓?$/ }) }).first().click()
  await page.getByRole('textbox', { name: 'You pay' }).fill('5')
  await page.getByRole('button', { name: 'Review swap' }).click()
  const review = page.getByRole('dialog', { name: 'Review swap' })
  await confirmSwap(review)
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: /Swapped 5 ALGO for/ })).toBeVisible()
  expect(await violations()).toEqual([])
})

test('a page that frames Grove gets nothing rendered', async ({ page }) => {
  const { webUrl } = stackInfo()
  await page.route('http://attacker.test/', (route) => route.fulfill({ contentType: 'text/html', body: `<iframe id="grove" src="${webUrl}/dex/swap" width="800" height="600"></iframe>` }))
  await page.goto('http://attacker.test/')
  await page.locator('#grove').waitFor()
  // Chromium swaps a frame refused by frame-ancestors for its own error page.
  await expect.poll(() => page.frames().find((f) => f !== page.mainFrame())?.url()).toMatch(/^chrome-error:/)
  const frame = page.frames().find((f) => f !== page.mainFrame())!
  expect(await frame.locator('#root').count()).toBe(0)
})

test('hashed assets are cached for a year, index.html and the build id never', async ({ request }) => {
  const index = await request.get('/')
  expect(index.headers()['cache-control']).toBe('no-store')
  expect(index.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1]
  expect(asset).toBeTruthy()
  const js = await request.get(asset!, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(['br', 'gzip']).toContain(js.headers()['content-encoding'])
  expect((await request.get('/build/latest.json')).headers()['cache-control']).toBe('no-store')
  const route = await request.get('/dex/swap')
  expect(route.status()).toBe(200)
  expect(route.headers()['cache-control']).toBe('no-store')
})
