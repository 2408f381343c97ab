// The portfolio's value over time as an area, drawn by lightweight-charts (imported on demand by
// the shared hook when this chart mounts, so only pages that draw a chart download it).
import { useEffect, useRef } from 'react'
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts'
import { baseOptions, useLightweightChart } from '@/components/charts/use-lightweight-chart.ts'
import { formatPrice } from '@/lib/analytics/derive.ts'
import type { ValuePoint } from '../value-history.ts'

/** An area chart of `points` in `unit` ("USD" or "ALGO"). */
export function ValueChart(props: { points: ValuePoint[]; unit: 'usd' | 'algo'; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const { chart, ready, failed } = useLightweightChart<{ chart: IChartApi; area: ISeriesApi<'Area'> }>(box, (lib, el, theme) => {
    const c = lib.createChart(el, {
      ...baseOptions(el, theme),
      grid: { vertLines: { visible: false }, horzLines: { color: theme.grid } },
      handleScroll: false,
      handleScale: false,
    })
    const accent = theme.accent
    const area = c.addSeries(lib.AreaSeries, { lineColor: accent, topColor: `${accent}55`, bottomColor: `${accent}05`, lineWidth: 2, priceFormat: { type: 'custom', formatter: (p: number) => formatPrice(p), minMove: 1e-6 } })
    return { chart: c, area }
  })

  useEffect(() => {
    const c = chart.current
    if (!c) return
    c.area.setData(props.points.flatMap((p) => {
      const value = props.unit === 'usd' ? p.usd : p.algo
      return value === null ? [] : [{ time: p.time as UTCTimestamp, value }]
    }))
    c.chart.timeScale().fitContent()
  }, [props.points, props.unit, ready, chart])

  return (
    <div ref={box} className="value-chart" role="img" aria-label={props.label} data-testid="value-chart" data-points={props.points.length}>
      {failed ? <p className="empty">The chart could not be loaded. Reload the page to try again.</p> : null}
    </div>
  )
}
