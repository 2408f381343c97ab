import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Modal } from './modal.tsx'

describe('Modal', () => {
  it('focuses its first control, traps Tab inside and closes on Escape', async () => {
    const onClose = vi.fn()
    render(
      <>
        <button type="button">outside</button>
        <Modal title="Connect a wallet" onClose={onClose}>
          <button type="button">Pera</button>
        </Modal>
      </>,
    )
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Pera' })).toHaveFocus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await userEvent.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Pera' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('brings focus that fell out of the dialog back in on Tab', async () => {
    render(
      <>
        <button type="button">outside</button>
        <Modal title="Review" onClose={vi.fn()}>
          <button type="button">Confirm</button>
        </Modal>
      </>,
    )
    // What a button disabled under the focus does: the focus drops to the page.
    ;(document.activeElement as HTMLElement).blur()
    expect(document.activeElement).toBe(document.body)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    ;(document.activeElement as HTMLElement).blur()
    await userEvent.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus()
  })
})
