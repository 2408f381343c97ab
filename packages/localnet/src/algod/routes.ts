// The algod v2 routing table: one row per endpoint, the single source the server reads.
import type { AlgodHandler } from './context.ts'
import { AlgodError } from './errors.ts'
import { genesisJSON, healthCheck, ready, versions } from './handlers/common.ts'
import { getStatus, waitForBlock } from './handlers/status.ts'
import {
  getPendingTransactions,
  getPendingTransactionsByAddress,
  pendingTransactionInformation,
  rawTransaction,
  simulateTransaction,
  transactionParams,
} from './handlers/transactions.ts'
import { accountApplicationInformation, accountAssetInformation, accountInformation } from './handlers/accounts.ts'
import { getApplicationBoxByName, getApplicationBoxes, getApplicationByID, getAssetByID } from './handlers/applications.ts'
import { getBlock, getBlockHash, getBlockTxids, getLightBlockHeaderProof, getStateProof, getTransactionProof } from './handlers/blocks.ts'
import { getSupply } from './handlers/ledger.ts'
import { getLedgerStateDelta, getLedgerStateDeltaForTransactionGroup, getTransactionGroupLedgerStateDeltasForRound } from './handlers/deltas.ts'
import { tealCompile, tealDisassemble } from './handlers/teal.ts'
import { tealDryrun } from './handlers/dryrun.ts'
import { getBlockTimeStampOffset, setBlockTimeStampOffset } from './handlers/devmode.ts'
import { getClockOffset, setClockOffset } from './handlers/grove-clock.ts'
import { impersonate, stopImpersonating } from './handlers/impersonate.ts'
import { mine } from './handlers/grove-mine.ts'
import { setBalance, setHolding } from './handlers/grove-accounts.ts'
import { setProgram } from './handlers/grove-program.ts'
import { dumpState, loadState, revert, snapshot } from './handlers/grove-snapshot.ts'

/** One endpoint: method, echo-style path (`:name` parameters), handler, whether the token is needed. */
export interface AlgodRoute {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handler: AlgodHandler
  /** algod's common routes (/health, /ready, /genesis, /versions) skip the token check. */
  public?: boolean
}

