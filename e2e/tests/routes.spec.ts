// Every route renders its heading; redirects, validity checks and unknown paths behave.
import { expect, test } from '@playwright/test'

const HEADINGS: [path: string, heading: string][] = [
  ['/', 'Swap, earn and stake on Algorand'],
  ['/dex/swap', 'Swap'],
  ['/dex/chart', 'Chart'],
  ['/dex/analytics', 'Analytics'],
  ['/shares', 'Liquidity'],
  ['/stake', 'Stake GROVE'],
  ['/staking/farms', 'Farms'],
  ['/staking/pools', 'Staking pools'],
  ['/dashboard', 'Dashboard'],
  ['/dashboard?tab=lock', 'Dashboard'],
  ['/admin', 'Admin'],
  ['/projects', 'Projects'],
  ['/projects/31566704', 'Asset 31566704'],
  ['/settings', 'Settings'],
  ['/docs', 'Getting started'],
  ['/docs/swaps-and-fees', 'How swaps and fees work'],
  ['/docs/networks-and-wallets', 'Networks and wallets'],
  ['/docs/faq', 'FAQ'],
]

for (const [path, heading] of HEADINGS) {
  test(`${path} renders its heading "${heading}"`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Swap' })).toBeAttached()
  })
}

test('/dex redirects to /dex/swap', async ({ page }) => {
  await page.goto('/dex')
  // The swap page writes its default pair into the URL (?asset_in=0) as soon as it renders.
  await expect(page).toHaveURL(/\/dex\/swap\?asset_in=0$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap')
})

const NOT_FOUND = ['/that/path', '/docs/no-such-page', '/projects/abc', '/projects/0', '/staking']

for (const path of NOT_FOUND) {
  test(`${path} shows the 404 page saying there is no page at ${path}`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByText(`There is no page at ${path}.`)).toBeVisible()
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    // The 404 keeps the default layout, so the user can navigate away.
    await expect(page.getByRole('link', { name: 'Grove home' })).toBeVisible()
  })
}

test('the dashboard keeps its tab in the URL', async ({ page }) => {
  await page.goto('/dashboard')
  await page.getByRole('tab', { name: 'Accounts' }).click()
  await expect(page).toHaveURL(/\?tab=accounts$/)
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true')
})

test('pages say Grove is not deployed and ask to connect, without invented figures', async ({ page }) => {
  await page.goto('/dex/swap')
  await expect(page.getByText('Grove is not deployed on this network').first()).toBeVisible()
  // one call to connect on the page itself (the swap card's), beside the header's
  await expect(page.getByRole('main').getByRole('button', { name: 'Connect wallet' })).toHaveCount(1)
})

test('header navigation moves between pages without a reload', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liquidity' }).click()
  await expect(page).toHaveURL(/\/shares$/)
  await page.getByRole('link', { name: 'Analytics' }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics')
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
})

test('with TestNet’s node unreachable, lists say nothing is known, never that there is nothing', async ({ page }) => {
  test.setTimeout(90_000)
  // nothing leaves this machine: TestNet's public node does not answer
  await page.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort())
  await page.goto('/settings')
  await page.getByRole('radio', { name: /TestNet/ }).check()
  const pages: [path: string, text: string][] = [
    ['/staking/farms', 'Farms cannot be listed while the node cannot be reached.'],
    ['/staking/pools', 'Staking pools cannot be listed while the node cannot be reached.'],
    ['/shares', 'Pools cannot be listed while the node cannot be reached.'],
    ['/projects', 'Projects cannot be listed while the node cannot be reached.'],
    ['/', 'Farms cannot be listed while the node cannot be reached.'],
    ['/projects/31566704', 'Locks cannot be listed while the node cannot be reached.'],
  ]
  for (const [path, text] of pages) {
    await page.goto(path)
    await expect(page.getByText('The node cannot be reached', { exact: true }).first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(text).first(), path).toBeVisible()
    await expect(page.getByText(/^No .+ on TestNet\.$/), path).toHaveCount(0)
  }
})
