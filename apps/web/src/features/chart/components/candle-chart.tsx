// Candlesticks with volume beneath, drawn by lightweight-charts (imported on demand by the shared
// hook, so only /dex/chart ever downloads it).
import { useEffect, useRef, useState } from 'react'
import type { CandlestickData, HistogramData, IChartApi, ISeriesApi, UTCTimestamp, WhitespaceData } from 'lightweight-charts'
import { baseOptions, cssVar, useLightweightChart, withAlpha } from '@/components/charts/use-lightweight-chart.ts'
import { formatPrice, timeAxis, type ChartCandle } from '@/lib/analytics/derive.ts'
import { formatDateTime } from '@/lib/format.ts'

interface Series {
  chart: IChartApi
  candles: ISeriesApi<'Candlestick'>
  volume: ISeriesApi<'Histogram'>
}

/** Props of {@link CandleChart}. */
export interface CandleChartProps {
  candles: ChartCandle[]
  /** Changes when the pool, timeframe or direction does: the chart then fits its new data. */
  viewKey: string
  /** "gUSD per ALGO": what the price axis counts. */
  unit: string
  volumeUnit: string
  /** The width of a candle, in seconds: the axis has a place for every one, traded or not. */
  bucketSeconds: number
  /** The chain's time now, in seconds: the axis runs up to it. */
  now: number
}

/** The chart, with a legend of the candle under the crosshair (the last one otherwise). */
export function CandleChart(props: CandleChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<number | null>(null)
  const byTime = useRef(new Map<number, ChartCandle>())
  byTime.current = new Map(props.candles.map((c) => [c.time, c]))
  const axis = timeAxis(props.candles, props.bucketSeconds, props.now)

  // one chart per mount; data changes below only replace the series' data
  const { chart: series, ready, failed } = useLightweightChart<Series>(box, (lib, el, theme) => {
    const chart = lib.createChart(el, {
      ...baseOptions(el, theme),
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      localization: { priceFormatter: (p: number) => formatPrice(p) },
    })
    const [up, down] = [theme.accent, theme.danger]
    const candles = chart.addSeries(lib.CandlestickSeries, { upColor: up, downColor: down, wickUpColor: up, wickDownColor: down, borderVisible: false, priceFormat: { type: 'custom', formatter: (p: number) => formatPrice(p), minMove: 1e-12 } })
    const volume = chart.addSeries(lib.HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false })
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } })
    chart.subscribeCrosshairMove((param) => setHovered(param.time === undefined ? null : Number(param.time)))
    return { chart, candles, volume }
  })

  useEffect(() => {
    const s = series.current
    if (!s) return
    const up = cssVar('--accent', '#1f7a4d')
    const down = cssVar('--danger', '#b3261e')
    // gaps are whitespace: the axis keeps their time, nothing is drawn
    s.candles.setData(axis.map((c): CandlestickData | WhitespaceData => ('gap' in c ? { time: c.time as UTCTimestamp } : { time: c.time as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })))
    s.volume.setData(axis.map((c): HistogramData | WhitespaceData => ('gap' in c ? { time: c.time as UTCTimestamp } : { time: c.time as UTCTimestamp, value: c.volume, color: withAlpha(c.up ? up : down, 0.45) })))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the axis is derived from these three
  }, [props.candles, props.bucketSeconds, props.now, ready, series])

  useEffect(() => {
    series.current?.chart.timeScale().fitContent()
  }, [props.viewKey, ready, series])

  const last = props.candles.at(-1)
  const shown = (hovered !== null ? byTime.current.get(hovered) : undefined) ?? (hovered === null ? last : undefined)
  return (
    <div className="candle-chart">
      <p className="candle-chart__legend" data-testid="candle-legend" aria-live="off" data-last-time={last?.time} data-last-close={last?.close}>
        {shown ? (
          <>
            <span>{formatDateTime(shown.time)}</span>
            <span>O <b>{formatPrice(shown.open)}</b></span>
            <span>H <b>{formatPrice(shown.high)}</b></span>
            <span>L <b>{formatPrice(shown.low)}</b></span>
            <span>C <b className={shown.up ? 'tone-up' : 'tone-down'}>{formatPrice(shown.close)}</b></span>
            <span>Vol <b>{formatPrice(shown.volume)}</b> {props.volumeUnit}</span>
          </>
        ) : hovered !== null ? (
          <>
            <span>{formatDateTime(hovered)}</span>
            <span>No trades</span>
          </>
        ) : (
          <span>{props.unit}</span>
        )}
      </p>
      <div ref={box} className="candle-chart__canvas" role="img" aria-label={`Price candles, ${props.unit}, with volume`}>
        {failed ? <p className="empty">The chart could not be loaded. Reload the page to try again.</p> : null}
      </div>
    </div>
  )
}
