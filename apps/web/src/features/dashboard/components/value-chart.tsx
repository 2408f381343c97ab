// The portfolio's value over time as an area, drawn by lightweight-charts. The library is imported
// on demand when this chart mounts, so only pages that draw a chart download it.
import { useEffect, useRef, useState } from 'react'
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts'
import { formatPrice } from '@/lib/analytics/derive.ts'
import type { ValuePoint } from '../value-history.ts'

const css = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback

/** An area chart of `points` in `unit` ("USD" or "ALGO"). */
export function ValueChart(props: { points: ValuePoint[]; unit: 'usd' | 'algo'; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<{ chart: IChartApi; area: ISeriesApi<'Area'> } | null>(null)
  const [ready, setReady] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let disposed = false
    let observer: ResizeObserver | undefined
    import('lightweight-charts').then(
      (lib) => {
        if (disposed || !box.current) return
        const el = box.current
        const text = css('--text', '#14201a')
        const grid = css('--border', '#d5ddd9')
        const accent = css('--accent', '#1f7a4d')
        const c = lib.createChart(el, {
          width: el.clientWidth,
          height: el.clientHeight,
          layout: { background: { color: 'transparent' }, textColor: text, attributionLogo: false },
          grid: { vertLines: { visible: false }, horzLines: { color: grid } },
          timeScale: { timeVisible: true, secondsVisible: false, borderColor: grid },
          rightPriceScale: { borderColor: grid },
          handleScroll: false,
          handleScale: false,
        })
        const area = c.addSeries(lib.AreaSeries, { lineColor: accent, topColor: `${accent}55`, bottomColor: `${accent}05`, lineWidth: 2, priceFormat: { type: 'custom', formatter: (p: number) => formatPrice(p), minMove: 1e-6 } })
        observer = new ResizeObserver(() => c.applyOptions({ width: el.clientWidth, height: el.clientHeight }))
        observer.observe(el)
        chart.current = { chart: c, area }
        setReady(true)
      },
      () => setFailed(true),
    )
    return () => {
      disposed = true
      observer?.disconnect()
      chart.current?.chart.remove()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    const c = chart.current
    if (!c) return
    c.area.setData(props.points.flatMap((p) => {
      const value = props.unit === 'usd' ? p.usd : p.algo
      return value === null ? [] : [{ time: p.time as UTCTimestamp, value }]
    }))
    c.chart.timeScale().fitContent()
  }, [props.points, props.unit, ready])

  return (
    <div ref={box} className="value-chart" role="img" aria-label={props.label} data-testid="value-chart" data-points={props.points.length}>
      {failed ? <p className="empty">The chart could not be loaded. Reload the page to try again.</p> : null}
    </div>
  )
}
