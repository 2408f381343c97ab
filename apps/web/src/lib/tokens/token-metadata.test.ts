import { describe, expect, it } from 'vitest'
import { cidFromReserve, imageFromArc3, imageFromArc69Note, logoSource, resolveArc19Url, toFetchableUrl } from './token-metadata.ts'
import { IPFS_GATEWAY } from '../public-networks.ts'

// ARC-19's own deployed example: testnet asset 66753108 carries the CIDv0 of mainnet's ARC-3 asset
// 560421434 (ipfs://QmQZyq…) in its reserve address.
const ARC19_RESERVE = 'EEQYWGGBHRDAMTEVDPVOSDVX3HJQIG6K6IVNR3RXHYOHV64ZWAEISS4CTI'
const ARC19_CID_V0 = 'QmQZyq4b89RfaUw8GESPd2re4hJqB8bnm4kVHNtyQrHnnK'
// The same sha2-256 digest as CIDv1 (base32), as `ipfs cid format -v 1 -b base32` writes it.
const ARC19_CID_V1_DAG_PB = 'bafybeibbegfrrqj4iydezfi35luq5n6z2mcbxsxsflmo4nz6dr5pxgnqba'
const ARC19_CID_V1_RAW = 'bafkreibbegfrrqj4iydezfi35luq5n6z2mcbxsxsflmo4nz6dr5pxgnqba'

const LOCAL = { localOrigin: 'http://127.0.0.1:5173' }

describe('cidFromReserve (ARC-19)', () => {
  it.each([
    [0, 'dag-pb', ARC19_CID_V0],
    [1, 'dag-pb', ARC19_CID_V1_DAG_PB],
    [1, 'raw', ARC19_CID_V1_RAW],
  ] as const)('composes CIDv%i %s from the reserve address', (version, codec, cid) => {
    expect(cidFromReserve(ARC19_RESERVE, version, codec)).toBe(cid)
  })

  it.each([
    ['a v0 CID of raw content (v0 is always dag-pb)', ARC19_RESERVE, 0, 'raw'],
    ['an unknown codec', ARC19_RESERVE, 1, 'dag-cbor'],
    ['a malformed address', 'NOT-AN-ADDRESS', 1, 'raw'],
  ] as const)('refuses %s', (_name, reserve, version, codec) => {
    expect(cidFromReserve(reserve, version, codec)).toBeUndefined()
  })
})

describe('resolveArc19Url', () => {
  it.each([
    ['template-ipfs://{ipfscid:0:dag-pb:reserve:sha2-256}', `ipfs://${ARC19_CID_V0}`],
    ['template-ipfs://{ipfscid:1:raw:reserve:sha2-256}', `ipfs://${ARC19_CID_V1_RAW}`],
    ['template-ipfs://{ipfscid:1:dag-pb:reserve:sha2-256}/metadata.json', `ipfs://${ARC19_CID_V1_DAG_PB}/metadata.json`],
    ['template-ipfs://{ipfscid:0:dag-pb:reserve:sha2-256}/arc3.json#arc3', `ipfs://${ARC19_CID_V0}/arc3.json#arc3`],
  ])('resolves %s', (template, resolved) => {
    expect(resolveArc19Url(template, ARC19_RESERVE)).toBe(resolved)
  })

  it.each([
    ['another field', 'template-ipfs://{ipfscid:1:raw:manager:sha2-256}'],
    ['another hash', 'template-ipfs://{ipfscid:1:raw:reserve:sha3-256}'],
    ['a version beyond 1', 'template-ipfs://{ipfscid:2:raw:reserve:sha2-256}'],
  ])('refuses a template with %s', (_name, template) => {
    expect(resolveArc19Url(template, ARC19_RESERVE)).toBeUndefined()
  })

  it('needs a reserve address', () => {
    expect(resolveArc19Url('template-ipfs://{ipfscid:1:raw:reserve:sha2-256}', undefined)).toBeUndefined()
  })
})

