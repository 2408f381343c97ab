// What a page without a usable Grove deployment says, in words (components/ui/not-deployed.tsx
// shows it). Where Tinyman v2 serves the network, swaps still work, so every other page says what
// it needs and points there; the swap page itself never says Grove is missing then.
import type { DeploymentProblem } from './protocol.ts'

/** The notice of a page without a deployment: its tone, title, sentence, and whether it points to Swap. */
export interface DeploymentNotice {
  tone: 'warning' | 'error'
  title: string
  text: string
  /** The sentence ends with a link to the swap page (which trades through Tinyman there). */
  toSwap: boolean
}

/** Where a page stands: the problem, the network's name, the Tinyman v2 venue's label (null: none) and what the page needs Grove for. */
export interface DeploymentNoticeInput {
  problem: DeploymentProblem
  networkName: string
  /** The serving node's base URL, named when it does not answer. */
  node: string
  tinyman: string | null
  /** What needs Grove, as the sentence's singular subject ("The farms page", "Adding liquidity"); the page itself when absent. */
  needs?: string
  /** The page draws from Grove's analytics service (charts, figures), which none serves here. */
  analytics?: boolean
}

/** The notice for `input`, or null when there is nothing to say (Grove is there, or the node is still being asked). */
export function deploymentNotice({ problem, networkName, node, tinyman, needs, analytics }: DeploymentNoticeInput): DeploymentNotice | null {
  if (problem === 'unreachable') {
    return {
      tone: 'error',
      title: 'The node cannot be reached',
      text: `${node} does not answer, so nothing on ${networkName} can be read. Check that it is running and accepts requests from this page, or pick another node in Settings.`,
      toSwap: false,
    }
  }
  if (problem !== 'not-deployed') return null
  if (tinyman !== null && analytics) {
    return {
      tone: 'warning',
      title: 'Charts need Grove’s analytics service',
      text: `No analytics service is set for ${networkName}: one runs without Grove’s contracts, following ${tinyman}’s pools, and its URL goes under Settings (Analytics service). Swaps work here through ${tinyman}’s pools:`,
      toSwap: true,
    }
  }
  if (tinyman !== null) {
    return {
      tone: 'warning',
      title: `This needs a Grove deployment on ${networkName}`,
      text: `${needs ?? 'This page'} needs Grove’s contracts, which are not deployed on ${networkName} yet. Swaps work here through ${tinyman}’s pools:`,
      toSwap: true,
    }
  }
  return {
    tone: 'warning',
    title: 'Grove is not deployed on this network',
    text: `There are no Grove contracts on ${networkName} yet, so there is nothing to show here. Your wallet and ALGO balance still work; switch networks in Settings.`,
    toSwap: false,
  }
}
