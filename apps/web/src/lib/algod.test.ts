import { describe, expect, it } from 'vitest'
import { algodBaseUrl, fetchAccountBalance, fetchAsset } from './algod.ts'

const localnet = { server: 'http://127.0.0.1', port: '4001', token: 'a'.repeat(64) }
const json = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }))

describe('algodBaseUrl', () => {
  it.each([
    [{ server: 'http://127.0.0.1', port: '4001', token: '' }, 'http://127.0.0.1:4001'],
    [{ server: 'https://node.example/', port: '', token: '' }, 'https://node.example'],
  ])('builds %j → %s', (algod, url) => {
    expect(algodBaseUrl(algod)).toBe(url)
  })
})

describe('fetchAccountBalance', () => {
  it('reads amount and minimum balance, sending the API token', async () => {
    let seen: [string, RequestInit | undefined] | undefined
    const fetchFn = ((url: string, init?: RequestInit) => {
      seen = [url, init]
      return json(200, { address: 'A', amount: 5_000_000, 'min-balance': 100_000, round: 7 })()
    }) as typeof fetch
    expect(await fetchAccountBalance(localnet, 'A', fetchFn)).toEqual({ address: 'A', amount: 5_000_000n, minBalance: 100_000n, round: 7 })
    expect(seen?.[0]).toBe('http://127.0.0.1:4001/v2/accounts/A?exclude=all')
    expect(seen?.[1]?.headers).toEqual({ 'X-Algo-API-Token': 'a'.repeat(64) })
  })

  it('says algod cannot be reached when the request fails', async () => {
    const fetchFn = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch
    await expect(fetchAccountBalance(localnet, 'A', fetchFn)).rejects.toThrow('Cannot reach algod at http://127.0.0.1:4001')
  })

  it("passes on algod's own error message", async () => {
    const fetchFn = json(400, { message: 'failed to parse the address' }) as unknown as typeof fetch
    await expect(fetchAccountBalance(localnet, 'A', fetchFn)).rejects.toThrow('algod answered 400: failed to parse the address')
  })
})

describe('fetchAsset', () => {
  it('reads the asset parameters', async () => {
    const fetchFn = json(200, { index: 9, params: { name: 'Grove', 'unit-name': 'GROVE', decimals: 6, total: 1e15, creator: 'C' } }) as unknown as typeof fetch
    expect(await fetchAsset(localnet, '9', fetchFn)).toEqual({ id: 9, name: 'Grove', unitName: 'GROVE', decimals: 6, total: 1_000_000_000_000_000n, creator: 'C', url: null })
  })

  it('reads the clawback and freeze addresses, and ignores the zero address', async () => {
    const zero = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ'
    const fetchFn = json(200, { index: 9, params: { name: 'Grove', decimals: 6, total: 1, creator: 'C', clawback: 'K', freeze: zero } }) as unknown as typeof fetch
    const asset = await fetchAsset(localnet, '9', fetchFn)
    expect(asset.clawback).toBe('K')
    expect(asset.freeze).toBeUndefined()
  })

  it('says when the asset does not exist', async () => {
    const fetchFn = json(404, { message: 'asset does not exist' }) as unknown as typeof fetch
    await expect(fetchAsset(localnet, '9', fetchFn)).rejects.toThrow('Asset 9 does not exist on this network')
  })
})
