// The seed's only contact with time: Grove's clock dates the next blocks. Every block the seed makes is
// stamped through `travelTo`, so a change in how the localnet dates blocks in the past is an edit
// here alone.
import type { Algodv2 } from 'algosdk'

/** How far back the trading history reaches. */
export const HISTORY_DAYS = 30
/** Seconds in a day. */
export const DAY = 86_400

/**
 * Stamps the next blocks `unixSeconds` (the embedded localnet only), or the wall clock again when
 * undefined. It uses Grove's clock (`POST /grove/v1/clock/offset/{seconds}`: the wall clock plus a
 * signed offset), not algod's dev-mode offset, which only adds a step to each block. Block times
 * never go backwards, so travel forward only.
 */
export async function travelTo(algod: Algodv2, unixSeconds: number | undefined, now: () => number = Date.now): Promise<void> {
  const seconds = unixSeconds === undefined ? 0 : Math.round(unixSeconds - now() / 1000)
  await algod.c.post({ relativePath: `/grove/v1/clock/offset/${seconds}`, data: null })
}

/** Unix seconds where the history starts: travel there before `deploy` to date the deployment too. */
export function historyStart(now: () => number = Date.now): number {
  return Math.floor(now() / 1000) - HISTORY_DAYS * DAY
}

/** The embedded localnet's Grove clock offset in seconds (0: blocks carry the wall clock). */
export async function clockOffset(algod: Algodv2): Promise<number> {
  const res = await algod.c.get({ relativePath: '/grove/v1/clock/offset' })
  return (JSON.parse(new TextDecoder().decode(res.body)) as { offset: number }).offset
}
