import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ToastProvider, useToast, type ToastApi } from './index.ts'

/** Renders the provider and hands back the toast actions. */
function setup(): ToastApi {
  let api: ToastApi | undefined
  function Capture() {
    api = useToast()
    return null
  }
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  )
  return api!
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ToastProvider', () => {
  it('announces a pending transaction in a polite status region', () => {
    const toast = setup()
    act(() => void toast.pending('Swapping 1 ALGO for USDC'))
    const status = screen.getByRole('status')
    expect(status).toHaveAttribute('aria-live', 'polite')
    expect(status).toHaveTextContent('Waiting for confirmation')
    expect(status).toHaveTextContent('Swapping 1 ALGO for USDC')
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(status)
  })

  it('shows the round and an explorer link once confirmed', () => {
    const toast = setup()
    act(() => {
      const id = toast.pending('Swapping')
      toast.confirmed(id, { round: 1234n, txId: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', explorerUrl: 'https://lora.algokit.io/testnet/transaction/ABC' })
    })
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Transaction confirmed')
    expect(status).toHaveTextContent('Confirmed in round 1234')
    const link = screen.getByRole('link', { name: /View transaction/ })
    expect(link).toHaveAttribute('href', 'https://lora.algokit.io/testnet/transaction/ABC')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('shows the full transaction id with a copy button, without a link when the network has no explorer', () => {
    const toast = setup()
    act(() => toast.confirmed(toast.pending('Staking'), { round: 7, txId: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567' }))
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByTitle('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toHaveTextContent('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeInTheDocument()
  })

  it('turns a failure into an alert with a readable reason, never a stack', () => {
    const toast = setup()
    act(() => toast.failed(toast.pending('Swapping'), Object.assign(new Error('Transaction Request Rejected\n    at sign (pera.js:1:1)'), { code: 4001 })))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Transaction failed')
    expect(alert).toHaveTextContent('You cancelled the request in your wallet.')
    expect(alert).not.toHaveTextContent('pera.js')
  })

  it('keeps a reason given as text', () => {
    const toast = setup()
    act(() => toast.failed(toast.pending('Adding liquidity'), 'The pool is paused.'))
    expect(screen.getByRole('alert')).toHaveTextContent('The pool is paused.')
  })

  it('dismisses with the close button', async () => {
    const toast = setup()
    act(() => void toast.info('Copied address'))
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('dismisses the focused toast with Escape, from the keyboard alone', async () => {
    const user = userEvent.setup()
    const toast = setup()
    act(() => void toast.pending('Swapping'))
    await user.tab()
    expect(screen.getByRole('status')).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('dismisses from Escape on the close button too', () => {
    const toast = setup()
    act(() => void toast.info('Copied'))
    fireEvent.keyDown(screen.getByRole('button', { name: 'Dismiss notification' }), { key: 'Escape' })
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('closes info and confirmed toasts by themselves, but keeps pending and failed ones', () => {
    vi.useFakeTimers()
    const toast = setup()
    act(() => {
      toast.info('Copied')
      toast.pending('Waiting')
      toast.failed(toast.pending('Swap'), 'No route')
      toast.confirmed(toast.pending('Stake'), { round: 1, txId: 'T' })
    })
    expect(screen.getAllByRole('status')).toHaveLength(3)
    act(() => vi.advanceTimersByTime(6_000))
    expect(screen.queryByText('Copied')).toBeNull()
    act(() => vi.advanceTimersByTime(4_000))
    expect(screen.queryByText('Transaction confirmed')).toBeNull()
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('Waiting')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No route')
  })

  it('refuses useToast outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used inside a ToastProvider')
    spy.mockRestore()
  })

  it('gives stable actions across renders', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>
    const { result, rerender } = renderHook(() => useToast(), { wrapper })
    const first = result.current
    rerender()
    expect(result.current).toBe(first)
  })
})
