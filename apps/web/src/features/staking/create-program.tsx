// The create-program stepper: stake token, 1–2 reward tokens with an amount or a daily rate,
// start, end and minimum stake time, then a preview (rate, APR at today's value staked, deposit,
// minimum balance) and the simulated review.
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import { useId, useState } from 'react'
import { Modal } from '@/components/ui/modal.tsx'
import { Stepper, StepperFooter } from '@/components/ui/stepper.tsx'
import { formatAlgo, formatAmount } from '@grove/sdk/amount'
import { balanceOf, heldTokenIds } from '@/lib/account/account.ts'
import { formatTime, localInputFromSeconds, secondsFromLocalInput } from '@/lib/locks/locks.ts'
import { addValues, aprOf, programFigures, type Value } from '@grove/sdk/figures'
import { figuresOf, figuresOfProgram, formatValue, type MarketFigures } from '@/lib/pools/figures.ts'
import { formatDuration, labelOf, programStatus } from '@/lib/staking/derive.ts'
import type { StakingData } from '@/lib/staking/staking.ts'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import { formatApr } from './format.ts'
import { StakingReview } from './staking-review.tsx'
import { CREATE_STEPS, defaultSchedule, readCreateForm, type CreateForm, type CreateTerms, type RewardInput } from './validate.ts'
import { IssuerWarningFor } from '@/components/dex/issuer-warning.tsx'

const EMPTY_REWARD: RewardInput = { asset: null, mode: 'total', text: '' }

/** The value staked today in `stakeAsset` across running programs (the SDK's figures); for an LP token with none, its pool's whole TVL. */
export function todaysStakedValue(data: Pick<StakingData, 'programs'>, market: MarketFigures, stakeAsset: bigint, now: bigint): Value | null {
  const running = (data.programs.data ?? []).filter((p) => p.stakeAsset === stakeAsset && programStatus(p, now) !== 'ended')
  const staked = addValues(running.map((p) => figuresOfProgram(p, market, now).tvl))
  if (running.some((p) => p.totalStaked > 0n) && (staked.usd !== null || staked.algo !== null)) return staked
  const lp = market.poolOfLp(stakeAsset)
  return lp ? market.tvl(lp) : null
}

