// The unauthenticated routes every algod serves: /health, /ready, /genesis, /versions.
import algosdk from 'algosdk'
import { FEE_SINK, GENESIS_ID, REWARDS_POOL, genesisAllocation, genesisParticipation, genesisStatus } from '@grove/ledger'
import { jsonReply } from '../http.ts'
import type { AlgodReply } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/** The algod release this API mirrors, reported by /versions. */
export const ALGOD_BUILD = { major: 4, minor: 0, build_number: 0, commit_hash: '', branch: 'grove', channel: 'dev' } as const

/** GET /health: always `null` with 200 while the process runs. */
export function healthCheck(): AlgodReply {
  return jsonReply(null)
}

/** GET /ready: a dev-mode node is never catching up, so ready as soon as it serves. */
export function ready(): AlgodReply {
  return jsonReply(null)
}

/** An allocation's state as go's genesis JSON writes it (omitempty: an Offline status and absent keys are left out). */
function allocState(addr: string, algo: bigint): Record<string, unknown> {
  const status = genesisStatus(addr)
  const p = genesisParticipation(addr)
  const state: Record<string, unknown> = status === 0 ? { algo } : { algo, onl: status }
  if (p !== undefined) {
    Object.assign(state, { sel: algosdk.bytesToBase64(p.selectionId), stprf: algosdk.bytesToBase64(p.stateProofId), vote: algosdk.bytesToBase64(p.voteId), voteKD: p.voteKeyDilution, voteLst: p.voteLast })
  }
  return state
}

/** GET /genesis: the genesis document; network + id spell the genesis id tools read. */
export function genesisJSON(ctx: AlgodContext): AlgodReply {
  const [network, id] = GENESIS_ID.split('-') as [string, string]
  // AlgoKit LocalNet names its funded accounts Wallet1..n; algokit-utils finds its dispenser by "Wallet1"
  let wallets = 0
  const alloc = [...genesisAllocation()].map(([addr, algo]) => ({
    addr,
    comment: addr === FEE_SINK ? 'FeeSink' : addr === REWARDS_POOL ? 'RewardsPool' : `Wallet${++wallets}`,
    state: allocState(addr, algo),
  }))
  const genesis = { alloc, devmode: true, fees: FEE_SINK, id, network, proto: ctx.node.protocol, rwd: REWARDS_POOL, timestamp: 0 }
  return { status: 200, contentType: 'application/json', body: algosdk.stringifyJSON(genesis, undefined, 2) }
}

/** GET /versions: API versions, genesis id and hash, build. */
export function versions(ctx: AlgodContext): AlgodReply {
  return jsonReply({
    versions: ['v2'],
    genesis_id: ctx.node.genesisId,
    genesis_hash_b64: algosdk.bytesToBase64(ctx.node.genesisHash),
    build: ALGOD_BUILD,
  })
}
