import { Table } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { formatTime, type SchedulePoint } from '@/lib/locks/locks.ts'
import { niceTicks } from '@/components/charts/ticks.ts'
import './unlock-chart.css'

const W = 600
const H = 200
const PAD = { left: 8, right: 8, top: 12, bottom: 24 }

/** The SVG path through the schedule's corners, scaled into the chart's box. */
/** The height of `v` base units in a plot whose top is `top` base units (the highest tick; the largest amount when none is given). */
const yOf = (v: bigint, top: bigint) => PAD.top + (top === 0n ? 1 : 1 - Number((v * 10_000n) / top) / 10_000) * (H - PAD.top - PAD.bottom)

export function schedulePath(points: readonly SchedulePoint[], top?: bigint): string {
  if (points.length === 0) return ''
  const t0 = Number(points[0]!.t)
  const span = Math.max(1, Number(points[points.length - 1]!.t) - t0)
  const max = top ?? points.reduce((m, p) => (p.locked > m ? p.locked : m), 0n)
  const x = (t: bigint) => PAD.left + ((Number(t) - t0) / span) * (W - PAD.left - PAD.right)
  const y = (v: bigint) => yOf(v, max)
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
  // the value axis in whole tokens; its top tick is the plot's top
  const unit = 10 ** props.decimals
  const ticks = niceTicks(Number(points.reduce((m, p) => (p.locked > m ? p.locked : m), 0n)) / unit)
  const top = BigInt(Math.round(ticks.at(-1)! * unit))
  return (
    <figure className="unlock-chart" data-testid="unlock-chart">
      <div className="chart-plot">
        <ol className="chart-y-axis" aria-hidden="true">
          {ticks.map((t) => (
            <li key={t} style={{ top: `${(yOf(BigInt(Math.round(t * unit)), top) / H) * 100}%` }}>
              {t.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 })}
            </li>
          ))}
        </ol>
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${props.label}: ${amount(first.locked)} locked now, ${amount(last.locked)} by ${formatTime(last.t)}`} preserveAspectRatio="none">
          <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="unlock-chart__axis" />
          {ticks.map((t) => {
            const y = yOf(BigInt(Math.round(t * unit)), top)
            return <line key={t} className="chart-grid" x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} vectorEffect="non-scaling-stroke" />
          })}
          <path d={schedulePath(points, top)} className="unlock-chart__line" vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <figcaption className="unlock-chart__caption">
        <span>{formatTime(first.t)}</span>
        <span>{formatTime(last.t)}</span>
      </figcaption>
      <details className="unlock-chart__table">
        <summary>Schedule as a table</summary>
        <Table label={`${props.label}, as a table`} columns={[{ label: 'Time' }, { label: 'Still locked' }]}>
          {points.map((p) => (
            <tr key={String(p.t)}>
              <td>{formatTime(p.t)}</td>
              <td>{amount(p.locked)}</td>
            </tr>
          ))}
        </Table>
      </details>
    </figure>
  )
}
