import { lazy, Suspense, useEffect, useState } from 'react'
import { shortenAddress } from '@/lib/format.ts'
import { hasPersistedWalletSession, useWalletSession, walletSession } from '@/lib/wallet-session.ts'
import { AlgoBalance } from './algo-balance.tsx'

// use-wallet, algosdk and the wallet SDKs: loaded on first need, never on a plain page view, after
// the Buffer global the wallet SDKs expect.
const WalletRuntime = lazy(() =>
  import('@/polyfills.ts')
    .then(() => import('./wallet-runtime.tsx'))
    .then((m) => ({ default: m.WalletRuntime })),
)

/** Header wallet control: "Connect wallet", or the active account with its ALGO balance. */
export function WalletWidget() {
  const session = useWalletSession()
  const [load, setLoad] = useState(() => hasPersistedWalletSession())
  if (!load && session.modalOpen) setLoad(true)
  useEffect(() => {
    if (load && walletSession.get().status === 'idle') walletSession.update({ status: 'loading' })
  }, [load])

  return (
    <div className="wallet-widget">
      {session.activeAddress ? (
        <button type="button" className="button wallet-widget__account" onClick={() => walletSession.openModal()} title={session.activeAddress}>
          <span className="wallet-widget__address">{shortenAddress(session.activeAddress)}</span>
          <AlgoBalance address={session.activeAddress} compact />
        </button>
      ) : (
        <button type="button" className="button button--primary" onClick={() => walletSession.openModal()} disabled={session.modalOpen && session.status !== 'ready'}>
          {session.modalOpen && session.status !== 'ready' ? 'Loading wallets…' : 'Connect wallet'}
        </button>
      )}
      {session.error && !session.modalOpen ? (
        <div className="wallet-widget__error" role="alert">
          <span>{session.error}</span>
          <button type="button" className="button button--ghost" aria-label="Dismiss wallet error" onClick={() => walletSession.update({ error: null })}>
            ✕
          </button>
        </div>
      ) : null}
      {load ? (
        <Suspense fallback={null}>
          <WalletRuntime />
        </Suspense>
      ) : null}
    </div>
  )
}
