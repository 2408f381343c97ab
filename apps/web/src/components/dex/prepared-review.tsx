// The one review flow of a built group, for every page's action (swap, liquidity, staking, the
// dashboard's locks and projects, the vault, admin): the page builds the group once per action (so
// the fee shown is the fee paid), `usePreparedReview` simulates it for the balance changes while the
// review is open and signs it through the one transaction runner with toasts (a failed send rebuilds
// the group), and ReviewDialog shows it. Swap and liquidity pass the flow to their own review
// contents; the other pages use PreparedReview, which is the flow and the dialog together.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import { simulationQuery } from '@/lib/tx/simulation.ts'
import type { PreparedTx } from '@/lib/tx/types.ts'
import type { PageTransaction, useTransaction } from '@/lib/tx/use-transaction.ts'
import { ReviewDialog, type QuotedChange, type SimulationState } from './review-dialog.tsx'

/** What the review flow reads: the runner, the query building the group, and whether there is an action. */
export interface ReviewFlowOptions {
  /** The page's transaction runner (it also gave the context the group was built with). */
  tx: ReturnType<typeof useTransaction>
  /** The query building the group. */
  prepared: UseQueryResult<PreparedTx>
  /** Whether the review is open on an action (its group built or being built); the simulation runs only then. */
  ready: boolean
  /** Words for a build or simulation failure. */
  explain(error: Error): string
  /** Why a built group cannot be sent after all (e.g. its fee is more than the balance), shown as its build error. */
  problem?: string | null
}

/** The review's state and its one confirm. */
export interface ReviewFlow {
  preparing: boolean
  prepareError: string | null
  simulation: SimulationState
  busy: boolean
  /** The built group's fee; null while it is being built. */
  fee: bigint | null
  /** Signs and sends the built group with these toasts; false (and the group rebuilt) when it did not land. */
  confirm(run: Omit<PageTransaction, 'send'>): Promise<boolean>
}

/** The one prepare → simulate → review → sign → confirm flow of a built group. */
export function usePreparedReview(o: ReviewFlowOptions): ReviewFlow {
  const { prepared, tx, ready } = o
  const simulated = useQuery(simulationQuery(ready ? prepared.data : undefined))
  return {
    preparing: ready && (prepared.isFetching || (!prepared.data && !prepared.error)),
    prepareError: prepared.error ? o.explain(prepared.error) : (o.problem ?? null),
    simulation: { pending: simulated.isPending, error: simulated.error ? o.explain(simulated.error) : null, changes: simulated.data ?? null },
    busy: tx.busy,
    fee: prepared.isFetching ? null : (prepared.data?.fee ?? null),
    async confirm(run) {
      if (!ready || !prepared.data) return false
      const group = prepared.data
      const ok = await tx.run({ ...run, send: () => group.send() })
      // a group the wallet refused cannot be sent again: build a fresh one for another try
      if (!ok) void prepared.refetch()
      return ok
    },
  }
}

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
