import * as sdk from '@grove/sdk'
import * as venues from '@grove/sdk/venues'
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import type { Holdings } from '@/lib/account/account.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { deriveSwap, impactLevel, IMPACT_TOO_HIGH, NO_ROUTE, type SwapInputs, type SwapRouter } from './derive-swap.ts'
import { quoteSwap } from './route-view.ts'
import type { SwapState } from './swap-state.ts'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove Dollar', decimals: 6 }
const MOSS: Token = { id: 2042, symbol: 'MOSS', name: 'Moss', decimals: 0 }
const LONELY: Token = { id: 3000, symbol: 'LONE', name: 'No pools', decimals: 2 }
const TOKENS = new Map([ALGO, GUSD, MOSS, LONELY].map((t) => [t.id, t]))

const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint): Pool =>
  sdk.newPool(a, b, { reserveA, reserveB, lpAsset: 9000n + BigInt(b), lpIssued: 1_000_000n })
// 1,000,000 ALGO : 250,000 gUSD, and 100,000 gUSD : 50,000,000 MOSS.
const POOLS = [pool(0, 1001, 1_000_000_000_000n, 250_000_000_000n), pool(1001, 2042, 100_000_000_000n, 50_000_000n)]
// Grove alone as the router's venue (quoting reads no node: an unreachable algod is enough)
const GROVE = venues.groveVenue({ algod: new algosdk.Algodv2('', 'http://127.0.0.1', 9), dexAppId: 1n, registryAppId: 2n }) as unknown as venues.Venue
const routerOf = (pools: Pool[]): SwapRouter => {
  const book = { venues: new Map([['grove' as const, GROVE]]), pools: pools.map(venues.grovePool) }
  return { quote: (request) => quoteSwap(venues, book, request), labels: ['Grove'] }
}
const HOLDINGS: Holdings = { algo: 5_000_000n, minBalance: 300_000n, assets: new Map([[1001, 40_000_000n], [2042, 0n]]) }

const state = (patch: Partial<SwapState>): SwapState => ({ tokenIn: 0, tokenOut: 1001, side: 'in', text: '1', ...patch })
const derive = (s: Partial<SwapState>, patch: Partial<SwapInputs> = {}) =>
  deriveSwap({ state: state(s), tokens: TOKENS, sdk, router: routerOf(POOLS), holdings: HOLDINGS, connected: true, deployed: true, slippageBps: 50, ...patch })

