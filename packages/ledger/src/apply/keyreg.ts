// go's ledger/apply/keyreg.go: registering participation keys, going offline or non-participating.

import { type Txn } from '@grove/avm'
import { LedgerError } from '../errors.ts'
import { AccountStatus, BALANCE_LOOKBACK, u64, type LedgerState } from '../state.ts'
import { addr, isZero } from '../bytes.ts'

/** go's apply.Keyreg: registers participation keys (online) or clears them (offline, or for good non-participating). */
export function applyKeyreg(s: LedgerState, tx: Txn): void {
    const proto = s.proto
  if (s.accountData(tx.sender).status === AccountStatus.NotParticipating) {
    throw new LedgerError(`cannot change online/offline status of non-participating account ${addr(tx.sender)}`)
  }
  const round = BigInt(s.round())
  if (isZero(tx.votePk) || isZero(tx.selectionPk)) {
    s.updateAccount(tx.sender, (d) => {
      d.status = tx.nonparticipation ? AccountStatus.NotParticipating : AccountStatus.Offline
      // well-formedness leaves every key zero here, so go's copy of the keys clears them with the window;
      // IncentiveEligible stays: an account that left gracefully comes back without paying again
      d.voting = undefined
    })
    return
  }
  if (BigInt(tx.voteLast) <= round) throw new LedgerError('transaction tries to mark an account as online with last voting round in the past')
  if (BigInt(tx.voteFirst) > round + 1n) throw new LedgerError('transaction tries to mark an account as online with first voting round beyond the next voting round')
  s.updateAccount(tx.sender, (d) => {
    d.status = AccountStatus.Online
    if (proto.payoutsEnabled) d.lastHeartbeat = u64(round + BALANCE_LOOKBACK)
    d.voting = { voteId: tx.votePk, selectionId: tx.selectionPk, stateProofId: tx.stateProofPk, voteFirst: tx.voteFirst, voteLast: tx.voteLast, voteKeyDilution: tx.voteKeyDilution }
    if (proto.payoutsEnabled && BigInt(tx.fee) >= BigInt(proto.payoutsGoOnlineFee)) d.incentiveEligible = true
  })
}
