// txn, gtxn, itxn, gitxn and their array/stack variants, gaid(s) and gload(s)(s): go-algorand's
// opTxnImpl and txnFieldToStack. Every variant collects its group, index, field and array index
// and calls `txnValue`, so all checks live in one place.

import type { EvalContext, Instr, OpHandler } from '../../context.ts'
import type { FieldSpec } from '../../../spec/types.ts'
import type { StackValue, Uint64 } from '../../values.ts'
import { txnId, typeEnum, type Txn } from '../../../txn.ts'
import {
  INNER_APPS_VERSION,
  TXN_EFFECTS_VERSION,
  b2u,
  currentTxn,
  fail,
  isSigMode,
  programState,
  sigLedgerOf,
  txnGroup,
} from './common.ts'
import { availableRound } from './block.ts'

const ARRAY_FIELDS = new Set([
  'ApplicationArgs',
  'Accounts',
  'Assets',
  'Applications',
  'Logs',
  'ApprovalProgramPages',
  'ClearStateProgramPages',
])
const EFFECT_FIELDS = new Set(['Logs', 'NumLogs', 'LastLog', 'CreatedAssetID', 'CreatedApplicationID'])
const MAX_STRING_SIZE = 4096

const enum Src {
  Group,
  Inner,
  InnerGroup,
}

function fieldOf(cx: EvalContext, f: FieldSpec | undefined, expectArray: boolean, raw: number): FieldSpec {
  if (f === undefined || f.version > cx.version) fail(`invalid txn field ${f?.name ?? `TxnField(${raw})`}`)
  if (ARRAY_FIELDS.has(f.name) !== expectArray) {
    fail(expectArray ? `unsupported array field ${f.name}` : `invalid txn field ${f.name}`)
  }
  return f
}

function pages(program: Uint8Array, ai: bigint, name: string): Uint8Array {
  const count = Math.ceil(program.length / MAX_STRING_SIZE)
  if (ai >= BigInt(count)) fail(`invalid ${name} index ${ai}`)
  const first = Number(ai) * MAX_STRING_SIZE
  return program.subarray(first, Math.min(first + MAX_STRING_SIZE, program.length))
}

/** The last inner transaction performed, as a group of one (empty when none). */
function lastInner(cx: EvalContext): Txn[] {
  const { inners } = programState(cx)
  return inners.length === 0 ? [] : [inners[inners.length - 1]]
}

/** The last inner group performed. */
function lastInnerGroup(cx: EvalContext): Txn[] {
  const ps = programState(cx)
  return ps.inners.slice(ps.inners.length - ps.lastGroupLen)
}

/**
 * The id of transaction `gi` (go's getTxID with UnifyInnerTxIDs): top-level transactions hash
 * themselves; members of an inner group, and the last inner group, derive from their parent's
 * id and their position among the parent's inner transactions.
 */
function idOf(cx: EvalContext, tx: Txn, gi: number, inner: boolean): Uint8Array {
  if (tx.txId !== undefined) return tx.txId
  if (inner) {
    const ps = programState(cx)
    return txnId(tx, currentTxId(cx), ps.inners.length - ps.lastGroupLen + gi)
  }
  const caller = cx.caller
  if (caller === undefined) return txnId(tx)
  return txnId(tx, currentTxId(caller), programState(caller).inners.length + gi)
}

/** The id of the transaction `cx` is evaluating (go's currentTxID). */
export function currentTxId(cx: EvalContext): Uint8Array {
  return idOf(cx, currentTxn(cx), cx.groupIndex, false)
}

