import { useId, useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { EmptyTable } from '@/components/ui/empty-table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'

/** Lifecycle filter of staking programs. */
export type ProgramStatus = 'active' | 'upcoming' | 'ended' | 'all'

const STATUSES: { id: ProgramStatus; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'ended', label: 'Ended' },
  { id: 'all', label: 'All' },
]

/** The list page shared by farms (LP stake) and staking pools (single token): search, filters, table. */
export function ProgramBrowser(props: { kind: 'farm' | 'pool'; title: string; intro: string; searchLabel: string; columns: string[] }) {
  const { network, deployment } = useProtocol()
  const session = useWalletSession()
  // Kept in component state: the page stays mounted (keep-alive), so this survives leaving the page.
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<ProgramStatus>('active')
  const [mine, setMine] = useState(false)
  const searchId = useId()
  const noun = props.kind === 'farm' ? 'farms' : 'staking pools'
  const emptyText = !deployment
    ? `No ${noun} on ${network.name}.`
    : search.trim()
      ? `No ${noun} match “${search.trim()}”.`
      : `No ${status === 'all' ? '' : `${status} `}${noun}${mine ? ' with your stake' : ''}.`

  return (
    <Page
      title={props.title}
      intro={props.intro}
      wide
      actions={
        <button type="button" className="button button--primary" disabled={!deployment || !session.activeAddress} title={!deployment ? 'Grove is not deployed on this network' : undefined}>
          Create {props.kind === 'farm' ? 'farm' : 'staking pool'}
        </button>
      }
    >
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <div className="toolbar" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          {props.searchLabel}
        </label>
        <input id={searchId} type="search" placeholder={props.searchLabel} value={search} onChange={(e) => setSearch(e.target.value)} />
        <div role="group" aria-label="Status" className="segmented">
          {STATUSES.map((s) => (
            <button key={s.id} type="button" aria-pressed={status === s.id} className={status === s.id ? 'active' : ''} onClick={() => setStatus(s.id)}>
              {s.label}
            </button>
          ))}
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} /> My stake only
        </label>
      </div>
      {mine ? <ConnectPrompt reason={`Connect a wallet to see the ${noun} you stake in.`} /> : null}
      <EmptyTable columns={props.columns} text={emptyText} caption={props.title} />
    </Page>
  )
}
