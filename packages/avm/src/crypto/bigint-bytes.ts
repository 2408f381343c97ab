// Byte-string ⇄ bigint conversions and modular helpers shared by the signature and VRF code.

/** Big-endian bytes to a non-negative bigint (empty bytes are 0, as Go's big.Int SetBytes). */
export function bytesToBigBE(b: Uint8Array): bigint {
  let x = 0n
  for (const byte of b) x = (x << 8n) | BigInt(byte)
  return x
}

/** Little-endian bytes to a non-negative bigint. */
export function bytesToBigLE(b: Uint8Array): bigint {
  let x = 0n
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!)
  return x
}

/** The low `len` bytes of x, big-endian (higher bytes are dropped, as go-ethereum's readBits does). */
export function bigToBytesBE(x: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len)
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn)
    x >>= 8n
  }
  return out
}

/** The low `len` bytes of x, little-endian. */
export function bigToBytesLE(x: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len)
  for (let i = 0; i < len; i++) {
    out[i] = Number(x & 0xffn)
    x >>= 8n
  }
  return out
}

/** x mod m in [0, m). */
export function mod(x: bigint, m: bigint): bigint {
  const r = x % m
  return r < 0n ? r + m : r
}

/** base^exp mod m by square-and-multiply. */
export function powMod(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n
  base = mod(base, m)
  while (exp > 0n) {
    if (exp & 1n) result = (result * base) % m
    base = (base * base) % m
    exp >>= 1n
  }
  return result
}

/** Inverse of x modulo the prime m (0 maps to 0, as ref10's fe_invert does). */
export function invMod(x: bigint, m: bigint): bigint {
  return powMod(x, m - 2n, m)
}

/** Concatenation of byte strings. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let n = 0
  for (const p of parts) n += p.length
  const out = new Uint8Array(n)
  let off = 0
  for (const p of parts) {
    out.set(p, off)
    off += p.length
  }
  return out
}
