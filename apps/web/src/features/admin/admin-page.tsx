import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'

const SECTIONS = [
  { title: 'Pause flags', text: 'Pause swaps, new pools or new staking programs. Withdrawals are never paused.' },
  { title: 'Fees', text: 'Set a pool’s fee between 1 and 100 basis points and the protocol’s share of it.' },
  { title: 'Verified tokens', text: 'Mark tokens and projects as verified so users can tell them from look-alikes.' },
  { title: 'Treasury and admin', text: 'Collect protocol fees to the treasury and hand the admin role over in two steps.' },
]

/** Protocol admin: only the registry's on-chain admin address may act; everyone else sees why not. */
export function AdminPage() {
  const { network, deployment } = useProtocol()
  return (
    <Page title="Admin" intro="Runs the protocol. Every action here is a transaction the registry contract checks against its admin address.">
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <ConnectPrompt reason="Connect the admin wallet to act." />
      {!deployment ? (
        <Notice title="No one can act here">There is no registry contract on {network.name}, so there is no admin address to check your wallet against.</Notice>
      ) : null}
      <div className="grid grid--2">
        {SECTIONS.map((s) => (
          <Panel key={s.title} title={s.title}>
            <p>{s.text}</p>
          </Panel>
        ))}
      </div>
    </Page>
  )
}
