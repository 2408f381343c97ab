import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { NewPoolNotice } from './new-pool-notice.tsx'

const PLAIN: Token = { id: 1001, symbol: 'PLN', name: 'Plain', decimals: 6 }
const FROZEN: Token = { id: 1002, symbol: 'FRZ', name: 'Freezable', decimals: 6, freeze: 'ISSUER' }
const CLAW: Token = { id: 1003, symbol: 'CLW', name: 'Clawable', decimals: 6, clawback: 'ISSUER' }

describe('NewPoolNotice', () => {
  const cases = [
    { name: 'warns about a freezable token when creating its pool', step: 'create' as const, b: FROZEN, verified: [0], warned: ['FRZ (#1002)'] },
    { name: 'warns about a clawback token at the deposit step', step: 'deposit' as const, b: CLAW, verified: [0], warned: ['CLW (#1003)'] },
    { name: 'does not warn when the registry verified the token', step: 'create' as const, b: CLAW, verified: [0, 1003], warned: [] },
    { name: 'does not warn about a token without powers', step: 'create' as const, b: PLAIN, verified: [0], warned: [] },
  ]
  for (const c of cases) {
    it(c.name, () => {
      render(<NewPoolNotice view={{ tokenA: ALGO, tokenB: c.b, step: c.step }} verified={new Set(c.verified)} />)
      expect(screen.getByText(c.step === 'create' ? /You are creating the ALGO\/.* pool/ : /pool exists but is empty/)).toBeInTheDocument()
      const warning = screen.queryByTestId('issuer-warning')
      if (c.warned.length === 0) return expect(warning).toBeNull()
      for (const who of c.warned) expect(within(warning!).getByText(`${who} is not verified and its issuer keeps control of it`)).toBeInTheDocument()
    })
  }

  it('shows nothing outside pool creation', () => {
    const { container } = render(<NewPoolNotice view={{ tokenA: ALGO, tokenB: CLAW, step: null }} verified={new Set([0])} />)
    expect(container).toBeEmptyDOMElement()
  })
})
