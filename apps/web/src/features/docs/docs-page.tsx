import { marked } from 'marked'
import type { MouseEvent } from 'react'
import { data, NavLink, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import { DOCS, findDoc } from '@/lib/docs-catalog.ts'

/** What the docs route loads: the page's path and its markdown rendered to HTML. */
export interface DocsData {
  path: string
  title: string
  html: string
}

/** Loader of the catch-all route: the documentation page at this path, or a 404. */
export async function docsLoader({ request }: LoaderFunctionArgs): Promise<DocsData> {
  const { pathname } = new URL(request.url)
  const doc = findDoc(pathname)
  if (!doc) throw data('Not found', { status: 404, statusText: 'Not Found' })
  const markdown = await doc.load()
  // The page's own first heading is its title; the sidebar's label is only a fallback.
  const heading = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim()
  // Markdown comes from this repository's content/docs, not from users, so its HTML is trusted.
  const html = await marked.parse(markdown, { gfm: true })
  return { path: doc.path, title: heading ?? doc.label, html }
}

/** A documentation page with the docs sidebar. */
export function DocsPage() {
  const page = useLoaderData<DocsData>()
  const navigate = useNavigate()

  // Links between docs pages stay in the app instead of reloading it.
  function onClick(event: MouseEvent<HTMLElement>) {
    const link = (event.target as HTMLElement).closest('a')
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || link.target) return
    const url = new URL(link.href, window.location.href)
    if (url.origin !== window.location.origin) return
    event.preventDefault()
    void navigate(url.pathname + url.search + url.hash)
  }

  return (
    <div className="docs page page--wide">
      <nav className="docs__sidebar" aria-label="Documentation pages">
        <p className="docs__sidebar-title">Documentation</p>
        <ul>
          {DOCS.map((d) => (
            <li key={d.slug}>
              <NavLink to={d.path} className={d.path === page.path ? 'active' : undefined} aria-current={d.path === page.path ? 'page' : undefined}>
                {d.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="docs__content prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: page.html }} />
    </div>
  )
}
