// The router's plans off the chain, for many random books (fast-check, seeded): never worse than
// either venue alone, the order carried exactly, every path chained hop to hop (no intermediate left
// over), and within the group's bounds. router.test.ts checks on the localnet that plans execute exactly.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import algosdk from 'algosdk'
import { newPool } from '../../src/dex/amm.ts'
import {
  MAX_GROUP,
  MAX_PATHS,
  MAX_ROUTE_HOPS,
  bestRoute,
  groveVenue,
  grovePool,
  onlyVenues,
  tinymanPool,
  tinymanVenue,
  type PoolBook,
  type RouteRequest,
  type Venue,
  type VenuePool,
} from '../../src/venues/index.ts'

// pure quoting and planning read no node: an unreachable algod is enough
const algod = new algosdk.Algodv2('', 'http://127.0.0.1', 9)
const venues = [groveVenue({ algod, dexAppId: 1001n, registryAppId: 1000n }), tinymanVenue({ algod, validatorAppId: 1002n, label: 'Tinyman' })] as unknown as Venue[]
const [X, Y, H1, H2] = [10n, 20n, 30n, 0n]
const PAIRS: [bigint, bigint][] = [
  [X, Y],
  [X, H1],
  [H1, Y],
  [X, H2],
  [H2, Y],
  [H1, H2],
]

const reserve = fc.bigInt({ min: 10_000n, max: 10n ** 13n })
const side = fc.option(fc.record({ r: fc.tuple(reserve, reserve), feeBps: fc.constantFrom(5n, 25n, 30n, 100n) }), { freq: 3, nil: undefined })

function book(grove: (typeof side extends fc.Arbitrary<infer T> ? T : never)[], tinyman: typeof grove): PoolBook {
  const pools: VenuePool[] = []
  PAIRS.forEach(([x, y], i) => {
    const [a, b] = x < y ? [x, y] : [y, x]
    const g = grove[i]
    if (g) pools.push(grovePool(newPool(a, b, { reserveA: g.r[0], reserveB: g.r[1], lpIssued: 1n, feeBps: g.feeBps })))
    const t = tinyman[i]
    if (t)
      pools.push(
        tinymanPool(`${a}/${b}`, 1002n, {
          asset1Id: b,
          asset2Id: a,
          poolTokenId: 99n,
          asset1Reserves: t.r[1],
          asset2Reserves: t.r[0],
          issuedPoolTokens: 1n,
          totalFeeShare: t.feeBps,
          protocolFeeRatio: 6n,
        }),
      )
  })
  return { venues: new Map(venues.map((v) => [v.name, v])), pools }
}

describe('the router, for random reserves on both venues (off the chain)', () => {
  it('is never worse than either venue alone, carries the order exactly and chains every path within the group', () => {
    let splits = 0
    fc.assert(
      fc.property(
        fc.array(side, { minLength: PAIRS.length, maxLength: PAIRS.length }),
        fc.array(side, { minLength: PAIRS.length, maxLength: PAIRS.length }),
        fc.constantFrom('exact-in' as const, 'exact-out' as const),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (grove, tinyman, kind, amount) => {
          const b = book(grove, tinyman)
          const request: RouteRequest = { kind, assetIn: X, assetOut: Y, amount }
          const plan = bestRoute(b, request)
          for (const venue of ['grove', 'tinyman'] as const) {
            const alone = bestRoute(onlyVenues(b, [venue]), request)
            if (!alone) continue
            expect(plan).toBeDefined()
            if (kind === 'exact-in') expect(plan!.amountOut).toBeGreaterThanOrEqual(alone.amountOut)
            else expect(plan!.amountIn).toBeLessThanOrEqual(alone.amountIn)
          }
          if (!plan) return
          if (plan.paths.length > 1) splits++
          expect(kind === 'exact-in' ? plan.amountIn : plan.amountOut).toBe(amount)
          expect(plan.paths.length).toBeLessThanOrEqual(MAX_PATHS)
          expect(plan.txns).toBeLessThanOrEqual(MAX_GROUP)
          for (const path of plan.paths) {
            expect(path.hops.length).toBeLessThanOrEqual(MAX_ROUTE_HOPS)
            expect([path.hops[0]!.assetIn, path.hops[path.hops.length - 1]!.assetOut]).toEqual([X, Y])
            for (let i = 1; i < path.hops.length; i++) {
              expect(path.hops[i]!.assetIn).toBe(path.hops[i - 1]!.assetOut)
              expect(path.hops[i]!.amountIn).toBe(path.hops[i - 1]!.amountOut)
            }
          }
        },
      ),
      { seed: 30, numRuns: 400 },
    )
    // the split is exercised, not only single paths
    expect(splits).toBeGreaterThan(20)
  })
})
