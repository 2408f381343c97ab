// POST /v2/transactions/simulate's models (go's v2 handlers converting simulation.Request and
// simulation.Result): algod's SimulateRequest read into the ledger's request, and algod's
// SimulateResponse built from the ledger's result (each transaction's pending view from
// models.ts, traces, unnamed resources, initial states). Fields that are zero are left out, as algod
// omits them.

import algosdk from 'algosdk'
import type { StackValue } from '@grove/avm'
import type {
  AppInitialStates,
  InitialValue,
  OpcodeTraceUnit,
  SimulateGroupResult,
  SimulateRequest,
  SimulateResult,
  SimulateTxnResult,
  TransactionTrace,
  UnnamedResources,
} from '@grove/ledger'
import { pendingResponse } from './models.ts'

const m = algosdk.modelsv2

/** The ledger's request of algod's (decoded from JSON or msgpack). */
export function simulateRequest(r: algosdk.modelsv2.SimulateRequest): SimulateRequest {
  const tc = r.execTraceConfig
  return {
    txnGroups: r.txnGroups.map((g) => g.txns),
    round: r.round,
    allowEmptySignatures: r.allowEmptySignatures,
    allowMoreLogging: r.allowMoreLogging,
    allowUnnamedResources: r.allowUnnamedResources,
    extraOpcodeBudget: r.extraOpcodeBudget,
    fixSigners: r.fixSigners,
    traceConfig: tc && { enable: tc.enable === true, stackChange: tc.stackChange === true, scratchChange: tc.scratchChange === true, stateChange: tc.stateChange === true },
  }
}

/** algod's SimulateResponse of the ledger's result. */
export function simulateResponse(r: SimulateResult): algosdk.modelsv2.SimulateResponse {
  const o = r.evalOverrides
  const tc = r.traceConfig
  return new m.SimulateResponse({
    version: r.version,
    lastRound: r.lastRound,
    txnGroups: r.txnGroups.map(groupResult),
    evalOverrides: o && new m.SimulationEvalOverrides(o),
    execTraceConfig: tc && new m.SimulateTraceConfig({ enable: tc.enable, stackChange: tc.stackChange, scratchChange: tc.scratchChange, stateChange: tc.stateChange }),
    initialStates: r.initialStates && new m.SimulateInitialStates({ appInitialStates: r.initialStates.length > 0 ? r.initialStates.map(appInitialStates) : undefined }),
  })
}

function groupResult(g: SimulateGroupResult): algosdk.modelsv2.SimulateTransactionGroupResult {
  return new m.SimulateTransactionGroupResult({
    txnResults: g.txnResults.map(txnResult),
    failureMessage: g.failure?.message,
    failedAt: g.failure?.path,
    appBudgetAdded: g.appBudgetAdded,
    appBudgetConsumed: g.appBudgetConsumed || undefined,
    groupFeesPaid: Number(g.groupFeesPaid) || undefined,
    groupUsage: Number(g.groupUsage) || undefined,
    unnamedResourcesAccessed: g.unnamedResources && unnamedResources(g.unnamedResources),
  })
}

function txnResult(t: SimulateTxnResult): algosdk.modelsv2.SimulateTransactionResult {
  return new m.SimulateTransactionResult({
    // a transaction the failed group never reached is reported as sent
    txnResult: t.applied !== undefined ? pendingResponse(t.stxn, t.applied, undefined, t.applied.txn.accounts) : new m.PendingTransactionResponse({ poolError: '', txn: t.stxn }),
    appBudgetConsumed: t.appBudgetConsumed || undefined,
    logicSigBudgetConsumed: t.logicSigBudgetConsumed || undefined,
    feesPaid: Number(t.feesPaid) || undefined,
    execTrace: t.trace && execTrace(t.trace),
    unnamedResourcesAccessed: t.unnamedResources && unnamedResources(t.unnamedResources),
    fixedSigner: t.fixedSigner && new algosdk.Address(t.fixedSigner),
  })
}

