// A stable pool on the full stack, through /shares: two new tokens, the pool created with A and a fee
// tier (two signatures, the LP opt-in between), an imbalanced add whose imbalance fee and LP the page
// shows before signing, a proportional remove; every figure compared with the SDK's math over algod's
// pool box and with what algod says the account received.
import { expect, test, type Page } from '@playwright/test'
import { stable, stableContract } from '@grove/sdk'
import { algorand, assetBalance, chainNow, connectMnemonic, newAccount, sdkReader } from '../support/stack.ts'

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** Waits for the review dialog's group to be built and simulated, and returns it with its confirm. */
async function review(page: Page, title: string, confirm: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('button', { name: confirm })).toBeEnabled({ timeout: 30_000 })
  return { dialog, confirm: () => dialog.getByRole('button', { name: confirm }).click() }
}

const FEE_BPS = 5n

test('a stable pool: created with A through the UI, an imbalanced add and a proportional remove, the page’s figures equal to algod’s', async ({ page }) => {
  test.setTimeout(180_000)
  const account = await newAccount({ algo: 60 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const make = async (unitName: string) => (await a.send.assetCreate({ sender: signer.addr, total: 10n ** 13n, decimals: 6, assetName: `Stable ${unitName}`, unitName, suppressLog: true })).assetId
  // created in this order, SUSDA has the lower id: the pool's first side
  const [x, y] = [await make('SUSDA'), await make('SUSDB')]

  await page.goto('/shares')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('radio', { name: 'Stable' }).click()
  const form = page.getByRole('form', { name: 'Add liquidity to a stable pool' })
  for (const [label, id, unit] of [['First token', x, 'SUSDA'], ['Second token', y, 'SUSDB']] as const) {
    await form.getByRole('button', { name: new RegExp(`^${label}: `) }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('searchbox').fill(String(id))
    await dialog.getByRole('checkbox', { name: 'I understand the risk' }).check()
    await dialog.getByRole('button', { name: `Import ${unit}` }).click()
    await expect(dialog).toBeHidden()
  }

  // a new pool asks for A, in words when it is out of range
  await form.getByTestId('stable-fee-tier').selectOption(String(FEE_BPS))
  await form.getByRole('textbox', { name: 'First token' }).fill('1000')
  await form.getByRole('textbox', { name: 'Second token' }).fill('1000')
  await form.getByRole('textbox', { name: /Amplifier A/ }).fill('5000')
  await expect(form.getByTestId('stable-message')).toHaveText('A must be from 1 to 1,000')
  await form.getByRole('textbox', { name: /Amplifier A/ }).fill('200')
  await expect(form.getByTestId('stable-locked')).toContainText('0.001 LP (1,000 units) forever')
  await form.getByRole('button', { name: 'Create stable pool' }).click()
  const create = await review(page, 'Create the SUSDA/SUSDB stable pool', 'Sign step 1: create pool')
  await expect(create.dialog.getByTestId('review-amp')).toHaveText('200')
  await create.confirm()
  await expect(toast(page, /Created the SUSDA\/SUSDB stable pool at A = 200/)).toBeVisible({ timeout: 30_000 })

  const created = (await stableContract.readers.pool(sdkReader(), x, y, FEE_BPS))!
  expect([created.initialA, created.futureA, created.reserveA, created.feeBps]).toEqual([20_000n, 20_000n, 0n, FEE_BPS])
  // the review closes once the pool is made; the Stable app pays LP to holders only: opt in, then the first deposit
  await expect(create.dialog).toBeHidden()
  await form.getByRole('button', { name: 'Opt in to SUSDA/SUSDB LP' }).click()
  await expect(toast(page, /Opted in to SUSDA\/SUSDB LP/)).toBeVisible({ timeout: 30_000 })
  await form.getByRole('button', { name: 'Make the first deposit' }).click()
  const first = await review(page, 'Review deposit to the SUSDA/SUSDB stable pool', 'Sign step 2: first deposit')
  await first.confirm()
  await expect(toast(page, /Added 1,000 SUSDA and 1,000 SUSDB to SUSDA\/SUSDB: received/)).toBeVisible({ timeout: 30_000 })
  await expect(first.dialog).toBeHidden()
  const opened = (await stableContract.readers.pool(sdkReader(), x, y, FEE_BPS))!
  expect([opened.reserveA, opened.reserveB]).toEqual([1_000_000_000n, 1_000_000_000n])
  const lpAsset = opened.lpAsset
  expect(await assetBalance(account.address, lpAsset)).toBe(opened.lpIssued)

  // the pool list names it Stable with its fee, its reserves algod's
  const row = page.locator(`tr[data-lp="${lpAsset}"]`)
  await expect(row).toHaveAttribute('data-kind', 'stable')
  await expect(row.getByTestId('pool-kind')).toHaveText('Stable 0.05% fee')
  await expect(row.getByTestId('pool-reserves')).toHaveAttribute('data-reserve-a', '1000000000')

  // an imbalanced add: one side only; the imbalance fee and LP shown are the SDK's quote over algod's box
  await form.getByRole('textbox', { name: 'First token' }).fill('300')
  await expect(form.getByTestId('stable-imbalance-fee')).toBeVisible()
  const quote = stable.quoteStableAdd(opened, 300_000_000n, 0n, await chainNow())
  expect(quote.imbalanceFeeA + quote.imbalanceFeeB).toBeGreaterThan(0n)
  await expect(form.getByTestId('stable-imbalance-fee')).toHaveAttribute('data-fee-a', String(quote.imbalanceFeeA))
  await expect(form.getByTestId('stable-imbalance-fee')).toHaveAttribute('data-fee-b', String(quote.imbalanceFeeB))
  await expect(form.getByTestId('stable-lp-out')).toHaveAttribute('data-lp', String(quote.lp))
  await expect(form.getByTestId('stable-reserves')).toHaveAttribute('data-reserve-a', '1000000000')
  await expect(form.getByTestId('stable-amp-now')).toHaveText('200')
  await form.getByRole('button', { name: 'Add liquidity' }).click()
  const add = await review(page, 'Review deposit to the SUSDA/SUSDB stable pool', 'Confirm deposit')
  await expect(add.dialog.getByTestId('review-imbalance-fee')).toHaveAttribute('data-fee-a', String(quote.imbalanceFeeA))
  const lpBefore = await assetBalance(account.address, lpAsset)
  await add.confirm()
  await expect(toast(page, /Added 300 SUSDA to SUSDA\/SUSDB: received/)).toBeVisible({ timeout: 30_000 })
  const lpAfter = await assetBalance(account.address, lpAsset)
  expect(lpAfter - lpBefore).toBe(quote.lp)
  const added = (await stableContract.readers.pool(sdkReader(), x, y, FEE_BPS))!
  expect([added.reserveA, added.reserveB]).toEqual([1_300_000_000n, 1_000_000_000n])

  // remove half in proportion: the amounts shown are the SDK's and what algod pays
  await page.getByRole('tab', { name: 'Remove' }).click()
  const removeForm = page.getByRole('form', { name: 'Remove liquidity from a stable pool' })
  await removeForm.getByRole('button', { name: '50%' }).click()
  const lp = lpAfter / 2n
  const out = stable.quoteStableRemove(added, lp)
  const preview = removeForm.getByTestId('stable-remove-preview')
  await expect(preview).toHaveAttribute('data-amount-a', String(out.amountA))
  await expect(preview).toHaveAttribute('data-amount-b', String(out.amountB))
  const [xBefore, yBefore] = [await assetBalance(account.address, x), await assetBalance(account.address, y)]
  await removeForm.getByRole('button', { name: 'Remove liquidity' }).click()
  const remove = await review(page, 'Review withdrawal from the SUSDA/SUSDB stable pool', 'Confirm withdrawal')
  await remove.confirm()
  await expect(toast(page, /Withdrew .* SUSDA and .* SUSDB from SUSDA\/SUSDB for/)).toBeVisible({ timeout: 30_000 })
  expect([(await assetBalance(account.address, x)) - xBefore, (await assetBalance(account.address, y)) - yBefore]).toEqual([out.amountA, out.amountB])
  expect(await assetBalance(account.address, lpAsset)).toBe(lpAfter - lp)

  // at 390 px the stable form fits the screen
  await page.setViewportSize({ width: 390, height: 800 })
  await page.getByRole('tab', { name: 'Add' }).click()
  const box = (await form.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
})
