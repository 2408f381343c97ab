// Big-endian byte strings ⇄ field elements, the encoding gnark-crypto and go-algorand use for
// every curve coordinate, scalar and hash input of the EC, MiMC and Poseidon2 opcodes.

/** The unsigned big-endian integer in `b` (empty = 0), like go's big.Int.SetBytes. */
export function bytesToBigInt(b: Uint8Array, start = 0, end = b.length): bigint {
  let hex = ''
  for (let i = start; i < end; i++) hex += HEX[b[i]]
  return hex === '' ? 0n : BigInt('0x' + hex)
}

/** `x` (0 ≤ x < 256^size) as exactly `size` big-endian bytes, written into `out` at `offset`. */
export function writeBigInt(x: bigint, size: number, out: Uint8Array, offset = 0): Uint8Array {
  let v = x
  for (let i = offset + size - 1; i >= offset; i--) {
    out[i] = Number(v & 0xffn)
    v >>= 8n
  }
  return out
}

/** `x` as a fresh `size`-byte big-endian string. */
export function bigIntToBytes(x: bigint, size: number): Uint8Array {
  return writeBigInt(x, size, new Uint8Array(size))
}

/** a mod m in [0, m). */
export function mod(a: bigint, m: bigint): bigint {
  const r = a % m
  return r < 0n ? r + m : r
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
