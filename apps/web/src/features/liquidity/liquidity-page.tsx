import { useQuery } from '@tanstack/react-query'
import { useId, useReducer, useState } from 'react'
import { AmountField } from '@/components/dex/amount-field.tsx'
import { TokenSelector } from '@/components/dex/token-selector.tsx'
import { Table } from '@/components/ui/table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { Stepper } from '@/components/ui/stepper.tsx'
import { useImportedTokens } from '@/lib/tokens/imported-tokens.ts'
import { useMarket } from '@/lib/pools/market.ts'
import { stableToken } from '@/lib/pools/figures.ts'
import { displayPrice } from '@grove/sdk/figures'
import { usePreparedReview } from '@/components/dex/prepared-review.tsx'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import { readableTxError, withReader } from '@/lib/tx/sdk.ts'
import { algodKey } from '@/lib/algod.ts'
import { formatAmount } from '@grove/sdk/amount'
import { useAnalyticsPools, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { feeTierWords, useNetworkVenues } from '@/lib/pools/venues.ts'
import { usePoolsPerBlock } from '@/lib/pools/pools.ts'
import { TINYMAN_V2_LABEL } from '@grove/sdk/venue-ids'
import { emptyText as emptyTextOf } from '@/lib/empty-state.ts'
import { DEPLOYMENT_PROBLEM_LABEL, useDeploymentProblem, useProtocol, type DeploymentProblem } from '@/lib/protocol.ts'
import { slippagePercent, useSettings } from '@/lib/settings.ts'
import { useWalletSession, walletSession } from '@/lib/wallet-session.ts'
import { preparedLiquidityQuery } from './api/prepared-liquidity.ts'
import { AddReview, CREATE_STEPS, DetailRows, RemoveReview } from './components/liquidity-review.tsx'
import { RemovePercentField } from './components/remove-percent-field.tsx'
import { NewPoolNotice } from './components/new-pool-notice.tsx'
import { PoolList } from './components/pool-list.tsx'
import { POSITION_COLUMNS, PositionsTable } from './components/positions-table.tsx'
import { formatShare, shareBeforeAfter } from './pool-facts.ts'
import { poolRows } from './pool-list.ts'
import { addAction, algoShortfall, deriveAdd, deriveRemove, poolOf, positions, removeAction, type AddView, type LiquidityAction, type RemoveView } from './derive-liquidity.ts'
import { addReducer, INITIAL_ADD, type Leg, type RemoveState } from './liquidity-state.ts'
import { stablePoolsQuery, useStablePoolsPerBlock } from '@/lib/pools/stable-pools.ts'
import { StableLiquidity, type StableLiquidityProps } from './stable/stable-liquidity.tsx'
import type { PoolKind } from './pool-list.ts'

const INITIAL_REMOVE: RemoveState = { lpAsset: null, percent: 50 }
import './liquidity.css'

type Mode = 'add' | 'remove'

/** Liquidity: your pool shares, add liquidity (to an existing or a new pool, or single-sided) and remove it. */
export function LiquidityPage() {
  const deploymentProblem = useDeploymentProblem()
  const { network, algod, deployment } = useProtocol()
  const settings = useSettings()
  const session = useWalletSession()
  const address = session.activeAddress
  const [mode, setMode] = useState<Mode>('add')
  // the pool's curve the panel works on: the DEX's constant product, or the Stable app's
  const [kind, setKind] = useState<PoolKind>('constant-product')
  const [stablePick, setStablePick] = useState<StableLiquidityProps['picked']>(null)
  // the Stable app's pools, beside the DEX's in the list (one query, through the SDK's stable readers)
  const stablePools = useQuery(stablePoolsQuery(algod, deployment))
  useStablePoolsPerBlock(algod, deployment)
  const [add, dispatch] = useReducer(addReducer, INITIAL_ADD)
  // the DEX's fee-tier menu: a new pool is created in one of these
  const feeTiers = useQuery({
    queryKey: [...algodKey(algod), 'fee-tiers', deployment?.dexAppId ?? 0],
    queryFn: () => withReader(algod, deployment!, (s, r) => s.dexContract.readers.feeTiers(r)),
    enabled: deployment !== null,
  })
  const [remove, setRemove] = useState<RemoveState>(INITIAL_REMOVE)
  const [picking, setPicking] = useState<Leg | null>(null)
  const [reviewing, setReviewing] = useState<Mode | null>(null)
  const imported = useImportedTokens(network.id)
  const market = useMarket(algod, deployment, address, imported)
  // reserves, shares and quotes follow every block, as the swap card's do (another account's trade moves them)
  usePoolsPerBlock(algod, deployment)
  // 24h volume and fee APR for the pool list, when the analytics service runs; nothing else waits on it
  const analyticsUrl = useAnalyticsUrl()
  const analytics = useAnalyticsPools(deployment ? analyticsUrl : null)
  // Tinyman's pools beside Grove's (from the analytics service, which follows both), named as this network names the venue
  const { tinyman } = useNetworkVenues()
  const sdk = market.sdk ?? null
  const slippage = slippagePercent(settings)
  const slippageBps = Math.round(slippage * 100)
  const tx = useTransaction()
  const ids = { a: useId(), b: useId() }

  const mine = sdk && market.pools && market.holdings ? positions(sdk, market.pools, market.holdings, market.tokens) : []
  const common = { connected: address !== null, deployed: deployment !== null }
  const addView = deriveAdd({ state: add, sdk, pools: market.pools, tokens: market.tokens, holdings: market.holdings, slippageBps, ...common })
  const removeView = deriveRemove(sdk, remove.lpAsset === null && mine[0] ? { ...remove, lpAsset: Number(mine[0].pool.lpAsset) } : remove, mine, common.connected, common.deployed, slippageBps)

  // The review builds the group first, so the fee it shows is the fee the wallet signs for.
  const action = reviewing === 'add' ? addAction(addView, add.single) : reviewing === 'remove' ? removeAction(removeView) : null
  const prepared = useQuery({ ...preparedLiquidityQuery(market.sdk, reviewing ? tx.context() : null, action), enabled: action !== null })
  // The one review flow: it simulates the very group the wallet will sign, shows what it does to the account, and signs it.
  const flow = usePreparedReview({
    tx,
    prepared,
    ready: action !== null,
    explain: (error) => (market.sdk ? readableTxError(market.sdk, error) : error.message),
    problem: action && prepared.data ? algoShortfall(action, prepared.data.fee, prepared.data.poolDeposit, market.holdings) : null,
  })
  const review = {
    fee: flow.fee,
    slippagePercent: slippage,
    preparing: flow.preparing,
    prepareError: flow.prepareError,
    busy: flow.busy,
    simulation: flow.simulation,
    onConfirm: () => void onConfirm(),
    onClose: () => setReviewing(null),
  }

  function onAction(mode: Mode, view: AddView | RemoveView) {
    if (view.button.kind === 'connect') return walletSession.openModal()
    if (view.button.kind === 'ready') setReviewing(mode)
  }

  async function onConfirm() {
    if (!action || !prepared.data) return
    const pairTokens = action.kind === 'remove' ? removeView.position && [removeView.position.tokenA, removeView.position.tokenB] : addView.tokenA && addView.tokenB && [addView.tokenA, addView.tokenB]
    const ok = await flow.confirm({ ...toastTexts(action, addView, removeView, add.single, remove.percent), tokens: pairTokens || undefined })
    if (!ok) return
    // A created pool is still empty: the pools have been re-read, so the review moves on to the deposit.
    if (action.kind === 'create') return
    setReviewing(null)
    // A confirmed action resets its form: the amounts typed, or the position and percentage removed.
    if (action.kind === 'remove') setRemove(INITIAL_REMOVE)
    else dispatch({ type: 'clear' })
  }

  const read = { networkName: network.name, deployed: deployment !== null, problem: deploymentProblem, failed: market.poolsError !== null }
  const emptyText =
    deployment && !address
      ? 'Connect a wallet to see your shares.'
      : emptyTextOf({ ...read, what: 'pool shares', pending: !(market.holdings && market.pools) }, 'You hold no pool shares yet. Add liquidity to a pool to earn its trading fees.')

  return (
    <Page title="Liquidity" intro="Deposit two tokens in a pool to earn its trading fees. Your share is an LP token you can withdraw at any time, pro rata." wide>
      {deployment ? null : <NotDeployed networkName={network.name} needs="Adding and removing liquidity" />}
      {market.poolsError ? (
        <Notice tone="error" title="Pools unavailable">
          {market.poolsError}
        </Notice>
      ) : null}
      <div className="grid grid--2 shares-grid">
        <Panel title="Your pool shares">
          {mine.length > 0 ? (
            <PositionsTable
              positions={mine}
              onRemove={(p) => {
                setRemove({ lpAsset: Number(p.pool.lpAsset), percent: remove.percent })
                setMode('remove')
              }}
            />
          ) : (
            <Table label="Your positions" columns={POSITION_COLUMNS} empty={emptyText} />
          )}
        </Panel>
        <div id="liquidity-form" className="liquidity-form">
          <Panel
            title={`${mode === 'add' ? 'Add liquidity' : 'Remove liquidity'}${kind === 'stable' ? ': stable pool' : ''}`}
            actions={
              <div role="tablist" aria-label="Liquidity action" className="segmented">
                <button type="button" role="tab" aria-selected={mode === 'add'} className={mode === 'add' ? 'active' : ''} onClick={() => setMode('add')}>
                  Add
                </button>
                <button type="button" role="tab" aria-selected={mode === 'remove'} className={mode === 'remove' ? 'active' : ''} onClick={() => setMode('remove')}>
                  Remove
                </button>
              </div>
            }
          >
            <div role="radiogroup" aria-label="Pool kind" className="segmented pool-kind">
              {(['constant-product', 'stable'] as const).map((k) => (
                <button key={k} type="button" role="radio" aria-checked={kind === k} className={kind === k ? 'active' : ''} onClick={() => setKind(k)} data-testid={`pool-kind-${k}`}>
                  {k === 'stable' ? 'Stable' : 'Constant product'}
                </button>
              ))}
            </div>
            {kind === 'stable' ? (
              <StableLiquidity mode={mode} sdk={sdk} tokens={market.tokens} options={market.options} holdings={market.holdings} address={address} picked={stablePick} />
            ) : mode === 'add' ? (
              <form
                className="stack"
                aria-label="Add liquidity"
                onSubmit={(e) => {
                  e.preventDefault()
                  onAction('add', addView)
                }}
              >
                <label className="field">
                  <span>Fee tier</span>
                  <select className="input" value={add.feeBps} onChange={(e) => dispatch({ type: 'tier', feeBps: Number(e.target.value) })} data-testid="fee-tier">
                    {(feeTiers.data ?? [30n]).map((t) => (
                      <option key={String(t)} value={Number(t)}>
                        {feeTierWords(t)}{addView.tokenA && addView.tokenB ? (poolOf(market.pools, addView.tokenA.id, addView.tokenB.id, Number(t)) ? ' (pool exists)' : ' (new pool)') : ''}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="checkbox">
                  <input type="checkbox" checked={add.single} onChange={(e) => dispatch({ type: 'single', single: e.target.checked })} />
                  Deposit one token only (part of it is swapped for the other)
                </label>
                <AmountField
                  id={ids.a}
                  label={add.single ? 'Deposit' : 'First token'}
                  value={addView.textA}
                  token={addView.tokenA}
                  balance={balance(market.holdings, addView.tokenA?.id)}
                  error={add.typed === 'a' ? addView.fieldError : null}
                  onChange={(text) => dispatch({ type: 'type', leg: 'a', text })}
                  onPickToken={() => setPicking('a')}
                />
                {add.single ? (
                  <div className="field">
                    <span className="hint">Into the pool with</span>
                    <button type="button" className="button token-button" onClick={() => setPicking('b')} aria-label={addView.tokenB ? `Pool pair: ${addView.tokenB.symbol}, change token` : 'Pool pair: select a token'}>
                      {addView.tokenB?.symbol ?? 'Select a token'} <span aria-hidden="true">▾</span>
                    </button>
                  </div>
                ) : (
                  <AmountField
                    id={ids.b}
                    label="Second token"
                    value={addView.textB}
                    token={addView.tokenB}
                    balance={balance(market.holdings, addView.tokenB?.id)}
                    error={add.typed === 'b' ? addView.fieldError : null}
                    onChange={(text) => dispatch({ type: 'type', leg: 'b', text })}
                    onPickToken={() => setPicking('b')}
                  />
                )}
                <AddDetails view={addView} verified={market.verified} />
                {addView.pool && !addView.creating && addView.tokenA && addView.tokenB ? (
                  <PoolFacts view={addView} userLp={market.holdings?.assets.get(Number(addView.pool.lpAsset)) ?? 0n} />
                ) : null}
                {addView.message && addView.button.kind !== 'select-token' ? (
                  <p className="field__error" role="alert">
                    {addView.message}
                  </p>
                ) : null}
                {addView.step ? <Stepper label="Creating a pool takes two signatures" steps={CREATE_STEPS} current={addView.step === 'create' ? 0 : 1} /> : null}
                <button type="submit" className="button button--primary button--block" disabled={addView.button.disabled || tx.busy}>
                  {actionText(addView.button, tx.busy, deploymentProblem)}
                </button>
              </form>
            ) : (
              <RemoveForm
                view={removeView}
                positions={mine}
                percent={remove.percent}
                busy={tx.busy}
                onPick={(lpAsset) => setRemove({ ...remove, lpAsset })}
                onPercent={(percent) => setRemove({ lpAsset: removeView.position ? Number(removeView.position.pool.lpAsset) : null, percent })}
                onSubmit={() => onAction('remove', removeView)}
              />
            )}
          </Panel>
        </div>
      </div>
      <Panel title="All pools">
        <PoolList
          rows={market.pools ? poolRows(market.pools, market.tokens, market.holdings, analytics.data && new Map(analytics.data.map((p) => [p.id, p])), stableToken(market.tokens, network.id, deployment), analytics.data && { pools: analytics.data, label: tinyman?.label ?? TINYMAN_V2_LABEL }, stablePools.data) : []}
          empty={emptyTextOf({ ...read, what: 'pools', pending: !market.pools }, 'No pools yet.')}
          network={network.id}
          onAdd={(row) => {
            setKind(row.kind)
            if (row.kind === 'stable') setStablePick({ first: Number(row.pool.a), second: Number(row.pool.b), feeBps: Number(row.pool.feeBps), lpAsset: Number(row.pool.lpAsset), at: Date.now() })
            else dispatch({ type: 'pair', first: Number(row.pool.a), second: Number(row.pool.b), feeBps: Number(row.pool.feeBps) })
            setMode('add')
            document.getElementById('liquidity-form')?.scrollIntoView({ block: 'start' })
          }}
          onRemove={(row) => {
            setKind(row.kind)
            if (row.kind === 'stable') setStablePick({ first: Number(row.pool.a), second: Number(row.pool.b), feeBps: Number(row.pool.feeBps), lpAsset: Number(row.pool.lpAsset), at: Date.now() })
            else setRemove({ lpAsset: Number(row.pool.lpAsset), percent: remove.percent })
            setMode('remove')
            document.getElementById('liquidity-form')?.scrollIntoView({ block: 'start' })
          }}
        />
      </Panel>
      {picking ? (
        <TokenSelector
          title={picking === 'a' ? 'First token' : 'Second token'}
          options={market.options}
          selectedId={picking === 'a' ? add.first : add.second}
          network={network.id}
          algod={algod}
          onPick={(tokenId) => {
            dispatch({ type: 'select', leg: picking, tokenId })
            setPicking(null)
          }}
          onClose={() => setPicking(null)}
        />
      ) : null}
      {reviewing === 'add' && action ? <AddReview {...review} view={addView} single={add.single} poolDeposit={prepared.data?.poolDeposit} /> : null}
      {reviewing === 'remove' && action ? <RemoveReview {...review} view={removeView} percentOf={remove.percent} /> : null}
    </Page>
  )
}

// What the toasts say while an action is with the wallet and once it lands.
function toastTexts(action: LiquidityAction, add: AddView, remove: RemoveView, single: boolean, percent: number): { pending: string; done: string } {
  const amount = (value: bigint | null, token: { decimals: number; symbol: string } | null) => `${formatAmount(value ?? 0n, token?.decimals ?? 0, { thousands: true })} ${token?.symbol ?? ''}`
  const { tokenA: a, tokenB: b } = add
  const pair = `${a?.symbol}/${b?.symbol}`
  const both = `${amount(add.amountA, a)}${single ? '' : ` and ${amount(add.amountB, b)}`}`
  switch (action.kind) {
    case 'create':
      return { pending: `Creating the ${pair} pool (step 1 of 2)`, done: `Created the ${pair} pool: now deposit to set its price` }
    case 'add':
      return add.step === 'deposit' ? { pending: `Depositing ${both} in the new ${pair} pool (step 2 of 2)`, done: `Added ${both} to ${pair}: the pool is open` } : { pending: `Adding ${both} to ${pair}`, done: `Added ${both} to ${pair}` }
    case 'zap':
      return { pending: `Adding ${both} to ${pair}`, done: `Added ${both} to ${pair}` }
    case 'remove': {
      const p = remove.position!
      return {
        pending: `Removing ${percent}% of your ${p.tokenA.symbol}/${p.tokenB.symbol} share`,
        done: `Withdrew ${amount(remove.amountA, p.tokenA)} and ${amount(remove.amountB, p.tokenB)}`,
      }
    }
  }
}

function balance(holdings: { algo: bigint; assets: Map<number, bigint> } | undefined, id: number | undefined): bigint | undefined {
  if (!holdings || id === undefined) return undefined
  return id === 0 ? holdings.algo : holdings.assets.get(id)
}

function actionText(button: { kind: string; label: string }, busy: boolean, problem: DeploymentProblem): string {
  if (busy) return 'Waiting for your wallet…'
  return button.kind === 'wrong-network' ? DEPLOYMENT_PROBLEM_LABEL[problem ?? 'not-deployed'] : button.label
}

function AddDetails({ view, verified }: { view: AddView; verified: ReadonlySet<number> }) {
  const { tokenA, tokenB } = view
  if (!tokenA || !tokenB) return null
  return (
    <>
      <NewPoolNotice view={view} verified={verified} />
      {view.lp !== null ? (
        <dl className="details trade-details">
          {view.creating && view.amountA && view.amountB ? (
            <div>
              <dt>Initial price</dt>
              <dd data-testid="initial-price">
                1 {tokenA.symbol} = {displayPrice(view.amountB, tokenB.decimals, view.amountA, tokenA.decimals)} {tokenB.symbol}
              </dd>
            </div>
          ) : null}
          {view.swapAmount !== null ? (
            <div>
              <dt>Swapped first</dt>
              <dd>
                {formatAmount(view.swapAmount, tokenA.decimals, { thousands: true })} {tokenA.symbol}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>LP tokens you receive</dt>
            <dd data-testid="lp-out">{formatAmount(view.lp, 6, { thousands: true })}</dd>
          </div>
          <div>
            <dt>Minimum LP tokens</dt>
            <dd>{formatAmount(view.minLp ?? 0n, 6, { thousands: true })}</dd>
          </div>
          <div>
            <dt>Your share of the pool</dt>
            <dd>{view.sharePercent === null ? '—' : `${view.sharePercent.toLocaleString('en-US', { maximumFractionDigits: 4 })}%`}</dd>
          </div>
        </dl>
      ) : null}
    </>
  )
}

function RemoveForm(props: {
  view: RemoveView
  positions: ReturnType<typeof positions>
  percent: number
  busy: boolean
  onPick(lpAsset: number): void
  onPercent(percent: number): void
  onSubmit(): void
}) {
  const deploymentProblem = useDeploymentProblem()
  const { view } = props
  const p = view.position
  return (
    <form
      className="stack"
      aria-label="Remove liquidity"
      onSubmit={(e) => {
        e.preventDefault()
        props.onSubmit()
      }}
    >
      <label className="field">
        <span>Pool share</span>
        <select value={p ? String(p.pool.lpAsset) : ''} onChange={(e) => props.onPick(Number(e.target.value))} disabled={props.positions.length === 0}>
          {props.positions.length === 0 ? <option value="">You hold no pool shares</option> : null}
          {props.positions.map((x) => (
            <option key={String(x.pool.lpAsset)} value={String(x.pool.lpAsset)}>
              {x.tokenA.symbol}/{x.tokenB.symbol} · {formatAmount(x.lp, 6, { thousands: true })} LP
            </option>
          ))}
        </select>
      </label>
      <RemovePercentField percent={props.percent} testId="remove-percent" onPercent={props.onPercent} />
      {p ? (
        <dl className="details trade-details" aria-label="You receive">
          <DetailRows
            rows={[
              { label: 'LP tokens returned', value: formatAmount(view.lp, 6, { thousands: true }) },
              {
                label: 'You receive',
                value: (
                  <>
                    {formatAmount(view.amountA, p.tokenA.decimals, { thousands: true })} {p.tokenA.symbol}
                    <br />
                    {formatAmount(view.amountB, p.tokenB.decimals, { thousands: true })} {p.tokenB.symbol}
                  </>
                ),
                testId: 'remove-preview',
              },
              {
                label: 'Minimum received',
                value: `${formatAmount(view.minA, p.tokenA.decimals, { thousands: true })} ${p.tokenA.symbol} · ${formatAmount(view.minB, p.tokenB.decimals, { thousands: true })} ${p.tokenB.symbol}`,
              },
            ]}
          />
        </dl>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={view.button.disabled || props.busy}>
        {actionText(view.button, props.busy, deploymentProblem)}
      </button>
    </form>
  )
}

// The pool the add form deposits into: its reserves, price and the user's share before and after.
function PoolFacts({ view, userLp }: { view: AddView; userLp: bigint }) {
  const pool = view.pool!
  const [a, b] = pool.a === BigInt(view.tokenA!.id) ? [view.tokenA!, view.tokenB!] : [view.tokenB!, view.tokenA!]
  const share = shareBeforeAfter(pool, userLp, view.lp)
  return (
    <dl className="details trade-details pool-facts" aria-label="Pool facts" data-testid="pool-facts">
      <div>
        <dt>Pool reserves</dt>
        <dd data-testid="facts-reserves">
          {formatAmount(pool.reserveA, a.decimals, { thousands: true })} {a.symbol}
          <br />
          {formatAmount(pool.reserveB, b.decimals, { thousands: true })} {b.symbol}
        </dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{pool.reserveA === 0n ? '—' : `1 ${a.symbol} = ${displayPrice(pool.reserveB, b.decimals, pool.reserveA, a.decimals)} ${b.symbol}`}</dd>
      </div>
      <div>
        <dt>Your share</dt>
        <dd data-testid="facts-share">
          {formatShare(share.before)}
          {share.after === null ? '' : ` → ${formatShare(share.after)}`}
        </dd>
      </div>
    </dl>
  )
}
