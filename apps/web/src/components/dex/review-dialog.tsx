import type { BalanceChanges } from '@grove/sdk'
import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react'
import { Modal } from '@/components/ui/modal.tsx'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import type { Token } from '@/lib/tokens/tokens.ts'
import { TokenLogo } from './token-logo.tsx'
import './review.css'

/** Props of {@link ReviewDialog}. */
export interface ReviewDialogProps {
  title: string
  /** The confirm button's words when the group is ready to sign. */
  confirmLabel: string
  /** The group is being built (and its fee measured): nothing to sign yet. */
  preparing: boolean
  /** Why the group could not be built or cannot be paid, in words. */
  prepareError: string | null
  /** The wallet is being asked to sign, or the group is being confirmed. */
  busy: boolean
  /** Something the user must still do inside the dialog first (type "confirm"). */
  blocked?: boolean
  /** The built group's simulation; a failed one says why and leaves nothing to sign. */
  simulation?: SimulationState
  /** What the quote promised, shown beside the simulation's changes. */
  quoted?: QuotedChanges
  onConfirm(): void
  onClose(): void
  children: ReactNode
}

/**
 * The review step every DEX action shares: the page builds the group first so what the dialog
 * shows (the network fee above all) is what the wallet signs; the button waits for the build,
 * refuses a group that failed, and says when the wallet is asking.
 */
export function ReviewDialog(props: ReviewDialogProps) {
  const sim = props.simulation
  const simulating = sim !== undefined && sim.pending && !props.preparing && props.prepareError === null
  const simulationFailed = sim !== undefined && sim.error !== null && !props.preparing
  const disabled = props.blocked === true || props.busy || props.preparing || props.prepareError !== null || simulating || (sim !== undefined && !sim.changes)
  const button = useRef<HTMLButtonElement>(null)
  // A button that was disabled under the keyboard's focus dropped it to the page: give it back once signable.
  useEffect(() => {
    if (!disabled && document.activeElement === document.body) button.current?.focus()
  }, [disabled])
  return (
    <Modal title={props.title} onClose={props.onClose}>
      {props.children}
      {sim && props.prepareError === null ? <SimulatedChanges simulation={sim} preparing={props.preparing} quoted={props.quoted} /> : null}
      {props.prepareError ? (
        <p className="field__error" role="alert">
          {props.prepareError}
        </p>
      ) : null}
      {simulationFailed ? null : (
        // Sticky at the dialog's foot: warnings and the simulation may scroll, the confirm button stays in view.
        <div className="review-dialog__actions">
          <button ref={button} type="button" className="button button--primary button--block" disabled={disabled} aria-busy={props.busy || props.preparing || simulating} onClick={props.onConfirm}>
            {props.busy ? 'Confirm in your wallet…' : props.preparing ? 'Preparing the transaction…' : simulating ? 'Simulating the transaction…' : props.confirmLabel}
          </button>
        </div>
      )}
    </Modal>
  )
}

/** A simulation's state as a review shows it. */
export interface SimulationState {
  /** The simulation is running (or waits for the group to be built). */
  pending: boolean
  /** Why the group would fail, in words. */
  error: string | null
  changes: BalanceChanges | null
}

/** One movement the quote promised, signed (negative leaves the account); `note` qualifies it ("estimated", "at most"). */
export interface QuotedChange {
  asset: bigint
  amount: bigint
  note?: string
}

/** What the quote promised: the movements, the fee, and how to name an asset. */
export interface QuotedChanges {
  changes: QuotedChange[]
  /** The built group's fee; null while it is built. */
  fee: bigint | null
  asset(id: bigint): { symbol: string; decimals: number }
}

const signed = (amount: bigint, decimals: number) => `${amount > 0n ? '+' : amount < 0n ? '−' : ''}${formatAmount(amount < 0n ? -amount : amount, decimals, { thousands: true })}`
const ALGO_UNIT = { symbol: 'ALGO', decimals: 6 }

/**
 * What algod's simulation of the exact group says the account gains and loses, each asset beside
 * what the quote promised, and the network fee apart. While it runs it says so; when the group
 * would fail it says why (and the dialog offers nothing to sign).
 */
