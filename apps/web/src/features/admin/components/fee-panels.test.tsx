// The fee forms say what the contract would refuse in the SDK's one sentence (checkAdminAction
// reading FEE_BPS), rather than a range of their own.
import { checkAdminAction, FEE_BPS_RULE } from '@grove/sdk'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Pool } from '@/lib/tx/sdk.ts'
import { FeesPanel } from './fees-panel.tsx'
import { FeeTierPanel } from './fee-tier-panel.tsx'

const props = { disabled: false, onReview: vi.fn(), check: checkAdminAction }

describe('the fee forms check through the SDK’s admin rule', () => {
  it.each(['0', '101', '2.5'])('the default fee form refuses %s bps with the rule’s sentence', async (fee) => {
    render(<FeesPanel {...props} current={{ defaultFeeBps: 30, protocolFeeDivisor: 6 }} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'New default fee (bps)' }), fee)
    expect(screen.getByRole('alert')).toHaveTextContent(FEE_BPS_RULE)
    expect(screen.getByRole('button', { name: 'Review fees' })).toBeDisabled()
  })

  it('the default fee form takes 100 bps, the top of the range', async () => {
    render(<FeesPanel {...props} current={{ defaultFeeBps: 30, protocolFeeDivisor: 6 }} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'New default fee (bps)' }), '100')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Review fees' })).toBeEnabled()
  })

  it.each([
    ['1001', 'A fee tier is a whole number of bps from 1 to 1000'],
    ['0', 'A fee tier is a whole number of bps from 1 to 1000'],
    ['30', 'That fee tier is already on the menu'],
  ])('the fee tier form refuses %s bps in the SDK’s words', async (fee, sentence) => {
    const pool = { a: 0n, b: 7n, feeBps: 5n, tier: 5n, protocolFeeDivisor: 6n } as unknown as Pool
    render(<FeeTierPanel {...props} tiers={[1n, 5n, 30n, 100n]} pools={[pool]} tokens={new Map()} />)
    expect(screen.getByTestId('fee-tier-menu')).toHaveTextContent('1 bps')
    await userEvent.type(screen.getByRole('textbox', { name: 'New fee tier (bps)' }), fee)
    expect(screen.getByRole('alert')).toHaveTextContent(sentence)
    expect(screen.getByRole('button', { name: 'Review fee tier' })).toBeDisabled()
  })

  it('the fee tier form reviews a new tier as an addition to the menu', async () => {
    const onReview = vi.fn()
    render(<FeeTierPanel {...props} onReview={onReview} tiers={[1n, 5n, 30n, 100n]} pools={[]} tokens={new Map()} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'New fee tier (bps)' }), '1000')
    await userEvent.click(screen.getByRole('button', { name: 'Review fee tier' }))
    expect(onReview.mock.calls[0]![0]).toMatchObject({ action: { kind: 'addFeeTier', feeBps: 1000 } })
  })
})