/** go's txnFieldToStack. */
export function txnFieldValue(cx: EvalContext, tx: Txn, f: FieldSpec, ai: bigint, gi: number, inner: boolean): StackValue {
  if (EFFECT_FIELDS.has(f.name)) {
    if (isSigMode(cx)) fail(`txn[${f.name}] not allowed in current mode`)
    if (cx.version < TXN_EFFECTS_VERSION && !inner) fail('Unable to obtain effects from top-level transactions')
  }
  if (inner && cx.version < INNER_APPS_VERSION && (f.name === 'GroupIndex' || f.name === 'TxID')) {
    fail(`illegal field for inner transaction ${f.name}`)
  }
  switch (f.name) {
    case 'Sender': return tx.sender
    case 'Fee': return tx.fee
    case 'FirstValid': return tx.firstValid
    case 'FirstValidTime': {
      const fv = BigInt(tx.firstValid)
      const round = availableRound(cx, (fv - 1n) & 0xffff_ffff_ffff_ffffn)
      const hdr = sigLedgerOf(cx).blockHeader(round)
      if (hdr.timestamp < 0) fail(`block(${fv - 1n}) timestamp ${hdr.timestamp} < 0`)
      return hdr.timestamp
    }
    case 'LastValid': return tx.lastValid
    case 'Note': return tx.note
    case 'Lease': return tx.lease
    case 'Receiver': return tx.receiver
    case 'Amount': return tx.amount
    case 'CloseRemainderTo': return tx.closeRemainderTo
    case 'VotePK': return tx.votePk
    case 'SelectionPK': return tx.selectionPk
    case 'StateProofPK': return tx.stateProofPk
    case 'VoteFirst': return tx.voteFirst
    case 'VoteLast': return tx.voteLast
    case 'VoteKeyDilution': return tx.voteKeyDilution
    case 'Nonparticipation': return b2u(tx.nonparticipation)
    case 'Type': return new TextEncoder().encode(tx.type)
    case 'TypeEnum': return typeEnum(tx.type)
    case 'XferAsset': return tx.xferAsset
    case 'AssetAmount': return tx.assetAmount
    case 'AssetSender': return tx.assetSender
    case 'AssetReceiver': return tx.assetReceiver
    case 'AssetCloseTo': return tx.assetCloseTo
    case 'GroupIndex': return gi
    case 'TxID': return idOf(cx, tx, gi, inner)
    case 'ApplicationID': return tx.applicationId
    case 'OnCompletion': return tx.onCompletion
    case 'RejectVersion': return tx.rejectVersion
    case 'ApplicationArgs':
      if (ai >= BigInt(tx.applicationArgs.length)) fail(`invalid ApplicationArgs index ${ai}`)
      return tx.applicationArgs[Number(ai)]
    case 'NumAppArgs': return tx.applicationArgs.length
    case 'Accounts':
      if (ai === 0n) return tx.sender
      if (ai > BigInt(tx.accounts.length)) fail(`invalid Accounts index ${ai}`)
      return tx.accounts[Number(ai) - 1]
    case 'NumAccounts': return tx.accounts.length
    case 'Assets':
      if (ai >= BigInt(tx.foreignAssets.length)) fail(`invalid Assets index ${ai}`)
      return tx.foreignAssets[Number(ai)]
    case 'NumAssets': return tx.foreignAssets.length
    case 'Applications':
      if (ai === 0n) return tx.applicationId
      if (ai > BigInt(tx.foreignApps.length)) fail(`invalid Applications index ${ai}`)
      return tx.foreignApps[Number(ai) - 1]
    case 'NumApplications': return tx.foreignApps.length
    case 'GlobalNumUint': return tx.globalStateSchema.numUint
    case 'GlobalNumByteSlice': return tx.globalStateSchema.numByteSlice
    case 'LocalNumUint': return tx.localStateSchema.numUint
    case 'LocalNumByteSlice': return tx.localStateSchema.numByteSlice
    case 'ApprovalProgram': return tx.approvalProgram
    case 'ClearStateProgram': return tx.clearStateProgram
    case 'NumApprovalProgramPages': return Math.ceil(tx.approvalProgram.length / MAX_STRING_SIZE)
    case 'ApprovalProgramPages': return pages(tx.approvalProgram, ai, 'ApprovalProgramPages')
    case 'NumClearStateProgramPages': return Math.ceil(tx.clearStateProgram.length / MAX_STRING_SIZE)
    case 'ClearStateProgramPages': return pages(tx.clearStateProgram, ai, 'ClearStateProgramPages')
    case 'RekeyTo': return tx.rekeyTo
    case 'ConfigAsset': return tx.configAsset
    case 'ConfigAssetTotal': return tx.assetParams.total
    case 'ConfigAssetDecimals': return tx.assetParams.decimals
    case 'ConfigAssetDefaultFrozen': return b2u(tx.assetParams.defaultFrozen)
    case 'ConfigAssetUnitName': return tx.assetParams.unitName
    case 'ConfigAssetName': return tx.assetParams.assetName
    case 'ConfigAssetURL': return tx.assetParams.url
    case 'ConfigAssetMetadataHash': return tx.assetParams.metadataHash
    case 'ConfigAssetManager': return tx.assetParams.manager
    case 'ConfigAssetReserve': return tx.assetParams.reserve
    case 'ConfigAssetFreeze': return tx.assetParams.freeze
    case 'ConfigAssetClawback': return tx.assetParams.clawback
    case 'FreezeAsset': return tx.freezeAsset
    case 'FreezeAssetAccount': return tx.freezeAccount
    case 'FreezeAssetFrozen': return b2u(tx.assetFrozen)
    case 'ExtraProgramPages': return tx.extraProgramPages
    case 'Logs':
      if (ai >= BigInt(tx.logs.length)) fail(`invalid Logs index ${ai}`)
      return tx.logs[Number(ai)]
    case 'NumLogs': return tx.logs.length
    case 'LastLog': return tx.logs.length > 0 ? tx.logs[tx.logs.length - 1] : new Uint8Array(0)
    case 'CreatedAssetID': return tx.createdAssetId
    case 'CreatedApplicationID': return tx.createdApplicationId
    default:
      return fail(`invalid txn field ${f.name}`)
  }
}

