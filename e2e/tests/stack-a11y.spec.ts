// Accessibility audit (axe-core) of every page in the app's route table, on the whole stack:
// disconnected and connected with the KMD wallet, in the light and dark themes, at 1280 and 390 px.
// No serious or critical violation may remain. The three two-valued factors run as four contexts,
// two complementary pairs (each pair holds every value of every factor once); each page is audited
// in the two contexts of one pair, the pairs taking turns down the page list. So every page is audited
// at each width, in each theme and in each wallet state, and every pair of values of any two factors
// is audited on half the pages, in a quarter of the eight combinations' time. The pages come from
// apps/web/src/app/routes.tsx, so a new page is audited as soon as it is routed (a new parameter needs
// a sample value below).
// One browser context per viewport and theme; pages are visited in sequence through the app's own
// router (no reloads), so the wallet stays connected and the run stays bounded.
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { connectKmd, connectMnemonic, demo, stackInfo } from '../support/stack.ts'

// The route table's paths, read as text: importing it would pull the app's module graph into Node.
const ROUTES = [...fs.readFileSync(new URL('../../apps/web/src/app/routes.tsx', import.meta.url), 'utf8').matchAll(/\{\s*path: '([^']+)'/g)].map((m) => m[1]!)

/** A sample value for each route parameter. */
const PARAMS: Record<string, () => string> = {
  assetId: () => String(stackInfo().deployment.groveAssetId),
}

/** The URLs to audit: every routed page with its parameters filled, the docs catch-all as a page and as the 404. */
function auditedPaths(): string[] {
  if (ROUTES.length < 10) throw new Error(`stack-a11y.spec.ts read only ${ROUTES.length} routes from routes.tsx: has its format changed?`)
  const paths = ROUTES.flatMap((route) => {
    if (route === '*') return ['/docs', '/no-such-page']
    return [
      route.replace(/:(\w+)/g, (_m, name: string) => {
        const value = PARAMS[name]
        if (!value) throw new Error(`stack-a11y.spec.ts: give the route parameter :${name} of ${route} a sample value in PARAMS`)
        return value()
      }),
    ]
  })
  // The dashboard's tabs are pages of their own to a user.
  return [...paths, '/dashboard?tab=accounts', '/dashboard?tab=lock', '/dashboard?tab=projects']
}

/** Navigates inside the app (its router listens to popstate), keeping the wallet session. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Let queries land so the audit sees the page's content, not its loading state.
  // The app polls, so the network is rarely idle for long: wait briefly, not for silence.
  await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined)
}

type Found = { path: string; id: string; impact: string; help: string; targets: string[] }

async function audit(page: Page, path: string): Promise<Found[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Still marked experimental in axe-core, so off by default: a visible label that differs from the accessible name misleads voice control users.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ path, id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
}

/** Two complementary pairs of contexts: within a pair every factor takes both its values; pair 0 audits the even pages, pair 1 the odd. */
const COMBINATIONS = [
  { width: 1280, theme: 'light', connected: false, pair: 0 },
  { width: 390, theme: 'dark', connected: true, pair: 0 },
  { width: 1280, theme: 'dark', connected: true, pair: 1 },
  { width: 390, theme: 'light', connected: false, pair: 1 },
] as const

for (const { width, theme, connected, pair } of COMBINATIONS) {
  const state = connected ? 'connected' : 'disconnected'
  test(`every ${pair === 0 ? 'even' : 'odd'} page of the route list has no serious or critical axe violation at ${width} px in the ${theme} theme, ${state}`, async ({ browser }) => {
    test.setTimeout(300_000)
    const context = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 844 }, colorScheme: theme })
    const page = await context.newPage()
    const found: Found[] = []
    try {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (connected) await connectKmd(page)
      for (const path of auditedPaths().filter((_p, i) => i % 2 === pair)) {
        await visit(page, path)
        found.push(...(await audit(page, `${path} (${state})`)))
      }
    } finally {
      await context.close()
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual([])
  })
}

/** The tables on the page whose content is wider than their box: each one's label, content width and box width. */
const overflowing = (page: Page) =>
  page.locator('.table-wrap').evaluateAll((wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => ({ table: w.getAttribute('aria-label'), content: w.scrollWidth, box: w.clientWidth })))

test('no table overflows its box at 1280 px on /shares and the dashboard, and a project’s tables that scroll on a phone say so', async ({ browser }) => {
  test.setTimeout(180_000)
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await wide.newPage()
  try {
    // the demo account holds shares, so /shares lists its positions and Remove beside its pools
    await page.goto('/shares')
    await connectMnemonic(page, demo.mnemonic)
    await expect(page.locator('tr[data-pool]').first()).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('button', { name: /^Remove from the / }).first()).toBeVisible()
    await page.screenshot({ path: '/tmp/pw-me35-shares-1280.png', fullPage: true })
    expect(await overflowing(page)).toEqual([])
    // every action button lies inside its table's box: "Remove" never reads "Rem"
    for (const button of await page.locator('.table-wrap button').all()) {
      const [b, wrap] = [await button.boundingBox(), await button.locator('xpath=ancestor::div[contains(@class, "table-wrap")][1]').boundingBox()]
      expect(b!.x + b!.width, await button.innerText()).toBeLessThanOrEqual(wrap!.x + wrap!.width)
    }
    await visit(page, '/dashboard')
    await expect(page.getByRole('table', { name: 'Portfolio' }).locator('tbody tr').first()).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: '/tmp/pw-me35-dashboard-1280.png', fullPage: true })
    expect(await overflowing(page)).toEqual([])
  } finally {
    await wide.close()
  }

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const small = await phone.newPage()
  try {
    await small.goto(`/projects/${stackInfo().deployment.groveAssetId}`)
    await expect(small.getByRole('region', { name: /Pools of this token/ }).locator('tbody tr').first()).toBeVisible({ timeout: 30_000 })
    await small.screenshot({ path: '/tmp/pw-me35-project-390.png', fullPage: true })
    const scrolling = await overflowing(small)
    expect(scrolling.length, 'a project page at 390 px has a table that scrolls sideways').toBeGreaterThan(0)
    // each table that scrolls says so, in words a screen reader reads too, beside a fade at its edge
    for (const { table } of scrolling) {
      const region = small.getByRole('region', { name: table! })
      await expect(region).toHaveAccessibleDescription(/Scroll sideways for more/)
      await expect(region.locator('xpath=../..').getByText('Scroll sideways for more')).toBeVisible()
    }
  } finally {
    await phone.close()
  }
})
