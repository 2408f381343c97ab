// The setup every lightweight-charts chart shares: the library imported on demand when a chart
// mounts (so only pages that draw one download it, ~50 KB gzipped), colours read from the theme's
// CSS variables, the common options, a resize observer, and disposal on unmount.
import { useEffect, useRef, useState, type RefObject } from 'react'
import type * as Lightweight from 'lightweight-charts'
import type { ChartOptions, DeepPartial, IChartApi } from 'lightweight-charts'

type Lib = typeof Lightweight

/** The theme's colours, as lightweight-charts parses them (hex, not color-mix). */
export interface ChartTheme {
  text: string
  grid: string
  accent: string
  danger: string
}

/** A CSS variable of the document, or `fallback` when unset. */
export const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback

/** The theme's colours now. */
export const chartTheme = (): ChartTheme => ({ text: cssVar('--text', '#14201a'), grid: cssVar('--border', '#d5ddd9'), accent: cssVar('--accent', '#1f7a4d'), danger: cssVar('--danger', '#b3261e') })

/** `#rrggbb` with an alpha as rgba (lightweight-charts parses colours itself). */
export const withAlpha = (hex: string, alpha: number) => {
  const m = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!m) return hex
  const n = parseInt(m[1]!, 16)
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

/** Options every chart shares: the box's size, a transparent background, themed text, axes and time scale. */
export const baseOptions = (el: HTMLElement, theme: ChartTheme): DeepPartial<ChartOptions> => ({
  width: el.clientWidth,
  height: el.clientHeight,
  layout: { background: { color: 'transparent' }, textColor: theme.text, attributionLogo: false },
  timeScale: { timeVisible: true, secondsVisible: false, borderColor: theme.grid },
  rightPriceScale: { borderColor: theme.grid },
})

/**
 * One chart per mount in `box`: `build` creates it (and its series) once the library has loaded.
 * `chart.current` holds what it built; `ready` turns true then, `failed` when the library could not load.
 */
export function useLightweightChart<T extends { chart: IChartApi }>(box: RefObject<HTMLDivElement | null>, build: (lib: Lib, el: HTMLDivElement, theme: ChartTheme) => T) {
  const chart = useRef<T | null>(null)
  const [ready, setReady] = useState(false)
  const [failed, setFailed] = useState(false)
  // The first render's builder: the chart is made once per mount.
  const builder = useRef(build)

  useEffect(() => {
    let disposed = false
    let observer: ResizeObserver | undefined
    import('lightweight-charts').then(
      (lib) => {
        if (disposed || !box.current) return
        const el = box.current
        const made = builder.current(lib, el, chartTheme())
        observer = new ResizeObserver(() => made.chart.applyOptions({ width: el.clientWidth, height: el.clientHeight }))
        observer.observe(el)
        chart.current = made
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
  }, [box])

  return { chart, ready, failed }
}
