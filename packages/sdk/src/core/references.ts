// References an app call names itself (boxes, assets, apps, accounts) instead of simulating for
// them, and the opt-ins a group must add first for the assets it sends the sender.
import type { Address, Algodv2 } from 'algosdk'

/** Assets as an app call's foreign assets: ALGO (0) dropped, each once. */
export const assetReferences = (assets: readonly bigint[]): bigint[] => [...new Set(assets.filter((a) => a !== 0n))]

/**
 * The assets among `assets` (ALGO excluded) that `address` has not opted into, from one read of the
 * account (algod answers it for any address): asking per asset answers 404 for each one missing,
 * which a browser prints as a failed request.
 */
export async function missingOptIns(algod: Algodv2, address: string | Address, assets: readonly bigint[]): Promise<bigint[]> {
  const unique = assetReferences(assets)
  if (unique.length === 0) return []
  const info = await algod.accountInformation(address).do()
  const held = new Set((info.assets ?? []).map((h) => h.assetId))
  return unique.filter((a) => !held.has(a))
}
