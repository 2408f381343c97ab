// The seed's only contact with time: dev mode dates the next blocks. Every block the seed makes is
// stamped through `travelTo`, so a change in how the localnet dates blocks in the past is an edit
// here alone.
import type { Algodv2 } from 'algosdk'

/** How far back the trading history reaches. */
export const HISTORY_DAYS = 30
/** Seconds in a day. */
export const DAY = 86_400

/**
 * Stamps the next blocks `unixSeconds` (dev mode only), or the wall clock again when undefined.
 * Past times use the localnet's negative block offsets; block times never go backwards, so travel
 * forward only.
 */
export async function travelTo(algod: Algodv2, unixSeconds: number | undefined, now: () => number = Date.now): Promise<void> {
  await algod.setBlockOffsetTimestamp(unixSeconds === undefined ? 0 : Math.round(unixSeconds - now() / 1000)).do()
}

/** Unix seconds where the history starts: travel there before `deploy` to date the deployment too. */
export function historyStart(now: () => number = Date.now): number {
  return Math.floor(now() / 1000) - HISTORY_DAYS * DAY
}
