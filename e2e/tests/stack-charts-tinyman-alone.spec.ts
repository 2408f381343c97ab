// Where Grove is not deployed, charts work through Tinyman alone once an analytics service is set for
// the network (a build's VITE_GROVE_ANALYTICS_URL_<NETWORK>, or the user's under Settings): the
// service follows Tinyman v2's pools without Grove's contracts. Tests cannot reach testnet, so the
// stack stands in as in swap-tinyman-alone.spec.ts: TestNet's custom node is the stack's algod, and
// its analytics service is the stack's. ALGO/MOSS is a pair only Tinyman trades on the stack.
import { expect, test } from '@playwright/test'
import { connectMnemonic, newAccount, stackInfo, testnetOnTheStack, token } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

/** The Tinyman ALGO/MOSS pool as the stack's analytics service lists it (its id is its pool token). */
async function tinymanAlgoMoss(): Promise<number> {
  const moss = token('MOSS').assetId
  const { pools } = (await (await fetch(`${stackInfo().analyticsUrl}/api/pools?limit=500`)).json()) as { pools: { id: number; venue: string; assetA: { id: number }; assetB: { id: number } }[] }
  const pool = pools.find((p) => p.venue === 'tinyman' && [p.assetA.id, p.assetB.id].sort().join() === [0, moss].sort().join())
  if (!pool) throw new Error('the stack’s analytics service lists no Tinyman ALGO/MOSS pool')
  return pool.id
}

test('where Grove is not deployed, the analytics service set under Settings charts a Tinyman pool and lists Tinyman’s pools; without it the chart says what is missing', async ({ page }) => {
  const moss = token('MOSS')
  const poolId = await tinymanAlgoMoss()
  const account = await newAccount({ algo: 30, tokens: { MOSS: 0 } })
  await testnetOnTheStack(page, [moss.assetId])
  const blocked: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text())
  })

  // no service for TestNet in this build: the chart says what it needs
  await page.goto(`/dex/chart?pool=${poolId}`)
  await expect(page.getByText('Charts need Grove’s analytics service')).toBeVisible()
  await expect(page.locator('.candle-chart__canvas canvas')).toHaveCount(0)

  // a service that does not answer is refused with a sentence, and nothing is saved
  await page.goto('/settings')
  const form = page.getByRole('form', { name: 'Analytics service' })
  await expect(page.getByText('No analytics service is set for TestNet.')).toBeVisible()
  await form.getByLabel('Analytics service URL').fill('http://127.0.0.1:9')
  await form.getByRole('button', { name: 'Save analytics service' }).click()
  await expect(form.getByText('Could not reach http://127.0.0.1:9: check the URL, that the analytics service is running')).toBeVisible()
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('grove.settings.v1')!).analyticsOverrides)).toBeUndefined()
  // the stack's service answers its /api/health: saved
  await form.getByLabel('Analytics service URL').fill(stackInfo().analyticsUrl)
  await form.getByRole('button', { name: 'Save analytics service' }).click()
  await expect(form.getByText('Saved. Charts and figures are read from this service.')).toBeVisible()
  await expect(page.getByText('Using your analytics service.')).toBeVisible()

  // a trade on the Tinyman pool, through Tinyman alone, gives the pool a candle
  await page.goto(`/dex/swap?asset_in=0&asset_out=${moss.assetId}`)
  await connectMnemonic(page, account.mnemonic)
  const swap = page.getByRole('form', { name: 'Swap' })
  await swap.getByRole('textbox', { name: 'You pay' }).fill('2')
  await expect(swap.getByText('Tinyman v2-compatible (local)').first()).toBeVisible({ timeout: 20_000 })
  await swap.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  await expect(dialog.getByRole('button', { name: 'Confirm swap' })).toBeEnabled({ timeout: 20_000 })
  await confirmSwap(dialog)
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: /Swapped 2 ALGO for/ })).toBeVisible({ timeout: 30_000 })

  await page.goto(`/dex/chart?pool=${poolId}&tf=5m`)
  await expect(page.getByTestId('chart-pair')).toContainText('ALGO/MOSS')
  await expect(page.locator('.candle-chart__canvas canvas').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('candle-legend')).toHaveAttribute('data-last-time', /^\d+$/)
  await expect(page.getByTestId('trade-row').first()).toBeVisible()
  await expect(page.getByText('Charts need Grove’s analytics service')).toHaveCount(0)

  // the analytics page lists Tinyman's pools, the ALGO/MOSS one among them
  await page.goto('/dex/analytics')
  const pools = page.getByRole('table', { name: 'Top pools' })
  await expect(pools.locator(`[data-pool-id="${poolId}"] [data-testid="pool-venue"]`)).toHaveAttribute('data-venue', 'tinyman')
  await expect(pools.locator('[data-testid="pool-venue"][data-venue="tinyman"]').first()).toBeVisible()
  expect(blocked).toEqual([])
})
