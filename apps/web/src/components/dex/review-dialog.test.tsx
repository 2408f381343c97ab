import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { NetworkFeeRow, ReviewDialog, type QuotedChanges, type ReviewDialogProps, type SimulationState } from './review-dialog.tsx'

const props = (patch: Partial<ReviewDialogProps> = {}): ReviewDialogProps => ({
  title: 'Review deposit',
  confirmLabel: 'Confirm deposit',
  preparing: false,
  prepareError: null,
  busy: false,
  onConfirm: vi.fn(),
  onClose: vi.fn(),
  children: (
    <dl>
      <NetworkFeeRow fee={6_000n} estimated />
    </dl>
  ),
  ...patch,
})

describe('ReviewDialog', () => {
  it('gives the focus to its button once the group is built, if the focus had dropped to the page', () => {
    const { rerender } = render(<ReviewDialog {...props({ preparing: true })} />)
    expect(screen.getByRole('button', { name: 'Preparing the transaction…' })).toBeDisabled()
    ;(document.activeElement as HTMLElement).blur()
    rerender(<ReviewDialog {...props()} />)
    expect(screen.getByRole('button', { name: 'Confirm deposit' })).toHaveFocus()
  })

  it('leaves the focus where the user put it', () => {
    const { rerender } = render(<ReviewDialog {...props({ preparing: true })} />)
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    rerender(<ReviewDialog {...props()} />)
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
  })

  it('keeps a group it was asked to hold back from being signed', () => {
    render(<ReviewDialog {...props({ blocked: true })} />)
    expect(screen.getByRole('button', { name: 'Confirm deposit' })).toBeDisabled()
  })

  it('marks an estimated network fee as such', () => {
    render(<ReviewDialog {...props()} />)
    expect(screen.getByText('Network fee (estimated)')).toBeInTheDocument()
    expect(screen.getByTestId('network-fee')).toHaveTextContent('0.006 ALGO')
  })
})

const QUOTED: QuotedChanges = {
  changes: [
    { asset: 0n, amount: -10_000_000n },
    { asset: 1001n, amount: 2_490_000n, note: 'at least 2.48' },
  ],
  fee: 3_000n,
  asset: (id) => (id === 1001n ? { symbol: 'gUSD', decimals: 6 } : { symbol: `#${id}`, decimals: 0 }),
}
const simulation = (patch: Partial<SimulationState>): SimulationState => ({ pending: false, error: null, changes: null, ...patch })
const CHANGES = { address: 'ME', assets: new Map([[0n, -10_000_000n], [1001n, 2_491_234n], [77n, 5n]]), fee: 3_000n }

describe('ReviewDialog with a simulation', () => {
  it('says it is simulating and holds the Sign button back meanwhile', () => {
    render(<ReviewDialog {...props({ simulation: simulation({ pending: true }), quoted: QUOTED })} />)
    expect(screen.getByRole('status')).toHaveTextContent('Simulating the transaction on the network…')
    expect(screen.getByRole('button', { name: 'Simulating the transaction…' })).toBeDisabled()
    expect(screen.getByTestId('simulated-change-1001')).toHaveTextContent('gUSD+2.49 at least 2.48…')
  })

  it('says the group is still being built before it simulates', () => {
    render(<ReviewDialog {...props({ preparing: true, simulation: simulation({ pending: true }), quoted: QUOTED })} />)
    expect(screen.getByRole('status')).toHaveTextContent('Building the transaction…')
    expect(screen.getByRole('button', { name: 'Preparing the transaction…' })).toBeDisabled()
  })

  it('hides the last simulation while a fresh group is built', () => {
    render(<ReviewDialog {...props({ preparing: true, simulation: simulation({ changes: CHANGES }), quoted: QUOTED })} />)
    expect(screen.getByRole('status')).toHaveTextContent('Building the transaction…')
    expect(screen.getByTestId('simulated-change-1001')).not.toHaveAttribute('data-amount')
    expect(screen.getByTestId('simulated-fee')).not.toHaveAttribute('data-amount')
  })

  it('shows each simulated change beside the quote, the fee apart, and lets the group be signed', async () => {
    const onConfirm = vi.fn()
    render(<ReviewDialog {...props({ simulation: simulation({ changes: CHANGES }), quoted: QUOTED, onConfirm })} />)
    const rows = within(screen.getByTestId('simulated-changes')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'AssetQuotedSimulated',
      'ALGO−10−10',
      'gUSD+2.49 at least 2.48+2.491234',
      '#77—+5',
      'Network fee (ALGO)−0.003−0.003',
    ])
    expect(screen.getByTestId('simulated-change-1001')).toHaveAttribute('data-amount', '2491234')
    expect(screen.getByTestId('simulated-fee')).toHaveAttribute('data-amount', '3000')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm deposit' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('says in words why the group would fail and offers no Sign button', () => {
    render(<ReviewDialog {...props({ simulation: simulation({ error: 'The pool gives less than your minimum.' }), quoted: QUOTED })} />)
    expect(screen.getByRole('alert')).toHaveTextContent('The simulation says this transaction would fail: The pool gives less than your minimum.')
    expect(screen.queryByRole('button', { name: 'Confirm deposit' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled()
  })

  it('shows the build error alone when the group could not be built', () => {
    render(<ReviewDialog {...props({ prepareError: 'Not enough ALGO.', simulation: simulation({ pending: true }), quoted: QUOTED })} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough ALGO.')
    expect(screen.queryByTestId('simulated-changes')).toBeNull()
    expect(screen.getByRole('button', { name: 'Confirm deposit' })).toBeDisabled()
  })
})
