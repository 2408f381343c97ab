// Byte helpers the ledger's modules share (apply, verify, well-formed, the chain and its API models).
import algosdk from 'algosdk'

/** 32 zero bytes: the zero address, an unset key. */
export const ZERO32 = new Uint8Array(32)

/** Whether every byte is zero. */
export function isZero(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

/** Byte-for-byte equality. */
export function eq(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** The address of a 32-byte public key. */
export function addr(b: Uint8Array): string {
  return algosdk.encodeAddress(b)
}

/** The parts one after another. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
