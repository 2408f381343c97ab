// Registered projects: the queue to verify and the verified ones.
import { useQueries, useQuery } from '@tanstack/react-query'
import { IssuerPowerMark } from '@/components/dex/issuer-warning.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { issuerPowers, tokenQuery } from '@/lib/tokens/tokens.ts'
import { projectsQuery } from '@/lib/locks/locks.ts'
import { verifyProjectReview } from '../admin-actions.ts'
import type { AdminPanelProps } from './panel-props.ts'

/** Projects waiting for verification and the verified ones, each to verify or unverify. */
export function ProjectsPanel(props: AdminPanelProps) {
  const { algod, deployment } = useProtocol()
  const projects = useQuery(projectsQuery(algod, deployment))
  const list = projects.data ?? []
  const tokens = useQueries({ queries: list.map((p) => tokenQuery(algod, Number(p.asset))) })
  const queue = list.map((p, i) => ({ p, t: tokens[i]?.data })).filter((x) => !x.p.verified)
  const done = list.map((p, i) => ({ p, t: tokens[i]?.data })).filter((x) => x.p.verified)
  const row = ({ p, t }: (typeof queue)[number]) => (
    <tr key={String(p.asset)} data-testid={`project-${p.asset}`}>
      <th scope="row">
        {p.name}
        {p.url ? (
          <>
            {' '}
            <a href={p.url} target="_blank" rel="noreferrer">
              metadata
            </a>
          </>
        ) : null}
      </th>
      <td data-label="Token">{t ? `${t.symbol} · #${t.id} · ${t.decimals} dec.` : `#${p.asset}`}</td>
      <td data-label="Issuer powers">{t ? <IssuerPowerMark powers={issuerPowers(t, false)} /> : null}</td>
      <td data-label="Owner">
        <code className="address">{p.owner.slice(0, 6)}…{p.owner.slice(-4)}</code>
      </td>
      <td className="admin-projects__action">
        <button type="button" className="button button--ghost" disabled={props.disabled} onClick={() => props.onReview(verifyProjectReview(p.asset, p.name, !p.verified))}>
          {p.verified ? 'Unverify' : 'Verify'}
        </button>
      </td>
    </tr>
  )
  const table = (label: string, rows: typeof queue, empty: string) => (
    <Table label={label} className="table--stack admin-projects" columns={[{ label: 'Project' }, { label: 'Token' }, { label: 'Issuer powers' }, { label: 'Owner' }, { label: 'Action', hideLabel: true }]}>
      {rows.map(row)}
      {rows.length === 0 ? (
        <tr>
          <td colSpan={5}>{empty}</td>
        </tr>
      ) : null}
    </Table>
  )
  return (
    <Panel title="Project verification">
      {projects.isError ? (
        <p className="field__error" role="alert">
          Projects unavailable: {projects.error.message}
        </p>
      ) : projects.isPending ? (
        <p className="hint" role="status">
          Reading the registry’s projects…
        </p>
      ) : (
        <>
          <h3>Waiting for verification</h3>
          {table('Unverified projects', queue, 'No project waits for verification.')}
          <h3>Verified</h3>
          {table('Verified projects', done, 'No project is verified yet.')}
        </>
      )}
    </Panel>
  )
}