describe('logoSource', () => {
  const asset = (url: string | null, name: string | null = 'Token', reserve?: string) => ({ id: 1234, name, url, ...(reserve ? { reserve } : {}) })

  it.each([
    ['an ARC-3 URL by its #arc3 fragment', asset('ipfs://QmAbc/meta.json#arc3'), { kind: 'metadata', url: `${IPFS_GATEWAY}/ipfs/QmAbc/meta.json` }],
    ['an ARC-3 URL by the asset name "arc3"', asset('https://example.com/m.json', 'arc3'), { kind: 'metadata', url: 'https://example.com/m.json' }],
    ['an ARC-3 URL by a name ending in @arc3', asset('https://example.com/m.json', 'Fern@arc3'), { kind: 'metadata', url: 'https://example.com/m.json' }],
    ['the asset id in an ARC-3 URL', asset('https://example.com/{id}.json#arc3'), { kind: 'metadata', url: 'https://example.com/1234.json' }],
    [
      'an ARC-19 URL as metadata',
      asset('template-ipfs://{ipfscid:1:raw:reserve:sha2-256}', 'Fern', ARC19_RESERVE),
      { kind: 'metadata', url: `${IPFS_GATEWAY}/ipfs/${ARC19_CID_V1_RAW}` },
    ],
    [
      'an ARC-19 image by its #i fragment',
      asset('template-ipfs://{ipfscid:0:dag-pb:reserve:sha2-256}#i', 'Fern', ARC19_RESERVE),
      { kind: 'image', src: `${IPFS_GATEWAY}/ipfs/${ARC19_CID_V0}` },
    ],
    ['an ARC-69 media URL by its #i fragment', asset('ipfs://QmImg#i'), { kind: 'image', src: `${IPFS_GATEWAY}/ipfs/QmImg` }],
    ['a URL of an image file', asset('https://cdn.example.com/fern.png'), { kind: 'image', src: 'https://cdn.example.com/fern.png' }],
    ['a project website', asset('https://fern.example/token'), { kind: 'none' }],
    ['no URL', asset(null), { kind: 'none' }],
    ['an http URL', asset('http://example.com/logo.png'), { kind: 'none' }],
    ['a javascript: URL', asset('javascript:alert(1)#i'), { kind: 'none' }],
    ['an ARC-19 URL without a reserve', asset('template-ipfs://{ipfscid:1:raw:reserve:sha2-256}'), { kind: 'none' }],
    ['a root-relative URL on a public network', asset('/tokens/gusd.json#arc3'), { kind: 'none' }],
  ])('reads %s', (_name, input, expected) => {
    expect(logoSource(input)).toEqual(expected)
  })

  it("reads the local network's root-relative ARC-3 URLs against the app's origin", () => {
    expect(logoSource(asset('/tokens/gusd.json#arc3'), LOCAL)).toEqual({ kind: 'metadata', url: 'http://127.0.0.1:5173/tokens/gusd.json' })
  })
})

describe('imageFromArc3', () => {
  it.each([
    ['an https image', { image: 'https://cdn.example.com/a.png' }, 'https://a.example/m.json', 'https://cdn.example.com/a.png'],
    ['an ipfs image', { image: 'ipfs://QmImg', image_mimetype: 'image/png' }, 'https://a.example/m.json', `${IPFS_GATEWAY}/ipfs/QmImg`],
    ['an image relative to the metadata', { image: 'logo.svg' }, 'https://a.example/tokens/m.json', 'https://a.example/tokens/logo.svg'],
  ])('takes %s', (_name, metadata, url, expected) => {
    expect(imageFromArc3(metadata, url)).toBe(expected)
  })

  it.each([
    ['no image', { name: 'x' }],
    ['a video', { image: 'https://a.example/v.mp4', image_mimetype: 'video/mp4' }],
    ['not an object', 'image'],
    ['an http image', { image: 'http://a.example/a.png' }],
  ])('gives nothing for %s', (_name, metadata) => {
    expect(imageFromArc3(metadata, 'https://a.example/m.json')).toBeUndefined()
  })

  it("reads the demo tokens' relative images on the local network", () => {
    expect(imageFromArc3({ image: 'gusd.svg' }, 'http://127.0.0.1:5173/tokens/gusd.json', LOCAL)).toBe('http://127.0.0.1:5173/tokens/gusd.svg')
  })
})

describe('imageFromArc69Note', () => {
  const note = (json: object) => new TextEncoder().encode(JSON.stringify(json))
  it.each([
    ['media_url of an image', note({ standard: 'arc69', media_url: 'ipfs://QmLogo', mime_type: 'image/png' }), `${IPFS_GATEWAY}/ipfs/QmLogo`],
    ['media_url without a mime type', note({ standard: 'arc69', media_url: 'https://cdn.example.com/a.webp#i' }), 'https://cdn.example.com/a.webp'],
    ['image beside a video', note({ standard: 'arc69', media_url: 'ipfs://QmVid', mime_type: 'video/mp4', image: 'https://cdn.example.com/p.png' }), 'https://cdn.example.com/p.png'],
  ])('takes %s', (_name, input, expected) => {
    expect(imageFromArc69Note(input)).toBe(expected)
  })

  it.each([
    ['another standard', note({ standard: 'arc3', media_url: 'ipfs://QmLogo' })],
    ['a video only', note({ standard: 'arc69', media_url: 'ipfs://QmVid', mime_type: 'video/mp4' })],
    ['a note that is not JSON', 'hello'],
    ['a root-relative media_url off the local network', note({ standard: 'arc69', media_url: '/tokens/gusd.svg' })],
  ])('gives nothing for %s', (_name, input) => {
    expect(imageFromArc69Note(input)).toBeUndefined()
  })

  it('resolves a root-relative media_url against the app on the local network', () => {
    expect(imageFromArc69Note(note({ standard: 'arc69', media_url: '/tokens/gusd.svg' }), { localOrigin: 'http://127.0.0.1:5173' })).toBe('http://127.0.0.1:5173/tokens/gusd.svg')
  })
})

describe('toFetchableUrl', () => {
  it('goes through the gateway for ipfs://ipfs/ paths too', () => {
    expect(toFetchableUrl('ipfs://ipfs/QmAbc/x.png', undefined)).toBe(`${IPFS_GATEWAY}/ipfs/QmAbc/x.png`)
  })
  it('refuses protocol-relative URLs even locally', () => {
    expect(toFetchableUrl('//evil.example/x.png', LOCAL.localOrigin)).toBeUndefined()
  })
})
