import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NetworkFeeRow, ReviewDialog, type ReviewDialogProps } from './review-dialog.tsx'

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
