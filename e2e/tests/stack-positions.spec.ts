// A position's real return on the full stack (issue 39): a fresh account opens a pool of a token of
// its own (so no other spec's trades touch it) and adds its liquidity, someone else swaps through it,
// and the fees earned are the same figure three ways: computed here by hand from the pool's boxes on
// algod (ℓ = √(x·y)/S grows only by fees), the analytics service's, and the dashboard's.
import { expect, test } from '@playwright/test'
import { buildAddLiquidity, buildCreatePool, buildSwapExactIn, dexContract, firstAddMinLp, isqrt } from '@grove/sdk'
import { algorand, connectMnemonic, newAccount, sdkContext, sdkReader, stackInfo } from '../support/stack.ts'

const Q64 = 1n << 64n
/** ℓ in 64.64 fixed point, floored, as the positions' figures define it. */
const ell = (p: { reserveA: bigint; reserveB: bigint; lpIssued: bigint }) => isqrt(p.reserveA * p.reserveB * Q64 * Q64) / (p.lpIssued + 1000n)

interface ApiLp {
  id: string
  status: string
  lp: { pool: { id: number }; units: string; fees: { units: string; a: string; b: string; inB: string }; impermanentLoss: { inB: string }; pnlVsHold: { inB: string } } | null
}

test('a fresh account’s fees earned after someone swaps: the dashboard shows the API’s figure, which is the hand computation from the pool’s state', async ({ page }) => {
  test.setTimeout(180_000)
  const provider = await newAccount({ algo: 60 })
  const a = algorand()
  const signer = a.account.fromMnemonic(provider.mnemonic)
  const created = await a.send.assetCreate({ sender: signer.addr, total: 10n ** 12n, decimals: 6, unitName: 'P39', assetName: 'Positions 39', suppressLog: true })
  const token = created.assetId
  const ctx = sdkContext(provider)
  await (await buildCreatePool(ctx, 0n, token)).composer.execute(ctx.algod, 4)
  const empty = (await dexContract.readers.pool(sdkReader(), 0n, token))!
  // 10 ALGO and 40 P39: the first add mints ⌊√(10^7 · 4·10^7)⌋ − 1,000 units, all the provider's
  await (await buildAddLiquidity(ctx, empty, 10_000_000n, 40_000_000n, firstAddMinLp(10_000_000n, 40_000_000n, 50n))).composer.execute(ctx.algod, 4)
  const entry = (await dexContract.readers.pool(sdkReader(), 0n, token))!
  const units = entry.lpIssued
  expect(units).toBe(20_000_000n - 1_000n)

  // someone else sells 3 ALGO into the pool
  const trader = await newAccount({ algo: 20 })
  const tctx = sdkContext(trader)
  await (await buildSwapExactIn(tctx, 0n, token, 3_000_000n, 1n)).composer.execute(tctx.algod, 4)
  const now = (await dexContract.readers.pool(sdkReader(), 0n, token))!

  // by hand: fee units ⌊u·(ℓ now − ℓ at entry)/ℓ now⌋, what they withdraw, and that in P39 at the pool's price
  const feeUnits = (units * (ell(now) - ell(entry))) / ell(now)
  const supply = now.lpIssued + 1000n
  const feeA = (feeUnits * now.reserveA) / supply
  const feeB = (feeUnits * now.reserveB) / supply
  const feeInB = feeB + (feeA * now.reserveB) / now.reserveA
  expect(feeUnits).toBeGreaterThan(0n)
  test.info().annotations.push({ type: 'figures', description: `units ${units}; ℓ̂ ${ell(entry)} → ${ell(now)}; fee units ${feeUnits}: ${feeA} µALGO + ${feeB} P39 base units = ${feeInB} in P39` })
  console.log(`position figures: units ${units}; fee units ${feeUnits}: ${feeA} µALGO + ${feeB} P39 base units = ${feeInB} in P39`)

  // the service, once it has followed the swap's round
  const api = stackInfo().analyticsUrl
  const position = async (): Promise<ApiLp | undefined> => {
    const { positions } = (await (await fetch(`${api}/api/positions?owner=${provider.address}`)).json()) as { positions: ApiLp[] }
    return positions.find((p) => p.lp?.pool.id === Number(now.lpAsset))
  }
  await expect.poll(async () => (await position())?.lp?.fees.inB, { timeout: 30_000 }).toBe(String(feeInB))
  const lp = (await position())!
  expect(lp).toMatchObject({ status: 'open', lp: { units: String(units), fees: { units: String(feeUnits), a: String(feeA), b: String(feeB), inB: String(feeInB) } } })
  expect(BigInt(lp.lp!.pnlVsHold.inB)).toBe(BigInt(lp.lp!.fees.inB) + BigInt(lp.lp!.impermanentLoss.inB))

  // the dashboard: the same figure beside the position's value, a chart on demand, and the CSV
  await connectMnemonic(page, provider.mnemonic)
  await page.goto('/dashboard')
  const row = page.locator(`[data-testid="position-return"][data-position="${lp.id}"]`)
  await expect(row).toBeVisible({ timeout: 30_000 })
  await expect(row.getByTestId('position-fees')).toHaveAttribute('data-fees-inb', String(feeInB))
  await expect(row.getByTestId('position-fees')).toContainText('P39')
  await row.getByRole('button', { name: 'Chart' }).click()
  await expect(page.getByTestId('position-chart')).toHaveAttribute('data-points', /^[1-9]/)
  await expect(page.locator('[data-testid="position-chart"] canvas').first()).toBeVisible()
  const csv = page.getByTestId('export-csv')
  await expect(csv).toHaveAttribute('href', `${api}/api/export.csv?owner=${provider.address}`)
  const text = await (await fetch(`${api}/api/export.csv?owner=${provider.address}`)).text()
  expect(text.split('\r\n')[0]).toMatch(/^Date,Kind,Pool or Program,Sent Amount,Sent Currency,/)
  expect(text).toContain(',add liquidity,')

  // the pool's page: "your fees earned", the same figure
  await page.goto(`/dex/chart?pool=${now.lpAsset}`)
  await expect(page.getByTestId('your-fees-earned')).toHaveAttribute('data-fees-inb', String(feeInB), { timeout: 30_000 })
})
