import { useQueries, useQuery } from '@tanstack/react-query'
import type { BalanceChanges } from '@grove/sdk'
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import { useId, useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { Stepper, StepperFooter } from '@/components/ui/stepper.tsx'
import { UnlockChart } from '@/components/locks/unlock-chart.tsx'
import { accountQuery, balanceOf, heldTokenIds } from '@/lib/account/account.ts'
import { formatAmount, parseAmount } from '@grove/sdk/amount'
import { formatTime, localInputFromSeconds, lockQuery, newLockTerms, ownerLocksQuery, secondsFromLocalInput, unlockSchedule, useChainNow, type Lock } from '@/lib/locks/locks.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { lockHandle } from '@/lib/locks/handle.ts'
import { apiLocksQuery } from '@/lib/locks/lock-api.ts'
import { claimableNow, lockFeesQuery } from '@/lib/locks/lock-fees.ts'
import { useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { shortenAddress } from '@/lib/format.ts'
import { ALGO, tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { withPairNames } from '@/lib/tokens/lp-names.ts'
import { poolsQuery } from '@/lib/pools/pools.ts'
import { sdkQuery } from '@/lib/tx/sdk.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { ActionReview, type DashboardAction } from './components/action-review.tsx'
import { closeProblem, collectorProblem, extendProblem, lockKind, mergePartners, proposeProblem, readCreateLock, splitProblem, withdrawProblem, type CreateLockForm, type LockSdk } from './derive-locks.ts'
import '@/components/locks/unlock-chart.css'
import { IssuerWarningFor } from '@/components/dex/issuer-warning.tsx'

/** Tokens by id (ALGO included) for the ids given; an LP token (a liquidity lock) by its pair. */
function useTokens(ids: readonly number[]): Map<number, Token> {
  const { algod, deployment } = useProtocol()
  const pools = useQuery({ ...poolsQuery(algod, deployment), enabled: !!deployment })
  const results = useQueries({ queries: ids.filter((id) => id !== 0).map((id) => tokenQuery(algod, id)) })
  const map = new Map<number, Token>([[0, ALGO]])
  for (const r of results) if (r.data) map.set(r.data.id, r.data)
  return withPairNames(map, pools.data ?? [])
}

const unitOf = (tokens: Map<number, Token>) => (id: bigint) => tokens.get(Number(id)) ?? { symbol: `#${id}`, decimals: 0 }

type CardAction = 'withdraw' | 'extend' | 'top-up' | 'propose' | 'cancel' | 'close' | 'claim-fees' | 'set-collector' | 'split' | 'merge'
type Dialog = { kind: CardAction; lock: Lock } | { kind: 'accept'; lock: Lock } | null

/** µALGO as ALGO, e.g. 101_500n → "0.1015 ALGO". */
const algoText = (micro: bigint) => `${formatAmount(micro, 6, { thousands: true })} ALGO`

/** The dashboard's lock tab: your locks with what you can withdraw now, and a new lock. */
export function LockTab() {
  const { algod, deployment } = useProtocol()
  const session = useWalletSession()
  const address = session.activeAddress
  const lockAppId = deployment?.lockAppId
  const locks = useQuery({ ...ownerLocksQuery(algod, deployment, address ?? ''), enabled: !!address && !!lockAppId })
  const account = useQuery({ ...accountQuery(algod, address ?? ''), enabled: !!address })
  const dex = useQuery(sdkQuery())
  const { now, devMode } = useChainNow()
  // what the user can lock: ALGO and every token held now (an LP token whose liquidity was all removed stays opted in at 0: not offered)
  const heldIds = [0, ...heldTokenIds(account.data)]
  const tokens = useTokens([...heldIds, ...(locks.data ?? []).map((l) => Number(l.asset))])
  const [dialog, setDialog] = useState<Dialog>(null)

  if (!address) return <ConnectPrompt reason="Connect a wallet to see and make locks." />
  if (!deployment) return null
  if (!lockAppId) return <Notice title="Locks are not deployed on this network">There is no Locks app in this deployment.</Notice>
  const sdk = dex.data
  return (
    <>
      <Panel title="Your locks">
        {devMode ? <p className="hint">This network makes a block only for a transaction, and a transaction runs at the last block’s time: amounts here move when a block lands, not with the clock.</p> : null}
        {locks.isPending || !sdk || now === null ? <p>Reading your locks…</p> : null}
        {locks.isError ? <Notice tone="error" title="Your locks could not be read">{locks.error.message}</Notice> : null}
        {locks.data && sdk && now !== null ? (
          locks.data.length === 0 ? (
            <p className="empty">You have no locks.</p>
          ) : (
            <div className="lock-list">
              {locks.data.map((lock) => (
                <LockCard
                  key={String(lock.id)}
                  lock={lock}
                  token={unitOf(tokens)(lock.asset)}
                  sdk={sdk}
                  now={now}
                  canMerge={mergePartners(lock, locks.data ?? []).length > 0}
                  onAction={(kind) => setDialog({ kind, lock })}
                />
              ))}
            </div>
          )
        ) : null}
      </Panel>
      {sdk && now !== null ? <CreateLock sdk={sdk} now={now} tokens={tokens} heldIds={heldIds} balance={(id) => balanceOf(account.data, id)} /> : null}
      {sdk && now !== null ? <PendingTransfers address={address} tokens={tokens} onAccept={(lock) => setDialog({ kind: 'accept', lock })} /> : null}
      {dialog && sdk && now !== null ? (
        <LockDialog dialog={dialog} sdk={sdk} now={now} sender={address} token={unitOf(tokens)(dialog.lock.asset)} tokens={tokens} mine={locks.data ?? []} onClose={() => setDialog(null)} />
      ) : null}
    </>
  )
}

/** A confirmed claim in words: the LP units algod delivered to the sender (none when the fees went to a collector). */
function claimedWords(lock: Lock, delivered: BalanceChanges | undefined, amount: (v: bigint) => string): string {
  const units = delivered?.assets.get(lock.asset) ?? 0n
  if (!delivered || units <= 0n) return `Claim fees: lock #${lockHandle(lock.id)} done`
  return `Claimed ${amount(units)} of fees from lock #${lockHandle(lock.id)}`
}

/** A liquidity lock's fees a claim would send now (the SDK's claimFees over its fee box and its pool, a stable pool's too); read only for liquidity locks. */
function PendingFees(props: { lock: Lock; now: bigint; amount(v: bigint): string }) {
  const { lock, now } = props
  const { algod, deployment } = useProtocol()
  const sdk = useQuery(sdkQuery())
  const read = useQuery({ ...lockFeesQuery(algod, deployment, lock.id, lock.stable ?? false), enabled: !!deployment })
  const units = read.data && sdk.data ? claimableNow(sdk.data, lock, read.data, now) : null
  return (
    <div>
      <dt>Fees to claim</dt>
      <dd data-testid="fees-pending" data-amount={units === null ? '' : String(units)} aria-live="off">
        {units === null ? '…' : props.amount(units)}
      </dd>
    </div>
  )
}

/** One lock of yours: what you can withdraw now, its terms, and its actions; once everything is withdrawn, closing it. */
export function LockCard(props: { lock: Lock; token: { symbol: string; decimals: number }; sdk: LockSdk; now: bigint; canMerge?: boolean; onAction(kind: CardAction): void }) {
  const { lock, token, sdk, now } = props
  const amount = (v: bigint) => `${formatAmount(v, token.decimals, { thousands: true })} ${token.symbol}`
  const withdrawable = sdk.withdrawableAt(lock, now)
  const problem = withdrawProblem(sdk, lock, now)
  // a lock with nothing left: its only use is closing it, which returns its boxes' deposit to its creator
  const empty = lock.withdrawn === lock.amount
  return (
    <article className="lock-card" data-testid={`lock-${lock.id}`} aria-label={`Lock ${lock.id}`}>
      <div className="field__row">
        <strong>
          <span title={`Lock ${lock.id}`}>Lock #{lockHandle(lock.id)}</span>: {amount(lock.amount)}
        </strong>
        <span className="badge">{empty ? 'Withdrawn' : lockKind(lock)}</span>
      </div>
      <dl className="details">
        <div>
          <dt>Withdrawable now</dt>
          <dd data-testid="withdrawable" data-amount={String(withdrawable)} data-at={String(now)} aria-live="off">
            {amount(withdrawable)}
          </dd>
        </div>
        <div>
          <dt>Withdrawn</dt>
          <dd>{amount(lock.withdrawn)}</dd>
        </div>
        {lock.cliff !== lock.end ? (
          <div>
            <dt>Vesting from (cliff)</dt>
            <dd>{formatTime(lock.cliff)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{lock.cliff === lock.end ? 'Unlocks at' : 'Fully vested at'}</dt>
          <dd>{formatTime(lock.end)}</dd>
        </div>
        {lock.liquidity && !empty ? <PendingFees lock={lock} now={now} amount={amount} /> : null}
        {lock.pendingOwner ? (
          <div>
            <dt>Transfer proposed to</dt>
            <dd>
              <code className="address">{lock.pendingOwner}</code>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="button-row">
        {empty ? (
          <button type="button" className="button button--primary" onClick={() => props.onAction('close')}>
            Close lock
          </button>
        ) : (
          <button type="button" className="button button--primary" disabled={problem !== null} title={problem ?? undefined} onClick={() => props.onAction('withdraw')}>
            Withdraw
          </button>
        )}
        {lock.end > now ? (
          <>
            <button type="button" className="button" onClick={() => props.onAction('extend')}>
              Extend
            </button>
            <button type="button" className="button" onClick={() => props.onAction('top-up')}>
              Top up
            </button>
          </>
        ) : null}
        {lock.pendingOwner ? (
          <button type="button" className="button" onClick={() => props.onAction('cancel')}>
            Cancel transfer
          </button>
        ) : empty ? null : (
          <button type="button" className="button" onClick={() => props.onAction('propose')}>
            Transfer
          </button>
        )}
        {lock.liquidity && !empty ? (
          <>
            <button type="button" className="button" onClick={() => props.onAction('claim-fees')}>
              Claim fees
            </button>
            <button type="button" className="button" onClick={() => props.onAction('set-collector')}>
              Set collector
            </button>
          </>
        ) : null}
        {lock.end > now && !empty ? (
          <button type="button" className="button" onClick={() => props.onAction('split')}>
            Split
          </button>
        ) : null}
        {props.canMerge ? (
          <button type="button" className="button" onClick={() => props.onAction('merge')}>
            Merge
          </button>
        ) : null}
      </div>
      {problem && !empty ? <p className="hint">{problem}.</p> : null}
      {empty ? (
        <p className="hint" data-testid="close-hint">
          Everything has been withdrawn. Close the lock to get its {algoText(sdk.LOCK_MIN_BALANCE)} deposit back{lock.creator === lock.owner ? '' : ' (to the account that made it)'}.
        </p>
      ) : null}
    </article>
  )
}

const STEPS = ['Asset', 'Amount', 'Cliff', 'End']

function CreateLock(props: { sdk: LockSdk; now: bigint; tokens: Map<number, Token>; heldIds: number[]; balance(id: number): bigint | undefined }) {
  const { sdk, now } = props
  const ids = useId()
  const [form, setForm] = useState<CreateLockForm>({ asset: null, amount: '', cliff: null, end: null, timeLock: false })
  const [step, setStep] = useState(0)
  const [reviewing, setReviewing] = useState(false)
  // A problem shows once the user has typed or tried to go on, not on an untouched form.
  const [touched, setTouched] = useState(false)
  const token = form.asset === null ? null : (props.tokens.get(form.asset) ?? null)
  const read = readCreateLock(sdk, form, token?.decimals ?? 0, form.asset === null ? undefined : props.balance(form.asset), now)
  const blockedHere = !read.ok && read.step <= step
  const preview = read.ok ? unlockSchedule([newLockTerms(read.amount, read.cliff, read.end)], now, sdk.vestedAt) : []
  // the amount as every figure is written (thousands apart), not as typed
  const locked = read.ok && token ? formatAmount(read.amount, token.decimals, { thousands: true }) : form.amount
  const action: DashboardAction | null = read.ok ? { app: 'lock', action: { kind: 'lock', asset: read.asset, amount: read.amount, cliff: read.cliff, end: read.end } } : null
  const set = (patch: Partial<CreateLockForm>) => {
    setTouched(true)
    setForm((f) => ({ ...f, ...patch }))
  }
  const unit = token ? { symbol: token.symbol, decimals: token.decimals } : { symbol: '', decimals: 0 }
  return (
    <Panel title="Create a lock">
      <Stepper label="Making a lock" steps={STEPS} current={step} />
      <form
        className="lock-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (blockedHere) return
          if (step < STEPS.length - 1) setStep(step + 1)
          else setReviewing(true)
        }}
      >
        {step === 0 ? (
          <div className="field">
            <label htmlFor={`${ids}-asset`}>Asset to lock</label>
            <select id={`${ids}-asset`} value={form.asset ?? ''} onChange={(e) => set({ asset: e.target.value === '' ? null : Number(e.target.value) })}>
              <option value="">Choose…</option>
              {props.heldIds.map((id) => {
                const t = props.tokens.get(id)
                const b = props.balance(id)
                return (
                  <option key={id} value={id}>
                    {t ? (t.symbol.endsWith(' LP') ? t.symbol : `${t.symbol} (#${id})`) : `#${id}`}
                    {t && b !== undefined ? `: ${formatAmount(b, t.decimals, { thousands: true })}` : ''}
                  </option>
                )
              })}
            </select>
          </div>
        ) : null}
        <IssuerWarningFor tokens={[token ?? undefined]} holder="lock" />
        {step === 1 ? (
          <div className="field">
            <label htmlFor={`${ids}-amount`}>Amount of {unit.symbol}</label>
            <input id={`${ids}-amount`} inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => set({ amount: e.target.value })} />
          </div>
        ) : null}
        {step === 2 ? (
          <>
            <label className="checkbox">
              <input type="checkbox" checked={form.timeLock} onChange={(e) => set({ timeLock: e.target.checked })} /> Time lock: everything unlocks at the end (no vesting)
            </label>
            {form.timeLock ? null : (
              <div className="field">
                <label htmlFor={`${ids}-cliff`}>Vesting starts (cliff)</label>
                <input id={`${ids}-cliff`} type="datetime-local" value={form.cliff === null ? '' : localInputFromSeconds(form.cliff)} onChange={(e) => set({ cliff: secondsFromLocalInput(e.target.value) })} />
                <p className="hint">Nothing can be withdrawn before the cliff; from it the lock vests in a straight line until the end. Chain time now: {formatTime(now)}.</p>
              </div>
            )}
          </>
        ) : null}
        {step === 3 ? (
          <div className="field">
            <label htmlFor={`${ids}-end`}>{form.timeLock ? 'Unlocks at' : 'Fully vested at (end)'}</label>
            <input id={`${ids}-end`} type="datetime-local" value={form.end === null ? '' : localInputFromSeconds(form.end)} onChange={(e) => set({ end: secondsFromLocalInput(e.target.value) })} />
            <p className="hint">At most 10 years away. You can extend the end later, never shorten it.</p>
          </div>
        ) : null}
        <StepperFooter
          step={step}
          steps={STEPS.length}
          finalLabel="Review lock"
          problem={blockedHere && touched && !read.ok ? read.problem : null}
          problemTestId="create-lock-problem"
          disabled={blockedHere}
          onBack={() => setStep(step - 1)}
        />
      </form>
      {read.ok && token ? (
        <>
          <h3 className="lock-preview-title">Schedule preview</h3>
          <UnlockChart points={preview} decimals={token.decimals} symbol={token.symbol} label="Still locked over time" />
        </>
      ) : null}
      {reviewing && token ? (
        <ActionReview
          title="Review lock"
          confirmLabel="Lock"
          action={action}
          invalid={read.ok ? null : read.problem}
          quoted={read.ok ? [{ asset: read.asset, amount: -read.amount }] : []}
          asset={unitOf(props.tokens)}
          pending={`Locking ${locked} ${token.symbol}…`}
          done={`Locked ${locked} ${token.symbol}`}
          onClose={() => setReviewing(false)}
          onDone={() => {
            setReviewing(false)
            setStep(0)
            setTouched(false)
            setForm({ asset: null, amount: '', cliff: null, end: null, timeLock: false })
          }}
        >
          <dl className="details">
            <div>
              <dt>You lock</dt>
              <dd data-testid="review-lock-amount">
                {locked} {token.symbol}
              </dd>
            </div>
            {read.ok && read.cliff !== read.end ? (
              <div>
                <dt>Vesting from</dt>
                <dd>{formatTime(read.cliff)}</dd>
              </div>
            ) : null}
            {read.ok ? (
              <div>
                <dt>{read.cliff === read.end ? 'Unlocks at' : 'Fully vested at'}</dt>
                <dd>{formatTime(read.end)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="hint">
            The lock’s boxes tie up {algoText(sdk.LOCK_MIN_BALANCE)} of minimum balance (a lock of LP tokens {algoText(sdk.LOCK_FEES_MIN_BALANCE)} more for the fee box that lets it earn its pool’s fees while locked), yours again when you close the lock after withdrawing
            everything (and 0.1 ALGO once per asset the Locks app first holds); the simulation shows it.
          </p>
        </ActionReview>
      ) : null}
    </Panel>
  )
}

/** The locks a transfer awaits you for (the analytics service knows who each proposal names), each read again from the chain before its review. */
function PendingTransfers(props: { address: string; tokens: Map<number, Token>; onAccept(lock: Lock): void }) {
  const { algod, deployment } = useProtocol()
  const url = useAnalyticsUrl()
  const pending = useQuery(apiLocksQuery(url ?? '', { pendingOwner: props.address }))
  const chain = useQueries({ queries: (pending.data ?? []).map((l) => lockQuery(algod, deployment, BigInt(l.id))) })
  // the chain has the last word: a proposal cancelled or accepted since the service saw it is not offered
  const offered = chain.map((q) => q.data).filter((l): l is Lock => !!l && l.pendingOwner === props.address)
  return (
    <Panel title="Transfers awaiting you">
      {url === null ? <p className="empty">Transfers to you are listed by the analytics service, and none runs on this network.</p> : null}
      {pending.isError ? <Notice tone="error" title="Transfers to you could not be read">{pending.error.message}</Notice> : null}
      {pending.isPending && url !== null ? <p>Reading transfers to you…</p> : null}
      {pending.data && offered.length === 0 && !chain.some((q) => q.isPending) ? <p className="empty">No lock is being transferred to you.</p> : null}
      {offered.length > 0 ? (
        <ul className="pending-transfers" data-testid="pending-transfers">
          {offered.map((lock) => {
            const token = unitOf(props.tokens)(lock.asset)
            return (
              <li key={String(lock.id)} data-testid={`pending-${lock.id}`}>
                <span title={`Lock ${lock.id}`}>Lock #{lockHandle(lock.id)}</span>: {formatAmount(lock.amount - lock.withdrawn, token.decimals, { thousands: true })} {token.symbol} from{' '}
                <code title={lock.owner}>{shortenAddress(lock.owner)}</code>{' '}
                <button type="button" className="button button--primary" onClick={() => props.onAccept(lock)}>
                  Review acceptance
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </Panel>
  )
}

function LockDialog(props: { dialog: NonNullable<Dialog>; sdk: LockSdk; now: bigint; sender: string; token: { symbol: string; decimals: number }; tokens: Map<number, Token>; mine: Lock[]; onClose(): void }) {
  const { dialog, sdk, now, token } = props
  const { lock } = dialog
  const ids = useId()
  const { algod, deployment } = useProtocol()
  const dex = useQuery(sdkQuery())
  const feeRead = useQuery({ ...lockFeesQuery(algod, deployment, lock.id, lock.stable ?? false), enabled: lock.liquidity && !!deployment })
  const partners = mergePartners(lock, props.mine)
  const [partner, setPartner] = useState<string>('')
  const [text, setText] = useState('')
  const [endInput, setEndInput] = useState(() => localInputFromSeconds(lock.end + 86_400n))
  const amount = (v: bigint) => `${formatAmount(v, token.decimals, { thousands: true })} ${token.symbol}`
  let action: DashboardAction | null = null
  let invalid: string | null = null
  let quoted: { asset: bigint; amount: bigint; note?: string }[] = []
  let title = ''
  let body = null
  switch (dialog.kind) {
    case 'withdraw': {
      const w = sdk.withdrawableAt(lock, now)
      invalid = withdrawProblem(sdk, lock, now)
      action = invalid ? null : { app: 'lock', action: { kind: 'withdraw', lock } }
      quoted = [{ asset: lock.asset, amount: w, note: 'at least' }]
      title = `Withdraw from lock #${lockHandle(lock.id)}`
      body = (
        <p>
          You withdraw everything vested when this confirms: at least <strong data-testid="review-withdraw">{amount(w)}</strong>.
        </p>
      )
      break
    }
    case 'extend': {
      const end = secondsFromLocalInput(endInput)
      invalid = extendProblem(sdk, lock, end, now)
      action = invalid || end === null ? null : { app: 'lock', action: { kind: 'extend', lock, end } }
      title = `Extend lock #${lockHandle(lock.id)}`
      body = (
        <div className="field">
          <label htmlFor={`${ids}-end`}>New end (now {formatTime(lock.end)})</label>
          <input id={`${ids}-end`} type="datetime-local" value={endInput} onChange={(e) => setEndInput(e.target.value)} />
        </div>
      )
      break
    }
    case 'top-up': {
      const parsed = parseAmount(text, token.decimals)
      invalid = !parsed.ok ? parsed.error.message : parsed.value === 0n ? CONTRACT_ERRORS.Locks['ERR:ZERO_AMOUNT']! : null
      action = parsed.ok && !invalid ? { app: 'lock', action: { kind: 'top-up', lock, amount: parsed.value } } : null
      quoted = parsed.ok ? [{ asset: lock.asset, amount: -parsed.value }] : []
      title = `Top up lock #${lockHandle(lock.id)}`
      body = (
        <div className="field">
          <label htmlFor={`${ids}-amount`}>Amount of {token.symbol} to add</label>
          <input id={`${ids}-amount`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
          <p className="hint">A top-up makes nothing withdrawable earlier: what is added vests with the rest from now to the end.</p>
        </div>
      )
      break
    }
    case 'propose': {
      invalid = proposeProblem(lock, text)
      action = invalid ? null : { app: 'lock', action: { kind: 'propose', lock, newOwner: text.trim() } }
      title = `Transfer lock #${lockHandle(lock.id)}`
      body = (
        <div className="field">
          <label htmlFor={`${ids}-owner`}>New owner’s address</label>
          <input id={`${ids}-owner`} autoComplete="off" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
          <p className="hint">They become the owner when they accept; until then you can cancel.</p>
        </div>
      )
      break
    }
    case 'cancel':
      action = { app: 'lock', action: { kind: 'cancel', lock } }
      title = `Cancel the transfer of lock #${lockHandle(lock.id)}`
      body = <p>The proposal to {lock.pendingOwner} is withdrawn; you stay the owner.</p>
      break
    case 'close': {
      invalid = closeProblem(lock, props.sender)
      action = invalid ? null : { app: 'lock', action: { kind: 'close', lock } }
      const toYou = lock.creator === props.sender
      quoted = toYou ? [{ asset: 0n, amount: sdk.LOCK_MIN_BALANCE, note: 'deposit back' }] : []
      title = `Close lock #${lockHandle(lock.id)}`
      body = (
        <p>
          Everything has been withdrawn, so the lock’s boxes are deleted and their <strong data-testid="review-close-refund">{algoText(sdk.LOCK_MIN_BALANCE)}</strong> deposit goes back to{' '}
          {toYou ? 'you, who made the lock' : <code className="address">{lock.creator}</code>}. The lock leaves your list; its history stays in your activity.
        </p>
      )
      break
    }
    case 'accept':
      action = { app: 'lock', action: { kind: 'accept', lock } }
      title = `Accept lock #${lockHandle(lock.id)}`
      body = <p>You become the owner of {amount(lock.amount - lock.withdrawn)} still in this lock{lock.liquidity ? ', and its fees are yours from then on (a collector the previous owner named stops collecting)' : ''}.</p>
      break
    case 'claim-fees': {
      const read = feeRead.data
      const units = read && dex.data ? claimableNow(dex.data, lock, read, now) : null
      invalid = feeRead.isPending ? 'Reading the lock’s fees…' : !read ? CONTRACT_ERRORS.Locks['ERR:NOT_LIQUIDITY']! : units === 0n ? CONTRACT_ERRORS.Locks['ERR:NO_FEES']! : null
      action = read && !invalid ? { app: 'lock', action: { kind: 'claim-fees', lock, fees: read.fees } } : null
      const to = read?.fees.collector
      quoted = units && !to ? [{ asset: lock.asset, amount: units, note: 'about' }] : []
      title = `Claim the fees of lock #${lockHandle(lock.id)}`
      body = (
        <p>
          The pool’s fees since the last claim leave the lock as LP tokens: about <strong data-testid="review-claim-fees">{units === null ? '…' : amount(units)}</strong>, to{' '}
          {to ? <code className="address">{to}</code> : 'you'}. What stays locked is worth at least what was locked, and unlocks on the same schedule.
        </p>
      )
      break
    }
    case 'set-collector': {
      invalid = collectorProblem(text)
      action = invalid ? null : { app: 'lock', action: { kind: 'set-collector', lock, collector: text.trim() } }
      title = `Name who collects the fees of lock #${lockHandle(lock.id)}`
      body = (
        <div className="field">
          <label htmlFor={`${ids}-collector`}>Collector’s address (your own: the fees come to you again)</label>
          <input id={`${ids}-collector`} autoComplete="off" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
          <p className="hint">The collector can claim the fees, never the locked tokens; a new owner’s acceptance resets it.</p>
        </div>
      )
      break
    }
    case 'split': {
      const parsed = parseAmount(text, token.decimals)
      invalid = !parsed.ok ? parsed.error.message : dex.data ? splitProblem(dex.data, lock, parsed.value, now) : null
      action = parsed.ok && !invalid ? { app: 'lock', action: { kind: 'split', lock, amount: parsed.value } } : null
      quoted = []
      title = `Split lock #${lockHandle(lock.id)}`
      body = (
        <div className="field">
          <label htmlFor={`${ids}-split`}>Amount of {token.symbol} still locked to move into a new lock</label>
          <input id={`${ids}-split`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
          <p className="hint">The new lock keeps this lock’s cliff and end, and neither unlocks anything earlier than this one would. Its boxes tie up {algoText(sdk.LOCK_MIN_BALANCE)}{lock.liquidity ? ' plus its fee box' : ''}, yours again when you close it.</p>
        </div>
      )
      break
    }
    case 'merge': {
      const from = partners.find((p) => String(p.id) === partner) ?? null
      const merged = from && dex.data ? dex.data.mergeLocks(lock, from, now) : null
      invalid = !from ? 'Choose the lock to merge into this one' : merged && 'error' in merged ? CONTRACT_ERRORS.Locks[merged.error]! : null
      action = from && !invalid ? { app: 'lock', action: { kind: 'merge', into: lock, from } } : null
      title = `Merge into lock #${lockHandle(lock.id)}`
      body = (
        <div className="field">
          <label htmlFor={`${ids}-merge`}>Lock of {token.symbol} to merge into this one</label>
          <select id={`${ids}-merge`} value={partner} onChange={(e) => setPartner(e.target.value)}>
            <option value="">Choose a lock</option>
            {partners.map((p) => (
              <option key={String(p.id)} value={String(p.id)}>
                #{lockHandle(p.id)}: {amount(p.amount - p.withdrawn)}, {p.cliff === p.end ? `unlocks ${formatTime(p.end)}` : `vests to ${formatTime(p.end)}`}
              </option>
            ))}
          </select>
          <p className="hint">The merged lock never unlocks anything earlier than the two did: merge into a time lock that ends no earlier, or merge a lock whose tokens have all vested. The other lock’s boxes go and their deposit returns to whoever made it.</p>
        </div>
      )
      break
    }
  }
  const verb = {
    withdraw: 'Withdraw',
    extend: 'Extend',
    'top-up': 'Top up',
    propose: 'Propose transfer',
    cancel: 'Cancel transfer',
    accept: 'Accept',
    close: 'Close lock',
    'claim-fees': 'Claim fees',
    'set-collector': 'Set collector',
    split: 'Split',
    merge: 'Merge',
  }[dialog.kind]
  return (
    <ActionReview
      title={title}
      confirmLabel={verb}
      action={action}
      invalid={invalid}
      quoted={quoted}
      asset={unitOf(props.tokens)}
      pending={dialog.kind === 'close' ? `Closing lock #${lockHandle(lock.id)}…` : `${verb}: lock #${lockHandle(lock.id)}…`}
      done={
        dialog.kind === 'close'
          ? `Closed lock #${lockHandle(lock.id)}: its ${algoText(sdk.LOCK_MIN_BALANCE)} deposit went back to ${lock.creator === props.sender ? 'you' : 'its creator'}`
          : dialog.kind === 'claim-fees'
            ? (result) => claimedWords(lock, result.delivered, amount)
            : `${verb}: lock #${lockHandle(lock.id)} done`
      }
      onClose={props.onClose}
      onDone={props.onClose}
    >
      {body}
    </ActionReview>
  )
}
