// The overview's value over time as an area, drawn by lightweight-charts (imported on demand by
// the shared hook when this chart mounts, so only pages that draw a chart download it). It says its
// unit twice: in the caption beside its last value, and on the price axis and crosshair.
import { useEffect, useRef } from 'react'
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts'
import { baseOptions, useLightweightChart } from '@/components/charts/use-lightweight-chart.ts'
import { formatValue, valueIn, type ValuePoint, type ValueUnit } from '../value-history.ts'

/** An area chart of `points` (base units) in `unit`, captioned with the unit and the last value; `title` names it to screen readers. */
export function ValueChart(props: { points: ValuePoint[]; unit: ValueUnit; title: string }) {
  const { points, unit } = props
  const box = useRef<HTMLDivElement>(null)
  const { chart, ready, failed } = useLightweightChart<{ chart: IChartApi; area: ISeriesApi<'Area'> }>(box, (lib, el, theme) => {
    const c = lib.createChart(el, {
      ...baseOptions(el, theme),
      grid: { vertLines: { visible: false }, horzLines: { color: theme.grid } },
      handleScroll: false,
      handleScale: false,
    })
    const accent = theme.accent
    const area = c.addSeries(lib.AreaSeries, { lineColor: accent, topColor: `${accent}55`, bottomColor: `${accent}05`, lineWidth: 2 })
    return { chart: c, area }
  })

  useEffect(() => {
    const c = chart.current
    if (!c) return
    // the axis and crosshair write values as the headline does, so the last one reads the same
    const scale = 10 ** unit.decimals
    c.area.applyOptions({ priceFormat: { type: 'custom', formatter: (v: number) => formatValue(v * scale, unit), minMove: 0.01 } })
    c.area.setData(
      points.flatMap((p) => {
        const value = valueIn(p, unit)
        return value === null ? [] : [{ time: p.time as UTCTimestamp, value: value / scale }]
      }),
    )
    c.chart.timeScale().fitContent()
  }, [points, unit, ready, chart])

  const shown = points.filter((p) => valueIn(p, unit) !== null)
  const [first, last] = [shown[0], shown.at(-1)]
  const text = (p: ValuePoint | undefined) => (p ? formatValue(valueIn(p, unit)!, unit) : '—')
  return (
    <figure className="value-chart-figure">
      <figcaption className="value-chart__caption" data-testid="value-chart-caption">
        In {unit.code}, over 7 days:{' '}
        <strong data-testid="value-chart-last" data-unit={unit.code} data-algo={last ? String(last.algo) : undefined}>
          {text(last)}
        </strong>{' '}
        now
      </figcaption>
      <div ref={box} className="value-chart" role="img" aria-label={`${props.title} at each hour’s prices over 7 days, in ${unit.code}, from ${text(first)} to ${text(last)}`} data-testid="value-chart" data-points={shown.length}>
        {failed ? <p className="empty">The chart could not be loaded. Reload the page to try again.</p> : null}
      </div>
    </figure>
  )
}
