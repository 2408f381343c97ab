// The review a built group goes through, shared by the staking, dashboard and vault actions: the
// page builds the group once per action (so the fee shown is the fee paid), this simulates it for
// the balance changes, shows them beside what the form quoted, and signs it through the one
// transaction runner with toasts; a failed send rebuilds the group.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import { simulationQuery } from '@/lib/tx/simulation.ts'
import type { PreparedTx } from '@/lib/tx/types.ts'
import type { useTransaction } from '@/lib/tx/use-transaction.ts'
import { ReviewDialog, type QuotedChange } from './review-dialog.tsx'

/** What a page says about its action's review: texts, what it promises, and what follows. */
export interface ReviewTexts {
  title: string
  confirmLabel: string
  /** What the action promises to move (besides the fee). */
  quoted: QuotedChange[]
  asset(id: bigint): { symbol: string; decimals: number }
  /** The toasts' words while the group is sent, and once it landed. */
  pending: string
  done: string
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
  const { prepared, tx } = props
  const ready = props.action !== null
  const simulated = useQuery(simulationQuery(ready ? prepared.data : undefined))

  async function confirm() {
    if (!ready || !prepared.data) return
    const group = prepared.data
    const ok = await tx.run({ pending: props.pending, done: props.done, send: () => group.send(), explain: props.explainSend, invalidates: props.invalidates })
    if (ok) props.onDone()
    else void prepared.refetch()
  }

  return (
    <ReviewDialog
      title={props.title}
      confirmLabel={props.confirmLabel}
      preparing={ready && (prepared.isFetching || (!prepared.data && !prepared.error))}
      prepareError={!ready ? (props.invalid ?? 'Complete the form above') : prepared.error ? props.explain(prepared.error) : null}
      busy={tx.busy}
      simulation={{ pending: simulated.isPending, error: simulated.error ? props.explain(simulated.error) : null, changes: simulated.data ?? null }}
      quoted={{ changes: props.quoted, fee: prepared.isFetching ? null : (prepared.data?.fee ?? null), asset: props.asset }}
      onConfirm={() => void confirm()}
      onClose={props.onClose}
    >
      {props.children}
    </ReviewDialog>
  )
}
