import { Link } from 'react-router'
import { NETWORKS } from '@/lib/networks.ts'
import { useSettings } from '@/lib/settings.ts'

/** The active network's name; a custom algod is marked, and the badge links to settings. */
export function NetworkBadge() {
  const settings = useSettings()
  const network = NETWORKS[settings.network]
  const custom = settings.algodOverrides[settings.network] !== undefined
  return (
    <Link
      to="/settings"
      className={`network-badge network-badge--${network.id}`}
      title={custom ? `${network.name} through a custom algod. Change in Settings.` : `Connected to ${network.name}. Change in Settings.`}
    >
      <span className="network-badge__dot" aria-hidden="true" />
      {network.name}
      {custom ? <span className="network-badge__custom"> (custom)</span> : null}
    </Link>
  )
}
