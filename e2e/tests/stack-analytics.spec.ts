// The analytics pages on the full stack: start.mjs runs the analytics service beside the localnet
// and bakes its URL into the build. The chart draws the seeded history and follows a new swap made
// here through @grove/sdk; the analytics page's TVL is checked against algod's reserves; a page
// whose service cannot be reached says so plainly while trading keeps working.
import { expect, test, type Page } from '@playwright/test'
import { buildAcceptOwner, buildLock, buildProposeOwner, buildSwapExactIn, buildSwapRoute, dexContract, stableContract } from '@grove/sdk'
import { tinymanLabel } from '@grove/sdk/deployment'
import { TINYMAN_LOCAL_LABEL, tinymanVenue } from '@grove/sdk/venues'
import { algorand, balances, chainNow, connectMnemonic, fromUnits, newAccount, pools, sdkContext, sdkReader, stackInfo, token } from '../support/stack.ts'

/** The seeded ALGO/FERN pool (ALGO is asset 0, so it is side A). */
function algoFern() {
  const fern = token('FERN').assetId
  const pool = pools().find((p) => p.a === 0 && p.b === fern)
  if (!pool) throw new Error('the seed has no ALGO/FERN pool')
  return pool
}

/** The last candle as the chart's legend reports it. */
async function lastCandle(page: Page): Promise<{ time: string | null; close: string | null }> {
  const legend = page.getByTestId('candle-legend')
  return { time: await legend.getAttribute('data-last-time'), close: await legend.getAttribute('data-last-close') }
}

