// State snapshots: a restart with a long chain log loads the state as of a logged round from
// `<dataDir>/ledger/snapshot.bin` and replays only the blocks after it, instead of every block.
// The log stays the one source of truth: a snapshot names its round and the hash of that round's
// logged block, and one that does not match the log (or fails its checksum, or was written by
// another format) is ignored, so the worst a bad snapshot costs is a full replay. Written
// atomically (temp file, fsync, rename) and only for rounds already flushed to the log.

import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { sha512_256 } from './hash.ts'

const MAGIC = Buffer.from('GROVESNP')
const VERSION = 1

/** The file a data directory's snapshot lives in. */
export function snapshotFile(dataDir: string): string {
  return path.join(dataDir, 'ledger', 'snapshot.bin')
}

/** Writes `body` (structured-clonable) as the snapshot of `round`, whose logged block hashes to `blockHash`. */
export function writeSnapshot(dataDir: string, round: bigint, blockHash: Uint8Array, body: unknown): void {
  const payload = v8.serialize({ round, blockHash, body })
  const head = Buffer.alloc(MAGIC.length + 4)
  MAGIC.copy(head)
  head.writeUInt32LE(VERSION, MAGIC.length)
  const file = snapshotFile(dataDir)
  const tmp = `${file}.tmp`
  const fd = fs.openSync(tmp, 'w')
  try {
    fs.writeSync(fd, head)
    fs.writeSync(fd, payload)
    fs.writeSync(fd, sha512_256(payload))
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  fs.renameSync(tmp, file)
}

/** The snapshot in `dataDir`, or undefined when there is none or it cannot be trusted. */
export function readSnapshot(dataDir: string): { round: bigint; blockHash: Uint8Array; body: unknown } | undefined {
  let buf: Buffer
  try {
    buf = fs.readFileSync(snapshotFile(dataDir))
  } catch {
    return undefined
  }
  const start = MAGIC.length + 4
  if (buf.length < start + 32 || !buf.subarray(0, MAGIC.length).equals(MAGIC) || buf.readUInt32LE(MAGIC.length) !== VERSION) return undefined
  const payload = buf.subarray(start, buf.length - 32)
  if (!Buffer.from(sha512_256(payload)).equals(buf.subarray(buf.length - 32))) return undefined
  try {
    return v8.deserialize(payload) as { round: bigint; blockHash: Uint8Array; body: unknown }
  } catch {
    return undefined
  }
}