export function SimulatedChanges(props: { simulation: SimulationState; preparing: boolean; quoted?: QuotedChanges }) {
  const headingId = useId()
  const { simulation, quoted } = props
  const unit = (id: bigint) => (id === 0n ? ALGO_UNIT : (quoted?.asset(id) ?? { symbol: `#${id}`, decimals: 0 }))
  const assets = [...new Set([...(quoted?.changes ?? []).map((c) => c.asset), ...(simulation.changes?.assets.keys() ?? [])])]
  return (
    <section className="simulated-changes" aria-labelledby={headingId} data-testid="simulated-changes">
      <h3 id={headingId}>Your balance changes</h3>
      {simulation.error && !props.preparing ? (
        <p className="field__error" role="alert" data-testid="simulation-error">
          The simulation says this transaction would fail: {simulation.error}
        </p>
      ) : props.preparing || simulation.pending || !simulation.changes ? (
        <p className="hint simulated-changes__progress" role="status">
          <span className="spinner" aria-hidden="true" />
          {props.preparing ? 'Building the transaction…' : 'Simulating the transaction on the network…'}
        </p>
      ) : (
        <p className="hint" role="status">
          Simulated on the network just now: what your account gains and loses if you sign this exact transaction.
        </p>
      )}
      <table className="simulated-changes__table">
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Quoted</th>
            <th scope="col">Simulated</th>
          </tr>
        </thead>
        <tbody>
          {assets.map((id) => {
            const u = unit(id)
            const q = quoted?.changes.find((c) => c.asset === id)
            // A group being rebuilt (after a refused signature) has no simulation yet: show none, not the last one's.
            const simulated = simulation.changes && !props.preparing ? (simulation.changes.assets.get(id) ?? 0n) : null
            return (
              <tr key={String(id)} data-testid={`simulated-change-${id}`} data-amount={simulated === null ? undefined : String(simulated)}>
                {/* A pair's LP name breaks after its slash on a phone, not mid-symbol. */}
                <th scope="row">
                  {u.symbol.split('/').map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 ? (
                        <>
                          /<wbr />
                        </>
                      ) : null}
                      {part}
                    </Fragment>
                  ))}
                </th>
                <td>
                  {q ? signed(q.amount, u.decimals) : '—'}
                  {q?.note ? <span className="hint simulated-changes__note"> {q.note}</span> : null}
                </td>
                <td>{simulated === null ? '…' : signed(simulated, u.decimals)}</td>
              </tr>
            )
          })}
          <tr data-testid="simulated-fee" data-amount={simulation.changes && !props.preparing ? String(simulation.changes.fee) : undefined}>
            <th scope="row">Network fee (ALGO)</th>
            <td>{quoted?.fee == null ? '…' : signed(-quoted.fee, 6)}</td>
            <td>{simulation.changes && !props.preparing ? signed(-simulation.changes.fee, 6) : '…'}</td>
          </tr>
        </tbody>
      </table>
    </section>
  )
}

/** One headline amount of a review: what goes in or comes back. */
export interface ReviewAmount {
  label: string
  value: ReactNode
  testId?: string
  /** Tokens whose logos stand before the amount. */
  tokens?: Pick<Token, 'id' | 'symbol'>[]
}

/** The headline amounts of a review, label left, amount right (wrapping on a phone). */
export function ReviewAmounts(props: { amounts: ReviewAmount[] }) {
  return (
    <div className="review-amounts">
      {props.amounts.map((a) => (
        <p key={a.label}>
          <span className="hint">{a.label}</span>
          <span className="review-amounts__value">
            {a.tokens?.map((t) => <TokenLogo key={t.id} token={t} size={22} />)}
            <strong data-testid={a.testId}>{a.value}</strong>
          </span>
        </p>
      ))}
    </div>
  )
}

/** The network fee row of a details list, in ALGO; `estimated` until the group is built, null while it is being built. */
export function NetworkFeeRow(props: { fee: bigint | null; estimated?: boolean }) {
  return (
    <div>
      <dt>Network fee{props.estimated ? ' (estimated)' : ''}</dt>
      <dd data-testid="network-fee">{props.fee === null ? 'Calculating…' : formatAlgo(props.fee)}</dd>
    </div>
  )
}
