// The chain log: the data directory's one source of truth for the ledger. An append-only file
// `<dataDir>/ledger/chain.log` holds a header (magic, version, genesis hash) and then one record
// per committed block (the submitted group's bytes and the sealed block's bytes) or block time
// offset change (algod's dev-mode offset, Grove's clock), each framed as marker ‖ length ‖ payload ‖ SHA512/256(length ‖ payload) and
// fdatasync'd before the node acknowledges it. Appends never rewrite earlier bytes, so a kill -9
// can at worst leave a torn last record, which opening truncates; a bad record followed by a
// good one is corruption in the middle and is reported, never silently dropped.

import fs from 'node:fs'
import path from 'node:path'
import { sha512_256 } from './hash.ts'

const MAGIC = Buffer.from('GROVECHN')
const VERSION = 1
const HEADER_SIZE = MAGIC.length + 4 + 32
const MARKER = Buffer.from('GREC')
/** marker, length, checksum. */
const FRAME_SIZE = MARKER.length + 4 + 32
/** No record comes near this; a larger length can only be garbage. */
const MAX_PAYLOAD = 64 << 20
const KIND_BLOCK = 1
/** Grove's clock offset; version-1 logs wrote every offset under this kind, and this is what they meant. */
const KIND_CLOCK = 2
/** algod's dev-mode offset (each block the previous stamp plus it). */
const KIND_OFFSET = 3

/** A committed block: the signed group as submitted (empty for genesis) and the sealed block's msgpack. */
export interface BlockRecord {
  kind: 'block'
  group: Uint8Array
  block: Uint8Array
  /** Where its record starts in the log (set when read from one). */
  at?: number
}

/** Bytes from a block record's start to its block: framing, kind, group length and group. */
export function blockHead(groupLength: number): number {
  return MARKER.length + 4 + 5 + groupLength
}

/** A change of the block time: algod's dev-mode offset (`offset`) or Grove's clock offset (`clock`), in seconds. */
export type OffsetRecord = { kind: 'offset'; offset: bigint } | { kind: 'clock'; offset: bigint }

/** One entry of the chain log. */
export type LogRecord = BlockRecord | OffsetRecord

/** The data directory cannot be used: corrupt, foreign, or held by a live process. */
export class ChainLogError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ChainLogError'
  }
}

/** What opening found: the intact records, and how many torn bytes were cut off the end. */
export interface OpenedLog {
  log: ChainLog
  records: LogRecord[]
  truncatedBytes: number
}

function encodePayload(rec: LogRecord): Buffer {
  if (rec.kind === 'offset' || rec.kind === 'clock') {
    const b = Buffer.alloc(9)
    b[0] = rec.kind === 'offset' ? KIND_OFFSET : KIND_CLOCK
    b.writeBigInt64LE(rec.offset, 1)
    return b
  }
  const b = Buffer.alloc(5 + rec.group.length + rec.block.length)
  b[0] = KIND_BLOCK
  b.writeUInt32LE(rec.group.length, 1)
  b.set(rec.group, 5)
  b.set(rec.block, 5 + rec.group.length)
  return b
}

function decodePayload(p: Buffer): LogRecord | undefined {
  if (p[0] === KIND_OFFSET && p.length === 9) return { kind: 'offset', offset: p.readBigInt64LE(1) }
  if (p[0] === KIND_CLOCK && p.length === 9) return { kind: 'clock', offset: p.readBigInt64LE(1) }
  if (p[0] !== KIND_BLOCK || p.length < 5) return undefined
  const groupLen = p.readUInt32LE(1)
  if (5 + groupLen > p.length) return undefined
  // plain views, not Buffers, so decoded blocks hold the same byte types as freshly sealed ones
  const view = (from: number, to: number): Uint8Array => new Uint8Array(p.buffer, p.byteOffset + from, to - from)
  return { kind: 'block', group: view(5, 5 + groupLen), block: view(5 + groupLen, p.length) }
}

