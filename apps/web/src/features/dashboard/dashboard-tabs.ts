// The dashboard's tabs; the active one is ?tab= in the URL so it survives reload and sharing.

/** Tab ids, in display order. */
export const DASHBOARD_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'lock', label: 'Lock' },
  { id: 'projects', label: 'Projects' },
] as const

/** A dashboard tab id. */
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id']

/** The tab named by a ?tab= value; missing or unknown values mean the overview. */
export function parseDashboardTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t.id === value)?.id ?? 'overview'
}
