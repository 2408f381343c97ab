import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ALGO } from '@/lib/tokens/tokens.ts'
import { NETWORKS } from '@/lib/networks.ts'
import { TokenSelector, type TokenOption } from './token-selector.tsx'

const USDC: TokenOption = { token: { id: 1001, symbol: 'gUSD', name: 'Grove Dollar', decimals: 6 }, verified: true, balance: 2_500_000n }
const FAKE: TokenOption = { token: { id: 1002, symbol: 'gUSD', name: 'Totally Grove Dollar', decimals: 2 }, verified: false }
const MOSS: TokenOption = { token: { id: 2042, symbol: 'MOSS', name: 'Moss Protocol', decimals: 0 }, verified: false, balance: 12n }
const OPTIONS = [MOSS, FAKE, USDC, { token: ALGO, verified: true, balance: 5_000_000n }]
/** Issuer powers: an unverified token with both, and a verified one with clawback (as USDC has). */
const CLAW: TokenOption = { token: { id: 3001, symbol: 'CLAW', name: 'Clawable', decimals: 6, clawback: 'ISSUER', freeze: 'ISSUER' }, verified: false }
const REAL: TokenOption = { token: { id: 3002, symbol: 'REAL', name: 'Verified with clawback', decimals: 6, clawback: 'ISSUER' }, verified: true }

function open(onSelect = vi.fn(), options = OPTIONS) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TokenSelector title="Receive" options={options} selectedId={0} network="localnet" algod={NETWORKS.localnet.algod} onPick={onSelect} onClose={vi.fn()} />
    </QueryClientProvider>,
  )
  return onSelect
}

const rows = () => within(screen.getByRole('list', { name: 'Tokens' })).getAllByRole('button')

describe('TokenSelector', () => {
  it('lists verified tokens first, then held ones, with badges and balances', () => {
    open()
    // Each row starts with its logo, whose letters are CSS content (decorative), so the text is the token's alone.
    expect(rows().map((r) => r.textContent)).toEqual(['ALGO✓Algorand 5', 'gUSD✓Grove Dollar #10012.5', 'MOSSMoss Protocol #204212', 'gUSDTotally Grove Dollar #1002'])
    expect(rows().map((r) => r.querySelector('[data-testid="token-logo"]')?.getAttribute('data-initials'))).toEqual(['Ⱥ', 'GU', 'MO', 'GU'])
    expect(within(rows()[1]!).getByLabelText('verified')).toBeInTheDocument()
    expect(within(rows()[3]!).queryByLabelText('verified')).toBeNull()
  })

  it('marks an unverified token whose issuer can claw back or freeze, and not a verified one', () => {
    open(vi.fn(), [CLAW, REAL, MOSS])
    const row = (symbol: string) => rows().find((r) => r.querySelector('.token-list__symbol')!.textContent!.startsWith(symbol))!
    expect(within(row('CLAW')).getByLabelText('issuer can claw back and freeze')).toHaveTextContent('⚠ clawback, freeze')
    expect(within(row('REAL')).queryByLabelText(/issuer can/)).toBeNull()
    expect(within(row('MOSS')).queryByLabelText(/issuer can/)).toBeNull()
  })

  it.each([
    ['a symbol, ignoring case', 'moss', ['MOSS']],
    ['a name', 'totally', ['gUSD']],
    ['an exact asset id', '2042', ['MOSS']],
  ])('finds tokens by %s', async (_what, query, symbols) => {
    open()
    await userEvent.type(screen.getByRole('searchbox'), query)
    expect(rows().map((r) => r.querySelector('.token-list__symbol')!.textContent)).toEqual(symbols)
  })

  it('says when nothing matches', async () => {
    open()
    await userEvent.type(screen.getByRole('searchbox'), 'nope')
    expect(screen.getByText('No token matches “nope”. Search by asset id to import one.')).toBeInTheDocument()
  })

  it('marks the current token and selects by keyboard', async () => {
    const onSelect = open()
    expect(rows()[0]).toHaveAttribute('aria-current', 'true')
    await userEvent.type(screen.getByRole('searchbox'), 'moss')
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith(MOSS.token.id)
  })
})
