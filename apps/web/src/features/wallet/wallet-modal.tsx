import { useWallet, type Wallet } from '@txnlab/use-wallet-react'
import { useState } from 'react'
import { Modal } from '@/components/ui/modal.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { shortenAddress } from '@/lib/format.ts'
import { NETWORKS } from '@/lib/networks.ts'
import { useSettings } from '@/lib/settings.ts'
import { useWalletSession, walletSession } from '@/lib/wallet-session.ts'
import { AlgoBalance } from './algo-balance.tsx'
import { offeredWallets, walletIdOf } from './wallet-config.ts'
import { walletErrorMessage } from './wallet-errors.ts'

/** The wallet modal: the wallets offered on this network, and the connected wallet's accounts. */
export function WalletModal(props: { onClose(): void }) {
  const { wallets, activeWallet, activeAccount } = useWallet()
  const settings = useSettings()
  const session = useWalletSession()
  const network = NETWORKS[settings.network]
  const offered = new Set(offeredWallets(network).map(walletIdOf))
  const listed = wallets.filter((w) => offered.has(w.id))
  const [busy, setBusy] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  async function run(walletId: string, action: () => Promise<unknown>) {
    setBusy(walletId)
    walletSession.update({ error: null })
    try {
      await action()
    } catch (error) {
      walletSession.update({ error: walletErrorMessage(error, walletId) })
    } finally {
      setBusy(null)
    }
  }

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      walletSession.update({ error: 'Copying is blocked by the browser; select the address and copy it by hand.' })
    }
  }

  return (
    <Modal title={activeWallet ? 'Your wallet' : 'Connect a wallet'} onClose={props.onClose}>
      {session.error ? (
        <Notice tone="error" title="Wallet error">
          {session.error}
        </Notice>
      ) : null}

      {activeWallet && activeAccount ? (
        <section className="wallet-active" aria-label="Connected wallet">
          <p className="wallet-active__title">
            <img src={activeWallet.metadata.icon} alt="" width="24" height="24" /> Connected with {activeWallet.metadata.name}
          </p>
          <p className="wallet-active__balance">
            <AlgoBalance address={activeAccount.address} />
          </p>
          <fieldset className="account-list">
            <legend>Accounts</legend>
            {activeWallet.accounts.map((account) => (
              <label key={account.address} className="account-list__item">
                <input
                  type="radio"
                  name="active-account"
                  checked={account.address === activeAccount.address}
                  onChange={() => activeWallet.setActiveAccount(account.address)}
                />
                <span>
                  <span className="account-list__name">{account.name}</span>
                  <code title={account.address}>{shortenAddress(account.address, 6)}</code>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="button-row">
            <button type="button" className="button" onClick={() => void copy(activeAccount.address)}>
              {copied ? 'Copied' : 'Copy address'}
            </button>
            <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void run(activeWallet.id, () => activeWallet.disconnect())}>
              Disconnect
            </button>
          </div>
        </section>
      ) : null}

      <section aria-label="Wallets">
        <h3 className="wallet-list__heading">{activeWallet ? 'Other wallets' : `Wallets on ${network.name}`}</h3>
        <ul className="wallet-list">
          {listed.map((wallet) => (
            <WalletRow key={wallet.walletKey} wallet={wallet} busy={busy === wallet.id} disabled={busy !== null} onConnect={() => void run(wallet.id, () => wallet.connect())} onActivate={() => wallet.setActive()} />
          ))}
        </ul>
        {!network.isTestnet ? <p className="hint">KMD and Mnemonic wallets are offered on test networks only.</p> : null}
      </section>
    </Modal>
  )
}

function WalletRow(props: { wallet: Wallet; busy: boolean; disabled: boolean; onConnect(): void; onActivate(): void }) {
  const { wallet } = props
  const action = wallet.isActive ? 'Active' : wallet.isConnected ? 'Use' : props.busy ? 'Connecting…' : 'Connect'
  return (
    <li className="wallet-list__item" data-wallet={wallet.id}>
      <img src={wallet.metadata.icon} alt="" width="32" height="32" />
      <span className="wallet-list__name">{wallet.metadata.name}</span>
      <button
        type="button"
        className="button"
        aria-label={`${action} ${wallet.metadata.name}`}
        disabled={props.disabled || wallet.isActive}
        onClick={wallet.isConnected ? props.onActivate : props.onConnect}
      >
        {action}
      </button>
    </li>
  )
}
