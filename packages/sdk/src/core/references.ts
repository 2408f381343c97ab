// References an app call names itself (boxes, assets, apps, accounts) instead of simulating for
// them, and the opt-ins a group must add first for the assets it sends the sender.
import type { Address, Algodv2 } from 'algosdk'

/** Assets as an app call's foreign assets: ALGO (0) dropped, each once. */
export const assetReferences = (assets: readonly bigint[]): bigint[] => [...new Set(assets.filter((a) => a !== 0n))]

/** The assets among `assets` (ALGO excluded) that `address` has not opted into. */
export async function missingOptIns(algod: Algodv2, address: string | Address, assets: readonly bigint[]): Promise<bigint[]> {
  const unique = assetReferences(assets)
  const held = await Promise.all(
    unique.map((asset) =>
      algod
        .accountAssetInformation(address, asset)
        .do()
        .then(
          () => true,
          (e: { status?: number; response?: { status?: number } }) => {
            if ((e.status ?? e.response?.status) === 404) return false
            throw e
          },
        ),
    ),
  )
  return unique.filter((_, i) => !held[i])
}
