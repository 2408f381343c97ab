// Where a token's logo comes from, per the Algorand ARCs, from what algod tells of the asset:
// - ARC-19: a `template-ipfs://{ipfscid:…}` URL whose CID digest is the reserve address's 32 bytes;
// - ARC-3: a URL ending in `#arc3` (or an asset named "arc3" / "…@arc3") points to JSON metadata
//   whose `image` is the logo; `{id}` in the URL is the asset id;
// - ARC-69: the metadata is the note of the asset's latest config transaction, which the indexer
//   finds (token-logo-query.ts); without one, the asset URL, which ARC-69 points at the media
//   (with `#i` for an image), is used as the image directly.
// Pure functions: the component asks, fetches at most one JSON document and renders.
import { IPFS_GATEWAY } from '../public-networks.ts'
import { addressKey } from '../address-key.ts'

/** What algod says of an asset that can name a logo. */
export interface LogoAsset {
  id: number
  name: string | null
  url: string | null
  reserve?: string
}

/** How to get a logo: an image URL to show, a metadata document to read first, or nothing. */
export type LogoSource = { kind: 'image'; src: string } | { kind: 'metadata'; url: string } | { kind: 'none' }

/** Options of {@link logoSource}. */
export interface LogoOptions {
  /** Origin that root-relative URLs resolve against; only the local network's own demo tokens use them. */
  localOrigin?: string
}

const IMAGE_PATH = /\.(svg|png|jpe?g|gif|webp|avif)$/i

/** Decides where the logo of `asset` comes from; never throws (a malformed URL means no logo). */
export function logoSource(asset: LogoAsset, options: LogoOptions = {}): LogoSource {
  let raw = asset.url?.trim() ?? ''
  if (raw === '') return { kind: 'none' }
  const arc19 = raw.startsWith('template-ipfs://')
  if (arc19) {
    const resolved = resolveArc19Url(raw, asset.reserve)
    if (!resolved) return { kind: 'none' }
    raw = resolved
  }
  raw = raw.replaceAll('{id}', String(asset.id))
  const url = toFetchableUrl(raw, options.localOrigin)
  if (!url) return { kind: 'none' }
  const name = asset.name ?? ''
  const isArc3 = raw.endsWith('#arc3') || name === 'arc3' || name.endsWith('@arc3')
  // An ARC-19 URL names mutable metadata (ARC-3 JSON) unless its fragment says it is an image.
  if (isArc3 || (arc19 && !raw.endsWith('#i'))) return { kind: 'metadata', url: stripFragment(url) }
  // ARC-69 (and plain) URLs that name an image.
  if (raw.endsWith('#i') || IMAGE_PATH.test(new URL(url).pathname)) return { kind: 'image', src: stripFragment(url) }
  return { kind: 'none' }
}

/** The logo named by ARC-3 metadata (`image`, relative to the metadata's URL), or undefined. */
export function imageFromArc3(metadata: unknown, metadataUrl: string, options: LogoOptions = {}): string | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined
  const image = (metadata as { image?: unknown }).image
  if (typeof image !== 'string' || image.trim() === '') return undefined
  const mime = (metadata as { image_mimetype?: unknown }).image_mimetype
  if (typeof mime === 'string' && !mime.startsWith('image/')) return undefined
  let absolute: string
  try {
    absolute = image.startsWith('ipfs://') ? image : new URL(image, metadataUrl).href
  } catch {
    return undefined
  }
  const url = toFetchableUrl(absolute, options.localOrigin)
  return url ? stripFragment(url) : undefined
}

/** The logo named by an ARC-69 note (the JSON of the latest asset config transaction's note), or undefined. */
export function imageFromArc69Note(note: Uint8Array | string, options: LogoOptions = {}): string | undefined {
  let json: unknown
  try {
    json = JSON.parse(typeof note === 'string' ? note : new TextDecoder().decode(note))
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null || (json as { standard?: unknown }).standard !== 'arc69') return undefined
  const { media_url: media, image, mime_type: mime } = json as { media_url?: unknown; image?: unknown; mime_type?: unknown }
  // media_url is ARC-69's field; its mime_type says whether it is an image. Some tokens write `image` instead.
  const mediaIsImage = typeof mime !== 'string' || mime.startsWith('image/')
  const candidate = typeof media === 'string' && mediaIsImage ? media : typeof image === 'string' ? image : undefined
  if (!candidate) return undefined
  const url = toFetchableUrl(candidate, options.localOrigin)
  return url ? stripFragment(url) : undefined
}

/**
 * An https URL the browser may load: ipfs:// through the gateway, https as is, a root-relative
 * path only when `localOrigin` is given. Anything else (http, data, javascript, relative paths on a
 * public network, where a copycat token could borrow Grove's own demo logos) is refused.
 */
export function toFetchableUrl(raw: string, localOrigin: string | undefined): string | undefined {
  if (raw.startsWith('ipfs://')) {
    const rest = raw.slice('ipfs://'.length).replace(/^ipfs\//, '')
    if (!/^[A-Za-z0-9]+(\/[^\s]*)?(#.*)?$/.test(rest)) return undefined
    return `${IPFS_GATEWAY}/ipfs/${rest}`
  }
  if (raw.startsWith('/') && !raw.startsWith('//')) return localOrigin ? new URL(raw, localOrigin).href : undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.protocol === 'https:') return url.href
  if (localOrigin && url.origin === new URL(localOrigin).origin) return url.href
  return undefined
}

const stripFragment = (url: string) => url.split('#')[0]!

// ---- ARC-19 -------------------------------------------------------------------------------

const TEMPLATE = /^template-ipfs:\/\/\{ipfscid:([01]):([a-z0-9-]+):([a-z0-9-]+):([a-z0-9-]+)\}/
const CODECS: Record<string, number> = { raw: 0x55, 'dag-pb': 0x70 }

/** The ipfs:// URL an ARC-19 template names with this reserve address, or undefined when it cannot be resolved. */
export function resolveArc19Url(url: string, reserve: string | undefined): string | undefined {
  const match = TEMPLATE.exec(url)
  if (!match || !reserve) return undefined
  const [whole, version, codec, field, hash] = match as unknown as [string, string, string, string, string]
  if (field !== 'reserve' || hash !== 'sha2-256') return undefined
  const cid = cidFromReserve(reserve, Number(version) as 0 | 1, codec)
  return cid ? `ipfs://${cid}${url.slice(whole.length)}` : undefined
}

/** The IPFS CID whose sha2-256 digest is the reserve address's public key (ARC-19); undefined for an unsupported codec or a bad address. */
export function cidFromReserve(reserve: string, version: 0 | 1, codec: string): string | undefined {
  const digest = addressKey(reserve)
  const code = CODECS[codec]
  if (!digest || code === undefined) return undefined
  const multihash = Uint8Array.from([0x12, 0x20, ...digest])
  // CIDv0 is the bare multihash in base58btc and is always dag-pb.
  if (version === 0) return codec === 'dag-pb' ? base58btc(multihash) : undefined
  // CIDv1: <version><codec><multihash> in lowercase base32, multibase prefix "b"; both fit one varint byte.
  return `b${base32(Uint8Array.from([0x01, code, ...multihash])).toLowerCase()}`
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const b of bytes) {
    value = (value << 8) | b
    bits += 8
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31]
  return out
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58btc(bytes: Uint8Array): string {
  let n = 0n
  for (const b of bytes) n = (n << 8n) | BigInt(b)
  let out = ''
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}
