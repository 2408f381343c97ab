// The state at genesis (go's ledger initialisation from the genesis allocation): each genesis
// account's balance, status and participation keys, its stake counted from round 0 on, and the
// transaction counter the genesis block starts from.

import algosdk from 'algosdk'
import { genesisAllocation, genesisParticipation, genesisStatus } from './genesis.ts'
import { hex, u64, type LedgerState } from './state.ts'
import type { OnlineStake } from './online.ts'

/**
 * Writes the genesis allocation into a fresh `state` and `online` stake, then counts `txnCounter`
 * transactions. Participation windows start at the genesis round (a fork's: the remote's round).
 */
export function allocateGenesis(state: LedgerState, online: OnlineStake, genesisRound: bigint, txnCounter: number): void {
  const cp = state.checkpoint()
  for (const [a, amount] of genesisAllocation()) {
    const status = genesisStatus(a)
    const p = genesisParticipation(a)
    const pk = algosdk.decodeAddress(a).publicKey
    state.updateAccount(pk, (d) => {
      d.balance = u64(amount)
      if (status !== 0) d.status = status
      if (p !== undefined) {
        d.voting = { voteId: p.voteId, selectionId: p.selectionId, stateProofId: p.stateProofId, voteFirst: u64(genesisRound + p.voteFirst), voteLast: u64(genesisRound + p.voteLast), voteKeyDilution: u64(p.voteKeyDilution) }
      }
    })
    // agreement reads genesis stakes from round 0 on
    online.addGenesis(hex(pk), status, amount, p === undefined ? 0n : genesisRound + p.voteLast)
  }
  for (let i = 0; i < txnCounter; i++) state.countTxn()
  state.commit(cp)
}
