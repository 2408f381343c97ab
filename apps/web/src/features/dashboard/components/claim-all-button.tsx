// "Claim all": every pending reward of the active account's farm and pool positions, through the
// dashboard's one review (simulated balance changes, the fee), signed once, then toasts.
import { useState } from 'react'
import { formatAmount } from '@grove/sdk/amount'
import { ActionReview, type ClaimAllAction } from './action-review.tsx'
import { claimablePrograms } from '../portfolio.ts'
import type { ValuedPortfolio } from '../valued-portfolio.ts'

/** The button and, once pressed, the review of every claim. */
export function ClaimAll(props: { v: ValuedPortfolio }) {
  const { v } = props
  const [action, setAction] = useState<ClaimAllAction | null>(null)
  const claimable = claimablePrograms(v.stakes)
  // Per reward asset, what the page shows pending now: what the review promises.
  const totals = new Map<bigint, bigint>()
  for (const s of claimable) for (const r of s.pending) totals.set(r.asset, (totals.get(r.asset) ?? 0n) + r.amount)
  const asset = (id: bigint) => {
    const t = v.tokens.get(Number(id))
    return { symbol: t?.symbol ?? `#${id}`, decimals: t?.decimals ?? 0 }
  }
  const text = [...totals].map(([id, amount]) => `${formatAmount(amount, asset(id).decimals, { thousands: true })} ${asset(id).symbol}`).join(', ')
  function open() {
    // The review claims what was pending when pressed: the set of programs is frozen here.
    setAction({ programs: v.programs.filter((p) => claimable.some((c) => c.programId === p.id)), positions: v.positions, held: v.held })
  }
  return (
    <>
      <button type="button" className="button" disabled={claimable.length === 0} onClick={open} title={claimable.length === 0 ? 'No farm or staking pool has rewards pending for this account' : undefined}>
        {claimable.length === 0 ? 'No rewards to claim' : `Claim all rewards (${claimable.length})`}
      </button>
      {action ? (
        <ActionReview
          title="Review claim all"
          confirmLabel="Claim all"
          action={{ app: 'claims', action }}
          quoted={[...totals].map(([id, amount]) => ({ asset: id, amount, note: 'pending now' }))}
          asset={asset}
          pending={`Claiming ${text}…`}
          done={`Claimed the rewards of ${action.programs.length} program(s)`}
          onDone={() => setAction(null)}
          onClose={() => setAction(null)}
        >
          <p>
            Claims the pending rewards of {action.programs.length} farm and staking-pool position(s): {text}. Your stakes stay where they are.
          </p>
        </ActionReview>
      ) : null}
    </>
  )
}
