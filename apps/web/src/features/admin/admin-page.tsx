// The admin page: who runs the protocol, and one panel per setting it can change (components/*-panel.tsx),
// each checked by the SDK's admin rule before its review.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useMarket } from '@/lib/pools/market.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { registryQuery, sameAccount } from '@/lib/registry/registry.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { acceptAdminReview, type AdminReview } from './admin-actions.ts'
import { AdminLogPanel } from './components/admin-log.tsx'
import { AdminReviewDialog } from './components/admin-review.tsx'
import { PausePanel } from './components/pause-panel.tsx'
import { FeesPanel } from './components/fees-panel.tsx'
import { TreasuryPanel } from './components/treasury-panel.tsx'
import { FeeTierPanel } from './components/fee-tier-panel.tsx'
import { withReader } from '@/lib/tx/sdk.ts'
import { algodKey } from '@/lib/algod.ts'
import { VerifiedTokensPanel } from './components/verified-tokens-panel.tsx'
import { ProjectsPanel } from './components/projects-panel.tsx'
import { TransferPanel } from './components/transfer-panel.tsx'
import { StableRampPanel } from './components/stable-ramp-panel.tsx'
import './admin.css'
import { shortenAddress } from '@/lib/format.ts'

/** Protocol admin: only the registry's on-chain admin may act; everyone else sees who it is and why they cannot. */
export function AdminPage() {
  const { network, algod, deployment } = useProtocol()
  const session = useWalletSession()
  const address = session.activeAddress
  const market = useMarket(algod, deployment, address)
  const registry = useQuery({ ...registryQuery(algod, deployment?.registryAppId ?? 0), enabled: deployment !== null })
  const [review, setReview] = useState<AdminReview | null>(null)
  const tiers = useQuery({
    queryKey: [...algodKey(algod), 'fee-tiers', deployment?.dexAppId ?? 0],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.dexContract.readers.feeTiers(r)),
    enabled: deployment !== null,
  })
  const state = market.sdk && registry.data ? market.sdk.registryState(registry.data) : null
  const isAdmin = registry.data ? sameAccount(registry.data.admin, address) : false
  const isPending = registry.data?.pendingAdmin ? sameAccount(registry.data.pendingAdmin, address) : false
  // The wallet may hold the admin (or the proposed admin) as another of its accounts (kmd's third account on the localnet).
  const held = (bytes: Uint8Array | null | undefined) => (bytes ? session.accounts.find((a) => a.address !== address && sameAccount(bytes, a.address)) : undefined)
  const adminHere = isAdmin ? undefined : held(registry.data?.admin)
  const pendingHere = isAdmin || isPending || adminHere ? undefined : held(registry.data?.pendingAdmin)
  const switchTo = adminHere ?? pendingHere

  return (
    <Page title="Admin" intro="Runs the protocol. Every action here is a transaction the registry contract checks against its admin address.">
      {deployment ? null : <NotDeployed networkName={network.name} needs="The admin page" />}
      {!deployment ? (
        <Notice title="No one can act here">There is no registry contract on {network.name}, so there is no admin address to check your wallet against.</Notice>
      ) : registry.error ? (
        <Notice tone="error" title="Registry unavailable">
          {registry.error.message}
        </Notice>
      ) : !state || !registry.data ? (
        <p className="hint" role="status">
          Reading the registry…
        </p>
      ) : (
        <>
          <Panel title="Who runs the protocol">
            <dl className="admin-facts">
              <div>
                <dt>Admin</dt>
                <dd>
                  <code className="address" data-testid="admin-address">
                    {state.admin}
                  </code>
                </dd>
              </div>
              <div>
                <dt>Proposed admin</dt>
                <dd data-testid="pending-admin">{state.pendingAdmin ? <code className="address">{state.pendingAdmin}</code> : 'none'}</dd>
              </div>
            </dl>
            {isAdmin ? (
              <p className="admin-role" role="status">
                You are signed in as the protocol admin.
              </p>
            ) : null}
          </Panel>
          {isAdmin ? null : (
            <>
              <ConnectPrompt reason="Connect the admin wallet to act." />
              {switchTo && session.switchAccount ? (
                <Notice
                  tone="info"
                  title={adminHere ? 'Your wallet holds the admin account' : 'Your wallet holds the proposed admin'}
                  action={
                    <button type="button" className="button button--primary" onClick={() => session.switchAccount!(switchTo.address)}>
                      Switch to {switchTo.name || shortenAddress(switchTo.address)}
                    </button>
                  }
                >
                  {adminHere ? 'The admin is another account of the wallet you connected.' : 'The proposed admin is another account of the wallet you connected: switch to it to accept the role.'} Switch to it to act
                  here; you can switch back from the wallet menu.
                </Notice>
              ) : null}
              {address ? (
                <Notice tone="warning" title="You cannot act here">
                  Only the admin address above can change the protocol: the registry contract refuses any other sender. You are connected as <code className="address">{address}</code>
                  {isPending ? '; you are the proposed admin, so you can accept the role below.' : '.'}
                </Notice>
              ) : null}
            </>
          )}
          {isPending && state.pendingAdmin ? (
            <Panel title="Accept the admin role">
              <p>The admin proposed your account as the next admin. Accepting makes you the admin at once; the current admin can no longer act.</p>
              <button type="button" className="button button--primary" onClick={() => setReview(acceptAdminReview(state.admin, state.pendingAdmin!))}>
                Accept the admin role
              </button>
            </Panel>
          ) : null}
          <PausePanel paused={registry.data.paused} disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
          <div className="grid grid--2">
            <FeesPanel current={state} disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
            <TreasuryPanel treasury={state.treasury} disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
          </div>
          <FeeTierPanel tiers={tiers.data} pools={market.pools ?? []} tokens={market.tokens} disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
          <StableRampPanel disabled={!isAdmin} onReview={setReview} sdk={market.sdk} tokens={market.tokens} />
          <VerifiedTokensPanel verified={market.verified} disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
          <ProjectsPanel disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
          <TransferPanel admin={state.admin} pending={state.pendingAdmin} disabled={!isAdmin} onReview={setReview} check={market.sdk!.checkAdminAction} />
          <AdminLogPanel tokens={market.tokens} />
        </>
      )}
      {review ? <AdminReviewDialog review={review} sdk={market.sdk} onClose={() => setReview(null)} /> : null}
    </Page>
  )
}
