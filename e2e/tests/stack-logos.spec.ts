// Token logos, transaction toasts and the explorer setting on the full stack. The demo tokens
// carry ARC-3 URLs (/tokens/<unit>.json#arc3) whose metadata and SVG the web app serves; a token
// without metadata gets initials on a colour from its asset id.
import { expect, test, type Page } from '@playwright/test'
import { logoBackground } from '../../apps/web/src/components/dex/token-logo.ts'
import { algorand, connectMnemonic, demo, newAccount } from '../support/stack.ts'

const toast = (page: Page, text: RegExp) => page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

async function openPicker(page: Page, side: 'You pay' | 'You receive') {
  await page.getByRole('button', { name: new RegExp(`^${side}: `) }).click()
  return page.getByRole('dialog')
}

/** True once the image has loaded with a size (a broken image has none). */
const loaded = (page: Page, selector: string) => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)

for (const width of [1280, 390]) {
  test(`a demo token shows the logo its ARC-3 metadata names, in the list and the form, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
    await page.goto('/dex/swap')
    const picker = await openPicker(page, 'You receive')
    await picker.getByRole('searchbox').fill('gUSD')
    // gUSD itself, not gUSDt
    const item = picker.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: /^gUSD(?!t)/ }) })
    const logo = item.getByTestId('token-logo')
    await expect(logo).toHaveAttribute('data-logo', 'image')
    await expect(logo).toHaveAttribute('src', /\/tokens\/gusd\.svg$/)
    await expect.poll(() => loaded(page, '.token-list__item img.token-logo')).toBe(true)
    await picker.getByRole('searchbox').fill('')
    await page.screenshot({ path: `screenshots/token-logos-${width}.png` })
    await item.click()
    await expect(picker).toBeHidden()
    await expect(page.getByRole('button', { name: /^You receive: gUSD(?!t)/ }).getByTestId('token-logo')).toHaveAttribute('data-logo', 'image')
  })
}

test('a token without metadata shows initials on a colour from its asset id, in the import notice and the form', async ({ page }) => {
  const account = await newAccount({ algo: 10 })
  const a = algorand()
  const signer = a.account.fromMnemonic(account.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 1_000n, decimals: 0, assetName: 'Plain Leaf', unitName: 'LEAF', suppressLog: true })
  const id = Number(created.assetId)

  await page.goto('/dex/swap')
  const picker = await openPicker(page, 'You receive')
  await picker.getByRole('searchbox').fill(String(id))
  const logo = picker.getByTestId('token-logo')
  await expect(logo).toHaveAttribute('data-logo', 'fallback')
  await expect(logo).toHaveAttribute('data-initials', 'LE')
  // The browser normalises hsl() to rgb(): compare with the same colour computed by the page.
  const expected = await page.evaluate((background) => {
    const probe = document.createElement('span')
    probe.style.background = background
    document.body.append(probe)
    const colour = getComputedStyle(probe).backgroundColor
    probe.remove()
    return colour
  }, logoBackground(id))
  await expect(logo).toHaveCSS('background-color', expected)
  await picker.getByRole('checkbox', { name: 'I understand the risk' }).check()
  await picker.getByRole('button', { name: 'Import LEAF' }).click()
  await expect(picker).toBeHidden()
  await expect(page.getByRole('button', { name: /^You receive: LEAF/ }).getByTestId('token-logo')).toHaveAttribute('data-logo', 'fallback')
})

test('a confirmed toast shows the full transaction id with a copy button and the round algod confirmed it in, clear of the dialog buttons', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 390, height: 844 })
  const account = await newAccount({ algo: 20 })
  await page.goto('/dex/swap')
  await connectMnemonic(page, account.mnemonic)
  const picker = await openPicker(page, 'You receive')
  await picker.getByRole('searchbox').fill('FERN')
  await picker.locator('.token-list__item').filter({ has: page.locator('.token-list__symbol', { hasText: /^FERN/ }) }).click()
  await page.getByRole('textbox', { name: 'You pay' }).fill('1')
  await page.getByRole('button', { name: 'Opt in to FERN' }).click()

  const done = toast(page, /You can now receive FERN/)
  await expect(done).toBeVisible()
  const txId = (await done.getByTestId('toast-txid').textContent())!.trim()
  expect(txId).toMatch(/^[A-Z2-7]{52}$/)
  const confirmed = await algorand().client.algod.pendingTransactionInformation(txId).do()
  await expect(done).toContainText(`Confirmed in round ${confirmed.confirmedRound}`)
  await expect(done.getByTestId('token-logo')).toHaveAttribute('data-logo', 'image')
  await done.getByRole('button', { name: 'Copy ID' }).click()
  await expect(done.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txId)
  // The local network has no explorer: no link rather than a dead one.
  await expect(done.getByRole('link')).toHaveCount(0)

  // The review dialog's buttons stay clear of the toast on a phone.
  await page.getByRole('button', { name: 'Review swap' }).click()
  const review = page.getByRole('dialog', { name: 'Review swap' })
  const confirm = review.getByRole('button', { name: 'Confirm swap' })
  await expect(confirm).toBeVisible()
  await expect(done).toBeVisible()
  await page.screenshot({ path: 'screenshots/toast-over-review-390.png' })
  const [t, c, x] = [await done.boundingBox(), await confirm.boundingBox(), await review.getByRole('button', { name: 'Close' }).boundingBox()]
  for (const b of [c, x]) {
    const overlaps = t && b && t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height
    expect(overlaps).toBeFalsy()
  }
})

test('the block explorer is chosen on /settings, kept across reloads, and an unknown stored one falls back to allo.info', async ({ page }) => {
  await page.goto('/settings')
  const panel = page.getByRole('group', { name: 'Open transactions, accounts and assets in' })
  await expect(panel.getByRole('radio', { name: 'allo.info' })).toBeChecked()
  await panel.getByRole('radio', { name: 'Pera Explorer' }).check()
  await page.reload()
  await expect(panel.getByRole('radio', { name: 'Pera Explorer' })).toBeChecked()
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('grove.settings.v1')))!)).toMatchObject({ explorer: 'pera' })
  await page.evaluate(() => localStorage.setItem('grove.settings.v1', JSON.stringify({ explorer: 'algoexplorer', theme: 'dark' })))
  await page.reload()
  await expect(panel.getByRole('radio', { name: 'allo.info' })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})


/** Tables whose right edge passes the viewport without a horizontally scrolling container around them. */
const cutOffTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const right = table.getBoundingClientRect().right
      if (right <= window.innerWidth + 1) return []
      for (let el = table.parentElement; el; el = el.parentElement) {
        const { overflowX } = getComputedStyle(el)
        if ((overflowX === 'auto' || overflowX === 'scroll') && el.getBoundingClientRect().right <= window.innerWidth + 1) return []
      }
      return [`${table.getAttribute('aria-label') ?? table.className} ends at ${Math.round(right)} px`]
    }),
  )

test('every table on the pool, liquidity, dashboard and project pages stacks or scrolls at 390 px, none is cut off', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await connectMnemonic(page, demo.mnemonic)
  // The seeded demo account holds positions and locks; reading its pages moves nothing.
  for (const path of ['/', '/shares', '/dex/analytics', '/stake', '/dashboard', '/dashboard?tab=accounts', '/dashboard?tab=lock', '/projects', '/admin']) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
    expect(await cutOffTables(page), path).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(390)
    if (path === '/shares' || path === '/dashboard?tab=lock') await page.screenshot({ path: `screenshots/phone-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-390.png`, fullPage: true })
  }
})
