// The overlays of one program: stake (with max), unstake, claim, compound, emergency withdraw, and
// the creator's top-up, extend and reclaim. Each says before sending what the staking app would
// refuse (validate.ts), then goes through the simulated review and the toasts.
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import { useId, useState } from 'react'
import { formatAmount } from '@grove/sdk/amount'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import { formatTime, localInputFromSeconds, secondsFromLocalInput } from '@/lib/locks/locks.ts'
import { balanceOf } from '@/lib/account/account.ts'
import { formatDuration, labelOf, pendingAt, type ProgramRow } from '@/lib/staking/derive.ts'
import type { StakingAction, StakingData } from '@/lib/staking/staking.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { StakingReview } from './staking-review.tsx'
import { claimProblem, compoundProblem, compoundReward, creatorProblem, readAmount, stakeProblem, unstakeProblem } from './validate.ts'
import { IssuerWarningFor } from '@/components/dex/issuer-warning.tsx'

/** An action on an existing program. */
export type ProgramActionKind = 'stake' | 'unstake' | 'claim' | 'compound' | 'emergency' | 'top-up' | 'extend' | 'reclaim'

const VERB: Record<ProgramActionKind, string> = {
  stake: 'Stake',
  unstake: 'Unstake',
  claim: 'Claim',
  compound: 'Compound',
  emergency: 'Emergency withdraw',
  'top-up': 'Top up',
  extend: 'Extend',
  reclaim: 'Reclaim',
}

