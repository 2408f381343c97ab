// The route as the swap page shows it, from the SDK router's real plans over a Grove and a Tinyman
// pool of one pair (quoting reads no node): paths with their hops and venue labels, shares summing to
// the whole order, the gain over the best single venue, the impact, and why there is no route.
import * as venues from '@grove/sdk/venues'
import { ROUTE_ERROR_MESSAGES } from '@grove/sdk/errors'
import algosdk from 'algosdk'
import { newPool } from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { quoteSwap, sharesBps, type SwapRoute } from './route-view.ts'

const algod = new algosdk.Algodv2('', 'http://127.0.0.1', 9)
const GROVE = venues.groveVenue({ algod, dexAppId: 1n, registryAppId: 2n }) as unknown as venues.Venue
const TINYMAN = venues.tinymanVenue({ algod, validatorAppId: 3n, label: venues.TINYMAN_LOCAL_LABEL }) as unknown as venues.Venue
const [ALGO, USD, FERN] = [0n, 10n, 20n]

const grove = (a: bigint, b: bigint, ra: bigint, rb: bigint) => venues.grovePool(newPool(a, b, { reserveA: ra, reserveB: rb, lpIssued: 1n }))
const tinyman = (a: bigint, b: bigint, ra: bigint, rb: bigint) =>
  venues.tinymanPool(`pool-${a}-${b}`, 3n, { asset1Id: b, asset2Id: a, poolTokenId: 99n, asset1Reserves: rb, asset2Reserves: ra, issuedPoolTokens: 1n, totalFeeShare: 30n, protocolFeeRatio: 6n })
const bookOf = (pools: venues.VenuePool[], list = [GROVE, TINYMAN]): venues.PoolBook => ({ venues: new Map(list.map((v) => [v.name, v])), pools })
// ALGO/USD on both venues: Grove's deeper, Tinyman's 1.5% richer in USD; FERN/USD only on Tinyman
const BOOK = bookOf([grove(ALGO, USD, 4_000_000_000_000n, 1_000_000_000_000n), tinyman(ALGO, USD, 1_600_000_000_000n, 406_000_000_000n), tinyman(USD, FERN, 1_000_000_000_000n, 1_000_000_000_000n)])

const quote = (request: venues.RouteRequest, book = BOOK): SwapRoute => {
  const q = quoteSwap(venues, book, request)
  if (!q.ok) throw new Error(`no route: ${q.failure.code}`)
  return q.route
}

