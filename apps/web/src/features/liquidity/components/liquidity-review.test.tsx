import * as sdk from '@grove/sdk'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Holdings } from '@/lib/account/account.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { deriveAdd, deriveRemove, positions } from '../derive-liquidity.ts'
import type { AddState } from '../liquidity-state.ts'
import { AddReview, RemoveReview, type ReviewState } from './liquidity-review.tsx'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const FERN: Token = { id: 1002, symbol: 'FERN', name: 'Fern', decimals: 2 }
const TOKENS = new Map([ALGO, GUSD, FERN].map((t) => [t.id, t]))
const pool = (b: number, reserveA: bigint, reserveB: bigint, lpIssued: bigint): Pool =>
  sdk.newPool(0, b, { reserveA, reserveB, lpAsset: 5000n + BigInt(b), lpIssued })
// 4,000 ALGO : 1,000 gUSD; the account holds 1% of it.
const ALGO_GUSD = pool(1001, 4_000_000_000n, 1_000_000_000n, 1_999_999_000n)
const HOLDINGS: Holdings = { algo: 100_000_000n, minBalance: 200_000n, assets: new Map([[1001, 20_000_000n], [1002, 100_000n], [6001, 20_000_000n]]) }

const addView = (state: Partial<AddState>, pools: Pool[] = [ALGO_GUSD]) =>
  deriveAdd({
    state: { first: 0, second: 1001, single: false, typed: 'a', textA: '', textB: '', feeBps: 30, ...state },
    sdk,
    pools,
    tokens: TOKENS,
    holdings: HOLDINGS,
    connected: true,
    deployed: true,
    slippageBps: 50,
  })

function reviewState(patch: Partial<ReviewState> = {}): ReviewState {
  return { fee: 5_000n, slippagePercent: 0.5, preparing: false, prepareError: null, busy: false, onConfirm: vi.fn(), onClose: vi.fn(), ...patch }
}

