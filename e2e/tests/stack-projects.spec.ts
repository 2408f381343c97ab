// Locks and projects on the full stack: a token's creator makes a vesting lock from the dashboard,
// time moves (the localnet's dev-mode offset), the page's withdrawable amount is what algod pays;
// the creator registers the token's project, sees it listed, and its page shows the lock and the
// % of supply locked; once everything is withdrawn the lock is closed and its deposit comes back.
// A kmd account's lock of a demo pool's LP tokens earns the trades' fees (issue 40): the card shows them,
// Claim fees pays exactly that, and the lock browser lists the lock with its share of the pool. Here,
// among the stack-global specs that run alone, because its trades move a demo pool that other specs
// compare figures on. Screenshots at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test'
import { getApplicationAddress } from 'algosdk'
import { buildAddLiquidity, buildSwapExactIn, claimFees, dexContract, LOCK_MIN_BALANCE, locksContract, poolLevel, poolShareMillionths, vestedAt, withdrawableAt } from '@grove/sdk'
import { formatAmount } from '@grove/sdk/amount'
import { tinymanLabel } from '@grove/sdk/deployment'
import { algorand, assetBalance, chainNow, connectKmd, connectMnemonic, datetimeLocal, moveTime, newAccount, sdkContext, sdkReader, stackInfo, tickingFigure, token } from '../support/stack.ts'

const DECIMALS = 6
const WHOLE = 10n ** BigInt(DECIMALS)

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

