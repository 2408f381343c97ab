// Path parameters that algod binds to typed values before the handler runs.
import algosdk from 'algosdk'
import { badRequest } from './errors.ts'
import type { AlgodRequest } from './http.ts'

const BASE32 = /^[A-Z2-7]+$/

/** An account address path parameter, refused with go's UnmarshalChecksumAddress texts. */
export function addressParam(req: AlgodRequest, name = 'address'): string {
  const value = req.params[name] ?? ''
  let why: string | undefined
  if (!BASE32.test(value)) why = `failed to decode address ${value} from base 32`
  else if (value.length !== 58) why = `decoded bad addr: ${value}`
  else if (!algosdk.isValidAddress(value)) why = `address ${value} is malformed, checksum verification failed`
  // the unused low bits of the last character must be zero: one key has one address text
  else if (algosdk.encodeAddress(algosdk.decodeAddress(value).publicKey) !== value) why = `address ${value} is non-canonical`
  if (why) throw badRequest(`Invalid format for parameter ${name}: ${why}`)
  return value
}
