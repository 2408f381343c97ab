// Opening a data directory (go's ledger reload): the chain log is replayed through the same
// apply code as a live commit, from the latest snapshot that matches it (snapshot.ts) when there
// is one, and a snapshot of the tip is taken when a replay was long or the node stops cleanly.
// Replay refuses a log whose blocks the current rules would number differently (sameRules).

import algosdk from 'algosdk'
import { decodeHeader, storedBlock } from './block-bytes.ts'
import type { AppliedTxn } from './apply.ts'
import { sha512_256 } from './hash.ts'
import type { MoneyTotals, Msgp } from './deltas.ts'
import { ChainLog, ChainLogError, type BlockRecord, type LogRecord } from './persist.ts'
import type { LedgerState, StateSnapshot } from './state.ts'
import { readSnapshot, writeSnapshot } from './snapshot.ts'
import type { OnlineEntry } from './online.ts'
import { DELTA_LOOKBACK } from './kept-deltas.ts'
import type { ChainStore } from './chain-store.ts'

/** Blocks between snapshots taken while running (a clean stop always takes one): a crash's restart replays at most this many. */
export const SNAPSHOT_INTERVAL = 10_000n


/** What a snapshot holds besides the state: the chain's indexes as of its round (structured-clonable). */
export interface ChainSnapshot {
  state: StateSnapshot
  totals: MoneyTotals
  onlineAccounts: Map<string, OnlineEntry[]>
  onlineHistory: { round: bigint; money: bigint }[]
  /** Confirmed transactions still looked up: id, round, the signed transaction's msgpack, what applying it produced. */
  txns: [string, bigint, Uint8Array, AppliedTxn][]
  leases: Map<string, bigint>
  deltas: [bigint, { round: Map<string, Msgp>; group: Map<string, Msgp>; ids: Uint8Array[] }][]
}

/** Opens the chain log in `dataDir` (a new one starts with this genesis block) and replays it. */
export function restore(chain: ChainStore, dataDir: string): void {
  const genesis: BlockRecord = { kind: 'block', group: new Uint8Array(), block: chain.blockBytes[0] }
  const { log, records } = ChainLog.open(dataDir, chain.genesisHash, () => genesis)
  try {
    const logged = records[0] as BlockRecord
    chain.headers[0] = decodeHeader(logged.block)
    chain.blockBytes[0] = logged.block.slice()
    sameRules(chain.state, chain.baseRound, chain.headers[0].txnCounter)
    const blocks = records.reduce((n, r) => n + (r.kind === 'block' ? 1 : 0), 0)
    // a fork replays its whole log over the pins (a snapshot would hide pins taken after it)
    const snap = chain.fork === undefined ? usableSnapshot(dataDir, records, chain.baseRound) : undefined
    // the index of each block past genesis (round baseRound + index)
    let round = 0
    for (const rec of records.slice(1)) {
      if (rec.kind === 'offset') {
        chain.offset = rec.offset
        continue
      }
      if (rec.kind === 'clock') {
        chain.clock = rec.offset
        chain.offset = undefined
        continue
      }
      round++
      if (snap !== undefined && round <= snap.index) {
        // covered by the snapshot: kept as logged bytes, its header decoded when first read
        chain.headers.push(undefined)
        chain.blockBytes.push(rec.block)
        if (round === snap.index) loadSnapshot(chain, snap.body)
        continue
      }
      // only the last rounds' deltas outlive replay (publish keeps DELTA_LOOKBACK): earlier ones are not built
      const stored = storedBlock(rec.block, BigInt(blocks - 1 - round) < DELTA_LOOKBACK)
      try {
        chain.commitGroup(rec.group, stored)
      } catch (e) {
        throw new ChainLogError(`${log.file}: replaying round ${stored.round} failed: ${(e as Error).message}`)
      }
    }
    chain.snapshotRound = chain.baseRound + BigInt(snap?.index ?? 0)
  } catch (e) {
    log.close()
    throw e
  }
  chain.log = log
  chain.dataDir = dataDir
  const fault = chain.fault
  if (fault !== undefined) log.tearHook = () => fault('log')
  // a long replay (after a crash) is not repeated on the next start
  if (chain.lastRound() - chain.snapshotRound >= SNAPSHOT_INTERVAL) saveSnapshot(chain)
}

/** The data directory's snapshot when it matches the log: its round's logged block has the hash it names and counts transactions as it does. `index`: its round less the genesis round. */
function usableSnapshot(dataDir: string, records: LogRecord[], genesisRound: bigint): { index: number; body: ChainSnapshot } | undefined {
  const snap = readSnapshot(dataDir)
  if (snap === undefined || snap.round <= genesisRound) return undefined
  let round = genesisRound
  for (const rec of records) {
    if (rec.kind !== 'block') continue
    if (round === snap.round) {
      const body = snap.body as ChainSnapshot
      const same = Buffer.from(sha512_256(rec.block)).equals(Buffer.from(snap.blockHash)) && storedBlock(rec.block, false).txnCounter === BigInt(body.state.lastId)
      return same ? { index: Number(snap.round - genesisRound), body } : undefined
    }
    round++
  }
  return undefined
}

/** Takes a snapshot's state and indexes as the chain's, as of its round. */
function loadSnapshot(chain: ChainStore, body: ChainSnapshot): void {
  chain.state.restoreSnapshot(body.state)
  chain.online.load(body.totals, body.onlineAccounts, body.onlineHistory)
  chain.txns.clear()
  for (const [id, round, stxn, applied] of body.txns) chain.txns.set(id, { round, stxn: algosdk.decodeMsgpack(stxn, algosdk.SignedTransaction), applied })
  chain.leases.clear()
  for (const [k, v] of body.leases) chain.leases.set(k, v)
  chain.deltas.clear()
  for (const [round, d] of body.deltas) chain.deltas.set(round, { ...d, block: new algosdk.Block({ header: chain.headerAt(chain.index(round)), payset: [] }) })
}

/** Writes the state as of the tip (every block of it flushed, nothing undoable) as the data directory's snapshot. */
export function saveSnapshot(chain: ChainStore): void {
  if (chain.dataDir === undefined || chain.unflushed.length > 0) return
  const tip = chain.lastRound()
  const body: ChainSnapshot = {
    state: chain.state.snapshot(),
    totals: chain.online.totals,
    onlineAccounts: chain.online.accounts,
    onlineHistory: chain.online.history,
    txns: [...chain.txns].map(([id, c]) => [id, c.round, algosdk.encodeMsgpack(c.stxn), c.applied]),
    leases: chain.leases,
    deltas: [...chain.deltas].map(([round, d]) => [round, { round: d.round, group: d.group, ids: d.ids }]),
  }
  try {
    writeSnapshot(chain.dataDir, tip, sha512_256(chain.blockBytes[chain.index(tip)]), body)
    chain.snapshotRound = tip
  } catch {
    // a snapshot only saves replay time: without one the next start replays the whole log
  }
}

/** Replay must count transactions (and so number created ids) as the logged block did; otherwise the rules changed under the log. */
export function sameRules(state: LedgerState, round: bigint, txnCounter: bigint): void {
  const counter = BigInt(state.counter())
  if (txnCounter !== counter) {
    throw new ChainLogError(
      `round ${round} was logged with txn counter ${txnCounter} but replays to ${counter}: ` +
        'the ledger changed how it applies transactions since this data directory was written (start with --reset to begin afresh)',
    )
  }
}