/** No element sticks out sideways: nothing is cut off on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('the chart shows a seeded pool’s candles and a new swap moves the last candle and lists its transaction', async ({ page }) => {
  const pool = algoFern()
  await page.goto(`/dex/chart?pool=${pool.lpAsset}&tf=5m`)
  await expect(page.getByTestId('chart-pair')).toContainText('ALGO/FERN')
  await expect(page.getByRole('combobox', { name: 'Pool' })).toHaveValue(String(pool.lpAsset))
  // lightweight-charts draws into canvases once its chunk has loaded and the candles arrived
  await expect(page.locator('.candle-chart__canvas canvas').first()).toBeVisible()
  await expect(page.getByTestId('candle-legend')).toHaveAttribute('data-last-time', /^\d+$/)
  await expect(page.getByTestId('trade-row').first()).toBeVisible()
  const before = await lastCandle(page)

  // a swap selling 2 ALGO into the pool, made beside the page as another trader would
  const account = await newAccount({ algo: 20, tokens: { FERN: 0 } })
  const ctx = sdkContext(account)
  const sent = await (await buildSwapExactIn(ctx, 0n, BigInt(pool.b), 2_000_000n, 1n)).composer.execute(ctx.algod, 4)

  // polled as blocks arrive: the new trade is listed and the last candle moved (a new bucket or a new close)
  const appCall = sent.txIDs.at(-1)!
  await expect(page.locator(`[data-testid="trade-row"] [title="${appCall}"]`).or(page.locator('[data-testid="trade-row"] code').filter({ hasText: appCall.slice(0, 6) }))).toHaveCount(1, { timeout: 30_000 })
  await expect.poll(() => lastCandle(page), { timeout: 30_000 }).not.toEqual(before)
  const after = await lastCandle(page)
  // selling ALGO lowers ALGO's price in FERN
  expect(Number(after.close)).toBeLessThan(Number(before.close))

  // the other way round: FERN per ALGO becomes ALGO per FERN
  await page.getByRole('button', { name: /^Price in ALGO/ }).click()
  await expect(page).toHaveURL(/invert=1/)
  await expect(page.getByTestId('chart-pair')).toContainText('FERN/ALGO')
  await expect.poll(async () => Number((await lastCandle(page)).close)).toBeCloseTo(1 / Number(after.close), 6)

  // timeframes are buttons that keep the pool
  await page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: '1d' }).click()
  await expect(page).toHaveURL(new RegExp(`pool=${pool.lpAsset}.*tf=1d|tf=1d.*pool=${pool.lpAsset}`))
  await expect(page.getByRole('button', { name: '1d' })).toHaveAttribute('aria-pressed', 'true')
})

test('the chart’s pair search narrows the pairs and picks one by the URL', async ({ page }) => {
  await page.goto('/dex/chart')
  await expect(page.getByTestId('chart-pair')).toBeVisible()
  await page.getByLabel('Search pairs').fill('moss')
  const options = page.getByRole('combobox', { name: 'Pair' }).locator('option')
  await expect(options.filter({ hasText: 'FERN/MOSS' })).toHaveCount(1)
  const fernMoss = await options.filter({ hasText: 'FERN/MOSS' }).getAttribute('value')
  await page.getByRole('combobox', { name: 'Pair' }).selectOption(fernMoss!)
  // the pair's deepest pool, which the pool picker then shows
  await expect(page.getByTestId('chart-pair')).toContainText('FERN/MOSS')
  const shown = await page.getByRole('combobox', { name: 'Pool' }).inputValue()
  await expect(page).toHaveURL(new RegExp(`pool=${shown}(&|$)`))
})

test('the analytics page’s TVL is the sum of every pool’s reserves on algod (constant product, stable, Tinyman) valued at the page’s token prices', async ({ page }) => {
  const info = stackInfo()
  const algod = algorand().client.algod
  await page.goto('/dex/analytics')
  await expect(page.getByTestId('token-row').first()).toBeVisible()
  await expect(page.getByTestId('stat-tvl')).toHaveText(/^\$/)

  // other specs trade on the same chain: read page and chain again until they agree on one moment
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('token-row').first()).toBeVisible()
    const tvl = Number(await page.getByTestId('stat-tvl').getAttribute('data-value'))
    const prices = new Map<number, number>()
    for (const row of await page.getByTestId('token-row').all()) {
      const price = await row.getByTestId('token-price').getAttribute('data-value')
      if (price) prices.set(Number(await row.getAttribute('data-asset-id')), Number(price))
    }
    const decimals = new Map<number, number>([[0, 6]])
    let sum = 0
    const value = (id: bigint, reserve: bigint) => {
      const price = prices.get(Number(id))
      return price === undefined ? undefined : (Number(reserve) / 10 ** (decimals.get(Number(id)) ?? 0)) * price
    }
    for (const p of await dexContract.readers.pools(sdkReader())) {
      for (const id of [p.a, p.b]) {
        if (!decimals.has(Number(id))) decimals.set(Number(id), Number((await algod.getAssetByID(id).do()).params?.decimals))
      }
      const [va, vb] = [value(p.a, p.reserveA), value(p.b, p.reserveB)]
      // as the page says: a pool with one priced side counts it twice
      sum += va !== undefined && vb !== undefined ? va + vb : 2 * (va ?? vb ?? 0)
    }
    // the Stable app's pools: what their LPs own, the box's reserves plus the swap fees held off the curve
    for (const p of await stableContract.readers.all(sdkReader())) {
      for (const id of [p.a, p.b]) {
        if (!decimals.has(Number(id))) decimals.set(Number(id), Number((await algod.getAssetByID(id).do()).params?.decimals))
      }
      const [va, vb] = [value(p.a, p.reserveA + p.feesA), value(p.b, p.reserveB + p.feesB)]
      sum += va !== undefined && vb !== undefined ? va + vb : 2 * (va ?? vb ?? 0)
    }
    // and Tinyman's pools (the analytics service follows both venues), their reserves read from algod too
    const tinyman = tinymanVenue({ algod, validatorAppId: BigInt(info.deployment.tinymanAppId!), label: TINYMAN_LOCAL_LABEL })
    const listed = (await (await fetch(`${info.analyticsUrl}/api/pools?limit=500`)).json()) as { pools: { venue: string; assetA: { id: number }; assetB: { id: number } }[] }
    for (const t of listed.pools.filter((x) => x.venue === 'tinyman')) {
      const [p] = await tinyman.findPools(BigInt(t.assetA.id), BigInt(t.assetB.id))
      for (const id of p!.assets) if (!decimals.has(Number(id))) decimals.set(Number(id), Number((await algod.getAssetByID(id).do()).params?.decimals))
      const [va, vb] = [value(p!.assets[0], p!.reserves[0]), value(p!.assets[1], p!.reserves[1])]
      sum += va !== undefined && vb !== undefined ? va + vb : 2 * (va ?? vb ?? 0)
    }
    expect(sum).toBeGreaterThan(1_000_000)
    expect(Math.abs(tvl - sum) / sum).toBeLessThan(1e-9)
  }).toPass({ timeout: 60_000 })

  // history charts and sortable tables whose rows lead to a chart or a project
  await expect(page.getByRole('img', { name: /^Total value locked per day, / })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Volume per day, / })).toBeVisible()
  const pools = page.getByRole('table', { name: 'Top pools' })
  await pools.getByRole('button', { name: 'Pool' }).click()
  await expect(pools.getByRole('columnheader', { name: 'Pool' })).toHaveAttribute('aria-sort', 'ascending')
  const names = await pools.locator('tbody th a').allTextContents()
  expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)))
  // Grove's ALGO/FERN (Tinyman has one too, its row saying so)
  await pools.locator(`[data-pool-id="${algoFern().lpAsset}"]`).getByRole('link', { name: 'ALGO/FERN' }).click()
  await expect(page).toHaveURL(new RegExp(`/dex/chart\\?pool=${algoFern().lpAsset}$`))
  await expect(page.getByTestId('chart-pair')).toContainText('ALGO/FERN')
  await page.goBack()
  await page.getByRole('table', { name: 'Top tokens' }).getByRole('link', { name: 'FERN', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${token('FERN').assetId}$`))
})

test('every pool listing names its venue: landing’s top pools, the analytics table, the chart’s pair list and its header (issue 36, item 5)', async ({ page }) => {
  const info = stackInfo()
  const label = { grove: 'Grove', tinyman: tinymanLabel(info.deployment) }
  const gusd = token('gUSD').assetId
  const { pools: listed } = (await (await fetch(`${info.analyticsUrl}/api/pools?limit=500`)).json()) as { pools: { id: number; venue: 'grove' | 'tinyman'; feeBps: number; assetA: { id: number }; assetB: { id: number } }[] }
  // ALGO/gUSD trades on both venues, and on Grove in two fee tiers (30 and 5 bps): three pools of one pair
  const algoGusd = listed.filter((p) => [p.assetA.id, p.assetB.id].sort().join() === [0, gusd].sort().join())
  expect(algoGusd.map((p) => p.venue).sort()).toEqual(['grove', 'grove', 'tinyman'])

  await page.goto('/')
  const top = page.getByRole('list', { name: 'Top pools by TVL' }).getByTestId('top-pool')
  await expect(top.first()).toBeVisible({ timeout: 30_000 })
  const names: string[] = []
  for (const item of await top.all()) {
    const venue = (await item.getAttribute('data-venue')) as 'grove' | 'tinyman'
    await expect(item.getByTestId('pool-venue')).toHaveText(label[venue])
    names.push((await item.getByRole('link').getAttribute('aria-label'))!)
  }
  // the deepest pools include a pair on both venues (ALGO/gUSD, gUSD/goETH): no two entries read alike
  expect(new Set(await top.evaluateAll((items) => items.map((i) => i.getAttribute('data-venue'))))).toEqual(new Set(['grove', 'tinyman']))
  expect(new Set(names).size).toBe(names.length)

  await page.goto('/dex/analytics')
  const rows = page.getByRole('table', { name: 'Top pools' }).getByTestId('pool-row')
  await expect(rows.first()).toBeVisible()
  for (const p of algoGusd) await expect(rows.and(page.locator(`[data-pool-id="${p.id}"]`)).getByTestId('pool-venue')).toHaveText(label[p.venue])

  // the chart's pair list names each pool's venue, and a Tinyman pool's header says Tinyman
  const tinyman = algoGusd.find((p) => p.venue === 'tinyman')!
  await page.goto(`/dex/chart?pool=${tinyman.id}`)
  await expect(page.getByTestId('chart-venue')).toHaveText(label.tinyman)
  await expect(page.getByTestId('chart-pair')).toContainText(`on ${label.tinyman}`)
  // the pair's pools, each by its venue and fee tier
  const options = page.getByRole('combobox', { name: 'Pool' }).locator('option')
  await expect(options).toHaveCount(algoGusd.length)
  for (const p of algoGusd) await expect(options.and(page.locator(`[value="${p.id}"]`))).toHaveText(`${label[p.venue]} ${p.feeBps / 100}%`)
  const grove = algoGusd.find((p) => p.venue === 'grove')!
  await page.getByRole('combobox', { name: 'Pool' }).selectOption(String(grove.id))
  await expect(page.getByTestId('chart-venue')).toHaveText('Grove')
})

test('the activity is one row per action: a routed swap reads as what was paid and got, its hops on demand; a lock that left the account reads in its token’s units under a short id (issue 36, item 4)', async ({ page }) => {
  test.setTimeout(180_000)
  const account = await newAccount({ algo: 30, tokens: { FERN: 1_000, MOSS: 0 } })
  const heir = await newAccount({ algo: 5 })
  const [ctx, algod] = [sdkContext(account), algorand().client.algod]
  const [fern, moss] = [BigInt(token('FERN').assetId), BigInt(token('MOSS').assetId)]

  // 10 ALGO for MOSS through FERN: one app call, two hops (two Swap events, which the list once showed as two rows)
  const before = await balances(account.address, ['MOSS'])
  await (await buildSwapRoute(ctx, 0n, [fern, moss], 10_000_000n, 1n)).composer.execute(algod, 4)
  const got = fromUnits('MOSS', (await balances(account.address, ['MOSS'])).MOSS - before.MOSS)
  // a lock of 1,000 FERN handed to another account: it leaves this account's locks, its actions stay in the activity
  const now = await chainNow()
  const lock = await buildLock(ctx, { asset: fern, amount: 1_000_000_000n, cliff: now + 86_400n, end: now + 2n * 86_400n })
  await lock.composer.execute(algod, 4)
  const id = lock.lockId!
  await (await buildProposeOwner(ctx, id, heir.address)).composer.execute(algod, 4)
  await (await buildAcceptOwner(sdkContext(heir), { id, owner: account.address })).composer.execute(algod, 4)

  await connectMnemonic(page, account.mnemonic)
  await page.goto('/dashboard?tab=accounts')
  const items = page.getByTestId('activity-item')
  // the account's only swap
  const swap = items.and(page.locator('[data-kind="swap"]'))
  await expect(async () => {
    await page.reload()
    await expect(items.and(page.locator('[data-kind="propose"]'))).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 60_000 })
  // one row for the route (before: one per hop), in the tokens' units
  await expect(swap).toHaveCount(1)
  await expect(swap).toHaveAttribute('data-legs', '2')
  await expect(swap.getByRole('rowheader')).toHaveText(`Swapped 10 ALGO for ${got} MOSS`)
  await expect(swap).toContainText('on Grove')
  const legs = swap.getByTestId('activity-legs')
  await expect(legs.getByTestId('activity-leg').first()).toBeHidden()
  await legs.getByText('2 legs').click()
  await expect(legs.getByTestId('activity-leg')).toHaveText([/^Swap: 10 ALGO → [\d,.]+ FERN on Grove$/, new RegExp(`^Swap: [\\d,.]+ FERN → ${got.replace(/[.]/g, '\\.')} MOSS on Grove$`)])

  // the lock: its id as a short handle (the whole id in the row's title), 1,000 FERN rather than base units
  const digits = String(id)
  const handle = digits.length > 9 ? `${digits.slice(0, 4)}…${digits.slice(-4)}` : digits
  const locked = items.and(page.locator(`[data-kind="lock"][data-lock-id="${id}"]`))
  await expect(locked.getByRole('rowheader')).toHaveText(`Lock #${handle}`)
  await expect(locked).toContainText('1,000 FERN')
  await expect(items.filter({ hasText: 'units' })).toHaveCount(0)
  await expect(items.and(page.locator(`[data-kind="propose"][data-lock-id="${id}"]`)).getByRole('rowheader')).toHaveText(`Propose lock owner #${handle}`)
  await page.getByRole('table', { name: 'Activity' }).screenshot({ path: 'screenshots/activity-actions-1280.png' })
})

test('pages say plainly when the analytics service cannot be reached, and swapping still works', async ({ page }) => {
  await page.route(`${stackInfo().analyticsUrl}/**`, (route) => route.abort('connectionrefused'))
  await page.goto('/dex/analytics')
  const notice = page.getByRole('status').filter({ hasText: 'Analytics unavailable' })
  await expect(notice).toContainText('cannot be reached')
  await expect(page.getByTestId('stat-tvl')).toHaveText('Unavailable')
  await page.goto('/dex/chart')
  await expect(page.getByRole('status').filter({ hasText: 'Analytics unavailable' })).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('status').filter({ hasText: 'Analytics unavailable' })).toBeVisible()
  await expect(page.getByText('No farms are featured here yet')).toBeVisible()
  // the pool list on /shares still reads algod and leaves the analytics columns out
  await page.goto('/shares')
  const list = page.getByRole('table', { name: 'All pools' })
  await expect(list.locator('[data-pool-row="ALGO/FERN"][data-venue="grove"]')).toBeVisible()
  await expect(list.getByRole('columnheader', { name: /fee APR/ })).toHaveCount(0)
  await page.goto('/dex/swap')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap')
  await expect(page.getByText('Analytics unavailable')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'You pay' })).toBeEditable()
})

test('the /shares pool list adds 24h volume and fee APR from the analytics service', async ({ page }) => {
  await page.goto('/shares')
  const list = page.getByRole('table', { name: 'All pools' })
  await expect(list.getByRole('columnheader', { name: /^Volume 24h\s*Fee APR$/ })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  // the pair's 30 bps pool (the demo seeds a 5 bps one beside it)
  await expect(list.locator('[data-pool-row="ALGO/gUSD"][data-venue="grove"]').filter({ hasText: '0.3% fee tier' }).getByTestId('pool-market')).toHaveText(/^(\$|<\$)[\d,.]+M?\d+\.\d\d% APR$/)
  // the table fits a laptop's width: no column (the actions least of all) hides behind a scroll
  const wrap = page.locator('.pool-list .table-wrap')
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
})

test('chart, analytics, landing and the /shares pool list at 1280 and 390 px', async ({ page }) => {
  const pool = algoFern()
  for (const [path, name, ready] of [
    [`/dex/chart?pool=${pool.lpAsset}&tf=1h`, 'chart', '.candle-chart__canvas canvas'],
    ['/dex/analytics', 'analytics', '[data-testid="token-row"]'],
    ['/', 'landing', '[data-testid="landing-tvl"]'],
    ['/shares', 'liquidity', '[data-pool-row] [data-testid="pool-market"]'],
  ] as const) {
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size)
      await page.goto(path)
      await expect(page.locator(ready).first()).toBeVisible()
      // the landing's featured farms come from /api/programs: shoot them read, not loading
      if (name === 'landing') await expect(page.getByTestId('featured-farms').or(page.getByText(/No active farms|No farms are featured|Farms could not be read/))).toBeVisible()
      await expectNoSidewaysScroll(page)
      await page.screenshot({ path: `screenshots/${name}-stack-${size.width}.png`, fullPage: true })
    }
  }
})

test('on a phone the analytics tables, stacked as cards, sort through a select', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dex/analytics')
  const pools = page.getByRole('table', { name: 'Top pools' })
  await expect(pools.getByTestId('pool-row').first()).toBeVisible()
  await page.getByRole('combobox', { name: 'Sort pools by' }).selectOption('pair:asc')
  const names = await pools.locator('tbody th a').allTextContents()
  expect(names.length).toBeGreaterThan(1)
  expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)))
  await expectNoSidewaysScroll(page)
})
