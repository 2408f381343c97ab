// The localnet's keeper as `npm start` runs it (scripts/start.mjs): a new account funded from kmd's
// dispenser, filling orders over every venue of the deployment until the returned controller aborts.
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { Address, TransactionSigner } from 'algosdk'
import { deploymentIds, type Deployment } from '@grove/contracts/deployment'
import { runKeeper } from './keeper.ts'
import { deploymentVenues } from './venues.ts'

/** µALGO the localnet's keeper starts with: fees, opt-ins, and payments a fill makes before its route pays back. */
export const LOCALNET_KEEPER_FUNDS = 1_000_000_000n

/**
 * Starts the localnet's keeper: its address (for the banner) and the controller that stops it, at once;
 * `running` settles once its account is funded and it follows the chain (a start need not wait for that).
 */
export function startKeeper(p: {
  algorand: AlgorandClient
  deployment: Deployment
  funder: { addr: Address }
  /** Its account (default: a new random one). */
  account?: { addr: Readonly<Address>; signer: TransactionSigner }
  log?: (line: string) => void
  intervalMs?: number
}): { address: string; controller: AbortController; running: Promise<void> } {
  const account = p.account ?? p.algorand.account.random()
  const controller = new AbortController()
  const algod = p.algorand.client.algod
  const running = p.algorand.send.payment({ sender: p.funder.addr, receiver: account.addr, amount: microAlgo(LOCALNET_KEEPER_FUNDS), suppressLog: true }).then(() => {
    if (controller.signal.aborted) return
    void runKeeper({ algod, ids: deploymentIds(p.deployment), venues: deploymentVenues(algod, p.deployment), sender: account.addr, signer: account.signer, signal: controller.signal, log: p.log, intervalMs: p.intervalMs })
  })
  return { address: account.addr.toString(), controller, running }
}
