import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { acceptAmountInput } from '@/components/dex/amount-input.ts'
import { PreparedReview, type ReviewTexts } from '@/components/dex/prepared-review.tsx'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { formatAlgo, formatAmount } from '@grove/sdk/amount'
import { chainClockQuery, formatTime } from '@/lib/locks/locks.ts'
import { useMarket } from '@/lib/pools/market.ts'
import { stableToken } from '@/lib/pools/figures.ts'
import { useProtocol } from '@/lib/protocol.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import { optIn, prepareContractAction, readableTxError, sdkQuery, type Pool, type VaultAction } from '@/lib/tx/sdk.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import type { Deployment } from '@/lib/deployment.ts'
import {
  buybackReadinessQuery,
  buybackStep,
  formatWait,
  pendingFees,
  valueOf,
  vaultAprs,
  vaultHistoryQuery,
  vaultKey,
  vaultStateQuery,
  type PendingFee,
  type VaultSdk,
  type VaultStream,
} from '@/lib/vault/vault.ts'
import type { Apr } from '@/lib/vault/history.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { useAnalyticsUrl, useAnalyticsVault } from '@/lib/analytics/queries.ts'
import { aprSourceHint, chooseAprSource, serviceAprText } from './vault-apr.ts'
import { deriveStakeForm, type StakeMode } from './derive-stake.ts'
import './vault.css'

const DECIMALS = 6
const grove = (v: bigint) => formatAmount(v, DECIMALS, { thousands: true })

/** Stake GROVE for sGROVE, whose value grows as protocol fees are bought back into the vault. */
export function VaultPage() {
  const { network, deployment, algod } = useProtocol()
  const session = useWalletSession()
  const address = session.activeAddress
  const market = useMarket(algod, deployment, address, deployment ? [deployment.groveAssetId, deployment.sGroveAssetId] : [])
  const vault = useQuery(vaultStateQuery(algod, deployment))
  const analyticsUrl = useAnalyticsUrl()
  const service = useAnalyticsVault(deployment ? analyticsUrl : null)
  const choice = chooseAprSource({ url: deployment ? analyticsUrl : null, status: service.status, data: service.data })
  // the block walk reads 30 days of blocks: only when the service cannot answer
  const history = useQuery({ ...vaultHistoryQuery(algod, deployment), enabled: deployment !== null && choice.source === 'algod' })
  const clock = useQuery({ ...chainClockQuery(algod), enabled: deployment !== null })
  const sdk = market.sdk ?? undefined
  const aprs = choice.source === 'algod' && history.data && vault.data ? vaultAprs(history.data, vault.data.totals) : null
  const shortWindow = aprs !== null && history.data?.complete === true && history.data.now - aprs.d7.from < 7n * 86_400n && aprs.d7.apr !== null
  const walking = history.isError ? 'Unavailable' : 'Reading the rate’s history…'
  const aprFigure = (days: 7 | 30) =>
    choice.source === 'analytics'
      ? serviceAprText(choice.vault, days === 7 ? choice.vault.apr7d : choice.vault.apr30d)
      : aprs && history.data
        ? aprText(days === 7 ? aprs.d7 : aprs.d30, history.data.now, days)
        : walking
  const sourceHint = aprSourceHint(choice)
  const stable = stableToken(market.tokens, network.id, deployment)

  return (
    <Page wide title="Stake GROVE" intro="Stake GROVE to receive sGROVE. Protocol fees buy GROVE into the vault, so each sGROVE redeems for more GROVE over time.">
      {deployment ? null : <NotDeployed networkName={network.name} needs="Staking GROVE in the vault" />}
      <ConnectPrompt reason="Connect a wallet to stake GROVE." />
      {vault.isError ? (
        <Notice tone="error" title="The vault could not be read">
          {vault.error.message}
        </Notice>
      ) : null}
      <div className="grid grid--2">
        <StakeForm deployment={deployment} address={address} sdk={sdk} market={market} totals={vault.data?.totals} unlocking={vault.data?.unlocking} />
        <Panel title="Vault">
          <dl className="details stake-details" data-testid="vault-details">
            <div>
              <dt>Rate</dt>
              <dd data-testid="vault-rate">{vault.data && sdk ? `1 sGROVE = ${formatAmount(sdk.vaultRate(vault.data.totals), DECIMALS, { thousands: true })} GROVE` : deployment ? 'Reading the vault…' : 'Not deployed'}</dd>
            </div>
            <div>
              <dt>Rate when the stream ends</dt>
              <dd data-testid="vault-rate-at-end">{vault.data && sdk ? streamText(vault.data.stream) : deployment ? 'Reading the vault…' : 'Not deployed'}</dd>
            </div>
            <div>
              <dt>GROVE behind sGROVE</dt>
              <dd data-testid="vault-grove">{vault.data ? `${grove(vault.data.totals.grove)} GROVE` : '…'}</dd>
            </div>
            <div>
              <dt>GROVE still streaming in</dt>
              <dd data-testid="vault-streaming">{vault.data ? `${grove(vault.data.stream.locked)} GROVE` : '…'}</dd>
            </div>
            <div>
              <dt>APR, last 7 days</dt>
              <dd data-testid="apr-7" data-source={choice.source}>{aprFigure(7)}</dd>
            </div>
            <div>
              <dt>APR, last 30 days</dt>
              <dd data-testid="apr-30" data-source={choice.source}>{aprFigure(30)}</dd>
            </div>
          </dl>
          <p className="hint">Bought-back GROVE, collected fees and donations enter the rate evenly over 7 days, so nobody can capture them by holding sGROVE for a moment.</p>
          {sourceHint ? (
            <p className="hint" data-testid="apr-source">
              {sourceHint}
            </p>
          ) : null}
          {choice.source === 'algod' && history.isError ? <p className="hint">The rate’s history could not be read from algod: {history.error.message}</p> : null}
          {shortWindow ? <p className="hint">The vault’s first stake is more recent than the window: its APR is the rate’s growth since then, annualized.</p> : null}
          {aprs && history.data && !history.data.complete ? <p className="hint">The chain has more blocks in the last 30 days than this page reads through algod: the APRs cover the most recent blocks only.</p> : null}
          <YourStake deployment={deployment} address={address} sdk={sdk} market={market} totals={vault.data?.totals} stable={stable} />
        </Panel>
      </div>
      {deployment && vault.data && sdk ? <PendingFees deployment={deployment} sdk={sdk} fees={pendingFees(vault.data.account, deployment)} pools={market.pools} tokens={market.tokens} devMode={clock.data?.devMode ?? false} /> : null}
    </Page>
  )
}

