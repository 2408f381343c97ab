// /dex/swap on the full stack: quotes, the review modal, signing through the KMD and Mnemonic
// wallets, and algod's balances afterwards compared with what the page promised. Every test trades
// from its own fresh account; pools are shared, so amounts received are checked against the
// promised minimum (exact-in) or exactly (exact-out on one pool), never against a live quote.
import { expect, test, type Page } from '@playwright/test'
import { balances, connectKmd, connectMnemonic, failNextKmdSignature, fromUnits, newAccount, toUnits, token } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

/** Picks `unit` for one side of the form through the token selector. */
async function pickToken(page: Page, side: 'You pay' | 'You receive', unit: string) {
  await page.getByRole('button', { name: new RegExp(`^${side}: `) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill(unit)
  await dialog.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: new RegExp(`^${unit}✓?$`) }) }).first().click()
  await expect(dialog).toBeHidden()
}

/** Reads "12.5 gUSD" (as the page prints it, thousands separated) as base units of `unit`. */
function units(text: string, unit: string): bigint {
  const number = text.replace(unit, '').replace(/,/g, '').trim()
  return toUnits(unit, number)
}

/** Opens the review modal and reads what it promises. */
async function review(page: Page) {
  await page.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  // other specs trade in the same pools: a price that moved while the review opened is accepted first
  const accept = dialog.getByRole('button', { name: 'Accept the new price' })
  await expect(async () => {
    if (await accept.isVisible()) await accept.click()
    await expect(dialog.getByRole('button', { name: 'Confirm swap' })).toBeEnabled({ timeout: 3_000 })
  }).toPass({ timeout: 40_000 })
  return {
    dialog,
    pay: (await dialog.getByTestId('review-pay').textContent())!,
    receive: (await dialog.getByTestId('review-receive').textContent())!,
    limit: (await dialog.getByTestId('trade-limit').textContent())!,
    fee: units((await dialog.getByTestId('network-fee').textContent())!, 'ALGO'),
    /** Hops over every path of the route. */
    route: await dialog.getByTestId('route-hop').count(),
  }
}

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

test('swaps ALGO for gUSD with the Mnemonic wallet, opting in first, and algod shows what the page promised', async ({ page }) => {
  const account = await newAccount({ algo: 50 })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You receive', 'gUSD')
  await page.getByRole('textbox', { name: 'You pay' }).fill('10')
  // The account has never held gUSD: the page offers the opt-in first.
  await expect(page.getByText('Your account is not opted in to gUSD yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Opt in to gUSD' }).click()
  await expect(toast(page, /You can now receive gUSD/)).toBeVisible()

  const before = await balances(account.address, ['ALGO', 'gUSD'])
  const promise = await review(page)
  expect(promise.pay).toBe('10 ALGO')
  await confirmSwap(promise.dialog)
  await expect(toast(page, /Swapped 10 ALGO for/)).toBeVisible()
  await expect(promise.dialog).toBeHidden()

  const after = await balances(account.address, ['ALGO', 'gUSD'])
  expect(before.ALGO - after.ALGO).toBe(10_000_000n + promise.fee)
  expect(after.gUSD - before.gUSD >= units(promise.limit, 'gUSD')).toBe(true)
  // The balances on the page follow once the swap confirms.
  await expect(page.getByRole('textbox', { name: 'You pay' })).toHaveValue('')
  await expect(page.getByText(`Balance ${(Number(after.gUSD) / 1e6).toLocaleString('en-US', { maximumFractionDigits: 6 })}`)).toBeVisible()
})

