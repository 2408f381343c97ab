// An asset's parameters, read from algod's JSON through lib/algod.ts: reads don't need algosdk, so making
// one keeps the wallet SDKs out of every page's first load.
import { queryOptions } from '@tanstack/react-query'
import { AlgodAnswerError, algodGet, algodKey } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'

/** The parameters of an ASA that a project page shows. */
export interface AssetInfo {
  id: number
  name: string | null
  unitName: string | null
  decimals: number
  total: bigint
  creator: string
  url: string | null
  /** The manager address, which can change the asset's addresses; absent when none. */
  manager?: string
  /** The clawback address, which can take the asset from any holder; absent when none. */
  clawback?: string
  /** The freeze address, which can freeze any holding; absent when none. */
  freeze?: string
  /** The reserve address; ARC-19 tokens keep their metadata's IPFS digest in it. Absent when none. */
  reserve?: string
}

/** algod's zero address, which it writes for "no address" in some versions. */
const ZERO_ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ'
const address = (a: string | undefined): string | undefined => (a && a !== ZERO_ADDRESS ? a : undefined)

/** algod has no asset by this id on the network (404), as opposed to algod being unreachable. */
export class AssetMissingError extends Error {
  constructor(readonly assetId: string) {
    super(`Asset ${assetId} does not exist on this network`)
    this.name = 'AssetMissingError'
  }
}

/** Fetches an asset's parameters; a missing asset is an AssetMissingError. */
export async function fetchAsset(algod: AlgodConfig, assetId: string, fetchFn?: typeof fetch): Promise<AssetInfo> {
  const body = await algodGet<{
    index: number
    params: { name?: string; 'unit-name'?: string; decimals: number; total: number; creator: string; url?: string; manager?: string; clawback?: string; freeze?: string; reserve?: string }
  }>(algod, `/v2/assets/${encodeURIComponent(assetId)}`, fetchFn ? { fetch: fetchFn } : {}).catch((error: unknown) => {
    throw error instanceof AlgodAnswerError && error.status === 404 ? new AssetMissingError(assetId) : error
  })
  return {
    id: body.index,
    name: body.params.name ?? null,
    unitName: body.params['unit-name'] ?? null,
    decimals: body.params.decimals,
    total: BigInt(body.params.total),
    creator: body.params.creator,
    url: body.params.url ?? null,
    ...(address(body.params.manager) ? { manager: address(body.params.manager) } : {}),
    ...(address(body.params.clawback) ? { clawback: address(body.params.clawback) } : {}),
    ...(address(body.params.freeze) ? { freeze: address(body.params.freeze) } : {}),
    ...(address(body.params.reserve) ? { reserve: address(body.params.reserve) } : {}),
  }
}

/** ALGO is no ASA: its parameters are known without asking algod (asset id 0). */
export const ALGO_ASSET: AssetInfo = { id: 0, name: 'Algorand', unitName: 'ALGO', decimals: 6, total: 10_000_000_000_000_000n, creator: '', url: null }

/** The one query for an asset's parameters on a given algod (tokens read it too); they never change, so it is cached for the session. */
export function assetQuery(algod: AlgodConfig, assetId: string) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'asset', assetId],
    queryFn: async () => (assetId === '0' ? ALGO_ASSET : fetchAsset(algod, assetId)),
    staleTime: Infinity,
    // a missing asset stays missing; only a failed request is worth one more try
    retry: (failures, error) => !(error instanceof AssetMissingError) && failures < 1,
  })
}
