// Opaque cursors for keyset pagination: base64url JSON of the last row's sort key.
import { badRequest } from './errors.ts'

/** The cursor after a row whose key is `key`. */
export function encodeCursor(key: (number | string)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/** The largest value of a PostgreSQL int column (intra, log_index): a key past it is no key this API made. */
const INT4_MAX = 2 ** 31 - 1

/**
 * The key a cursor holds; 400 when it is not one this API made with `length` numbers, those at
 * the `int4` positions (int columns) below 2^31.
 */
export function decodeCursor(cursor: string | undefined, length: number, int4: number[] = []): number[] | undefined {
  if (cursor === undefined) return undefined
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(key) && key.length === length && key.every((v, i) => Number.isSafeInteger(v) && v >= 0 && (!int4.includes(i) || v <= INT4_MAX))) return key as number[]
  } catch {
    // falls through to the 400
  }
  throw badRequest('cursor is not a cursor this API returned')
}

/** A page of `rows` fetched with limit + 1: the rows to return and the cursor after them (null at the end). */
export function page<T>(rows: T[], limit: number, key: (row: T) => (number | string)[]): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit)
  return { items, nextCursor: rows.length > limit ? encodeCursor(key(items[items.length - 1]!)) : null }
}