test('swaps gUSD for FERN through two pools with the KMD wallet', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { gUSD: 100, FERN: 0 }, kmd: true })
  await page.goto('/dex/swap')
  await connectKmd(page, account.address)
  await pickToken(page, 'You pay', 'gUSD')
  await pickToken(page, 'You receive', 'FERN')
  await page.getByRole('textbox', { name: 'You pay' }).fill('25')
  await expect(page.getByTestId('price-impact')).toBeVisible()
  // The card's fee is the built group's (budget calls included), not an estimate from the route.
  const cardFee = page.getByRole('form', { name: 'Swap' }).getByTestId('network-fee')
  await expect(cardFee).toHaveText(/^[\d.]+ ALGO$/, { timeout: 20_000 })
  await expect(page.getByRole('form', { name: 'Swap' }).getByText('Network fee (estimated)')).toHaveCount(0)
  const feeOnCard = units((await cardFee.textContent())!, 'ALGO')

  const before = await balances(account.address, ['ALGO', 'gUSD', 'FERN'])
  const promise = await review(page)
  // through ALGO: two hops, or more where the shared chain's other trades make a split over both venues pay
  expect(promise.route).toBeGreaterThanOrEqual(2)
  expect(promise.fee).toBe(feeOnCard)
  await confirmSwap(promise.dialog)
  await expect(toast(page, /Swapped 25 gUSD for .* FERN/)).toBeVisible()

  const after = await balances(account.address, ['ALGO', 'gUSD', 'FERN'])
  expect(before.gUSD - after.gUSD).toBe(25_000_000n)
  expect(before.ALGO - after.ALGO).toBe(promise.fee)
  expect(after.FERN - before.FERN >= units(promise.limit, 'FERN')).toBe(true)
})

test('an exact-out swap delivers exactly the amount asked for and spends at most the maximum sold', async ({ page }) => {
  const account = await newAccount({ algo: 50, tokens: { FERN: 0 } })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You receive', 'FERN')
  await page.getByRole('textbox', { name: 'You receive' }).fill('3')
  await expect(page.getByRole('textbox', { name: 'You pay' })).not.toHaveValue('')

  const before = await balances(account.address, ['ALGO', 'FERN'])
  const promise = await review(page)
  expect(promise.route).toBe(1)
  expect(promise.receive).toBe('3 FERN')
  await confirmSwap(promise.dialog)
  await expect(toast(page, /Swapped .* ALGO for 3 FERN/)).toBeVisible()

  const after = await balances(account.address, ['ALGO', 'FERN'])
  // the toast states what algod took (fee apart), not the maximum
  await expect(toast(page, new RegExp(`Swapped ${fromUnits('ALGO', before.ALGO - after.ALGO - promise.fee).replace('.', '\\.')} ALGO for 3 FERN`))).toBeVisible()
  expect(after.FERN - before.FERN).toBe(toUnits('FERN', '3'))
  expect(before.ALGO - after.ALGO <= units(promise.limit, 'ALGO') + promise.fee).toBe(true)
})

test('an exact-out swap through a route delivers exactly the amount asked for and spends only what it costs', async ({ page }) => {
  const account = await newAccount({ algo: 20, tokens: { gUSD: 200, FERN: 0 } })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You pay', 'gUSD')
  await pickToken(page, 'You receive', 'FERN')
  await page.getByRole('textbox', { name: 'You receive' }).fill('1000')
  await expect(page.getByRole('textbox', { name: 'You pay' })).not.toHaveValue('')

  const before = await balances(account.address, ['ALGO', 'gUSD', 'FERN'])
  const promise = await review(page)
  expect(promise.route).toBeGreaterThan(1)
  await confirmSwap(promise.dialog)
  await expect(toast(page, /Swapped .* gUSD for 1,000 FERN/)).toBeVisible()

  const after = await balances(account.address, ['ALGO', 'gUSD', 'FERN'])
  // the toast states what the route really took, not the maximum
  await expect(toast(page, new RegExp(`Swapped ${fromUnits('gUSD', before.gUSD - after.gUSD).replace('.', '\\.')} gUSD for 1,000 FERN`))).toBeVisible()
  // exactly what was asked (a route used to spend the whole maximum and deliver more)
  expect(after.FERN - before.FERN).toBe(toUnits('FERN', '1000'))
  expect(before.gUSD - after.gUSD <= units(promise.limit, 'gUSD')).toBe(true)
  expect(before.ALGO - after.ALGO).toBe(promise.fee)
})

