// POST /v2/transactions/simulate (go's ledger/simulation): evaluates one group against a
// journaled state that the caller reverts, with go's relaxations (empty signatures, unnamed
// resources, extra budget, more logging) and observers (budgets, exec trace, failure path). The
// result is the ledger's own (simulate/result.ts); the algod API builds algod's SimulateResponse from it.

import algosdk from 'algosdk'
import { summarizeFees, type Txn } from '@grove/avm'
import { type AppliedGroup, type AppliedTxn, type SimulateHooks } from './apply.ts'
import { txnFromSdk } from './convert.ts'
import { LedgerError } from './errors.ts'
import { type LedgerState } from './state.ts'
import { UnnamedPolicy } from './simulate/resources.ts'
import type { SimulateGroupResult, SimulateRequest, SimulateResult, SimulateTxnResult } from './simulate/result.ts'
import { ExecTracer, FailurePath, bothTracers } from './simulate/trace.ts'

/** go's simulation.MaxExtraOpcodeBudget. */
export const MAX_EXTRA_OPCODE_BUDGET = 20000 * 16
/** go's bounds.MaxLogCalls, the log count allowed with allow-more-logging. */
export const SIMULATE_MAX_LOG_CALLS = 2048
/** go's simulation.LogBytesLimit, the log bytes allowed with allow-more-logging. */
export const SIMULATE_MAX_LOG_SIZE = 65536
/** Simulate result version (go's ResultLatestVersion). */
export const SIMULATE_RESULT_VERSION = 2
/** A simulate refusal that algod answers with 400 (go's InvalidRequestError). */
export class SimulateRequestError extends LedgerError {}

/** What simulate needs from the chain besides the state. */
export interface SimulateChain {
  /** The last committed round (the simulated group runs in the next one). */
  lastRound: bigint
  /**
   * Runs the group as a commit would (the chain's own build: apply, end of block, block encoding,
   * state delta) with simulate's hooks, inside the caller's checkpoint: simulate and submit share
   * that code, so a group that simulates cleanly commits.
   */
  apply(stxns: algosdk.SignedTransaction[], sim: SimulateHooks): AppliedGroup
}

// ---- the request ----

function feesPaid(a: AppliedTxn): bigint {
  return a.applyData.inner.reduce((n, t) => n + feesPaid(t), BigInt(a.txn.fee))
}

/** Validates a simulate request as go's simulator does before evaluating. */
function validate(request: SimulateRequest, lastRound: bigint): void {
  if (request.fixSigners === true && request.allowEmptySignatures !== true) {
    throw new SimulateRequestError('FixSigners requires AllowEmptySignatures to be enabled')
  }
  if (request.txnGroups.length !== 1) throw new SimulateRequestError(`expected 1 transaction group, got ${request.txnGroups.length}`)
  const tc = request.traceConfig
  if (tc !== undefined && !tc.enable) {
    if (tc.stackChange) throw new SimulateRequestError('basic trace must be enabled when enabling stack tracing')
    if (tc.scratchChange) throw new SimulateRequestError('basic trace must be enabled when enabling scratch slot change tracing')
    if (tc.stateChange) throw new SimulateRequestError('basic trace must be enabled when enabling app state change tracing')
  }
  const round = request.round ?? 0n
  // go reads the header of the round to simulate after: a future one is not in the ledger (500)
  if (round > lastRound) throw new LedgerError(`ledger does not have entry ${round} (latest ${lastRound}, committed ${lastRound})`, 500)
  // Grove keeps no past states, so only the latest round can be simulated after
  if (round !== 0n && round < lastRound) throw new SimulateRequestError(`simulating after round ${round} is not supported: this node keeps only the state after round ${lastRound}`)
  const extra = request.extraOpcodeBudget ?? 0
  if (extra > MAX_EXTRA_OPCODE_BUDGET) throw new SimulateRequestError(`extra budget ${extra} > simulation extra budget limit ${MAX_EXTRA_OPCODE_BUDGET}`)
  for (const stxn of request.txnGroups[0]) if (stxn.txn.type === algosdk.TransactionType.stpf) throw new SimulateRequestError('cannot simulate StateProof transactions')
}

/**
 * Simulates the request's group on `state`, which the caller checkpoints before and reverts
 * after. Throws SimulateRequestError (400) for requests algod refuses outright.
 */
