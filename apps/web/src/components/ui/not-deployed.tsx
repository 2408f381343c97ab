import { algodBaseUrl } from '@/lib/algod.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { Notice } from './notice.tsx'

/**
 * The honest state of every protocol page without a usable deployment: on a network where Grove is
 * deployed, a node that does not answer reads as unreachable (a custom node that is down, mistyped or
 * refuses this page), never as "not deployed"; a network without Grove reads as that.
 */
export function NotDeployed(props: { networkName: string }) {
  const { algod } = useProtocol()
  const problem = useDeploymentProblem()
  if (problem === 'unreachable') {
    return (
      <Notice tone="error" title="The node cannot be reached">
        {algodBaseUrl(algod)} does not answer, so nothing on {props.networkName} can be read. Check that it is running and accepts requests from this page, or pick another node in <a href="/settings">Settings</a>.
      </Notice>
    )
  }
  if (problem !== 'not-deployed') return null
  return (
    <Notice tone="warning" title="Grove is not deployed on this network">
      There are no Grove contracts on {props.networkName} yet, so there is nothing to show here. Your wallet and
      ALGO balance still work; switch networks in <a href="/settings">Settings</a>.
    </Notice>
  )
}
