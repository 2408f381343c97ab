import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from './providers.tsx'
import { reloadOnNextNavigation } from '@/lib/app-updates.ts'
import { buildRoutes, CHUNK_FAILED_MESSAGE, loadPage } from './router.tsx'
import { PAGES, type PageModule } from './routes.tsx'

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] })
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return router
}

describe('app router', () => {
  // first in the file: react-router warns once per module, so a later render would hide it
  it('shows the layout while the first page’s code loads, without warning of a missing HydrateFallback', async () => {
    const warn = vi.spyOn(console, 'warn')
    renderAt('/docs/faq')
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument()
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/)
    warn.mockRestore()
  })

  it('redirects /dex to /dex/swap', async () => {
    const router = renderAt('/dex')
    // The swap page is a lazy chunk with the trading components; transforming it on a busy machine takes a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'Swap' }, { timeout: 5000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dex/swap')
  })

  it('names the DEX routes dex-swap, dex-chart, dex-orders and dex-analytics', () => {
    const ids = PAGES.filter((p) => p.path.startsWith('/dex/')).map((p) => [p.path, p.id])
    expect(ids).toEqual([
      ['/dex/swap', 'dex-swap'],
      ['/dex/chart', 'dex-chart'],
      ['/dex/orders', 'dex-orders'],
      ['/dex/analytics', 'dex-analytics'],
    ])
  })

  it.each(['/projects/abc', '/projects/0', '/projects/-5'])('shows the 404 page for the invalid project id in %s', async (path) => {
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText(`There is no page at ${path}.`)).toBeInTheDocument()
    // the code once, and no second line saying "not found" again
    expect(screen.getAllByText(/404/)).toHaveLength(1)
    expect(screen.getAllByText(/not found/i)).toHaveLength(1)
  })

  it('renders a project page for a positive integer id', async () => {
    renderAt('/projects/31566704')
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset 31566704' })).toBeInTheDocument()
  })

  it.each(['/that/path', '/docs/no-such-page'])('says there is no page at %s for an unknown path or document', async (path) => {
    renderAt(path)
    expect(await screen.findByText(`There is no page at ${path}.`)).toBeInTheDocument()
  })

  it('titles the tab of an unknown path "Page Not Found", not with the docs route it fell into, and gives it back on leaving', async () => {
    const router = renderAt('/that/path')
    await screen.findByText('There is no page at /that/path.')
    await vi.waitFor(() => expect(document.title).toBe('Page Not Found · Grove'))
    expect(screen.getByRole('navigation', { name: 'Suggested pages' })).toBeInTheDocument()
    await router.navigate('/docs/faq')
    await screen.findByRole('heading', { level: 1, name: 'FAQ' })
    await vi.waitFor(() => expect(document.title).toBe('Documentation · Grove'))
  })

  it('renders a documentation page with its own heading and the docs sidebar', async () => {
    renderAt('/docs/faq')
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Documentation pages' })).toBeInTheDocument()
  })

  it('lands a thrown render error on the Internal Server Error page, not a blank screen', async () => {
    // React and the error element both log the error; keep the test output readable.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = PAGES.map((p) =>
      p.path === '/stake'
        ? {
            ...p,
            load: async () => ({
              Component: () => {
                throw new Error('vault exploded')
              },
            }),
          }
        : p,
    )
    const router = createMemoryRouter(buildRoutes(broken), { initialEntries: ['/stake'] })
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument()
    expect(screen.getByText('500')).toBeInTheDocument()
    expect(screen.getByText('vault exploded')).toBeInTheDocument()
    // The layout is still there to navigate away.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    log.mockRestore()
  })
})

describe('loadPage', () => {
  const staleChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/vault-page-abc.js'))

  function runLoader(module: PageModule) {
    return (module.loader as (args: unknown) => unknown)({ params: {}, request: new Request('http://localhost/stake') })
  }

  it('asks for a reload on the next navigation when a page chunk fails to load, once per 10 s per path', async () => {
    reloadOnNextNavigation.consume()
    const stale = { path: '/stake', title: 'Stake', load: staleChunk }
    const module = await loadPage(stale, () => '/stake')()
    expect(() => runLoader(module)).toThrow(CHUNK_FAILED_MESSAGE)
    expect(reloadOnNextNavigation.consume()).toMatch(/\/stake/)
    // Within the throttle window the same path does not ask again.
    await loadPage(stale, () => '/stake')()
    expect(reloadOnNextNavigation.pending()).toBe(false)
  })

  it('does not reload for errors that are not chunk failures, and shows them as they are', async () => {
    reloadOnNextNavigation.consume()
    const module = await loadPage({ path: '/admin', title: 'Admin', load: () => Promise.reject(new Error('bug')) }, () => '/admin')()
    expect(() => runLoader(module)).toThrow('bug')
    expect(reloadOnNextNavigation.pending()).toBe(false)
  })

  it('shows the error page when a chunk fails on the first load', async () => {
    const broken = PAGES.map((p) => (p.path === '/stake' ? { ...p, load: staleChunk } : p))
    const router = createMemoryRouter(buildRoutes(broken), { initialEntries: ['/stake'] })
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument()
    expect(screen.getByText(CHUNK_FAILED_MESSAGE)).toBeInTheDocument()
  })
})
