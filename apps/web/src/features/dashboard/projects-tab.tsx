import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { formatAlgo } from '@grove/sdk/amount'
import { projectsQuery, type Project } from '@/lib/locks/locks.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { assetQuery } from '@/lib/tokens/asset.ts'
import { sdkQuery } from '@/lib/tx/sdk.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { ActionReview } from './components/action-review.tsx'
import { projectFieldsProblem, registerProblem } from './derive-projects.ts'

type Dialog = { kind: 'register'; asset: number } | { kind: 'edit' | 'transfer'; project: Project } | null

/** The dashboard's projects tab: the projects you own, registering one, editing and handing one over. */
export function ProjectsTab() {
  const { algod, deployment } = useProtocol()
  const address = useWalletSession().activeAddress
  const projects = useQuery({ ...projectsQuery(algod, deployment), enabled: !!deployment })
  const [dialog, setDialog] = useState<Dialog>(null)
  if (!address) return <ConnectPrompt reason="Connect a wallet to see the projects you registered." />
  if (!deployment) return null
  const mine = (projects.data ?? []).filter((p) => p.owner === address)
  return (
    <>
      <Panel title="Your projects">
        {projects.isPending ? <p>Reading the registry…</p> : null}
        {projects.isError ? <Notice tone="error" title="The registry could not be read">{projects.error.message}</Notice> : null}
        {projects.data && mine.length === 0 ? <p className="empty">You have not registered a project.</p> : null}
        {mine.length > 0 ? (
          <div className="lock-list">
            {mine.map((p) => (
              <article key={String(p.asset)} className="lock-card" data-testid={`my-project-${p.asset}`}>
                <div className="field__row">
                  <strong>
                    <Link to={`/projects/${p.asset}`}>{p.name || `Asset ${p.asset}`}</Link>
                  </strong>
                  <span className="badge">{p.verified ? 'Verified' : 'Not verified'}</span>
                </div>
                <p className="hint">
                  Asset #{String(p.asset)}
                  {p.url ? ` · ${p.url}` : ''}
                </p>
                <div className="button-row">
                  <button type="button" className="button" onClick={() => setDialog({ kind: 'edit', project: p })}>
                    Edit
                  </button>
                  <button type="button" className="button" onClick={() => setDialog({ kind: 'transfer', project: p })}>
                    Transfer
                  </button>
                </div>
              </article>
            ))}
          </div>
        ) : null}
      </Panel>
      <RegisterForm address={address} taken={new Set((projects.data ?? []).map((p) => Number(p.asset)))} onReview={(asset) => setDialog({ kind: 'register', asset })} />
      {dialog ? <ProjectDialog dialog={dialog} onClose={() => setDialog(null)} /> : null}
    </>
  )
}

function RegisterForm(props: { address: string; taken: ReadonlySet<number>; onReview(asset: number): void }) {
  const { algod } = useProtocol()
  const id = useId()
  const [text, setText] = useState('')
  const assetId = /^[1-9]\d*$/.test(text.trim()) ? Number(text.trim()) : null
  const asset = useQuery({ ...assetQuery(algod, String(assetId ?? 0)), enabled: assetId !== null })
  const problem = registerProblem(text, asset.data, asset.error, props.address, props.taken)
  return (
    <Panel title="Register a project">
      <form
        className="lock-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (assetId !== null && problem === null && asset.data) props.onReview(assetId)
        }}
      >
        <p className="hint">For a token you created or manage. The registry keeps its name and link in a box whose minimum balance, {formatAlgo(71_300n)}, you pay and get back if it is removed.</p>
        <div className="field">
          <label htmlFor={id}>Asset id</label>
          <input id={id} inputMode="numeric" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {asset.data && problem === null ? <p className="hint">{asset.data.name ?? `Asset ${asset.data.id}`} ({asset.data.unitName ?? 'no unit'})</p> : null}
        {problem && text.trim() !== '' ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={problem !== null || !asset.data}>
            Next: name and link
          </button>
        </div>
      </form>
    </Panel>
  )
}

function ProjectDialog(props: { dialog: NonNullable<Dialog>; onClose(): void }) {
  const { dialog } = props
  const ids = useId()
  const dex = useQuery(sdkQuery())
  const initial = dialog.kind === 'register' ? { name: '', url: '' } : { name: dialog.project.name, url: dialog.project.url }
  const [name, setName] = useState(initial.name)
  const [url, setUrl] = useState(initial.url)
  const [owner, setOwner] = useState('')
  const asset = BigInt(dialog.kind === 'register' ? dialog.asset : dialog.project.asset)
  const sdk = dex.data
  const fieldsProblem = sdk ? projectFieldsProblem(sdk, name, url) : 'Loading…'
  const ownerProblem = owner.trim() === '' ? 'Enter the new owner’s address' : !/^[A-Z2-7]{58}$/.test(owner.trim()) ? 'That is not an Algorand address' : null
  const invalid = dialog.kind === 'transfer' ? ownerProblem : fieldsProblem
  const action =
    invalid !== null
      ? null
      : dialog.kind === 'transfer'
        ? { app: 'project' as const, action: { kind: 'transfer' as const, asset, newOwner: owner.trim() } }
        : { app: 'project' as const, action: { kind: dialog.kind, asset, name: name.trim(), url: url.trim() } }
  const verb = dialog.kind === 'register' ? 'Register project' : dialog.kind === 'edit' ? 'Save project' : 'Transfer project'
  return (
    <ActionReview
      title={`${verb}: asset #${asset}`}
      confirmLabel={verb}
      action={action}
      invalid={invalid}
      quoted={dialog.kind === 'register' ? [{ asset: 0n, amount: -71_300n, note: 'box minimum balance' }] : []}
      asset={() => ({ symbol: `#${asset}`, decimals: 0 })}
      pending={`${verb}…`}
      done={`${verb}: done`}
      onClose={props.onClose}
      onDone={props.onClose}
    >
      {dialog.kind === 'transfer' ? (
        <div className="field">
          <label htmlFor={`${ids}-owner`}>New owner’s address</label>
          <input id={`${ids}-owner`} autoComplete="off" spellCheck={false} value={owner} onChange={(e) => setOwner(e.target.value)} />
          <p className="hint">The project moves at once; only the new owner can edit it afterwards.</p>
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${ids}-name`}>Project name (at most 32 bytes)</label>
            <input id={`${ids}-name`} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-url`}>Link (at most 96 bytes)</label>
            <input id={`${ids}-url`} type="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} />
          </div>
        </>
      )}
    </ActionReview>
  )
}
