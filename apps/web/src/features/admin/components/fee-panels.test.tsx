// The fee forms say what the contract would refuse in the SDK's one sentence (checkAdminAction
// reading FEE_BPS), rather than a range of their own.
import { checkAdminAction, FEE_BPS_RULE } from '@grove/sdk'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Pool } from '@/lib/tx/sdk.ts'
import { FeesPanel } from './fees-panel.tsx'
import { PoolFeePanel } from './pool-fee-panel.tsx'

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

  it('a pool’s fee form refuses 101 bps with the same sentence', async () => {
    const pool = { a: 0n, b: 7n, feeBps: 30n, protocolFeeDivisor: 6n } as unknown as Pool
    render(<PoolFeePanel {...props} pools={[pool]} tokens={new Map()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Change fee' }))
    await userEvent.type(screen.getByRole('textbox', { name: /New fee of/ }), '101')
    expect(screen.getByRole('alert')).toHaveTextContent(FEE_BPS_RULE)
  })
})
