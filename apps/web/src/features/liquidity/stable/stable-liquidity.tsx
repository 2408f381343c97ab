import { useQuery } from '@tanstack/react-query'
import { useId, useReducer, useState } from 'react'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import { AmountField } from '@/components/dex/amount-field.tsx'
import { usePreparedReview } from '@/components/dex/prepared-review.tsx'
import type { QuotedChange } from '@/components/dex/review-dialog.tsx'
import { TokenSelector, type TokenOption } from '@/components/dex/token-selector.tsx'
import { Stepper } from '@/components/ui/stepper.tsx'
import type { Holdings } from '@/lib/account/account.ts'
import { DEPLOYMENT_PROBLEM_LABEL, useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { slippagePercent, useSettings } from '@/lib/settings.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { optIn, readableTxError, type GroveSdk } from '@/lib/tx/sdk.ts'
import { useChainNow } from '@/lib/locks/locks.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import { walletSession } from '@/lib/wallet-session.ts'
import { formatShare } from '../pool-facts.ts'
import { atLeast, DetailRows, LiquidityReview, quotedChanges, type DetailRow, type ReviewState } from '../components/liquidity-review.tsx'
import { RemovePercentField } from '../components/remove-percent-field.tsx'
import { ampView, deriveStableAdd, deriveStableRemove, MAX_AMP, MIN_AMP, STABLE_FEE_TIERS, STABLE_LOCKED_LP, stableAddAction, stableDeliveredWords, stablePositions, stableRemoveAction, type StableAddView, type StablePool, type StableRemoveView } from './derive-stable.ts'
import { stablePoolsQuery } from '@/lib/pools/stable-pools.ts'
import { feeTierWords } from '@/lib/pools/venues.ts'
import { preparedStableQuery } from './stable-api.ts'
import { INITIAL_STABLE, stableReducer } from './stable-state.ts'

/** The two signatures of a new stable pool, as the stepper names them. */
export const STABLE_CREATE_STEPS = ['Create stable pool', 'First deposit']

/** What the page gives the stable forms: the loaded SDK and the account's tokens and holdings. */
export interface StableLiquidityProps {
  mode: 'add' | 'remove'
  sdk: GroveSdk | null
  tokens: ReadonlyMap<number, Token>
  options: TokenOption[]
  holdings: Holdings | undefined
  address: string | null
  /** A pool picked from the list (its pair and fee tier), applied once per pick. */
  picked: { first: number; second: number; feeBps: number; lpAsset: number; at: number } | null
}

const amount = (value: bigint, token: Token) => `${formatAmount(value, token.decimals, { thousands: true })} ${token.symbol}`
// Two amounts a line each (a narrow column wraps them), a space between for text and screen readers.
const lines = (x: string, y: string) => (
  <>
    <span className="amount-line">{x}</span> <span className="amount-line">{y}</span>
  </>
)

/** A stable pool's forms: create one (A and fee), add any amounts (the imbalance fee shown before signing), remove in proportion. */
export function StableLiquidity(props: StableLiquidityProps) {
  const { network, algod, deployment } = useProtocol()
  const deploymentProblem = useDeploymentProblem()
  const settings = useSettings()
  const slippage = slippagePercent(settings)
  const slippageBps = Math.round(slippage * 100)
  const [state, dispatch] = useReducer(stableReducer, INITIAL_STABLE)
  const [appliedPick, setAppliedPick] = useState<number | null>(null)
  const [removeLp, setRemoveLp] = useState<string | null>(null)
  if (props.picked && props.picked.at !== appliedPick) {
    setAppliedPick(props.picked.at)
    dispatch({ type: 'pair', first: props.picked.first, second: props.picked.second, feeBps: props.picked.feeBps })
    setRemoveLp(String(props.picked.lpAsset))
  }
  const [picking, setPicking] = useState<'a' | 'b' | null>(null)
  const [reviewing, setReviewing] = useState<'add' | 'remove' | null>(null)
  const pools = useQuery(stablePoolsQuery(algod, deployment))
  // A moves along a ramp by the chain's clock, which the quote follows (as the group builder's does);
  // null until the chain's time is read: no quote from the page's clock, which may be far from a dev chain's
  const { now } = useChainNow(15_000)
  const tx = useTransaction()
  const ids = { a: useId(), b: useId(), amp: useId(), tier: useId(), pick: useId() }
  const common = { connected: props.address !== null, deployed: deployment !== null }

  const addView = deriveStableAdd({ state, sdk: props.sdk, pools: pools.data, tokens: props.tokens, holdings: props.holdings, now, slippageBps, ...common })
  const mine = stablePositions(pools.data, props.holdings, props.tokens)
  const position = mine.find((p) => String(p.pool.lpAsset) === removeLp) ?? mine[0] ?? null
  const removeView = deriveStableRemove(props.sdk, position, state.percent, common.connected, common.deployed, slippageBps)

  const action = reviewing === 'add' ? stableAddAction(addView) : reviewing === 'remove' ? stableRemoveAction(removeView) : null
  const prepared = useQuery({ ...preparedStableQuery(props.sdk, reviewing ? tx.context() : null, action), enabled: action !== null })
  const flow = usePreparedReview({ tx, prepared, ready: action !== null, explain: (error) => (props.sdk ? readableTxError(props.sdk, error, 'Stable', deployment) : error.message) })
  const poolsKey = stablePoolsQuery(algod, deployment).queryKey

  async function onConfirm() {
    if (!action) return
    const explain = (sdk: GroveSdk, error: unknown) => readableTxError(sdk, error, 'Stable', deployment)
    if (action.kind === 'create-pool') {
      const [a, b] = addView.poolTokens!
      // once it lands the review closes and the form offers the next step (the LP opt-in, then the first
      // deposit): a review left open would vanish while the pools are re-read and come back by itself
      const created = await flow.confirm({ pending: `Creating the ${a.symbol}/${b.symbol} stable pool (step 1 of 2)`, done: `Created the ${a.symbol}/${b.symbol} stable pool at A = ${action.amp}: now make its first deposit`, explain, invalidates: [poolsKey] })
      if (created) setReviewing(null)
      return
    }
    // this form reviews a creation, an add or a remove, nothing else
    if (action.kind !== 'add' && action.kind !== 'remove') return
    const pool = action.pool
    const a = props.tokens.get(Number(pool.a)) ?? { id: Number(pool.a), symbol: `#${pool.a}`, name: '', decimals: 0 }
    const b = props.tokens.get(Number(pool.b)) ?? { id: Number(pool.b), symbol: `#${pool.b}`, name: '', decimals: 0 }
    const pair = `${a.symbol}/${b.symbol}`
    const kind = action.kind === 'add' ? 'add' : 'remove'
    const ok = await flow.confirm({
      pending: kind === 'add' ? `Adding liquidity to the ${pair} stable pool` : `Removing ${state.percent}% of your ${pair} stable pool share`,
      done: (result) => stableDeliveredWords(kind, result.delivered, a, b, pool.lpAsset, pair),
      tokens: [a, b],
      explain,
      invalidates: [poolsKey],
    })
    if (!ok) return
    setReviewing(null)
    if (kind === 'add') dispatch({ type: 'clear' })
  }

  function onSubmit(view: StableAddView | StableRemoveView, mode: 'add' | 'remove') {
    if (view.button.kind === 'connect') return walletSession.openModal()
    if (view.button.kind === 'opt-in' && 'pool' in view && view.pool) {
      const lpAsset = Number(view.pool.lpAsset)
      const name = view.button.label.replace(/^Opt in to /, '')
      void tx.run({ pending: `Opting in to ${name}…`, done: `Opted in to ${name}`, send: (sdk, ctx) => optIn(sdk, ctx, lpAsset) })
      return
    }
    if (view.button.kind === 'ready') setReviewing(mode)
  }
  const label = (button: { kind: string; label: string }) => (tx.busy ? 'Waiting for your wallet…' : button.kind === 'wrong-network' ? DEPLOYMENT_PROBLEM_LABEL[deploymentProblem ?? 'not-deployed'] : button.label)
  const balance = (t: Token | null) => (!t || !props.holdings ? undefined : t.id === 0 ? props.holdings.algo : (props.holdings.assets.get(t.id) ?? 0n))
  const review = { preparing: flow.preparing, prepareError: flow.prepareError, busy: flow.busy, simulation: flow.simulation, onConfirm: () => void onConfirm(), onClose: () => setReviewing(null) }

  return (
    <div className="stack" data-testid="stable-liquidity">
      {pools.error ? (
        <p className="field__error" role="alert">
          Stable pools unavailable: {pools.error.message}
        </p>
      ) : null}
      {props.mode === 'add' ? (
        <form
          className="stack"
          aria-label="Add liquidity to a stable pool"
          onSubmit={(e) => {
            e.preventDefault()
            onSubmit(addView, 'add')
          }}
        >
          <label className="field" htmlFor={ids.tier}>
            <span>Fee tier</span>
            <select id={ids.tier} className="input" value={state.feeBps} onChange={(e) => dispatch({ type: 'tier', feeBps: Number(e.target.value) })} data-testid="stable-fee-tier">
              {STABLE_FEE_TIERS.map((t) => (
                <option key={t} value={t}>
                  {feeTierWords(t)}{addView.poolTokens ? (pools.data?.some((p) => p.a === BigInt(addView.poolTokens![0].id) && p.b === BigInt(addView.poolTokens![1].id) && p.feeBps === BigInt(t)) ? ' (pool exists)' : ' (new pool)') : ''}
                </option>
              ))}
            </select>
          </label>
          <AmountField id={ids.a} label="First token" value={state.textA} token={addView.tokenA} balance={balance(addView.tokenA)} error={null} onChange={(text) => dispatch({ type: 'type', leg: 'a', text })} onPickToken={() => setPicking('a')} />
          <AmountField id={ids.b} label="Second token" value={state.textB} token={addView.tokenB} balance={balance(addView.tokenB)} error={null} onChange={(text) => dispatch({ type: 'type', leg: 'b', text })} onPickToken={() => setPicking('b')} />
          {addView.step === 'create' ? (
            <div className="field">
              <label htmlFor={ids.amp}>Amplifier A ({MIN_AMP} to {MAX_AMP.toLocaleString('en-US')})</label>
              <input id={ids.amp} className="input" inputMode="numeric" value={state.ampText} aria-invalid={addView.ampError !== null} aria-describedby={`${ids.amp}-hint`} onChange={(e) => dispatch({ type: 'amp', text: e.target.value })} data-testid="stable-amp" />
              <span id={`${ids.amp}-hint`} className="hint">
                A higher A keeps the price near 1:1 over a wider range of reserves; dollar coins usually take 100 to 200.
              </span>
            </div>
          ) : null}
          {addView.pool && addView.poolTokens && props.sdk && now !== null ? <StablePoolFacts sdk={props.sdk} pool={addView.pool} tokens={addView.poolTokens} now={now} userLp={props.holdings?.assets.get(Number(addView.pool.lpAsset)) ?? 0n} /> : null}
          <StableAddDetails view={addView} />
          {addView.message && addView.button.kind !== 'select-token' ? (
            <p className="field__error" role="alert" data-testid="stable-message">
              {addView.message}
            </p>
          ) : null}
          {addView.step ? <Stepper label="Creating a stable pool takes two signatures" steps={STABLE_CREATE_STEPS} current={addView.step === 'create' ? 0 : 1} /> : null}
          <button type="submit" className="button button--primary button--block" disabled={addView.button.disabled || tx.busy}>
            {label(addView.button)}
          </button>
        </form>
      ) : (
        <form
          className="stack"
          aria-label="Remove liquidity from a stable pool"
          onSubmit={(e) => {
            e.preventDefault()
            onSubmit(removeView, 'remove')
          }}
        >
          <label className="field" htmlFor={ids.pick}>
            <span>Stable pool share</span>
            <select id={ids.pick} value={position ? String(position.pool.lpAsset) : ''} onChange={(e) => setRemoveLp(e.target.value)} disabled={mine.length === 0}>
              {mine.length === 0 ? <option value="">You hold no stable pool shares</option> : null}
              {mine.map((p) => (
                <option key={String(p.pool.lpAsset)} value={String(p.pool.lpAsset)}>
                  {p.tokenA.symbol}/{p.tokenB.symbol} · {feeTierWords(p.pool.feeBps)} · {formatAmount(p.lp, 6, { thousands: true })} LP
                </option>
              ))}
            </select>
          </label>
          <RemovePercentField percent={state.percent} testId="stable-remove-percent" onPercent={(percent) => dispatch({ type: 'percent', percent })} />
          {position ? (
            <dl className="details trade-details" aria-label="You receive">
              <DetailRows
                rows={[
                  { label: 'LP tokens returned', value: formatAmount(removeView.lp, 6, { thousands: true }), testId: 'stable-remove-lp' },
                  {
                    label: 'You receive (in proportion)',
                    value: lines(amount(removeView.amountA, position.tokenA), amount(removeView.amountB, position.tokenB)),
                    testId: 'stable-remove-preview',
                    data: { 'data-amount-a': String(removeView.amountA), 'data-amount-b': String(removeView.amountB) },
                  },
                  { label: 'Minimum received', value: `${amount(removeView.minA, position.tokenA)} · ${amount(removeView.minB, position.tokenB)}` },
                ]}
              />
            </dl>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={removeView.button.disabled || tx.busy}>
            {label(removeView.button)}
          </button>
        </form>
      )}
      {picking ? (
        <TokenSelector
          title={picking === 'a' ? 'First token' : 'Second token'}
          options={props.options}
          selectedId={picking === 'a' ? state.first : state.second}
          network={network.id}
          algod={algod}
          onPick={(tokenId) => {
            dispatch({ type: 'select', leg: picking, tokenId })
            setPicking(null)
          }}
          onClose={() => setPicking(null)}
        />
      ) : null}
      {reviewing === 'add' && action ? <StableAddReview {...review} fee={flow.fee} view={addView} poolDeposit={prepared.data?.poolDeposit} slippagePercent={slippage} /> : null}
      {reviewing === 'remove' && action ? <StableRemoveReview {...review} fee={flow.fee} view={removeView} percent={state.percent} slippagePercent={slippage} /> : null}
    </div>
  )
}

/** A stable pool's facts: reserves, A (and its ramp), fee tier, the user's share. */
export function StablePoolFacts(props: { sdk: GroveSdk; pool: StablePool; tokens: [Token, Token]; now: bigint; userLp: bigint }) {
  const { pool } = props
  const [a, b] = props.tokens
  const amp = ampView(props.sdk, pool, props.now)
  const supply = pool.lpIssued + STABLE_LOCKED_LP
  return (
    <dl className="details trade-details pool-facts" aria-label="Stable pool facts" data-testid="stable-pool-facts">
      <div>
        <dt>Pool reserves</dt>
        <dd data-testid="stable-reserves" data-reserve-a={String(pool.reserveA)} data-reserve-b={String(pool.reserveB)}>
          {lines(amount(pool.reserveA, a), amount(pool.reserveB, b))}
        </dd>
      </div>
      <div>
        <dt>Amplifier A</dt>
        <dd data-testid="stable-amp-now">
          {amp.now.toLocaleString('en-US', { maximumFractionDigits: 2 })}
          {amp.ramp ? ` (ramping from ${amp.ramp.from} to ${amp.ramp.to} until ${amp.ramp.endsAt.toLocaleString()})` : ''}
        </dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd data-testid="stable-fee">{Number(pool.feeBps) / 100}%</dd>
      </div>
      <div>
        <dt>Your share</dt>
        <dd>{formatShare(Number((props.userLp * 100n * 1_000_000n) / supply) / 1_000_000)}</dd>
      </div>
    </dl>
  )
}

// What the add form shows under the amounts: LP minted, the imbalance fee, the locked first units.
function StableAddDetails({ view }: { view: StableAddView }) {
  if (!view.poolTokens) return null
  const [a, b] = view.poolTokens
  const first = view.step !== null
  return (
    <dl className="details trade-details" aria-label="Deposit details">
      {view.lp !== null ? (
        <>
          <div>
            <dt>LP tokens you receive</dt>
            <dd data-testid="stable-lp-out" data-lp={String(view.lp)}>
              {formatAmount(view.lp, 6, { thousands: true })}
            </dd>
          </div>
          <div>
            <dt>Minimum LP tokens</dt>
            <dd>{formatAmount(view.minLp ?? 0n, 6, { thousands: true })}</dd>
          </div>
          {!first ? (
            <div>
              <dt>Imbalance fee</dt>
              <dd data-testid="stable-imbalance-fee" data-fee-a={String(view.imbalanceFeeA)} data-fee-b={String(view.imbalanceFeeB)}>
                {view.imbalanceFeeA === 0n && view.imbalanceFeeB === 0n ? 'None (a proportional deposit)' : lines(amount(view.imbalanceFeeA, a), amount(view.imbalanceFeeB, b))}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Your share of the pool after</dt>
            <dd>{view.sharePercent === null ? '—' : formatShare(view.sharePercent)}</dd>
          </div>
        </>
      ) : null}
      {first ? (
        <div>
          <dt>Locked by the first deposit</dt>
          <dd data-testid="stable-locked">
            {formatAmount(STABLE_LOCKED_LP, 6)} LP ({STABLE_LOCKED_LP.toLocaleString('en-US')} units) forever{view.lockedPercent !== null ? `, ${formatShare(view.lockedPercent)} of what it mints` : ''}
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

/** Reviews a stable deposit (or a new pool's creation, step 1 of 2): what goes in, the imbalance fee, the LP back, the fee. */
export function StableAddReview(props: ReviewState & { view: StableAddView; poolDeposit?: bigint }) {
  const { view } = props
  if (!view.poolTokens) return null
  const [a, b] = view.poolTokens
  const pair = `${a.symbol}/${b.symbol}`
  const create = view.step === 'create'
  const lpAsset = view.pool?.lpAsset
  const promised: QuotedChange[] = create
    ? props.poolDeposit === undefined
      ? []
      : [{ asset: 0n, amount: -props.poolDeposit, note: 'pool creation deposit' }]
    : [
        ...(view.amountA ? [{ asset: BigInt(a.id), amount: -view.amountA }] : []),
        ...(view.amountB ? [{ asset: BigInt(b.id), amount: -view.amountB }] : []),
        ...(lpAsset === undefined || view.lp === null ? [] : [{ asset: lpAsset, amount: view.lp, note: view.minLp === null ? undefined : atLeast(view.minLp, 6) }]),
      ]
  const rows: DetailRow[] = create
    ? [
        { label: 'Amplifier A', value: String(view.amp), testId: 'review-amp' },
        { label: 'Fee tier', value: feeTierWords(view.feeBps) },
        { label: 'Pool creation deposit', value: props.poolDeposit === undefined ? 'Calculating…' : formatAlgo(props.poolDeposit), testId: 'review-pool-deposit' },
      ]
    : [
        { label: 'You deposit', value: lines(amount(view.amountA ?? 0n, a), amount(view.amountB ?? 0n, b)), testId: 'review-deposit' },
        {
          label: 'Imbalance fee',
          value: `${amount(view.imbalanceFeeA, a)} · ${amount(view.imbalanceFeeB, b)}`,
          testId: 'review-imbalance-fee',
          data: { 'data-fee-a': String(view.imbalanceFeeA), 'data-fee-b': String(view.imbalanceFeeB) },
        },
        { label: 'LP tokens you receive', value: formatAmount(view.lp ?? 0n, 6, { thousands: true }), testId: 'review-lp' },
        { label: 'Minimum LP tokens', value: formatAmount(view.minLp ?? 0n, 6, { thousands: true }), testId: 'review-min-lp' },
      ]
  return (
    <LiquidityReview
      state={props}
      title={create ? `Create the ${pair} stable pool` : `Review deposit to the ${pair} stable pool`}
      confirmLabel={create ? 'Sign step 1: create pool' : view.step === 'deposit' ? 'Sign step 2: first deposit' : 'Confirm deposit'}
      quoted={quotedChanges(promised, props.fee, [a, b], lpAsset, pair)}
      rows={rows}
      hint={
        create
          ? 'First the pool is created, empty: you pay the stable pools app its minimum balance. Then your first deposit (both tokens) opens it; 1,000 LP units of it stay locked forever.'
          : 'A deposit away from the pool’s balance pays Curve’s imbalance fee to the pool’s LPs; with fewer LP tokens than the minimum, it fails and you keep your tokens.'
      }
    >
      {view.step ? <Stepper label="Creating a stable pool takes two signatures" steps={STABLE_CREATE_STEPS} current={create ? 0 : 1} /> : null}
    </LiquidityReview>
  )
}

/** Reviews a stable withdrawal: the LP returned and both sides back in proportion, with their minimums and the fee. */
export function StableRemoveReview(props: ReviewState & { view: StableRemoveView; percent: number }) {
  const { view } = props
  const p = view.position
  if (!p) return null
  const pair = `${p.tokenA.symbol}/${p.tokenB.symbol}`
  const promised: QuotedChange[] = [
    { asset: p.pool.lpAsset, amount: -view.lp },
    { asset: BigInt(p.tokenA.id), amount: view.amountA, note: atLeast(view.minA, p.tokenA.decimals) },
    { asset: BigInt(p.tokenB.id), amount: view.amountB, note: atLeast(view.minB, p.tokenB.decimals) },
  ]
  const rows: DetailRow[] = [
    { label: 'You return', value: `${formatAmount(view.lp, 6, { thousands: true })} ${pair} LP (${props.percent}%)`, testId: 'review-return' },
    { label: 'You receive', value: lines(amount(view.amountA, p.tokenA), amount(view.amountB, p.tokenB)), testId: 'review-receive' },
  ]
  return <LiquidityReview state={props} title={`Review withdrawal from the ${pair} stable pool`} confirmLabel="Confirm withdrawal" quoted={quotedChanges(promised, props.fee, [p.tokenA, p.tokenB], p.pool.lpAsset, pair)} rows={rows} slippage={false} />
}
