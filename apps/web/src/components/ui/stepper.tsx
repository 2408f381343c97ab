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

/**
 * A stepper form's foot: why the current step cannot go on (in words, announced), Back after the first
 * step, and the submit button, which reads Next until the last step names what it leads to.
 */
export function StepperFooter(props: { step: number; steps: number; finalLabel: string; problem: string | null; problemTestId: string; disabled: boolean; onBack(): void }) {
  return (
    <>
      {props.problem !== null ? (
        <p className="field__error" role="alert" data-testid={props.problemTestId}>
          {props.problem}
        </p>
      ) : null}
      <div className="button-row">
        {props.step > 0 ? (
          <button type="button" className="button" onClick={props.onBack}>
            Back
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled}>
          {props.step < props.steps - 1 ? 'Next' : props.finalLabel}
        </button>
      </div>
    </>
  )
}
