import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page } from '@/components/ui/page.tsx'
import { actionButtonState } from '@/lib/action-button.ts'
import { accountBalanceQuery } from '@/lib/algod.ts'
import { formatAlgo } from '@/lib/format.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { slippagePercent, useSettings } from '@/lib/settings.ts'
import { useWalletSession, walletSession } from '@/lib/wallet-session.ts'

/** The swap page: pay ALGO or a token, receive another, at the pool's price within your slippage. */
export function SwapPage() {
  const { network, algod, deployment } = useProtocol()
  const settings = useSettings()
  const session = useWalletSession()
  // Only what the user typed is state; balance, button and messages are derived.
  const [amountIn, setAmountIn] = useState('')
  const payId = useId()
  const receiveId = useId()
  const address = session.activeAddress
  const balance = useQuery({ ...accountBalanceQuery(algod, address ?? ''), enabled: address !== null })
  const button = actionButtonState({
    connected: address !== null,
    networkOk: deployment !== null,
    amount: amountIn,
    balance: balance.data?.amount,
    decimals: 6,
    assetName: 'ALGO',
    actionLabel: 'Swap',
  })

  return (
    <Page title="Swap" intro="Trade tokens at the pool price. Output is rounded in the pool’s favour and protected by your slippage limit.">
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <ConnectPrompt reason="Connect a wallet to see your balances and swap." />
      <form className="card swap-form" onSubmit={(e) => e.preventDefault()} aria-label="Swap">
        <div className="field">
          <div className="field__row">
            <label htmlFor={payId}>You pay</label>
            <span className="hint">
              {address === null ? 'Not connected' : balance.data ? `Balance ${formatAlgo(balance.data.amount)}` : balance.isError ? 'Balance unavailable' : 'Loading balance…'}
            </span>
          </div>
          <div className="token-input">
            <input id={payId} inputMode="decimal" autoComplete="off" placeholder="0.0" value={amountIn} onChange={(e) => setAmountIn(e.target.value)} />
            <button type="button" className="button token-button" disabled title="Token selection needs Grove’s pools on this network">
              ALGO
            </button>
          </div>
        </div>
        <div className="field">
          <div className="field__row">
            <label htmlFor={receiveId}>You receive</label>
          </div>
          <div className="token-input">
            <input id={receiveId} readOnly placeholder="0.0" value="" aria-describedby={`${receiveId}-why`} />
            <button type="button" className="button token-button" disabled>
              Select token
            </button>
          </div>
          <p id={`${receiveId}-why`} className="hint">
            {deployment ? 'Choose the token to receive.' : 'There are no pools to trade against on this network.'}
          </p>
        </div>
        <dl className="details">
          <div>
            <dt>Slippage tolerance</dt>
            <dd>
              {slippagePercent(settings)}%{settings.slippage.mode === 'auto' ? ' (auto)' : ''}
            </dd>
          </div>
          <div>
            <dt>Valid for</dt>
            <dd>{settings.validityRounds} rounds</dd>
          </div>
        </dl>
        <button
          type={button.kind === 'connect' ? 'button' : 'submit'}
          className="button button--primary button--block"
          disabled={button.disabled}
          onClick={button.kind === 'connect' ? () => walletSession.openModal() : undefined}
        >
          {button.kind === 'wrong-network' ? 'Grove is not deployed on this network' : button.label}
        </button>
      </form>
    </Page>
  )
}
