// Algorand addresses as people type them: base32 (A–Z, 2–7) of the 32-byte public key followed by
// the last 4 bytes of its SHA-512/256, 58 characters. One reader for every field and decoder in the app,
// so a typo is named in our words before any library sees it.
import { sha512_256 } from '@noble/hashes/sha2.js'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** The 36 bytes under an address's 58 characters (key ‖ checksum), or null when it has another shape. */
function decode(address: string): Uint8Array | null {
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
  return decode(address)?.subarray(0, 32) ?? null
}

/** An address field's reading: the address, or the reason it is not one. */
export type AddressCheck = { ok: true; address: string } | { ok: false; error: string }

/** Reads a typed address: trimmed, then its shape and its checksum. */
export function checkAddress(text: string): AddressCheck {
  const address = text.trim()
  if (address === '') return { ok: false, error: 'Enter an address' }
  if (address.length !== 58) return { ok: false, error: `An Algorand address has 58 characters; this one has ${address.length}` }
  if (!/^[A-Z2-7]+$/.test(address)) return { ok: false, error: 'An Algorand address uses only capital letters A–Z and digits 2–7' }
  const bytes = decode(address)!
  const digest = sha512_256(bytes.subarray(0, 32))
  const expected = digest.subarray(digest.length - 4)
  if (!expected.every((b, i) => b === bytes[32 + i])) return { ok: false, error: 'This address has a typo: its checksum does not match. Copy it again from its source' }
  return { ok: true, address }
}

/** True when `text` is a valid address (shape and checksum). */
export const isAddress = (text: string): boolean => checkAddress(text).ok
