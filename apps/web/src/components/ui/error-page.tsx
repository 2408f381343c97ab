import { Link } from 'react-router'
import { DOCS_BASE } from '@/lib/docs-catalog.ts'

/** What the error page shows: see app/error-info.ts for how an error becomes one. */
export interface ErrorInfo {
  status: number
  title: 'Page Not Found' | 'Internal Server Error'
  description: string
}

/** Where a lost visitor most likely wanted to go. */
const SUGGESTIONS = [
  { to: '/dex/swap', label: 'Swap' },
  { to: '/shares', label: 'Liquidity' },
  { to: '/projects', label: 'Projects' },
  { to: DOCS_BASE, label: 'Documentation' },
]

/**
 * The error page: 404 "Page Not Found" or "Internal Server Error". The code appears once, on a small
 * line above the heading; the heading names the error and the description says what was asked, so
 * no two lines say the same thing.
 */
export function ErrorPage(props: { info: ErrorInfo }) {
  const { info } = props
  return (
    <section className="page error-page" aria-labelledby="page-title">
      <p className="error-page__status">
        Error <span className="error-page__code">{info.status}</span>
      </p>
      <h1 id="page-title">{info.title}</h1>
      <p className="error-page__description">{info.description}</p>
      {info.status === 404 ? (
        <nav aria-label="Suggested pages" className="error-page__suggestions">
          {SUGGESTIONS.map((s) => (
            <Link key={s.to} to={s.to}>
              {s.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <p>
        <Link className="button button--primary" to="/">
          Back to Grove
        </Link>
      </p>
    </section>
  )
}
