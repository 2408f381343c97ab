// Signature verification of a group (go's data/transactions/verify: TxnGroup after the
// well-formedness and group checks): single signatures, multisigs, LogicSigs run with the group's
// pooled budget, and every ed25519 signature checked as one batch.

import algosdk from 'algosdk'
import { createPublicKey, verify as cryptoVerify, type KeyObject } from 'node:crypto'
import { MODE_SIG, checkProgram, evalProgram, type Txn } from '@grove/avm'
import type { SimulateHooks } from './apply/types.ts'
import { LedgerError } from './errors.ts'
import { sha512_256 } from './hash.ts'
import { hex, type LedgerState } from './state.ts'
import { concat, eq } from './bytes.ts'

const PROGRAM = new TextEncoder().encode('Program')

export interface SigCheck {
  stxn: algosdk.SignedTransaction
  tx: Txn
  id: string
  /** What the sender signed: "TX" ‖ the canonical transaction. */
  message: Uint8Array
}

/** go's ErrBatchHasFailedSigs: an ed25519 signature of the batch is bad. */
const BAD_SIGNATURE = 'At least one signature didn\'t pass verification'

/** An ed25519 check queued for the batch verifier. */
interface QueuedSig {
  message: Uint8Array
  sig: Uint8Array
  pk: Uint8Array
}

/** DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex')
const publicKeys = new Map<string, KeyObject>()

/** Ed25519 verification by Node's native crypto: tweetnacl's pure-JS verify costs milliseconds a signature. */
function verifySignature(message: Uint8Array, sig: Uint8Array, pk: Uint8Array): boolean {
  if (sig.length !== 64 || pk.length !== 32) return false
  const k = hex(pk)
  let key = publicKeys.get(k)
  try {
    if (key === undefined) {
      key = createPublicKey({ key: Buffer.concat([ED25519_SPKI, pk]), format: 'der', type: 'spki' })
      if (publicKeys.size >= 10_000) publicKeys.clear()
      publicKeys.set(k, key)
    }
    return cryptoVerify(null, message, key, sig)
  } catch {
    return false
  }
}

/** go's MultisigBatchPrep: shape checks now (crypto's texts), subsignatures queued. */
function prepMsig(msig: algosdk.EncodedMultisig, message: Uint8Array, signer: Uint8Array, queue: QueuedSig[]): void {
  if (msig.subsig.length === 0 || msig.subsig[0].pk.length === 0) throw new LedgerError('Invalid number of signatures')
  const addrs = msig.subsig.map((s) => algosdk.encodeAddress(s.pk))
  const msigAddr = algosdk.multisigAddress({ version: msig.v, threshold: msig.thr, addrs })
  if (!eq(msigAddr.publicKey, signer)) throw new LedgerError('Invalid address')
  const signed = msig.subsig.filter((sub) => sub.s !== undefined && sub.s.length > 0)
  if (signed.length < msig.thr) throw new LedgerError('Invalid number of signatures')
  for (const sub of signed) queue.push({ message, sig: sub.s!, pk: sub.pk })
}

/**
 * go's verify.TxnGroup after well-formedness and group checks: each transaction's signature
 * shape, logicsigs evaluated with the group's pooled budget, then every ed25519 signature as one
 * batch. The signer is the transaction's authorizer as claimed (sgnr or sender); whether the
 * account is really controlled by it is the evaluator's check.
 */
export function verifyGroup(checks: SigCheck[], group: Txn[], state: LedgerState, sim: SimulateHooks | undefined, lsigCost: number[]): void {
  const proto = state.proto
  const budget = { remaining: proto.logicSigMaxCost * checks.length }
  const queue: QueuedSig[] = []
  checks.forEach(({ stxn, tx, id, message }, gi) => {
    const invalid = (why: string): LedgerError => new LedgerError(`transaction ${id} invalid : ${why}`)
    const signer = stxn.sgnr !== undefined ? stxn.sgnr.publicKey : tx.sender
    const kinds = (stxn.sig !== undefined ? 1 : 0) + (stxn.msig !== undefined ? 1 : 0) + (stxn.lsig !== undefined ? 1 : 0)
    if (kinds === 0 && sim?.allowEmptySignatures === true) return
    // POST /grove/v1/impersonate (fork and dev only): an impersonated signer's unsigned transactions pass
    if (kinds === 0 && state.impersonated.has(hex(signer))) return
    if (kinds === 0) throw invalid('signedtxn has no sig')
    if (kinds > 1) throw invalid('signedtxn should have only one type of signature')
    if (stxn.sig !== undefined) {
      queue.push({ message, sig: stxn.sig, pk: signer })
      return
    }
    if (stxn.msig !== undefined) {
      try {
        prepMsig(stxn.msig, message, signer, queue)
      } catch (e) {
        throw invalid(`multisig validation failed: ${(e as Error).message}`)
      }
      return
    }
    const lsig = stxn.lsig!
    const program = lsig.logic
    if (program.length === 0) throw invalid('LogicSig.Logic empty')
    if (program.length > proto.logicSigMaxSize) throw invalid(`LogicSig.Logic too long. max size is ${proto.logicSigMaxSize} bytes`)
    const progMsg = concat(PROGRAM, program)
    // a delegated logicsig's signature is checked (in its own batch) before the program runs
    const own: QueuedSig[] = []
    if (lsig.sig !== undefined) {
      own.push({ message: progMsg, sig: lsig.sig, pk: signer })
    } else if (lsig.msig !== undefined || lsig.lmsig !== undefined) {
      try {
        prepMsig((lsig.lmsig ?? lsig.msig)!, lsig.lmsig !== undefined ? concat(new TextEncoder().encode('MsigProgram'), signer, program) : progMsg, signer, own)
      } catch (e) {
        throw invalid(`logic multisig validation failed: ${(e as Error).message}`)
      }
    } else if (!eq(sha512_256(progMsg), signer)) {
      throw invalid('LogicNot signed and not a Logic-only account')
    }
    if (own.some((q) => !verifySignature(q.message, q.sig, q.pk))) throw invalid(BAD_SIGNATURE)
    const env = { proto, mode: MODE_SIG as typeof MODE_SIG, txnGroup: group, groupIndex: gi, lsigArgs: lsig.args, ledger: state, appId: 0, budget, tracer: sim?.tracer, detailedErrors: sim !== undefined }
    const bad = checkProgram(program, env)
    if (bad !== undefined) throw invalid(`transaction ${id}: ${bad.message}`)
    const r = evalProgram(program, env)
    lsigCost[gi] = r.cost
    if (r.error !== undefined) throw invalid(`transaction ${id}: ${r.errorText ?? r.error.message}`)
    if (!r.pass) throw invalid(`transaction ${id}: rejected by logic`)
  })
  for (const q of queue) if (!verifySignature(q.message, q.sig, q.pk)) throw new LedgerError(BAD_SIGNATURE)
}
