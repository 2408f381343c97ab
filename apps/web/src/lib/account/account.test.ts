import { describe, expect, it } from 'vitest'
import { NETWORKS } from '../networks.ts'
import { balanceOf, fetchAccount, heldTokenIds, spendableAlgo } from './account.ts'

/** algod's content type: the client parses a JSON body only when it says so. */
const JSON_TYPE = { 'Content-Type': 'application/json' }

const localnet = NETWORKS.localnet.algod
// algod's account JSON as it sends it: numbers, some larger than 2^53.
const ACCOUNT = `{"address":"X","amount":5000000,"min-balance":300000,"round":7,"assets":[{"asset-id":7,"amount":18446744073709551615,"is-frozen":false},{"asset-id":9,"is-frozen":false}]}`
const fetchJson = (body: string, status = 200) => (() => Promise.resolve(new Response(body, { status, headers: JSON_TYPE }))) as unknown as typeof fetch
const respond = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: JSON_TYPE }))

describe('fetchAccount', () => {
  it('keeps amounts up to 2^64 − 1 exact and reads an empty holding as 0', async () => {
    const account = await fetchAccount(localnet, 'X', fetchJson(ACCOUNT))
    expect(account.algo).toBe(5_000_000n)
    expect(account.minBalance).toBe(300_000n)
    expect(account.assets).toEqual(new Map([[7, 18_446_744_073_709_551_615n], [9, 0n]]))
    expect(balanceOf(account, 0)).toBe(5_000_000n)
    expect(balanceOf(account, 8)).toBeUndefined()
  })

  it('reads address, amount, minimum balance and round, sending the API token', async () => {
    let seen: [string, RequestInit | undefined] | undefined
    const fetchFn = ((url: string, init?: RequestInit) => {
      seen = [url, init]
      return respond({ address: 'A', amount: 5_000_000, 'min-balance': 100_000, round: 7 })
    }) as typeof fetch
    expect(await fetchAccount(localnet, 'A', fetchFn)).toEqual({ address: 'A', algo: 5_000_000n, minBalance: 100_000n, assets: new Map(), round: 7 })
    expect(seen?.[0]).toBe('http://127.0.0.1:4001/v2/accounts/A')
    expect(seen?.[1]?.headers).toMatchObject({ 'X-Algo-API-Token': 'a'.repeat(64) })
  })

  it('says when algod cannot be reached', async () => {
    const down = (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch
    await expect(fetchAccount(localnet, 'X', down)).rejects.toThrow('Cannot reach algod at http://127.0.0.1:4001')
  })

  it("passes on algod's own error message", async () => {
    await expect(fetchAccount(localnet, 'A', fetchJson(JSON.stringify({ message: 'failed to parse the address' }), 400))).rejects.toThrow(
      'algod answered 400: failed to parse the address',
    )
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

describe('heldTokenIds', () => {
  it('offers tokens held now, not those left opted in at 0 (an emptied LP token)', async () => {
    const holdings = await fetchAccount(localnet, 'X', fetchJson(ACCOUNT))
    // asset 9 is opted in with no amount
    expect(heldTokenIds(holdings)).toEqual([7])
    expect(heldTokenIds({ algo: 0n, minBalance: 0n, assets: new Map([[12, 5n], [3, 1n], [4, 0n]]) })).toEqual([3, 12])
    expect(heldTokenIds(undefined)).toEqual([])
  })
})
