import { useId, useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Page } from '@/components/ui/page.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { formatTime } from '@/lib/locks/locks.ts'
import { emptiness, emptyText } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { figuresOf, formatValue } from '@/lib/pools/figures.ts'
import { formatDuration, matchesRow, pendingAt, programRows, programStatus, timeLeft, type ProgramFilter, type ProgramRow } from '@/lib/staking/derive.ts'
import { useStakingData } from '@/lib/staking/staking.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { CreateProgram } from './create-program.tsx'
import { formatApr } from './format.ts'
import { ProgramDialog, type ProgramActionKind } from './program-dialog.tsx'
import { compoundReward } from './validate.ts'
import './staking.css'

const STATUSES: { id: ProgramFilter; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'ended', label: 'Ended' },
  { id: 'all', label: 'All' },
]

/** µALGO (a float from prices) as "1,234.56 ALGO". */
export const formatAlgoValue = (microAlgo: number) => `${(microAlgo / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 })} ALGO`


type Dialog = { kind: ProgramActionKind; row: ProgramRow } | { kind: 'create' } | null

/** The list page shared by farms (LP stake) and staking pools (single token): search, filters, a card per program, its overlays. */
export function ProgramBrowser(props: { kind: 'farm' | 'pool'; title: string; intro: string; searchLabel: string }) {
  const { network, deployment } = useProtocol()
  const problem = useDeploymentProblem()
  const session = useWalletSession()
  const address = session.activeAddress
  // Kept in component state: the page stays mounted (keep-alive), so this survives leaving the page.
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<ProgramFilter>('active')
  const [mine, setMine] = useState(false)
  const [dialog, setDialog] = useState<Dialog>(null)
  const searchId = useId()
  const data = useStakingData(address)
  const { market, now } = data
  const noun = props.kind === 'farm' ? 'farms' : 'staking pools'
  const sdk = market.sdk?.staking
  const pools = market.pools ?? []
  const figures = figuresOf(pools, data.tokens, data.stable)
  const rows =
    data.programs.data && market.pools && now !== null
      ? programRows({ programs: data.programs.data, kind: props.kind, tokens: data.tokens, pools, market: figures, now, positions: data.positions.data })
      : null
  const shown = rows && now !== null ? rows.filter((r) => matchesRow(r, { status, mine, search }, now)) : null
  // every card is priced from the pools: the list waits on both reads, and fails with either
  const failure = data.programs.error?.message ?? market.poolsError
  const read = { what: noun, networkName: network.name, deployed: deployment !== null, problem, failed: failure !== null, pending: !shown }
  const why = emptiness(read)
  const empty = emptyText(
    read,
    search.trim() ? `No ${noun} match “${search.trim()}”.` : `No ${status === 'all' ? '' : `${status} `}${noun}${mine ? ' with your stake' : ''}.`,
  )
  return (
    <Page
      title={props.title}
      intro={props.intro}
      wide
      actions={
        <button
          type="button"
          className="button button--primary"
          disabled={!deployment || !address || !sdk}
          title={!deployment ? `This needs a Grove deployment on ${network.name}` : !address ? 'Connect a wallet to create one' : undefined}
          onClick={() => setDialog({ kind: 'create' })}
        >
          Create {props.kind === 'farm' ? 'farm' : 'staking pool'}
        </button>
      }
    >
      {deployment ? null : <NotDeployed networkName={network.name} needs={props.kind === 'farm' ? 'Farming' : 'Staking in a pool'} />}
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
      {data.paused ? (
        <Notice tone="warning" title="New staking is paused">
          The protocol admin has paused new programs and new stakes. Unstaking, claiming and emergency withdrawals still work.
        </Notice>
      ) : null}
      {data.devMode ? <p className="hint">This network makes a block only for a transaction, and a transaction runs at the last block’s time: rewards here move when a block lands, not with the clock.</p> : null}
      {failure !== null ? (
        <Notice tone="error" title={`The ${noun} could not be read`}>
          {failure}
        </Notice>
      ) : null}
      {/* the notice above says why a failed read shows nothing */}
      {!shown?.length && why !== 'failed' ? (
        <p className="empty program-empty" data-testid="programs-empty" aria-busy={why === 'pending'}>
          {empty}
        </p>
      ) : null}
      {shown && shown.length > 0 && now !== null && sdk ? (
        <ul className="program-list" aria-label={props.title}>
          {shown.map((row) => (
            <li key={String(row.program.id)}>
              <ProgramCard
                row={row}
                now={now}
                address={address}
                pending={pendingAt(row.program, row.position, now, sdk.pendingRewards)}
                onAction={(kind) => setDialog({ kind, row })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {dialog && dialog.kind === 'create' && sdk && now !== null ? <CreateProgram kind={props.kind} data={data} sdk={sdk} now={now} onClose={() => setDialog(null)} /> : null}
      {dialog && dialog.kind !== 'create' && sdk && now !== null ? (
        <ProgramDialog
          kind={dialog.kind}
          // the row as read now: a dialog left open follows the program's latest state
          row={rows?.find((r) => r.program.id === dialog.row.program.id) ?? dialog.row}
          data={data}
          sdk={sdk}
          now={now}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Page>
  )
}

const amountOf = (v: bigint, t: { decimals: number; symbol: string }) => `${formatAmount(v, t.decimals, { thousands: true })} ${t.symbol}`

/** One program: its tokens, value staked, APR, time, the user's stake and pending rewards (ticking), and the actions that apply. */
function ProgramCard(props: { row: ProgramRow; now: bigint; address: string | null; pending: bigint[]; onAction(kind: ProgramActionKind): void }) {
  const { row, now, pending } = props
  const p = row.program
  const status = programStatus(p, now)
  const pos = row.position
  const isCreator = props.address === p.creator
  const name = `${row.stake.symbol} → ${row.rewards.map((r) => r.symbol).join(' + ')}`
  return (
    <article className="card program-card" data-testid={`program-${p.id}`} aria-label={`Program ${p.id}: ${name}`}>
      <header className="program-card__header">
        <h2 className="program-card__title">
          Stake {row.stake.symbol}
          <span className="program-card__earn"> earn {row.rewards.map((r) => r.symbol).join(' + ')}</span>
        </h2>
        <span className={`badge badge--${status}`} data-testid="program-status">
          {status === 'active' ? 'Active' : status === 'upcoming' ? 'Upcoming' : 'Ended'}
        </span>
      </header>
      <dl className="details">
        <div>
          <dt>Total staked</dt>
          <dd data-testid="program-tvl">
            {amountOf(p.totalStaked, row.stake)}
            {row.figures.tvl.usd !== null || row.figures.tvl.algo !== null ? (
              <span className="program-card__value" data-testid="program-tvl-value" data-usd={row.figures.tvl.usd ?? ''} data-algo={row.figures.tvl.algo ?? ''}>
                {' '}
                ≈ {formatValue(row.figures.tvl)}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>APR</dt>
          <dd data-testid="program-apr" data-apr={row.figures.apr ?? ''}>
            {formatApr(row.figures.apr)}
          </dd>
        </div>
        <div>
          <dt>Rewards per day</dt>
          <dd>{row.rewards.map((r, k) => amountOf((k === 0 ? p.rate1 : p.rate2) * 86_400n, r)).join(' + ')}</dd>
        </div>
        <div>
          <dt>{status === 'upcoming' ? 'Starts' : status === 'active' ? 'Time left' : 'Ended at'}</dt>
          <dd data-testid="program-time" title={`${formatTime(p.start)} – ${formatTime(p.end)}`}>
            {status === 'ended' ? formatTime(p.end) : timeLeft(p, now)}
          </dd>
        </div>
        {p.minStakeSeconds > 0n ? (
          <div>
            <dt>Minimum stake time</dt>
            <dd>{formatDuration(p.minStakeSeconds)}</dd>
          </div>
        ) : null}
        {pos ? (
          <>
            <div>
              <dt>Your stake</dt>
              <dd data-testid="my-stake" data-amount={String(pos.stake)}>
                {amountOf(pos.stake, row.stake)}
              </dd>
            </div>
            <div>
              <dt>Your pending rewards</dt>
              <dd>
                {row.rewards.map((r, k) => (
                  <span key={String(r.id)} className="program-card__pending" data-testid={`pending-${k + 1}`} data-amount={String(pending[k] ?? 0n)} data-at={String(now)} aria-live="off">
                    {amountOf(pending[k] ?? 0n, r)}
                  </span>
                ))}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      <div className="button-row">
        {status !== 'ended' ? (
          <button type="button" className="button button--primary" onClick={() => props.onAction('stake')}>
            Stake
          </button>
        ) : null}
        {pos && pos.stake > 0n ? (
          <button type="button" className="button" onClick={() => props.onAction('unstake')}>
            Unstake
          </button>
        ) : null}
        {pos ? (
          <button type="button" className="button" onClick={() => props.onAction('claim')}>
            Claim
          </button>
        ) : null}
        {pos && pos.stake > 0n && compoundReward(p) !== null ? (
          <button type="button" className="button" onClick={() => props.onAction('compound')}>
            Compound
          </button>
        ) : null}
        {pos ? (
          <button type="button" className="button button--danger" onClick={() => props.onAction('emergency')}>
            Emergency withdraw
          </button>
        ) : null}
        {isCreator && status !== 'ended' ? (
          <>
            <button type="button" className="button" onClick={() => props.onAction('top-up')}>
              Top up
            </button>
            <button type="button" className="button" onClick={() => props.onAction('extend')}>
              Extend
            </button>
          </>
        ) : null}
        {isCreator && status === 'ended' ? (
          <button type="button" className="button" onClick={() => props.onAction('reclaim')}>
            Reclaim
          </button>
        ) : null}
      </div>
    </article>
  )
}
