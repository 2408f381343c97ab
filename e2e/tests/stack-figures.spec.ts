// One figure, one function (issues 25 and 26, item 4): every program's APR and TVL come from the
// SDK's programFigures, so the farms and staking pools pages (computed in the browser from algod),
// the landing page and the dashboard show what the analytics API says. The test makes its own token,
// pool, a farm of the pool's LP token and a staking pool of the token, stakes in both, and compares
// every active program on every page with the API, number and text. Screenshots at 1280 and 390 px.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { buildAddLiquidity, buildCreatePool, buildLock, dexContract, firstAddMinLp, staking, stakingContract } from '@grove/sdk'
import { algorand, chainNow, connectMnemonic, createProgram, demo, moveTime, newAccount, sdkContext, sdkReader, stackInfo, token, type TestAccount } from '../support/stack.ts'

interface ApiProgram {
  id: number
  kind: 'farm' | 'pool'
  status: string
  totalStaked: string
  tvlUsd: number | null
  apr: number | null
}

/** A fresh account with its own 6-decimal token and its ALGO pool (100 ALGO : 10,000 tokens), holding the LP tokens. */
async function withOwnPool(unitName: string): Promise<{ account: TestAccount; asset: bigint; lpAsset: bigint }> {
  const account = await newAccount({ algo: 400 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 10_000_000_000_000n, decimals: 6, assetName: `${unitName} Test`, unitName, suppressLog: true })
  const ctx = sdkContext(account)
  await (await buildCreatePool(ctx, 0n, created.assetId)).composer.execute(ctx.algod, 4)
  const empty = await dexContract.readers.pool(ctx, 0n, created.assetId)
  await (await buildAddLiquidity(ctx, empty!, 100_000_000n, 10_000_000_000n, firstAddMinLp(100_000_000n, 10_000_000_000n, 0n))).composer.execute(ctx.algod, 4)
  const pool = await dexContract.readers.pool(ctx, 0n, created.assetId)
  return { account, asset: created.assetId, lpAsset: pool!.lpAsset }
}

async function stake(account: TestAccount, id: bigint, amount: bigint) {
  const ctx = sdkContext(account)
  const program = await stakingContract.readers.program(ctx, id)
  await (await staking.buildStake(ctx, program!, amount)).composer.execute(ctx.algod, 4)
}

const api = async <T>(path: string): Promise<T> => (await fetch(`${stackInfo().analyticsUrl}${path}`)).json() as Promise<T>
const activePrograms = async () => (await api<{ programs: ApiProgram[] }>('/api/programs?status=active&limit=100')).programs
const percent = (fraction: number) => `${(fraction * 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`

/** A figure a page carries in a data attribute, as a number (NaN when empty). */
const figure = async (l: Locator, name: string) => Number((await l.getAttribute(name)) || Number.NaN)

