// JSON schemas shared by the routes (each route file declares its own params, query and response
// from these). Amounts are base-unit strings (they exceed 2^53); prices and USD values are numbers.

export const amount = { type: 'string', pattern: '^[0-9]+$', description: 'base units' } as const
const num = { type: 'number' } as const
const numOrNull = { type: ['number', 'null'] } as const
const strOrNull = { type: ['string', 'null'] } as const

export const asset = {
  type: 'object',
  required: ['id', 'unitName', 'name', 'decimals'],
  properties: { id: { type: 'integer' }, unitName: strOrNull, name: strOrNull, decimals: { type: 'integer' } },
} as const

export const pool = {
  type: 'object',
  required: ['id', 'venue', 'kind', 'lpAsset', 'assetA', 'assetB', 'feeBps', 'reserveA', 'reserveB', 'lpIssued', 'price', 'change24h', 'tvlUsd', 'volume24hUsd', 'fees24hUsd', 'feeApr', 'trades24h', 'createdRound', 'createdTime', 'updatedRound'],
  properties: {
    id: { type: 'integer', description: 'the pool id: its LP asset id (a Tinyman pool\'s pool token)' },
    venue: { type: 'string', enum: ['grove', 'tinyman'], description: "where the pool trades: Grove's DEX or Tinyman v2" },
    kind: { type: 'string', enum: ['constant-product', 'stable'], description: "the pool's invariant" },
    lpAsset: { type: 'integer' },
    assetA: asset,
    assetB: asset,
    feeBps: { type: 'integer', description: "the pool's fee tier, bps of the input" },
    reserveA: amount,
    reserveB: amount,
    lpIssued: amount,
    price: { ...numOrNull, description: 'whole B per whole A' },
    change24h: { ...numOrNull, description: 'change of price over 24 hours, a fraction' },
    tvlUsd: numOrNull,
    volume24hUsd: num,
    fees24hUsd: num,
    feeApr: { ...numOrNull, description: 'yearly fee return at the last 24 hours pace, a fraction' },
    trades24h: { type: 'integer' },
    createdRound: { type: 'integer' },
    createdTime: { type: 'integer' },
    updatedRound: { type: 'integer' },
  },
} as const

/** The largest app or asset id: 2^64 − 1. */
export const UINT64_MAX = 2n ** 64n - 1n

/** Decimal numbers from 0 to 2^64 − 1 (leading zeros allowed, as go's ParseUint takes them). */
function uint64Pattern(): string {
  const max = UINT64_MAX.toString()
  const alternatives = [`[0-9]{1,${max.length - 1}}`, max]
  for (let i = 0; i < max.length; i++) {
    const digit = Number(max[i])
    if (digit > 0) alternatives.push(`${max.slice(0, i)}[0-${digit - 1}]${i < max.length - 1 ? `[0-9]{${max.length - 1 - i}}` : ''}`)
  }
  return `^0*(?:${alternatives.join('|')})$`
}

/**
 * An app or asset id: a uint64 in decimal, checked here as a string (a JSON number loses the
 * digits past 2^53, so "2^64" would pass as an integer schema); routes read it with idOf.
 */
export const uint64 = (description: string) => ({ type: 'string', pattern: uint64Pattern(), description: `${description}: a uint64 in decimal` }) as const

/**
 * The number a uint64 parameter names, or undefined above 2^53 − 1: the service keeps ids as
 * JavaScript numbers, so no row has such an id (the route answers 404).
 */
export function idOf(value: string): number | undefined {
  const id = BigInt(value)
  return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined
}

/** A uint64 parameter as the message of a 404 writes it (no leading zeros). */
export const idText = (value: string): string => BigInt(value).toString()

export const poolIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: uint64('the pool id (its LP asset id)') },
} as const

/** An Algorand address as the schemas check it (its checksum is checked by parseAddress, address.ts). */
export const address = { type: 'string', pattern: '^[A-Z2-7]{58}$', description: 'an Algorand address' } as const

/** A position id: its kind and the chain position (round, intra, log index) of the event that opened it. */
export const positionId = { type: 'string', pattern: '^(lp|program|vault)-[0-9]{1,15}-[0-9]{1,9}-[0-9]{1,9}$', description: 'a position id: kind-round-intra-logIndex, as GET /api/positions gives it' } as const

export const pageQuery = {
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  cursor: { type: 'string', minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' },
} as const

export const nextCursor = { type: ['string', 'null'], description: 'pass as cursor for the next page; null on the last page' } as const

export const errorResponse = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
} as const

/** Error responses every route may give. */
export const errors = { 400: errorResponse, 404: errorResponse, 500: errorResponse } as const
