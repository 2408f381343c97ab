import { useEffect, useRef, type ReactNode } from 'react'
import { Modal } from '@/components/ui/modal.tsx'
import { formatAmount } from '@grove/sdk/amount'
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
  const disabled = props.blocked === true || props.busy || props.preparing || props.prepareError !== null
  const button = useRef<HTMLButtonElement>(null)
  // A button that was disabled under the keyboard's focus dropped it to the page: give it back once signable.
  useEffect(() => {
    if (!disabled && document.activeElement === document.body) button.current?.focus()
  }, [disabled])
  return (
    <Modal title={props.title} onClose={props.onClose}>
      {props.children}
      {props.prepareError ? (
        <p className="field__error" role="alert">
          {props.prepareError}
        </p>
      ) : null}
      <button ref={button} type="button" className="button button--primary button--block" disabled={disabled} aria-busy={props.busy || props.preparing} onClick={props.onConfirm}>
        {props.busy ? 'Confirm in your wallet…' : props.preparing ? 'Preparing the transaction…' : props.confirmLabel}
      </button>
    </Modal>
  )
}

/** One headline amount of a review: what goes in or comes back. */
export interface ReviewAmount {
  label: string
  value: ReactNode
  testId?: string
}

/** The headline amounts of a review, label left, amount right (wrapping on a phone). */
export function ReviewAmounts(props: { amounts: ReviewAmount[] }) {
  return (
    <div className="review-amounts">
      {props.amounts.map((a) => (
        <p key={a.label}>
          <span className="hint">{a.label}</span>
          <strong data-testid={a.testId}>{a.value}</strong>
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
      <dd data-testid="network-fee">{props.fee === null ? 'Calculating…' : `${formatAmount(props.fee, 6)} ALGO`}</dd>
    </div>
  )
}
