// Address strings, remembered: algosdk's Address.toString hashes for the checksum each time, and
// the indexer names the same few accounts in most rows it writes.
import algosdk from 'algosdk'

const strings = new Map<string, string>()

/** The address's base32 form. */
export function addressString(a: algosdk.Address): string {
  const key = Buffer.from(a.publicKey.buffer, a.publicKey.byteOffset, 32).toString('latin1')
  let s = strings.get(key)
  if (s === undefined) {
    s = a.toString()
    strings.set(key, s)
  }
  return s
}

/** Whether an optional address field is unset: absent, or the zero address a transaction writes for none. */
export const isZeroAddress = (a: algosdk.Address | undefined): boolean => a === undefined || a.publicKey.every((x) => x === 0)

/**
 * An address as go-algorand-sdk's DecodeAddress reads it: checksum checked, and the text must be
 * the canonical one (the unused low bits of the last character zero). Throws with its reason.
 */
export function decodeCanonicalAddress(text: string): Uint8Array {
  const publicKey = algosdk.decodeAddress(text).publicKey
  if (algosdk.encodeAddress(publicKey) !== text) throw new Error(`address ${text} is non-canonical`)
  return publicKey
}
