// Algorand's subset-sum hash, sumhash512 (github.com/algorand/go-sumhash, the hash of state
// proofs), for the v14 `sumhash512` opcode. The compression function is an 8 × 1024 matrix of
// uint64s derived from SHAKE256("Algorand"): output word i is the sum, mod 2^64, of the entries of
// row i selected by the set bits of the 128-byte input (64 bytes of chain value ‖ 64-byte block).
// It is Merkle–Damgård with a zero IV, 0x01-then-zeros padding to 48 mod 64 and a 128-bit
// little-endian bit length.
import { shake256 } from '@noble/hashes/sha3.js'

const ROWS = 8
const COLS = 1024
const BLOCK = 64
const OUT = 64

/** Matrix entries as 32-bit halves, [row][column] flattened; built on first use. */
let lo: Uint32Array | undefined
let hi: Uint32Array | undefined

function matrix(): [Uint32Array, Uint32Array] {
  if (lo === undefined || hi === undefined) {
    // Seed header: u=64, n=8, m=1024 as little-endian uint16s, then the seed bytes.
    const header = new Uint8Array([64, 0, ROWS, 0, COLS & 0xff, COLS >> 8])
    const seed = new TextEncoder().encode('Algorand')
    const input = new Uint8Array(header.length + seed.length)
    input.set(header)
    input.set(seed, header.length)
    const stream = shake256(input, { dkLen: ROWS * COLS * 8 })
    const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength)
    lo = new Uint32Array(ROWS * COLS)
    hi = new Uint32Array(ROWS * COLS)
    for (let k = 0; k < ROWS * COLS; k++) {
      lo[k] = view.getUint32(8 * k, true)
      hi[k] = view.getUint32(8 * k + 4, true)
    }
  }
  return [lo, hi]
}

/** One compression: chain (64 bytes) ← A · bits(chain ‖ block) mod 2^64. */
function compress(chain: Uint8Array, block: Uint8Array, input: Uint8Array): void {
  const [aLo, aHi] = matrix()
  input.set(chain, 0)
  input.set(block, OUT)
  const view = new DataView(chain.buffer, chain.byteOffset, chain.byteLength)
  for (let i = 0; i < ROWS; i++) {
    // Sums of at most 1024 32-bit halves stay below 2^42, exact in a double.
    let sLo = 0
    let sHi = 0
    const base = i * COLS
    for (let j = 0; j < OUT + BLOCK; j++) {
      const byte = input[j]!
      if (byte === 0) continue
      for (let b = 0; b < 8; b++) {
        if ((byte >> b) & 1) {
          sLo += aLo[base + 8 * j + b]!
          sHi += aHi[base + 8 * j + b]!
        }
      }
    }
    const carry = Math.floor(sLo / 0x1_0000_0000)
    view.setUint32(8 * i, sLo % 0x1_0000_0000, true)
    view.setUint32(8 * i + 4, (sHi + carry) % 0x1_0000_0000, true)
  }
}

/** sumhash512 (unsalted) of data: 64 bytes. */
export function sumhash512(data: Uint8Array): Uint8Array {
  // Pad: 0x01, zeros up to 48 mod 64, then the bit length as a 128-bit little-endian number.
  const rem = data.length % BLOCK
  const padLen = rem < BLOCK - 16 ? BLOCK - 16 - rem : 2 * BLOCK - 16 - rem
  const total = data.length + padLen + 16
  const msg = new Uint8Array(total)
  msg.set(data)
  msg[data.length] = 0x01
  const bits = BigInt(data.length) * 8n
  new DataView(msg.buffer).setBigUint64(total - 16, bits & 0xffff_ffff_ffff_ffffn, true)
  const chain = new Uint8Array(OUT)
  const scratch = new Uint8Array(OUT + BLOCK)
  for (let off = 0; off < total; off += BLOCK) compress(chain, msg.subarray(off, off + BLOCK), scratch)
  return chain
}