/** Same number to 9 significant digits: the page and the API read the same reserves through the same function. */
function expectSame(page: number, apiValue: number | null, what: string) {
  expect(apiValue, `${what}: the API has a figure`).not.toBeNull()
  expect(Math.abs(page / apiValue! - 1), `${what}: page ${page} vs API ${apiValue}`).toBeLessThan(1e-9)
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `screenshots/figures-${name}-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: `screenshots/figures-${name}-1280.png`, fullPage: true })
}

test('the farms and staking pools pages, the landing page and the dashboard give every program the APR and TVL the analytics API gives', async ({ page }) => {
  test.setTimeout(300_000)
  const { account, asset, lpAsset } = await withOwnPool('FIGA')
  const start = (await chainNow()) + 20n
  const farm = await createProgram(account, { stakeAsset: lpAsset, rewards: [{ asset, rate: 2_000n }], start, end: start + 30n * 86_400n })
  const pool = await createProgram(account, { stakeAsset: asset, rewards: [{ asset, rate: 500n }], start, end: start + 30n * 86_400n })
  await stake(account, farm, 500_000_000n)
  await stake(account, pool, 2_000_000_000n)
  await moveTime(60)

  // the analytics service has followed both stakes and sees both programs running
  await expect
    .poll(async () => (await activePrograms()).filter((p) => (p.id === Number(farm) || p.id === Number(pool)) && BigInt(p.totalStaked) > 0n).length, { timeout: 60_000 })
    .toBe(2)
  const programs = await activePrograms()
  for (const p of programs) expect(p.apr, `program ${p.id} has an APR`).not.toBeNull()

  // the farms and staking pools pages: each card's APR and TVL, as numbers and as text
  for (const [path, kind] of [['/staking/farms', 'farm'], ['/staking/pools', 'pool']] as const) {
    await page.goto(path)
    for (const p of programs.filter((x) => x.kind === kind)) {
      const card = page.getByTestId(`program-${p.id}`)
      await expect(card.getByTestId('program-apr')).toHaveText(percent(p.apr!), { timeout: 30_000 })
      expectSame(await figure(card.getByTestId('program-apr'), 'data-apr'), p.apr, `${path} program ${p.id} APR`)
      expectSame(await figure(card.getByTestId('program-tvl-value'), 'data-usd'), p.tvlUsd, `${path} program ${p.id} TVL`)
      await expect(card.getByTestId('program-tvl-value')).toContainText('$')
    }
    await shoot(page, kind === 'farm' ? 'farms' : 'pools')
  }

  // the landing page's featured farms (the API's, shown as the farms page writes them)
  await page.goto('/')
  const featured = page.getByTestId('featured-farms').locator('li')
  await expect(featured.first()).toBeVisible({ timeout: 30_000 })
  expect(await featured.count()).toBeGreaterThan(0)
  for (const li of await featured.all()) {
    const id = Number((await li.getAttribute('data-testid'))!.replace('featured-farm-', ''))
    const p = programs.find((x) => x.id === id)!
    await expect(li.getByTestId('featured-farm-apr')).toHaveText(percent(p.apr!))
    expectSame(await figure(li, 'data-apr'), p.apr, `landing farm ${id} APR`)
    expectSame(await figure(li, 'data-tvl-usd'), p.tvlUsd, `landing farm ${id} TVL`)
  }
  await shoot(page, 'landing')

  // the dashboard of the staker: each of its programs' line carries the same APR and TVL
  await page.goto('/dashboard')
  await connectMnemonic(page, account.mnemonic)
  for (const id of [farm, pool]) {
    const p = programs.find((x) => x.id === Number(id))!
    const line = page.locator(`[data-testid="program-figures"][data-program="${id}"]`)
    await expect(line).toContainText(`${percent(p.apr!)} APR`, { timeout: 30_000 })
    expectSame(await figure(line, 'data-apr'), p.apr, `dashboard program ${id} APR`)
    expectSame(await figure(line, 'data-tvl-usd'), p.tvlUsd, `dashboard program ${id} TVL`)
  }
  // each program's line is named by its tokens, as the activity list names it, not by its number
  await expect(page.getByRole('row').filter({ has: page.locator(`[data-program="${farm}"]`) })).toContainText(/Farm (ALGO\/FIGA|FIGA\/ALGO) LP → FIGA/)
  await expect(page.getByRole('row').filter({ has: page.locator(`[data-program="${pool}"]`) })).toContainText('Staking pool FIGA → FIGA')
  await shoot(page, 'dashboard')
})

test('the dashboard shows locked value apart from what can be moved now, and values a holding its pool cannot pay for at what selling returns, saying so', async ({ page }) => {
  test.setTimeout(240_000)
  // 100 ALGO : 10,000 FIGA in the pool, and about 10 million FIGA more in the wallet: worth ~100,000 ALGO at spot, under 100 sold
  const { account, asset } = await withOwnPool('FIGB')
  const now = await chainNow()
  const ctx = sdkContext(account)
  await (await buildLock(ctx, { asset, amount: 5_000_000n, cliff: now + 86_400n, end: now + 2n * 86_400n })).composer.execute(ctx.algod, 4)

  await page.goto('/dashboard')
  await connectMnemonic(page, account.mnemonic)
  const total = page.getByTestId('portfolio-total')
  await expect(total).toHaveAttribute('data-algo', /^\d+$/, { timeout: 30_000 })
  const pool = await dexContract.readers.pool(sdkReader(), 0n, asset)
  const held = BigInt((await ctx.algod.accountAssetInformation(account.address, asset).do()).assetHolding!.amount)

  // the wallet's FIGB: spot is amount × the pool's price; the value counted is what selling it returns (under the pool's ALGO)
  const wallet = page.locator(`[data-testid="portfolio-line"][data-key="wallet-${asset}"]`)
  await expect(wallet).toHaveAttribute('data-spot-algo', String((held * pool!.reserveA) / pool!.reserveB))
  const counted = BigInt((await wallet.getAttribute('data-algo'))!)
  expect(counted).toBeLessThan(pool!.reserveA)
  const x = Number(held) * 0.997
  expect(Number(counted)).toBeCloseTo((Number(pool!.reserveA) * x) / (Number(pool!.reserveB) + x), -2)
  await expect(wallet.getByTestId('capped-note')).toContainText('Valued at what selling it into its pools returns')
  await expect(wallet.getByRole('cell').last()).toBeInViewport()

  // the lock: in its own total, not in what can be moved now
  const lockLine = page.locator('[data-testid="portfolio-line"][data-kind="lock"]')
  await expect(lockLine).toHaveCount(1)
  const locked = BigInt((await lockLine.getAttribute('data-algo'))!)
  expect(locked).toBeGreaterThan(0n)
  await expect(page.getByTestId('portfolio-locked')).toHaveAttribute('data-algo', String(locked))
  const lines = await page.getByTestId('portfolio-line').evaluateAll((rows) => rows.map((r) => ({ kind: r.getAttribute('data-kind'), algo: r.getAttribute('data-algo') })))
  expect(BigInt((await total.getAttribute('data-algo'))!)).toBe(lines.filter((l) => l.kind !== 'lock').reduce((s, l) => s + BigInt(l.algo ?? 0), 0n))
  await expect(page.getByTestId('summary-locked')).toHaveAttribute('data-algo', String(locked))
  await expect(page.getByText('Value you can move now')).toBeVisible()
  await shoot(page, 'dashboard-capped')
})

test('the dashboard’s value chart ends at the headline’s value you can move now, in USD, with the demo’s locks left out of both', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto('/dashboard')
  await connectMnemonic(page, demo.mnemonic)
  const chart = page.getByTestId('value-chart')
  await expect(chart).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('summary-locked')).toHaveAttribute('data-algo', /^[1-9]\d*$/, { timeout: 30_000 })
  await expect(page.locator('.value-summary__label')).toHaveText('Value you can move now')
  // both read in one go: other specs trade in the seed's pools, and a new block moves both together
  const read = () =>
    page.evaluate(() => {
      const el = (id: string) => document.querySelector(`[data-testid="${id}"]`)
      return {
        headline: el('summary-total')?.textContent ?? '',
        headlineAlgo: el('summary-total')?.getAttribute('data-algo') ?? '',
        locked: el('summary-locked')?.getAttribute('data-algo') ?? '',
        chart: el('value-chart')?.getAttribute('aria-label') ?? '',
        last: el('value-chart-last')?.textContent ?? '',
        lastAlgo: el('value-chart-last')?.getAttribute('data-algo') ?? '',
        unit: el('value-chart-last')?.getAttribute('data-unit') ?? '',
      }
    })
  const seen = await read()
  test.info().annotations.push({ type: 'value', description: `headline ${seen.headline} (${seen.headlineAlgo} µALGO, ${seen.locked} µALGO locked); chart: ${seen.chart}; last ${seen.last} ${seen.unit}` })
  await expect(async () => {
    const v = await read()
    expect(v.headline).toMatch(/^\$\d[\d,]*(\.\d{1,2})?$/)
    // the chart's last point is the headline, to the cent and to the µALGO, in the headline's unit
    expect(v.unit).toBe('USD')
    expect(v.last).toBe(v.headline)
    expect(v.lastAlgo).toBe(v.headlineAlgo)
    expect(v.chart).toContain('in USD')
    expect(v.chart).toContain(`to ${v.headline}`)
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] })
  // the unit is on the page, beside the chart, and on its price axis
  await expect(page.getByTestId('value-chart-caption')).toContainText('USD')
  await expect(page.getByTestId('change-24h')).toHaveText(/%|—/)
  await shoot(page, 'dashboard-value-chart')
})

test('prices and TVL agree between /shares, /dex/analytics, the dashboard and /projects, MOSS and ACORN (no ALGO pool) included', async ({ page }) => {
  test.setTimeout(480_000)
  // The seed's pools (specs running beside this one create pools of their own, which /shares may not
  // have read yet). Those specs also trade in the seed's pools, so each comparison reads the API and
  // the page afresh until a quiet moment shows both at the same chain state.
  // Grove's seeded pools and Tinyman's (the demo seeds four; no spec makes more), each venue's on /shares
  const seeded = new Set(stackInfo().seed.pools.map((p) => p.lpAsset))
  const apiPools = async () =>
    (await api<{ pools: { id: number; venue: string; tvlUsd: number | null }[] }>('/api/pools?limit=100')).pools.filter((p) => seeded.has(p.id) || p.venue === 'tinyman')
  const priceOf = async (unit: string) => (await api<{ tokens: { id: number; priceUsd: number | null }[] }>('/api/tokens?limit=100')).tokens.find((t) => t.id === token(unit).assetId)!.priceUsd
  const settled = { timeout: 150_000, intervals: [2_000, 5_000] }

  // /shares: every pool's TVL in USD, as /api/pools (which /dex/analytics shows) gives it; none left unpriced
  await page.goto('/shares')
  await expect(async () => {
    const pools = await apiPools()
    expect(pools.filter((p) => p.venue === 'grove')).toHaveLength(seeded.size)
    expect(pools.filter((p) => p.venue === 'tinyman').length).toBeGreaterThan(0)
    await page.reload()
    for (const p of pools) {
      const row = page.locator(`tr[data-lp="${p.id}"]`)
      await expect(row).toHaveAttribute('data-venue', p.venue, { timeout: 20_000 })
      await expect(row.getByTestId('pool-venue')).toHaveText(p.venue === 'grove' ? 'Grove' : 'Tinyman v2-compatible (local)')
      const tvl = row.getByTestId('pool-tvl')
      await expect(tvl).toHaveAttribute('data-usd', /\d/, { timeout: 20_000 })
      expectSame(await figure(tvl, 'data-usd'), p.tvlUsd, `/shares pool ${p.id} TVL`)
      await expect(tvl).toContainText('$')
    }
  }).toPass(settled)
  // a Tinyman row offers no Grove add form
  await expect(page.locator('tr[data-venue="tinyman"]').first().getByTestId('pool-elsewhere')).toBeVisible()
  await expect(page.locator('tr[data-venue="tinyman"]').getByRole('button', { name: /^Add to/ })).toHaveCount(0)
  await shoot(page, 'shares')

  // /dex/analytics shows the same prices the API gives, and each pool's venue
  await page.goto('/dex/analytics')
  await expect(page.locator('[data-testid="pool-row"]').getByTestId('pool-venue').filter({ hasText: 'Tinyman v2-compatible (local)' }).first()).toBeVisible({ timeout: 30_000 })
  for (const unit of ['MOSS', 'ACORN']) {
    await expect(async () => {
      await page.reload()
      const cell = page.locator(`[data-testid="token-row"][data-asset-id="${token(unit).assetId}"]`).getByTestId('token-price')
      expectSame(Number(await cell.getAttribute('data-value', { timeout: 20_000 })), await priceOf(unit), `/dex/analytics ${unit} price`)
    }).toPass(settled)
  }

  // a project page prices MOSS and ACORN as analytics does, USD first
  for (const unit of ['MOSS', 'ACORN']) {
    await expect(async () => {
      const expected = await priceOf(unit)
      await page.goto(`/projects/${token(unit).assetId}`)
      const price = page.getByTestId('project-price')
      await expect(price).toHaveAttribute('data-usd', /\d/, { timeout: 20_000 })
      expectSame(await figure(price, 'data-usd'), expected, `/projects/${unit} price`)
      await expect(price).toContainText(/^\$/)
    }).toPass(settled)
  }
  await shoot(page, 'project-moss')

  // the dashboard values them too (no "no ALGO pool to price it")
  const holder = await newAccount({ algo: 5, tokens: { MOSS: 1, ACORN: 1 } })
  await page.goto('/dashboard')
  await connectMnemonic(page, holder.mnemonic)
  for (const unit of ['MOSS', 'ACORN']) {
    const line = page.locator(`[data-testid="portfolio-line"][data-key="wallet-${token(unit).assetId}"]`)
    await expect(line).toHaveAttribute('data-algo', /^\d+$/, { timeout: 30_000 })
  }
  await expect(page.getByText('unpriced line(s) not counted')).toHaveCount(0)
})
