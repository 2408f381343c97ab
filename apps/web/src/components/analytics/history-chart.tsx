import { formatUsd } from '@/lib/analytics/derive.ts'
import { niceTicks } from '@/components/charts/ticks.ts'

const W = 600
const H = 180
const PAD = { top: 8, right: 0, bottom: 0, left: 0 }

/** A day and its value, for {@link HistoryChart}. */
export interface HistoryPoint {
  day: number
  value: number
}

const dayLabel = (day: number) => new Date(day * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/**
 * A small SVG chart of a daily USD series: an area for levels (TVL), bars for flows (volume). Plain
 * SVG keeps the charting library off this page; each day carries its value as a tooltip.
 */
export function HistoryChart(props: { title: string; points: HistoryPoint[]; kind: 'area' | 'bars' }) {
  const { points } = props
  const max = Math.max(0, ...points.map((p) => p.value)) || 1
  // the value axis: readable ticks, the scale's top at the highest one
  const ticks = niceTicks(max)
  const top = ticks.at(-1)!
  const w = (W - PAD.left - PAD.right) / Math.max(1, points.length)
  const x = (i: number) => PAD.left + i * w
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / top)
  const last = points.at(-1)
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${(x(i) + w / 2).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')
  const summary = points.length ? `${props.title}, ${dayLabel(points[0]!.day)} to ${dayLabel(last!.day)}: from ${formatUsd(points[0]!.value)} to ${formatUsd(last!.value)}, peak ${formatUsd(max)}` : `${props.title}: no data`
  return (
    <figure className="history" aria-label={props.title}>
      <p className="history-chart__summary">
        <span>{props.title}</span>
        {last ? (
          <span>
            {dayLabel(last.day)} <b>{formatUsd(last.value)}</b>
          </span>
        ) : null}
      </p>
      {/* stretched to the panel's width; strokes keep their width (non-scaling-stroke); the value labels are HTML so they do not stretch */}
      <div className="chart-plot">
        <ol className="chart-y-axis" aria-hidden="true">
          {ticks.map((t) => (
            <li key={t} style={{ top: `${(y(t) / H) * 100}%` }}>
              {formatUsd(t)}
            </li>
          ))}
        </ol>
        <svg className="history-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
          {ticks.map((t) => (
            <line key={t} className="chart-grid" x1={0} x2={W} y1={y(t)} y2={y(t)} vectorEffect="non-scaling-stroke" />
          ))}
          {props.kind === 'area' && points.length ? (
            <>
              <path className="history-chart__area" d={`${line} L${(x(points.length - 1) + w / 2).toFixed(1)},${H - PAD.bottom} L${(x(0) + w / 2).toFixed(1)},${H - PAD.bottom} Z`} />
              <path className="history-chart__line" d={line} vectorEffect="non-scaling-stroke" />
            </>
          ) : null}
          {points.map((p, i) => (
            <rect
              key={p.day}
              className={props.kind === 'bars' ? 'history-chart__bar' : 'history-chart__hit'}
              x={x(i) + w * 0.15}
              width={w * 0.7}
              y={props.kind === 'bars' ? y(p.value) : PAD.top}
              height={props.kind === 'bars' ? H - PAD.bottom - y(p.value) : H - PAD.top - PAD.bottom}
              fill={props.kind === 'bars' ? undefined : 'transparent'}
            >
              <title>{`${dayLabel(p.day)}: ${formatUsd(p.value)}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      {points.length ? (
        <p className="history-chart__axis" aria-hidden="true">
          <span>{dayLabel(points[0]!.day)}</span>
          <span>{dayLabel(last!.day)}</span>
        </p>
      ) : null}
    </figure>
  )
}
