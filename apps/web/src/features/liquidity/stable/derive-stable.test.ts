import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { Holdings } from '@/lib/account/account.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { ampView, deriveStableAdd, deriveStableRemove, emptyStablePool, parseAmp, stableAddAction, stableDeliveredWords, stablePoolOf, stablePositions, stableRemoveAction, type StablePool } from './derive-stable.ts'
import { INITIAL_STABLE, type StableState } from './stable-state.ts'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const XUSD: Token = { id: 1003, symbol: 'xUSD', name: 'Other USD', decimals: 2 }
const TOKENS = new Map([ALGO, GUSD, XUSD].map((t) => [t.id, t]))
const NOW = 1_800_000_000n

// 1,000 gUSD : 1,000 xUSD at A = 100, 5 bps, opened by a first deposit the SDK quotes
function openPool(): StablePool {
  const empty = emptyStablePool(sdk, GUSD, XUSD, 5, 100n)
  const first = sdk.stable.quoteStableAdd(empty, 1_000_000_000n, 100_000n, NOW)
  return { ...first.after, lpAsset: 7001n }
}
const POOL = openPool()
const HOLDINGS: Holdings = { algo: 100_000_000n, minBalance: 200_000n, assets: new Map([[1001, 500_000_000n], [1003, 50_000n], [7001, POOL.lpIssued / 10n], [7002, 0n]]) }

const addView = (patch: Partial<StableState>, pools: StablePool[] = [POOL]) =>
  deriveStableAdd({ state: { ...INITIAL_STABLE, first: 1001, second: 1003, ...patch }, sdk, pools, tokens: TOKENS, holdings: HOLDINGS, now: NOW, connected: true, deployed: true, slippageBps: 50 })

describe('parseAmp', () => {
  it.each([
    ['1', 1n],
    ['100', 100n],
    ['1,000', 1000n],
    [' 250 ', 250n],
  ])('reads %j as A = %s', (text, amp) => {
    expect(parseAmp(text)).toEqual({ amp, error: null })
  })
  it.each([
    ['', 'Enter the amplifier A (1 to 1,000)'],
    ['0', 'A must be from 1 to 1,000'],
    ['1001', 'A must be from 1 to 1,000'],
    ['12.5', 'A must be a whole number from 1 to 1,000'],
    ['-3', 'A must be a whole number from 1 to 1,000'],
    ['abc', 'A must be a whole number from 1 to 1,000'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseAmp(text)).toEqual({ amp: null, error })
  })
})

describe('deriveStableAdd on an open pool', () => {
  it('shows the SDK’s imbalance fee and LP for an imbalanced add, in the pool’s order', () => {
    const view = addView({ textA: '100', textB: '0' })
    const q = sdk.stable.quoteStableAdd(POOL, 100_000_000n, 0n, NOW)
    expect(q.imbalanceFeeA + q.imbalanceFeeB).toBeGreaterThan(0n)
    expect([view.lp, view.imbalanceFeeA, view.imbalanceFeeB]).toEqual([q.lp, q.imbalanceFeeA, q.imbalanceFeeB])
    expect(view.minLp).toBe(sdk.minimumReceived(q.lp, 50n))
    expect(view.step).toBeNull()
    expect(view.button).toMatchObject({ kind: 'ready', label: 'Add liquidity' })
    expect(stableAddAction(view)).toEqual({ kind: 'add', pool: POOL, amountA: 100_000_000n, amountB: 0n, minLp: view.minLp })
  })

  it('keeps the pool’s order when the tokens are picked the other way round', () => {
    const view = addView({ first: 1003, second: 1001, textA: '5', textB: '20' })
    const q = sdk.stable.quoteStableAdd(POOL, 20_000_000n, 500n, NOW)
    expect([view.amountA, view.amountB, view.lp, view.imbalanceFeeA, view.imbalanceFeeB]).toEqual([20_000_000n, 500n, q.lp, q.imbalanceFeeA, q.imbalanceFeeB])
  })

  it('charges no imbalance fee for a proportional add', () => {
    const view = addView({ textA: '10', textB: '10' })
    expect([view.imbalanceFeeA, view.imbalanceFeeB]).toEqual([0n, 0n])
    expect(view.lp).toBe(sdk.stable.quoteStableAdd(POOL, 10_000_000n, 1_000n, NOW).lp)
  })

  it('says why what was typed cannot be deposited', () => {
    expect(addView({ textA: '1.1234567' }).message).toMatch(/decimal/i)
    expect(addView({ textA: '', textB: '' }).button).toMatchObject({ kind: 'enter-amount', disabled: true })
    expect(addView({ textA: '600' }).message).toBe('You do not have enough gUSD.')
    expect(addView({ first: 1001, second: 1001 }).button.disabled).toBe(true)
  })
})

