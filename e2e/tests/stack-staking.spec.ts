// Farms and staking pools on the full stack. The demo seed has no programs of its own here, so each
// test makes the ones it needs through @grove/sdk (as the web app's builders do) and its own token
// and pool, then acts in the page: stake LP in a farm, time moves (Grove's clock), the claim pays
// what the page promised; a staking pool made through the stepper; unstake after the minimum stake
// time with the refusals before it in words; emergency withdraw; the farms' filters survive a visit
// elsewhere. Screenshots at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test'
import { buildAddLiquidity, buildCreatePool, dexContract, firstAddMinLp, staking, stakingContract } from '@grove/sdk'
import { algorand, assetBalance, balance, chainNow, connectMnemonic, createProgram, datetimeLocal, moveTime, newAccount, sdkContext, sdkReader, tickingFigure, token, toUnits, type TestAccount } from '../support/stack.ts'

/** A fresh account with its own 6-decimal token and the ALGO pool of it (100 ALGO : 10,000 tokens), holding the pool's LP tokens. */
async function withOwnPool(unitName: string): Promise<{ account: TestAccount; asset: bigint; lpAsset: bigint }> {
  const account = await newAccount({ algo: 400 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 10_000_000_000_000n, decimals: 6, assetName: `${unitName} Test`, unitName, suppressLog: true })
  const algod = a.client.algod
  const ctx = sdkContext(account)
  await (await buildCreatePool(ctx, 0n, created.assetId)).composer.execute(algod, 4)
  const empty = await dexContract.readers.pool(ctx, 0n, created.assetId)
  if (!empty) throw new Error(`the ALGO/${unitName} pool was not created`)
  await (await buildAddLiquidity(ctx, empty, 100_000_000n, 10_000_000_000n, firstAddMinLp(100_000_000n, 10_000_000_000n, 0n))).composer.execute(algod, 4)
  const pool = await dexContract.readers.pool(ctx, 0n, created.assetId)
  return { account, asset: created.assetId, lpAsset: pool!.lpAsset }
}

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