test('a vesting lock pays what the page promised, and a registered project lists and shows its locks and % of supply locked', async ({ page }) => {
  test.setTimeout(240_000)
  const creator = await newAccount({ algo: 20 })
  const holder = await newAccount({ algo: 1 })
  const a = algorand()
  const creatorSigner = a.account.fromMnemonic(creator.mnemonic)
  const holderSigner = a.account.fromMnemonic(holder.mnemonic)
  // A token of the creator's: 1,000 issued, 400 given away, 300 to lock.
  const created = await a.send.assetCreate({ sender: creatorSigner.addr, total: 1000n * WHOLE, decimals: DECIMALS, unitName: 'VEST', assetName: 'Vest Test', suppressLog: true })
  const asset = created.assetId
  await a.send.assetOptIn({ sender: holderSigner.addr, assetId: asset, suppressLog: true })
  await a.send.assetTransfer({ sender: creatorSigner.addr, receiver: holderSigner.addr, assetId: asset, amount: 400n * WHOLE, suppressLog: true })

  await page.goto('/dashboard?tab=lock')
  await connectMnemonic(page, creator.mnemonic)
  await expect(page.getByText('You have no locks.')).toBeVisible({ timeout: 30_000 })

  // The stepper: asset, amount, cliff, end; a cliff after the end reads as words.
  const now = await chainNow()
  const cliff = ((now + 300n) / 60n + 1n) * 60n
  const end = cliff + 3600n
  await page.getByLabel('Asset to lock').selectOption(String(asset))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Amount of VEST').fill('300')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Vesting starts (cliff)').fill(await datetimeLocal(page, cliff))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Fully vested at (end)').fill(await datetimeLocal(page, cliff - 60n))
  await expect(page.getByTestId('create-lock-problem')).toHaveText('The cliff must not be after the end')
  await page.getByLabel('Fully vested at (end)').fill(await datetimeLocal(page, end))
  await expect(page.getByTestId('unlock-chart')).toBeVisible()
  await page.screenshot({ path: 'screenshots/lock-create-1280.png', fullPage: true })
  await page.getByRole('button', { name: 'Review lock' }).click()
  const review = page.getByRole('dialog', { name: 'Review lock' })
  await expect(review.getByTestId(`simulated-change-${asset}`)).toHaveAttribute('data-amount', String(-300n * WHOLE), { timeout: 30_000 })
  await review.getByRole('button', { name: 'Lock', exact: true }).click()
  await expect(toast(page, /Locked 300 VEST/)).toBeVisible({ timeout: 30_000 })
  await expect(review).toBeHidden()
  expect(await assetBalance(creator.address, asset)).toBe(300n * WHOLE)

  const card = page.locator('.lock-card').first()
  await expect(card).toBeVisible({ timeout: 30_000 })
  await expect(card.getByTestId('withdrawable')).toHaveAttribute('data-amount', '0')
  await expect(card.getByRole('button', { name: 'Withdraw' })).toBeDisabled()
  await expect(card.getByText('Nothing has vested yet.')).toBeVisible()

  // Halfway through the vesting: a transaction runs at the last block's time, so algod pays what the page
  // showed, plus what vested in the blocks other workers added before it ran.
  await moveTime(Number(cliff - now) + 1800)
  await page.reload()
  const withdrawable = card.getByTestId('withdrawable')
  await expect(withdrawable).not.toHaveAttribute('data-amount', '0', { timeout: 30_000 })
  await card.getByRole('button', { name: 'Withdraw' }).click()
  const dialog = page.getByRole('dialog', { name: /Withdraw from lock/ })
  await expect(dialog.getByTestId('simulated-fee')).toHaveAttribute('data-amount', '2000', { timeout: 30_000 })
  const { amount: promised, at: promisedAt } = await tickingFigure(withdrawable)
  const [lock] = await locksContract.readers.byOwner(sdkReader(), creator.address)
  expect(promised).toBeGreaterThan(0n)
  expect(promised).toBe(withdrawableAt(lock!, promisedAt))
  const before = await assetBalance(creator.address, asset)
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
  await expect(toast(page, /Withdraw: lock #[\d…]+ done/)).toBeVisible({ timeout: 30_000 })
  const received = (await assetBalance(creator.address, asset)) - before
  const ranAt = await chainNow()
  expect(received).toBeGreaterThanOrEqual(promised)
  expect(Array.from({ length: Number(ranAt - promisedAt) + 1 }, (_, k) => withdrawableAt(lock!, promisedAt + BigInt(k)))).toContain(received)
  expect(received).toBeLessThan(300n * WHOLE)
  await page.screenshot({ path: 'screenshots/lock-tab-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'screenshots/lock-tab-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Register the token's project, see it listed.
  await page.getByRole('tab', { name: 'Projects' }).click()
  await page.getByLabel('Asset id').fill(String(asset))
  await page.getByRole('button', { name: 'Next: name and link' }).click()
  const register = page.getByRole('dialog', { name: /Register project/ })
  await register.getByLabel(/Project name/).fill('Vest Test')
  await register.getByLabel(/Link/).fill('https://example.com/vest')
  await expect(register.getByTestId('simulated-fee')).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  await register.getByRole('button', { name: 'Register project', exact: true }).click()
  await expect(toast(page, /Register project: done/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId(`my-project-${asset}`)).toBeVisible({ timeout: 30_000 })

  await page.goto('/projects')
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('Vest')
  const row = page.getByTestId(`project-row-${asset}`)
  await expect(row.getByRole('link', { name: 'Vest Test' })).toBeVisible({ timeout: 30_000 })
  // Still unvested at the chain's now (not what is vested and waiting to be withdrawn) over the supply
  // outside the creator's account, whose holding grew by the withdrawal.
  const outside = 1000n * WHOLE - (await assetBalance(creator.address, asset))
  const unvestedPercent = async () => {
    const unvested = 300n * WHOLE - vestedAt(lock!, await chainNow())
    return `${(Number((unvested * 1_000_000n) / outside) / 10_000).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
  }
  await expect(async () => expect(await row.getByTestId('supply-locked').textContent()).toBe(await unvestedPercent())).toPass({ timeout: 30_000 })
  await page.screenshot({ path: 'screenshots/projects-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'screenshots/projects-390.png', fullPage: true })

  // Its page: the lock, the chart and the % of supply locked, said how.
  await row.getByRole('link', { name: 'Vest Test' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vest Test')
  await expect(async () => expect(await page.getByTestId('project-supply-locked').textContent()).toBe(await unvestedPercent())).toPass({ timeout: 30_000 })
  await expect(page.getByText(/not yet unlocked .*vested tokens waiting to be withdrawn are not counted.* outside the creator’s account/)).toBeVisible()
  await expect(page.getByTestId('project-locks').locator('tbody tr')).toHaveCount(1)
  await expect(page.getByTestId('unlock-chart')).toBeVisible()
  await page.screenshot({ path: 'screenshots/project-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: 'screenshots/project-1280.png', fullPage: true })

  // After the end: everything left is withdrawable, exactly what algod pays; the lock still holds it, yet
  // none of the supply is locked any more (issue 26, item 6).
  await moveTime(3600)
  await page.goto(`/projects/${asset}`)
  await expect(page.getByTestId('project-supply-locked')).toHaveText('0%', { timeout: 30_000 })
  await page.goto('/dashboard?tab=lock')
  const rest = 300n * WHOLE - received
  await expect(card.getByTestId('withdrawable')).toHaveAttribute('data-amount', String(rest), { timeout: 30_000 })
  await card.getByRole('button', { name: 'Withdraw' }).click()
  const last = page.getByRole('dialog', { name: /Withdraw from lock/ })
  await expect(last.getByTestId(`simulated-change-${asset}`)).toHaveAttribute('data-amount', String(rest), { timeout: 30_000 })
  const beforeLast = await assetBalance(creator.address, asset)
  await last.getByRole('button', { name: 'Withdraw', exact: true }).click()
  await expect(toast(page, /Withdraw: lock #[\d…]+ done/).first()).toBeVisible({ timeout: 30_000 })
  expect((await assetBalance(creator.address, asset)) - beforeLast).toBe(rest)

  // Everything withdrawn: the card offers closing; closing deletes the lock's boxes and algod pays their
  // deposit back to the creator (issue 26, item 15). The card leaves the list.
  // the card's badge (its details list a "Withdrawn" amount as well)
  await expect(card.locator('.badge')).toHaveText('Withdrawn', { timeout: 30_000 })
  await expect(card.getByRole('button', { name: 'Withdraw' })).toHaveCount(0)
  await expect(card.getByTestId('close-hint')).toHaveText('Everything has been withdrawn. Close the lock to get its 0.1015 ALGO deposit back.')
  await card.getByRole('button', { name: 'Close lock' }).click()
  const closing = page.getByRole('dialog', { name: /Close lock #[\d…]+/ })
  await expect(closing.getByTestId('review-close-refund')).toHaveText('0.1015 ALGO')
  await expect(closing.getByTestId('simulated-fee')).toHaveAttribute('data-amount', '2000', { timeout: 30_000 })
  await expect(closing.getByTestId('simulated-change-0')).toHaveAttribute('data-amount', String(LOCK_MIN_BALANCE), { timeout: 30_000 })
  const lockAppAddress = getApplicationAddress(BigInt(stackInfo().deployment.lockAppId))
  const [algoBefore, appBefore] = await Promise.all([a.client.algod.accountInformation(creator.address).do(), a.client.algod.accountInformation(lockAppAddress).do()])
  await closing.getByRole('button', { name: 'Close lock', exact: true }).click()
  await expect(toast(page, /Closed lock #[\d…]+: its 0\.1015 ALGO deposit went back to you/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('You have no locks.')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.lock-card')).toHaveCount(0)
  const [algoAfter, appAfter] = await Promise.all([a.client.algod.accountInformation(creator.address).do(), a.client.algod.accountInformation(lockAppAddress).do()])
  // the creator gains the deposit less the close's fee; the app's balance and minimum balance fall by the deposit
  expect(algoAfter.amount - algoBefore.amount).toBe(LOCK_MIN_BALANCE - 2000n)
  expect(appBefore.amount - appAfter.amount).toBe(LOCK_MIN_BALANCE)
  expect(appBefore.minBalance - appAfter.minBalance).toBe(LOCK_MIN_BALANCE)
  expect(await locksContract.readers.byOwner(sdkReader(), creator.address)).toEqual([])
})

test('a project’s liquidity counts every pool of its token, on both venues and whatever it is paired with: the list and the page say one figure (issue 36, item 7)', async ({ page }) => {
  const { analyticsUrl } = stackInfo()
  type ApiPool = { id: number; venue: 'grove' | 'tinyman'; assetA: { id: number }; assetB: { id: number }; tvlUsd: number | null }
  // what the analytics service values each pool at (the SDK's TVL, at the prices Grove's pools give)
  const liquidityOf = async (asset: number) => {
    const { pools } = (await (await fetch(`${analyticsUrl}/api/pools?limit=500`)).json()) as { pools: ApiPool[] }
    const holding = pools.filter((p) => p.assetA.id === asset || p.assetB.id === asset)
    return { usd: holding.reduce((sum, p) => sum + (p.tvlUsd ?? 0), 0), venues: new Set(holding.map((p) => p.venue)), count: holding.length }
  }
  for (const unit of ['MOSS', 'ACORN']) {
    const asset = token(unit).assetId
    await page.goto('/projects')
    const row = page.getByTestId(`project-row-${asset}`)
    const cell = row.getByTestId('project-liquidity')
    await expect(cell).toHaveAttribute('data-usd', /^\d/, { timeout: 30_000 })
    // before: "None", since neither trades in a Grove ALGO pool
    await expect(cell).not.toHaveText('None')
    await expect(cell).toHaveText(/^\$[\d,.]+[KMB]? \([\d,.]+ ALGO\)$/)
    await expect(async () => {
      await page.reload()
      const expected = await liquidityOf(asset)
      expect(expected.count).toBeGreaterThan(0)
      await expect(cell).toHaveAttribute('data-pools', String(expected.count), { timeout: 15_000 })
      expect(Math.abs(Number(await cell.getAttribute('data-usd')) - expected.usd) / expected.usd).toBeLessThan(1e-6)
    }).toPass({ timeout: 60_000 })
    const listed = { usd: await cell.getAttribute('data-usd'), text: await cell.textContent() }

    // its page: the same figure, over the same pools, each named by its venue
    await row.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/projects/${asset}$`))
    // the URL changes before the lazily loaded page replaces the list: wait for the list to leave
    await expect(page.getByTestId(`project-row-${asset}`)).toHaveCount(0)
    const figure = page.getByTestId('project-liquidity')
    await expect(figure).toHaveAttribute('data-usd', listed.usd!, { timeout: 30_000 })
    await expect(figure).toHaveText(listed.text!)
    const { venues, count } = await liquidityOf(asset)
    const rows = page.getByTestId('project-pool')
    await expect(rows).toHaveCount(count)
    expect(new Set(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-venue'))))).toEqual(venues)
    for (const tr of await rows.all()) await expect(tr.getByTestId('pool-venue')).toHaveText((await tr.getAttribute('data-venue')) === 'grove' ? 'Grove' : tinymanLabel(stackInfo().deployment))
  }
  // MOSS trades on both venues (FERN/MOSS on Grove, ALGO/MOSS on Tinyman)
  expect((await liquidityOf(token('MOSS').assetId)).venues).toEqual(new Set(['grove', 'tinyman']))
})

test('a kmd account’s lock of a demo pool’s LP tokens earns the trades’ fees: the card shows them, Claim fees pays exactly that, and /lock lists the lock with its share of the pool (issue 40)', async ({ page }) => {
  test.setTimeout(240_000)
  const cnpy = BigInt(token('CNPY').assetId)
  const reader = sdkReader()
  const start = (await dexContract.readers.pool(reader, 0n, cnpy))!
  // about 1% of the ALGO/CNPY pool's liquidity, added through the SDK: the LP tokens to lock
  const algoIn = start.reserveA / 100n
  const cnpyIn = (algoIn * start.reserveB) / start.reserveA + 1n
  const wholeCnpy = 10n ** BigInt(token('CNPY').decimals)
  const owner = await newAccount({ algo: Number(algoIn / WHOLE) + 20, tokens: { CNPY: String(cnpyIn / wholeCnpy + 1n) }, kmd: true })
  const ctx = sdkContext(owner)
  await (await buildAddLiquidity(ctx, start, algoIn, cnpyIn, 1n)).composer.execute(ctx.algod, 4)
  const lp = start.lpAsset
  const held = await assetBalance(owner.address, lp)
  expect(held).toBeGreaterThan(0n)

  // the lock, made in the page as the kmd account: all its LP tokens, a time lock two days away
  await page.goto('/dashboard?tab=lock')
  await connectKmd(page, owner.address)
  await expect(page.getByText('You have no locks.')).toBeVisible({ timeout: 30_000 })
  await page.getByLabel('Asset to lock').selectOption(String(lp))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel(/^Amount of /).fill(formatAmount(held, DECIMALS))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel(/Time lock/).check()
  await page.getByRole('button', { name: 'Next' }).click()
  const end = (((await chainNow()) + 2n * 86_400n) / 60n + 1n) * 60n
  await page.getByLabel('Unlocks at').fill(await datetimeLocal(page, end))
  await page.getByRole('button', { name: 'Review lock' }).click()
  const review = page.getByRole('dialog', { name: 'Review lock' })
  await expect(review.getByTestId(`simulated-change-${lp}`)).toHaveAttribute('data-amount', String(-held), { timeout: 30_000 })
  await review.getByRole('button', { name: 'Lock', exact: true }).click()
  await expect(toast(page, /Locked .* LP/)).toBeVisible({ timeout: 30_000 })
  const [lock] = await locksContract.readers.byOwner(reader, owner.address)
  expect(lock).toMatchObject({ asset: lp, amount: held, liquidity: true })
  const card = page.getByTestId(`lock-${lock!.id}`)
  await expect(card.getByTestId('fees-pending')).toHaveAttribute('data-amount', '0', { timeout: 30_000 })

  // trades through the pool, back and forth: their fees stay in the reserves and raise the pool's level
  const swap = start.reserveA / 50n
  // each round trip costs the trader its fees (0.6%): room for two
  const trader = await newAccount({ algo: Number((swap + swap / 50n) / WHOLE) + 20, tokens: { CNPY: 0 } })
  const tctx = sdkContext(trader)
  for (let i = 0; i < 2; i++) {
    const before = await assetBalance(trader.address, cnpy)
    await (await buildSwapExactIn(tctx, 0n, cnpy, swap, 1n)).composer.execute(tctx.algod, 4)
    const bought = (await assetBalance(trader.address, cnpy)) - before
    await (await buildSwapExactIn(tctx, cnpy, 0n, bought, 1n)).composer.execute(tctx.algod, 4)
  }

  // the card's fees are the SDK's claim over the fee box and the pool as algod has them (nothing else trades here)
  await page.reload()
  const pending = card.getByTestId('fees-pending')
  await expect(pending).not.toHaveAttribute('data-amount', /^0?$/, { timeout: 30_000 })
  const shown = BigInt((await pending.getAttribute('data-amount'))!)
  const fees = (await locksContract.readers.fees(reader, lock!.id))!
  const pool = (await dexContract.readers.pool(reader, 0n, cnpy))!
  expect(shown).toBe(claimFees(lock!, fees.level, poolLevel(pool, 'now'), await chainNow()).units)
  await page.screenshot({ path: 'screenshots/lock-fees-card-1280.png', fullPage: true })

  // Claim fees: the review says the same, the toast says what algod delivered, and that is what the card showed
  await card.getByRole('button', { name: 'Claim fees' }).click()
  const claim = page.getByRole('dialog', { name: /Claim the fees of lock/ })
  await expect(claim.getByTestId('simulated-fee')).toHaveAttribute('data-amount', '3000', { timeout: 30_000 })
  await expect(claim.getByTestId('review-claim-fees')).toContainText(formatAmount(shown, DECIMALS, { thousands: true }))
  const lpBefore = await assetBalance(owner.address, lp)
  await claim.getByRole('button', { name: 'Claim fees', exact: true }).click()
  const claimed = toast(page, /Claimed .* of fees from lock/)
  await expect(claimed).toBeVisible({ timeout: 30_000 })
  expect(await assetBalance(owner.address, lp)).toBe(lpBefore + shown)
  await expect(claimed).toContainText(`Claimed ${formatAmount(shown, DECIMALS, { thousands: true })} `)
  const after = (await locksContract.readers.lock(reader, lock!.id))!
  expect(after.amount).toBe(held - shown)

  // the lock browser lists the lock of the LP token with its share of the pool's LP supply
  const share = Number(poolShareMillionths(after.amount - after.withdrawn, (await dexContract.readers.pool(reader, 0n, cnpy))!))
  expect(share).toBeGreaterThan(100)
  await page.goto(`/lock?asset=${lp}`)
  const row = page.getByTestId(`browser-lock-${lock!.id}`)
  await expect(async () => {
    await page.reload()
    await expect(row.getByTestId('pool-share')).toHaveText(`${(share / 10_000).toFixed(2)}%`, { timeout: 5_000 })
  }).toPass({ timeout: 60_000 })
  await expect(row.getByTestId('fees-claimed')).toContainText(formatAmount(shown, DECIMALS, { thousands: true }))
})
