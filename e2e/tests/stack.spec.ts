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

test('a custom node is checked before it is saved, and then serves every page: the page may call it', async ({ page }) => {
  const { algodUrl, token: apiToken } = stackInfo()
  const port = new URL(algodUrl).port
  await page.goto('/settings')
  const algod = page.getByRole('form', { name: 'Custom algod' })
  const save = async (server: string, p: string) => {
    await algod.getByLabel('Server URL').fill(server)
    await algod.getByLabel('Port').fill(p)
    await algod.getByLabel('API token').fill(apiToken)
    await algod.getByRole('button', { name: 'Save endpoint' }).click()
  }
  // a node that does not answer is refused with a sentence, and nothing is saved
  await save('http://127.0.0.1', '9')
  await expect(algod.getByText('Could not reach http://127.0.0.1:9')).toBeVisible()
  await expect(page.getByText('Using the default endpoint. Balances')).toBeVisible()
  // the same localnet under another origin (localhost): checked, saved, and allowed by the page's CSP
  await save('http://localhost', port)
  await expect(page.getByText('Saved. The wallet reconnects')).toBeVisible()
  await expect(page.getByText('Using your custom endpoint. Balances')).toBeVisible()
  const blocked: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text())
  })
  await page.goto('/dex/swap')
  await expect(page.getByRole('heading', { level: 1, name: 'Swap' })).toBeVisible()
  await page.goto('/staking/farms')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Grove is not deployed on this network')).toHaveCount(0)
  await expect(page.getByText('The node cannot be reached', { exact: true })).toHaveCount(0)
  expect(blocked).toEqual([])
})

test('a saved node that stops answering reads as unreachable, never as "not deployed"', async ({ page }) => {
  await page.goto('/settings')
  // a node saved while it answered, then gone: written to the stored settings as the page would
  await page.evaluate(() => {
    const key = 'grove.settings.v1'
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...stored, algodOverrides: { localnet: { server: 'http://127.0.0.1', port: '9', token: '' } } }))
  })
  const messages: string[] = []
  page.on('console', (m) => messages.push(m.text()))
  await page.goto('/staking/farms')
  await expect(page.getByText('The node cannot be reached', { exact: true }), messages.join('\n')).toBeVisible({ timeout: 30_000 })
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