test('a farm pays on claim exactly what the page showed as pending', async ({ page }) => {
  test.setTimeout(240_000)
  const { account, asset, lpAsset } = await withOwnPool('FRMA')
  const start = (await chainNow()) + 30n
  const rate = 2_000n // 0.002 FRMA a second
  const id = await createProgram(account, { stakeAsset: lpAsset, rewards: [{ asset, rate }], start, end: start + 86_400n })
  const lpHeld = await assetBalance(account.address, lpAsset)

  await page.goto('/staking/farms')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: 'Upcoming' }).click()
  const card = page.getByTestId(`program-${id}`)
  await expect(card).toBeVisible({ timeout: 30_000 })
  await expect(card.getByRole('heading')).toHaveText('Stake ALGO/FRMA LP earn FRMA')
  await expect(card.getByTestId('program-time')).toHaveText(/^Starts in /)

  // Stake half the LP tokens, with the review's simulation showing them leave.
  await card.getByRole('button', { name: 'Stake', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Stake: / })
  await dialog.getByRole('button', { name: 'Max' }).click()
  await expect(dialog.getByLabel(/Amount of ALGO\/FRMA LP to stake/)).not.toHaveValue('')
  const staked = lpHeld / 2n
  const lpInfo = await algorand().client.algod.getAssetByID(lpAsset).do()
  const lpDecimals = Number(lpInfo.params?.decimals ?? 6)
  const unit = 10n ** BigInt(lpDecimals)
  await dialog.getByLabel(/Amount of ALGO\/FRMA LP to stake/).fill(lpDecimals ? `${staked / unit}.${String(staked % unit).padStart(lpDecimals, '0')}` : String(staked))
  await expect(dialog.getByTestId(`simulated-change-${lpAsset}`)).toHaveAttribute('data-amount', String(-staked), { timeout: 30_000 })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'screenshots/farms-stake-dialog-390.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByRole('button', { name: 'Stake', exact: true }).click()
  await expect(toast(page, new RegExp(`Stake: ALGO/FRMA LP → FRMA done`))).toBeVisible({ timeout: 30_000 })
  expect(await assetBalance(account.address, lpAsset)).toBe(lpHeld - staked)

  // An hour into the program, the page's pending figure is the SDK's math at the chain second the page
  // shows it for (other workers' blocks move the chain's clock, so that second is read off the page).
  await moveTime(3_600)
  await page.getByRole('button', { name: 'Active' }).click()
  const pending = card.getByTestId('pending-1')
  const ctx = sdkContext(account)
  const programBefore = (await stakingContract.readers.program(ctx, id))!
  const positionBefore = (await stakingContract.readers.position(ctx, id, account.address))!
  const t0 = await chainNow()
  expect(staking.pendingRewards(programBefore, positionBefore, t0)[0]).toBeGreaterThan(0n)
  await expect.poll(async () => {
    const { amount, at } = await tickingFigure(pending)
    return at >= t0 && amount === staking.pendingRewards(programBefore, positionBefore, at)[0]
  }, { timeout: 30_000 }).toBe(true)
  await expect(card.getByTestId('program-apr')).toHaveText(/%$/)
  await expect(card.getByTestId('program-tvl')).toContainText('ALGO')
  await page.screenshot({ path: 'screenshots/farms-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'screenshots/farms-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  const { amount: promised, at: promisedAt } = await tickingFigure(pending)
  await card.getByRole('button', { name: 'Claim' }).click()
  const claim = page.getByRole('dialog', { name: /^Claim: / })
  // The review simulates at the newest block's time: the same math at a second no earlier than the page's.
  const simulated = claim.getByTestId(`simulated-change-${asset}`)
  await expect(simulated).toHaveAttribute('data-amount', /^\d+$/, { timeout: 30_000 })
  const simulatedAmount = BigInt((await simulated.getAttribute('data-amount'))!)
  const latest = await chainNow()
  expect(simulatedAmount).toBeGreaterThanOrEqual(promised)
  expect(simulatedAmount).toBeLessThanOrEqual(staking.pendingRewards(programBefore, positionBefore, latest + 1n)[0])
  const before = await assetBalance(account.address, asset)
  await claim.getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(toast(page, new RegExp(`Claim: ALGO/FRMA LP → FRMA done`))).toBeVisible({ timeout: 30_000 })
  const received = (await assetBalance(account.address, asset)) - before
  // The claim ran at the program's new last update: algod paid the SDK's amount at that time, which
  // is the page's figure plus the rate for each second between (none when no other block came).
  const after = (await stakingContract.readers.program(ctx, id))!
  expect(received).toBe(staking.pendingRewards(programBefore, positionBefore, after.lastUpdate)[0])
  expect(received).toBeGreaterThanOrEqual(promised)
  expect(received - promised).toBeLessThanOrEqual(rate * (after.lastUpdate - promisedAt))
  // What accrued since the claim is pending again, by the same math, at the second the page shows.
  const position = (await stakingContract.readers.position(ctx, id, account.address))!
  await expect.poll(async () => {
    const { amount, at } = await tickingFigure(pending)
    return at >= after.lastUpdate && amount === staking.pendingRewards(after, position, at)[0]
  }, { timeout: 30_000 }).toBe(true)
})

