import { useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { IssuerPowerMark, ISSUER_POWER_TEXT } from '@/components/dex/issuer-warning.tsx'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useMarket } from '@/lib/pools/market.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { checkAddress } from '@/lib/address.ts'
import { PAUSE_FLAGS, registryQuery, sameAccount } from '@/lib/registry/registry.ts'
import { issuerPowers, tokenMatches, tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { projectsQuery } from '@/lib/locks/locks.ts'
import {
  acceptAdminReview,
  bpsWords,
  cancelAdminReview,
  feesReview,
  pauseReview,
  poolFeeReview,
  proposeAdminReview,
  protocolShareWords,
  treasuryReview,
  verifyProjectReview,
  verifyTokenReview,
  type AdminReview,
} from './admin-actions.ts'
import { AdminLogPanel } from './components/admin-log.tsx'
import { AdminReviewDialog } from './components/admin-review.tsx'
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
          <PausePanel paused={registry.data.paused} disabled={!isAdmin} onReview={setReview} />
          <div className="grid grid--2">
            <FeesPanel current={state} disabled={!isAdmin} onReview={setReview} />
            <TreasuryPanel treasury={state.treasury} disabled={!isAdmin} onReview={setReview} />
          </div>
          <PoolFeePanel pools={market.pools ?? []} tokens={market.tokens} disabled={!isAdmin} onReview={setReview} />
          <VerifiedTokensPanel verified={market.verified} disabled={!isAdmin} onReview={setReview} />
          <ProjectsPanel disabled={!isAdmin} onReview={setReview} />
          <TransferPanel admin={state.admin} pending={state.pendingAdmin} disabled={!isAdmin} onReview={setReview} />
          <AdminLogPanel tokens={market.tokens} />
        </>
      )}
      {review ? <AdminReviewDialog review={review} sdk={market.sdk} onClose={() => setReview(null)} /> : null}
    </Page>
  )
}

interface SectionProps {
  /** Not the admin: the section shows the settings but offers nothing to sign. */
  disabled: boolean
  onReview(review: AdminReview): void
}

function PausePanel(props: SectionProps & { paused: number }) {
  const [draft, setDraft] = useState<number | null>(null)
  const next = draft ?? props.paused
  return (
    <Panel title="Pause flags">
      <p className="hint">A pause stops entry into positions and trading for everyone. It never stops anyone leaving: removing liquidity always works.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          props.onReview(pauseReview(props.paused, next))
          setDraft(null)
        }}
      >
        <ul className="pause-flags">
          {PAUSE_FLAGS.map((f) => (
            <li key={f.id} className={(props.paused & f.bit) !== 0 ? 'pause-flag pause-flag--on' : 'pause-flag'}>
              <label>
                <input type="checkbox" disabled={props.disabled} checked={(next & f.bit) !== 0} onChange={(e) => setDraft(e.target.checked ? next | f.bit : next & ~f.bit)} />
                <strong>Pause {f.name.toLowerCase()}</strong> {(props.paused & f.bit) !== 0 ? <span className="badge badge--warning">paused now</span> : null}
              </label>
              <p>
                <span className="hint">Stops:</span> {f.stops}
              </p>
              <p>
                <span className="hint">Stays open:</span> {f.open}
              </p>
            </li>
          ))}
        </ul>
        <button type="submit" className="button button--primary" disabled={props.disabled || next === props.paused}>
          Review pause flags
        </button>
      </form>
    </Panel>
  )
}

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null)

function FeesPanel(props: SectionProps & { current: { defaultFeeBps: number; protocolFeeDivisor: number } }) {
  const [fee, setFee] = useState('')
  const [divisor, setDivisor] = useState('')
  const f = fee === '' ? props.current.defaultFeeBps : wholeNumber(fee)
  const d = divisor === '' ? props.current.protocolFeeDivisor : wholeNumber(divisor)
  const error = f === null || f < 1 || f > 100 ? 'The fee must be a whole number of bps from 1 to 100.' : d === null ? 'The divisor is a whole number (0 = no protocol share).' : null
  return (
    <Panel title="Default fee and protocol share">
      <dl className="admin-facts">
        <div>
          <dt>Fee of new pools</dt>
          <dd data-testid="default-fee">{bpsWords(props.current.defaultFeeBps)}</dd>
        </div>
        <div>
          <dt>Protocol share</dt>
          <dd data-testid="protocol-share">{protocolShareWords(props.current.protocolFeeDivisor)}</dd>
        </div>
      </dl>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (error || f === null || d === null) return
          props.onReview(feesReview(props.current, f, d))
        }}
      >
        <label className="field">
          <span>New default fee (bps)</span>
          <input className="input" inputMode="numeric" placeholder={String(props.current.defaultFeeBps)} value={fee} disabled={props.disabled} onChange={(e) => setFee(e.target.value)} />
        </label>
        <label className="field">
          <span>Protocol divisor (share = 1/divisor)</span>
          <input className="input" inputMode="numeric" placeholder={String(props.current.protocolFeeDivisor)} value={divisor} disabled={props.disabled} onChange={(e) => setDivisor(e.target.value)} />
        </label>
        {error && (fee !== '' || divisor !== '') ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="hint">Existing pools keep their fee until you set it below; a pool’s fee change also applies the current protocol share.</p>
        <button type="submit" className="button button--primary" disabled={props.disabled || error !== null || (f === props.current.defaultFeeBps && d === props.current.protocolFeeDivisor)}>
          Review fees
        </button>
      </form>
    </Panel>
  )
}