/** The stepper dialog that creates a farm (kind "farm": an LP token is staked) or a staking pool. */
export function CreateProgram(props: { kind: 'farm' | 'pool'; data: StakingData; sdk: GroveSdk['staking']; now: bigint; onClose(): void }) {
  const { data, sdk, now } = props
  const ids = useId()
  // a schedule is proposed (the next full hour, 30 days): the user changes it rather than starts from nothing
  const [form, setForm] = useState<CreateForm>(() => ({ stakeAsset: null, rewards: [EMPTY_REWARD], ...defaultSchedule(now), minStakeHours: '' }))
  const [step, setStep] = useState(0)
  const [reviewing, setReviewing] = useState(false)
  const [touched, setTouched] = useState(false)
  const pools = data.market.pools ?? []
  const holdings = data.market.holdings
  const label = (id: bigint) => labelOf(id, data.tokens, pools)
  const read = readCreateForm(
    form,
    {
      token: (id) => (id === 0 || data.tokens.has(id) ? label(BigInt(id)) : undefined),
      balance: (id) => balanceOf(holdings, id),
      now,
      paused: data.paused,
    },
    CONTRACT_ERRORS.Staking,
  )
  const blockedHere = !read.ok && read.step <= step
  const set = (patch: Partial<CreateForm>) => {
    setTouched(true)
    setForm((f) => ({ ...f, ...patch }))
  }
  const setReward = (k: number, patch: Partial<RewardInput>) => set({ rewards: form.rewards.map((r, i) => (i === k ? { ...r, ...patch } : r)) })
  const lpIds = new Set(pools.map((p) => p.lpAsset))
  const stakeOptions =
    props.kind === 'farm'
      ? pools.filter((p) => p.lpIssued > 0n).map((p) => p.lpAsset)
      : [...data.tokens.keys()].filter((id) => id !== 0 && !lpIds.has(BigInt(id))).map(BigInt)
  // a program is funded from the wallet: offer only what it holds (not tokens left opted in at 0)
  const rewardOptions = [0n, ...heldTokenIds(holdings).map(BigInt)]
  const noun = props.kind === 'farm' ? 'farm' : 'staking pool'

  if (reviewing && read.ok) {
    return <ReviewCreate noun={noun} terms={read.terms} data={data} now={now} onBack={() => setReviewing(false)} onClose={props.onClose} />
  }
  return (
    <Modal title={`Create a ${noun}`} onClose={props.onClose}>
      <Stepper label={`Making a ${noun}`} steps={[...CREATE_STEPS]} current={step} />
      <form
        className="program-form"
        onSubmit={(e) => {
          e.preventDefault()
          setTouched(true)
          if (blockedHere) return
          if (step < CREATE_STEPS.length - 1) setStep(step + 1)
          else setReviewing(true)
        }}
      >
        {step === 0 ? (
          <div className="field">
            <label htmlFor={`${ids}-stake`}>{props.kind === 'farm' ? 'LP token stakers stake' : 'Token stakers stake'}</label>
            <select id={`${ids}-stake`} value={form.stakeAsset ?? ''} onChange={(e) => set({ stakeAsset: e.target.value === '' ? null : Number(e.target.value) })}>
              <option value="">Choose…</option>
              {stakeOptions.map((id) => (
                <option key={String(id)} value={String(id)}>
                  {label(id).symbol} (#{String(id)})
                </option>
              ))}
            </select>
            <p className="hint">{props.kind === 'farm' ? 'A farm pays for staking the LP token of a Grove pool.' : 'A staking pool pays for staking a single token.'}</p>
          </div>
        ) : null}
        {step === 1 ? (
          <>
            {form.rewards.map((r, k) => {
              const token = r.asset === null ? null : label(BigInt(r.asset))
              return (
                <fieldset key={k} className="program-form__reward">
                  <legend>Reward {k + 1}</legend>
                  <div className="field">
                    <label htmlFor={`${ids}-reward-${k}`}>Reward token {k + 1}</label>
                    <select id={`${ids}-reward-${k}`} value={r.asset ?? ''} onChange={(e) => setReward(k, { asset: e.target.value === '' ? null : Number(e.target.value) })}>
                      <option value="">Choose…</option>
                      {rewardOptions.map((id) => {
                        const t = label(id)
                        const b = balanceOf(holdings, Number(id))
                        return (
                          <option key={String(id)} value={String(id)}>
                            {t.symbol}
                            {b !== undefined ? `: ${formatAmount(b, t.decimals, { thousands: true })}` : ''}
                          </option>
                        )
                      })}
                    </select>
                  </div>
                  <div className="segmented" role="group" aria-label={`How reward ${k + 1} is given`}>
                    {(['total', 'per-day'] as const).map((mode) => (
                      <button key={mode} type="button" aria-pressed={r.mode === mode} className={r.mode === mode ? 'active' : ''} onClick={() => setReward(k, { mode })}>
                        {mode === 'total' ? 'Total amount' : 'Per day'}
                      </button>
                    ))}
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-amount-${k}`}>
                      {r.mode === 'total' ? 'Total' : 'Per day'} {token?.symbol ?? ''} reward {k + 1}
                    </label>
                    <input id={`${ids}-amount-${k}`} inputMode="decimal" autoComplete="off" value={r.text} onChange={(e) => setReward(k, { text: e.target.value })} />
                  </div>
                </fieldset>
              )
            })}
            <div className="button-row">
              {form.rewards.length === 1 ? (
                <button type="button" className="button" onClick={() => set({ rewards: [...form.rewards, EMPTY_REWARD] })}>
                  Add a second reward
                </button>
              ) : (
                <button type="button" className="button" onClick={() => set({ rewards: form.rewards.slice(0, 1) })}>
                  Remove the second reward
                </button>
              )}
            </div>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <div className="field">
              <label htmlFor={`${ids}-start`}>Starts</label>
              <input id={`${ids}-start`} type="datetime-local" value={form.start === null ? '' : localInputFromSeconds(form.start)} onChange={(e) => set({ start: secondsFromLocalInput(e.target.value) })} />
              <p className="hint">Chain time now: {formatTime(now)}. Stakes made before the start earn from the start.</p>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-end`}>Ends</label>
              <input id={`${ids}-end`} type="datetime-local" value={form.end === null ? '' : localInputFromSeconds(form.end)} onChange={(e) => set({ end: secondsFromLocalInput(e.target.value) })} />
              <p className="hint">At most 4 years after the start; you can extend it later.</p>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-min`}>Minimum stake time in hours (optional)</label>
              <input id={`${ids}-min`} inputMode="decimal" autoComplete="off" value={form.minStakeHours} onChange={(e) => set({ minStakeHours: e.target.value })} />
            </div>
          </>
        ) : null}
        {step === 3 && !read.ok && read.exact ? (
          <div className="program-form__exact" role="group" aria-label="Exact totals">
            {read.exact.totals.map((total) => {
              const k = read.exact!.reward
              const token = label(BigInt(form.rewards[k]!.asset!))
              const text = formatAmount(total, token.decimals)
              return (
                <button key={String(total)} type="button" className="button" onClick={() => setReward(k, { mode: 'total', text })}>
                  Pay {formatAmount(total, token.decimals, { thousands: true })} {token.symbol}
                </button>
              )
            })}
          </div>
        ) : null}
        {step === 3 && read.ok ? <Preview terms={read.terms} data={data} sdk={sdk} now={now} /> : null}
        {step === 3 && read.ok ? <IssuerWarningFor tokens={[read.terms.stakeAsset, ...read.terms.rewards.map((r) => r.asset)].map((id) => data.tokens.get(Number(id)))} holder="staking" /> : null}
        <StepperFooter
          step={step}
          steps={CREATE_STEPS.length}
          finalLabel="Review program"
          problem={blockedHere && touched && !read.ok ? read.problem : null}
          problemTestId="create-program-problem"
          disabled={blockedHere && touched}
          onBack={() => setStep(step - 1)}
        />
      </form>
    </Modal>
  )
}

/** The preview of valid terms: each reward's rate and deposit, the APR at today's value staked, the minimum balance. */
function Preview(props: { terms: CreateTerms; data: StakingData; sdk: GroveSdk['staking']; now: bigint }) {
  const { terms, data, sdk } = props
  const pools = data.market.pools ?? []
  const label = (id: bigint) => labelOf(id, data.tokens, pools)
  const market = figuresOf(pools, data.tokens, data.stable)
  const staked = todaysStakedValue(data, market, terms.stakeAsset, props.now)
  // the new program's year of rewards (the SDK's figures) over today's value staked, as the SDK words an APR
  const yearly = programFigures({ stakeAsset: terms.stakeAsset, totalStaked: 0n, rewards: terms.rewards.map((r) => ({ asset: r.asset, ratePerSecond: r.rate })), start: props.now, end: props.now + 1n }, market, props.now).yearlyRewards
  const apr = staked === null ? null : aprOf(yearly, staked)
  const hasStake = staked !== null && ((staked.usd ?? 0) > 0 || (staked.algo ?? 0) > 0)
  const amount = (v: bigint, id: bigint) => `${formatAmount(v, label(id).decimals, { thousands: true })} ${label(id).symbol}`
  return (
    <dl className="details program-preview" data-testid="create-preview">
      <div>
        <dt>Stake</dt>
        <dd>{label(terms.stakeAsset).symbol}</dd>
      </div>
      {terms.rewards.map((r, k) => (
        <div key={k}>
          <dt>Reward {k + 1} rate</dt>
          <dd data-testid={`preview-rate-${k + 1}`} data-rate={String(r.rate)}>
            {amount(r.rate, r.asset)}/s ({amount(r.rate * 86_400n, r.asset)}/day)
          </dd>
        </div>
      ))}
      {terms.rewards.map((r, k) => (
        <div key={`d${k}`}>
          <dt>Deposit {k + 1}</dt>
          <dd data-testid={`preview-deposit-${k + 1}`} data-amount={String(r.deposit)}>
            {amount(r.deposit, r.asset)}
          </dd>
        </div>
      ))}
      <div>
        <dt>Runs</dt>
        <dd>
          {formatTime(terms.start)} – {formatTime(terms.end)} ({formatDuration(terms.end - terms.start)})
        </dd>
      </div>
      {terms.minStakeSeconds > 0n ? (
        <div>
          <dt>Minimum stake time</dt>
          <dd>{formatDuration(terms.minStakeSeconds)}</dd>
        </div>
      ) : null}
      <div>
        <dt>APR at today’s value staked</dt>
        <dd data-testid="preview-apr">
          {formatApr(apr)}
          {hasStake ? ` (on ${formatValue(staked)})` : ' (nothing of this token is staked yet)'}
        </dd>
      </div>
      <div>
        <dt>Minimum balance</dt>
        <dd>
          {formatAlgo(sdk.PROGRAM_MIN_BALANCE)} for the program’s box, plus {formatAlgo(sdk.OPT_IN_MIN_BALANCE)} per token the app does not hold yet (the review shows the exact sum)
        </dd>
      </div>
    </dl>
  )
}

function ReviewCreate(props: { noun: string; terms: CreateTerms; data: StakingData; now: bigint; onBack(): void; onClose(): void }) {
  const { terms, data } = props
  const pools = data.market.pools ?? []
  const label = (id: bigint) => labelOf(id, data.tokens, pools)
  const rewards = terms.rewards.map((r) => label(r.asset).symbol).join(' + ')
  return (
    <StakingReview
      title={`Review ${props.noun}`}
      confirmLabel={`Create ${props.noun}`}
      action={{ kind: 'create', terms: { stakeAsset: terms.stakeAsset, rewards: terms.rewards.map(({ asset, rate }) => ({ asset, rate })), start: terms.start, end: terms.end, minStakeSeconds: terms.minStakeSeconds } }}
      quoted={terms.rewards.map((r) => ({ asset: r.asset, amount: -r.deposit, note: 'reward deposit' }))}
      asset={label}
      pending={`Creating the ${props.noun}…`}
      done={`Created the ${props.noun}: stake ${label(terms.stakeAsset).symbol}, earn ${rewards}`}
      onClose={props.onBack}
      onDone={props.onClose}
    >
      <p>
        Stakers of {label(terms.stakeAsset).symbol} earn {rewards} from {formatTime(terms.start)} to {formatTime(terms.end)}. The whole reward is deposited now.
      </p>
    </StakingReview>
  )
}
