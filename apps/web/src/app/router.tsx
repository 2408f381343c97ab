// Builds the data router from the route table: every page a lazy chunk inside the default
// layout, /dex as a parent with its named children, an error element on every route, and
// the reload-on-next-navigation hook for stale chunks and new builds.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { isChunkLoadError, shouldReloadForChunkError } from '@/lib/chunk-reload.ts'
import { reloadOnNextNavigation } from '@/lib/app-updates.ts'
import { AppLayout, DexLayout } from './layout/app-layout.tsx'
import { RouteError } from './route-error.tsx'
import { assertValidParams } from './route-checks.ts'
import { PAGES, type PageModule, type PageRoute } from './routes.tsx'

/** Shown when a page's code cannot be fetched (usually a deploy replaced it, or the network dropped). */
export const CHUNK_FAILED_MESSAGE = 'This page could not be loaded. Grove may have been updated or your connection dropped; it reloads when you open another page.'

/**
 * Loads a page's chunk. A failure resolves to a route whose loader throws, so the error page
 * renders (a rejected `lazy` leaves react-router showing nothing on a first load); a chunk
 * that failed to load also asks for a full reload on the next navigation.
 */
export function loadPage(page: PageRoute, path: () => string = () => window.location.pathname) {
  return async (): Promise<PageModule> => {
    let module: PageModule
    try {
      module = await page.load()
    } catch (error) {
      const chunk = isChunkLoadError(error)
      if (chunk && shouldReloadForChunkError(path())) reloadOnNextNavigation.request(`chunk failed: ${path()}`)
      const shown = chunk ? new Error(CHUNK_FAILED_MESSAGE, { cause: error }) : error
      return {
        Component: () => null,
        loader: () => {
          throw shown
        },
      }
    }
    const { Component, loader } = module
    if (!page.check) return { Component, loader }
    const check = page.check
    return {
      Component,
      loader: (args) => {
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
      // while the first page's chunk loads, the layout shows around an empty main (not a blank
      // window, and react-router does not warn of a missing HydrateFallback); the same element
      // type, so the layout is not mounted again once the page is there
      hydrateFallbackElement: <AppLayout />,
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
  // Key of the navigation already seen starting; the one that asked for the reload (a chunk that
  // failed while it loaded) must finish and show its error page, the one after it reloads.
  let started = current.key
  const begin = (target: { pathname: string; search: string; hash: string; key: string }) => {
    started = target.key
    if (!reloadOnNextNavigation.pending()) return
    reloadOnNextNavigation.consume()
    // A full page load fetches the new build's index.html and chunks.
    window.location.assign(target.pathname + target.search + target.hash)
  }
  router.subscribe((state) => {
    const loading = state.navigation.location
    if (loading && loading.key !== started) begin(loading)
    // Navigations with nothing to load skip the loading state and just change location.
    else if (state.location.key !== current.key && state.location.key !== started) begin(state.location)
    current = state.location
  })
  return router
}