/** Frames one record: marker ‖ length ‖ payload ‖ checksum. */
function frame(rec: LogRecord): Buffer {
  const payload = encodePayload(rec)
  const out = Buffer.alloc(FRAME_SIZE + payload.length)
  MARKER.copy(out, 0)
  out.writeUInt32LE(payload.length, 4)
  payload.copy(out, 8)
  out.set(sha512_256(out.subarray(4, 8 + payload.length)), 8 + payload.length)
  return out
}

/** The record framed at `at`, with its end, or undefined when the bytes there are not an intact record. */
function readFrame(buf: Buffer, at: number): { rec: LogRecord; end: number } | undefined {
  if (at + FRAME_SIZE > buf.length || !buf.subarray(at, at + 4).equals(MARKER)) return undefined
  const len = buf.readUInt32LE(at + 4)
  const end = at + FRAME_SIZE + len
  if (len > MAX_PAYLOAD || end > buf.length) return undefined
  const sum = sha512_256(buf.subarray(at + 4, at + 8 + len))
  if (!buf.subarray(at + 8 + len, end).equals(sum)) return undefined
  const rec = decodePayload(buf.subarray(at + 8, at + 8 + len))
  return rec && { rec, end }
}

/** Whether an intact record starts anywhere after `from` (then the damage is not a torn tail). */
function intactAfter(buf: Buffer, from: number): boolean {
  for (let at = buf.indexOf(MARKER, from + 1); at >= 0; at = buf.indexOf(MARKER, at + 1)) {
    if (readFrame(buf, at) !== undefined) return true
  }
  return false
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

function header(genesisHash: Uint8Array): Buffer {
  const h = Buffer.alloc(HEADER_SIZE)
  MAGIC.copy(h, 0)
  h.writeUInt32LE(VERSION, MAGIC.length)
  h.set(genesisHash, MAGIC.length + 4)
  return h
}

/** How long a start waits for a lock's holder that is dying (killed, not yet reaped) before it refuses. */
const DYING_HOLDER_WAIT_MS = 2_000

/**
 * A process's start time (clock ticks since boot, /proc/<pid>/stat's 22nd field) and state, or
 * undefined where there is no /proc. The pid alone is not an identity: after a kill -9 on a busy
 * machine the pid lives on as a zombie until it is reaped, and a reused pid names another program.
 */
function procStat(pid: number): { state: string; start: string } | 'gone' | undefined {
  let stat: string
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return fs.existsSync('/proc/self/stat') ? 'gone' : undefined
  }
  // the command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0]!, start: fields[19]! }
}

/** Whether the process a lock names (`pid`, and its start time when the lock recorded one) still runs. */
function holderRuns(pid: number, start: string | undefined): boolean {
  const stat = procStat(pid)
  if (stat === 'gone') return false
  if (stat !== undefined) return stat.state !== 'Z' && stat.state !== 'X' && (start === undefined || stat.start === start)
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes `<dir>/LOCK` for this process, recording its pid and start time. A lock whose holder is dead
 * (kill -9, even before it is reaped) or whose pid now names another program is taken over; a holder
 * still dying is waited for, up to DYING_HOLDER_WAIT_MS.
 */
function lock(dir: string): string {
  const file = path.join(dir, 'LOCK')
  const self = procStat(process.pid)
  const identity = self === undefined || self === 'gone' ? String(process.pid) : `${process.pid} ${self.start}`
  const deadline = Date.now() + DYING_HOLDER_WAIT_MS
  for (;;) {
    try {
      fs.writeFileSync(file, identity, { flag: 'wx' })
      return file
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    let text = ''
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch {
      continue // released meanwhile
    }
    const [pidText, start] = text.trim().split(' ')
    const holder = Number(pidText)
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && holderRuns(holder, start)) {
      if (Date.now() < deadline) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
        continue
      }
      throw new ChainLogError(`data directory ${path.dirname(dir)} is in use by process ${holder}`)
    }
    if (holder === process.pid) throw new ChainLogError(`data directory ${path.dirname(dir)} is in use by process ${holder}`)
    fs.rmSync(file, { force: true })
  }
}

