// Where Grove is not deployed but Tinyman v2 is, /dex/swap trades through Tinyman's pools alone and
// the other pages say what needs Grove. Tests cannot reach testnet, so the stack's localnet stands in:
// Settings point TestNet (which has no Grove deployment record) at the stack's algod, whose chain is
// the localnet's, and the localnet's record names its Tinyman v2-compatible validator. ALGO/MOSS is
// a pair only Tinyman trades on the stack.
import { expect, test, type Page } from '@playwright/test'
import { balances, connectMnemonic, newAccount, testnetOnTheStack, toUnits, token } from '../support/stack.ts'
import { confirmSwap } from '../support/swap.ts'

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

test('where Grove is not deployed, a swap goes through Tinyman alone and algod shows what the page promised; other pages point to it', async ({ page }) => {
  const moss = token('MOSS')
  const account = await newAccount({ algo: 30, tokens: { MOSS: 0 } })
  await testnetOnTheStack(page, [moss.assetId])
  await page.goto(`/dex/swap?asset_in=0&asset_out=${moss.assetId}`)
  await connectMnemonic(page, account.mnemonic)
  const form = page.getByRole('form', { name: 'Swap' })
  await expect(form.getByRole('button', { name: /^You receive: MOSS/ })).toBeVisible()
  await form.getByRole('textbox', { name: 'You pay' }).fill('5')
  await expect(form.getByText('Tinyman v2-compatible (local)').first()).toBeVisible({ timeout: 20_000 })
  // every hop of the route is on Tinyman: there is no Grove here to route over
  await expect(form.locator('.route__venue').filter({ hasNotText: 'Tinyman v2-compatible (local)' })).toHaveCount(0)
  await expect(page.getByText('Grove is not deployed on this network')).toHaveCount(0)

  const before = await balances(account.address, ['ALGO', 'MOSS'])
  await form.getByRole('button', { name: 'Review swap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review swap' })
  await expect(dialog.getByRole('button', { name: 'Confirm swap' })).toBeEnabled({ timeout: 20_000 })
  const limit = (await dialog.getByTestId('trade-limit').textContent())!
  const fee = toUnits('ALGO', (await dialog.getByTestId('network-fee').textContent())!.replace('ALGO', '').trim())
  await confirmSwap(dialog)
  await expect(toast(page, /Swapped 5 ALGO for/)).toBeVisible({ timeout: 30_000 })

  const after = await balances(account.address, ['ALGO', 'MOSS'])
  expect(before.ALGO - after.ALGO).toBe(5_000_000n + fee)
  expect(after.MOSS - before.MOSS >= toUnits('MOSS', limit.replace('MOSS', '').replace(/,/g, '').trim())).toBe(true)

  // a page that needs Grove says so in a sentence and points to Swap
  await page.goto('/staking/farms')
  await expect(page.getByText('This needs a Grove deployment on TestNet')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'trade on the Swap page' })).toHaveAttribute('href', '/dex/swap')
  await expect(page.getByText('Grove is not deployed on this network')).toHaveCount(0)
})
