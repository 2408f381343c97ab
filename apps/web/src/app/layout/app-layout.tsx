import type { ReactNode } from 'react'
import { NavLink, Outlet, useLocation, useMatches } from 'react-router'
import { useRouteTitle } from '@/lib/document-title.ts'
import { AdminStatusBar } from './admin-status-bar.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { KeepAliveOutlet } from './keep-alive.tsx'
import { DEX_NAV, isCurrent } from './nav.ts'

/** Pages kept mounted after the user leaves them (their filters and scroll survive). */
export const KEEP_ALIVE_PATHS = ['/staking/farms', '/staking/pools'] as const

/** The default layout: skip link, header, the page, footer. `children` replaces the outlet (error pages). */
export function AppLayout(props: { children?: ReactNode }) {
  useDocumentTitle()
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <AdminStatusBar />
      <main id="main" tabIndex={-1} className="site-main">
        {props.children ?? <KeepAliveOutlet paths={KEEP_ALIVE_PATHS} />}
      </main>
      <Footer />
    </div>
  )
}

/** Frame of the /dex pages: Swap, Chart and Analytics tabs above the page. */
export function DexLayout() {
  const { pathname } = useLocation()
  return (
    <>
      <nav aria-label="DEX" className="sub-nav">
        {DEX_NAV.map((item) => (
          <NavLink key={item.to} to={item.to} className={isCurrent(item, pathname) ? 'sub-nav__link active' : 'sub-nav__link'}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  )
}

/** Sets the tab title from the deepest route's `handle.title` (an error page shown instead sets its own). */
function useDocumentTitle() {
  const matches = useMatches()
  const { key } = useLocation()
  const title = [...matches].reverse().map((m) => (m.handle as { title?: string } | undefined)?.title).find(Boolean)
  useRouteTitle(title, key)
}
