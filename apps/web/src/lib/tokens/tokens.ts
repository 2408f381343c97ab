// Tokens as the trading pages show them: ALGO plus every ASA a pool or the user names,
// read from algod, with the registry's verified flag. Plain fetch keeps algosdk out of
// the first load (see asset.ts).
import { queryOptions } from '@tanstack/react-query'
import { algodGet, algodKey } from '../algod.ts'
import { assetQuery, type AssetInfo } from './asset.ts'
import type { AlgodConfig } from '../networks.ts'

/** A token a pool can hold; id 0 is ALGO. */
export interface Token {
  id: number
  /** Unit name, or the asset name, or "#id" when the asset has neither. */
  symbol: string
  name: string
  decimals: number
  /** The issuer's clawback address (can take the token from any account, a pool's included); absent when none. */
  clawback?: string
  /** The issuer's freeze address (can freeze any holding, a pool's included); absent when none. */
  freeze?: string
}

/** A power an asset's issuer keeps over every holder, pools included. */
export type IssuerPower = 'clawback' | 'freeze'

/** The powers to warn about for `token`: none when the registry verified it (or it is ALGO). */
export function issuerPowers(token: Token, verified: ReadonlySet<number> | boolean): IssuerPower[] {
  if (token.id === ALGO.id || (typeof verified === 'boolean' ? verified : verified.has(token.id))) return []
  const powers: IssuerPower[] = []
  if (token.clawback) powers.push('clawback')
  if (token.freeze) powers.push('freeze')
  return powers
}

/** ALGO as a token: id 0, 6 decimals, always verified. */
export const ALGO: Token = { id: 0, symbol: 'ALGO', name: 'Algorand', decimals: 6 }

/** An asset's parameters as the trading pages name it. */
export function toToken(asset: AssetInfo): Token {
  return {
    id: asset.id,
    symbol: asset.unitName || asset.name || `#${asset.id}`,
    name: asset.name || asset.unitName || `Asset ${asset.id}`,
    decimals: asset.decimals,
    ...(asset.clawback ? { clawback: asset.clawback } : {}),
    ...(asset.freeze ? { freeze: asset.freeze } : {}),
  }
}

/** A token's parameters: the asset's one query, read as a token (ALGO needs no request). */
export function tokenQuery(algod: AlgodConfig, id: number) {
  return queryOptions({ ...assetQuery(algod, String(id)), select: toToken })
}

/** Reads the registry's verified tokens: its boxes named "v" ‖ uint64(asset). */
export async function fetchVerifiedTokens(algod: AlgodConfig, registryAppId: number, fetchFn?: typeof fetch): Promise<Set<number>> {
  const body = await algodGet<{ boxes?: { name: string }[] }>(algod, `/v2/applications/${registryAppId}/boxes`, fetchFn ? { fetch: fetchFn } : {})
  const verified = new Set<number>([ALGO.id])
  for (const { name } of body.boxes ?? []) {
    const bytes = Uint8Array.from(atob(name), (c) => c.charCodeAt(0))
    if (bytes.length !== 9 || bytes[0] !== 0x76) continue
    verified.add(Number(new DataView(bytes.buffer).getBigUint64(1)))
  }
  return verified
}

/** The one query for the verified-token list of a registry. */
export function verifiedTokensQuery(algod: AlgodConfig, registryAppId: number) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'verified', registryAppId],
    queryFn: () => fetchVerifiedTokens(algod, registryAppId),
    staleTime: 5 * 60_000,
    retry: 1,
  })
}

/** True when `query` (trimmed, case-insensitive) matches the token's symbol, name or exact asset id. */
export function tokenMatches(token: Token, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (q === '') return true
  if (/^\d+$/.test(q)) return String(token.id) === q || token.symbol.toLowerCase().includes(q)
  return token.symbol.toLowerCase().includes(q) || token.name.toLowerCase().includes(q)
}
