// The part of the wallet feature that loads use-wallet and the wallet SDKs. It is a lazy
// chunk: the widget loads it when the user opens the wallet modal or a session is stored.
import { WalletManager, WalletProvider, useWallet } from '@txnlab/use-wallet-react'
import type { TransactionSigner } from 'algosdk'
import { useEffect, useMemo, useRef } from 'react'
import { persistedActiveWallet, useWalletSession, walletSession } from '@/lib/wallet-session.ts'
import { effectiveAlgod, useSettings, type Settings } from '@/lib/settings.ts'
import { walletManagerConfig } from './wallet-config.ts'
import { walletErrorMessage } from './wallet-errors.ts'
import { WalletModal } from './wallet-modal.tsx'

function createManager(settings: Settings): WalletManager {
  const manager = new WalletManager(walletManagerConfig(settings, persistedActiveWallet()))
  // WalletProvider calls resumeSessions() without handling its rejection; a refused resume
  // (a Mnemonic session on mainnet, an unreachable kmd) must reach the user instead.
  const resume = manager.resumeSessions.bind(manager)
  manager.resumeSessions = () =>
    resume().catch((error: unknown) => {
      walletSession.update({ error: walletErrorMessage(error, manager.activeWallet?.id) })
    })
  return manager
}

/** Publishes use-wallet's state to the app-wide wallet session store. */
function SessionBridge() {
  const { activeWallet, activeAccount, activeWalletAccounts, isReady, transactionSigner } = useWallet()
  // useWallet returns a new signer function on every render; publishing that would loop, so
  // pages get one stable signer that calls the latest.
  const latest = useRef(transactionSigner)
  useEffect(() => {
    latest.current = transactionSigner
  }, [transactionSigner])
  const signer = useMemo<TransactionSigner>(() => (group, indexes) => latest.current(group, indexes), [])
  useEffect(() => {
    walletSession.update({
      status: 'ready',
      walletName: activeWallet?.metadata.name ?? null,
      activeAddress: activeAccount?.address ?? null,
      accounts: (activeWalletAccounts ?? []).map((a) => ({ name: a.name, address: a.address })),
      signer: activeAccount ? signer : null,
      switchAccount: activeWallet ? (address: string) => activeWallet.setActiveAccount(address) : null,
    })
  }, [activeWallet, activeAccount, activeWalletAccounts, isReady, signer])
  return null
}

/** use-wallet for the current network settings, the session bridge and the wallet modal. */
export function WalletRuntime() {
  const settings = useSettings()
  const session = useWalletSession()
  const algod = effectiveAlgod(settings)
  // A new network, algod or log level means a new manager; it resumes the stored sessions.
  const key = `${settings.network}|${algod.server}|${algod.port}|${algod.token}|${settings.debug}`
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` captures every setting the manager reads
  const manager = useMemo(() => createManager(settings), [key])
  return (
    <WalletProvider key={key} manager={manager}>
      <SessionBridge />
      {session.modalOpen ? <WalletModal onClose={() => walletSession.closeModal()} /> : null}
    </WalletProvider>
  )
}
