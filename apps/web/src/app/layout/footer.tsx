import { Link } from 'react-router'
import { DOCS, DOCS_BASE } from '@/lib/docs-catalog.ts'

/** Site footer: the documentation and the pages that are not in the header. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Documentation">
          <h2 className="site-footer__heading">
            <Link to={DOCS_BASE}>Documentation</Link>
          </h2>
          <ul>
            {DOCS.map((doc) => (
              <li key={doc.slug}>
                <Link to={doc.path}>{doc.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="More">
          <h2 className="site-footer__heading">Grove</h2>
          <ul>
            <li>
              <Link to="/dex/chart">Chart</Link>
            </li>
            <li>
              <Link to="/dex/analytics">Analytics</Link>
            </li>
            <li>
              <Link to="/projects">Projects</Link>
            </li>
            <li>
              <Link to="/settings">Settings</Link>
            </li>
            <li>
              <Link to="/admin">Admin</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__note">Grove is open-source software for trading and staking on Algorand. It never holds your keys.</p>
      </div>
    </footer>
  )
}
