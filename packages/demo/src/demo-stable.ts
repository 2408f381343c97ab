// The demo's stable coin, apart from the seed (and the SDK it loads), so a start on seeded data finds
// it without loading either.

/** The demo's stable coin (its price is $1): `npm start` writes its id into the deployment record as `stableAssetId`. */
export const DEMO_STABLE = 'gUSD'

/** The id of the demo's stable coin among a seed's tokens; undefined when the seed made none. */
export function demoStableAssetId(tokens: readonly { unitName: string; assetId: bigint | number }[]): number | undefined {
  const t = tokens.find((x) => x.unitName === DEMO_STABLE)
  return t === undefined ? undefined : Number(t.assetId)
}