/** algod's AvmValue: type 1 bytes, 2 uint (a zero uint left out). */
function avmValue(v: StackValue): algosdk.modelsv2.AvmValue {
  return typeof v === 'object' ? new m.AvmValue({ type: 1, bytes: v }) : new m.AvmValue({ type: 2, uint: BigInt(v) || undefined })
}

function list<T>(xs: T[] | undefined): T[] | undefined {
  return xs !== undefined && xs.length > 0 ? xs : undefined
}

function traceUnit(u: OpcodeTraceUnit): algosdk.modelsv2.SimulationOpcodeTraceUnit {
  return new m.SimulationOpcodeTraceUnit({
    pc: u.pc,
    spawnedInners: u.spawnedInners,
    stackPopCount: u.stackPopCount,
    stackAdditions: u.stackAdditions?.map(avmValue),
    scratchChanges: u.scratchChanges?.map((c) => new m.ScratchChange({ slot: c.slot, newValue: avmValue(c.newValue) })),
    stateChanges: u.stateChanges?.map(
      (c) =>
        new m.ApplicationStateOperation({
          appStateType: c.appStateType,
          operation: c.operation,
          key: c.key,
          newValue: c.newValue === undefined ? undefined : avmValue(c.newValue),
          account: c.account && new algosdk.Address(c.account),
        }),
    ),
  })
}

function execTrace(t: TransactionTrace): algosdk.modelsv2.SimulationTransactionExecTrace {
  return new m.SimulationTransactionExecTrace({
    approvalProgramTrace: list(t.approval)?.map(traceUnit),
    approvalProgramHash: t.approvalHash,
    clearStateProgramTrace: list(t.clear)?.map(traceUnit),
    clearStateProgramHash: t.clearHash,
    clearStateRollback: t.rollback !== undefined ? true : undefined,
    clearStateRollbackError: t.rollback || undefined,
    logicSigTrace: list(t.lsig)?.map(traceUnit),
    logicSigHash: t.lsigHash,
    innerTrace: list(t.inner)?.map(execTrace),
  })
}

/** go's Simplify has run in the ledger; empty lists are left out. */
function unnamedResources(u: UnnamedResources): algosdk.modelsv2.SimulateUnnamedResourcesAccessed {
  return new m.SimulateUnnamedResourcesAccessed({
    accounts: list(u.accounts.map((a) => new algosdk.Address(a))),
    assets: list(u.assets),
    apps: list(u.apps),
    boxes: list(u.boxes.map((b) => new m.BoxReference({ app: b.app, name: b.name }))),
    extraBoxRefs: u.extraBoxRefs || undefined,
    assetHoldings: list(u.assetHoldings.map((h) => new m.AssetHoldingReference({ account: new algosdk.Address(h.account), asset: h.asset }))),
    appLocals: list(u.appLocals.map((l) => new m.ApplicationLocalReference({ account: new algosdk.Address(l.account), app: l.app }))),
  })
}

function kvStorage(values: InitialValue[], account?: Uint8Array): algosdk.modelsv2.ApplicationKVStorage {
  // a key that did not exist before the group has no value (type 0)
  const kvs = values.map(({ key, value }) => new m.AvmKeyValue({ key, value: value === undefined ? new m.AvmValue({ type: 0 }) : avmValue(value) }))
  return new m.ApplicationKVStorage({ account: account && new algosdk.Address(account), kvs })
}

function appInitialStates(a: AppInitialStates): algosdk.modelsv2.ApplicationInitialStates {
  return new m.ApplicationInitialStates({
    id: a.id,
    appGlobals: a.globals.length > 0 ? kvStorage(a.globals) : undefined,
    appBoxes: a.boxes.length > 0 ? kvStorage(a.boxes) : undefined,
    appLocals: a.locals.length > 0 ? a.locals.map((l) => kvStorage(l.values, l.account)) : undefined,
  })
}