function TreasuryPanel(props: SectionProps & { treasury: string }) {
  const [next, setNext] = useState('')
  const checked = checkAddress(next)
  const valid = checked.ok
  return (
    <Panel title="Treasury">
      <p>Protocol fees collected from pools go to:</p>
      <p>
        <code className="address" data-testid="treasury">
          {props.treasury}
        </code>
      </p>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) props.onReview(treasuryReview(props.treasury, next.trim()))
        }}
      >
        <label className="field">
          <span>New treasury address</span>
          <input className="input" value={next} disabled={props.disabled} onChange={(e) => setNext(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        {next.trim() !== '' && !checked.ok ? (
          <p className="field__error" role="alert">
            {checked.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled || !valid || next.trim() === props.treasury}>
          Review treasury
        </button>
      </form>
    </Panel>
  )
}

const pairName = (pool: Pool, tokens: ReadonlyMap<number, Token>) => `${tokens.get(Number(pool.a))?.symbol ?? `#${pool.a}`}/${tokens.get(Number(pool.b))?.symbol ?? `#${pool.b}`}`

function PoolFeePanel(props: SectionProps & { pools: Pool[]; tokens: ReadonlyMap<number, Token> }) {
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const [fee, setFee] = useState('')
  const matching = props.pools.filter((p) => {
    if (search.trim() === '') return true
    const parts = search.split('/').map((s) => s.trim()).filter(Boolean)
    const sides = [props.tokens.get(Number(p.a)), props.tokens.get(Number(p.b))]
    return parts.every((q) => sides.some((t) => t !== undefined && tokenMatches(t, q)))
  })
  const pool = props.pools.find((p) => `${p.a}-${p.b}` === selected) ?? null
  const f = wholeNumber(fee)
  const feeError = fee !== '' && (f === null || f < 1 || f > 100) ? 'The fee must be a whole number of bps from 1 to 100.' : null
  return (
    <Panel title="Pool fees">
      <label className="field">
        <span>Search a pool</span>
        <input className="input" type="search" placeholder="ALGO/gUSD, a symbol or an asset id" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <div className="table-wrap">
        <table className="table table--stack" aria-label="Pools and their fees">
          <thead>
            <tr>
              <th scope="col">Pool</th>
              <th scope="col">Swap fee</th>
              <th scope="col">Protocol share</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {matching.map((p) => {
              const key = `${p.a}-${p.b}`
              return (
                <tr key={key} aria-current={key === selected ? 'true' : undefined} data-testid={`pool-fee-${key}`}>
                  <th scope="row">{pairName(p, props.tokens)}</th>
                  <td data-label="Swap fee">{bpsWords(Number(p.feeBps))}</td>
                  <td data-label="Protocol share">{protocolShareWords(Number(p.protocolFeeDivisor))}</td>
                  <td>
                    <button type="button" className="button button--ghost" disabled={props.disabled} onClick={() => setSelected(key)}>
                      Change fee
                    </button>
                  </td>
                </tr>
              )
            })}
            {matching.length === 0 ? (
              <tr>
                <td colSpan={4}>No pool matches “{search}”.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pool && !props.disabled ? (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (f !== null && !feeError) props.onReview(poolFeeReview(pool, pairName(pool, props.tokens), f))
          }}
        >
          <label className="field">
            <span>New fee of {pairName(pool, props.tokens)} (bps, now {Number(pool.feeBps)})</span>
            <input className="input" inputMode="numeric" value={fee} onChange={(e) => setFee(e.target.value)} />
          </label>
          {feeError ? (
            <p className="field__error" role="alert">
              {feeError}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={f === null || feeError !== null || f === Number(pool.feeBps)}>
            Review pool fee
          </button>
        </form>
      ) : null}
    </Panel>
  )
}

function TokenFacts(props: { token: Token; verified: boolean }) {
  const powers = issuerPowers(props.token, false)
  return (
    <div className="token-facts" data-testid="token-facts">
      <p>
        <strong>{props.token.name}</strong> ({props.token.symbol}) · asset #{props.token.id} · {props.token.decimals} decimals{props.verified ? ' · verified' : ''}
      </p>
      {powers.length > 0 ? (
        <Notice tone="warning" title="The issuer keeps powers over every holder">
          <ul>
            {powers.map((p) => (
              <li key={p}>{ISSUER_POWER_TEXT.pool[p](props.token.symbol)}</li>
            ))}
          </ul>
          Verifying hides this warning from users: do it only for an issuer you trust with these powers.
        </Notice>
      ) : (
        <p className="hint">No clawback or freeze address: the issuer cannot take or freeze holdings.</p>
      )}
    </div>
  )
}

function VerifiedTokensPanel(props: SectionProps & { verified: ReadonlySet<number> }) {
  const { algod } = useProtocol()
  const [text, setText] = useState('')
  const id = wholeNumber(text)
  const lookup = useQuery({ ...tokenQuery(algod, id ?? 0), enabled: id !== null && id > 0 })
  const listed = [...props.verified].filter((v) => v !== 0).sort((x, y) => x - y)
  const described = useQueries({ queries: listed.map((v) => tokenQuery(algod, v)) })
  return (
    <Panel title="Verified tokens">
      <p className="hint">Verified tokens are marked in every token list and carry no issuer-power warning.</p>
      <div className="table-wrap">
        <table className="table table--stack" aria-label="Verified tokens">
          <thead>
            <tr>
              <th scope="col">Token</th>
              <th scope="col">Asset id</th>
              <th scope="col">Issuer powers</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((v, i) => {
              const t = described[i]?.data
              return (
                <tr key={v} data-testid={`verified-${v}`}>
                  <th scope="row">{t ? `${t.symbol} · ${t.name}` : '…'}</th>
                  <td data-label="Asset id">{v}</td>
                  <td data-label="Issuer powers">{t ? <IssuerPowerMark powers={issuerPowers(t, false)} /> : null}</td>
                  <td>
                    <button type="button" className="button button--ghost" disabled={props.disabled || !t} onClick={() => t && props.onReview(verifyTokenReview(v, t.symbol, false))}>
                      Remove
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (lookup.data && !props.verified.has(lookup.data.id)) props.onReview(verifyTokenReview(lookup.data.id, lookup.data.symbol, true))
        }}
      >
        <label className="field">
          <span>Add a token by asset id</span>
          <input className="input" inputMode="numeric" value={text} disabled={props.disabled} onChange={(e) => setText(e.target.value)} />
        </label>
        {text.trim() !== '' && (id === null || id === 0) ? (
          <p className="field__error" role="alert">
            An asset id is a positive whole number.
          </p>
        ) : lookup.isError ? (
          <p className="field__error" role="alert">
            {lookup.error.message}
          </p>
        ) : lookup.data ? (
          <TokenFacts token={lookup.data} verified={props.verified.has(lookup.data.id)} />
        ) : id ? (
          <p className="hint" role="status">
            Looking up asset {id}…
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled || !lookup.data || props.verified.has(lookup.data.id)}>
          {lookup.data && props.verified.has(lookup.data.id) ? 'Already verified' : 'Review verification'}
        </button>
      </form>
    </Panel>
  )
}

function ProjectsPanel(props: SectionProps) {
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
    <div className="table-wrap">
      <table className="table table--stack admin-projects" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">Token</th>
            <th scope="col">Issuer powers</th>
            <th scope="col">Owner</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(row)}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>{empty}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
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

function TransferPanel(props: SectionProps & { admin: string; pending: string | null }) {
  const [next, setNext] = useState('')
  const checked = checkAddress(next)
  const valid = checked.ok
  return (
    <Panel title="Admin transfer">
      <p>
        Two steps, so a mistyped address cannot take the role: you propose an account, and it becomes the admin only when it accepts on this page. Until then you stay the admin
        and can cancel.
      </p>
      {props.pending ? (
        <div className="admin-pending">
          <p>
            Waiting for <code className="address">{props.pending}</code> to accept.
          </p>
          <button type="button" className="button" disabled={props.disabled} onClick={() => props.onReview(cancelAdminReview(props.pending!))}>
            Cancel the transfer
          </button>
        </div>
      ) : null}
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) props.onReview(proposeAdminReview(props.admin, props.pending, next.trim()))
        }}
      >
        <label className="field">
          <span>Propose a new admin (address)</span>
          <input className="input" value={next} disabled={props.disabled} onChange={(e) => setNext(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        {next.trim() !== '' && !checked.ok ? (
          <p className="field__error" role="alert">
            {checked.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled || !valid || next.trim() === props.admin}>
          Review proposal
        </button>
      </form>
    </Panel>
  )
}