describe('deriveSwap', () => {
  it.each<[string, Partial<SwapState>, Partial<SwapInputs>, string, boolean]>([
    ['asks to connect first', {}, { connected: false, holdings: undefined }, 'Connect wallet', false],
    ['asks for the token to receive', { tokenOut: null }, {}, 'Select a token', true],
    ['asks for an amount', { text: '' }, {}, 'Enter an amount', true],
    ['asks for a valid amount when the text cannot be read (the field says why)', { text: '1.1234567' }, {}, 'Enter a valid amount', true],
    ['refuses more ALGO than the account can spend after its minimum balance and fees', { text: '4.698' }, {}, 'Insufficient ALGO balance', true],
    ['allows what is left after the minimum balance and fees', { text: '4.697' }, {}, 'Review swap', false],
    ['refuses more of an asset than held', { tokenIn: 1001, tokenOut: 0, text: '40.000001' }, {}, 'Insufficient gUSD balance', true],
    ['says when no pool connects the pair', { tokenOut: 3000 }, {}, NO_ROUTE, true],
    ['offers to opt in to the asset received', {}, { holdings: { ...HOLDINGS, assets: new Map() } }, 'Opt in to gUSD', false],
  ])('%s', (_name, s, patch, label, disabled) => {
    const view = derive(s, patch)
    expect(view.button.label).toBe(label)
    expect(view.button.disabled).toBe(disabled)
  })

  it('quotes exact in with the minimum received at the slippage', () => {
    const view = derive({ text: '100' }, { holdings: { ...HOLDINGS, algo: 200_000_000n } })
    // fee ⌈100e6·30/1e4⌉ = 300,000; out ⌊250e9·99.7e6 / (1e12 + 99.7e6)⌋ = 24,922,515.
    expect(view.textOut).toBe('24.922515')
    expect(view.limit).toBe(24_797_902n)
    expect(view.route?.hops.map((h) => [h.assetIn, h.assetOut])).toEqual([[0n, 1001n]])
    expect(view.networkFee).toBe(3_000n)
    expect(view.impact).toBe('ok')
    expect(view.message).toBeNull()
  })

  it('routes ALGO to MOSS through gUSD in two hops', () => {
    const view = derive({ tokenOut: 2042, text: '40' }, { holdings: { ...HOLDINGS, algo: 100_000_000n } })
    expect(view.route?.hops.map((h) => [h.assetIn, h.assetOut])).toEqual([
      [0n, 1001n],
      [1001n, 2042n],
    ])
    expect(view.textOut).toBe(String(view.route!.amountOut))
    expect(view.button.label).toBe('Review swap')
  })

  it('quotes exact out: what to pay, and the most sold at the slippage', () => {
    const view = derive({ side: 'out', text: '1' })
    expect(view.textOut).toBe('1')
    expect(view.route?.exactOut).toBe(1_000_000n)
    expect(view.textIn).toBe(sdk.formatAmount(view.route!.amountIn, 6))
    expect(view.limit).toBe(sdk.maximumSold(view.route!.amountIn, 50n))
    expect(view.limit! > view.route!.amountIn).toBe(true)
  })

  it('blocks a trade with 15% or more price impact and says why', () => {
    const view = derive({ tokenIn: 1001, tokenOut: 2042, text: '30000' }, { holdings: { ...HOLDINGS, assets: new Map([[1001, 100_000_000_000n], [2042, 0n]]) } })
    expect(view.impact).toBe('blocked')
    expect(view.button.label).toBe(IMPACT_TOO_HIGH)
    expect(view.message).toBe('This trade would move the price by 15% or more. Trade a smaller amount.')
  })

  it('says insufficient balance, not price impact, for more than the user holds', () => {
    // 30,000 gUSD against a 25,020 balance would also move the price by more than 15%.
    const view = derive({ tokenIn: 1001, tokenOut: 2042, text: '30000' }, { holdings: { ...HOLDINGS, assets: new Map([[1001, 25_020_000_000n], [2042, 0n]]) } })
    expect(view.impact).toBe('blocked')
    expect(view.button.label).toBe('Insufficient gUSD balance')
    expect(view.message).toBe('You do not have enough gUSD.')
  })

  it('explains a missing ALGO balance with the minimum balance', () => {
    expect(derive({ text: '5' }).message).toBe('You do not have enough ALGO: your account must keep 0.3 ALGO and pay the network fee.')
  })

  it.each<[string, Partial<SwapState>]>([
    ['names the asset and its decimals when too many are typed', { text: '1.1234567' }],
    ['reads the typed side with its own decimals', { side: 'out', tokenOut: 2042, text: '1.5' }],
  ])('%s, once: in the field, not again under the form', (_name, s) => {
    const view = derive(s)
    const error = s.side === 'out' ? 'Too many decimals: MOSS has 0' : 'Too many decimals: ALGO has 6'
    expect(view.fieldError).toBe(error)
    expect(view.message).toBeNull()
    expect(view.button.label).not.toContain('decimals')
    expect(view.searching).toBe(false)
  })

  it('says an exact output beyond the pools is short of liquidity, not of the user’s ALGO', () => {
    // the ALGO/gUSD pool holds 250,000 gUSD; the account holds 5 ALGO
    const view = derive({ side: 'out', text: '300000' })
    expect(view.route).toBeNull()
    expect(view.button.label).toBe(NO_ROUTE)
    expect(view.message).toBe('Not enough liquidity: the pools connecting ALGO and gUSD on Grove hold less than 300000 gUSD to give.')
  })

  it('still says insufficient balance for an exact output the pools can give but the user cannot pay', () => {
    const view = derive({ side: 'out', text: '100' })
    expect(view.button.label).toBe('Insufficient ALGO balance')
  })

  it.each(['0', '0.000', '.0'])('does not look for a price for an amount of %s', (text) => {
    for (const sdkLoaded of [true, false]) {
      const view = derive({ text }, sdkLoaded ? {} : { sdk: null })
      expect(view.searching).toBe(false)
    }
    expect(derive({ text: '0' }).button.label).toBe('Enter an amount')
  })

  it('looks for a price while the SDK or the pools load, for a positive amount', () => {
    expect(derive({ text: '1' }, { sdk: null }).searching).toBe(true)
    expect(derive({ text: '1' }, { router: null }).searching).toBe(true)
    expect(derive({ text: '1' }).searching).toBe(false)
  })

  it('shows no quote and no message while the SDK loads', () => {
    const view = derive({ text: '100' }, { sdk: null })
    expect(view.route).toBeNull()
    expect(view.textOut).toBe('')
    expect(view.message).toBeNull()
  })
})

describe('impactLevel', () => {
  it.each([
    [0, 'ok'],
    [99.9, 'ok'],
    [100, 'low'],
    [300, 'medium'],
    [500, 'high'],
    [999, 'high'],
    [1000, 'confirm'],
    [1499, 'confirm'],
    [1500, 'blocked'],
  ])('rates %d bps as %s', (bps, level) => {
    expect(impactLevel(bps)).toBe(level)
  })
})
