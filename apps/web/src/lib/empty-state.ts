// What a part of a page says when it shows no rows. There is nothing only when a read answered
// with nothing: while the node cannot be reached, or when a read failed, nothing is known, and the
// words say that instead (a page under "The node cannot be reached" never says "No farms").
import type { DeploymentProblem } from './protocol.ts'

/** Where a list's read stands. */
export interface EmptyRead {
  /** What the list holds, plural and lower case ("farms", "staking pools"). */
  what: string
  networkName: string
  /** Grove's deployment is there to read from. */
  deployed: boolean
  /** Why it is not (useDeploymentProblem); null with a deployment, or while the node is asked. */
  problem: DeploymentProblem
  /** The read failed (its error is shown beside the list). */
  failed?: boolean
  /** The read has not answered yet. */
  pending?: boolean
}

/** Why a list shows no rows, in the order it is decided. */
export type Emptiness = 'unreachable' | 'not-deployed' | 'failed' | 'pending' | 'none'

/** Why the list of `read` shows no rows: only 'none' means there is nothing. */
export function emptiness(read: Omit<EmptyRead, 'what' | 'networkName'>): Emptiness {
  if (read.problem === 'unreachable') return 'unreachable'
  // without a deployment and before the node answers, it is not known yet whether Grove is there
  if (!read.deployed) return read.problem === 'not-deployed' ? 'not-deployed' : 'pending'
  if (read.failed) return 'failed'
  return read.pending ? 'pending' : 'none'
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The words of each emptiness but 'none', whose words are the list's own. */
const WORDS: Record<Exclude<Emptiness, 'none'>, (what: string, networkName: string) => string> = {
  unreachable: (what) => `${capital(what)} cannot be listed while the node cannot be reached.`,
  'not-deployed': (what, networkName) => `No ${what} on ${networkName}.`,
  failed: (what) => `${capital(what)} could not be read.`,
  pending: (what) => `Reading the ${what}…`,
}

/** What the list of `read` says with no rows: `none` (e.g. "No farms match “x”.") only when its read answered with nothing. */
export function emptyText(read: EmptyRead, none: string): string {
  const why = emptiness(read)
  return why === 'none' ? none : WORDS[why](read.what, read.networkName)
}