/**
 * A state file (POST /grove/v1/state/dump, --dump-state): a chain log as it is on disk, every record
 * intact, so loading it replays the same blocks. Throws ChainLogError with a sentence for anything else.
 */
export function readStateFile(bytes: Uint8Array): { genesisHash: Uint8Array; records: LogRecord[] } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length < HEADER_SIZE || !buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new ChainLogError('not a Grove state file (a state file is a chain log, as POST /grove/v1/state/dump and --dump-state write it)')
  const version = buf.readUInt32LE(MAGIC.length)
  if (version !== VERSION) throw new ChainLogError(`the state file has format version ${version}; this ledger reads version ${VERSION}`)
  const records: LogRecord[] = []
  let at = HEADER_SIZE
  while (at < buf.length) {
    const r = readFrame(buf, at)
    if (r === undefined) throw new ChainLogError(`the state file is corrupt at byte ${at}: its record there fails its checksum or is cut short`)
    records.push(r.rec)
    at = r.end
  }
  if (records.length === 0 || records[0].kind !== 'block') throw new ChainLogError('the state file has no genesis block')
  return { genesisHash: new Uint8Array(buf.subarray(MAGIC.length + 4, HEADER_SIZE)), records }
}

/**
 * Makes a checked state file `dataDir`'s chain log (written aside, then renamed in) and drops its
 * restart snapshot; the next open replays it. The data directory must not be open.
 */
export function installStateFile(dataDir: string, bytes: Uint8Array): void {
  readStateFile(bytes)
  const dir = path.join(dataDir, 'ledger')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'chain.log')
  const tmp = `${file}.load`
  fs.writeFileSync(tmp, bytes)
  const fd = fs.openSync(tmp, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  fs.rmSync(path.join(dir, 'snapshot.bin'), { force: true })
  fs.renameSync(tmp, file)
  fsyncDir(dir)
}

/** An open chain log (see the file comment); appends are durable when `append` returns. */
export class ChainLog {
  private failure: string | undefined

  private constructor(
    readonly file: string,
    private fd: number | undefined,
    /** A read-only descriptor: blocks evicted from memory are read back through it. */
    private readFd: number | undefined,
    private size: number,
    private readonly lockFile: string,
  ) {}

  /** `size` bytes at `offset` (a block the chain no longer keeps in memory); written records read back before their flush too. */
  read(offset: number, size: number): Uint8Array {
    if (this.readFd === undefined) throw new ChainLogError('chain log is closed')
    const out = new Uint8Array(size)
    let done = 0
    while (done < size) {
      const n = fs.readSync(this.readFd, out, done, size - done, offset + done)
      if (n === 0) throw new ChainLogError(`${this.file} ends before byte ${offset + size}`)
      done += n
    }
    return out
  }

  /**
   * Rewrites the log as its header, its genesis record, `prefix` and every record from byte `from`
   * on (--keep-rounds: the records before `from` are dropped), written aside, then renamed in.
   * Returns how far the kept records moved (negative: towards the start). Every record must be flushed.
   */
  compact(from: number, prefix: LogRecord[]): number {
    if (this.fd === undefined || this.readFd === undefined) throw new ChainLogError('chain log is closed')
    const head = Buffer.alloc(HEADER_SIZE + FRAME_SIZE)
    fs.readSync(this.readFd, head, 0, head.length, 0)
    const genesisEnd = HEADER_SIZE + FRAME_SIZE + head.readUInt32LE(HEADER_SIZE + 4)
    const start = Buffer.concat([Buffer.from(this.read(0, genesisEnd)), ...prefix.map(frame)])
    const tmp = `${this.file}.compact`
    const out = fs.openSync(tmp, 'w')
    try {
      fs.writeFileSync(out, start)
      const chunk = Buffer.alloc(1 << 20)
      for (let at = from; at < this.size; ) {
        const n = fs.readSync(this.readFd, chunk, 0, Math.min(chunk.length, this.size - at), at)
        fs.writeSync(out, chunk, 0, n)
        at += n
      }
      fs.fsyncSync(out)
    } finally {
      fs.closeSync(out)
    }
    fs.renameSync(tmp, this.file)
    fsyncDir(path.dirname(this.file))
    fs.closeSync(this.fd)
    fs.closeSync(this.readFd)
    this.fd = fs.openSync(this.file, 'a')
    this.readFd = fs.openSync(this.file, 'r')
    const moved = start.length - from
    this.size += moved
    return moved
  }