export function simulateGroup(state: LedgerState, request: SimulateRequest, chain: SimulateChain): SimulateResult {
  validate(request, chain.lastRound)
  const stxns = request.txnGroups[0]
  const tc = request.traceConfig?.enable === true ? request.traceConfig : undefined
  const failure = new FailurePath()
  const tracer = tc !== undefined ? new ExecTracer({ stack: tc.stackChange, scratch: tc.scratchChange, state: tc.stateChange }, state) : undefined
  const policy = request.allowUnnamedResources === true ? new UnnamedPolicy(state) : undefined
  const sim: SimulateHooks = {
    allowEmptySignatures: request.allowEmptySignatures === true,
    extraOpcodeBudget: request.extraOpcodeBudget ?? 0,
    unnamedResources: policy,
    tracer: tracer === undefined ? failure : bothTracers(tracer, failure),
    fixSigners: request.fixSigners === true,
    clearStateFailed: tracer && ((gi, error) => tracer.rollback(gi, error)),
    fixedSigners: new Map(),
  }
  const moreLogging = request.allowMoreLogging === true
  const proto = state.proto
  if (moreLogging) state.proto = { ...proto, maxLogCalls: SIMULATE_MAX_LOG_CALLS, maxLogSize: SIMULATE_MAX_LOG_SIZE }
  const txnResult = (i: number, applied: AppliedTxn | undefined, app: number, lsig: number, fees: bigint): SimulateTxnResult => ({
    stxn: stxns[i],
    applied,
    appBudgetConsumed: app,
    logicSigBudgetConsumed: lsig,
    feesPaid: fees,
    // with tracing on every transaction has a trace, empty when no program ran for it
    trace: tracer && (tracer.top.get(i) ?? { inner: [] }),
    unnamedResources: policy?.perTxn.get(i)?.result(),
    fixedSigner: sim.fixedSigners?.get(i),
  })
  let group: SimulateGroupResult
  try {
    const res = chain.apply(stxns, sim)
    const hasApp = stxns.some((s) => s.txn.type === algosdk.TransactionType.appl)
    const innerBudget = res.applied.reduce((n, a) => n + innerApps(a), 0) * proto.maxAppProgramCost
    if (policy !== undefined) {
      const txns = res.applied.map((a) => a.txn)
      policy.settleBoxQuota(txns, proto.bytesPerBoxReference)
    }
    group = {
      txnResults: stxns.map((_, i) => txnResult(i, res.applied[i], res.appBudgetConsumed[i], res.logicSigBudgetConsumed[i], feesPaid(res.applied[i]))),
      appBudgetAdded: hasApp ? res.appBudgetAdded + innerBudget : undefined,
      appBudgetConsumed: res.appBudgetConsumed.reduce((n, c) => n + c, 0),
      groupFeesPaid: res.applied.reduce((n, a) => n + feesPaid(a), 0n),
      groupUsage: groupUsage(res.applied.map((a) => a.txn), res.applied, proto),
      unnamedResources: policy?.group.result(),
    }
  } catch (e) {
    if (!(e instanceof LedgerError)) throw e
    const at = /^transaction ([A-Z2-7]{52})[: ]/.exec(e.message) ?? /^transaction already in ledger: ([A-Z2-7]{52})/.exec(e.message)
    // go checks the group's fees after its transactions ran, so its tracer blames the last one
    const idx = at !== null ? stxns.findIndex((s) => s.txn.txID() === at[1]) : e.message.startsWith('txgroup with ') ? stxns.length - 1 : -1
    // a failure not tied to one transaction is a bad request, as go's TxGroupError with index -1
    if (idx < 0) throw new SimulateRequestError(e.message)
    const c = sim.consumed
    // go's signature verification (TxGroupError) reports its reason without the txid prefix
    const verifyError = c !== undefined && !c.verified && !e.message.includes('should have been authorized by')
    const message = verifyError ? e.message.replace(/^transaction [A-Z2-7]{52}( invalid)? ?: /, '') : e.message
    const applied = (i: number): AppliedTxn | undefined => c?.applied?.[i]
    const fees = (i: number): bigint => {
      const a = applied(i)
      return a !== undefined ? feesPaid(a) : stxns[i].txn.fee
    }
    group = {
      // go reports a failed group's transactions' own fees, their inners' left out
      txnResults: stxns.map((s, i) => txnResult(i, applied(i), c?.app[i] ?? 0, c?.logicSig[i] ?? 0, s.txn.fee)),
      failure: { message, path: failure.path !== undefined && failure.path[0] === idx ? failure.path : [idx] },
      appBudgetAdded: c !== undefined && c.appBudgetAdded > 0 ? c.appBudgetAdded : undefined,
      appBudgetConsumed: c?.app.reduce((n, x) => n + x, 0) ?? 0,
      groupFeesPaid: stxns.reduce((n, _, i) => n + fees(i), 0n),
      groupUsage: groupUsage(stxns.map((s) => txnFromSdk(s.txn)), c?.applied ?? [], proto),
      unnamedResources: policy?.group.result(),
    }
  } finally {
    state.proto = proto
  }
  const extra = request.extraOpcodeBudget ?? 0
  const anyOverride = request.allowEmptySignatures === true || request.allowUnnamedResources === true || moreLogging || extra > 0 || request.fixSigners === true
  return {
    version: SIMULATE_RESULT_VERSION,
    lastRound: chain.lastRound,
    txnGroups: [group],
    evalOverrides: anyOverride
      ? {
          allowEmptySignatures: request.allowEmptySignatures || undefined,
          allowUnnamedResources: request.allowUnnamedResources || undefined,
          maxLogCalls: moreLogging ? SIMULATE_MAX_LOG_CALLS : undefined,
          maxLogSize: moreLogging ? SIMULATE_MAX_LOG_SIZE : undefined,
          extraOpcodeBudget: extra || undefined,
          fixSigners: request.fixSigners || undefined,
        }
      : undefined,
    traceConfig: tc,
    initialStates: tracer?.initial?.result(),
  }
}

/** go's GroupUsage: the fee usage (micro-units of the minimum fee) of a group and, recursively, of its inner transactions. */
function groupUsage(txns: readonly Txn[], applied: readonly AppliedTxn[], proto: LedgerState['proto']): bigint {
  let usage = summarizeFees(txns, proto).usage
  for (const a of applied) if (a.applyData.inner.length > 0) usage += groupUsage(a.applyData.inner.map((i) => i.txn), a.applyData.inner, proto)
  return usage
}

function innerApps(a: AppliedTxn): number {
  return a.applyData.inner.reduce((n, t) => n + (t.txn.type === 'appl' ? 1 : 0) + innerApps(t), 0)
}
