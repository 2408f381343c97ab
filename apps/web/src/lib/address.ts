// Algorand addresses as people type them: base32 (A–Z, 2–7) of the 32-byte public key followed by
// the last 4 bytes of its SHA-512/256, 58 characters. One reader for every field and decoder in the app,
// so a typo is named in our words before any library sees it.
import { sha512_256 } from '@noble/hashes/sha2.js'
import { addressBytes36 } from './address-key.ts'

/** An address field's reading: the address, or the reason it is not one. */
export type AddressCheck = { ok: true; address: string } | { ok: false; error: string }

/** Reads a typed address: trimmed, then its shape and its checksum. */
export function checkAddress(text: string): AddressCheck {
  const address = text.trim()
  if (address === '') return { ok: false, error: 'Enter an address' }
  if (address.length !== 58) return { ok: false, error: `An Algorand address has 58 characters; this one has ${address.length}` }
  if (!/^[A-Z2-7]+$/.test(address)) return { ok: false, error: 'An Algorand address uses only capital letters A–Z and digits 2–7' }
  const bytes = addressBytes36(address)!
  const digest = sha512_256(bytes.subarray(0, 32))
  const expected = digest.subarray(digest.length - 4)
  if (!expected.every((b, i) => b === bytes[32 + i])) return { ok: false, error: 'This address has a typo: its checksum does not match. Copy it again from its source' }
  return { ok: true, address }
}

/** True when `text` is a valid address (shape and checksum). */
export const isAddress = (text: string): boolean => checkAddress(text).ok
