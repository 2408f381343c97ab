// Keeps chosen pages mounted (hidden) after the user leaves them, so their typed filters
// and scroll position are still there on return. Other pages mount and unmount as usual.
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useLocation, useOutlet } from 'react-router'

/** Renders the route outlet, keeping the pages at `paths` alive once visited. */
export function KeepAliveOutlet(props: { paths: readonly string[] }) {
  const outlet = useOutlet()
  const { pathname } = useLocation()
  const normalized = pathname.replace(/\/+$/, '') || '/'
  const active = props.paths.includes(normalized) ? normalized : null
  const cache = useRef(new Map<string, ReactNode>())
  const scroll = useRef(new Map<string, number>())
  const activeRef = useRef<string | null>(null)

  // Render-time cache write: the element must be in the map in the same render that shows it.
  if (active && outlet) cache.current.set(active, outlet)

  useLayoutEffect(() => {
    activeRef.current = active
    window.scrollTo(0, active ? (scroll.current.get(active) ?? 0) : 0)
  }, [active, normalized])

  useEffect(() => {
    const onScroll = () => {
      if (activeRef.current) scroll.current.set(activeRef.current, window.scrollY)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  return (
    <>
      {[...cache.current].map(([path, element]) => (
        <div key={path} hidden={path !== active} className="keep-alive">
          {element}
        </div>
      ))}
      {active ? null : outlet}
    </>
  )
}
