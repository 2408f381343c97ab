// Dev snapshots (Anvil's evm_snapshot / evm_revert): a snapshot is a position in the state's kept
// undo history (state.ts keepHistory), with the log's size and the block clock then. Reverting
// undoes every journaled write since, newest first: the state, the chain's indexes (blocks,
// headers, txids, leases, deltas, online stake) and each commit listener's (the indexer's), and
// cuts the log back to its size then, so the cost is what changed since, not the state's size.
// As Anvil's and Hardhat's, a revert consumes its snapshot and every later one.
import fs from 'node:fs'
import type { ChainStore } from './chain-store.ts'
import { LedgerError } from './errors.ts'
import { snapshotFile } from './snapshot.ts'

interface Taken {
  id: number
  /** The state history's position. */
  pos: number
  round: bigint
  /** The chain log's size (0 without a data directory). */
  logSize: number
  clock: bigint
  offset: bigint | undefined
}

/** Resolves once every logged block is flushed and settled (no undo record is pending any more). */
async function settled(chain: ChainStore): Promise<void> {
  while (chain.unflushed.length > 0 && chain.log !== undefined) {
    await chain.log.durable().catch(() => undefined)
    // the flushed blocks' own callbacks settle the state; let them run first
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** The snapshots taken on one chain. */
export class DevSnapshots {
  private readonly taken: Taken[] = []
  /** Snapshots forgotten because --keep-rounds dropped their round, by id: their round, for the refusal's sentence. */
  private readonly dropped = new Map<number, bigint>()
  private nextId = 1

  constructor(private readonly chain: ChainStore) {}

  /** Whether any snapshot is held. */
  get held(): boolean {
    return this.taken.length > 0
  }

  /**
   * Forgets the snapshots whose round --keep-rounds dropped (they can never be reverted to), and the
   * undo history with them once none is left, so a forgotten snapshot holds neither memory nor the log.
   */
  forgetDropped(): void {
    const first = this.chain.blocks.first
    let n = 0
    for (; n < this.taken.length && this.taken[n]!.round < first; n++) this.dropped.set(this.taken[n]!.id, this.taken[n]!.round)
    if (n === 0) return
    this.taken.splice(0, n)
    if (this.taken.length === 0) this.chain.state.rewind(this.chain.state.keepHistory(), true)
  }

  /** Takes a snapshot of the tip; resolves with its id. */
  async take(): Promise<{ id: number; round: bigint }> {
    await settled(this.chain)
    const c = this.chain
    const id = this.nextId++
    this.taken.push({ id, pos: c.state.keepHistory(), round: c.lastRound(), logSize: c.log?.length ?? 0, clock: c.clock, offset: c.offset })
    return { id, round: c.lastRound() }
  }

  /** Returns the chain to snapshot `id` (consuming it and every later one); resolves with the round it is back at and the writes undone. */
  async revert(id: number): Promise<{ round: bigint; undone: number }> {
    const at = this.taken.findIndex((t) => t.id === id)
    const gone = this.dropped.get(id)
    if (gone !== undefined) {
      throw new LedgerError(`snapshot ${id} is at round ${gone}, which --keep-rounds has dropped (the chain keeps rounds ${this.chain.blocks.first} to ${this.chain.lastRound()}): it can no longer be reverted to`, 409)
    }
    if (at < 0) throw new LedgerError(`snapshot ${id} does not exist (${this.known()}; a revert consumes its snapshot and every later one)`, 404)
    await settled(this.chain)
    // another revert may have consumed it while this one waited
    const t = this.taken[at]
    if (t?.id !== id) throw new LedgerError(`snapshot ${id} does not exist (${this.known()}; a revert consumes its snapshot and every later one)`, 404)
    const c = this.chain
    if (c.log !== undefined) {
      // the disk first: a cut that fails leaves memory as the log still is (and the log unusable)
      try {
        c.log.truncate(t.logSize)
      } catch (e) {
        throw new LedgerError(`ledger storage failed, nothing reverted: ${(e as Error).message}`, 500)
      }
      // a restart snapshot past the round reverted to describes blocks the log no longer holds
      if (c.snapshotRound > t.round && c.dataDir !== undefined) {
        fs.rmSync(snapshotFile(c.dataDir), { force: true })
        c.snapshotRound = c.baseRound
      }
    }
    this.taken.splice(at)
    const undone = c.state.rewind(t.pos, this.taken.length === 0)
    c.clock = t.clock
    c.offset = t.offset
    return { round: c.lastRound(), undone }
  }

  /** The chain as a state file (its log, every block flushed): what `installStateFile` loads. */
  async dump(): Promise<Uint8Array> {
    await settled(this.chain)
    const log = this.chain.log
    if (log === undefined) throw new LedgerError('a node without a data directory keeps no log to dump (startLocalnet always has one)', 409)
    if (this.chain.loggedFrom > this.chain.baseRound + 1n) {
      throw new LedgerError(`--keep-rounds has dropped rounds ${this.chain.baseRound + 1n} to ${this.chain.loggedFrom - 1n} from the log, and a state file replays every block from genesis: nothing to dump`, 409)
    }
    const fd = fs.openSync(log.file, 'r')
    try {
      const out = new Uint8Array(log.length)
      let done = 0
      while (done < out.length) done += fs.readSync(fd, out, done, out.length - done, done)
      return out
    } finally {
      fs.closeSync(fd)
    }
  }

  private known(): string {
    return this.taken.length === 0 ? 'none is taken' : `taken: ${this.taken.map((t) => t.id).join(', ')}`
  }
}
