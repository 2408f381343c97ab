// The one review flow of a built group, for every page's action (swap, liquidity, staking, the
// dashboard's locks and projects, the vault, admin): the page builds the group once per action (so
// the fee shown is the fee paid), `usePreparedReview` simulates it for the balance changes while the
// review is open and signs it through the one transaction runner with toasts (a failed send rebuilds
// the group), and ReviewDialog shows it. Swap and liquidity pass the flow to their own review
// contents; the other pages use PreparedReview, which is the flow and the dialog together.
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import type { PreparedTx, TxResult } from '@/lib/tx/types.ts'
import type { useTransaction } from '@/lib/tx/use-transaction.ts'
import { usePreparedReview } from './use-prepared-review.ts'
import { ReviewDialog, type QuotedChange } from './review-dialog.tsx'

export { usePreparedReview, type ReviewFlow, type ReviewFlowOptions } from './use-prepared-review.ts'

/** What a page says about its action's review: texts, what it promises, and what follows. */
export interface ReviewTexts {
  title: string
  confirmLabel: string
  /** What the action promises to move (besides the fee). */
  quoted: QuotedChange[]
  asset(id: bigint): { symbol: string; decimals: number }
  /** The toasts' words while the group is sent, and once it landed (from where it landed). */
  pending: string
  done: string | ((result: TxResult) => string)
  onDone(): void
  onClose(): void
  children: ReactNode
}

/** Props of {@link PreparedReview}. */
export interface PreparedReviewProps extends ReviewTexts {
  /** The page's transaction runner (it also gave the context the group was built with). */
  tx: ReturnType<typeof useTransaction>
  /** The query building the group. */
  prepared: UseQueryResult<PreparedTx>
  /** The action the group is built for; null while what the user typed cannot make one (`invalid` says why). */
  action: unknown
  invalid?: string | null
  /** Words for a build or simulation failure. */
  explain(error: Error): string
  /** Words for a send failure, in the group's app's terms. */
  explainSend(sdk: GroveSdk, error: unknown): string
  /** Queries the action changes, refreshed once it lands. */
  invalidates: readonly (readonly unknown[])[]
}

/** A review dialog for one built group, with its simulated balance changes and fee. */
export function PreparedReview(props: PreparedReviewProps) {
  const ready = props.action !== null
  const flow = usePreparedReview({ tx: props.tx, prepared: props.prepared, ready, explain: props.explain })

  async function confirm() {
    if (await flow.confirm({ pending: props.pending, done: props.done, explain: props.explainSend, invalidates: props.invalidates })) props.onDone()
  }

  return (
    <ReviewDialog
      title={props.title}
      confirmLabel={props.confirmLabel}
      preparing={flow.preparing}
      prepareError={!ready ? (props.invalid ?? 'Complete the form above') : flow.prepareError}
      busy={flow.busy}
      simulation={flow.simulation}
      quoted={{ changes: props.quoted, fee: flow.fee, asset: props.asset }}
      onConfirm={() => void confirm()}
      onClose={props.onClose}
    >
      {props.children}
    </ReviewDialog>
  )
}
