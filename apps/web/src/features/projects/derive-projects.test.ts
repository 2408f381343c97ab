import * as sdk from '@grove/sdk'
import type { Project } from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { filterProjects, tokenMarket } from './derive-projects.ts'

const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint) => sdk.newPool(a, b, { reserveA, reserveB, lpAsset: 9000n + BigInt(b), lpIssued: 1n })

describe('tokenMarket', () => {
  // Token 7 has 2 decimals: 100 ALGO : 50 tokens is 2 ALGO a token.
  const pools = [pool(0, 7, 100_000_000n, 5_000n), pool(0, 7, 0n, 0n), pool(5, 7, 10n, 10n), pool(0, 5, 1n, 1n)]

  it('prices the token in ALGO from its ALGO pool and counts both sides of its ALGO pools', () => {
    const m = tokenMarket(pools, 7, 2)
    expect(m.priceMicroAlgo).toBe(2_000_000n)
    expect(m.liquidityMicroAlgo).toBe(200_000_000n)
    expect(m.pools).toHaveLength(3)
  })

  it('has no price without an ALGO pool', () => {
    expect(tokenMarket([pool(5, 7, 10n, 10n)], 7, 2)).toMatchObject({ priceMicroAlgo: null, liquidityMicroAlgo: 0n })
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
