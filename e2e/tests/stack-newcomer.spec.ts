// What a new user's walk found (issue 26's rough edges), each checked on the full stack at 1280 and 390 px.
import { expect, test } from '@playwright/test'
import { GroupBuilder } from '@grove/sdk'
import { TINYMAN_LOCAL_LABEL, buildRoute, findRoute, groveVenue, tinymanVenue, type Venue } from '@grove/sdk/venues'
import { algorand, balance, connectKmd, connectMnemonic, newAccount, pool, stackInfo, token } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

const WIDTHS = [1280, 390] as const
const viewport = (width: number) => ({ width, height: width > 600 ? 800 : 844 })

for (const width of WIDTHS) {
  test(`an asset id the network does not know is a 404 page titled as one, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await page.goto('/projects/987654321')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByText('There is no asset 987654321 on LocalNet')).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found · Grove')
    // Said once: the code on one small line ("Error 404"), the heading naming the error; no panel is left "Reading…".
    await expect(page.getByText(/404/)).toHaveCount(1)
    await expect(page.getByText(/not found/i)).toHaveCount(1)
    await expect(page.getByText(/Reading/)).toHaveCount(0)
    await page.screenshot({ path: `screenshots/project-unknown-${width}.png` })
    await page.getByRole('navigation', { name: 'Suggested pages' }).getByRole('link', { name: 'Projects' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects')
    await expect(page).toHaveTitle('Projects · Grove')
  })

  test(`an unknown path is a 404 titled "Page Not Found", not "Documentation", at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await page.goto('/no/such/page')
    await expect(page.getByText('There is no page at /no/such/page.')).toBeVisible()
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

for (const width of WIDTHS) {
  test(`the swap card says each thing once and in the user's words, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    const account = await newAccount({ algo: 20 })
    const gusd = token('gUSD').assetId
    await page.goto(`/dex/swap?asset_in=0&asset_out=${gusd}`)
    await connectMnemonic(page, account.mnemonic)
    const form = page.getByRole('form', { name: 'Swap' })
    const pay = form.getByRole('textbox', { name: 'You pay' })
    const receive = form.getByRole('textbox', { name: 'You receive' })

    // Too many decimals: the field says it, once.
    await pay.fill('1.1234567')
    await expect(form.getByText('Too many decimals: ALGO has 6')).toHaveCount(1)
    await expect(form.getByRole('button', { name: 'Enter a valid amount' })).toBeDisabled()
    await page.screenshot({ path: `screenshots/swap-decimals-${width}.png` })

    // Zero: asked for an amount, and no price is looked for.
    await pay.fill('0')
    await expect(form.getByRole('button', { name: 'Enter an amount' })).toBeDisabled()
    await expect(form.getByText('Finding the best price')).toHaveCount(0)

    // An exact output beyond every pool of every venue (ten times Grove's deepest gUSD reserve: no
    // split of at most three paths holds it) is short of liquidity, not of the user's ALGO.
    const reserve = await pool(0, gusd)
    const held = reserve.a === gusd ? reserve.reserveA : reserve.reserveB
    const tooMuch = ((10n * held) / 1_000_000n).toString()
    await receive.fill(tooMuch)
    await expect(form.getByText(`Not enough liquidity: the pools connecting ALGO and gUSD on Grove, Grove stable and Tinyman v2-compatible (local) hold less than ${tooMuch} gUSD to give.`)).toBeVisible()
    await expect(form.getByText(/do not have enough ALGO/)).toHaveCount(0)
    await page.screenshot({ path: `screenshots/swap-no-liquidity-${width}.png` })
  })
}

test('an address with a bad checksum is named a typo, in our words, before anything is built', async ({ page }) => {
  const admin = (await algorand().account.localNetDispenser()).addr.toString()
  await page.goto('/admin')
  await connectKmd(page, admin)
  const field = page.getByRole('textbox', { name: 'New treasury address' })
  await expect(field).toBeVisible({ timeout: 30_000 })
  const typo = admin.slice(0, 20) + (admin[20] === 'A' ? 'B' : 'A') + admin.slice(21)
  await field.fill(typo)
  await expect(page.getByText('This address has a typo: its checksum does not match. Copy it again from its source')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Review treasury' })).toBeDisabled()
  await field.fill(admin.slice(0, 57))
  await expect(page.getByText('An Algorand address has 58 characters; this one has 57')).toBeVisible()
})

test('an open swap review whose price moves against the user says "Price updated" and asks again before signing', async ({ page }) => {
  test.setTimeout(120_000)
  const [user, mover] = [await newAccount({ algo: 20, tokens: { gUSD: 0 } }), await newAccount({ algo: 200, tokens: { gUSD: 0 } })]
  const gusd = token('gUSD').assetId
  await page.goto(`/dex/swap?asset_in=0&asset_out=${gusd}`)
  await connectMnemonic(page, user.mnemonic)
  await page.getByRole('textbox', { name: 'You pay' }).fill('1')
  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  await expect(dialog.getByRole('button', { name: 'Confirm swap' })).toBeEnabled({ timeout: 30_000 })
  const quoted = (await dialog.getByTestId('review-receive').textContent())!

  // Someone buys gUSD with 100 ALGO over the best route of both venues (where the user's 1 ALGO goes): the same 1 ALGO now buys less.
  const a = algorand()
  const signer = a.account.fromMnemonic(mover.mnemonic)
  const ids = stackInfo().deployment as ReturnType<typeof stackInfo>['deployment'] & { tinymanAppId: number }
  const algod = a.client.algod
  const venues = [
    groveVenue({ algod, dexAppId: BigInt(ids.dexAppId), registryAppId: BigInt(ids.registryAppId) }),
    tinymanVenue({ algod, validatorAppId: BigInt(ids.tinymanAppId), label: TINYMAN_LOCAL_LABEL }),
  ] as unknown as Venue[]
  const { book, plan } = await findRoute(venues, { kind: 'exact-in', assetIn: 0n, assetOut: BigInt(gusd), amount: 100_000_000n }, [])
  const group = await GroupBuilder.create({ algod, sender: signer.addr, signer: signer.signer })
  await buildRoute(group, book, plan!, 1n)
  await group.send()

  const updated = dialog.getByTestId('price-updated')
  await expect(updated).toBeVisible({ timeout: 40_000 })
  await expect(updated).toContainText(`You receive ${quoted} →`)
  await expect(dialog.getByRole('button', { name: 'Confirm swap' })).toBeDisabled()
  await page.screenshot({ path: 'screenshots/swap-price-updated-1280.png' })
  await dialog.getByRole('button', { name: 'Accept the new price' }).click()
  const accepted = (await dialog.getByTestId('review-receive').textContent())!
  expect(accepted).not.toBe(quoted)
  await confirmSwap(dialog)
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: /Swapped 1 ALGO for/ })).toBeVisible({ timeout: 30_000 })
  expect(await balance(user.address, gusd)).toBeGreaterThan(0n)
})

for (const width of WIDTHS) {
  test(`/admin offers to switch to the admin account when the connected wallet holds it, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    const admin = (await algorand().account.localNetDispenser()).addr.toString()
    const other = await newAccount({ algo: 1, kmd: true })
    await page.goto('/admin')
    await connectKmd(page, other.address)
    const offer = page.getByRole('status').filter({ hasText: 'Your wallet holds the admin account' })
    await expect(offer).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: `screenshots/admin-switch-${width}.png` })
    await offer.getByRole('button', { name: /^Switch to / }).click()
    await expect(page.locator('.admin-role')).toHaveText('You are signed in as the protocol admin.')
    await expect(offer).toBeHidden()
    expect(admin).toBe(await page.getByTestId('admin-address').textContent())
  })
}

