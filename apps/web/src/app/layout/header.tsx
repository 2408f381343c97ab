import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { WalletWidget } from '@/features/wallet/wallet-widget.tsx'
import { MAIN_NAV, isCurrent } from './nav.ts'
import { NetworkBadge } from './network-badge.tsx'

/** Site header: brand, main navigation (a menu on phones), network badge and wallet. */
export function Header() {
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuPath, setMenuPath] = useState(pathname)
  // Close the phone menu whenever the route changes.
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMenuOpen(false)
  }
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Grove home">
          <img src="/grove.svg" alt="" width="28" height="28" />
          <span>Grove</span>
        </Link>
        <button
          type="button"
          className="button button--ghost menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="main-nav" aria-label="Main" className={menuOpen ? 'main-nav main-nav--open' : 'main-nav'}>
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={() => (isCurrent(item, pathname) ? 'main-nav__link active' : 'main-nav__link')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__end">
          <NetworkBadge />
          <WalletWidget />
        </div>
      </div>
    </header>
  )
}
