import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { Holdings } from '@/lib/dex/holdings.ts'
import type { Pool } from '@/lib/dex/sdk.ts'
import { ALGO, type Token } from '@/lib/dex/tokens.ts'
import { deriveAdd, deriveRemove, positions, type AddInputs } from './derive-liquidity.ts'
import type { AddState } from './liquidity-state.ts'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const FERN: Token = { id: 1002, symbol: 'FERN', name: 'Fern', decimals: 2 }
const TOKENS = new Map([ALGO, GUSD, FERN].map((t) => [t.id, t]))

const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint, lpIssued: bigint): Pool => ({
  a: BigInt(a),
  b: BigInt(b),
  reserveA,
  reserveB,
  lpAsset: 5000n + BigInt(b),
  lpIssued,
  feeBps: 30n,
  protocolFeeDivisor: 6n,
  protocolFeesA: 0n,
  protocolFeesB: 0n,
  cumulativePriceA: 0n,
  cumulativePriceB: 0n,
  lastUpdate: 0n,
})
// 4,000 ALGO : 1,000 gUSD with 1,999,000 LP issued (2,000,000 supply with the locked 1,000).
const ALGO_GUSD = pool(0, 1001, 4_000_000_000n, 1_000_000_000n, 1_999_999_000n)
const POOLS = [ALGO_GUSD]
const HOLDINGS: Holdings = { algo: 100_000_000n, minBalance: 200_000n, assets: new Map([[1001, 20_000_000n], [1002, 100_000n], [6001, 20_000_000n]]) }

const add = (state: Partial<AddState>, patch: Partial<AddInputs> = {}) =>
  deriveAdd({
    state: { first: 0, second: 1001, single: false, typed: 'a', textA: '', textB: '', ...state },
    sdk,
    pools: POOLS,
    tokens: TOKENS,
    holdings: HOLDINGS,
    connected: true,
    deployed: true,
    slippageBps: 50,
    ...patch,
  })

describe('deriveAdd', () => {
  it('fills the other side at the pool ratio, rounded up as the contract takes it', () => {
    const view = add({ textA: '10' })
    expect(view.textB).toBe('2.5')
    expect([view.amountA, view.amountB]).toEqual([10_000_000n, 2_500_000n])
    // ⌊10,000,000 · 2,000,000,000 / 4,000,000,000⌋ LP.
    expect(view.lp).toBe(5_000_000n)
    expect(view.minLp).toBe(4_975_000n)
    expect(view.button.label).toBe('Add liquidity')
  })

  it('works from the second field too, whichever order the pair was picked in', () => {
    const view = add({ first: 1001, second: 0, typed: 'a', textA: '1' })
    expect(view.textB).toBe('4')
    expect(view.lp).toBe(2_000_000n)
  })

  it('creates a pool for a pair without one, with LP = √(a·b) − 1000', () => {
    const view = add({ second: 1002, textA: '10', textB: '250' })
    expect(view.creating).toBe(true)
    expect(view.lp).toBe(sdk.isqrt(10_000_000n * 25_000n) - 1000n)
    expect(view.sharePercent).toBe(100)
    expect(view.button.label).toBe('Create pool')
  })

  it('refuses a zap into a pool that does not exist yet', () => {
    expect(add({ second: 1002, single: true, textA: '10' }).button.label).toBe('A new pool needs both tokens: its first deposit sets the price')
  })

  it('quotes a single-sided add with the part the pool swaps first', () => {
    const view = add({ single: true, textA: '20' })
    expect(view.swapAmount! > 9_000_000n && view.swapAmount! < 11_000_000n).toBe(true)
    const quote = sdk.zap(ALGO_GUSD, 0n, 20_000_000n)
    if (!quote.ok) throw new Error(quote.error)
    expect([view.lp, view.swapAmount]).toEqual([quote.lp, quote.swapAmount])
    expect(view.button.label).toBe('Add ALGO only')
  })

  it.each<[string, Partial<AddState>, Partial<AddInputs>, string]>([
    ['asks for the second token', { second: null, textA: '1' }, {}, 'Select a token'],
    ['names the decimals of the token typed', { second: 1002, textA: '1', textB: '0.001' }, {}, 'Too many decimals: FERN has 2'],
    ['refuses more of a token than held', { textA: '90' }, {}, 'Insufficient gUSD balance'],
    // 2.45 gUSD needs 9.8 ALGO; 10 ALGO less 0.2 minimum balance and 0.006 fees leaves 9.794.
    ['keeps ALGO for the minimum balance and fees', { first: 1001, second: 0, textA: '2.45' }, { holdings: { ...HOLDINGS, algo: 10_000_000n } }, 'Insufficient ALGO balance'],
    ['allows what is left after the minimum balance and fees', { first: 1001, second: 0, textA: '2.4485' }, { holdings: { ...HOLDINGS, algo: 10_000_000n } }, 'Add liquidity'],
  ])('%s', (_name, state, patch, label) => {
    expect(add(state, patch).button.label).toBe(label)
  })
})

describe('positions and deriveRemove', () => {
  const mine = positions(sdk, POOLS, HOLDINGS, TOKENS)

  it('lists the pools whose LP token the account holds, with share, amounts and ALGO value', () => {
    expect(mine).toHaveLength(1)
    const [p] = mine
    expect(p!.lp).toBe(20_000_000n)
    expect(p!.sharePercent).toBe(1)
    expect([p!.amountA, p!.amountB]).toEqual([40_000_000n, 10_000_000n])
    // 40 ALGO plus 10 gUSD at 4 ALGO per gUSD.
    expect(p!.valueAlgo).toBe(80_000_000n)
  })

  it('previews a percentage of the position, rounded down, with minimums at the slippage', () => {
    const view = deriveRemove(sdk, { lpAsset: 6001, percent: 25 }, mine, true, true, 100)
    expect(view.lp).toBe(5_000_000n)
    expect([view.amountA, view.amountB]).toEqual([10_000_000n, 2_500_000n])
    expect([view.minA, view.minB]).toEqual([9_900_000n, 2_475_000n])
    expect(view.button.label).toBe('Remove liquidity')
  })

  it('returns every LP unit at 100%', () => {
    expect(deriveRemove(sdk, { lpAsset: 6001, percent: 100 }, mine, true, true, 50).lp).toBe(20_000_000n)
  })

  it('asks for a position when none is chosen', () => {
    expect(deriveRemove(sdk, { lpAsset: null, percent: 50 }, mine, true, true, 50).button.label).toBe('Choose a pool share')
  })
})
