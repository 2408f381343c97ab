import { formatAmount } from '@grove/sdk/amount'
import { formatTime, type SchedulePoint } from '@/lib/locks/locks.ts'
import './unlock-chart.css'

const W = 600
const H = 200
const PAD = { left: 8, right: 8, top: 12, bottom: 24 }

/** The SVG path through the schedule's corners, scaled into the chart's box. */
export function schedulePath(points: readonly SchedulePoint[]): string {
  if (points.length === 0) return ''
  const t0 = Number(points[0]!.t)
  const span = Math.max(1, Number(points[points.length - 1]!.t) - t0)
  const max = points.reduce((m, p) => (p.locked > m ? p.locked : m), 0n)
  const x = (t: bigint) => PAD.left + ((Number(t) - t0) / span) * (W - PAD.left - PAD.right)
  const y = (v: bigint) => PAD.top + (max === 0n ? 1 : 1 - Number((v * 10_000n) / max) / 10_000) * (H - PAD.top - PAD.bottom)
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.locked).toFixed(1)}`)
  // A single point (everything ended) draws a flat line across.
  if (points.length === 1) d.push(`L${W - PAD.right},${y(points[0]!.locked).toFixed(1)}`)
  return d.join(' ')
}

/**
 * When supply unlocks: still locked over time, from now to the last end, as a line through the
 * schedule's corners (steps for time locks, slopes for vesting). The same numbers are listed for
 * screen readers and for reading exact values.
 */
export function UnlockChart(props: { points: readonly SchedulePoint[]; decimals: number; symbol: string; label: string }) {
  const { points } = props
  if (points.length === 0) return <p className="empty">Nothing is locked.</p>
  const first = points[0]!
  const last = points[points.length - 1]!
  const amount = (v: bigint) => `${formatAmount(v, props.decimals, { thousands: true, maxDecimals: 6 })} ${props.symbol}`
  return (
    <figure className="unlock-chart" data-testid="unlock-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${props.label}: ${amount(first.locked)} locked now, ${amount(last.locked)} by ${formatTime(last.t)}`} preserveAspectRatio="none">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="unlock-chart__axis" />
        <path d={schedulePath(points)} className="unlock-chart__line" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="unlock-chart__caption">
        <span>{formatTime(first.t)}</span>
        <span>{formatTime(last.t)}</span>
      </figcaption>
      <details className="unlock-chart__table">
        <summary>Schedule as a table</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Still locked</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={String(p.t)}>
                <td>{formatTime(p.t)}</td>
                <td>{amount(p.locked)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
