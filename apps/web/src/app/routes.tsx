// The route table: every page of the app, its path, name, validity check and lazy chunk.
// router.tsx turns it into react-router routes; tests read it to check every page is reachable.
import type { ComponentType } from 'react'
import type { LoaderFunction } from 'react-router'
import { isAssetIdParam, type ParamsCheck } from './route-checks.ts'

/** What a page's lazy chunk provides. */
export interface PageModule {
  Component: ComponentType
  loader?: LoaderFunction
}

/** One page of the app. */
export interface PageRoute {
  /** Full path; `*` is the documentation catch-all. */
  path: string
  /** Route name (react-router id), for the pages that have one. */
  id?: string
  /** Document title. */
  title: string
  load(): Promise<PageModule>
  /** Validity check on the params; a failing check shows the 404 page. */
  check?: ParamsCheck
}

/** Every page, in the order they are matched (the docs catch-all last). */
export const PAGES: PageRoute[] = [
  { path: '/', title: 'Grove', load: () => import('@/features/landing/landing-page.tsx').then((m) => ({ Component: m.LandingPage })) },
  { path: '/dex/swap', id: 'dex-swap', title: 'Swap', load: () => import('@/features/swap/swap-page.tsx').then((m) => ({ Component: m.SwapPage })) },
  { path: '/dex/chart', id: 'dex-chart', title: 'Chart', load: () => import('@/features/chart/chart-page.tsx').then((m) => ({ Component: m.ChartPage })) },
  { path: '/dex/orders', id: 'dex-orders', title: 'Orders', load: () => import('@/features/orders/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })) },
  {
    path: '/dex/analytics',
    id: 'dex-analytics',
    title: 'Analytics',
    load: () => import('@/features/analytics/analytics-page.tsx').then((m) => ({ Component: m.AnalyticsPage })),
  },
  { path: '/shares', title: 'Liquidity', load: () => import('@/features/liquidity/liquidity-page.tsx').then((m) => ({ Component: m.LiquidityPage })) },
  { path: '/stake', title: 'Stake GROVE', load: () => import('@/features/vault/vault-page.tsx').then((m) => ({ Component: m.VaultPage })) },
  { path: '/staking/farms', title: 'Farms', load: () => import('@/features/staking/farms-page.tsx').then((m) => ({ Component: m.FarmsPage })) },
  { path: '/staking/pools', title: 'Staking pools', load: () => import('@/features/staking/pools-page.tsx').then((m) => ({ Component: m.PoolsPage })) },
  { path: '/dashboard', title: 'Dashboard', load: () => import('@/features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })) },
  { path: '/admin', title: 'Admin', load: () => import('@/features/admin/admin-page.tsx').then((m) => ({ Component: m.AdminPage })) },
  { path: '/projects', title: 'Projects', load: () => import('@/features/projects/projects-page.tsx').then((m) => ({ Component: m.ProjectsPage })) },
  {
    path: '/projects/:assetId',
    title: 'Project',
    check: (params) => isAssetIdParam(params.assetId),
    load: () => import('@/features/projects/project-page.tsx').then((m) => ({ Component: m.ProjectPage })),
  },
  { path: '/lock', title: 'Locks', load: () => import('@/features/locks/lock-browser-page.tsx').then((m) => ({ Component: m.LockBrowserPage })) },
  { path: '/settings', title: 'Settings', load: () => import('@/features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) },
  {
    path: '*',
    title: 'Documentation',
    load: () => import('@/features/docs/docs-page.tsx').then((m) => ({ Component: m.DocsPage, loader: m.docsLoader })),
  },
]
