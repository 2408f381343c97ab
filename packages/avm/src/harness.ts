// The environment go-algorand's logic tests evaluate in, which the conformance vectors assume
// (conformance/README.md, "Environment the eval vectors assume"): LogicSigs run over one
// zero-valued transaction with no block headers; apps run as app 888 of a fixed creator over an
// otherwise empty ledger.

import { MODE_APP, MODE_SIG, type EvalEnv } from './eval/context.ts'
import { HARNESS_PROTO, type ConsensusParams } from './proto.ts'
import { makeTxn, zeroTxn, type Txn } from './txn.ts'
import { MemoryLedger } from './memory-ledger.ts'
import { NO_HEADER_LEDGER, decodeAddress } from './eval/ops/state/common.ts'
import { beginAppCall } from './eval/ops/state/app-call.ts'

export { MemoryLedger } from './memory-ledger.ts'

/** The creator of app 888 in go's testApp. */
export const HARNESS_APP_CREATOR = '47YPQTIGQEO7T4Y4RWDYWEKV6RTR2UNBQXBABEEGM72ESWDQNCQ52OPASU'
/** The id go's testApp runs programs as. */
export const HARNESS_APP_ID = 888

/** A vector's non-default environment (eval-vectors.json `env`). */
export interface VectorEnv {
  logicsig_budget?: number
  proto_logicsig_version?: number
  logicsig_args_hex?: string[]
}

/** Options for a LogicSig evaluation in the harness. */
export interface SigHarnessOptions {
  /** Consensus LogicSigVersion (default 14). */
  logicSigVersion?: number
  /** LogicSigMaxCost (default 25,000), pooled over the one-transaction group. */
  budget?: number
  /** LogicSig arguments. */
  args?: Uint8Array[]
  /** The group to evaluate over (default one zero transaction). */
  group?: Txn[]
  groupIndex?: number
}

/** Bytes of a hex string (vector files spell byte strings this way). */
export function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16)
  return out
}

/** The harness consensus with a LogicSigVersion and budget of choice. */
export function harnessProto(logicSigVersion = HARNESS_PROTO.logicSigVersion, budget = HARNESS_PROTO.logicSigMaxCost): ConsensusParams {
  return { ...HARNESS_PROTO, logicSigVersion, logicSigMaxCost: budget }
}

/** EvalEnv for a LogicSig in go's test harness. */
export function sigHarnessEnv(opts: SigHarnessOptions = {}): EvalEnv {
  const proto = harnessProto(opts.logicSigVersion, opts.budget)
  const group = opts.group ?? [zeroTxn()]
  return {
    proto,
    mode: MODE_SIG,
    txnGroup: group,
    groupIndex: opts.groupIndex ?? 0,
    lsigArgs: opts.args ?? [],
    ledger: NO_HEADER_LEDGER,
    appId: 0,
    budget: { remaining: proto.logicSigMaxCost * group.length },
  }
}

/** Options for an app evaluation in the harness. */
export interface AppHarnessOptions {
  /** The ledger (default: empty except app 888). App 888 is added when missing. */
  ledger?: MemoryLedger
  /** The group (default one `appl` txn with every other field zero). */
  group?: Txn[]
  groupIndex?: number
  appId?: number
  proto?: ConsensusParams
}

/**
 * EvalEnv for an approval program in go's test harness: app 888 (created by
 * HARNESS_APP_CREATOR with empty params) over an otherwise empty in-memory ledger, budget 700
 * per app call in the group. Runs go's app-call preamble, so it throws on a read-budget failure.
 */
export function appHarnessEnv(opts: AppHarnessOptions = {}): EvalEnv & { ledger: MemoryLedger } {
  const proto = opts.proto ?? HARNESS_PROTO
  const ledger = opts.ledger ?? new MemoryLedger()
  const group = opts.group ?? [makeTxn({ type: 'appl' })]
  const gi = opts.groupIndex ?? 0
  const txnApp = group[gi].applicationId
  const appId = opts.appId ?? (txnApp === 0 ? HARNESS_APP_ID : Number(txnApp))
  if (ledger.appParams(appId) === undefined) ledger.createApp(appId, decodeAddress(HARNESS_APP_CREATOR))
  beginAppCall(group, gi, appId, ledger, proto)
  const apps = group.filter((t) => t.type === 'appl').length
  return {
    proto,
    mode: MODE_APP,
    txnGroup: group,
    groupIndex: gi,
    lsigArgs: [],
    ledger,
    appId,
    budget: { remaining: proto.maxAppProgramCost * Math.max(1, apps) },
  }
}

/** One eval vector's shape, as far as its environment goes. */
export interface EvalVectorLike {
  mode: string
  env?: VectorEnv
}

/**
 * The EvalEnv a conformance vector runs in. `logicSigVersion` is the consensus version to use
 * for "from" vectors (each of v..14); "exact" vectors use `env.proto_logicsig_version` or 14.
 */
export function vectorEnv(vector: EvalVectorLike, logicSigVersion?: number): EvalEnv {
  if (vector.mode === 'application') return appHarnessEnv()
  const env = vector.env ?? {}
  return sigHarnessEnv({
    logicSigVersion: logicSigVersion ?? env.proto_logicsig_version ?? HARNESS_PROTO.logicSigVersion,
    budget: env.logicsig_budget,
    args: env.logicsig_args_hex?.map(fromHex),
  })
}
