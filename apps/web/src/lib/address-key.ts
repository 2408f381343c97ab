// The 36 bytes under an address's 58 characters, without verifying the checksum: the reader the
// first visit's code needs (registry admin checks, ARC-19 reserves), kept apart from the checksum's
// SHA-512/256 so that hash loads only with the pages that check typed addresses (lib/address.ts).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** The 36 bytes under an address's 58 characters (key ‖ checksum), or null when it has another shape. */
export function addressBytes36(address: string): Uint8Array | null {
  if (!/^[A-Z2-7]{58}$/.test(address)) return null
  const out = new Uint8Array(36)
  let bits = 0
  let value = 0
  let i = 0
  for (const c of address) {
    value = ((value << 5) | ALPHABET.indexOf(c)) & 0xffff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      if (i < 36) out[i++] = (value >> bits) & 0xff
    }
  }
  return out
}

/** The 32 public-key bytes of an address, its checksum not verified (ARC-19 reserve addresses are digests, not keys); null when it has another shape. */
export function addressKey(address: string): Uint8Array | null {
  return addressBytes36(address)?.subarray(0, 32) ?? null
}
