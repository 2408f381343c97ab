// Wallet SDKs load only when the user connects; a first visit to /dex/swap stays small.
import { gzipSync } from 'node:zlib'
import { expect, test, type Page, type Response } from '@playwright/test'

const BUDGET = 160 * 1024

function collectScripts(page: Page) {
  const scripts: Response[] = []
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(r)
  })
  return scripts
}

test('a first visit to /dex/swap loads no wallet SDK and at most 160 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = collectScripts(page)
  await page.goto('/dex/swap')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap')
  await page.waitForLoadState('networkidle')
  expect(scripts.map((r) => r.url()).filter((u) => /wallet-runtime|use-wallet|algosdk/.test(u))).toEqual([])
  let total = 0
  for (const r of scripts) total += gzipSync(await r.body()).length
  expect(total).toBeGreaterThan(0)
  // the figure, in the report and the run's output, so each run records where the budget stands
  const figure = `${(total / 1024).toFixed(1)} KB gzipped`
  test.info().annotations.push({ type: 'first visit', description: figure })
  console.log(`first visit to /dex/swap: ${figure} (budget ${BUDGET / 1024} KB)`)
  expect(total, figure).toBeLessThanOrEqual(BUDGET)
})

test('opening the wallet modal loads the wallet runtime', async ({ page }) => {
  const scripts = collectScripts(page)
  await page.goto('/dex/swap')
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(scripts.some((r) => /wallet-runtime/.test(r.url()))).toBe(true)
})

test('the chart library (lightweight-charts) loads on no page but the chart: not on swap, analytics or the landing', async ({ page }) => {
  const scripts = collectScripts(page)
  for (const path of ['/', '/dex/swap', '/dex/analytics', '/shares']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
  }
  expect(scripts.map((r) => r.url()).filter((u) => /lightweight-charts/.test(u))).toEqual([])
})
