// Every table of the app: its columns described once (the head is drawn from them), its scroll box
// focusable so a keyboard can scroll it, and, when its content is wider than the box (a phone), a
// fade at the edge and "Scroll sideways for more" in words that a screen reader reads as the box's
// description. At desktop widths cells wrap and actions never do, so nothing is clipped.
import { Fragment, useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/** One column: its heading, and how its cells behave. */
export interface Column {
  /** The heading; a column of buttons names itself to screen readers alone ("Actions"). */
  label: ReactNode
  /** The heading is read but not shown (a column of buttons). */
  hideLabel?: boolean
  /** A custom heading cell (a sort button): replaces the plain `<th>`. */
  head?: ReactNode
  /** A key when `label` is not a string. */
  key?: string
}

/** Props of {@link Table}. */
export interface TableProps {
  /** The table's name (its scroll box and the table itself are labelled with it). */
  label: string
  columns: readonly Column[]
  /** The body: `<tbody>`s (and a `<tfoot>`), or rows that go into one `<tbody>`. */
  children?: ReactNode
  /** Says why the table is empty, in one row under its head; the children are not drawn. */
  empty?: ReactNode
  /** Extra classes of the `<table>` ("table--stack" folds rows into cards on a phone). */
  className?: string
  /** Rows given as `<tbody>`s of their own (grouped rows, a `<tfoot>`). */
  bodies?: boolean
  /** Said to screen readers before the rows ("Projects, verified first"). */
  caption?: string
  busy?: boolean
  testId?: string
}

/** Whether the box's content is wider than the box, and whether it is scrolled to its end; kept current as either changes. */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null)
  const [state, setState] = useState({ overflows: false, atEnd: true })
  const measure = useCallback(() => {
    const el = ref.current
    if (!el) return
    const overflows = el.scrollWidth > el.clientWidth + 1
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1
    setState((s) => (s.overflows === overflows && s.atEnd === atEnd ? s : { overflows, atEnd }))
  }, [])
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    measure()
    // the content changes width as rows load, the box as the window does
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(el)
    if (el.firstElementChild) observer?.observe(el.firstElementChild)
    return () => observer?.disconnect()
  }, [measure])
  return { ref, measure, ...state }
}

/** A table whose head is drawn from `columns`, in a scroll box that says when it scrolls. */
export function Table(props: TableProps) {
  const hintId = useId()
  const { ref, measure, overflows, atEnd } = useOverflow()
  const body = props.empty !== undefined ? (
    <tbody>
      <tr>
        <td colSpan={props.columns.length} className="empty">
          {props.empty}
        </td>
      </tr>
    </tbody>
  ) : props.bodies ? (
    props.children
  ) : (
    <tbody>{props.children}</tbody>
  )
  return (
    <div className="table-scroll">
      {overflows ? (
        <p id={hintId} className="table-scroll__hint">
          Scroll sideways for more <span aria-hidden="true">→</span>
        </p>
      ) : null}
      <div className="table-scroll__box">
        <div ref={ref} className="table-wrap" role="region" aria-label={props.label} aria-describedby={overflows ? hintId : undefined} tabIndex={0} onScroll={measure}>
          <table className={props.className ? `table ${props.className}` : 'table'} aria-label={props.label} aria-busy={props.busy} data-testid={props.testId}>
            {props.caption ? <caption className="visually-hidden">{props.caption}</caption> : null}
            <thead>
              <tr>
                {props.columns.map((c, i) => {
                  const key = c.key ?? (typeof c.label === 'string' ? c.label : i)
                  if (c.head !== undefined) return <Fragment key={key}>{c.head}</Fragment>
                  return (
                    <th key={key} scope="col">
                      {c.hideLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
                    </th>
                  )
                })}
              </tr>
            </thead>
            {body}
          </table>
        </div>
        {overflows && !atEnd ? <span className="table-scroll__fade" aria-hidden="true" /> : null}
      </div>
    </div>
  )
}
