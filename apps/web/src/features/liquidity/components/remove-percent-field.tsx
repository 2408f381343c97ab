import { useId } from 'react'

const PERCENTS = [25, 50, 75, 100]

/** How much of a pool share to remove, in percent: a slider and quarter buttons (the DEX's and the stable pools' remove forms). */
export function RemovePercentField(props: { percent: number; testId: string; onPercent(percent: number): void }) {
  const id = useId()
  return (
    <div className="field">
      <div className="field__row">
        <label htmlFor={id}>Amount to remove</label>
        <strong data-testid={props.testId}>{props.percent}%</strong>
      </div>
      <input id={id} type="range" min={1} max={100} step={1} value={props.percent} onChange={(e) => props.onPercent(Number(e.target.value))} />
      <div className="button-row percent-buttons">
        {PERCENTS.map((n) => (
          <button key={n} type="button" className={`button${props.percent === n ? ' button--selected' : ''}`} aria-pressed={props.percent === n} onClick={() => props.onPercent(n)}>
            {n === 100 ? 'Max' : `${n}%`}
          </button>
        ))}
      </div>
    </div>
  )
}
