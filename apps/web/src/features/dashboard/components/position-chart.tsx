// A liquidity position over time: its value, the fees it earned and its impermanent loss at each
// day's end (GET /api/positions/:id/history), drawn by lightweight-charts, which the shared hook
// imports only when this chart mounts (a row's "Chart" opens it).
import { useEffect, useMemo, useRef } from 'react'
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts'
import { baseOptions, useLightweightChart } from '@/components/charts/use-lightweight-chart.ts'
import { usePositionHistory } from '@/lib/analytics/queries.ts'
import type { ApiPositionHistory } from '@/lib/analytics/types.ts'

type Day = ApiPositionHistory['days'][number]
type Figure = 'value' | 'fees' | 'impermanentLoss'
const LINES: { figure: Figure; label: string }[] = [
  { figure: 'value', label: 'Value' },
  { figure: 'fees', label: 'Fees earned' },
  { figure: 'impermanentLoss', label: 'Impermanent loss' },
]

/** A day's figure in USD, or in whole B where nothing prices it. */
const pointOf = (d: Day, figure: Figure, usd: boolean, decimalsB: number): number => (usd ? d[figure].usd! : Number(d[figure].inB) / 10 ** decimalsB)

/** The chart of position `id` (in USD when every day is priced, else in the pool's asset B). */
export function PositionChart(props: { url: string; id: string; unitB: string; decimalsB: number }) {
  const q = usePositionHistory(props.url, props.id)
  const days = useMemo(() => q.data?.days ?? [], [q.data])
  const usd = days.length > 0 && days.every((d) => LINES.every((l) => d[l.figure].usd !== null))
  const box = useRef<HTMLDivElement>(null)
  const { chart, ready, failed } = useLightweightChart<{ chart: IChartApi; lines: ISeriesApi<'Line'>[] }>(box, (lib, el, theme) => {
    const c = lib.createChart(el, { ...baseOptions(el, theme), grid: { vertLines: { visible: false }, horzLines: { color: theme.grid } }, handleScroll: false, handleScale: false })
    const colors = [theme.text, theme.accent, theme.danger]
    return { chart: c, lines: LINES.map((l, i) => c.addSeries(lib.LineSeries, { color: colors[i], lineWidth: 2, title: l.label })) }
  })

  useEffect(() => {
    const c = chart.current
    if (!c) return
    LINES.forEach((l, i) => c.lines[i]!.setData(days.map((d) => ({ time: d.day as UTCTimestamp, value: pointOf(d, l.figure, usd, props.decimalsB) }))))
    c.chart.timeScale().fitContent()
  }, [days, usd, ready, chart, props.decimalsB])

  const unit = usd ? 'USD' : props.unitB
  return (
    <figure className="position-chart-figure">
      <figcaption className="position-chart__caption">
        {q.isPending ? 'Loading the position’s history…' : q.error ? 'The position’s history could not be read.' : `Value, fees earned and impermanent loss at each day’s end, in ${unit}`}
      </figcaption>
      <div ref={box} className="position-chart" role="img" aria-label={`The position’s value, fees earned and impermanent loss over ${days.length} days, in ${unit}`} data-testid="position-chart" data-points={days.length}>
        {failed ? <p className="empty">The chart could not be loaded. Reload the page to try again.</p> : null}
      </div>
    </figure>
  )
}
