import type { ReactNode } from 'react'

/** Standard page frame: the page's one h1, an optional intro line and the body. */
export function Page(props: { title: string; intro?: ReactNode; actions?: ReactNode; children?: ReactNode; wide?: boolean }) {
  return (
    <section className={props.wide ? 'page page--wide' : 'page'} aria-labelledby="page-title">
      <header className="page__header">
        <div>
          <h1 id="page-title">{props.title}</h1>
          {props.intro ? <p className="page__intro">{props.intro}</p> : null}
        </div>
        {props.actions ? <div className="page__actions">{props.actions}</div> : null}
      </header>
      {props.children}
    </section>
  )
}

/** A bordered block of a page with its own h2. */
export function Panel(props: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className="panel">
      <header className="panel__header">
        <h2>{props.title}</h2>
        {props.actions}
      </header>
      <div className="panel__body">{props.children}</div>
    </section>
  )
}
