// The one reader of an account: ALGO (with its minimum balance) and every asset it has opted in
// to. algod's JSON through lib/algod.ts keeps algosdk out of the first load; the wallet widget, the dashboard and the
// trading pages all read this query, and a confirmed transaction invalidates it.
import { queryOptions } from '@tanstack/react-query'
import { algodGet, algodKey } from '../algod.ts'
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

/** An account as algod answered for it: its holdings, and where and when they were read. */
export interface Account extends Holdings {
  address: string
  /** The round algod read the account at. */
  round: number
}

/** Fetches an account; an account algod has never seen holds nothing. Throws an Error with a readable message. */
export async function fetchAccount(algod: AlgodConfig, address: string, fetchFn?: typeof fetch): Promise<Account> {
  const body = await algodGet<{
    address?: string
    amount: number | string
    'min-balance'?: number
    round?: number
    assets?: { 'asset-id': number; amount?: number | string }[]
  }>(algod, `/v2/accounts/${encodeURIComponent(address)}`, {
    ...(fetchFn ? { fetch: fetchFn } : {}),
    // Asset amounts reach 2^64 − 1, beyond what a JSON number keeps exactly: read long ones as text.
    parseJson: (text) => JSON.parse(text.replace(/("amount"\s*:\s*)(\d{16,})/g, '$1"$2"')),
  })
  const assets = new Map<number, bigint>()
  for (const a of body.assets ?? []) assets.set(a['asset-id'], BigInt(a.amount ?? 0))
  return { address: body.address ?? address, algo: BigInt(body.amount), minBalance: BigInt(body['min-balance'] ?? 0), assets, round: body.round ?? 0 }
}

/** The one query for an account; its key, invalidated after a transaction, refreshes every view of the account. */
export function accountQuery(algod: AlgodConfig, address: string) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'account', address],
    queryFn: () => fetchAccount(algod, address),
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

/** Asset ids the account holds a positive amount of, ascending: what a form may offer to spend (a token left opted in at 0, such as an emptied LP token, is not). */
export function heldTokenIds(holdings: Holdings | undefined): number[] {
  return [...(holdings?.assets ?? [])].filter(([, amount]) => amount > 0n).map(([id]) => id).sort((x, y) => x - y)
}

/** ALGO the account can spend on a trade: total minus minimum balance minus the fees, never negative. */
export function spendableAlgo(holdings: Holdings, feeMicroAlgos: bigint): bigint {
  const spendable = holdings.algo - holdings.minBalance - feeMicroAlgos
  return spendable > 0n ? spendable : 0n
}