/** "1 sGROVE = 1.05 GROVE on 3 Dec 2026, 14:00", or that nothing is streaming. */
function streamText(stream: VaultStream): string {
  if (stream.locked === 0n) return 'Nothing streaming: the rate now'
  return `1 sGROVE = ${formatAmount(stream.rateAtEnd, DECIMALS, { thousands: true })} GROVE on ${formatTime(stream.end)}`
}

/** "12.34%" from the window's start, or why there is none. */
function aprText(apr: Apr, now: bigint, windowDays: number): string {
  if (apr.apr === null) return 'Nothing staked'
  const pct = `${(apr.apr * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
  const seconds = Number(now - apr.from)
  if (seconds >= windowDays * 86_400) return pct
  // the vault's first stake falls inside the window: the rate grew over less time (see the hint)
  const since = seconds < 3_600 ? `${Math.max(1, Math.round(seconds / 60))} min` : seconds < 86_400 ? `${Math.round(seconds / 3_600)} h` : `${(seconds / 86_400).toFixed(1)} days`
  return `${pct} over ${since}`
}

type MarketView = ReturnType<typeof useMarket>

/** The user's sGROVE, the GROVE behind it and what that is worth. */
function YourStake(props: { deployment: Deployment | null; address: string | null; sdk: VaultSdk | undefined; market: MarketView; totals: { grove: bigint; shares: bigint } | undefined; stable: Token | null }) {
  const { deployment, address, sdk, market, totals, stable } = props
  if (!deployment || !address) return null
  const held = market.holdings?.assets.get(deployment.sGroveAssetId)
  // not opted in holds none
  const units = market.holdings ? (held ?? 0n) : undefined
  const behind = units !== undefined && totals && sdk ? sdk.groveBehind(totals, units) : undefined
  const value = behind !== undefined && market.pools ? valueOf(market.pools, deployment.groveAssetId, behind, stable?.id ?? null) : undefined
  return (
    <>
      <h3 className="stake-subheading">Your stake</h3>
      <dl className="details stake-details" data-testid="your-stake">
        <div>
          <dt>Your sGROVE</dt>
          <dd data-testid="your-sgrove">{market.holdings ? (held === undefined ? 'Not opted in' : `${grove(held)} sGROVE`) : '…'}</dd>
        </div>
        <div>
          <dt>GROVE behind it</dt>
          <dd data-testid="grove-behind" data-amount={behind === undefined ? undefined : String(behind)}>
            {behind === undefined ? '…' : `${grove(behind)} GROVE`}
          </dd>
        </div>
        <div>
          <dt>Value</dt>
          <dd data-testid="stake-value">
            {value === undefined
              ? '…'
              : value.algo === null
                ? 'No GROVE pool prices it'
                : `${formatAlgo(value.algo, { maxDecimals: 2 })}${value.stable !== null && stable ? ` ≈ $${formatAmount(value.stable, stable.decimals, { thousands: true, maxDecimals: 2 })}` : ''}`}
          </dd>
        </div>
      </dl>
    </>
  )
}

/** Stake or unstake: amount with max, the preview to the unit, the review. */
function StakeForm(props: { deployment: Deployment | null; address: string | null; sdk: VaultSdk | undefined; market: MarketView; totals: { grove: bigint; shares: bigint } | undefined; unlocking: bigint | undefined }) {
  const { deployment } = props
  const id = useId()
  const tx = useTransaction()
  const { algod } = useProtocol()
  const [mode, setMode] = useState<StakeMode>('stake')
  const [text, setText] = useState('')
  const [reviewing, setReviewing] = useState(false)
  const form = deriveStakeForm({ mode, text, connected: props.address !== null, deployment, holdings: props.market.holdings, totals: props.totals, unlocking: props.unlocking, sdk: props.sdk })
  const from = mode === 'stake' ? 'GROVE' : 'sGROVE'
  const to = mode === 'stake' ? 'sGROVE' : 'GROVE'
  const switchMode = (m: StakeMode) => {
    setMode(m)
    setText('')
  }

  function submit() {
    if (form.button.kind === 'connect') return
    if (form.button.kind === 'opt-in' && deployment) {
      void tx.run({ pending: 'Opting in to sGROVE…', done: 'Opted in to sGROVE', send: (sdk, ctx) => optIn(sdk, ctx, deployment.sGroveAssetId) })
      return
    }
    if (form.action) setReviewing(true)
  }

  return (
    <Panel
      title={mode === 'stake' ? 'Stake' : 'Unstake'}
      actions={
        <div role="group" aria-label="Stake or unstake" className="segmented">
          <button type="button" aria-pressed={mode === 'stake'} className={mode === 'stake' ? 'active' : ''} onClick={() => switchMode('stake')}>
            Stake
          </button>
          <button type="button" aria-pressed={mode === 'unstake'} className={mode === 'unstake' ? 'active' : ''} onClick={() => switchMode('unstake')}>
            Unstake
          </button>
        </div>
      }
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <div className="field">
          <div className="field__row">
            <label htmlFor={`${id}-amount`}>Amount of {from}</label>
            <span className="hint">
              {form.max !== undefined ? `Balance ${grove(form.max)} ` : null}
              {form.max !== undefined && form.max > 0n ? (
                <button type="button" className="link-button" onClick={() => setText(formatAmount(form.max!, DECIMALS))} aria-label={`Max ${from}: use your whole balance`}>
                  Max
                </button>
              ) : null}
            </span>
          </div>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={text}
            disabled={deployment === null}
            aria-invalid={form.fieldError ? true : undefined}
            aria-describedby={`${id}-preview`}
            onChange={(e) => {
              const accepted = acceptAmountInput(e.target.value)
              if (accepted !== null) setText(accepted)
            }}
          />
        </div>
        <p id={`${id}-preview`} className="hint" aria-live="polite" data-testid="stake-preview" data-amount={form.preview?.ok ? String(form.preview.out) : undefined}>
          {form.fieldError ?? (form.preview ? (form.preview.ok ? `You receive ${grove(form.preview.out)} ${to}` : form.preview.problem) : `Enter an amount of ${from} to see what you receive.`)}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={form.button.disabled || tx.busy}>
          {form.button.label}
        </button>
      </form>
      {reviewing && form.action && form.preview?.ok && deployment ? (
        <VaultReview
          title={mode === 'stake' ? 'Review stake' : 'Review unstake'}
          confirmLabel={mode === 'stake' ? 'Stake' : 'Unstake'}
          action={form.action}
          quoted={
            mode === 'stake'
              ? [
                  { asset: BigInt(deployment.groveAssetId), amount: -form.amount! },
                  { asset: BigInt(deployment.sGroveAssetId), amount: form.preview.out, note: 'at least' },
                ]
              : [
                  { asset: BigInt(deployment.sGroveAssetId), amount: -form.amount! },
                  { asset: BigInt(deployment.groveAssetId), amount: form.preview.out, note: 'at least' },
                ]
          }
          asset={(a) => ({ symbol: a === BigInt(deployment.groveAssetId) ? 'GROVE' : a === BigInt(deployment.sGroveAssetId) ? 'sGROVE' : a === 0n ? 'ALGO' : `#${a}`, decimals: DECIMALS })}
          pending={mode === 'stake' ? `Staking ${grove(form.amount!)} GROVE…` : `Unstaking ${grove(form.amount!)} sGROVE…`}
          done={mode === 'stake' ? `Staked ${grove(form.amount!)} GROVE for ${grove(form.preview.out)} sGROVE` : `Unstaked ${grove(form.amount!)} sGROVE for ${grove(form.preview.out)} GROVE`}
          invalidates={[vaultKey(algod, deployment.vaultAppId)]}
          onDone={() => {
            setReviewing(false)
            setText('')
          }}
          onClose={() => setReviewing(false)}
        >
          <dl className="details">
            <div>
              <dt>You send</dt>
              <dd>
                {grove(form.amount!)} {from}
              </dd>
            </div>
            <div>
              <dt>You receive</dt>
              <dd>
                {grove(form.preview.out)} {to}
              </dd>
            </div>
          </dl>
        </VaultReview>
      ) : null}
    </Panel>
  )
}

