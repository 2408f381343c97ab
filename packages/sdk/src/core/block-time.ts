// The chain's clock as an app call reads it.
import type { Algodv2 } from 'algosdk'

/** The latest block's timestamp: what the next group's app calls read as LatestTimestamp (its header alone is read). */
export async function latestTimestamp(algod: Algodv2): Promise<bigint> {
  const { lastRound } = await algod.status().do()
  return BigInt((await algod.block(lastRound).headerOnly(true).do()).block.header.timestamp)
}
