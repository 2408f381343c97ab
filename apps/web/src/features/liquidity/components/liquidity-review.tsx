import type { ReactNode } from 'react'
import { NetworkFeeRow, ReviewAmounts, ReviewDialog, type QuotedChange, type QuotedChanges, type SimulationState } from '@/components/dex/review-dialog.tsx'
import { Stepper } from '@/components/ui/stepper.tsx'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import type { Token } from '@/lib/tokens/tokens.ts'
import { Notice } from '@/components/ui/notice.tsx'
import { displayPrice } from '@grove/sdk/figures'
import { LIQUIDITY_FEE, LOCKED_WARNING_PERCENT, type AddView, type RemoveView } from '../derive-liquidity.ts'

/** The two signatures of a new pool, as the stepper names them. */
export const CREATE_STEPS = ['Create pool', 'Deposit']

/** What every liquidity review shares: the built group's state and the two callbacks. */
export interface ReviewState {
  /** The built group's exact fee; null while it is being built. */
  fee: bigint | null
  slippagePercent: number
  preparing: boolean
  prepareError: string | null
  busy: boolean
  /** The built group's simulation (the page runs it once the group is built). */
  simulation?: SimulationState
  onConfirm(): void
  onClose(): void
}

/** One row of a details list: its term and its value, with the value's test id and data attributes. */
export interface DetailRow {
  label: string
  value: ReactNode
  testId?: string
  /** The value's data-* attributes (exact amounts a test reads). */
  data?: Record<`data-${string}`, string | number>
}

