import { useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'

/** Stake GROVE for sGROVE, whose value grows as protocol fees are bought back into the vault. */
export function StakePage() {
  const { network, deployment } = useProtocol()
  const session = useWalletSession()
  const [mode, setMode] = useState<'stake' | 'unstake'>('stake')
  const [amount, setAmount] = useState('')
  const from = mode === 'stake' ? 'GROVE' : 'sGROVE'
  const blocked = !deployment ? 'Grove is not deployed on this network' : !session.activeAddress ? 'Connect a wallet' : null

  return (
    <Page title="Stake GROVE" intro="Stake GROVE to receive sGROVE. Protocol fees buy GROVE into the vault, so each sGROVE redeems for more GROVE over time.">
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <ConnectPrompt reason="Connect a wallet to stake GROVE." />
      <div className="grid grid--2">
        <Panel
          title={mode === 'stake' ? 'Stake' : 'Unstake'}
          actions={
            <div role="tablist" aria-label="Stake or unstake" className="segmented">
              <button type="button" role="tab" aria-selected={mode === 'stake'} className={mode === 'stake' ? 'active' : ''} onClick={() => setMode('stake')}>
                Stake
              </button>
              <button type="button" role="tab" aria-selected={mode === 'unstake'} className={mode === 'unstake' ? 'active' : ''} onClick={() => setMode('unstake')}>
                Unstake
              </button>
            </div>
          }
        >
          <form className="stack" onSubmit={(e) => e.preventDefault()}>
            <label className="field">
              <span>Amount of {from}</span>
              <input inputMode="decimal" placeholder="0.0" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={blocked !== null} />
            </label>
            <button type="submit" className="button button--primary button--block" disabled>
              {blocked ?? (amount.trim() ? (mode === 'stake' ? 'Stake' : 'Unstake') : 'Enter an amount')}
            </button>
          </form>
        </Panel>
        <Panel title="Vault">
          <dl className="details">
            <div>
              <dt>Exchange rate</dt>
              <dd>{deployment ? 'Read from the vault' : 'Not deployed'}</dd>
            </div>
            <div>
              <dt>Your sGROVE</dt>
              <dd>{!session.activeAddress ? 'Not connected' : deployment ? 'Read from your account' : 'Not deployed'}</dd>
            </div>
          </dl>
          <p className="hint">Anyone may trigger a buyback; it is bounded by the pool’s time-weighted price, so it cannot be sandwiched.</p>
        </Panel>
      </div>
    </Page>
  )
}
