// The one query for a token's logo: the asset's parameters decide the source (token-metadata.ts);
// an ARC-3 document is fetched only from origins the Content-Security-Policy lets the page reach
// (the IPFS gateway, or the app itself on the local network), so nothing is fetched that the
// browser would refuse anyway. ARC-69 metadata is the note of the asset's latest config
// transaction, read from the indexer; when the indexer cannot answer, the logo falls back to what
// algod alone tells (the asset URL's image, else the generated logo).
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import { indexerFor } from '../indexer/queries.ts'
import { latestConfigNote } from '../indexer/history.ts'
import { algodBaseUrl } from '../algod.ts'
import type { AlgodConfig, IndexerConfig } from '../networks.ts'
import { IPFS_GATEWAY } from '../public-networks.ts'
import type { AssetInfo } from './asset.ts'
import { imageFromArc3, imageFromArc69Note, logoSource, type LogoOptions } from './token-metadata.ts'

/** Reads the note of an asset's latest config transaction (ARC-69); undefined when it has none. */
export type Arc69NoteReader = (assetId: number) => Promise<Uint8Array | undefined>

/** The largest metadata document read; ARC-3 files are a few hundred bytes. */
const MAX_METADATA_BYTES = 64 * 1024

/** Resolves the image URL of a token's logo, or null when it has none (the fallback shows). */
export async function fetchLogo(asset: AssetInfo, options: LogoOptions, fetchFn: typeof fetch = fetch, readArc69?: Arc69NoteReader): Promise<string | null> {
  const source = logoSource(asset, options)
  if (source.kind !== 'metadata') {
    // ARC-3 and ARC-19 metadata name the logo themselves; otherwise an ARC-69 note may.
    const arc69 = readArc69 ? await arc69Image(asset.id, readArc69, options) : undefined
    return arc69 ?? (source.kind === 'image' ? source.src : null)
  }
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

async function arc69Image(assetId: number, read: Arc69NoteReader, options: LogoOptions): Promise<string | undefined> {
  try {
    const note = await read(assetId)
    return note ? imageFromArc69Note(note, options) : undefined
  } catch {
    // No indexer (or one that refuses): the logo is what algod alone tells.
    return undefined
  }
}

/** An {@link Arc69NoteReader} over the indexer at `config`. */
export function indexerArc69Reader(config: IndexerConfig): Arc69NoteReader {
  return async (assetId) => latestConfigNote(await indexerFor(config).assetConfigTransactions(assetId))
}

/**
 * The one query for the logo of `asset` read through `algod` (and `indexer` for ARC-69, when given);
 * logos change rarely, so it is cached for the session.
 */
export function tokenLogoQuery(algod: AlgodConfig, asset: AssetInfo | undefined, options: LogoOptions, indexer?: IndexerConfig) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'logo', asset?.id, asset?.url ?? null, asset?.reserve ?? null, options.localOrigin ?? null, indexer ? algodBaseUrl(indexer) : null],
    queryFn: () => fetchLogo(asset!, options, fetch, indexer ? indexerArc69Reader(indexer) : undefined),
    enabled: asset !== undefined && asset.id !== 0,
    staleTime: Infinity,
    retry: false,
  })
}