test('a staking pool made through the stepper, refusals in words before sending, then unstake after the minimum stake time', async ({ page }) => {
  test.setTimeout(300_000)
  const account = await newAccount({ algo: 50, tokens: { gUSD: 2_000, FERN: 500 } })
  const gusd = BigInt(token('gUSD').assetId)
  const fern = BigInt(token('FERN').assetId)
  await page.goto('/staking/pools')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: 'Create staking pool' }).click()
  const create = page.getByRole('dialog', { name: 'Create a staking pool' })
  await create.getByLabel('Token stakers stake').selectOption(String(fern))
  await create.getByRole('button', { name: 'Next' }).click()
  await create.getByLabel('Reward token 1').selectOption(String(gusd))
  await create.getByLabel(/Total gUSD reward 1/).fill('1000')
  await create.getByRole('button', { name: 'Next' }).click()
  const now = await chainNow()
  const start = ((now + 600n) / 60n + 1n) * 60n
  const end = start + 86_400n
  await create.getByLabel('Starts').fill(await datetimeLocal(page, now - 3_600n))
  await create.getByLabel('Ends').fill(await datetimeLocal(page, end))
  await create.getByLabel(/Minimum stake time/).fill('1')
  await expect(create.getByTestId('create-program-problem')).toHaveText('The start must not be in the past (by the chain’s clock)')
  await create.getByLabel('Starts').fill(await datetimeLocal(page, start))
  await create.getByRole('button', { name: 'Next' }).click()
  // 1,000 gUSD does not split into whole units a second over a day: the nearest exact totals are offered, never rounded silently
  await expect(create.getByTestId('create-program-problem')).toHaveText('1,000 gUSD does not split into whole units a second over the program (1d): the program can pay 999.9936 gUSD or 1,000.08 gUSD. Pick one.')
  await page.screenshot({ path: 'screenshots/pools-create-exact-1280.png' })
  await create.getByRole('group', { name: 'Exact totals' }).getByRole('button', { name: 'Pay 999.9936 gUSD' }).click()
  const rate = 1_000_000_000n / 86_400n
  await expect(create.getByTestId('preview-rate-1')).toHaveAttribute('data-rate', String(rate))
  await expect(create.getByTestId('preview-deposit-1')).toHaveAttribute('data-amount', String(rate * 86_400n))
  await page.screenshot({ path: 'screenshots/pools-create-1280.png' })
  await create.getByRole('button', { name: 'Review program' }).click()
  const review = page.getByRole('dialog', { name: 'Review staking pool' })
  await expect(review.getByTestId(`simulated-change-${gusd}`)).toHaveAttribute('data-amount', String(-rate * 86_400n), { timeout: 30_000 })
  await expect(review.getByTestId('review-min-balance')).toBeVisible()
  const gusdBefore = await balance(account.address, 'gUSD')
  await review.getByRole('button', { name: 'Create staking pool', exact: true }).click()
  await expect(toast(page, /Created the staking pool: stake FERN, earn gUSD/)).toBeVisible({ timeout: 30_000 })
  expect(gusdBefore - (await balance(account.address, 'gUSD'))).toBe(rate * 86_400n)

  await page.getByRole('button', { name: 'Upcoming' }).click()
  await page.getByPlaceholder('Search staking pools by token').fill('fern gusd')
  const programs = await stakingContract.readers.programs(sdkReader())
  const id = programs.filter((p) => p.creator === account.address).at(-1)!.id
  const card = page.getByTestId(`program-${id}`)
  await expect(card).toBeVisible({ timeout: 30_000 })

  // Stake 200 FERN; more than held reads as words first.
  await card.getByRole('button', { name: 'Stake', exact: true }).click()
  let dialog = page.getByRole('dialog', { name: /^Stake: / })
  await dialog.getByLabel('Amount of FERN to stake').fill('600')
  await expect(dialog.getByRole('alert')).toHaveText('You have only 500 FERN')
  await dialog.getByLabel('Amount of FERN to stake').fill('200')
  await expect(dialog.getByTestId(`simulated-change-${fern}`)).toHaveAttribute('data-amount', String(-toUnits('FERN', 200)), { timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Stake', exact: true }).click()
  await expect(toast(page, new RegExp(`Stake: FERN → gUSD done`))).toBeVisible({ timeout: 30_000 })
  await expect(card.getByTestId('my-stake')).toHaveAttribute('data-amount', String(toUnits('FERN', 200)), { timeout: 30_000 })

  // Before the start: nothing to claim yet, in words.
  await card.getByRole('button', { name: 'Claim' }).click()
  dialog = page.getByRole('dialog', { name: /^Claim: / })
  await expect(dialog.getByRole('alert')).toHaveText(/^The program has not started yet: rewards start in /)
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Under the minimum stake time, and more than staked.
  await card.getByRole('button', { name: 'Unstake' }).click()
  dialog = page.getByRole('dialog', { name: /^Unstake: / })
  await dialog.getByLabel('Amount of FERN to unstake').fill('300')
  await expect(dialog.getByRole('alert')).toHaveText('That is more than you have staked')
  await dialog.getByRole('button', { name: 'Max' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/^Your stake is still under the minimum stake time: you can unstake in /)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'screenshots/pools-unstake-dialog-390.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Past the start and the hour: unstake everything; the rewards stay claimable.
  await moveTime(Number(start - now) + 3_700)
  await page.getByRole('button', { name: 'Active' }).click()
  await expect(card).toBeVisible({ timeout: 30_000 })
  await expect(card.getByTestId('pending-1')).not.toHaveAttribute('data-amount', '0', { timeout: 30_000 })
  await page.screenshot({ path: 'screenshots/pools-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'screenshots/pools-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await card.getByRole('button', { name: 'Unstake' }).click()
  dialog = page.getByRole('dialog', { name: /^Unstake: / })
  await dialog.getByRole('button', { name: 'Max' }).click()
  await expect(dialog.getByTestId(`simulated-change-${fern}`)).toHaveAttribute('data-amount', String(toUnits('FERN', 200)), { timeout: 30_000 })
  const fernBefore = await balance(account.address, 'FERN')
  await dialog.getByRole('button', { name: 'Unstake', exact: true }).click()
  await expect(toast(page, new RegExp(`Unstake: FERN → gUSD done`))).toBeVisible({ timeout: 30_000 })
  expect((await balance(account.address, 'FERN')) - fernBefore).toBe(toUnits('FERN', 200))
  await expect(card.getByTestId('my-stake')).toHaveAttribute('data-amount', '0', { timeout: 30_000 })
})

test('emergency withdraw returns the whole stake at once and forfeits the pending rewards, after a plain warning', async ({ page }) => {
  test.setTimeout(240_000)
  const { account, asset } = await withOwnPool('EMGA')
  const start = (await chainNow()) + 5n
  // A single-token pool: stake EMGA, earn ALGO, with a day's minimum stake time that emergency ignores.
  const id = await createProgram(account, { stakeAsset: asset, rewards: [{ asset: 0n, rate: 100n }], start, end: start + 7n * 86_400n, minStakeSeconds: 86_400n })
  const ctx = sdkContext(account)
  const stake = 1_000_000_000n
  await (await staking.buildStake(ctx, (await stakingContract.readers.program(ctx, id))!, stake)).composer.execute(ctx.algod, 4)
  await moveTime(600)
  const held = await assetBalance(account.address, asset)

  await page.goto('/staking/pools')
  await connectMnemonic(page, account.mnemonic)
  const card = page.getByTestId(`program-${id}`)
  await expect(card.getByTestId('pending-1')).not.toHaveAttribute('data-amount', '0', { timeout: 30_000 })
  await card.getByRole('button', { name: 'Emergency withdraw' }).click()
  const dialog = page.getByRole('dialog', { name: /^Emergency withdraw: / })
  await expect(dialog.getByText('You give up your pending rewards')).toBeVisible()
  await expect(dialog.getByText(/forfeits .* ALGO of pending rewards/)).toBeVisible()
  await expect(dialog.getByTestId(`simulated-change-${asset}`)).toHaveAttribute('data-amount', String(stake), { timeout: 30_000 })
  await page.screenshot({ path: 'screenshots/pools-emergency-dialog-1280.png' })
  await dialog.getByRole('button', { name: 'Emergency withdraw', exact: true }).click()
  await expect(toast(page, new RegExp(`Emergency withdraw: EMGA → ALGO done`))).toBeVisible({ timeout: 30_000 })
  expect((await assetBalance(account.address, asset)) - held).toBe(stake)
  expect(await stakingContract.readers.position(ctx, id, account.address)).toBeUndefined()
  await expect(card.getByTestId('my-stake')).toHaveCount(0, { timeout: 30_000 })
})

test('farms keep their search and status filter after a visit to another page', async ({ page }) => {
  test.setTimeout(180_000)
  const { account, asset, lpAsset } = await withOwnPool('KEPA')
  const start = (await chainNow()) + 5n
  const id = await createProgram(account, { stakeAsset: lpAsset, rewards: [{ asset, rate: 10n }], start, end: start + 30n })
  await moveTime(60)
  await page.goto('/staking/farms')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await page.getByPlaceholder('Search farms by token or pool').fill('KEPA')
  await page.getByRole('button', { name: 'Ended' }).click()
  const card = page.getByTestId(`program-${id}`)
  await expect(card).toBeVisible({ timeout: 30_000 })
  await expect(card.getByTestId('program-status')).toHaveText('Ended')
  await nav.getByRole('link', { name: 'Swap' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap')
  await nav.getByRole('link', { name: 'Farms' }).click()
  await expect(page.getByPlaceholder('Search farms by token or pool')).toHaveValue('KEPA')
  await expect(page.getByRole('button', { name: 'Ended' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('.program-card')).toHaveCount(1)
  await expect(card).toBeVisible()

  // The token's project page lists the farm (it pays KEPA and stakes an LP token of KEPA's pool).
  await page.goto(`/projects/${asset}`)
  const listed = page.getByTestId('project-programs').locator('tbody tr')
  await expect(listed).toHaveCount(1, { timeout: 30_000 })
  await expect(listed.first()).toContainText('Farm: ALGO/KEPA LP → KEPA')
  await expect(listed.first()).toContainText('Ended')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByTestId('project-programs').scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'screenshots/project-programs-390.png' })
})
