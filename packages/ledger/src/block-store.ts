// The chain's blocks by round, kept on disk as go's ledger keeps them in its block database. With a
// chain log, a block stays in the log where it was appended: memory keeps its place there (record
// start, the bytes before the block, the block's size) and a bounded cache of blocks as bytes, the
// newest and the last read; any other is read back from the log. Without a log (an in-memory node)
// the bytes are all there is, and they stay. The last HEADER_CACHE headers read stay decoded: each
// new block reads the previous one's, and the AVM's `block` reads up to 1,000 rounds back.
// --keep-rounds moves `first` on: rounds before it are gone from memory at once, and from the log
// when it is next compacted (keep-rounds.ts).

import type algosdk from 'algosdk'
import { decodeHeader } from './block-bytes.ts'

/** Blocks kept as bytes by default (a block of 16 payments is ~4 KB, so ~4 MB at most). */
export const DEFAULT_BLOCK_CACHE = 1024
/** Decoded headers kept (a header is ~1 KB of objects). */
const HEADER_CACHE = 1024

/** Reads `size` bytes at `offset` of the chain log. */
export type LogReader = (offset: number, size: number) => Uint8Array

/** The chain's blocks (see the file comment). */
export class BlockStore {
  /** The round at index 0 of the arrays below: they are spliced when dropped rounds pile up. */
  private base: bigint
  /** The oldest round kept: the genesis round, or later once --keep-rounds dropped the ones before. */
  first: bigint
  /** Each round's record start in the log, -1 until it has one. */
  private readonly starts: number[] = []
  /** Each round's bytes from its record's start to its block (blockHead). */
  private readonly heads: number[] = []
  private readonly sizes: number[] = []
  /** Blocks without a place in the log: one between its commit and its append, every block of a node without a log. */
  private readonly held = new Map<bigint, Uint8Array>()
  /** Blocks with a place in the log kept as bytes too, least recently used first. */
  private readonly cache = new Map<bigint, Uint8Array>()
  private readonly headers = new Map<bigint, algosdk.BlockHeader>()

  constructor(
    genesisRound: bigint,
    /** How many placed blocks stay in memory as bytes. */
    readonly cacheSize: number,
    private readonly read: LogReader,
  ) {
    this.base = genesisRound
    this.first = genesisRound
  }

  /** The latest round (first − 1 while empty). */
  get last(): bigint {
    return this.base + BigInt(this.starts.length) - 1n
  }

  /** How many blocks are in memory as bytes: the bounded cache plus those not yet in the log. */
  get inMemory(): number {
    return this.cache.size + this.held.size
  }

  /** Appends the next round's block (its header when decoded already); it is held in memory until `placed`. */
  push(bytes: Uint8Array, header?: algosdk.BlockHeader): void {
    const round = this.last + 1n
    this.starts.push(-1)
    this.heads.push(0)
    this.sizes.push(bytes.length)
    this.held.set(round, bytes)
    if (header !== undefined) this.remember(this.headers, round, header, HEADER_CACHE)
  }

  /** Appends the next round's block as a place in the log only (a replayed round a snapshot covers). */
  pushPlaced(start: number, head: number, size: number): void {
    this.starts.push(start)
    this.heads.push(head)
    this.sizes.push(size)
  }

  /** Records where `round`'s block now is in the log; its bytes move from held to the bounded cache. */
  placed(round: bigint, start: number, head: number): void {
    const i = this.index(round)
    this.starts[i] = start
    this.heads[i] = head
    const bytes = this.held.get(round)
    this.held.delete(round)
    if (bytes !== undefined) this.remember(this.cache, round, bytes, this.cacheSize)
  }

  /** Removes the latest round (its commit was undone). */
  pop(): void {
    const round = this.last
    this.starts.pop()
    this.heads.pop()
    this.sizes.pop()
    this.held.delete(round)
    this.cache.delete(round)
    this.headers.delete(round)
  }

  /** A kept round's block in its canonical msgpack, undefined outside the kept rounds. */
  bytes(round: bigint): Uint8Array | undefined {
    if (round < this.first || round > this.last) return undefined
    const held = this.held.get(round)
    if (held !== undefined) return held
    const cached = this.cache.get(round)
    if (cached !== undefined) return this.remember(this.cache, round, cached, this.cacheSize)
    const i = this.index(round)
    return this.remember(this.cache, round, this.read(this.starts[i]! + this.heads[i]!, this.sizes[i]!), this.cacheSize)
  }

  /** A kept round's header, decoded from its block when not among the last read. */
  header(round: bigint): algosdk.BlockHeader {
    const kept = this.headers.get(round)
    if (kept !== undefined) return this.remember(this.headers, round, kept, HEADER_CACHE)
    const bytes = this.bytes(round)
    if (bytes === undefined) throw new Error(`round ${round} is not kept`)
    return this.remember(this.headers, round, decodeHeader(bytes), HEADER_CACHE)
  }

  /** Where `round`'s record starts in the log (-1: not in it). */
  recordStart(round: bigint): number {
    return this.starts[this.index(round)]!
  }

  /** Drops the rounds before the newest `keep` (`tip` being the newest: --keep-rounds); returns whether any was. */
  keepNewest(keep: number, tip: bigint): boolean {
    if (tip - this.first + 1n <= BigInt(keep)) return false
    this.drop(tip - BigInt(keep) + 1n)
    return true
  }

  /** Drops every round before `round` from memory (--keep-rounds); a round past the latest leaves the store empty, to continue at `round`. */
  drop(round: bigint): void {
    if (round <= this.first) return
    for (let r = this.first; r < round && r <= this.last; r++) {
      this.held.delete(r)
      this.cache.delete(r)
      this.headers.delete(r)
    }
    this.first = round
    const n = Number(round - this.base)
    if (n >= this.starts.length) {
      this.starts.length = this.heads.length = this.sizes.length = 0
      this.base = round
    } else if (n >= 1024 && 2 * n >= this.starts.length) {
      // amortised: the places of dropped rounds are spliced off once they are as many as the kept ones
      this.starts.splice(0, n)
      this.heads.splice(0, n)
      this.sizes.splice(0, n)
      this.base = round
    }
  }

  /** Moves every place in the log by `delta` bytes (the log was compacted: its kept records moved). */
  shift(delta: number): void {
    for (let i = Number(this.first - this.base); i < this.starts.length; i++) if (this.starts[i]! >= 0) this.starts[i] = this.starts[i]! + delta
  }

  private index(round: bigint): number {
    return Number(round - this.base)
  }

  /** Sets `map[k]` as its most recently used entry, evicting the least recently used beyond `max`. */
  private remember<V>(map: Map<bigint, V>, k: bigint, v: V, max: number): V {
    map.delete(k)
    map.set(k, v)
    if (map.size > max) map.delete(map.keys().next().value!)
    return v
  }
}
