import { algodBaseUrl } from '@/lib/algod.ts'
import { deploymentNotice } from '@/lib/deployment-notice.ts'
import { useNetworkVenues } from '@/lib/pools/venues.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { Notice } from './notice.tsx'

/**
 * The honest state of every protocol page without a usable deployment: on a network where Grove is
 * deployed, a node that does not answer reads as unreachable (a custom node that is down, mistyped or
 * refuses this page), never as "not deployed"; a network without Grove reads as that, and where
 * Tinyman v2 is there the page says what it needs Grove for and points to Swap, which works.
 */
export function NotDeployed(props: { networkName: string; needs?: string; analytics?: boolean }) {
  const { algod } = useProtocol()
  const problem = useDeploymentProblem()
  const { tinyman } = useNetworkVenues()
  const notice = deploymentNotice({ problem, networkName: props.networkName, node: algodBaseUrl(algod), tinyman: tinyman?.label ?? null, ...(props.needs ? { needs: props.needs } : {}), analytics: props.analytics === true })
  if (!notice) return null
  // "Settings" in the sentence is the link to it
  const [before, after] = notice.text.split('Settings')
  return (
    <Notice tone={notice.tone} title={notice.title}>
      {after === undefined ? (
        notice.text
      ) : (
        <>
          {before}
          <a href="/settings">Settings</a>
          {after}
        </>
      )}
      {notice.toSwap ? (
        <>
          {' '}
          <a href="/dex/swap">trade on the Swap page</a>.
        </>
      ) : null}
    </Notice>
  )
}
