// A transaction's well-formedness (go's data/transactions Transaction.WellFormed and
// KeyregTxnFields.wellFormed, the parts a dev chain meets): checked before a group is verified
// and applied, with algod's texts.

import algosdk from 'algosdk'
import { wellFormed as avmWellFormed, type Txn } from '@grove/avm'
import { LedgerError } from './errors.ts'
import { REWARDS_POOL } from './genesis.ts'
import type { LedgerState } from './state.ts'
import { addr, eq, isZero } from './bytes.ts'

const KNOWN_TYPES = new Set(['pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl'])

/** go's Transaction.WellFormed, the parts a dev chain meets; throws algod's text. */
export function wellFormed(tx: Txn, state: LedgerState): void {
  const proto = state.proto
  if (!KNOWN_TYPES.has(tx.type)) {
    if (tx.type === 'stpf') throw new LedgerError('state proofs not supported')
    if (tx.type === 'hb') throw new LedgerError('heartbeat transaction not supported')
    throw new LedgerError(`unknown tx type ${tx.type}`)
  }
  // the type's rules that need the chain's special addresses, or keyreg's (an inner transaction never is one)
  if (tx.type === 'pay') {
    if (eq(tx.closeRemainderTo, tx.sender)) throw new LedgerError(`transaction cannot close account to its sender ${addr(tx.sender)}`)
    if (eq(tx.sender, state.chain.feeSink)) throw new LedgerError(`cannot spend from fee sink address ${addr(tx.sender)}`)
  }
  if (tx.type === 'keyreg') keyregWellFormed(tx, state)
  // the rest of go's Transaction.WellFormed is the AVM's check of inner transactions: one implementation for both
  const malformed = avmWellFormed(tx, proto)
  if (malformed !== undefined) throw new LedgerError(malformed)
  if (eq(tx.sender, REWARDS_POOL_KEY)) throw new LedgerError('transaction from incentive pool is invalid')
  if (tx.type === 'appl' && tx.applicationId === 0) {
    if (tx.approvalProgram.length === 0) throw new LedgerError('approval program empty')
    if (tx.clearStateProgram.length === 0) throw new LedgerError('clear state program empty')
  }
  // go's decoder refuses any other length (a fixed [32]byte)
  if (tx.type === 'acfg' && tx.assetParams.metadataHash.length !== 0 && tx.assetParams.metadataHash.length !== 32) {
    throw new LedgerError('transaction asset metadata hash must be 32 bytes')
  }
}

const REWARDS_POOL_KEY = algosdk.decodeAddress(REWARDS_POOL).publicKey

/** Longest voting period a keyreg may register (go's MaxKeyregValidPeriod). */
const MAX_KEYREG_VALID_PERIOD = 256n * (1n << 16n) - 1n

/** go's KeyregTxnFields.wellFormed (keyreg coherency and state proof key checks). */
function keyregWellFormed(tx: Txn, state: LedgerState): void {
  if (eq(tx.sender, state.chain.feeSink)) throw new LedgerError(`cannot register participation key for fee sink's address ${addr(tx.sender)}`)
  const voteFirst = BigInt(tx.voteFirst)
  const voteLast = BigInt(tx.voteLast)
  const dilution = BigInt(tx.voteKeyDilution)
  if (voteFirst > voteLast) throw new LedgerError('transaction first voting round need to be less than its last voting round')
  const noVote = isZero(tx.votePk)
  const noSel = isZero(tx.selectionPk)
  if (!((noVote && noSel && dilution === 0n) || (!noVote && !noSel && dilution !== 0n))) {
    throw new LedgerError('the following transaction fields need to be clear/set together : votekey, selkey, votekd')
  }
  if (dilution === 0n) {
    if (voteFirst !== 0n || voteLast !== 0n) throw new LedgerError('on going offline key registration transaction, the vote first and vote last fields should not be set')
  } else {
    if (voteLast === 0n) throw new LedgerError('transaction tries to register keys to go online, but vote last is set to zero')
    if (voteFirst > BigInt(tx.lastValid) + 1n) throw new LedgerError('transaction tries to register keys to go online, but first voting round is beyond the round after last valid round')
  }
  if (tx.nonparticipation && !(noVote || noSel)) throw new LedgerError('transaction tries to register keys to go online, but nonparticipatory flag is set')
  const noStateProofKey = isZero(tx.stateProofPk)
  if (voteLast - voteFirst > MAX_KEYREG_VALID_PERIOD) throw new LedgerError('validity period for keyreg transaction is too long')
  if (tx.nonparticipation) {
    if (!noStateProofKey) throw new LedgerError('non participation keyreg transactions should contain empty stateProofPK')
  } else if (noVote || noSel) {
    if (!noStateProofKey) throw new LedgerError('offline keyreg transactions should contain empty stateProofPK')
  } else if (noStateProofKey) {
    throw new LedgerError('online keyreg transaction cannot have empty field StateProofPK')
  }
}
