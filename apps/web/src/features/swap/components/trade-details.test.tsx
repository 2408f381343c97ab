// The route's gain over one venue, worded by the side the user fixed, and shown only for a trade
// the page lets through; routes quoted by the SDK router over a Grove and a Tinyman pool of one pair.
import { render, screen } from '@testing-library/react'
import * as venues from '@grove/sdk/venues'
import { newPool } from '@grove/sdk'
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { impactLevel } from '../derive-swap.ts'
import { quoteSwap, type SwapRoute } from '../route-view.ts'
import { routeGainText, TradeDetails } from './trade-details.tsx'

const GUSD: Token = { id: 10, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const TOKENS = new Map([ALGO, GUSD].map((t) => [t.id, t]))
const algod = new algosdk.Algodv2('', 'http://127.0.0.1', 9)
const GROVE = venues.groveVenue({ algod, dexAppId: 1n, registryAppId: 2n }) as unknown as venues.Venue
const TINYMAN = venues.tinymanVenue({ algod, validatorAppId: 3n, label: venues.TINYMAN_LOCAL_LABEL }) as unknown as venues.Venue
// ALGO/gUSD on both venues, Tinyman's 1.5% richer in gUSD: a large order splits over the two
const BOOK: venues.PoolBook = {
  venues: new Map([GROVE, TINYMAN].map((v) => [v.name, v])),
  pools: [
    venues.grovePool(newPool(0n, 10n, { reserveA: 4_000_000_000_000n, reserveB: 1_000_000_000_000n, lpIssued: 1n })),
    venues.tinymanPool('pool', 3n, { asset1Id: 10n, asset2Id: 0n, poolTokenId: 99n, asset1Reserves: 406_000_000_000n, asset2Reserves: 1_600_000_000_000n, issuedPoolTokens: 1n, totalFeeShare: 30n, protocolFeeRatio: 6n }),
  ],
}

function quote(kind: venues.RouteRequest['kind'], amount: bigint): SwapRoute {
  const q = quoteSwap(venues, BOOK, { kind, assetIn: 0n, assetOut: 10n, amount })
  if (!q.ok) throw new Error(q.failure.code)
  return q.route
}

describe('the route gain', () => {
  it('says how much more an exact input receives than on the best venue alone', () => {
    const route = quote('exact-in', 200_000_000_000n)
    expect(route.gain!.amount).toBeGreaterThan(0n)
    expect(routeGainText(route, ALGO, GUSD, impactLevel(route.priceImpactBps))).toMatch(/^You receive [\d.]+ gUSD \([\d.<]+%\) more than on (Grove|Tinyman v2-compatible \(local\)) alone$/)
  })

  it('says how much less an exact output pays, without a minus sign that reads as a loss', () => {
    const route = { ...quote('exact-out', 50_000_000_000n), gain: { amount: 1_157_425n, bps: 12, versus: 'Tinyman' } }
    expect(routeGainText(route, GUSD, ALGO, 'ok')).toBe('You pay 1.157425 gUSD (0.12%) less than on Tinyman alone')
  })

  it('shows none for a trade whose price impact refuses it, however large the gain', () => {
    const route = quote('exact-in', 100_000_000_000_000n)
    expect(route.gain!.amount).toBeGreaterThan(0n)
    expect(impactLevel(route.priceImpactBps)).toBe('blocked')
    expect(routeGainText(route, ALGO, GUSD, 'blocked')).toBeNull()
  })

  it('shows none when the route gains nothing over one venue', () => {
    const route = quote('exact-in', 1_000_000n)
    expect(routeGainText({ ...route, gain: null }, ALGO, GUSD, 'ok')).toBeNull()
    expect(routeGainText({ ...route, gain: { amount: 0n, bps: 0, versus: 'Grove' } }, ALGO, GUSD, 'ok')).toBeNull()
  })

  it('is the details’ route gain row, absent at a blocked impact', () => {
    const route = quote('exact-in', 200_000_000_000n)
    const props = { route, tokens: TOKENS, tokenIn: ALGO, tokenOut: GUSD, limit: 1n, networkFee: 3_000n, slippagePercent: 0.5 }
    const { rerender } = render(<TradeDetails {...props} impact="ok" />)
    expect(screen.getByTestId('route-gain')).toHaveTextContent(/^You receive .* more than on .* alone$/)
    rerender(<TradeDetails {...props} impact="blocked" />)
    expect(screen.queryByTestId('route-gain')).toBeNull()
  })
})