/** The current txn as seen by its own program: its logs so far are the program's. */
function groupMember(cx: EvalContext, gi: number): Txn {
  const tx = txnGroup(cx)[gi]
  if (gi !== cx.groupIndex) return tx
  const ps = programState(cx)
  return { ...tx, logs: cx.logs, innerTxns: ps.inners }
}

/** go's opTxnImpl. */
function txnValue(cx: EvalContext, gi: bigint, src: Src, ins: Instr, fieldImm: number, ai: bigint, expectArray: boolean): StackValue {
  const f = fieldOf(cx, ins.fields[fieldImm], expectArray, ins.imm[fieldImm])
  let group: readonly Txn[]
  if (src === Src.Group) {
    if (EFFECT_FIELDS.has(f.name) && gi >= BigInt(cx.groupIndex)) {
      if (isSigMode(cx)) fail(`txn[${f.name}] not allowed in current mode`)
      fail(`txn effects can only be read from past txns ${gi} ${cx.groupIndex}`)
    }
    group = txnGroup(cx)
  } else group = src === Src.Inner ? lastInner(cx) : lastInnerGroup(cx)
  if (gi >= BigInt(group.length)) fail(`txn index ${gi}, len(group) is ${group.length}`)
  const i = Number(gi)
  const tx = src === Src.Group ? groupMember(cx, i) : group[i]
  return txnFieldValue(cx, tx, f, ai, i, src !== Src.Group)
}

function popU(cx: EvalContext): bigint {
  return BigInt(cx.stack.pop() as Uint64)
}

