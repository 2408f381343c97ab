// What the rest of the app knows about the wallet without loading use-wallet. The wallet
// feature loads the wallet SDKs on demand and publishes its state here, so pages can show
// "Connect a wallet" and ask for the wallet modal without pulling algosdk into their chunk.
import type { TransactionSigner } from 'algosdk'
import { useSyncExternalStore } from 'react'

/** One account of the connected wallet. */
export interface SessionAccount {
  name: string
  address: string
}

/** Snapshot of the wallet session as pages see it. */
export interface WalletSession {
  /** idle: wallet code not loaded; loading: being loaded; ready: use-wallet is running. */
  status: 'idle' | 'loading' | 'ready'
  walletName: string | null
  activeAddress: string | null
  accounts: SessionAccount[]
  /** The wallet modal is open (or asked to open before the wallet code has loaded). */
  modalOpen: boolean
  /** Last wallet error, in words a person understands; cleared on the next attempt. */
  error: string | null
  /** Signs for the active account through the connected wallet; null when none is connected. */
  signer: TransactionSigner | null
  /** Makes another account of the connected wallet the active one; null when no wallet is connected. */
  switchAccount: ((address: string) => void) | null
}

/** use-wallet's localStorage key; a stored active wallet means a session to resume on load. */
export const USE_WALLET_STORAGE_KEY = '@txnlab/use-wallet:v4'

const INITIAL: WalletSession = { status: 'idle', walletName: null, activeAddress: null, accounts: [], modalOpen: false, error: null, signer: null, switchAccount: null }

let state: WalletSession = INITIAL
const listeners = new Set<() => void>()

/** Store of the wallet session; the wallet feature writes it, everyone else reads it. */
export const walletSession = {
  get(): WalletSession {
    return state
  },
  update(patch: Partial<WalletSession>): void {
    state = { ...state, ...patch }
    for (const fn of listeners) fn()
  },
  /** Asks for the wallet modal; the wallet feature loads the SDKs if needed and opens it. */
  openModal(): void {
    walletSession.update({ modalOpen: true, error: null })
  },
  closeModal(): void {
    walletSession.update({ modalOpen: false })
  },
  reset(): void {
    state = INITIAL
    for (const fn of listeners) fn()
  },
  subscribe(fn: () => void): () => void {
    listeners.add(fn)
    return () => listeners.delete(fn)
  },
}

/** React binding of {@link walletSession}. */
export function useWalletSession(): WalletSession {
  return useSyncExternalStore(walletSession.subscribe, walletSession.get, walletSession.get)
}

/** True when use-wallet persisted an active wallet, i.e. a session should be resumed on load. */
export function hasPersistedWalletSession(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    const raw = storage?.getItem(USE_WALLET_STORAGE_KEY)
    if (!raw) return false
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { activeWallet?: unknown }).activeWallet === 'string'
  } catch {
    return false
  }
}

/** The wallet id of the persisted active session, if any. */
export function persistedActiveWallet(storage: Storage | undefined = globalThis.localStorage): string | null {
  if (!hasPersistedWalletSession(storage)) return null
  return (JSON.parse(storage!.getItem(USE_WALLET_STORAGE_KEY)!) as { activeWallet: string }).activeWallet
}
