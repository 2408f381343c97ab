// --keep-rounds N (go's non-archival node keeps the last rounds' blocks and deletes older ones): a
// round older than the newest N is dropped from memory as the next block is made, and algod and the
// indexer answer it as a round they do not have; once N more have been dropped, the chain log is
// rewritten without their records. Those rounds can no longer be replayed, so a snapshot of the tip
// (snapshot.ts) is written first, and the new log holds the genesis record, the block time in
// force, then the kept blocks. A fork keeps its whole log (its replay needs every block over its
// pins), and a held dev snapshot defers the rewrite (a revert cuts the log back to a size it noted).

import type { ChainStore } from './chain-store.ts'
import type { ChainLog, LogRecord } from './persist.ts'
import { saveSnapshot } from './replay.ts'

/**
 * Rewrites the log (the chain's, or the one a closing chain has just let go) without the rounds dropped
 * from memory, once `keepRounds` of them are still on disk (`all`: any); only with every block flushed.
 * A failure leaves the log as it was: it only costs disk.
 */
export function compactLog(chain: ChainStore, log: ChainLog | undefined = chain.log, all = false): void {
  if (chain.keepRounds === undefined || log === undefined || chain.fork !== undefined || chain.unflushed.length > 0 || chain.devSnapshotsHeld()) return
  const first = chain.blocks.first
  const dropped = first - chain.loggedFrom
  if (dropped <= 0n || (!all && dropped < BigInt(chain.keepRounds))) return
  if (chain.snapshotRound !== chain.lastRound()) saveSnapshot(chain)
  // without a snapshot of the tip, the dropped rounds are still the only way to its state
  if (chain.snapshotRound !== chain.lastRound()) return
  // the offsets now, before the kept blocks' own: replay ends with the ones in force
  const prefix: LogRecord[] = [{ kind: 'clock', offset: chain.clock }, ...(chain.offset === undefined ? [] : [{ kind: 'offset' as const, offset: chain.offset }])]
  let moved: number
  try {
    moved = log.compact(chain.blocks.recordStart(first), prefix)
  } catch {
    return
  }
  chain.blocks.shift(moved)
  chain.loggedFrom = first
}