describe('deriveStableAdd for a new pool', () => {
  it('asks for A and both amounts, and quotes the first deposit’s LP with the 1,000 units locked', () => {
    const view = addView({ feeBps: 30, textA: '100', textB: '100', ampText: '200' })
    expect(view.step).toBe('create')
    const q = sdk.stable.quoteStableAdd(emptyStablePool(sdk, GUSD, XUSD, 30, 200n), 100_000_000n, 10_000n, NOW)
    expect(view.lp).toBe(q.lp)
    expect(view.lockedPercent).toBeCloseTo((1000 / Number(q.lp + 1000n)) * 100, 5)
    expect(view.button).toMatchObject({ kind: 'ready', label: 'Create stable pool' })
    expect(stableAddAction(view)).toEqual({ kind: 'create-pool', a: 1001n, b: 1003n, feeBps: 30n, amp: 200n })
  })

  it.each([
    ['0', 'A must be from 1 to 1,000'],
    ['5000', 'A must be from 1 to 1,000'],
    ['1.5', 'A must be a whole number from 1 to 1,000'],
  ])('refuses A = %j: %s', (ampText, message) => {
    const view = addView({ feeBps: 30, textA: '100', textB: '100', ampText })
    expect(view.message).toBe(message)
    expect(view.button.disabled).toBe(true)
    expect(stableAddAction(view)).toBeNull()
  })

  it('needs both tokens for the first deposit', () => {
    const view = addView({ feeBps: 30, textA: '100', textB: '' })
    expect(view.button).toMatchObject({ kind: 'enter-amount', disabled: true })
  })

  it('moves on to the first deposit once the pool exists, empty', () => {
    const empty = { ...emptyStablePool(sdk, GUSD, XUSD, 30, 100n), lpAsset: 7002n }
    const view = addView({ feeBps: 30, textA: '1', textB: '1' }, [POOL, empty])
    expect(view.step).toBe('deposit')
    expect(view.button.label).toBe('Make the first deposit')
    expect(stableAddAction(view)).toMatchObject({ kind: 'add', amountA: 1_000_000n, amountB: 100n })
  })

  it('words a first deposit too small to mint past the locked units in the SDK’s sentence', () => {
    const view = addView({ first: 0, second: 1001, feeBps: 30, textA: '0.000001', textB: '0.000001', ampText: '100' })
    expect(view.message).toBe(sdk.contractErrorMessage('Stable', 'ERR:LOCKED_LIQUIDITY'))
  })
})

describe('deriveStableRemove', () => {
  it('returns both sides in proportion, the SDK’s quote, with their minimums', () => {
    const [position] = stablePositions([POOL], HOLDINGS, TOKENS)
    const view = deriveStableRemove(sdk, position!, 50, true, true, 100)
    const q = sdk.stable.quoteStableRemove(POOL, POOL.lpIssued / 20n)
    expect([view.lp, view.amountA, view.amountB]).toEqual([POOL.lpIssued / 20n, q.amountA, q.amountB])
    expect([view.minA, view.minB]).toEqual([sdk.minimumReceived(q.amountA, 100n), sdk.minimumReceived(q.amountB, 100n)])
    expect(stableRemoveAction(view)).toEqual({ kind: 'remove', pool: POOL, lp: view.lp, minA: view.minA, minB: view.minB })
  })

  it('asks for a share when the account holds none', () => {
    expect(deriveStableRemove(sdk, null, 50, true, true, 100).button).toMatchObject({ kind: 'select-token', disabled: true })
  })
})

describe('stable pools', () => {
  it('finds a pool by pair and tier in either order', () => {
    expect(stablePoolOf([POOL], 1003, 1001, 5)).toBe(POOL)
    expect(stablePoolOf([POOL], 1001, 1003, 30)).toBeNull()
  })

  it('quotes nothing until the chain’s clock is read (A moves with it), and says so', () => {
    const view = deriveStableAdd({ state: { ...INITIAL_STABLE, first: 1001, second: 1003, textA: '1' }, sdk, pools: [POOL], tokens: TOKENS, holdings: HOLDINGS, now: null, connected: true, deployed: true, slippageBps: 50 })
    expect(view.lp).toBeNull()
    expect(view.message).toBe('Reading the chain’s clock…')
  })

  it('shows A now and a ramp in progress', () => {
    expect(ampView(sdk, POOL, NOW)).toEqual({ now: 100, ramp: null })
    const ramping = { ...POOL, initialA: 10_000n, futureA: 20_000n, initialTime: NOW - 50n, futureTime: NOW + 50n }
    expect(ampView(sdk, ramping, NOW)).toMatchObject({ now: 150, ramp: { from: 100, to: 200 } })
  })

  it('states what algod delivered in the toast', () => {
    const delivered = { address: 'ME', assets: new Map([[1001n, -100_000_000n], [7001n, 99_000_000n]]), fee: 5_000n }
    expect(stableDeliveredWords('add', delivered, GUSD, XUSD, 7001n, 'gUSD/xUSD')).toBe('Added 100 gUSD to gUSD/xUSD: received 99 gUSD/xUSD LP')
    const back = { address: 'ME', assets: new Map([[7001n, -10_000_000n], [1001n, 5_000_000n], [1003n, 500n]]), fee: 3_000n }
    expect(stableDeliveredWords('remove', back, GUSD, XUSD, 7001n, 'gUSD/xUSD')).toBe('Withdrew 5 gUSD and 5 xUSD from gUSD/xUSD for 10 gUSD/xUSD LP')
  })
})

describe('deriveStableAdd without the LP token', () => {
  it('asks the account to opt in to the pool’s LP token first (the app pays LP to holders only)', () => {
    const holdings: Holdings = { ...HOLDINGS, assets: new Map([[1001, 500_000_000n], [1003, 50_000n]]) }
    const view = deriveStableAdd({ state: { ...INITIAL_STABLE, first: 1001, second: 1003, textA: '1' }, sdk, pools: [POOL], tokens: TOKENS, holdings, now: NOW, connected: true, deployed: true, slippageBps: 50 })
    expect(view.button).toEqual({ kind: 'opt-in', label: 'Opt in to gUSD/xUSD LP', disabled: false })
    expect(stableAddAction(view)).toBeNull()
  })
})