/** A details list's rows, a `<dt>`/`<dd>` pair each; a null row is left out. */
export function DetailRows({ rows }: { rows: readonly (DetailRow | null)[] }) {
  return (
    <>
      {rows.map((row) =>
        row ? (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId} {...row.data}>
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
    </>
  )
}

/** Props of {@link LiquidityReview}. */
export interface LiquidityReviewProps {
  state: ReviewState
  title: string
  confirmLabel: string
  quoted: QuotedChanges
  /** What stands above the details: the steps, a warning, the amounts in and out. */
  children?: ReactNode
  rows: readonly (DetailRow | null)[]
  /** Whether the slippage tolerance follows the network fee (true unless false). */
  slippage?: boolean
  /** The sentence under the details. */
  hint?: ReactNode
}

/** The layout of every liquidity review (the DEX's and the stable pools'): what stands above, the rows, the network fee and slippage, a hint. */
export function LiquidityReview({ state, ...props }: LiquidityReviewProps) {
  return (
    <ReviewDialog
      title={props.title}
      confirmLabel={props.confirmLabel}
      preparing={state.preparing}
      prepareError={state.prepareError}
      busy={state.busy}
      simulation={state.simulation}
      quoted={props.quoted}
      onConfirm={state.onConfirm}
      onClose={state.onClose}
    >
      {props.children}
      <dl className="details trade-details">
        <DetailRows rows={props.rows} />
        <NetworkFeeRow fee={state.fee} />
        {props.slippage === false ? null : <DetailRows rows={[{ label: 'Slippage tolerance', value: `${state.slippagePercent}%` }]} />}
      </dl>
      {props.hint === undefined ? null : <p className="hint">{props.hint}</p>}
    </ReviewDialog>
  )
}

/** What a liquidity group promises, its assets named: the pair's two tokens and its LP token (6 decimals). */
export function quotedChanges(changes: QuotedChange[], fee: bigint | null, tokens: Token[], lpAsset: bigint | undefined, pair: string): QuotedChanges {
  return {
    changes,
    fee,
    asset: (id) => (id === lpAsset ? { symbol: `${pair} LP`, decimals: 6 } : (tokens.find((t) => BigInt(t.id) === id) ?? { symbol: `#${id}`, decimals: 0 })),
  }
}
/** A minimum, as the quoted changes note it. */
export const atLeast = (value: bigint, decimals: number): string => `at least ${formatAmount(value, decimals, { thousands: true })}`

const amount = (value: bigint, token: Token) => `${formatAmount(value, token.decimals, { thousands: true })} ${token.symbol}`
// Two amounts a line each (a narrow column wraps "x and y" mid-amount); screen readers and text still get the "and".
const pairOf = (x: string, y: string) => (
  <>
    <span className="amount-line">{x}</span>
    <span className="visually-hidden"> and </span>
    <span className="amount-line">{y}</span>
  </>
)
const percent = (value: number | null) => (value === null ? '—' : value > 0 && value < 0.0001 ? '<0.0001%' : `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })}%`)

/** Props of {@link AddReview}. */
export interface AddReviewProps extends ReviewState {
  view: AddView
  single: boolean
  /** µALGO a new pool's creation pays the DEX (its minimum balance), once the group is built. */
  poolDeposit?: bigint
}

/** Reviews a deposit (to a pool, single-sided, or a new pool's two steps): what goes in, the LP back with its minimum, the share after, the fee. */
export function AddReview(props: AddReviewProps) {
  const { view } = props
  const { tokenA, tokenB } = view
  if (!tokenA || !tokenB || view.amountA === null || view.lp === null) return null
  const pair = `${tokenA.symbol}/${tokenB.symbol}`
  const step = view.step
  const title = step ? `Create the ${pair} pool` : `Review deposit to ${pair}`
  const confirmLabel = step === 'create' ? 'Sign step 1: create pool' : step === 'deposit' ? 'Sign step 2: deposit' : 'Confirm deposit'
  const deposit = props.single || view.amountB === null ? amount(view.amountA, tokenA) : pairOf(amount(view.amountA, tokenA), amount(view.amountB, tokenB))
  const lpAsset = view.pool?.lpAsset
  // Step 1 of a new pool only pays the DEX its minimum balance; every other add deposits and gets LP back.
  const promised: QuotedChange[] =
    step === 'create'
      ? props.poolDeposit === undefined
        ? []
        : [{ asset: 0n, amount: -props.poolDeposit, note: 'pool creation deposit' }]
      : [
          { asset: BigInt(tokenA.id), amount: -view.amountA },
          ...(props.single || view.amountB === null ? [] : [{ asset: BigInt(tokenB.id), amount: -view.amountB }]),
          ...(lpAsset === undefined ? [] : [{ asset: lpAsset, amount: view.lp, note: view.minLp === null ? undefined : atLeast(view.minLp, 6) }]),
        ]
  const rows: (DetailRow | null)[] = [
    step && view.amountB ? { label: 'Initial price', value: <>1 {tokenA.symbol} = {displayPrice(view.amountB, tokenB.decimals, view.amountA, tokenA.decimals)} {tokenB.symbol}</> } : null,
    view.swapAmount !== null ? { label: 'Swapped first', value: amount(view.swapAmount, tokenA) } : null,
    { label: 'Minimum LP tokens', value: formatAmount(view.minLp ?? 0n, 6, { thousands: true }), testId: 'review-min-lp' },
    { label: 'Your share of the pool after', value: percent(view.sharePercent), testId: 'review-share' },
    view.locked
      ? {
          label: 'Locked in the pool forever',
          value: (
            <>
              {pairOf(amount(view.locked.amountA, tokenA), amount(view.locked.amountB, tokenB))} ({percent(view.locked.sharePercent)})
            </>
          ),
          testId: 'review-locked',
          data: { 'data-percent': view.locked.sharePercent },
        }
      : null,
    step === 'create' ? { label: 'Pool creation deposit', value: props.poolDeposit === undefined ? 'Calculating…' : formatAlgo(props.poolDeposit), testId: 'review-pool-deposit' } : null,
  ]
  const hint =
    step === 'create'
      ? `The network fee above is step 1’s; the deposit pays its own (at most ${formatAlgo(LIQUIDITY_FEE)}).`
      : props.single
        ? `If the pool’s price moves by more than ${props.slippagePercent}% before this confirms, it fails and you keep your ${tokenA.symbol}.`
        : `The pool takes your tokens at its ratio and returns any excess in the same transaction; with fewer LP tokens than the minimum, it fails and you keep your tokens.`
  return (
    <LiquidityReview state={props} title={title} confirmLabel={confirmLabel} quoted={quotedChanges(promised, props.fee, [tokenA, tokenB], lpAsset, pair)} rows={rows} hint={hint}>
      {step ? (
        <>
          <Stepper label="Creating a pool takes two signatures" steps={CREATE_STEPS} current={step === 'create' ? 0 : 1} />
          <p className="hint">
            {step === 'create'
              ? 'First the pool is created, empty: you pay the DEX its minimum balance. Then your deposit sets its first price. If you stop in between, come back here to make the deposit.'
              : 'The pool exists and is empty. Your deposit sets its first price.'}
          </p>
        </>
      ) : null}
      {view.locked && view.locked.sharePercent > LOCKED_WARNING_PERCENT ? (
        <div data-testid="locked-warning">
          <Notice tone="warning" title={`${percent(view.locked.sharePercent)} of this deposit stays in the pool forever`}>
            <p>
              A pool’s first deposit locks 1,000 LP units for good, so that nobody can empty it. With these amounts they hold {amount(view.locked.amountA, tokenA)} and {amount(view.locked.amountB, tokenB)}: your LP tokens redeem {percent(view.sharePercent)} of what you deposit. A larger deposit (in base units of both tokens) makes the locked part smaller.
            </p>
          </Notice>
        </div>
      ) : null}
      <ReviewAmounts
        amounts={[
          { label: step === 'create' ? 'You will deposit (step 2)' : 'You deposit', value: deposit, testId: 'review-deposit', tokens: props.single || view.amountB === null ? [tokenA] : [tokenA, tokenB] },
          { label: step === 'create' ? 'You will receive' : 'You receive (estimated)', value: `${formatAmount(view.lp, 6, { thousands: true })} ${pair} LP`, testId: 'review-lp' },
        ]}
      />
    </LiquidityReview>
  )
}

/** Props of {@link RemoveReview}. */
export interface RemoveReviewProps extends ReviewState {
  view: RemoveView
  percentOf: number
}

/** Reviews a withdrawal: the LP returned, what comes back with its minimums, the share left, the fee. */
export function RemoveReview(props: RemoveReviewProps) {
  const { view } = props
  const p = view.position
  if (!p) return null
  const pair = `${p.tokenA.symbol}/${p.tokenB.symbol}`
  const quoted = quotedChanges(
    [
      { asset: p.pool.lpAsset, amount: -view.lp },
      { asset: BigInt(p.tokenA.id), amount: view.amountA, note: atLeast(view.minA, p.tokenA.decimals) },
      { asset: BigInt(p.tokenB.id), amount: view.amountB, note: atLeast(view.minB, p.tokenB.decimals) },
    ],
    props.fee,
    [p.tokenA, p.tokenB],
    p.pool.lpAsset,
    pair,
  )
  const rows: DetailRow[] = [
    { label: 'Minimum received', value: pairOf(amount(view.minA, p.tokenA), amount(view.minB, p.tokenB)), testId: 'review-minimum' },
    { label: 'Your share of the pool after', value: percent(view.shareAfter), testId: 'review-share' },
  ]
  return (
    <LiquidityReview
      state={props}
      title={`Review withdrawal from ${pair}`}
      confirmLabel="Confirm withdrawal"
      quoted={quoted}
      rows={rows}
      hint="If the pool’s price moves so that either amount falls below its minimum before this confirms, it fails and you keep your LP tokens."
    >
      <ReviewAmounts
        amounts={[
          { label: 'You return', value: `${formatAmount(view.lp, 6, { thousands: true })} ${pair} LP (${props.percentOf}%)`, testId: 'review-return' },
          { label: 'You receive (estimated)', value: pairOf(amount(view.amountA, p.tokenA), amount(view.amountB, p.tokenB)), testId: 'review-receive' },
        ]}
      />
    </LiquidityReview>
  )
}
