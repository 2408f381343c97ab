// What an account holds: ALGO (with its minimum balance) and every asset it has opted in to.
import { queryOptions } from '@tanstack/react-query'
import { algodBaseUrl } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'

/** An account's balances in base units. */
export interface Holdings {
  /** Total microAlgos, including the minimum balance. */
  algo: bigint
  /** microAlgos the account must keep. */
  minBalance: bigint
  /** Opted-in assets and their amounts (0 when opted in but empty). */
  assets: Map<number, bigint>
}

/** Fetches an account's holdings; an account algod has never seen holds nothing. */
export async function fetchHoldings(algod: AlgodConfig, address: string, fetchFn: typeof fetch = fetch): Promise<Holdings> {
  const response = await fetchFn(`${algodBaseUrl(algod)}/v2/accounts/${encodeURIComponent(address)}`, {
    headers: algod.token ? { 'X-Algo-API-Token': algod.token } : {},
  }).catch(() => {
    throw new Error(`Cannot reach algod at ${algodBaseUrl(algod)}`)
  })
  if (!response.ok) throw new Error(`algod answered ${response.status}`)
  // Asset amounts reach 2^64 − 1, beyond what a JSON number keeps exactly: read long ones as text.
  const text = (await response.text()).replace(/("amount"\s*:\s*)(\d{16,})/g, '$1"$2"')
  const body = JSON.parse(text) as { amount: number | string; 'min-balance'?: number; assets?: { 'asset-id': number; amount?: number | string }[] }
  const assets = new Map<number, bigint>()
  for (const a of body.assets ?? []) assets.set(a['asset-id'], BigInt(a.amount ?? 0))
  return { algo: BigInt(body.amount), minBalance: BigInt(body['min-balance'] ?? 0), assets }
}

/**
 * The one query for an account's holdings. Its key extends accountBalanceQuery's, so invalidating
 * `['algod', base, 'account', address]` after a transaction refreshes both.
 */
export function holdingsQuery(algod: AlgodConfig, address: string) {
  return queryOptions({
    queryKey: ['algod', algodBaseUrl(algod), 'account', address, 'holdings'],
    queryFn: () => fetchHoldings(algod, address),
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: 1,
  })
}

/** The account's balance of `tokenId`: undefined when not opted in (ALGO is always held). */
export function balanceOf(holdings: Holdings | undefined, tokenId: number): bigint | undefined {
  if (!holdings) return undefined
  return tokenId === 0 ? holdings.algo : holdings.assets.get(tokenId)
}

/** ALGO the account can spend on a trade: total minus minimum balance minus the fees, never negative. */
export function spendableAlgo(holdings: Holdings, feeMicroAlgos: bigint): bigint {
  const spendable = holdings.algo - holdings.minBalance - feeMicroAlgos
  return spendable > 0n ? spendable : 0n
}
