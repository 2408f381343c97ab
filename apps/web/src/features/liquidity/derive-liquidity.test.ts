import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { Holdings } from '@/lib/account/account.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { addAction, algoShortfall, deriveAdd, deriveRemove, positions, removeAction, type AddInputs } from './derive-liquidity.ts'
import type { AddState } from './liquidity-state.ts'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const FERN: Token = { id: 1002, symbol: 'FERN', name: 'Fern', decimals: 2 }
const MOSS: Token = { id: 1003, symbol: 'MOSS', name: 'Moss', decimals: 4 }
const ACORN: Token = { id: 1004, symbol: 'ACORN', name: 'Acorn', decimals: 0 }
const TOKENS = new Map([ALGO, GUSD, FERN, MOSS, ACORN].map((t) => [t.id, t]))

const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint, lpIssued: bigint): Pool =>
  sdk.newPool(a, b, { reserveA, reserveB, lpAsset: 5000n + BigInt(b), lpIssued })
// 4,000 ALGO : 1,000 gUSD with 1,999,000 LP issued (2,000,000 supply with the locked 1,000).
const ALGO_GUSD = pool(0, 1001, 4_000_000_000n, 1_000_000_000n, 1_999_999_000n)
const POOLS = [ALGO_GUSD]
const HOLDINGS: Holdings = { algo: 100_000_000n, minBalance: 200_000n, assets: new Map([[1001, 20_000_000n], [1002, 100_000n], [1003, 10_000_000n], [1004, 1_000n], [6001, 20_000_000n]]) }