/** The review of one action on `row`'s program. */
export function ProgramDialog(props: { kind: ProgramActionKind; row: ProgramRow; data: StakingData; sdk: GroveSdk['staking']; now: bigint; onClose(): void }) {
  const { kind, row, data, sdk, now } = props
  const p = row.program
  const pos = row.position
  const ids = useId()
  const [text, setText] = useState('')
  const [reward, setReward] = useState<1 | 2>(1)
  const [endInput, setEndInput] = useState(() => localInputFromSeconds(p.end + 7n * 86_400n))
  const m = CONTRACT_ERRORS.Staking
  const address = useWalletSession().activeAddress ?? ''
  const amount = (v: bigint, t: { decimals: number; symbol: string }) => `${formatAmount(v, t.decimals, { thousands: true })} ${t.symbol}`
  // an LP token reads as its pair, as on the card
  const unit = (id: bigint) => labelOf(id, data.tokens, data.market.pools ?? [])
  const pending = pendingAt(p, pos, now, sdk.pendingRewards)
  const rewardLine = (values: readonly bigint[]) => row.rewards.map((r, k) => amount(values[k] ?? 0n, r)).join(' + ')

  let action: StakingAction | null = null
  let invalid: string | null = null
  let quoted: { asset: bigint; amount: bigint; note?: string }[] = []
  let body = null
  switch (kind) {
    case 'stake': {
      const balance = balanceOf(data.market.holdings, Number(p.stakeAsset))
      invalid = stakeProblem({ program: p, text, token: row.stake, balance, now, paused: data.paused }, m)
      const parsed = readAmount(text, row.stake, m)
      action = invalid || !parsed.ok ? null : { kind: 'stake', program: p, amount: parsed.value }
      quoted = parsed.ok ? [{ asset: p.stakeAsset, amount: -parsed.value }] : []
      body = (
        <>
          <div className="field">
            <div className="field__row">
              <label htmlFor={`${ids}-amount`}>Amount of {row.stake.symbol} to stake</label>
              <button type="button" className="button button--ghost button--small" disabled={!balance} onClick={() => setText(formatAmount(balance ?? 0n, row.stake.decimals))}>
                Max
              </button>
            </div>
            <input id={`${ids}-amount`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
            <p className="hint">You hold {amount(balance ?? 0n, row.stake)}.</p>
          </div>
          {pos ? null : <p className="hint">A first stake pays 0.0445 ALGO for your position’s box, returned when you leave; you are opted in to the reward tokens you lack in the same group.</p>}
          <IssuerWarningFor tokens={[p.stakeAsset, p.rewardAsset1, ...(p.rewardCount === 2n ? [p.rewardAsset2] : [])].map((id) => data.tokens.get(Number(id)))} holder="staking" />
          {p.minStakeSeconds > 0n ? <p className="hint">Each stake restarts the minimum stake time of {formatDuration(p.minStakeSeconds)} before you can unstake (an emergency withdrawal works any time).</p> : null}
        </>
      )
      break
    }
    case 'unstake': {
      invalid = unstakeProblem({ program: p, position: pos, text, token: row.stake, now }, m)
      const parsed = readAmount(text, row.stake, m)
      action = invalid || !parsed.ok ? null : { kind: 'unstake', program: p, amount: parsed.value }
      quoted = parsed.ok ? [{ asset: p.stakeAsset, amount: parsed.value }] : []
      body = (
        <>
          <div className="field">
            <div className="field__row">
              <label htmlFor={`${ids}-amount`}>Amount of {row.stake.symbol} to unstake</label>
              <button type="button" className="button button--ghost button--small" onClick={() => setText(formatAmount(pos?.stake ?? 0n, row.stake.decimals))}>
                Max
              </button>
            </div>
            <input id={`${ids}-amount`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
            <p className="hint">You have {amount(pos?.stake ?? 0n, row.stake)} staked. Your pending rewards stay yours to claim.</p>
          </div>
        </>
      )
      break
    }
    case 'claim': {
      invalid = claimProblem({ program: p, position: pos, pending, now }, m)
      action = invalid ? null : { kind: 'claim', program: p }
      quoted = row.rewards.map((r, k) => ({ asset: r.id, amount: pending[k] ?? 0n, note: data.devMode ? undefined : 'at least' }))
      body = (
        <p>
          You claim <strong data-testid="review-claim">{rewardLine(pending)}</strong>
          {data.devMode ? '.' : ', and what accrues until the transaction runs.'}
        </p>
      )
      break
    }
    case 'compound': {
      invalid = compoundProblem({ program: p, position: pos, pending, now }, m)
      action = invalid ? null : { kind: 'compound', program: p }
      const k = compoundReward(p)
      body = (
        <p>
          Your pending {row.stake.symbol} rewards ({amount(k ? (pending[k - 1] ?? 0n) : 0n, row.stake)}) are added to your stake. This restarts the minimum stake time, if any.
        </p>
      )
      break
    }
    case 'emergency': {
      invalid = pos ? null : m['ERR:NO_POSITION']!
      action = invalid ? null : { kind: 'emergency', program: p }
      quoted = pos ? [{ asset: p.stakeAsset, amount: pos.stake }] : []
      body = (
        <div className="notice notice--warning" role="alert">
          <p className="notice__title">You give up your pending rewards</p>
          <div className="notice__body">
            Emergency withdrawal returns your whole stake ({amount(pos?.stake ?? 0n, row.stake)}) now, even before the minimum stake time and while staking is paused, and{' '}
            <strong>forfeits {rewardLine(pending)} of pending rewards</strong> for good. To keep them, claim first or use Unstake.
          </div>
        </div>
      )
      break
    }
    case 'top-up': {
      const token = row.rewards[reward - 1]!
      const perDay = readAmount(text, token, m)
      const newRate = perDay.ok ? perDay.value / 86_400n : null
      invalid = creatorProblem({ kind: 'top-up', program: p, sender: address, now, reward, newRate }, m) ?? (perDay.ok ? null : perDay.problem)
      const deposit = newRate !== null && !invalid ? sdk.topUpDeposit(p, reward, newRate, now) : null
      action = invalid || newRate === null ? null : { kind: 'top-up', program: p, reward, newRate }
      quoted = deposit !== null ? [{ asset: token.id, amount: -deposit, note: 'about' }] : []
      body = (
        <>
          {p.rewardCount === 2n ? (
            <div className="field">
              <label htmlFor={`${ids}-reward`}>Reward</label>
              <select id={`${ids}-reward`} value={reward} onChange={(e) => setReward(Number(e.target.value) as 1 | 2)}>
                {row.rewards.map((r, k) => (
                  <option key={String(r.id)} value={k + 1}>
                    {r.symbol}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${ids}-rate`}>New {token.symbol} rewards per day (now {amount((reward === 1 ? p.rate1 : p.rate2) * 86_400n, token)})</label>
            <input id={`${ids}-rate`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
            <p className="hint">The higher rate runs from now to the end; you deposit the difference for the remaining time{deposit !== null ? `: ${amount(deposit, token)}` : ''}.</p>
          </div>
        </>
      )
      break
    }
    case 'extend': {
      const end = secondsFromLocalInput(endInput)
      invalid = creatorProblem({ kind: 'extend', program: p, sender: address, now, end }, m)
      const deposits = end !== null && !invalid ? sdk.extendDeposits(p, end) : []
      action = invalid || end === null ? null : { kind: 'extend', program: p, end }
      quoted = deposits.map((d, k) => ({ asset: row.rewards[k]!.id, amount: -d }))
      body = (
        <div className="field">
          <label htmlFor={`${ids}-end`}>New end (now {formatTime(p.end)})</label>
          <input id={`${ids}-end`} type="datetime-local" value={endInput} onChange={(e) => setEndInput(e.target.value)} />
          <p className="hint">The rates stay; you deposit rate × the added time{deposits.length ? `: ${rewardLine(deposits)}` : ''}.</p>
        </div>
      )
      break
    }
    case 'reclaim': {
      const left = sdk.reclaimable(p, now)
      const values = p.rewardCount === 2n ? left : [left[0]]
      invalid = creatorProblem({ kind: 'reclaim', program: p, sender: address, now, reclaimable: values }, m)
      action = invalid ? null : { kind: 'reclaim', program: p }
      quoted = row.rewards.map((r, k) => ({ asset: r.id, amount: values[k] ?? 0n }))
      body = <p>You take back what no staker earned: {rewardLine(values)}. What stakers are owed stays for them to claim.</p>
      break
    }
  }
  const verb = VERB[kind]
  const name = `${row.stake.symbol} → ${row.rewards.map((r) => r.symbol).join(' + ')}`
  return (
    <StakingReview
      title={`${verb}: ${name}`}
      confirmLabel={verb}
      action={action}
      invalid={invalid}
      quoted={quoted}
      asset={unit}
      pending={`${verb}: ${name}…`}
      done={`${verb}: ${name} done`}
      onClose={props.onClose}
      onDone={props.onClose}
    >
      {body}
    </StakingReview>
  )
}
