import { Table, type Column } from '@/components/ui/table.tsx'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Page } from '@/components/ui/page.tsx'
import { formatPriceValue } from '@/lib/pools/figures.ts'
import { formatPercent, projectsQuery, type Project } from '@/lib/locks/locks.ts'
import { emptyText as emptyTextOf } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { toToken } from '@/lib/tokens/tokens.ts'
import { filterProjects, liquidityText } from './derive-projects.ts'
import { useTokenFacts } from './hooks/use-token-facts.ts'
import './projects.css'

const COLUMNS: Column[] = [{ label: 'Project' }, { label: 'Token' }, { label: 'Price' }, { label: 'Liquidity' }, { label: 'Supply locked' }, { label: 'Verified' }]

/** The public list of token projects registered with Grove: verified first, searchable. */
export function ProjectsPage() {
  const { network, algod, deployment } = useProtocol()
  const problem = useDeploymentProblem()
  const [search, setSearch] = useState('')
  const [verifiedOnly, setVerifiedOnly] = useState(false)
  const searchId = useId()
  const projects = useQuery({ ...projectsQuery(algod, deployment), enabled: !!deployment })
  const shown = filterProjects(projects.data ?? [], search, verifiedOnly)
  const emptyText = emptyTextOf(
    { what: 'projects', networkName: network.name, deployed: deployment !== null, problem, failed: projects.isError, pending: projects.isPending },
    search.trim() || verifiedOnly ? `No projects match${search.trim() ? ` “${search.trim()}”` : ''}${verifiedOnly ? ' among verified ones' : ''}.` : 'No projects have been registered.',
  )
  return (
    <Page title="Projects" intro="Token projects registered by their creator or manager: their price, their liquidity on every venue, and how much of their supply is locked." wide>
      {deployment ? null : <NotDeployed networkName={network.name} needs="The projects page" />}
      <div className="toolbar" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          Search projects
        </label>
        <input id={searchId} type="search" placeholder="Search by name or asset id" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label className="checkbox">
          <input type="checkbox" checked={verifiedOnly} onChange={(e) => setVerifiedOnly(e.target.checked)} /> Verified only
        </label>
      </div>
      {projects.isError ? (
        <Notice tone="error" title="The registry could not be read">
          {projects.error.message}
        </Notice>
      ) : null}
      {shown.length === 0 ? (
        // A sentence, not an empty six-column table a phone would cut mid-word.
        <div className="table-wrap">
          <p className="empty projects-empty" data-testid="projects-empty">
            {emptyText}
          </p>
        </div>
      ) : (
        <Table label="Projects" caption="Projects, verified first" className="projects-table" columns={COLUMNS}>
          {shown.map((p) => (
            <ProjectRow key={String(p.asset)} project={p} />
          ))}
        </Table>
      )}
      <p className="hint">Liquidity: the value of every pool holding the token, whatever it is paired with: Grove’s, and Tinyman’s where the analytics service follows them.</p>
      <p className="hint">Supply locked: what Grove locks have not yet unlocked (still vesting, or before a time lock’s end; vested tokens waiting to be withdrawn are not counted) over the token’s supply outside the creator’s account (total supply minus the creator’s holding).</p>
    </Page>
  )
}

function ProjectRow(props: { project: Project }) {
  const { project } = props
  const facts = useTokenFacts(Number(project.asset))
  const token = facts.asset.data ? toToken(facts.asset.data) : null
  return (
    <tr data-testid={`project-row-${project.asset}`}>
      <th scope="row" data-label="Project">
        <Link to={`/projects/${project.asset}`}>{project.name || `Asset ${project.asset}`}</Link>
      </th>
      <td data-label="Token">{token ? `${token.symbol} (#${project.asset})` : `#${project.asset}`}</td>
      <td data-label="Price" data-testid="project-price" data-usd={facts.price?.usd ?? ''} data-algo={facts.price?.algo ?? ''}>
        {facts.price ? formatPriceValue(facts.price) : '…'}
      </td>
      <td data-label="Liquidity" data-testid="project-liquidity" data-usd={facts.market?.liquidity.usd ?? ''} data-algo={facts.market?.liquidity.algo ?? ''} data-pools={facts.market?.pools.length ?? ''}>
        {facts.market ? liquidityText(facts.market) : '…'}
      </td>
      <td data-label="Supply locked" data-testid="supply-locked">
        {facts.percent === undefined ? '…' : formatPercent(facts.percent)}
      </td>
      <td data-label="Verified">{project.verified ? <span className="badge">✓ Verified</span> : 'No'}</td>
    </tr>
  )
}