const add = (state: Partial<AddState>, patch: Partial<AddInputs> = {}) =>
  deriveAdd({
    state: { first: 0, second: 1001, single: false, typed: 'a', textA: '', textB: '', feeBps: 30, ...state },
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
    // the redeemable share: 499,000 of the 500,000 LP, the other 1,000 locked forever
    expect(view.sharePercent).toBe(99.8)
    expect(view.locked).toEqual({ amountA: 20_000n, amountB: 50n, sharePercent: 0.2 })
    expect(view.button.label).toBe('Create pool')
  })

  it('says how much of a small first deposit the locked minimum liquidity holds (MOSS 4 decimals / ACORN 0)', () => {
    // 100 MOSS + 50 ACORN: √(1,000,000 · 50) = 7,071 LP, of which 1,000 are locked: 85.8577% redeemable
    const view = add({ first: 1003, second: 1004, textA: '100', textB: '50' })
    expect(view.lp).toBe(6_071n)
    expect(view.sharePercent).toBeCloseTo(85.8577, 4)
    expect(view.locked!.amountA).toBe((1_000_000n * 1000n) / 7_071n)
    expect(view.locked!.amountB).toBe((50n * 1000n) / 7_071n)
    expect(view.locked!.sharePercent).toBeCloseTo(14.1423, 4)
  })

  it('marks a new pool as two steps: create first, when no pool exists', () => {
    const view = add({ second: 1002, textA: '10', textB: '250' })
    expect(view.step).toBe('create')
    expect(addAction(view, false)).toEqual({ kind: 'create', x: 0, y: 1002, feeBps: 30 })
    // ALGO/gUSD has a 30 bps pool: in the 5 bps tier it is a new pool, created in that tier
    const fivePool = add({ feeBps: 5, textA: '10', textB: '2' })
    expect([fivePool.step, fivePool.pool]).toEqual(['create', null])
    expect(addAction(fivePool, false)).toEqual({ kind: 'create', x: 0, y: 1001, feeBps: 5 })
    expect(add({ feeBps: 30 }).pool).toBe(ALGO_GUSD)
  })

  it('resumes at the deposit when the pool exists but is empty', () => {
    const empty = pool(0, 1002, 0n, 0n, 0n)
    const view = add({ second: 1002, textA: '10', textB: '250' }, { pools: [...POOLS, empty] })
    expect([view.creating, view.step]).toEqual([true, 'deposit'])
    expect(view.button.label).toBe('Deposit and set the price')
    expect(view.lp).toBe(sdk.isqrt(10_000_000n * 25_000n) - 1000n)
    expect(addAction(view, false)).toEqual({ kind: 'add', pool: empty, x: 0, amountX: 10_000_000n, amountY: 25_000n, minLp: view.minLp })
  })

  it('reserves the new pool’s minimum balance only while the pool is still to be created', () => {
    // 10 ALGO held: 9.5 ALGO fits beside fees and the minimum balance, not beside the creation deposit too.
    const holdings = { ...HOLDINGS, algo: 10_000_000n }
    expect(add({ second: 1002, textA: '9.5', textB: '1' }, { holdings }).button.label).toBe('Insufficient ALGO balance')
    expect(add({ second: 1002, textA: '9.5', textB: '1' }, { holdings, pools: [...POOLS, pool(0, 1002, 0n, 0n, 0n)] }).button.label).toBe('Deposit and set the price')
  })

  it('builds no group until the form is ready', () => {
    expect(addAction(add({ textA: '' }), false)).toBeNull()
    expect(addAction(add({ textA: '90' }), false)).toBeNull()
  })

  it('builds an add to the pool in the order the tokens were picked, and a zap for one token', () => {
    expect(addAction(add({ first: 1001, second: 0, textA: '1' }), false)).toMatchObject({ kind: 'add', pool: ALGO_GUSD, x: 1001, amountX: 1_000_000n, amountY: 4_000_000n })
    const zap = add({ single: true, textA: '20' })
    expect(addAction(zap, true)).toEqual({ kind: 'zap', pool: ALGO_GUSD, assetIn: 0, amount: 20_000_000n, swapAmount: zap.swapAmount, minLp: zap.minLp })
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

  it('shows the share left after the withdrawal and builds the remove group', () => {
    const view = deriveRemove(sdk, { lpAsset: 6001, percent: 25 }, mine, true, true, 100)
    // 15,000,000 of 1,995,000,000 LP (2,000,000,000 with the locked 1,000 less the 5,000,000 returned).
    expect(view.shareAfter).toBeCloseTo((15_000_000 / 1_995_000_000) * 100, 5)
    expect(removeAction(view)).toEqual({ kind: 'remove', pool: ALGO_GUSD, lp: 5_000_000n, minA: 9_900_000n, minB: 2_475_000n })
    expect(removeAction(deriveRemove(sdk, { lpAsset: null, percent: 25 }, mine, true, true, 100))).toBeNull()
  })

  it('asks for a position when none is chosen', () => {
    expect(deriveRemove(sdk, { lpAsset: null, percent: 50 }, mine, true, true, 50).button.label).toBe('Choose a pool share')
  })
})

describe('algoShortfall', () => {
  const holdings: Holdings = { algo: 10_000_000n, minBalance: 200_000n, assets: new Map() }

  it.each<[string, Parameters<typeof algoShortfall>[0], bigint | undefined, string | null]>([
    ['passes an ALGO deposit that the spendable balance covers with its fee', { kind: 'add', pool: ALGO_GUSD, x: 0, amountX: 9_790_000n, amountY: 1n, minLp: 1n }, undefined, null],
    ['says how much ALGO a deposit lacks once the built fee is known', { kind: 'add', pool: ALGO_GUSD, x: 1001, amountX: 1n, amountY: 9_799_000n, minLp: 1n }, undefined, 'You need 0.009 ALGO more to pay for this transaction and its network fee.'],
    ['counts a new pool’s minimum balance', { kind: 'create', x: 0, y: 1002, feeBps: 30 }, 9_795_000n, 'You need 0.005 ALGO more to pay for this transaction and its network fee.'],
    ['needs only the fee to withdraw', { kind: 'remove', pool: ALGO_GUSD, lp: 1n, minA: 0n, minB: 0n }, undefined, null],
  ])('%s', (_name, action, poolDeposit, words) => {
    expect(algoShortfall(action, 10_000n, poolDeposit, holdings)).toBe(words)
  })
})
