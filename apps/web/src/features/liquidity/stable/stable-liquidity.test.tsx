import * as sdk from '@grove/sdk'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Holdings } from '@/lib/account/account.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { deriveStableAdd, deriveStableRemove, emptyStablePool, stablePositions, type StablePool } from './derive-stable.ts'
import { StableAddReview, StablePoolFacts, StableRemoveReview } from './stable-liquidity.tsx'
import { INITIAL_STABLE, type StableState } from './stable-state.ts'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const XUSD: Token = { id: 1003, symbol: 'xUSD', name: 'Other USD', decimals: 6 }
const TOKENS = new Map([ALGO, GUSD, XUSD].map((t) => [t.id, t]))
const NOW = 1_800_000_000n
const POOL: StablePool = { ...sdk.stable.quoteStableAdd(emptyStablePool(sdk, GUSD, XUSD, 5, 100n), 1_000_000_000n, 1_000_000_000n, NOW).after, lpAsset: 7001n }
const HOLDINGS: Holdings = { algo: 100_000_000n, minBalance: 200_000n, assets: new Map([[1001, 500_000_000n], [1003, 500_000_000n], [7001, 100_000_000n]]) }
const view = (patch: Partial<StableState>) => deriveStableAdd({ state: { ...INITIAL_STABLE, first: 1001, second: 1003, ...patch }, sdk, pools: [POOL], tokens: TOKENS, holdings: HOLDINGS, now: NOW, connected: true, deployed: true, slippageBps: 50 })
const review = { fee: 4_000n, slippagePercent: 0.5, preparing: false, prepareError: null, busy: false, onClose: vi.fn() }

describe('StableAddReview', () => {
  it('shows the imbalance fee the SDK computes and the LP it mints before signing, then confirms', async () => {
    const onConfirm = vi.fn()
    const v = view({ textA: '300', textB: '' })
    const q = sdk.stable.quoteStableAdd(POOL, 300_000_000n, 0n, NOW)
    render(<StableAddReview {...review} onConfirm={onConfirm} view={v} />)
    const dialog = screen.getByRole('dialog', { name: 'Review deposit to the gUSD/xUSD stable pool' })
    const fee = within(dialog).getByTestId('review-imbalance-fee')
    expect([fee.dataset.feeA, fee.dataset.feeB]).toEqual([String(q.imbalanceFeeA), String(q.imbalanceFeeB)])
    expect(fee).toHaveTextContent(`${sdk.formatAmount(q.imbalanceFeeA, 6, { thousands: true })} gUSD`)
    expect(within(dialog).getByTestId('review-lp')).toHaveTextContent(sdk.formatAmount(q.lp, 6, { thousands: true }))
    expect(within(dialog).getByTestId('network-fee')).toHaveTextContent('0.004 ALGO')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('makes a new pool’s creation step 1 of 2, with its A, fee tier and deposit', () => {
    const v = deriveStableAdd({ state: { ...INITIAL_STABLE, first: 1001, second: 1003, feeBps: 30, ampText: '250', textA: '10', textB: '10' }, sdk, pools: [POOL], tokens: TOKENS, holdings: HOLDINGS, now: NOW, connected: true, deployed: true, slippageBps: 50 })
    render(<StableAddReview {...review} onConfirm={vi.fn()} view={v} poolDeposit={1_218_100n} />)
    const dialog = screen.getByRole('dialog', { name: 'Create the gUSD/xUSD stable pool' })
    expect(within(dialog).getByTestId('review-amp')).toHaveTextContent('250')
    expect(within(dialog).getByTestId('review-pool-deposit')).toHaveTextContent('1.2181 ALGO')
    expect(within(dialog).getByRole('button', { name: 'Sign step 1: create pool' })).toBeEnabled()
  })
})

describe('StableRemoveReview', () => {
  it('shows both sides back in proportion, as the SDK quotes them', () => {
    const [position] = stablePositions([POOL], HOLDINGS, TOKENS)
    const v = deriveStableRemove(sdk, position!, 25, true, true, 100)
    const q = sdk.stable.quoteStableRemove(POOL, 25_000_000n)
    render(<StableRemoveReview {...review} onConfirm={vi.fn()} view={v} percent={25} />)
    expect(screen.getByTestId('review-return')).toHaveTextContent('25 gUSD/xUSD LP (25%)')
    expect(screen.getByTestId('review-receive')).toHaveTextContent(`${sdk.formatAmount(q.amountA, 6, { thousands: true })} gUSD`)
  })
})

describe('StablePoolFacts', () => {
  it('shows reserves, A with a ramp in progress and the fee', () => {
    const ramping = { ...POOL, initialA: 10_000n, futureA: 20_000n, initialTime: NOW - 50n, futureTime: NOW + 50n }
    render(<StablePoolFacts sdk={sdk} pool={ramping} tokens={[GUSD, XUSD]} now={NOW} userLp={0n} />)
    expect(screen.getByTestId('stable-reserves')).toHaveTextContent('1,000 gUSD 1,000 xUSD')
    expect(screen.getByTestId('stable-amp-now')).toHaveTextContent(/^150 \(ramping from 100 to 200 until /)
    expect(screen.getByTestId('stable-fee')).toHaveTextContent('0.05%')
  })
})
