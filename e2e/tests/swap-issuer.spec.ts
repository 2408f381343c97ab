// /dex/swap's issuer warnings on the full stack: a token whose issuer keeps a clawback and a freeze
// address, not verified by the registry, is marked in the token list and warned about in the review.
// The token and its small ALGO pool are this test's own (through @grove/sdk's builders).
import { expect, test } from '@playwright/test'
import { buildAddLiquidity, buildCreatePool, dexContract, firstAddMinLp } from '@grove/sdk'
import { algorand, connectMnemonic, newAccount, sdkContext } from '../support/stack.ts'

test('a token whose issuer can claw back and freeze is marked in the list and warned about in the review', async ({ page }) => {
  const account = await newAccount({ algo: 300 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({
    sender: signer.addr,
    total: 10_000_000n,
    decimals: 2,
    assetName: 'Issuer Controlled',
    unitName: 'CTRL',
    clawback: signer.addr,
    freeze: signer.addr,
    suppressLog: true,
  })
  const algod = a.client.algod
  const ctx = sdkContext(account)
  await (await buildCreatePool(ctx, 0n, created.assetId)).composer.execute(algod, 4)
  const empty = await dexContract.readers.pool(ctx, 0n, created.assetId)
  if (!empty) throw new Error('the ALGO/CTRL pool was not created')
  await (await buildAddLiquidity(ctx, empty, 100_000_000n, 100_000n, firstAddMinLp(100_000_000n, 100_000n, 0n))).composer.execute(algod, 4)

  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  await page.getByRole('button', { name: /^You receive: / }).click()
  const picker = page.getByRole('dialog')
  await picker.getByRole('searchbox').fill(String(created.assetId))
  const item = picker.locator('.token-list__item')
  await expect(picker.locator('.token-list__symbol')).toHaveText(['CTRL⚠ clawback, freeze'])
  await expect(item.getByLabel('issuer can claw back and freeze')).toBeVisible()
  await item.click()
  await expect(picker).toBeHidden()

  await page.getByRole('textbox', { name: 'You pay' }).fill('1')
  await page.getByRole('button', { name: 'Review swap' }).click()
  const review = page.getByRole('dialog', { name: 'Review swap' })
  const warning = review.getByTestId('issuer-warning')
  await expect(warning).toContainText(`CTRL (#${created.assetId}) is not verified and its issuer keeps control of it`)
  await expect(warning).toContainText('they can take CTRL from any account, the pool\'s included')
  await expect(warning).toContainText('they can freeze any holding, the pool\'s included')
  await expect(review.getByTestId('network-fee')).toHaveText(/^[\d.]+ ALGO$/, { timeout: 20_000 })
  await page.screenshot({ path: 'screenshots/swap-review-issuer-warning-1280.png' })
})
