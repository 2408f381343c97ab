// Where the vault page's APRs come from: the analytics service's record of the vault's rate when it
// answers (one request), else the walk over algod's blocks of the last 30 days (lib/vault/history.ts),
// which the page starts only then. The page says which source the figures are from.
import type { ApiVault } from '@/lib/analytics/types.ts'

/** The analytics read as the page has it. */
export interface ServiceVaultRead {
  /** The service's origin on this network; null where none runs. */
  url: string | null
  status: 'pending' | 'error' | 'success'
  /** null: the service is older than /api/vault. */
  data: ApiVault | null | undefined
}

/** Which source the APRs come from, or 'pending' while the service has not answered yet. */
export type AprChoice = { source: 'analytics'; vault: ApiVault } | { source: 'algod' } | { source: 'pending' }

/** Chooses the APRs' source: the service's figures when it answers, algod's blocks when it cannot. */
export function chooseAprSource(read: ServiceVaultRead): AprChoice {
  if (read.url === null || read.status === 'error') return { source: 'algod' }
  if (read.status === 'pending') return { source: 'pending' }
  return read.data ? { source: 'analytics', vault: read.data } : { source: 'algod' }
}

/** "12.34%" of the service's APR, or why there is none. */
export function serviceAprText(vault: ApiVault, apr: number): string {
  if (BigInt(vault.totalShares) === 0n) return 'Nothing staked'
  return `${(apr * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
}

/** The hint naming the figures' source. */
export function aprSourceHint(choice: AprChoice): string | null {
  if (choice.source === 'analytics') return 'APRs from the analytics service’s record of the vault’s rate.'
  if (choice.source === 'algod') return 'APRs from the vault’s events in algod’s blocks of the last 30 days (the analytics service is unavailable).'
  return null
}
