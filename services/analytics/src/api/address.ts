// The one address parser of the API: every address a route takes (path or query) goes through it,
// so each is refused or read the same way, in its canonical form as the indexer reads addresses
// (go-algorand-sdk's DecodeAddress): the checksum must match, and the unused low bits of the last
// character must be zero (`…FIELFB` names the same key as `…FIELFA`, but is not that address).
import algosdk from 'algosdk'
import { badRequest } from './errors.ts'

/** `value` (already `^[A-Z2-7]{58}$` by the schema) as the stored address; 400 naming `name` otherwise. */
export function parseAddress(value: string, name: string): string {
  let canonical: string
  try {
    canonical = algosdk.encodeAddress(algosdk.decodeAddress(value).publicKey)
  } catch {
    throw badRequest(`${name} is not a valid Algorand address (its checksum does not match)`)
  }
  if (canonical !== value) throw badRequest(`${name} is not a canonical Algorand address (did you mean ${canonical}?)`)
  return canonical
}