describe('the route view', () => {
  it('splits a large order over both venues, names each hop’s venue, and gains over the best venue alone', () => {
    const request = { kind: 'exact-in' as const, assetIn: ALGO, assetOut: USD, amount: 200_000_000_000n }
    const route = quote(request)
    expect(route.paths.flatMap((p) => p.hops.map((h) => `${h.assetIn}→${h.assetOut} on ${h.venue}`)).sort()).toEqual(['0→10 on Grove', `0→10 on ${venues.TINYMAN_LOCAL_LABEL}`])
    expect(route.paths.reduce((s, p) => s + p.shareBps, 0)).toBe(10_000)
    expect(route.paths.reduce((s, p) => s + p.amountIn, 0n)).toBe(request.amount)
    const alone = ['grove', 'tinyman'].map((v) => venues.bestRoute(venues.onlyVenues(BOOK, [v as venues.VenueName]), request)!.amountOut)
    const best = alone[0]! > alone[1]! ? 0 : 1
    expect(route.gain).toEqual({ amount: route.amountOut - alone[best]!, bps: expect.any(Number), versus: ['Grove', venues.TINYMAN_LOCAL_LABEL][best] })
    expect(route.gain!.amount).toBeGreaterThan(0n)
    expect(route.gain!.bps).toBeCloseTo((Number(route.gain!.amount) / Number(alone[best]!)) * 10_000, 1)
    expect(route.priceImpactBps).toBeGreaterThan(0)
  })

  it('delivers exactly the output asked for an exact-out order over both venues, shares by output', () => {
    const route = quote({ kind: 'exact-out', assetIn: ALGO, assetOut: USD, amount: 50_000_000_000n })
    expect(route.exactOut).toBe(50_000_000_000n)
    expect(route.paths.reduce((s, p) => s + p.amountOut, 0n)).toBe(50_000_000_000n)
    expect(route.paths.reduce((s, p) => s + p.shareBps, 0)).toBe(10_000)
    if (route.gain) expect(route.gain.amount).toBeGreaterThanOrEqual(0n)
  })

  it('chains a two-hop path across venues, its intermediate token in the route’s path', () => {
    const route = quote({ kind: 'exact-in', assetIn: ALGO, assetOut: FERN, amount: 1_000_000n })
    expect(route.paths).toHaveLength(1)
    expect(route.paths[0]!.hops.map((h) => [h.assetIn, h.assetOut])).toEqual([
      [ALGO, USD],
      [USD, FERN],
    ])
    expect(route.paths[0]!.hops[1]!.venue).toBe(venues.TINYMAN_LOCAL_LABEL)
    expect(route.path).toEqual([USD])
    expect(route.paths[0]!.shareBps).toBe(10_000)
  })

  it('routes over each of a pair’s Grove fee tiers as its own pool, naming each hop’s tier', () => {
    // ALGO/USD at 30 bps (deep) and at 5 bps (a fifth as deep): a large order splits over both
    const cheap = venues.grovePool(newPool(ALGO, USD, { reserveA: 800_000_000_000n, reserveB: 200_000_000_000n, lpIssued: 1n, feeBps: 5n, tier: 5n, lpAsset: 7n }))
    const book = bookOf([grove(ALGO, USD, 4_000_000_000_000n, 1_000_000_000_000n), cheap], [GROVE])
    expect(cheap.id).toBe(`${ALGO}/${USD}/5`)
    const route = quote({ kind: 'exact-in', assetIn: ALGO, assetOut: USD, amount: 200_000_000_000n }, book)
    expect(route.paths.flatMap((p) => p.hops.map((h) => `${h.venue} ${h.feeBps} bps`)).sort()).toEqual(['Grove 30 bps', 'Grove 5 bps'])
    // a small one takes the cheaper tier alone
    const small = quote({ kind: 'exact-in', assetIn: ALGO, assetOut: USD, amount: 1_000_000n }, book)
    expect(small.paths.map((p) => p.hops.map((h) => h.feeBps))).toEqual([[5n]])
  })

  it('shows no gain with one venue', () => {
    expect(quote({ kind: 'exact-in', assetIn: ALGO, assetOut: USD, amount: 1_000_000n }, bookOf(BOOK.pools.filter((p) => p.venue === 'grove'), [GROVE])).gain).toBeNull()
  })

  it.each<[string, venues.RouteRequest, string]>([
    ['no pool connects the pair', { kind: 'exact-in', assetIn: FERN, assetOut: 99n, amount: 1n }, 'untraded-token'],
    ['the pools hold too little', { kind: 'exact-out', assetIn: ALGO, assetOut: USD, amount: 2_000_000_000_000n }, 'insufficient-liquidity'],
  ])('says why there is no route when %s', (_name, request, code) => {
    const q = quoteSwap(venues, BOOK, request)
    expect(q.ok ? null : q.failure.code).toBe(code)
    expect(ROUTE_ERROR_MESSAGES[code as 'no-pool']({ from: 'A', to: 'B', venues: ['Grove', venues.TINYMAN_LOCAL_LABEL], token: 'X', exactOut: '1 B' })).toMatch(/^[A-Z].*\.$/)
  })

  it.each([
    [[1, 1, 1], [3334, 3333, 3333]],
    [[2, 1], [6667, 3333]],
    [[5], [10_000]],
  ])('rounds shares %j to %j, summing to the whole', (parts, shares) => {
    expect(sharesBps(parts.map(BigInt))).toEqual(shares)
  })
})
