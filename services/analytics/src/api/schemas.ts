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
  required: ['id', 'lpAsset', 'assetA', 'assetB', 'feeBps', 'reserveA', 'reserveB', 'lpIssued', 'price', 'change24h', 'tvlUsd', 'volume24hUsd', 'fees24hUsd', 'feeApr', 'trades24h', 'createdRound', 'createdTime', 'updatedRound'],
  properties: {
    id: { type: 'integer', description: 'the pool id: its LP asset id' },
    lpAsset: { type: 'integer' },
    assetA: asset,
    assetB: asset,
    feeBps: { type: 'integer' },
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

export const poolIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 0, description: 'the pool id (its LP asset id)' } },
} as const

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
