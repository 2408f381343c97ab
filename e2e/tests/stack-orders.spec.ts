// Orders on the full stack (issue 41): a limit order placed from the swap card's Limit tab is listed
// on /dex/orders and cancelled there; one placed below the market is filled by a pass of the keeper
// (@grove/keeper, as npm start runs it; the browser suite's stack runs without one, so no fill moves
// pools under other specs) and ends up among the ended orders with its fill, from the analytics service.
import { expect, test } from '@playwright/test'
import { deploymentVenues, keeperTick } from '@grove/keeper'
import { connectMnemonic, newAccount, sdkContext, stackInfo, token } from '../support/stack.ts'

test('places a limit order from the swap card, lists it on /dex/orders, cancels it, and sees the keeper fill one below the market', async ({ page }) => {
  const gusd = token('gUSD')
  const account = await newAccount({ algo: 60, tokens: { gUSD: 0 } })
  await page.goto(`/dex/swap?asset_in=0&asset_out=${gusd.assetId}`)
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('tab', { name: 'Limit' }).click()
  const form = page.getByRole('form', { name: 'Limit order' })
  const place = async (amount: string, price: string) => {
    await form.getByLabel('Amount to sell').fill(amount)
    await form.getByLabel(/Least price/).fill(price)
    await expect(form.getByTestId('order-preview')).toContainText(`for ${amount} ALGO`)
    await form.getByRole('button', { name: 'Place limit order' }).click()
    await expect(page.getByText(`Limit order placed: ${amount} ALGO for gUSD. See it on Orders.`)).toBeVisible({ timeout: 30_000 })
  }
  // far above the market: it stays open
  await place('10', '100')
  await page.getByRole('navigation', { name: 'DEX' }).getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders')
  const open = page.getByRole('table', { name: 'Open orders' })
  await expect(open.getByText('Limit ALGO → gUSD')).toBeVisible({ timeout: 20_000 })
  await expect(open.getByText('0% (0 ALGO)')).toBeVisible()
  await open.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Order cancelled: 10 ALGO and the deposit are back.')).toBeVisible({ timeout: 30_000 })
  await expect(open.getByText(/No open orders/)).toBeVisible({ timeout: 20_000 })

  // far below the market: the keeper fills it out, the proceeds come with the close
  await page.goto(`/dex/swap?asset_in=0&asset_out=${gusd.assetId}`)
  await page.getByRole('tab', { name: 'Limit' }).click()
  await place('5', '0.001')
  const keeper = sdkContext(await newAccount({ algo: 100 }))
  const pass = () => keeperTick({ algod: keeper.algod, ids: keeper.ids, sender: keeper.sender, signer: keeper.signer, venues: deploymentVenues(keeper.algod, stackInfo().deployment) })
  await expect.poll(async () => (await pass()).some((e) => e.event === 'fill'), { timeout: 30_000 }).toBe(true)
  await page.getByRole('navigation', { name: 'DEX' }).getByRole('link', { name: 'Orders' }).click()
  const ended = page.getByRole('table', { name: 'Ended orders' })
  await expect(ended.getByRole('row').filter({ hasText: 'Filled' })).toHaveCount(1, { timeout: 45_000 })
  await expect(ended.getByText('Cancelled (10 ALGO back)')).toBeVisible()
})