/** The review every vault action goes through: built once, simulated, signed with toasts; failures in the vault's words. */
function VaultReview(props: ReviewTexts & { action: VaultAction; invalidates: (readonly unknown[])[] }) {
  const { deployment, algod } = useProtocol()
  const tx = useTransaction()
  const dex = useQuery(sdkQuery())
  const prepared = useQuery(preparedQuery('vault', dex.data, tx.context(), [keyOf(props.action)], (s, c) => prepareContractAction(s, c, 'Vault', props.action)))

  return (
    <PreparedReview
      {...props}
      tx={tx}
      prepared={prepared}
      explain={(error) => (dex.data ? readableTxError(dex.data, error, 'Vault', deployment) : String(error))}
      explainSend={(d, error) => readableTxError(d, error, 'Vault', deployment)}
      invalidates={[...props.invalidates, chainClockQuery(algod).queryKey]}
    >
      {props.children}
    </PreparedReview>
  )
}

/** The vault's fee balances waiting for a buyback, each with the step it needs next. */
function PendingFees(props: { deployment: Deployment; sdk: VaultSdk; fees: PendingFee[]; pools: Pool[] | undefined; tokens: ReadonlyMap<number, Token>; devMode: boolean }) {
  return (
    <Panel title="Fees waiting for a buyback">
      <p className="hint">
        Protocol fees collect in the vault. Anyone may buy them back into GROVE for the vault, along the path the protocol admin set for each asset. A buyback is bounded by the pools’ time-weighted price over the vault’s observation of them between 10 minutes and an hour old, so it cannot be sandwiched.
      </p>
      {props.devMode ? <p className="hint">This network makes a block only for a transaction, and a transaction runs at the last block’s time: a wait counts down when a block lands, not with the clock.</p> : null}
      {props.fees.length === 0 ? (
        <p className="empty">The vault holds no fees to buy back.</p>
      ) : (
        <Table label="Fees waiting for a buyback" className="table--stack" columns={[{ label: 'Asset' }, { label: 'Amount' }, { label: 'Route' }, { label: 'Status' }, { label: 'Action', hideLabel: true }]}>
          {props.fees.map((fee) => (
            <FeeRow key={fee.asset} deployment={props.deployment} sdk={props.sdk} pools={props.pools} tokens={props.tokens} fee={fee} />
          ))}
        </Table>
      )}
    </Panel>
  )
}