test('a rejected signature leaves balances and the form as they were', async ({ page }) => {
  const account = await newAccount({ algo: 30, tokens: { gUSD: 1 }, kmd: true })
  await page.goto('/dex/swap')
  await connectKmd(page, account.address)
  await pickToken(page, 'You receive', 'gUSD')
  await page.getByRole('textbox', { name: 'You pay' }).fill('5')
  const before = await balances(account.address, ['ALGO', 'gUSD'])
  const promise = await review(page)
  await failNextKmdSignature(page)
  await confirmSwap(promise.dialog)
  await expect(toast(page, /rejected the request in your wallet|cancelled the request in your wallet/)).toBeVisible()
  // The modal stays open with a fresh group to sign; nothing reached the chain.
  await expect(promise.dialog.getByRole('button', { name: 'Confirm swap' })).toBeEnabled()
  expect(await balances(account.address, ['ALGO', 'gUSD'])).toEqual(before)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('textbox', { name: 'You pay' })).toHaveValue('5')
})

test('insufficient balance and too many decimals read as words', async ({ page }) => {
  const account = await newAccount({ algo: 3, tokens: { ACORN: 1 } })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await pickToken(page, 'You receive', 'gUSD')
  const pay = page.getByRole('textbox', { name: 'You pay' })

  // the field says what is wrong, once; the button says what to do
  await pay.fill('1.1234567')
  await expect(page.getByText('Too many decimals: ALGO has 6')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Enter a valid amount' })).toBeDisabled()
  await expect(pay).toHaveAttribute('aria-invalid', 'true')

  await pay.fill('5')
  await expect(page.getByRole('button', { name: 'Insufficient ALGO balance' })).toBeDisabled()
  // Far over the balance, the trade would also move the price beyond 15%: the balance is named first.
  await pay.fill('50000000')
  await expect(page.getByTestId('price-impact')).toHaveClass(/tone-blocked/)
  await expect(page.getByRole('button', { name: 'Insufficient ALGO balance' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Price impact too high' })).toHaveCount(0)
  await pay.fill('5')
  await expect(page.getByRole('alert').filter({ hasText: /You do not have enough ALGO: your account must keep .* ALGO and pay the network fee\./ })).toBeVisible()

  // The receive side is read with the received token's decimals.
  await pickToken(page, 'You receive', 'ACORN')
  await page.getByRole('textbox', { name: 'You receive' }).fill('0.5')
  await expect(page.getByText('Too many decimals: ACORN has 0')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Enter a valid amount' })).toBeDisabled()
})

test('the amount field refuses letters and a second separator as they are typed', async ({ page }) => {
  await page.goto('/dex/swap')
  const pay = page.getByRole('textbox', { name: 'You pay' })
  await pay.pressSequentially('abc-1e5.5')
  await expect(pay).toHaveValue('15.5')
  await pay.pressSequentially('.7,')
  await expect(pay).toHaveValue('15.57')
  await expect(pay).not.toHaveAttribute('aria-invalid', 'true')
})

test('a disconnected swap page shows one call to connect, on the card', async ({ page }) => {
  await page.goto('/dex/swap')
  const main = page.getByRole('main')
  await expect(main.getByRole('button', { name: 'Connect wallet' })).toHaveCount(1)
  await expect(page.getByRole('form', { name: 'Swap' }).getByRole('button', { name: 'Connect wallet' })).toBeVisible()
})

test('when prices cannot be read the page says so: a reload fetches the routing code again, a retry the pools', async ({ page }) => {
  // the router's chunk (loaded on demand once a pair is chosen) fails, as on a dropped connection
  const chunk = /\/assets\/router-loader-[^/]*\.js$/
  await page.route(chunk, (route) => route.abort('internetdisconnected'))
  await page.goto('/dex/swap')
  await pickToken(page, 'You receive', 'gUSD')
  const pay = page.getByRole('textbox', { name: 'You pay' })
  const receive = page.getByRole('textbox', { name: 'You receive' })
  await pay.fill('2')
  const notice = page.getByRole('alert').filter({ hasText: 'Prices unavailable' })
  await expect(notice).toContainText('reload the page')
  await expect(page.getByText('Finding the best price…')).toBeHidden()
  await expect(receive).toHaveValue('')

  // the code loads on reload; now the Tinyman pools' reads fail (the pool accounts)
  await page.unroute(chunk)
  const tinymanPools = /\/v2\/accounts\/[A-Z2-7]{58}(\?[^/]*)?$/
  await page.route(tinymanPools, (route) => route.abort('internetdisconnected'))
  await notice.getByRole('button', { name: 'Reload page' }).click()
  await pay.fill('2')
  await expect(notice).toContainText('could not be read from LocalNet’s node')
  await expect(receive).toHaveValue('')
  await page.unroute(tinymanPools)
  await notice.getByRole('button', { name: 'Try again' }).click()
  await expect(notice).toBeHidden()
  await expect(receive).not.toHaveValue('')
})

test('slippage and the validity window are set from the cog on the card and saved with the settings', async ({ page }) => {
  await page.goto('/dex/swap')
  await page.getByRole('button', { name: /^Swap settings: 0\.5% slippage \(auto\)/ }).click()
  const panel = page.getByRole('group', { name: 'Swap settings' })
  const custom = panel.getByRole('textbox', { name: 'Custom slippage (%)' })
  await custom.fill('60')
  await expect(panel.getByRole('alert')).toHaveText('Slippage must be at most 50%')
  await custom.fill('1.5')
  await panel.getByRole('radio', { name: 'Custom' }).check()
  await panel.getByRole('textbox', { name: 'Valid for (rounds)' }).fill('5')
  await expect(panel.getByRole('alert')).toHaveText('The validity window must be between 10 and 1000 rounds')
  await panel.getByRole('textbox', { name: 'Valid for (rounds)' }).fill('200')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Swap settings: 1.5% slippage' })).toBeVisible()
  // /settings reads the same store.
  await page.goto('/settings')
  await expect(page.getByRole('textbox', { name: 'Custom slippage (%)' })).toHaveValue('1.5')
  await expect(page.getByRole('textbox', { name: 'Valid for (rounds)' })).toHaveValue('200')
})

test('the token selector finds tokens by name and asset id and marks verified ones', async ({ page }) => {
  await page.goto('/dex/swap')
  await page.getByRole('button', { name: /^You receive: / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox').fill('grove usd')
  await expect(dialog.locator('.token-list__item')).toHaveCount(1)
  await expect(dialog.locator('.token-list__item').getByLabel('verified')).toBeVisible()
  await dialog.getByRole('searchbox').fill(String(token('ACORN').assetId))
  await expect(dialog.locator('.token-list__symbol')).toHaveText(['ACORN'])
  await expect(dialog.locator('.token-list__item').getByLabel('verified')).toHaveCount(0)
})

test('the swap form works by keyboard alone', async ({ page }) => {
  await page.goto('/dex/swap')
  await expect(page.getByRole('button', { name: 'You pay: ALGO, change token' })).toBeVisible()
  await page.getByRole('textbox', { name: 'You pay' }).focus()
  await page.keyboard.type('2')
  await expect(page.getByRole('textbox', { name: 'You pay' })).toHaveValue('2')
  // pay token, flip, receive amount, receive token
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'You receive: select a token' })).toBeFocused()
  await page.keyboard.press('Enter')
  // the token list loads on first open: keys go to it once it shows
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('searchbox')).toBeFocused()
  await page.keyboard.type('gUSD')
  // The list fills once the pools and their tokens are read.
  await expect(dialog.locator('.token-list__symbol').first()).toHaveText(/^gUSD/)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  // Focus returns to the button that opened the selector, now naming the token.
  await expect(page.getByRole('button', { name: 'You receive: gUSD, change token' })).toBeFocused()
  await expect(page.getByTestId('price-impact')).toBeVisible()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'You pay: gUSD, change token' })).toBeVisible()
})

for (const width of [1280, 390]) {
  test(`screenshots of a quoted swap and its review at ${width} px`, async ({ page }) => {
    const account = await newAccount({ algo: 40, tokens: { gUSD: 10 } })
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.goto('/dex/swap')
    await connectMnemonic(page, account.mnemonic)
    await pickToken(page, 'You receive', 'gUSD')
    await page.getByRole('textbox', { name: 'You pay' }).fill('12.5')
    await expect(page.getByTestId('price-impact')).toBeVisible()
    await page.screenshot({ path: `screenshots/swap-quote-${width}.png`, fullPage: true })
    await review(page)
    await page.screenshot({ path: `screenshots/swap-review-${width}.png` })
  })
}
