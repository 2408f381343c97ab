import { describe, expect, it } from 'vitest'
import { NETWORKS } from '../networks.ts'
import { balanceOf, fetchHoldings, spendableAlgo } from './holdings.ts'

// algod's account JSON as it sends it: numbers, some larger than 2^53.
const ACCOUNT = `{"address":"X","amount":5000000,"min-balance":300000,"assets":[{"asset-id":7,"amount":18446744073709551615,"is-frozen":false},{"asset-id":9,"is-frozen":false}]}`
const fetchJson = (body: string) => (() => Promise.resolve(new Response(body, { status: 200 }))) as unknown as typeof fetch

describe('fetchHoldings', () => {
  it('keeps amounts up to 2^64 − 1 exact and reads an empty holding as 0', async () => {
    const holdings = await fetchHoldings(NETWORKS.localnet.algod, 'X', fetchJson(ACCOUNT))
    expect(holdings.algo).toBe(5_000_000n)
    expect(holdings.minBalance).toBe(300_000n)
    expect(holdings.assets).toEqual(new Map([[7, 18_446_744_073_709_551_615n], [9, 0n]]))
    expect(balanceOf(holdings, 0)).toBe(5_000_000n)
    expect(balanceOf(holdings, 8)).toBeUndefined()
  })

  it('says when algod cannot be reached', async () => {
    const down = (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch
    await expect(fetchHoldings(NETWORKS.localnet.algod, 'X', down)).rejects.toThrow('Cannot reach algod at http://127.0.0.1:4001')
  })
})

describe('spendableAlgo', () => {
  it.each([
    [5_000_000n, 300_000n, 3_000n, 4_697_000n],
    [300_000n, 300_000n, 3_000n, 0n],
  ])('of %s µALGO with %s locked and %s fees is %s', (algo, minBalance, fee, expected) => {
    expect(spendableAlgo({ algo, minBalance, assets: new Map() }, fee)).toBe(expected)
  })
})
