// The stable pools' amplifier A: every pool with A at the chain's time and any ramp in progress, a form
// that ramps a pool's A to a target by an end date, and Stop ramp while one runs. The Stable app's
// rampA and stopRampA (the registry's admin only); the form checks a ramp by the SDK's one rule
// (stable.checkRampA) at the chain's time, not the wall clock's, before its review.
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { stable } from '@grove/sdk'
import { Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { formatDateTime } from '@/lib/format.ts'
import { localInputFromSeconds, secondsFromLocalInput, useChainNow } from '@/lib/locks/locks.ts'
import { stablePoolsQuery } from '@/lib/pools/stable-pools.ts'
import { poolLabel } from '@/lib/pools/venues.ts'
import { useProtocol } from '@/lib/protocol.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import { ampText, isRamping, parseTargetA, rampAReview, rampWords, stopRampReview } from '../admin-actions.ts'
import type { AdminPanelProps } from './panel-props.ts'

type StablePool = stable.StablePoolState

/** A ramp lasts a day or more (the SDK's MIN_RAMP_TIME): the end date's earliest value. */
const DAY = 86_400n

/** A stable pool by pair and tier: the table rows' and the pool picker's key. */
const poolKey = (p: StablePool) => `${p.a}-${p.b}-${p.feeBps}`
const pairOf = (p: StablePool, tokens: ReadonlyMap<number, Token>) => `${tokens.get(Number(p.a))?.symbol ?? `#${p.a}`}/${tokens.get(Number(p.b))?.symbol ?? `#${p.b}`}`

/** Props of {@link StableRampPanel}: the SDK (its rule and ampAt) and the tokens that name the pools. */
export interface StableRampPanelProps extends Omit<AdminPanelProps, 'check'> {
  sdk: GroveSdk | null
  tokens: ReadonlyMap<number, Token>
}

/** The stable pools' A and ramps, the ramp form and Stop ramp (the form only for the admin). */
export function StableRampPanel(props: StableRampPanelProps) {
  const { algod, deployment } = useProtocol()
  const pools = useQuery(stablePoolsQuery(algod, deployment))
  const { now } = useChainNow()
  const [picked, setPicked] = useState<string | null>(null)
  const [target, setTarget] = useState('')
  const [end, setEnd] = useState('')
  const ids = { pool: useId(), target: useId(), end: useId(), error: useId() }
  if (!deployment?.stablePoolsAppId) return null

  const list = pools.data ?? []
  const pool = list.find((p) => poolKey(p) === picked) ?? list[0] ?? null
  const ampOf = (p: StablePool) => (props.sdk && now !== null ? props.sdk.stable.ampAt(p, now) : null)
  const name = (p: StablePool) => `${pairOf(p, props.tokens)} (${poolLabel({ venue: 'stable', feeBps: p.feeBps })})`
  const futureA = parseTargetA(target)
  const futureTime = secondsFromLocalInput(end)
  // one message, in order: what was typed, then the contract's rule at the chain's time
  const error =
    futureA.error ??
    (end !== '' && futureTime === null ? 'Choose the date and time the ramp ends' : null) ??
    (pool && props.sdk && now !== null && futureA.amp !== null && futureTime !== null ? props.sdk.stable.checkRampA(pool, futureA.amp, futureTime, now) : null)
  const ready = pool !== null && now !== null && props.sdk !== null && futureA.amp !== null && futureTime !== null && error === null

  return (
    <Panel title="Stable pools: amplifier A">
      <p>
        A sets how flat a stable pool’s curve is around the balanced price: the higher A, the longer its price stays near 1:1. A moves only along a ramp, in a straight line to a target: a ramp lasts a day or
        more, starts a day or more after the last one started, and takes A at most 10 times up or down (within 1 to 1,000). Stopping a ramp keeps A where it stands.
      </p>
      <Table
        label="Stable pools and their amplifier A"
        className="table--stack"
        columns={[{ label: 'Pool' }, { label: 'A now' }, { label: 'Ramp' }, { label: 'Actions', hideLabel: true }]}
        empty={pools.error ? `The stable pools could not be read: ${pools.error.message}` : pools.isPending ? 'Reading the stable pools…' : list.length === 0 ? 'No stable pools yet.' : undefined}
      >
        {list.map((p) => {
          const amp = ampOf(p)
          const ramping = now !== null && isRamping(p, now)
          return (
            <tr key={poolKey(p)} data-testid={`ramp-pool-${p.lpAsset}`}>
              <th scope="row" data-label="Pool">
                {pairOf(p, props.tokens)}
                <div className="hint">{poolLabel({ venue: 'stable', feeBps: p.feeBps })}</div>
              </th>
              <td data-label="A now" data-testid="ramp-amp-now" data-amp={amp === null ? undefined : String(amp)} data-at={now === null ? undefined : String(now)}>
                {amp === null ? '…' : ampText(amp)}
              </td>
              <td data-label="Ramp" data-testid="ramp-state" data-ramping={String(ramping)}>
                {now === null ? '…' : ramping ? `From ${ampText(p.initialA)} to ${ampText(p.futureA)}, ${formatDateTime(p.initialTime)} to ${formatDateTime(p.futureTime)}` : 'None: A stands still'}
              </td>
              <td data-label="Actions" className="admin-ramp__action">
                {!props.disabled && ramping && amp !== null && now !== null ? (
                  <button type="button" className="button" aria-label={`Stop the ramp of ${name(p)}`} onClick={() => props.onReview(stopRampReview(p, name(p), amp, now))}>
                    Stop ramp
                  </button>
                ) : null}
              </td>
            </tr>
          )
        })}
      </Table>
      {props.disabled || !pool ? null : (
        <form
          className="admin-form"
          aria-label="Ramp A"
          onSubmit={(e) => {
            e.preventDefault()
            const amp = ampOf(pool)
            if (ready && amp !== null && now !== null && futureA.amp !== null && futureTime !== null) props.onReview(rampAReview(pool, name(pool), amp, now, futureA.amp, futureTime))
          }}
        >
          <div className="field">
            <label htmlFor={ids.pool}>Pool</label>
            <select id={ids.pool} className="input" value={poolKey(pool)} onChange={(e) => setPicked(e.target.value)}>
              {list.map((p) => (
                <option key={poolKey(p)} value={poolKey(p)}>
                  {name(p)}
                </option>
              ))}
            </select>
            <span className="hint" data-testid="ramp-pool-now">
              A is {ampOf(pool) === null ? '…' : ampText(ampOf(pool)!)} now{now === null ? '' : isRamping(pool, now) ? `, ${rampWords(pool, now)}` : ' and stands still'}.
            </span>
          </div>
          <div className="field">
            <label htmlFor={ids.target}>Target A</label>
            <input id={ids.target} className="input" inputMode="decimal" autoComplete="off" value={target} onChange={(e) => setTarget(e.target.value)} aria-invalid={futureA.error !== null} aria-describedby={error ? ids.error : undefined} />
          </div>
          <div className="field">
            <label htmlFor={ids.end}>Ramp ends (your time zone)</label>
            <input id={ids.end} className="input" type="datetime-local" min={now === null ? undefined : localInputFromSeconds(now + DAY)} value={end} onChange={(e) => setEnd(e.target.value)} aria-describedby={`${ids.end}-hint`} />
            <span id={`${ids.end}-hint`} className="hint">
              {now === null ? 'Reading the chain’s time…' : `A day or more after the chain’s time now (${formatDateTime(now)}): ${formatDateTime(now + DAY)} at the earliest.`}
            </span>
          </div>
          {error ? (
            <p id={ids.error} className="field__error" role="alert" data-testid="ramp-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={!ready}>
            Review ramp
          </button>
        </form>
      )}
    </Panel>
  )
}
