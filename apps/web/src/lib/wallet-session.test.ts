import { describe, expect, it } from 'vitest'
import { hasPersistedWalletSession, persistedActiveWallet, USE_WALLET_STORAGE_KEY, walletSession } from './wallet-session.ts'

describe('persisted wallet session detection', () => {
  it.each([
    ['nothing stored', null, null],
    ['an active wallet', JSON.stringify({ activeWallet: 'pera', wallets: {} }), 'pera'],
    ['no active wallet', JSON.stringify({ activeWallet: null, wallets: {} }), null],
    ['corrupt JSON', '{"activeWallet":', null],
    ['a non-object', '"pera"', null],
  ])('with %s finds %j', (_name, stored, expected) => {
    if (stored !== null) localStorage.setItem(USE_WALLET_STORAGE_KEY, stored)
    expect(persistedActiveWallet(localStorage)).toBe(expected)
    expect(hasPersistedWalletSession(localStorage)).toBe(expected !== null)
  })
})

describe('walletSession', () => {
  it('opens the modal on request, clearing the last error, and notifies subscribers', () => {
    walletSession.reset()
    walletSession.update({ error: 'old' })
    let calls = 0
    const stop = walletSession.subscribe(() => calls++)
    walletSession.openModal()
    expect(walletSession.get()).toMatchObject({ modalOpen: true, error: null })
    walletSession.closeModal()
    expect(walletSession.get().modalOpen).toBe(false)
    stop()
    walletSession.openModal()
    expect(calls).toBe(2)
    walletSession.reset()
  })
})
