import { Link } from 'react-router'

/** What the error page shows: see app/error-info.ts for how an error becomes one. */
export interface ErrorInfo {
  status: number
  title: 'Page Not Found' | 'Internal Server Error'
  statusText: string
  description: string
}

/** The error page: 404 "Page Not Found" or "Internal Server Error", with code, status text and description. */
export function ErrorPage(props: { info: ErrorInfo }) {
  const { info } = props
  return (
    <section className="page error-page" aria-labelledby="page-title">
      <p className="error-page__status">{info.status}</p>
      <h1 id="page-title">{info.title}</h1>
      <p className="error-page__status-text">{info.statusText}</p>
      <p className="error-page__description">{info.description}</p>
      <p>
        <Link className="button button--primary" to="/">
          Back to Grove
        </Link>
      </p>
    </section>
  )
}
