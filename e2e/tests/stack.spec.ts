// The full stack as `npm start` runs it: the build knows this localnet's deployment and ports,
// wallets connect through the page, and what the page shows is what algod holds.
import { expect, test } from '@playwright/test'
import { balance, connectKmd, connectMnemonic, fromUnits, newAccount, pool, pools, stackInfo, token } from '../support/stack.ts'

test('the demo seed made at least six tokens and six pools with liquidity', async () => {
  const { seed } = stackInfo()
  expect(seed.tokens.map((t) => t.unitName)).toEqual(expect.arrayContaining(['GROVE', 'gUSD']))
  expect(seed.tokens.length).toBeGreaterThanOrEqual(6)
  expect(pools().length).toBeGreaterThanOrEqual(6)
  const { reserveA, reserveB } = await pool('ALGO', 'gUSD')
  expect(reserveA > 0n && reserveB > 0n).toBe(true)
  expect(token('gUSD').decimals).toBe(6)
})

test('the app is deployed on the stack localnet, not "not deployed"', async ({ page }) => {
  await page.goto('/dex/swap')
  await expect(page.getByRole('heading', { level: 1, name: 'Swap' })).toBeVisible()
  await expect(page.getByText('Grove is not deployed on this network')).toHaveCount(0)
})

test('a Mnemonic wallet with a fresh account shows the ALGO balance algod holds', async ({ page }) => {
  const account = await newAccount({ algo: 123.456789, tokens: { gUSD: 50 } })
  expect(await balance(account.address, 'gUSD')).toBe(50_000_000n)
  await page.goto('/')
  await connectMnemonic(page, account.mnemonic)
  // 123.456789 ALGO less the 0.001 ALGO fee of the gUSD opt-in
  const micro = await balance(account.address, 'ALGO')
  expect(micro).toBe(123_455_789n)
  await page.getByRole('banner').getByRole('button', { name: new RegExp(account.address.slice(0, 4)) }).click()
  await expect(page.getByRole('dialog').getByText(`${fromUnits('ALGO', micro)} ALGO`)).toBeVisible()
})

test('the KMD wallet connects with an empty password and can switch to an imported account', async ({ page }) => {
  const account = await newAccount({ algo: 7, kmd: true })
  await page.goto('/')
  await connectKmd(page, account.address)
  await page.getByRole('banner').getByRole('button', { name: new RegExp(account.address.slice(0, 4)) }).click()
  await expect(page.getByRole('dialog').getByText('7 ALGO')).toBeVisible()
})