/** The txn-reading handlers, keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  txn: (cx, ins) => {
    cx.stack.push(txnValue(cx, BigInt(cx.groupIndex), Src.Group, ins, 0, 0n, false))
  },
  txna: (cx, ins) => {
    cx.stack.push(txnValue(cx, BigInt(cx.groupIndex), Src.Group, ins, 0, BigInt(ins.imm[1]), true))
  },
  txnas: (cx, ins) => {
    const ai = popU(cx)
    cx.stack.push(txnValue(cx, BigInt(cx.groupIndex), Src.Group, ins, 0, ai, true))
  },
  gtxn: (cx, ins) => {
    cx.stack.push(txnValue(cx, BigInt(ins.imm[0]), Src.Group, ins, 1, 0n, false))
  },
  gtxna: (cx, ins) => {
    cx.stack.push(txnValue(cx, BigInt(ins.imm[0]), Src.Group, ins, 1, BigInt(ins.imm[2]), true))
  },
  gtxnas: (cx, ins) => {
    const ai = popU(cx)
    cx.stack.push(txnValue(cx, BigInt(ins.imm[0]), Src.Group, ins, 1, ai, true))
  },
  gtxns: (cx, ins) => {
    const gi = popU(cx)
    cx.stack.push(txnValue(cx, gi, Src.Group, ins, 0, 0n, false))
  },
  gtxnsa: (cx, ins) => {
    const gi = popU(cx)
    cx.stack.push(txnValue(cx, gi, Src.Group, ins, 0, BigInt(ins.imm[1]), true))
  },
  gtxnsas: (cx, ins) => {
    const ai = popU(cx)
    const gi = popU(cx)
    cx.stack.push(txnValue(cx, gi, Src.Group, ins, 0, ai, true))
  },
  itxn: (cx, ins) => {
    cx.stack.push(txnValue(cx, 0n, Src.Inner, ins, 0, 0n, false))
  },
  itxna: (cx, ins) => {
    cx.stack.push(txnValue(cx, 0n, Src.Inner, ins, 0, BigInt(ins.imm[1]), true))
  },
  itxnas: (cx, ins) => {
    const ai = popU(cx)
    cx.stack.push(txnValue(cx, 0n, Src.Inner, ins, 0, ai, true))
  },
  gitxn: (cx, ins) => {
    cx.stack.push(txnValue(cx, BigInt(ins.imm[0]), Src.InnerGroup, ins, 1, 0n, false))
  },
  gitxna: (cx, ins) => {
    cx.stack.push(txnValue(cx, BigInt(ins.imm[0]), Src.InnerGroup, ins, 1, BigInt(ins.imm[2]), true))
  },
  gitxnas: (cx, ins) => {
    const ai = popU(cx)
    cx.stack.push(txnValue(cx, BigInt(ins.imm[0]), Src.InnerGroup, ins, 1, ai, true))
  },
  gaid: (cx, ins) => {
    cx.stack.push(gaid(cx, BigInt(ins.imm[0]), 'gaid'))
  },
  gaids: (cx) => {
    const gi = popU(cx)
    cx.stack.push(gaid(cx, gi, 'gaids'))
  },
  gload: (cx, ins) => {
    cx.stack.push(gload(cx, BigInt(ins.imm[0]), ins.imm[1], 'gload'))
  },
  gloads: (cx, ins) => {
    const gi = popU(cx)
    groupBound(cx, gi, 'gloads')
    cx.stack.push(gload(cx, gi, ins.imm[0], 'gloads'))
  },
  gloadss: (cx) => {
    const slot = popU(cx)
    const gi = popU(cx)
    groupBound(cx, gi, 'gloadss')
    if (slot >= 256n) fail(`gloadss scratch index >= 256 (${slot})`)
    cx.stack.push(gload(cx, gi, Number(slot), 'gloadss'))
  },
}

function groupBound(cx: EvalContext, gi: bigint, op: string): void {
  const n = cx.txnGroup.length
  if (gi >= BigInt(n)) fail(`${op} lookup TxnGroup[${gi}] but it only has ${n}`)
}

/** go's opGaidImpl. */
function gaid(cx: EvalContext, gi: bigint, op: string): Uint64 {
  groupBound(cx, gi, op)
  const i = Number(gi)
  if (i > cx.groupIndex) {
    fail(`${op} can't get creatable ID of txn ahead of the current one (index ${i}) in the transaction group`)
  }
  if (i === cx.groupIndex) {
    fail(`${op} is only for accessing creatable IDs of previous txns, use \`global CurrentApplicationID\` instead to access the current app's creatable ID`)
  }
  const tx = txnGroup(cx)[i]
  if (tx.type !== 'appl' && tx.type !== 'acfg') {
    fail(`can't use ${op} on txn that is not an app call nor an asset config txn with index ${i}`)
  }
  if (tx.createdAssetId !== 0) return tx.createdAssetId
  if (tx.createdApplicationId !== 0) return tx.createdApplicationId
  return fail(`${op}: index ${i} did not create anything`)
}

/** go's opGloadImpl. */
function gload(cx: EvalContext, gi: bigint, slot: number, op: string): StackValue {
  groupBound(cx, gi, op)
  const i = Number(gi)
  if (slot >= 256) fail(`invalid Scratch index ${slot}`)
  if (txnGroup(cx)[i].type !== 'appl') fail(`can't use ${op} on non-app call txn with index ${i}`)
  if (i === cx.groupIndex) fail(`can't use ${op} on self, use load instead`)
  if (i > cx.groupIndex) fail(`${op} can't get future scratch space from txn with index ${i}`)
  const scratch = cx.pastScratch[i]
  if (scratch === undefined) fail(`${op} lookup of txn ${i} that did not run a program`)
  return scratch[slot]
}
