import * as sdk from '@grove/sdk'
import type { Lock } from '@grove/sdk'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LockCard } from './lock-tab.tsx'

const NOW = 1_800_000_000n
const VEST = { symbol: 'VEST', decimals: 2 }
const lock = (patch: Partial<Lock> = {}): Lock => ({ id: 3n, owner: 'A'.repeat(58), asset: 7n, amount: 1000n, withdrawn: 0n, start: NOW - 100n, cliff: NOW + 100n, end: NOW + 1100n, anchor: NOW + 100n, base: 0n, liquidity: false, creator: 'A'.repeat(58), ...patch })

describe('LockCard', () => {
  it('before the cliff: nothing withdrawable, the button disabled and why in words', () => {
    render(<LockCard lock={lock()} token={VEST} sdk={sdk} now={NOW} onAction={() => {}} />)
    const card = screen.getByRole('article', { name: 'Lock 3' })
    expect(within(card).getByTestId('withdrawable').textContent).toBe('0 VEST')
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeDisabled()
    expect(within(card).getByText('Nothing has vested yet.')).toBeInTheDocument()
  })

  it('halfway through vesting: half withdrawable, and the keyboard reaches each action', async () => {
    const onAction = vi.fn()
    render(<LockCard lock={lock()} token={VEST} sdk={sdk} now={NOW + 600n} onAction={onAction} />)
    expect(screen.getByTestId('withdrawable').textContent).toBe('5 VEST')
    const user = userEvent.setup()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Withdraw' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.tab()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(onAction.mock.calls).toEqual([['withdraw'], ['top-up']])
  })

  it('offers to cancel a pending transfer and names the proposed owner', () => {
    render(<LockCard lock={lock({ pendingOwner: 'B'.repeat(58) })} token={VEST} sdk={sdk} now={NOW} onAction={() => {}} />)
    expect(screen.getByRole('button', { name: 'Cancel transfer' })).toBeInTheDocument()
    expect(screen.getByText('B'.repeat(58))).toBeInTheDocument()
  })

  it('a fully withdrawn lock offers only closing, and says the deposit comes back', async () => {
    const onAction = vi.fn()
    render(<LockCard lock={lock({ withdrawn: 1000n })} token={VEST} sdk={sdk} now={NOW + 2000n} onAction={onAction} />)
    const card = screen.getByRole('article', { name: 'Lock 3' })
    expect(within(card).getByText('Withdrawn', { selector: '.badge' })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Transfer' })).toBeNull()
    expect(within(card).getByTestId('close-hint').textContent).toBe('Everything has been withdrawn. Close the lock to get its 0.1015 ALGO deposit back.')
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Close lock' }))
    expect(onAction.mock.calls).toEqual([['close']])
  })

  it('names the creator as the refund’s receiver when the lock was transferred', () => {
    render(<LockCard lock={lock({ withdrawn: 1000n, creator: 'C'.repeat(58) })} token={VEST} sdk={sdk} now={NOW + 2000n} onAction={() => {}} />)
    expect(screen.getByTestId('close-hint').textContent).toContain('(to the account that made it)')
  })
})
