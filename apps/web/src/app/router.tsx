// Builds the data router from the route table: every page a lazy chunk inside the default
// layout, /dex as a parent with its named children, an error element on every route, and
// the reload-on-next-navigation hook for stale chunks and new builds.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { isChunkLoadError, shouldReloadForChunkError } from '@/lib/chunk-reload.ts'
import { reloadOnNextNavigation } from '@/lib/app-updates.ts'
import { AppLayout, DexLayout } from './layout/app-layout.tsx'
import { RouteError } from './route-error.tsx'
import { assertValidParams } from './route-checks.ts'
import { PAGES, type PageRoute } from './routes.tsx'

/** Loads a page's chunk; a chunk that fails to load (stale after a deploy) asks for a reload on the next navigation. */
export function loadPage(page: PageRoute, path: () => string = () => window.location.pathname) {
  return async () => {
    let module
    try {
      module = await page.load()
    } catch (error) {
      if (isChunkLoadError(error) && shouldReloadForChunkError(path())) reloadOnNextNavigation.request(`chunk failed: ${path()}`)
      throw error
    }
    const { Component, loader } = module
    if (!page.check) return { Component, loader }
    const check = page.check
    return {
      Component,
      loader: (args: Parameters<NonNullable<typeof loader>>[0]) => {
        assertValidParams(check, args.params)
        return loader ? loader(args) : null
      },
    }
  }
}

function toRoute(page: PageRoute, path: string): RouteObject {
  return {
    ...(path === '' ? { index: true } : { path }),
    id: page.id,
    handle: { title: page.title },
    errorElement: <RouteError />,
    lazy: loadPage(page),
  }
}

/** The app's route objects (exported for tests, which mount them in a memory router). */
export function buildRoutes(pages: PageRoute[] = PAGES): RouteObject[] {
  const dex = pages.filter((p) => p.path.startsWith('/dex/'))
  const rest = pages.filter((p) => !p.path.startsWith('/dex/'))
  return [
    {
      id: 'root',
      element: <AppLayout />,
      errorElement: <RouteError standalone />,
      children: [
        {
          path: 'dex',
          element: <DexLayout />,
          errorElement: <RouteError />,
          children: [{ index: true, loader: () => redirect('/dex/swap') }, ...dex.map((p) => toRoute(p, p.path.slice('/dex/'.length)))],
        },
        ...rest.map((p) => toRoute(p, p.path === '/' ? '' : p.path.slice(1) || p.path)),
      ],
    },
  ]
}

/** Creates the browser router and makes a pending reload happen on the next navigation. */
export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes())
  let current = router.state.location
  router.subscribe((state) => {
    const target = state.navigation.location ?? (state.location !== current ? state.location : null)
    current = state.location
    if (!target || !reloadOnNextNavigation.pending()) return
    reloadOnNextNavigation.consume()
    // A full page load fetches the new build's index.html and chunks.
    window.location.assign(target.pathname + target.search + target.hash)
  })
  return router
}
