// The header's navigation, in display order; the phone menu and the DEX tabs read it too.

/** One navigation link. */
export interface NavItem {
  label: string
  to: string
  /** Paths (prefixes) under which this item shows as current. */
  match: string[]
}

/** Main navigation of the header. */
export const MAIN_NAV: NavItem[] = [
  { label: 'Swap', to: '/dex/swap', match: ['/dex'] },
  { label: 'Liquidity', to: '/shares', match: ['/shares'] },
  { label: 'Farms', to: '/staking/farms', match: ['/staking/farms'] },
  { label: 'Staking', to: '/staking/pools', match: ['/staking/pools'] },
  { label: 'Stake', to: '/stake', match: ['/stake'] },
  { label: 'Projects', to: '/projects', match: ['/projects'] },
  { label: 'Dashboard', to: '/dashboard', match: ['/dashboard'] },
]

/** The DEX's own tabs, shown above every /dex page. */
export const DEX_NAV: NavItem[] = [
  { label: 'Swap', to: '/dex/swap', match: ['/dex/swap'] },
  { label: 'Chart', to: '/dex/chart', match: ['/dex/chart'] },
  { label: 'Orders', to: '/dex/orders', match: ['/dex/orders'] },
  { label: 'Analytics', to: '/dex/analytics', match: ['/dex/analytics'] },
]

/** True when `pathname` is at or under one of the item's paths. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return item.match.some((m) => pathname === m || pathname.startsWith(`${m}/`))
}
