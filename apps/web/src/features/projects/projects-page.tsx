import { useId, useState } from 'react'
import { EmptyTable } from '@/components/ui/empty-table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'

/** The public list of token projects registered with Grove. */
export function ProjectsPage() {
  const { network, deployment } = useProtocol()
  const [search, setSearch] = useState('')
  const [verifiedOnly, setVerifiedOnly] = useState(false)
  const searchId = useId()
  return (
    <Page title="Projects" intro="Token projects registered by their creator or manager: their pools, farms, locks and how much of their supply is locked." wide>
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <div className="toolbar" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          Search projects
        </label>
        <input id={searchId} type="search" placeholder="Search by name or asset id" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label className="checkbox">
          <input type="checkbox" checked={verifiedOnly} onChange={(e) => setVerifiedOnly(e.target.checked)} /> Verified only
        </label>
      </div>
      <EmptyTable
        columns={['Project', 'Token', 'Supply locked', 'Pools', 'Farms', 'Verified']}
        text={!deployment ? `No projects on ${network.name}.` : search.trim() ? `No projects match “${search.trim()}”.` : 'No projects have been registered.'}
        caption="Projects"
      />
    </Page>
  )
}
