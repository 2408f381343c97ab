// The one query for a token's logo: the asset's parameters decide the source (token-metadata.ts);
// an ARC-3 document is fetched only from origins the Content-Security-Policy lets the page reach
// (the IPFS gateway, or the app itself on the local network), so nothing is fetched that the
// browser would refuse anyway.
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import { IPFS_GATEWAY } from '../public-networks.ts'
import type { AssetInfo } from './asset.ts'
import { imageFromArc3, logoSource, type LogoOptions } from './token-metadata.ts'

/** The largest metadata document read; ARC-3 files are a few hundred bytes. */
const MAX_METADATA_BYTES = 64 * 1024

/** Resolves the image URL of a token's logo, or null when it has none (the fallback shows). */
export async function fetchLogo(asset: AssetInfo, options: LogoOptions, fetchFn: typeof fetch = fetch): Promise<string | null> {
  const source = logoSource(asset, options)
  if (source.kind === 'image') return source.src
  if (source.kind === 'none') return null
  const origin = new URL(source.url).origin
  if (origin !== IPFS_GATEWAY && origin !== options.localOrigin) return null
  try {
    const response = await fetchFn(source.url, { signal: AbortSignal.timeout(10_000), credentials: 'omit' })
    if (!response.ok) return null
    const text = await response.text()
    if (text.length > MAX_METADATA_BYTES) return null
    return imageFromArc3(JSON.parse(text), source.url, options) ?? null
  } catch {
    // Unreachable, slow or malformed metadata: the generated logo is shown instead.
    return null
  }
}

/** The one query for the logo of `asset` read through `algod`; logos change rarely, so it is cached for the session. */
export function tokenLogoQuery(algod: AlgodConfig, asset: AssetInfo | undefined, options: LogoOptions) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'logo', asset?.id, asset?.url ?? null, asset?.reserve ?? null, options.localOrigin ?? null],
    queryFn: () => fetchLogo(asset!, options),
    enabled: asset !== undefined && asset.id !== 0,
    staleTime: Infinity,
    retry: false,
  })
}
