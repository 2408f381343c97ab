// Validating and applying a signed group atomically (go's ledger/eval transaction group path
// plus ledger/apply): well-formedness, validity window, genesis, fees pooled over the group,
// group id, leases, duplicates, signatures (single, multisig, logicsig, rekeyed signers), then
// each transaction's effects. Any failure reverts the whole group; the message is algod's.

import algosdk from 'algosdk'
import { groupStateFor, type Txn } from '@grove/avm'
import { LedgerError } from './errors.ts'
import { microAlgosText, type LedgerState } from './state.ts'
import { txnFromRaw } from './convert.ts'
import { sha512_256 } from './hash.ts'
import { verifyGroup } from './verify.ts'
import { wellFormed } from './well-formed.ts'
import { addr, concat, eq } from './bytes.ts'
export type { ValueDelta, ApplyData, AppliedTxn, GroupContext, SimulateHooks, AppliedGroup } from './apply/types.ts'
import type { AppliedGroup, AppliedTxn, GroupContext } from './apply/types.ts'
import { checkAlive, checkGroupId, digestText } from './apply/group-checks.ts'
import { GroupApplier } from './apply/applier.ts'
import { instrument } from './apply/application.ts'

const TX = new TextEncoder().encode('TX')

/**
 * Validates and applies a signed group to `state` (see the file comment). On success the
 * state keeps the changes (committed at the outermost level); on failure it is unchanged and a
 * LedgerError with algod's message (prefixed with the failing txid where algod does) is thrown.
 */
export function applyGroup(state: LedgerState, stxns: algosdk.SignedTransaction[], ctx: GroupContext): AppliedGroup {
  const proto = state.proto
  if (stxns.length > proto.maxTxGroupSize) throw new LedgerError(`group size ${stxns.length} exceeds maximum ${proto.maxTxGroupSize}`)
  // each transaction is encoded once: its model, id and signed message all come from these bytes
  const messages = stxns.map((s) => concat(TX, algosdk.encodeUnsignedTransaction(s.txn)))
  const group = messages.map((m) => txnFromRaw(algosdk.msgpackRawDecode(m.subarray(TX.length)) as Record<string, unknown>))
  const txIds = messages.map((m) => digestText(sha512_256(m)))

  // verify.TxnGroup: well-formedness, group id, then signatures (below)
  group.forEach((tx, i) => {
    try {
      wellFormed(tx, state)
    } catch (e) {
      throw new LedgerError(`transaction ${txIds[i]} invalid : ${(e as Error).message}`)
    }
  })
  checkGroupId(group, messages.map((m) => m.subarray(TX.length)))

  const logicSigBudgetConsumed = group.map(() => 0)
  const appBudgetConsumed = group.map(() => 0)
  if (ctx.sim !== undefined) ctx.sim.consumed = { app: appBudgetConsumed, logicSig: logicSigBudgetConsumed, appBudgetAdded: 0, verified: false }
  if (ctx.verified !== true) verifyGroup(stxns.map((stxn, i) => ({ stxn, tx: group[i], id: txIds[i], message: messages[i] })), group, state, ctx.sim, logicSigBudgetConsumed)

  // What follows is the transaction pool's evaluation; a submit's refusals carry its prefix.
  const pooled = ctx.sim === undefined ? 'TransactionPool.Remember: ' : ''
  try {
    return { ...evaluate(state, stxns, group, txIds, ctx, logicSigBudgetConsumed, appBudgetConsumed), txnBytes: messages.map((m) => m.subarray(TX.length)) }
  } catch (e) {
    if (e instanceof LedgerError && pooled !== '') throw new LedgerError(pooled + e.message, e.status)
    throw e
  }
}

