import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useProtocol } from '@/lib/protocol.ts'
import { listWords, pausedFlags, registryQuery, sameAccount } from '@/lib/registry/registry.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'

/** The bar under the header on every page: which protocol actions are paused (for everyone), and for the admin, that they are signed in as admin. */
export function AdminStatusBar() {
  const { algod, deployment } = useProtocol()
  const session = useWalletSession()
  const registry = useQuery({ ...registryQuery(algod, deployment?.registryAppId ?? 0), enabled: deployment !== null })
  if (!registry.data) return null
  const paused = pausedFlags(registry.data.paused)
  const admin = sameAccount(registry.data.admin, session.activeAddress)
  if (paused.length === 0 && !admin) return null
  const pausedText = paused.length > 0 ? `Paused by the protocol admin: ${listWords(paused.map((f) => f.short))}. Withdrawals stay open.` : null
  return (
    <div className={paused.length > 0 ? 'admin-status admin-status--paused' : 'admin-status'} role="status" aria-label="Protocol status" data-testid="admin-status">
      <div className="admin-status__inner">
        {pausedText ? <span>{pausedText}</span> : null}
        {admin ? (
          <span>
            You are signed in as the protocol admin. <Link to="/admin">Admin</Link>
          </span>
        ) : null}
      </div>
    </div>
  )
}