  /** The genesis hash a data directory's log was made for; undefined when it has no readable log. */
  static genesisHashOf(dataDir: string): Uint8Array | undefined {
    let fd: number | undefined
    try {
      fd = fs.openSync(path.join(dataDir, 'ledger', 'chain.log'), 'r')
      const head = Buffer.alloc(HEADER_SIZE)
      if (fs.readSync(fd, head, 0, HEADER_SIZE, 0) < HEADER_SIZE || !head.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
      return new Uint8Array(head.subarray(MAGIC.length + 4))
    } catch {
      return undefined
    } finally {
      if (fd !== undefined) fs.closeSync(fd)
    }
  }

  /**
   * Opens (creating when absent) the log in `dataDir` for the chain with `genesisHash`, reads every
   * intact record and cuts a torn last record off. `first` is what a new log starts with (the
   * genesis block). Throws ChainLogError for a foreign or corrupt log.
   */
  static open(dataDir: string, genesisHash: Uint8Array, first: () => LogRecord): OpenedLog {
    const dir = path.join(dataDir, 'ledger')
    fs.mkdirSync(dir, { recursive: true })
    const lockFile = lock(dir)
    try {
      const file = path.join(dir, 'chain.log')
      if (!fs.existsSync(file)) {
        // header and genesis appear together or not at all: written aside, then renamed in
        const tmp = `${file}.tmp`
        const fd = fs.openSync(tmp, 'w')
        try {
          fs.writeFileSync(fd, Buffer.concat([header(genesisHash), frame(first())]))
          fs.fsyncSync(fd)
        } finally {
          fs.closeSync(fd)
        }
        fs.renameSync(tmp, file)
        fsyncDir(dir)
      }
      const buf = fs.readFileSync(file)
      if (buf.length < HEADER_SIZE || !buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new ChainLogError(`${file} is not a Grove chain log`)
      const version = buf.readUInt32LE(MAGIC.length)
      if (version !== VERSION) throw new ChainLogError(`${file} has format version ${version}; this ledger reads version ${VERSION} (start with --reset to begin afresh)`)
      if (!buf.subarray(MAGIC.length + 4, HEADER_SIZE).equals(genesisHash)) {
        throw new ChainLogError(`${file} belongs to another genesis (start with --reset to begin afresh)`)
      }
      const records: LogRecord[] = []
      let at = HEADER_SIZE
      while (at < buf.length) {
        const r = readFrame(buf, at)
        if (r === undefined) break
        if (r.rec.kind === 'block') r.rec.at = at
        records.push(r.rec)
        at = r.end
      }
      const truncatedBytes = buf.length - at
      if (truncatedBytes > 0) {
        if (intactAfter(buf, at)) {
          const blocks = records.filter((r) => r.kind === 'block').length
          throw new ChainLogError(
            `${file} is corrupt at byte ${at}: the record after round ${blocks - 1} fails its checksum but intact records follow it; ` +
              'refusing to drop committed blocks (restore the file from a backup, or start with --reset to begin afresh)',
          )
        }
        // a write cut short by a crash: nothing in it was acknowledged
        fs.truncateSync(file, at)
      }
      if (records.length === 0 || records[0].kind !== 'block') throw new ChainLogError(`${file} has no genesis block`)
      const fd = fs.openSync(file, 'a')
      fs.fsyncSync(fd)
      return { log: new ChainLog(file, fd, fs.openSync(file, 'r'), at, lockFile), records, truncatedBytes }
    } catch (e) {
      fs.rmSync(lockFile, { force: true })
      throw e
    }
  }

  /** Test-only: called halfway through writing each record, so a fault test can tear a write. */
  tearHook: (() => void) | undefined

  /**
   * Appends `rec` and fdatasyncs it, or with `sync` false leaves the flush to `durable()`, and
   * returns the log's size before it (where `truncate` cuts it off again). A write that fails is
   * cut off before this throws; only when that cut fails too is the log unusable.
   */
  append(rec: LogRecord, sync = true): number {
    if (this.failure !== undefined) throw new ChainLogError(`chain log unusable after an earlier write failed: ${this.failure}`)
    if (this.fd === undefined) throw new ChainLogError('chain log is closed')
    const at = this.size
    const bytes = frame(rec)
    try {
      let done = 0
      const half = bytes.length >> 1
      while (done < half) done += fs.writeSync(this.fd, bytes, done, half - done)
      this.tearHook?.()
      while (done < bytes.length) done += fs.writeSync(this.fd, bytes, done)
      if (sync) fs.fdatasyncSync(this.fd)
      this.size += bytes.length
      return at
    } catch (e) {
      const reason = (e as Error).message
      this.cutTo(at, reason)
      throw new ChainLogError(`chain log write failed: ${reason}`)
    }
  }

  /** The log's size in bytes: where the next record starts (a dev snapshot cuts the log back to it on revert). */
  get length(): number {
    return this.size
  }

  /** Whether an earlier failure could not be cut off (the node must stop: memory and disk may differ). */
  get failed(): boolean {
    return this.failure !== undefined
  }

  /**
   * Cuts every record appended after `size` off the log (they were never acknowledged: their
   * commit or flush failed) and makes the cut durable. Throws, leaving the log unusable, when it cannot.
   */
  truncate(size: number): void {
    if (this.fd === undefined) return
    this.cutTo(size, 'truncating unacknowledged records')
    if (this.failure !== undefined) throw new ChainLogError(`chain log unusable: ${this.failure}`)
  }

  private cutTo(size: number, reason: string): void {
    try {
      fs.ftruncateSync(this.fd!, size)
      fs.fdatasyncSync(this.fd!)
      this.size = size
    } catch (e) {
      // opening cuts a torn tail anyway, but this process can no longer tell what the file holds
      this.failure = `${reason}; cutting the log back failed: ${(e as Error).message}`
    }
  }

  /** The fdatasync in flight, and the one queued behind it for appends made meanwhile. */
  private flushing: Promise<void> | undefined
  private nextFlush: Promise<void> | undefined

  /**
   * Resolves once every record appended so far is on disk. Callers waiting together share one
   * fdatasync (group commit): a burst of submits costs one flush, not one each. A failed flush
   * rejects; the caller cuts the unflushed records off (`truncate`) and undoes them.
   */
  durable(): Promise<void> {
    if (this.flushing !== undefined) {
      // the flush in flight may have started before the latest appends: one more follows it for all who wait now
      this.nextFlush ??= this.flushing.then(() => {
        this.nextFlush = undefined
        return this.durable()
      })
      return this.nextFlush
    }
    const fd = this.fd
    if (this.failure !== undefined) return Promise.reject(new ChainLogError(`chain log unusable after an earlier write failed: ${this.failure}`))
    if (fd === undefined) return Promise.reject(new ChainLogError('chain log is closed'))
    this.flushing = new Promise<void>((resolve, reject) =>
      fs.fdatasync(fd, (err) => {
        this.flushing = undefined
        if (err === null) return resolve()
        this.nextFlush = undefined
        reject(new ChainLogError(`chain log write failed: ${err.message}`))
      }),
    )
    return this.flushing
  }

  /** Closes the file and releases the data directory. */
  close(): void {
    if (this.fd === undefined) return
    fs.closeSync(this.fd)
    this.fd = undefined
    if (this.readFd !== undefined) fs.closeSync(this.readFd)
    this.readFd = undefined
    fs.rmSync(this.lockFile, { force: true })
  }
}