test('the dashboard tabs all fit a 390 px phone, none cut off', async ({ page }) => {
  await page.setViewportSize(viewport(390))
  await page.goto('/dashboard')
  const tabs = page.getByRole('tablist', { name: 'Dashboard' })
  const box = (await tabs.boundingBox())!
  for (const tab of await tabs.getByRole('tab').all()) {
    const b = (await tab.boundingBox())!
    expect(b.x).toBeGreaterThanOrEqual(box.x - 0.5)
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
  }
  expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await page.screenshot({ path: 'screenshots/dashboard-tabs-390.png' })
})

test('at 1280 px the pools table and the admin’s project tables show their actions without sideways scrolling', async ({ page }) => {
  await page.setViewportSize(viewport(1280))
  const unclipped = async (table: string) => {
    const wrap = page.getByRole('table', { name: table, exact: true }).locator('xpath=ancestor::div[contains(@class, "table-wrap")][1]')
    await expect(wrap).toBeVisible({ timeout: 30_000 })
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), table).toBeLessThanOrEqual(1)
  }
  await page.goto('/shares')
  await expect(page.getByRole('table', { name: 'All pools' }).getByRole('button', { name: /^Add to the / }).first()).toBeVisible({ timeout: 30_000 })
  await unclipped('All pools')
  const admin = (await algorand().account.localNetDispenser()).addr.toString()
  await page.goto('/admin')
  await connectKmd(page, admin)
  await expect(page.locator('.admin-role')).toBeVisible({ timeout: 30_000 })
  await unclipped('Unverified projects')
  await unclipped('Verified projects')
  await page.getByRole('table', { name: 'Verified projects', exact: true }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'screenshots/admin-projects-1280.png' })
})

