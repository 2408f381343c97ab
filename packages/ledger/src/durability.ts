// A commit is acknowledged once its block is on disk: blocks are appended to the chain log as they
// are built and flushed together; until a block's flush succeeds it stays undoable, and a failed
// flush undoes it and every later block in memory and cuts them off the log (go has no such
// path: its ledger writes after agreement; here memory must never run ahead of the disk).

import { LedgerError } from './errors.ts'
import { type LogRecord } from './persist.ts'
import type { ChainStore, UnflushedMark } from './chain-store.ts'
import { SNAPSHOT_INTERVAL, saveSnapshot } from './replay.ts'
import { compactLog } from './keep-rounds.ts'

export type { UnflushedMark } from './chain-store.ts'

/** Appends to the chain log and returns where the record starts. A failed write is cut off and refused; only a log that cannot be cut back stops the node, since memory must not run ahead of the disk. */
export function persist(chain: ChainStore, rec: LogRecord, sync = true): number {
  const log = chain.log
  if (log === undefined) return 0
  try {
    return log.append(rec, sync)
  } catch (e) {
    if (!log.failed) throw new LedgerError(`ledger storage failed: ${(e as Error).message}`, 500)
    void chain.close()
    throw new LedgerError(`ledger storage failed, node stopped: ${(e as Error).message}`, 500)
  }
}

/**
 * Resolves once `mark`'s block is on disk. A failed flush (or fault) undoes that block and every
 * later one (they were built on it and none was acknowledged) and cuts them off the log; the
 * node keeps serving from the state before them. Only a log that cannot be cut back stops it.
 */
export function flushed(chain: ChainStore, mark: UnflushedMark): Promise<void> {
  const log = chain.log!
  const done = log.durable().then(
    () => {
      if (mark.undone) throw new LedgerError(`ledger storage failed, block not committed: an earlier block's flush failed`, 500)
      chain.fault?.('flush')
      // this block and all before it are on disk: once none waits, nothing can be undone any more
      chain.unflushed.splice(0, chain.unflushed.indexOf(mark) + 1)
      if (chain.unflushed.length === 0) {
        chain.state.settle()
        if (chain.lastRound() - chain.snapshotRound >= SNAPSHOT_INTERVAL) saveSnapshot(chain)
        compactLog(chain)
      }
    },
    (e: unknown) => {
      throw e
    },
  )
  const failed = done.catch((e: unknown) => {
    if (!mark.undone) undoUnflushed(chain, mark)
    if (e instanceof LedgerError) throw e
    throw new LedgerError(`ledger storage failed, block not committed: ${(e as Error).message}`, 500)
  })
  // callers that do not wait (in-process tests) must not see an unhandled rejection
  failed.catch(() => undefined)
  return failed
}

/** Undoes `from`'s block and every later unflushed one, in memory and in the log. */
function undoUnflushed(chain: ChainStore, from: UnflushedMark): void {
  const at = chain.unflushed.indexOf(from)
  if (at < 0) return
  for (const m of chain.unflushed.splice(at)) m.undone = true
  chain.state.revert(from.cp)
  if (chain.unflushed.length === 0) chain.state.settle()
  try {
    chain.log?.truncate(from.size)
  } catch {
    // memory was undone but the disk may still hold the blocks: stop rather than diverge
    void chain.close()
  }
}
