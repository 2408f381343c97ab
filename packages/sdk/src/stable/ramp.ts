// The admin's ramp of A, checked before signing: the contract's rampA asserts (stable.algo.ts) in its
// order, each refusal a sentence that says what would pass, at the chain's time `now` (the contract
// reads global LatestTimestamp, which a transaction sent after `now` only moves later).
import { A_PRECISION, ampAt, MAX_A, MAX_A_CHANGE, MIN_A, MIN_RAMP_TIME, type StablePoolState } from './math.ts'

/** A ramp of A in progress at `now`: its ends (times A_PRECISION) and times (seconds); null when A stands still. */
export function rampInProgress(pool: Pick<StablePoolState, 'initialA' | 'futureA' | 'initialTime' | 'futureTime'>, now: bigint): { fromA: bigint; toA: bigint; start: bigint; end: bigint } | null {
  if (pool.initialA === pool.futureA || now >= pool.futureTime) return null
  return { fromA: pool.initialA, toA: pool.futureA, start: pool.initialTime, end: pool.futureTime }
}

/** A (times A_PRECISION) in words: 15050n → "150.5". */
export const ampWords = (amp: bigint): string => (Number(amp) / Number(A_PRECISION)).toLocaleString('en-US', { maximumFractionDigits: 2 })

/** Seconds in words, rounded up to the minute: "23 hours 5 minutes". */
export function durationWords(seconds: bigint): string {
  const minutes = Number((seconds + 59n) / 60n)
  const [d, h, m] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60]
  const part = (n: number, unit: string) => (n === 0 ? [] : [`${n} ${unit}${n === 1 ? '' : 's'}`])
  return [...part(d, 'day'), ...part(h, 'hour'), ...part(m, 'minute')].join(' ') || 'less than a minute'
}

/**
 * Why the contract would refuse ramping `pool`'s A to `futureA` (times A_PRECISION) by `futureTime`
 * (seconds) at chain time `now`, in one sentence; null when it would not. A target equal to A now is
 * refused too: it moves nothing and still holds off the next ramp for a day.
 */
export function checkRampA(pool: Pick<StablePoolState, 'initialA' | 'futureA' | 'initialTime' | 'futureTime'>, futureA: bigint, futureTime: bigint, now: bigint): string | null {
  const wait = pool.initialTime + MIN_RAMP_TIME - now
  if (wait > 0n) return `A new ramp may start a day after the last one started: in ${durationWords(wait)}`
  if (futureTime < now + MIN_RAMP_TIME) return `A ramp lasts at least a day: end it ${durationWords(now + MIN_RAMP_TIME - futureTime)} later or more`
  if (futureA < MIN_A * A_PRECISION || futureA > MAX_A * A_PRECISION) return `A must be from ${MIN_A} to ${MAX_A.toLocaleString('en-US')}`
  const current = ampAt(pool, now)
  const low = (current + MAX_A_CHANGE - 1n) / MAX_A_CHANGE
  const high = current * MAX_A_CHANGE
  if (futureA > high || futureA < low) {
    const lo = low < MIN_A * A_PRECISION ? MIN_A * A_PRECISION : low
    const hi = high > MAX_A * A_PRECISION ? MAX_A * A_PRECISION : high
    return `A ramp changes A at most ${MAX_A_CHANGE} times: from ${ampWords(current)} now, the target is ${ampWords(lo)} to ${ampWords(hi)}`
  }
  if (futureA === current) return `A is ${ampWords(current)} already: choose another target`
  return null
}