for (const width of WIDTHS) {
  test(`charts carry value axes and candles sit on a real time axis, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await page.goto('/dex/analytics')
    for (const title of ['Total value locked per day', 'Volume per day']) {
      const labels = page.getByRole('figure', { name: title }).locator('.chart-y-axis li')
      await expect(labels.first()).toHaveText('$0.00', { timeout: 30_000 })
      expect(await labels.count()).toBeGreaterThanOrEqual(3)
      await expect(labels.last()).toHaveText(/^\$[\d.,]+[KM]?$/)
    }
    await page.getByRole('figure', { name: 'Total value locked per day' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `screenshots/analytics-axes-${width}.png` })
    for (const tf of ['5m', '1h'] as const) {
      await page.goto(`/dex/chart?tf=${tf}`)
      await expect(page.getByTestId('candle-legend')).toHaveAttribute('data-last-time', /^\d+$/, { timeout: 30_000 })
      await page.waitForTimeout(500)
      await page.screenshot({ path: `screenshots/chart-${tf}-${width}.png` })
    }
  })
}

test('the swap card shows what each side is worth in dollars, the two within the trade’s cost', async ({ page }) => {
  const gusd = token('gUSD').assetId
  await page.goto(`/dex/swap?asset_in=0&asset_out=${gusd}`)
  await page.getByRole('textbox', { name: 'You pay' }).fill('10')
  const worths = page.locator('.amount-field__worth')
  await expect(worths).toHaveCount(2, { timeout: 30_000 })
  const dollars = async (i: number) => Number((await worths.nth(i).textContent())!.replace(/[≈$,\s]/g, ''))
  const [pay, receive] = [await dollars(0), await dollars(1)]
  expect(pay).toBeGreaterThan(0)
  // gUSD is the stable coin: what is received is worth its amount; what is paid is priced at Grove's
  // pools, while the route may take Tinyman's (1.5% richer in gUSD in the demo): the two within 2%
  const received = Number((await page.getByRole('textbox', { name: 'You receive' }).inputValue()).replace(/,/g, ''))
  expect(Math.abs(receive - received)).toBeLessThanOrEqual(0.01)
  expect(Math.abs(receive - pay)).toBeLessThan(pay * 0.02)
  await page.screenshot({ path: 'screenshots/swap-worth-1280.png' })
})

test('every chain time is written one way: "26 Nov 2026, 22:52"', async ({ page }) => {
  const ONE_FORMAT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/
  for (const path of ['/dex/chart', '/admin']) {
    await page.goto(path)
    const times = page.locator('main time')
    await expect(times.first()).toBeVisible({ timeout: 30_000 })
    for (const text of await times.allTextContents()) expect(text, path).toMatch(ONE_FORMAT)
  }
})

for (const width of WIDTHS) {
  test(`a staking pool's total is never rounded silently: the proposed schedule and the exact totals, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    const account = await newAccount({ algo: 20, tokens: { gUSD: 2_000 } })
    const [gusd, fern] = [token('gUSD').assetId, token('FERN').assetId]
    await page.goto('/staking/pools')
    await connectMnemonic(page, account.mnemonic)
    await page.getByRole('button', { name: 'Create staking pool' }).click()
    const create = page.getByRole('dialog', { name: 'Create a staking pool' })
    await create.getByLabel('Token stakers stake').selectOption(String(fern))
    await create.getByRole('button', { name: 'Next' }).click()
    await create.getByLabel('Reward token 1').selectOption(String(gusd))
    // more than the balance is refused where it is typed
    await create.getByLabel(/Total gUSD reward 1/).fill('2001')
    await expect(create.getByTestId('create-program-problem')).toHaveText('gUSD: you have only 2,000')
    await create.getByLabel(/Total gUSD reward 1/).fill('1000')
    await create.getByRole('button', { name: 'Next' }).click()
    // the schedule is proposed: 30 days from the next full hour
    const [start, end] = [await create.getByLabel('Starts').inputValue(), await create.getByLabel('Ends').inputValue()]
    expect(start).toMatch(/T\d{2}:00$/)
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(30)
    await create.getByRole('button', { name: 'Next' }).click()
    // 1,000 gUSD over 30 days is 385.8 units a second (the walk's 997.92): the exact totals either side are offered
    await expect(create.getByTestId('create-program-problem')).toHaveText('1,000 gUSD does not split into whole units a second over the program (30d): the program can pay 997.92 gUSD or 1,000.512 gUSD. Pick one.')
    await page.screenshot({ path: `screenshots/pools-create-exact-${width}.png` })
    await create.getByRole('group', { name: 'Exact totals' }).getByRole('button', { name: 'Pay 1,000.512 gUSD' }).click()
    await expect(create.getByTestId('create-program-problem')).toHaveCount(0)
    await expect(create.getByTestId('preview-deposit-1')).toHaveAttribute('data-amount', '1000512000')
  })
}

test('the lock tab names each lock by its short handle, never its 16-digit id', async ({ page }) => {
  await connectMnemonic(page, stackInfo().seed.demo.mnemonic)
  await page.goto('/dashboard?tab=lock')
  const panel = page.getByRole('tabpanel')
  await expect(panel.getByText(/^Lock #/).first()).toBeVisible()
  const labels = await panel.getByText(/^Lock #/).allTextContents()
  for (const label of labels) expect(label).toMatch(/^Lock #\d{4}…\d{4}$/)
  await page.screenshot({ path: 'screenshots/dashboard-locks-handles.png' })
})
