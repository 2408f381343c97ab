// SHA512/256, Algorand's hash, from Node's crypto (no extra dependency).

import { createHash } from 'node:crypto'

/** SHA512/256 of the concatenation of `parts`. */
export function sha512_256(...parts: Uint8Array[]): Uint8Array {
  const h = createHash('sha512-256')
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}