describe('AddReview', () => {
  it('shows both deposits, the LP back with its minimum, the share after and the built fee, then confirms', async () => {
    const state = reviewState()
    render(<AddReview {...state} view={addView({ textA: '10' })} single={false} />)
    const dialog = screen.getByRole('dialog', { name: 'Review deposit to ALGO/gUSD' })
    expect(within(dialog).getByTestId('review-deposit')).toHaveTextContent('10 ALGO and 2.5 gUSD')
    expect(within(dialog).getByTestId('review-lp')).toHaveTextContent('5 ALGO/gUSD LP')
    expect(within(dialog).getByTestId('review-min-lp')).toHaveTextContent('4.975')
    expect(within(dialog).getByTestId('review-share')).toHaveTextContent('0.2494%')
    expect(within(dialog).getByTestId('network-fee')).toHaveTextContent('0.005 ALGO')
    expect(within(dialog).queryByRole('list', { name: 'Creating a pool takes two signatures' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }))
    expect(state.onConfirm).toHaveBeenCalledTimes(1)
  })

  it('shows a single-sided deposit with the part swapped first', () => {
    render(<AddReview {...reviewState()} view={addView({ single: true, textA: '20' })} single />)
    expect(screen.getByTestId('review-deposit')).toHaveTextContent(/^20 ALGO$/)
    expect(screen.getByText('Swapped first')).toBeInTheDocument()
  })

  it('makes a new pool’s first signature step 1 of 2, with the creation deposit', () => {
    render(<AddReview {...reviewState()} view={addView({ second: 1002, textA: '10', textB: '250' })} single={false} poolDeposit={1_261_700n} />)
    const dialog = screen.getByRole('dialog', { name: 'Create the ALGO/FERN pool' })
    const steps = within(dialog).getByRole('list', { name: 'Creating a pool takes two signatures' })
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Step 1: Create pool', '2Step 2: Deposit'])
    expect(within(steps).getByText('Create pool').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(within(dialog).getByTestId('review-pool-deposit')).toHaveTextContent('1.2617 ALGO')
    expect(within(dialog).getByText('1 ALGO = 25 FERN')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Sign step 1: create pool' })).toBeEnabled()
  })

  it('marks step 1 done and asks for the deposit when the pool exists but is empty', () => {
    render(<AddReview {...reviewState()} view={addView({ second: 1002, textA: '10', textB: '250' }, [ALGO_GUSD, pool(1002, 0n, 0n, 0n)])} single={false} />)
    const steps = screen.getByRole('list', { name: 'Creating a pool takes two signatures' })
    expect(within(steps).getAllByRole('listitem')[0]).toHaveTextContent('Create pool (done)')
    expect(within(steps).getByText('Deposit').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(screen.queryByTestId('review-pool-deposit')).toBeNull()
    expect(screen.getByRole('button', { name: 'Sign step 2: deposit' })).toBeEnabled()
  })

  it('waits for the group before showing its fee or letting it be signed', () => {
    render(<AddReview {...reviewState({ fee: null, preparing: true })} view={addView({ textA: '10' })} single={false} />)
    expect(screen.getByTestId('network-fee')).toHaveTextContent('Calculating…')
    expect(screen.getByRole('button', { name: 'Preparing the transaction…' })).toBeDisabled()
  })

  it('says why the group cannot be sent and refuses to sign it', () => {
    render(<AddReview {...reviewState({ prepareError: 'You need 0.009 ALGO more to pay for this transaction and its network fee.' })} view={addView({ textA: '10' })} single={false} />)
    expect(screen.getByRole('alert')).toHaveTextContent('You need 0.009 ALGO more')
    expect(screen.getByRole('button', { name: 'Confirm deposit' })).toBeDisabled()
  })

  it('says the wallet is asking while it signs', () => {
    render(<AddReview {...reviewState({ busy: true })} view={addView({ textA: '10' })} single={false} />)
    expect(screen.getByRole('button', { name: 'Confirm in your wallet…' })).toBeDisabled()
  })
})

describe('RemoveReview', () => {
  it('shows the LP returned, what comes back with its minimums, the share left and the fee', async () => {
    const mine = positions(sdk, [ALGO_GUSD], HOLDINGS, TOKENS)
    const state = reviewState({ fee: 4_000n })
    render(<RemoveReview {...state} view={deriveRemove(sdk, { lpAsset: 6001, percent: 25 }, mine, true, true, 100)} percentOf={25} />)
    const dialog = screen.getByRole('dialog', { name: 'Review withdrawal from ALGO/gUSD' })
    expect(within(dialog).getByTestId('review-return')).toHaveTextContent('5 ALGO/gUSD LP (25%)')
    expect(within(dialog).getByTestId('review-receive')).toHaveTextContent('10 ALGO and 2.5 gUSD')
    expect(within(dialog).getByTestId('review-minimum')).toHaveTextContent('9.9 ALGO and 2.475 gUSD')
    expect(within(dialog).getByTestId('review-share')).toHaveTextContent('0.7519%')
    expect(within(dialog).getByTestId('network-fee')).toHaveTextContent('0.004 ALGO')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }))
    expect(state.onConfirm).toHaveBeenCalledTimes(1)
  })

  it('shows the simulated withdrawal beside the quote: LP out, both tokens in, the fee apart', () => {
    const mine = positions(sdk, [ALGO_GUSD], HOLDINGS, TOKENS)
    const changes = { address: 'ME', assets: new Map([[6001n, -5_000_000n], [0n, 10_000_000n], [1001n, 2_500_000n]]), fee: 4_000n }
    render(<RemoveReview {...reviewState({ fee: 4_000n, simulation: { pending: false, error: null, changes } })} view={deriveRemove(sdk, { lpAsset: 6001, percent: 25 }, mine, true, true, 100)} percentOf={25} />)
    const rows = within(screen.getByTestId('simulated-changes')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'AssetQuotedSimulated',
      'ALGO/gUSD LP−5−5',
      'ALGO+10 at least 9.9+10',
      'gUSD+2.5 at least 2.475+2.5',
      'Network fee (ALGO)−0.004−0.004',
    ])
    expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toBeEnabled()
  })
})

describe('AddReview with a simulation', () => {
  it('shows the deposits and the LP tokens the simulation reports', () => {
    const view = addView({ textA: '10' })
    const changes = { address: 'ME', assets: new Map([[0n, -10_000_000n], [1001n, -2_500_000n], [6001n, view.lp!]]), fee: 5_000n }
    render(<AddReview {...reviewState({ simulation: { pending: false, error: null, changes } })} view={view} single={false} />)
    expect(screen.getByTestId('simulated-change-6001')).toHaveTextContent(/^ALGO\/gUSD LP\+5 at least 4\.975\+5$/)
    expect(screen.getByTestId('simulated-change-1001')).toHaveAttribute('data-amount', '-2500000')
  })

  it('says it is simulating while it runs', () => {
    render(<AddReview {...reviewState({ simulation: { pending: true, error: null, changes: null } })} view={addView({ textA: '10' })} single={false} />)
    expect(screen.getByRole('status')).toHaveTextContent('Simulating the transaction on the network…')
    expect(screen.getByRole('button', { name: 'Simulating the transaction…' })).toBeDisabled()
  })

  it('says why the simulated deposit would fail and offers nothing to sign', () => {
    render(<AddReview {...reviewState({ simulation: { pending: false, error: 'The pool is paused.', changes: null } })} view={addView({ textA: '10' })} single={false} />)
    expect(screen.getByRole('alert')).toHaveTextContent('would fail: The pool is paused.')
    expect(screen.queryByRole('button', { name: /Confirm deposit|Simulating/ })).toBeNull()
  })
})