function FeeRow(props: { deployment: Deployment; sdk: VaultSdk; fee: PendingFee; pools: Pool[] | undefined; tokens: ReadonlyMap<number, Token> }) {
  const { deployment, sdk, fee, pools, tokens } = props
  const { algod } = useProtocol()
  const user = useWalletSession().activeAddress
  const tx = useTransaction()
  const [action, setAction] = useState<VaultAction | null>(null)
  const token = tokens.get(fee.asset)
  const symbol = (id: bigint | number) => tokens.get(Number(id))?.symbol ?? `#${id}`
  const unit = (id: bigint) => ({ symbol: symbol(id), decimals: tokens.get(Number(id))?.decimals ?? 0 })
  const readiness = useQuery(buybackReadinessQuery(algod, deployment, fee.asset, fee.amount, pools))
  const step = readiness.data ? buybackStep(readiness.data, user) : null
  const path = readiness.data?.path ?? null
  const name = token?.symbol ?? `#${fee.asset}`
  const toObserve = step?.kind === 'observe' ? step.pools : []

  let status: string
  let button: { label: string; name: string; action: VaultAction | null }
  if (readiness.isError) {
    status = readiness.error.message
    button = { label: 'Buy back', name: `Buy back ${name}`, action: null }
  } else if (!step) {
    status = 'Reading the vault’s path and observations…'
    button = { label: 'Buy back', name: `Buy back ${name}`, action: null }
  } else if (step.kind === 'no-path') {
    status = 'The protocol admin has not set a buyback path for this asset'
    button = { label: 'Buy back', name: `Buy back ${name}`, action: null }
  } else if (step.kind === 'observe') {
    status = step.thenWait ? `${step.reason}. Observe, then wait 10 minutes.` : `${step.reason}. Observe them too, and the buyback can run at once.`
    button = { label: 'Observe', name: `Observe pools for ${name}`, action: { kind: 'observe', pools: toObserve } }
  } else if (step.kind === 'wait') {
    status = `Observed: the TWAP window is 10 minutes, wait ${formatWait(step.seconds)} more.`
    button = { label: 'Buy back', name: `Buy back ${name}`, action: null }
  } else if (step.kind === 'blocked') {
    status = step.reason
    button = { label: 'Buy back', name: `Buy back ${name}`, action: null }
  } else {
    status = `Ready: at least ${formatAmount(step.minOut, DECIMALS, { thousands: true })} GROVE`
    button = { label: 'Buy back', name: `Buy back ${name}`, action: { kind: 'buyback', asset: BigInt(fee.asset), path: path! } }
  }

  return (
    <tr data-testid={`fee-${fee.asset}`}>
      <th scope="row">{name}</th>
      <td>{token ? formatAmount(fee.amount, token.decimals, { thousands: true }) : String(fee.amount)}</td>
      <td>{path ? [fee.asset, ...path].map(symbol).join(' → ') : '—'}</td>
      <td className="fee-status" data-testid="fee-status">
        {status}
      </td>
      <td>
        <button type="button" className="button" aria-label={button.name} disabled={button.action === null || tx.busy} onClick={() => setAction(button.action)}>
          {button.label}
        </button>
        {action ? (
          <VaultReview
            title={action.kind === 'observe' ? `Observe the pools of ${name}’s route` : `Buy back ${name}`}
            confirmLabel={action.kind === 'observe' ? 'Observe' : 'Buy back'}
            action={action}
            quoted={[]}
            asset={unit}
            pending={action.kind === 'observe' ? 'Observing the pools…' : `Buying back ${name}…`}
            done={action.kind === 'observe' ? 'Observed: a buyback can run in 10 minutes' : `Bought back ${name} into GROVE for the vault`}
            invalidates={[vaultKey(algod, deployment.vaultAppId)]}
            onDone={() => setAction(null)}
            onClose={() => setAction(null)}
          >
            <p>
              {action.kind === 'observe'
                ? `The vault records the pools’ cumulative prices now (${toObserve.map(([a, b]) => `${symbol(a)}/${symbol(b)}`).join(', ')}). A buyback may run once the observation is 10 minutes old. A new observation pays for its box (${formatAlgo(sdk.OBSERVATION_BOX_MIN_BALANCE)} each).`
                : `The vault swaps its ${name} to GROVE along the protocol admin’s path ${[fee.asset, ...(action.kind === 'buyback' ? (action.path ?? []) : [])].map(symbol).join(' → ')}, for at least the TWAP price less 1%. The GROVE it buys enters the rate over 7 days: each sGROVE redeems for a little more every second until then.`}
            </p>
          </VaultReview>
        ) : null}
      </td>
    </tr>
  )
}
