// Opening a data directory (go's ledger reload): the chain log is replayed through the same
// apply code as a live commit, from the latest snapshot that matches it (snapshot.ts) when there
// is one, and a snapshot of the tip is taken when a replay was long or the node stops cleanly.
// Replay refuses a log whose blocks the current rules would number differently (sameRules).

import path from 'node:path'
import algosdk from 'algosdk'
import { decodeHeader, storedBlock } from './block-bytes.ts'
import type { AppliedTxn } from './apply.ts'
import { sha512_256 } from './hash.ts'
import type { MoneyTotals, Msgp } from './deltas.ts'
import { ChainLog, ChainLogError, blockHead, type BlockRecord } from './persist.ts'
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
  const genesis: BlockRecord = { kind: 'block', group: new Uint8Array(), block: chain.blocks.bytes(chain.baseRound)! }
  const { log, records } = ChainLog.open(dataDir, chain.genesisHash, () => genesis)
  // blocks past the cache are read back from the log as replay goes
  chain.log = log
  try {
    const logged = records[0] as BlockRecord
    const genesisHeader = decodeHeader(logged.block)
    chain.blocks.pop()
    chain.blocks.push(logged.block.slice(), genesisHeader)
    chain.blocks.placed(chain.baseRound, logged.at!, blockHead(0))
    sameRules(chain.state, chain.baseRound, genesisHeader.txnCounter)
    // each logged block's round, read from the block: a log --keep-rounds compacted skips from genesis to the first round it kept
    const blocks = records.slice(1).filter((r): r is BlockRecord => r.kind === 'block')
    const rounds = blocks.map((r) => storedBlock(r.block, false).round)
    const lastLogged = rounds.at(-1) ?? chain.baseRound
    const from = rounds[0] ?? chain.baseRound + 1n
    // a fork replays its whole log over the pins (a snapshot would hide pins taken after it)
    const snap = chain.fork === undefined ? usableSnapshot(dataDir, blocks, rounds) : undefined
    if (from > chain.baseRound + 1n) {
      if (snap === undefined) {
        throw new ChainLogError(
          `${log.file} begins at round ${from} (--keep-rounds dropped the rounds before it) and the snapshot of the state they made (${path.join('ledger', 'snapshot.bin')}) is missing or does not match it: the chain cannot be rebuilt (start with --reset to begin afresh)`,
        )
      }
      chain.blocks.drop(from)
    }
    chain.loggedFrom = from
    let b = 0
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
      const round = rounds[b++]!
      if (round !== chain.lastRound() + 1n) throw new ChainLogError(`${log.file}: round ${round} follows round ${chain.lastRound()}`)
      if (snap !== undefined && round <= snap.round) {
        // covered by the snapshot: only its place in the log is kept, its block read when asked for
        chain.blocks.pushPlaced(rec.at!, blockHead(rec.group.length), rec.block.length)
        if (round === snap.round) loadSnapshot(chain, snap.body)
        continue
      }
      // only the last rounds' deltas outlive replay (publish keeps DELTA_LOOKBACK): earlier ones are not built.
      // Copies: what is decoded from the records would otherwise hold the whole file's buffer
      const stored = storedBlock(rec.block.slice(), lastLogged - round < DELTA_LOOKBACK)
      try {
        chain.commitGroup(rec.group.slice(), stored)
      } catch (e) {
        throw new ChainLogError(`${log.file}: replaying round ${stored.round} failed: ${(e as Error).message}`)
      }
      chain.blocks.placed(round, rec.at!, blockHead(rec.group.length))
    }
    if (chain.keepRounds !== undefined) chain.blocks.keepNewest(chain.keepRounds, chain.lastRound())
    chain.snapshotRound = snap?.round ?? chain.baseRound
  } catch (e) {
    chain.log = undefined
    log.close()
    throw e
  }
  chain.dataDir = dataDir
  const fault = chain.fault
  if (fault !== undefined) log.tearHook = () => fault('log')
  // a long replay (after a crash) is not repeated on the next start
  if (chain.lastRound() - chain.snapshotRound >= SNAPSHOT_INTERVAL) saveSnapshot(chain)
}

/** The data directory's snapshot when it matches the log: its round's logged block has the hash it names and counts transactions as it does. */
function usableSnapshot(dataDir: string, blocks: BlockRecord[], rounds: bigint[]): { round: bigint; body: ChainSnapshot } | undefined {
  const snap = readSnapshot(dataDir)
  if (snap === undefined) return undefined
  const at = rounds.indexOf(snap.round)
  if (at < 0) return undefined
  const block = blocks[at]!.block
  const body = snap.body as ChainSnapshot
  const same = Buffer.from(sha512_256(block)).equals(Buffer.from(snap.blockHash)) && storedBlock(block, false).txnCounter === BigInt(body.state.lastId)
  return same ? { round: snap.round, body } : undefined
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
  for (const [round, d] of body.deltas) if (round >= chain.blocks.first) chain.deltas.set(round, { ...d, block: new algosdk.Block({ header: chain.blocks.header(round), payset: [] }) })
}

/** Writes the state as of the tip (every block of it flushed, nothing undoable) as the data directory's snapshot. */
export function saveSnapshot(chain: ChainStore): void {
  if (chain.dataDir === undefined || chain.unflushed.length > 0) return
  // a revert may remove a snapshot past its round: with rounds dropped from the log, it must stay the one before
  if (chain.loggedFrom > chain.baseRound + 1n && chain.devSnapshotsHeld()) return
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
    writeSnapshot(chain.dataDir, tip, sha512_256(chain.blocks.bytes(tip)!), body)
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
