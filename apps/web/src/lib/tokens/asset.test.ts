import { describe, expect, it } from 'vitest'
import { fetchAsset } from './asset.ts'

const localnet = { server: 'http://127.0.0.1', port: '4001', token: 'a'.repeat(64) }
const json = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

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