/** The block evaluator's part of applyGroup: validity, authorizers, effects, minimum balances and fees. */
function evaluate(
  state: LedgerState,
  stxns: algosdk.SignedTransaction[],
  group: Txn[],
  txIds: string[],
  ctx: GroupContext,
  logicSigBudgetConsumed: number[],
  appBudgetConsumed: number[],
): Omit<AppliedGroup, 'txnBytes'> {
  const proto = state.proto
  // the pool refuses a group with an expired member before evaluating any of it
  for (const tx of group) {
    if (BigInt(tx.lastValid) < ctx.round) throw new LedgerError(`txn dead: round ${ctx.round} outside of ${BigInt(tx.firstValid)}--${BigInt(tx.lastValid)}`)
  }
  const leases = new Map<string, bigint>()
  const seenInGroup = new Set<string>()

  const applier = new GroupApplier(state)
  applier.appBudget.remaining = proto.maxAppProgramCost * group.filter((t) => t.type === 'appl').length + (ctx.sim?.extraOpcodeBudget ?? 0)
  const appBudgetAdded = applier.appBudget.remaining
  if (ctx.sim?.consumed !== undefined) Object.assign(ctx.sim.consumed, { appBudgetAdded, verified: true })
  applier.tracer = ctx.sim?.tracer
  applier.detailedErrors = ctx.sim !== undefined || ctx.detailedEvalErrors === true
  applier.clearStateFailed = ctx.sim?.clearStateFailed
  if (ctx.sim?.unnamedResources !== undefined) groupStateFor(group, proto).unnamedResources = ctx.sim.unnamedResources
  const uninstrument = instrument(state, applier)
  const prevPerformer = state.performer
  state.performer = (_s, g, gi, runInner) => {
    const res = applier.apply(g, gi, runInner)
    applier.innerSink?.push(res)
    return res.txn
  }
  const cp = state.checkpoint()
  state.touched = new Set()
  const applied: AppliedTxn[] = []
  // simulate reports the transactions that applied before a failure, as go's tracer keeps their apply data
  if (ctx.sim?.consumed !== undefined) ctx.sim.consumed.applied = applied
  try {
    for (let i = 0; i < group.length; i++) {
      const before = applier.appBudget.remaining
      checkAlive(group[i], txIds[i], ctx, leases, seenInGroup)
      const signer = stxns[i].sgnr !== undefined ? stxns[i].sgnr!.publicKey : group[i].sender
      const auth = state.authorizer(group[i].sender)
      const unsigned = stxns[i].sig === undefined && stxns[i].msig === undefined && stxns[i].lsig === undefined
      if (!eq(auth, signer) && ctx.sim?.fixSigners === true && unsigned) ctx.sim.fixedSigners?.set(i, auth)
      else if (!eq(auth, signer)) {
        throw new LedgerError(`transaction ${txIds[i]}: should have been authorized by ${addr(auth)} but was actually authorized by ${addr(signer)}`)
      }
      try {
        applied.push(applier.apply(group, i, undefined))
        state.checkMinBalances()
      } catch (e) {
        appBudgetConsumed[i] = Math.max(0, before - applier.appBudget.remaining)
        const msg = e instanceof Error ? e.message : String(e)
        throw new LedgerError(`transaction ${txIds[i]}: ${msg}`)
      }
      // inner app calls add their own 700 to the pool as they start, so count what the pool lost net of those
      appBudgetConsumed[i] = before - applier.appBudget.remaining + proto.maxAppProgramCost * innerAppCalls(applied[i])
    }
    // Fees pooled over the top-level group, checked once its transactions ran (go's CheckGroupFees);
    // inner transactions draw on the surplus in the AVM.
    const paid = group.reduce((n, t) => n + BigInt(t.fee), 0n)
    const needed = BigInt(proto.minTxnFee) * BigInt(group.length)
    if (paid < needed) {
      throw new LedgerError(`txgroup with ${microAlgosText(paid)} fees is less than ${microAlgosText(needed)} (usage=${group.length}.000000 * base=${microAlgosText(BigInt(proto.minTxnFee))})`)
    }
    state.commit(cp)
  } catch (e) {
    state.revert(cp)
    throw e
  } finally {
    uninstrument()
    state.performer = prevPerformer
    state.touched = new Set()
  }
  return { txIds, applied, leases, appBudgetConsumed, logicSigBudgetConsumed, appBudgetAdded }
}

/** Inner app calls a transaction made, at any depth. */
export function innerAppCalls(a: AppliedTxn): number {
  return a.applyData.inner.reduce((n, t) => n + (t.txn.type === 'appl' ? 1 : 0) + innerAppCalls(t), 0)
}

