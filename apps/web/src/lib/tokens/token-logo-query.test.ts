import { describe, expect, it, vi } from 'vitest'
import { NetworkError } from '../http.ts'
import type { AssetInfo } from './asset.ts'
import { fetchLogo } from './token-logo-query.ts'

const asset = (url: string | null): AssetInfo => ({ id: 42, name: 'Leaf', unitName: 'LEAF', decimals: 6, total: 1000n, creator: 'C', url })
const arc69 = (json: object) => async () => new TextEncoder().encode(JSON.stringify(json))
const noFetch = vi.fn(async () => {
  throw new Error('no metadata document should be read')
}) as unknown as typeof fetch

describe('fetchLogo with an ARC-69 reader', () => {
  it('takes the image the latest config note names over the asset URL', async () => {
    const read = arc69({ standard: 'arc69', media_url: 'https://cdn.example.com/leaf.png' })
    expect(await fetchLogo(asset('https://cdn.example.com/old.png'), {}, noFetch, read)).toBe('https://cdn.example.com/leaf.png')
    expect(await fetchLogo(asset(null), {}, noFetch, read)).toBe('https://cdn.example.com/leaf.png')
  })

  it('falls back to the asset URL’s image when the indexer is unreachable or the note names none', async () => {
    const down = async () => {
      throw new NetworkError('refused')
    }
    expect(await fetchLogo(asset('https://cdn.example.com/old.png'), {}, noFetch, down)).toBe('https://cdn.example.com/old.png')
    expect(await fetchLogo(asset('https://cdn.example.com/old.png'), {}, noFetch, async () => undefined)).toBe('https://cdn.example.com/old.png')
    expect(await fetchLogo(asset(null), {}, noFetch, down)).toBeNull()
  })

  it('reads ARC-3 metadata without asking the indexer', async () => {
    const read = vi.fn(arc69({ standard: 'arc69', media_url: 'https://cdn.example.com/leaf.png' }))
    const doc = vi.fn(async () => new Response(JSON.stringify({ image: 'leaf.svg' }))) as unknown as typeof fetch
    expect(await fetchLogo(asset('/tokens/leaf.json#arc3'), { localOrigin: 'http://127.0.0.1:5173' }, doc, read)).toBe('http://127.0.0.1:5173/tokens/leaf.svg')
    expect(read).not.toHaveBeenCalled()
  })

  it('honours a root-relative ARC-69 media URL on the local network only', async () => {
    const read = arc69({ standard: 'arc69', media_url: '/tokens/gusd.svg', mime_type: 'image/svg+xml' })
    expect(await fetchLogo(asset(null), { localOrigin: 'http://127.0.0.1:5173' }, noFetch, read)).toBe('http://127.0.0.1:5173/tokens/gusd.svg')
    expect(await fetchLogo(asset(null), {}, noFetch, read)).toBeNull()
  })
})
