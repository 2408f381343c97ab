// The indexer's `next` tokens, one codec per order a search pages in: an address (accounts,
// holders), an id (assets, apps, holdings, local states), a block's round, a transaction's
// (round, intra) and a box name. Each decode refuses a malformed token with a 400 and the text the
// indexer gives (it answers some with 500, but a bad token is the client's).
import algosdk from 'algosdk'
import { badRequest } from '../algod/errors.ts'
import { parseBoxName } from '../algod/handlers/applications.ts'
import { decodeCanonicalAddress } from './address.ts'
import { INDEXER_ERRORS } from './errors.ts'

/** How one kind of `next` token is written and read back. */
export interface NextToken<T> {
  encode(value: T): string
  /** The value a token names; throws a 400 AlgodError for a malformed one. */
  decode(token: string): T
}

/** Where an address sorts in the indexer's order (its 32 bytes), to page after it. */
export const addressKey = (address: string): string => Buffer.from(algosdk.decodeAddress(address).publicKey).toString('hex')

/** The last address of a page, as written (the indexer's account and balance searches). */
export const addressNext: NextToken<string> = {
  encode: (address) => address,
  decode: (token) => {
    try {
      return algosdk.encodeAddress(decodeCanonicalAddress(token))
    } catch (e) {
      throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: ${(e as Error).message}`)
    }
  },
}

/** The last id of a page in decimal, read as go's strconv.ParseUint. */
export const idNext: NextToken<bigint> = {
  encode: (id) => id.toString(),
  decode: (token) => {
    if (!/^\d+$/.test(token)) throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: strconv.ParseUint: parsing ${JSON.stringify(token)}: invalid syntax`)
    return BigInt(token)
  },
}

/** go's base64.URLEncoding (padded) as the indexer reads it: undefined for other text. */
function base64url(token: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]*={0,2}$/.test(token) && token.length % 4 === 0 ? Buffer.from(token, 'base64url') : undefined
}

/** idb.EncodeBlockRowNext/DecodeBlockRowNext: base64url (padded) of the round, 8 bytes little-endian. */
export const blockNext: NextToken<bigint> = {
  encode: (round) => {
    const b = Buffer.alloc(8)
    b.writeBigUInt64LE(round)
    return b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_')
  },
  decode: (token) => {
    const bytes = base64url(token)
    if (bytes === undefined) throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: DecodeBlockRowNext() decode err: illegal base64 data at input byte 0`)
    if (bytes.length !== 8) throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: DecodeBlockRowNext() bad next token b: ${bytes.toString('hex')}`)
    return bytes.readBigUInt64LE(0)
  },
}

/** A transaction's place: its round and its intra-round offset (inner transactions counted). */
export interface TxnPlace {
  round: bigint
  intra: number
}

/** idb.EncodeTxnRowNext/DecodeTxnRowNext: base64url of round (8 bytes LE) ‖ intra (4 bytes LE). */
export const txnNext: NextToken<TxnPlace> = {
  encode: ({ round, intra }) => {
    const b = Buffer.alloc(12)
    b.writeBigUInt64LE(round)
    b.writeUInt32LE(intra >>> 0, 8)
    return b.toString('base64url')
  },
  decode: (token) => {
    const bytes = base64url(token)
    if (bytes === undefined) throw badRequest(`${INDEXER_ERRORS.transactionSearch}: DecodeTxnRowNext() decode err: illegal base64 data at input byte 0`)
    if (bytes.length !== 12) throw badRequest(`${INDEXER_ERRORS.transactionSearch}: DecodeTxnRowNext() bad next token b: ${bytes.toString('hex')}`)
    return { round: bytes.readBigUInt64LE(0), intra: bytes.readUInt32LE(8) }
  },
}

/** The last box name of a page as `b64:…`; any `encoding:value` name algod reads is accepted back. */
export const boxNext: NextToken<Uint8Array> = {
  encode: (name) => `b64:${algosdk.bytesToBase64(name)}`,
  decode: (token) => {
    try {
      return parseBoxName(token)
    } catch (e) {
      throw badRequest(`SearchForApplicationBoxes received illegal next token (${token}): ${(e as Error).message}`)
    }
  },
}

/** A page of `items` by ascending id after the `next` token (null for the first page), with the token for the page after. */
export function pageById<T>(items: T[], id: (t: T) => bigint, limit: bigint, token: string | null): { page: T[]; next?: string } {
  const after = token === null ? undefined : idNext.decode(token)
  const page = items
    .filter((t) => after === undefined || id(t) > after)
    .sort((x, y) => (id(x) < id(y) ? -1 : id(x) > id(y) ? 1 : 0))
    .slice(0, Number(limit))
  const last = page[page.length - 1]
  return { page, next: last === undefined ? undefined : idNext.encode(id(last)) }
}
