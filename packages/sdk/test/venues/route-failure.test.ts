// Why no route carries an order, off the chain: each failure's code from routeFailure and its one
// sentence from the error table, for books of Grove and Tinyman pools.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { newPool } from '../../src/dex/amm.ts'
import { ROUTE_ERROR_MESSAGES } from '../../src/errors.ts'
import { bestRoute, groveVenue, grovePool, routeFailure, tinymanPool, tinymanVenue, type PoolBook, type RouteRequest, type Venue, type VenuePool } from '../../src/venues/index.ts'

// pure quoting reads no node: an unreachable algod is enough
const algod = new algosdk.Algodv2('', 'http://127.0.0.1', 9)
const venues = [groveVenue({ algod, dexAppId: 1001n, registryAppId: 1000n }), tinymanVenue({ algod, validatorAppId: 1002n, label: 'Tinyman' })] as unknown as Venue[]
const [ALGO, USD, FERN, LONE] = [0n, 10n, 20n, 30n]

const grove = (a: bigint, b: bigint, ra: bigint, rb: bigint) => grovePool(newPool(a, b, { reserveA: ra, reserveB: rb, lpIssued: 1n }))
const tinyman = (a: bigint, b: bigint, ra: bigint, rb: bigint) =>
  tinymanPool(`${a}/${b}`, 1002n, { asset1Id: b, asset2Id: a, poolTokenId: 99n, asset1Reserves: rb, asset2Reserves: ra, issuedPoolTokens: 1n, totalFeeShare: 30n, protocolFeeRatio: 6n })
const book = (pools: VenuePool[]): PoolBook => ({ venues: new Map(venues.map((v) => [v.name, v])), pools })
// 1,000 ALGO : 250 USD on each venue; FERN only on Tinyman, and LONE nowhere
const BOOK = book([grove(ALGO, USD, 1_000_000_000n, 250_000_000n), tinyman(ALGO, USD, 2_000_000_000n, 500_000_000n), tinyman(ALGO, FERN, 1_000_000_000n, 1_000_000_000n), grove(USD, 40n, 0n, 0n)])
const WORDS = { from: 'ALGO', to: 'USD', venues: ['Grove', 'Tinyman'] }

describe('routeFailure', () => {
  it.each<[string, RouteRequest, PoolBook, string]>([
    ['the same token twice', { kind: 'exact-in', assetIn: USD, assetOut: USD, amount: 1n }, BOOK, 'same-asset'],
    ['a token no pool trades', { kind: 'exact-in', assetIn: ALGO, assetOut: LONE, amount: 1n }, BOOK, 'untraded-token'],
    ['a token only an empty pool holds', { kind: 'exact-in', assetIn: ALGO, assetOut: 40n, amount: 1n }, BOOK, 'untraded-token'],
    ['two traded tokens no path joins', { kind: 'exact-in', assetIn: USD, assetOut: FERN, amount: 1n }, book([grove(USD, 40n, 1_000_000n, 1_000_000n), tinyman(ALGO, FERN, 1_000_000n, 1_000_000n)]), 'no-pool'],
    ['a Tinyman pool that does not exist (Tinyman alone)', { kind: 'exact-in', assetIn: USD, assetOut: FERN, amount: 1n }, book([tinyman(USD, 40n, 1_000_000n, 1_000_000n), tinyman(ALGO, FERN, 1_000_000n, 1_000_000n)]), 'no-pool'],
    ['more output than both venues hold (exact out)', { kind: 'exact-out', assetIn: ALGO, assetOut: USD, amount: 500_000_000n }, BOOK, 'insufficient-liquidity'],
    ['an input that gives nothing', { kind: 'exact-in', assetIn: ALGO, assetOut: USD, amount: 1n }, BOOK, 'zero-output'],
    ['an amount beyond 64 bits', { kind: 'exact-in', assetIn: ALGO, assetOut: USD, amount: 1n << 64n }, BOOK, 'overflow'],
  ])('names %s', (_name, request, b, code) => {
    expect(bestRoute(b, request)).toBeUndefined()
    expect(routeFailure(b, request).code).toBe(code)
  })

  it('words each code as one sentence naming the pair and the venues', () => {
    expect(ROUTE_ERROR_MESSAGES['no-pool'](WORDS)).toBe('No pool on Grove or Tinyman connects ALGO and USD, directly or through another token.')
    expect(ROUTE_ERROR_MESSAGES['no-pool']({ ...WORDS, venues: ['Tinyman v2'] })).toBe('No pool on Tinyman v2 connects ALGO and USD, directly or through another token.')
    expect(ROUTE_ERROR_MESSAGES['untraded-token']({ ...WORDS, token: 'LONE' })).toBe('No pool on Grove or Tinyman trades LONE, so it cannot be swapped here.')
    expect(ROUTE_ERROR_MESSAGES['insufficient-liquidity']({ ...WORDS, exactOut: '500 USD' })).toBe(
      'Not enough liquidity: the pools connecting ALGO and USD on Grove and Tinyman hold less than 500 USD to give.',
    )
  })
})
