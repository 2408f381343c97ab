import './stepper.css'

/** A numbered list of the steps of a flow that needs several signatures; the current one is marked for screen readers too. */
export function Stepper(props: { label: string; steps: string[]; current: number }) {
  return (
    <ol className="stepper" aria-label={props.label}>
      {props.steps.map((step, i) => {
        const state = i < props.current ? 'done' : i === props.current ? 'current' : 'todo'
        return (
          <li key={step} className={`stepper__step stepper__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stepper__number" aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span>
              <span className="visually-hidden">Step {i + 1}: </span>
              {step}
              {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
