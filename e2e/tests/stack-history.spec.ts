// The indexer on the full stack as the web app reads it: the /settings indexer endpoint (refused
// with a reason when invalid, saved and used when valid), ARC-69 token logos, whose metadata is
// the note of the asset's latest config transaction that only the indexer can find, and the
// account history's amounts, exact even beyond 2^53.
import { expect, test, type Page } from '@playwright/test'
import { algorand, connectMnemonic, newAccount } from '../support/stack.ts'

const arc69 = (media: string) => new TextEncoder().encode(JSON.stringify({ standard: 'arc69', description: 'e2e', media_url: media, mime_type: 'image/svg+xml' }))

async function pickerLogo(page: Page, assetId: number) {
  await page.getByRole('button', { name: /^You receive: / }).click()
  const picker = page.getByRole('dialog')
  await picker.getByRole('searchbox').fill(String(assetId))
  return { picker, logo: picker.getByTestId('token-logo') }
}

for (const width of [1280, 390]) {
  test(`an invalid indexer endpoint is refused with a reason and a valid one is saved, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
    await page.goto('/settings')
    const form = page.getByRole('form', { name: 'Custom indexer' })
    await expect(form.getByLabel('Server URL')).toHaveValue('http://127.0.0.1')
    await expect(form.getByLabel('Port')).toHaveValue(process.env.GROVE_E2E_INDEXER_PORT!)

    await form.getByLabel('Server URL').fill('')
    await form.getByRole('button', { name: 'Save endpoint' }).click()
    await expect(form.getByText('Enter the indexer server URL')).toBeVisible()
    await form.getByLabel('Server URL').fill('indexer.example.com')
    await form.getByLabel('Port').fill('99999')
    await form.getByRole('button', { name: 'Save endpoint' }).click()
    await expect(form.getByText('Enter a full URL such as http://127.0.0.1')).toBeVisible()
    await expect(form.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true')
    // The panel from its heading, clear of the sticky header.
    await page.getByRole('heading', { name: 'Indexer for LocalNet' }).evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 90))
    await page.screenshot({ path: `screenshots/settings-indexer-invalid-${width}.png` })
    expect(await page.evaluate(() => localStorage.getItem('grove.settings.v1')) ?? '').not.toContain('indexer.example.com')

    // A node that does not answer is refused before it replaces a working one.
    await form.getByLabel('Server URL').fill('http://127.0.0.1')
    await form.getByLabel('Port').fill('9')
    await form.getByRole('button', { name: 'Save endpoint' }).click()
    await expect(form.getByText(/^Could not reach http:\/\/127\.0\.0\.1:9/)).toBeVisible({ timeout: 15_000 })
    expect(await page.evaluate(() => localStorage.getItem('grove.settings.v1')) ?? '').not.toContain('"port":"9"')

    // The same indexer under another name answers, so it is saved and used (no test reaches the internet).
    const port = process.env.GROVE_E2E_INDEXER_PORT!
    await form.getByLabel('Server URL').fill('http://localhost/')
    await form.getByLabel('Port').fill(port)
    await form.getByRole('button', { name: 'Save endpoint' }).click()
    await expect(form.getByText('Saved. History and logos are read through the new endpoint.')).toBeVisible()
    await page.reload()
    await expect(form.getByLabel('Server URL')).toHaveValue('http://localhost')
    await expect(page.getByText('Using your custom endpoint. Transaction history')).toBeVisible()
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('grove.settings.v1')))!)
    expect(stored.indexerOverrides).toEqual({ localnet: { server: 'http://localhost', port, token: '' } })
    // The algod endpoint is untouched.
    await expect(page.getByRole('form', { name: 'Custom algod' }).getByLabel('Port')).toHaveValue(process.env.GROVE_E2E_ALGOD_PORT!)
    await form.getByRole('button', { name: 'Use default' }).click()
    await expect(form.getByLabel('Port')).toHaveValue(process.env.GROVE_E2E_INDEXER_PORT!)
  })
}

test('an ARC-69 token shows the image its latest config note names, and the generated logo when the indexer is unreachable', async ({ page }) => {
  const account = await newAccount({ algo: 10 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  // No asset URL: only the indexer can tell the logo. The first note is replaced by a later config.
  const created = await a.send.assetCreate({
    sender: signer.addr,
    total: 1_000n,
    decimals: 0,
    assetName: 'Arc Leaf',
    unitName: 'ALEAF',
    manager: signer.addr,
    note: arc69('/tokens/gusd.svg'),
    suppressLog: true,
  })
  const id = Number(created.assetId)
  await a.send.assetConfig({ sender: signer.addr, assetId: created.assetId, manager: signer.addr, note: arc69('/tokens/moss.svg'), suppressLog: true })

  await page.goto('/dex/swap')
  const { picker, logo } = await pickerLogo(page, id)
  await expect(logo).toHaveAttribute('data-logo', 'image')
  const src = await logo.getAttribute('src')
  expect(src).toBe(new URL('/tokens/moss.svg', page.url()).href)
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await picker.getByRole('checkbox', { name: 'I understand the risk' }).check()
  await picker.getByRole('button', { name: 'Import ALEAF' }).click()
  await expect(picker).toBeHidden()
  const formLogo = page.getByRole('button', { name: /^You receive: ALEAF/ }).getByTestId('token-logo')
  await expect(formLogo).toHaveAttribute('data-logo', 'image')
  await expect(formLogo).toHaveAttribute('src', src!)
  await page.screenshot({ path: 'screenshots/arc69-logo-1280.png' })

  // An indexer the page cannot reach (nothing listens on port 9):
  // once every try failed, the token keeps its generated logo and nothing breaks.
  const refused: string[] = []
  page.on('requestfailed', (r) => {
    if (r.url().includes('127.0.0.1:9/v2/assets/')) refused.push(r.url())
  })
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('grove.settings.v1') ?? '{}')
    localStorage.setItem('grove.settings.v1', JSON.stringify({ ...settings, indexerOverrides: { localnet: { server: 'http://127.0.0.1', port: '9', token: '' } } }))
  })
  await page.reload()
  const again = await pickerLogo(page, id)
  await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
  await page.waitForTimeout(500)
  await expect(again.logo).toHaveAttribute('data-logo', 'fallback')
  await expect(again.picker.getByText(/ALEAF/).first()).toBeVisible()
})

test('the history shows a transfer of a token’s whole uint64 supply to the last base unit, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000)
  const MAX = 18_446_744_073_709_551_615n
  const [issuer, holder] = [await newAccount({ algo: 10 }), await newAccount({ algo: 10 })]
  const a = algorand()
  const [from, to] = [a.account.fromMnemonic(issuer.mnemonic), a.account.fromMnemonic(holder.mnemonic)]
  const created = await a.send.assetCreate({ sender: from.addr, total: MAX, decimals: 18, assetName: 'Huge Supply', unitName: 'HUGE', suppressLog: true })
  await a.send.assetOptIn({ sender: to.addr, assetId: created.assetId, suppressLog: true })
  const sent = await a.send.assetTransfer({ sender: from.addr, receiver: to.addr, assetId: created.assetId, amount: MAX, suppressLog: true })

  // The indexer writes the uint64 as its exact digits (JSON.parse would round them to 18446744073709552000).
  const url = `http://127.0.0.1:${process.env.GROVE_E2E_INDEXER_PORT}/v2/accounts/${holder.address}/transactions`
  await expect.poll(async () => (await fetch(url)).text(), { timeout: 30_000 }).toMatch(/"amount":\s*18446744073709551615\b/)

  await connectMnemonic(page, holder.mnemonic)
  await page.goto('/dashboard?tab=accounts')
  const history = page.getByTestId('transaction-history')
  const row = history.getByTestId('history-row').filter({ has: page.getByRole('button', { name: `Copy transaction id ${sent.txIds.at(-1)}` }) })
  await expect(row).toHaveAttribute('data-kind', 'received', { timeout: 30_000 })
  const amount = row.locator('.history-amount')
  await expect(amount).toHaveAttribute('data-amount', MAX.toString())
  await expect(amount).toHaveText('+18.446744073709551615 HUGE')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
    await history.screenshot({ path: `screenshots/history-uint64-${width}.png` })
    // The whole amount stays within the table's width, even on a phone.
    const [box, table] = [await amount.boundingBox(), await history.boundingBox()]
    expect(box!.x + box!.width).toBeLessThanOrEqual(table!.x + table!.width + 1)
  }
})
