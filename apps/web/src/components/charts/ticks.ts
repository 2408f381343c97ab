// Value-axis ticks people can read: 0 and steps of 1, 2, 2.5 or 5 × 10^k up to a top at or above
// the data's maximum. The charts scale to that top, so every tick line sits at its label's value.

const STEPS = [1, 2, 2.5, 5, 10]

/** Ticks from 0 to the first nice top ≥ `max`, at most `count` steps (a single step of 1 for no data). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1]
  const raw = max / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = STEPS.map((s) => s * power).find((s) => s >= raw - raw * 1e-12)!
  const top = Math.ceil(max / step - 1e-9) * step
  const ticks: number[] = []
  for (let i = 0; i * step <= top + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)))
  return ticks
}

/** A tick's place from the top of a chart's plot, in percent, for an HTML label beside an SVG that stretches. */
export const tickTop = (value: number, top: number): number => (1 - value / top) * 100