/** Every endpoint this algod serves. */
export const ALGOD_ROUTES: readonly AlgodRoute[] = [
  { method: 'GET', path: '/health', handler: healthCheck, public: true },
  { method: 'GET', path: '/ready', handler: ready, public: true },
  { method: 'GET', path: '/genesis', handler: genesisJSON, public: true },
  { method: 'GET', path: '/versions', handler: versions, public: true },
  { method: 'GET', path: '/v2/status', handler: getStatus },
  { method: 'GET', path: '/v2/status/wait-for-block-after/:round', handler: waitForBlock },
  { method: 'GET', path: '/v2/transactions/params', handler: transactionParams },
  { method: 'POST', path: '/v2/transactions', handler: rawTransaction },
  { method: 'POST', path: '/v2/transactions/simulate', handler: simulateTransaction },
  { method: 'GET', path: '/v2/transactions/pending', handler: getPendingTransactions },
  { method: 'GET', path: '/v2/transactions/pending/:txid', handler: pendingTransactionInformation },
  { method: 'GET', path: '/v2/accounts/:address', handler: accountInformation },
  { method: 'GET', path: '/v2/accounts/:address/assets/:asset-id', handler: accountAssetInformation },
  { method: 'GET', path: '/v2/accounts/:address/applications/:application-id', handler: accountApplicationInformation },
  { method: 'GET', path: '/v2/accounts/:address/transactions/pending', handler: getPendingTransactionsByAddress },
  { method: 'GET', path: '/v2/assets/:asset-id', handler: getAssetByID },
  { method: 'GET', path: '/v2/applications/:application-id', handler: getApplicationByID },
  { method: 'GET', path: '/v2/applications/:application-id/boxes', handler: getApplicationBoxes },
  { method: 'GET', path: '/v2/applications/:application-id/box', handler: getApplicationBoxByName },
  { method: 'GET', path: '/v2/blocks/:round', handler: getBlock },
  { method: 'GET', path: '/v2/blocks/:round/hash', handler: getBlockHash },
  { method: 'GET', path: '/v2/blocks/:round/txids', handler: getBlockTxids },
  { method: 'GET', path: '/v2/blocks/:round/transactions/:txid/proof', handler: getTransactionProof },
  { method: 'GET', path: '/v2/blocks/:round/lightheader/proof', handler: getLightBlockHeaderProof },
  { method: 'GET', path: '/v2/stateproofs/:round', handler: getStateProof },
  { method: 'GET', path: '/v2/ledger/supply', handler: getSupply },
  { method: 'GET', path: '/v2/deltas/:round', handler: getLedgerStateDelta },
  { method: 'GET', path: '/v2/deltas/:round/txn/group', handler: getTransactionGroupLedgerStateDeltasForRound },
  { method: 'GET', path: '/v2/deltas/txn/group/:id', handler: getLedgerStateDeltaForTransactionGroup },
  { method: 'POST', path: '/v2/teal/compile', handler: (_ctx, req) => tealCompile(req) },
  { method: 'POST', path: '/v2/teal/disassemble', handler: (_ctx, req) => tealDisassemble(req) },
  { method: 'POST', path: '/v2/teal/dryrun', handler: tealDryrun },
  { method: 'GET', path: '/v2/devmode/blocks/offset', handler: getBlockTimeStampOffset },
  { method: 'POST', path: '/v2/devmode/blocks/offset/:offset', handler: setBlockTimeStampOffset },
  // no /v2/ledger/sync rows: algod registers them only in follow mode (EnableFollowMode), so a
  // dev-mode node answers all three with echo's 404 Not Found
  // Grove's own endpoints (no algod equivalent)
  { method: 'GET', path: '/grove/v1/clock/offset', handler: getClockOffset },
  { method: 'POST', path: '/grove/v1/clock/offset/:seconds', handler: setClockOffset },
  { method: 'POST', path: '/grove/v1/impersonate/:address', handler: impersonate },
  { method: 'DELETE', path: '/grove/v1/impersonate/:address', handler: stopImpersonating },
  { method: 'POST', path: '/grove/v1/mine/:n', handler: mine },
  { method: 'POST', path: '/grove/v1/accounts/:address/balance', handler: setBalance },
  { method: 'POST', path: '/grove/v1/accounts/:address/assets/:asset-id', handler: setHolding },
  { method: 'POST', path: '/grove/v1/apps/:application-id/program', handler: setProgram },
  { method: 'POST', path: '/grove/v1/snapshot', handler: snapshot },
  { method: 'POST', path: '/grove/v1/revert/:id', handler: revert },
  { method: 'POST', path: '/grove/v1/state/dump', handler: dumpState },
  { method: 'POST', path: '/grove/v1/state/load', handler: loadState },
]

/** A route matched against a request path, with its decoded parameters. */
export interface RouteMatch {
  route: AlgodRoute
  params: Record<string, string>
}

/** A path segment unescaped; a bad escape (`%`, `%zz`) is the client's: 400, as go's URL parser refuses it. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new AlgodError(400, `invalid URL escape in path segment ${JSON.stringify(segment.slice(0, 64))}`)
  }
}

/** Finds the route for `method path`; `methodMismatch` when only the method is wrong (echo's 405). */
export function matchRoute(
  routes: readonly AlgodRoute[],
  method: string,
  path: string,
): RouteMatch | { methodMismatch: true } | undefined {
  const parts = path.split('/')
  let pathMatched = false
  for (const route of routes) {
    const pattern = route.path.split('/')
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length && ok; i++) {
      const seg = pattern[i] as string
      const actual = parts[i] as string
      if (seg.startsWith(':')) {
        if (actual === '') ok = false
        else params[seg.slice(1)] = decodeSegment(actual)
      } else ok = seg === actual
    }
    if (!ok) continue
    if (route.method === method) return { route, params }
    pathMatched = true
  }
  return pathMatched ? { methodMismatch: true } : undefined
}
