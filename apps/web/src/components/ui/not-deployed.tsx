import { Notice } from './notice.tsx'

/** The honest state of every protocol page on a network without a Grove deployment. */
export function NotDeployed(props: { networkName: string }) {
  return (
    <Notice tone="warning" title="Grove is not deployed on this network">
      There are no Grove contracts on {props.networkName} yet, so there is nothing to show here. Your wallet and
      ALGO balance still work; switch networks in <a href="/settings">Settings</a>.
    </Notice>
  )
}
