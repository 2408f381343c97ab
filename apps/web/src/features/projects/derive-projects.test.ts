import * as sdk from '@grove/sdk'
import type { Project } from '@grove/sdk'
import { marketFigures } from '@grove/sdk/figures'
import { describe, expect, it } from 'vitest'
import type { ApiPool } from '@/lib/analytics/types.ts'
import { filterProjects, liquidityText, tokenMarket } from './derive-projects.ts'

const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint) => sdk.newPool(a, b, { reserveA, reserveB, lpAsset: 9000n + BigInt(a * 100 + b), lpIssued: 1n })
const tinymanPool = (id: number, a: number, b: number, reserveA: bigint, reserveB: bigint) =>
  ({ id, venue: 'tinyman', assetA: { id: a }, assetB: { id: b }, reserveA: String(reserveA), reserveB: String(reserveB) }) as unknown as ApiPool

describe('tokenMarket: a project’s liquidity counts every pool of its token, on every venue', () => {
  // as on the stack: MOSS (7, 2 decimals) trades against FERN (5) on Grove and against ALGO on Tinyman;
  // ALGO/FERN prices FERN at 1 ALGO, ALGO/gUSD (3) prices ALGO at 0.5 USD
  const grove = [pool(0, 5, 1_000_000_000n, 1_000_000_000n), pool(0, 3, 1_000_000_000n, 500_000_000n), pool(5, 7, 100_000_000n, 5_000n)]
  const tinyman = [tinymanPool(777, 0, 7, 20_000_000n, 1_000n), tinymanPool(778, 0, 5, 1n, 1n), { ...tinymanPool(9000, 0, 7, 1n, 1n), venue: 'grove' } as ApiPool]
  const figures = marketFigures(grove, (id) => (id === 7 ? 2 : 6), 3)
  const m = tokenMarket(grove, tinyman, 7, figures)

  it('lists the token’s pools on both venues, whatever it is paired with: Grove’s, then Tinyman’s', () => {
    expect(m.pools.map((p) => [p.venue, p.lpAsset])).toEqual([['grove', 9507n], ['tinyman', 777n]])
  })

  it('sums their TVL: FERN/MOSS (200 ALGO) and Tinyman’s ALGO/MOSS (20 ALGO + 10 MOSS at 2 ALGO), in ALGO and USD', () => {
    // before: ALGO pools only, and Grove's alone, so MOSS read "None"
    expect(m.liquidity.algo).toBeCloseTo(200 + 40, 9)
    expect(m.liquidity.usd).toBeCloseTo((200 + 40) / 2, 9)
    expect(liquidityText(m)).toBe('$120.00 (240 ALGO)')
  })

  it('is the SDK’s one figure (MarketFigures.liquidity) over those pools, on the project list and the project page alike', () => {
    expect(m.liquidity).toEqual(figures.liquidity(7, m.pools))
  })

  it('reads None where no pool holds the token, and a dash where no pool of it is valued', () => {
    expect(liquidityText(tokenMarket(grove, tinyman, 42, figures))).toBe('None')
    expect(liquidityText(tokenMarket([pool(42, 43, 10n, 10n)], [], 42, figures))).toBe('—')
  })
})

describe('filterProjects', () => {
  const p = (asset: bigint, name: string, verified: boolean): Project => ({ asset, name, verified, owner: 'O', url: '' })
  const all = [p(30n, 'Moss', false), p(10n, 'Fern', true), p(20n, 'Grove', false), p(40n, 'Acorn', true)]

  it('lists verified projects first, then by asset id', () => {
    expect(filterProjects(all, '', false).map((x) => x.asset)).toEqual([10n, 40n, 20n, 30n])
  })

  it.each([
    ['fern', false, [10n]],
    ['3', false, [30n]],
    ['o', true, [40n]],
    ['nothing', false, []],
  ])('searches %s (verified only: %s)', (q, verifiedOnly, ids) => {
    expect(filterProjects(all, q, verifiedOnly).map((x) => x.asset)).toEqual(ids)
  })
})
