import { useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { EmptyTable } from '@/components/ui/empty-table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'

type Mode = 'add' | 'remove'

/** Liquidity: your pool shares, add liquidity (including to a new pool) and remove it. */
export function SharesPage() {
  const { network, deployment } = useProtocol()
  const session = useWalletSession()
  const [mode, setMode] = useState<Mode>('add')
  const blocked = !deployment ? 'Grove is not deployed on this network' : !session.activeAddress ? 'Connect a wallet' : null

  return (
    <Page title="Liquidity" intro="Deposit two tokens in a pool to earn its trading fees. Your share is an LP token you can withdraw at any time, pro rata." wide>
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <ConnectPrompt reason="Connect a wallet to see your pool shares." />
      <div className="grid grid--2">
        <Panel title="Your pool shares">
          <EmptyTable
            columns={['Pool', 'Your LP tokens', 'Share of pool', 'Pooled tokens']}
            text={!deployment ? `No pools on ${network.name}.` : !session.activeAddress ? 'Connect a wallet to see your shares.' : 'You hold no pool shares.'}
          />
        </Panel>
        <Panel
          title={mode === 'add' ? 'Add liquidity' : 'Remove liquidity'}
          actions={
            <div role="tablist" aria-label="Liquidity action" className="segmented">
              <button type="button" role="tab" aria-selected={mode === 'add'} className={mode === 'add' ? 'active' : ''} onClick={() => setMode('add')}>
                Add
              </button>
              <button type="button" role="tab" aria-selected={mode === 'remove'} className={mode === 'remove' ? 'active' : ''} onClick={() => setMode('remove')}>
                Remove
              </button>
            </div>
          }
        >
          {mode === 'add' ? (
            <form className="stack" onSubmit={(e) => e.preventDefault()}>
              <p className="hint">Pick two tokens. If no pool exists for the pair, you create it and set its first price.</p>
              <div className="token-input">
                <input aria-label="First token amount" inputMode="decimal" placeholder="0.0" disabled={blocked !== null} />
                <button type="button" className="button token-button" disabled>
                  ALGO
                </button>
              </div>
              <div className="token-input">
                <input aria-label="Second token amount" inputMode="decimal" placeholder="0.0" disabled={blocked !== null} />
                <button type="button" className="button token-button" disabled>
                  Select token
                </button>
              </div>
              <button type="submit" className="button button--primary button--block" disabled>
                {blocked ?? 'Select a token'}
              </button>
            </form>
          ) : (
            <form className="stack" onSubmit={(e) => e.preventDefault()}>
              <p className="hint">Withdraw your share of a pool’s reserves by returning LP tokens.</p>
              <select aria-label="Pool" disabled value="">
                <option value="">{deployment ? 'Choose a pool share' : 'No pools on this network'}</option>
              </select>
              <button type="submit" className="button button--primary button--block" disabled>
                {blocked ?? 'Choose a pool share'}
              </button>
            </form>
          )}
        </Panel>
      </div>
    </Page>
  )
}
