// Sealing a block (go's data/bookkeeping MakeBlock and the evaluator's end of block): the payset
// entries as go encodes them in a block, the fees they paid, and the header over them with its
// branches, seed, commitments and the dev-mode chain's fixed reward and upgrade state.

import algosdk from 'algosdk'
import type { BlockHeader as AvmBlockHeader, Uint64 } from '@grove/avm'
import { BH, paysetCommitments, sha512 } from './block-bytes.ts'
import type { AppliedTxn, ValueDelta } from './apply.ts'
import { txnToSdk } from './convert.ts'
import { FEE_SINK, REWARDS_POOL } from './genesis.ts'
import { sha512_256 } from './hash.ts'
import { unhex } from './state.ts'

const FEE_SINK_ADDRESS = algosdk.Address.fromString(FEE_SINK)
const REWARDS_POOL_ADDRESS = algosdk.Address.fromString(REWARDS_POOL)
const ZERO_ADDRESS = algosdk.Address.zeroAddress()
/** The commitments of an empty payset (the genesis block's). */
export const EMPTY_COMMITMENTS = paysetCommitments([], [])

/** Fees a transaction and its inner ones paid into the block (go's takeFee: the fee sink's own do not count). */
export function feesCollected(a: AppliedTxn, feeSink: Uint8Array): bigint {
  const own = a.txn.sender.every((b, i) => b === feeSink[i]) ? 0n : BigInt(a.txn.fee)
  return a.applyData.inner.reduce((n, t) => n + feesCollected(t, feeSink), own)
}

/** The block model's ApplyData of an applied transaction (inner transactions carry no signature). */
export function blockApplyData(a: AppliedTxn): algosdk.ApplyData {
  const ad = a.applyData
  const hasEval = ad.globalDelta.size > 0 || ad.localDeltas.size > 0 || ad.logs.length > 0 || ad.inner.length > 0
  const toSdkDelta = (d: Map<string, ValueDelta>): Map<Uint8Array, algosdk.ValueDelta> =>
    new Map([...d].map(([k, v]) => [unhex(k), new algosdk.ValueDelta({ action: v.action, bytes: v.bytes ?? new Uint8Array(), uint: BigInt(v.uint ?? 0) })]))
  return new algosdk.ApplyData({
    closingAmount: ad.closingAmount,
    assetClosingAmount: ad.assetClosingAmount,
    configAsset: ad.createdAssetId,
    applicationID: ad.createdAppId,
    evalDelta: hasEval
      ? new algosdk.EvalDelta({
          globalDelta: toSdkDelta(ad.globalDelta),
          localDeltas: new Map([...ad.localDeltas].map(([i, d]) => [i, toSdkDelta(d)])),
          sharedAccts: ad.sharedAccts.map((x) => new algosdk.Address(x)),
          logs: ad.logs,
          innerTxns: ad.inner.map((t) => new algosdk.SignedTxnWithAD({ signedTxn: new algosdk.SignedTransaction({ txn: txnToSdk(t.txn) }), applyData: blockApplyData(t) })),
        })
      : undefined,
  })
}

/**
 * A payset entry's canonical msgpack as go's EncodeSignedTxn makes it: the genesis id (when it is the chain's) and
 * the genesis hash are dropped from the transaction; only the id's absence is flagged, since
 * current protocols require the hash and so imply it.
 */
export function inBlock(stxn: algosdk.SignedTransaction, applyData: algosdk.ApplyData, genesisId: string): Uint8Array {
  const hasGenesisID = stxn.txn.genesisID === genesisId
  // the entry's encoding data with the two fields dropped from its txn map, encoded by the entry's own
  // schema: the same bytes as re-decoding a stripped transaction and encoding that, at a fraction of the cost
  const data = new algosdk.SignedTxnInBlock({ signedTxn: new algosdk.SignedTxnWithAD({ signedTxn: stxn, applyData }), hasGenesisID, hasGenesisHash: false }).toEncodingData()
  const txn = new Map(data.get('txn') as Map<string, unknown>)
  if (hasGenesisID) txn.delete('gen')
  txn.delete('gh')
  data.set('txn', txn)
  return algosdk.msgpackRawEncode(algosdk.SignedTxnInBlock.encodingSchema.prepareMsgpack(data))
}

/** What a block's header is made of besides the chain's fixed fields. */
export interface SealParams {
  round: bigint
  /** The previous header's hash (go's Branch). */
  branch: Uint8Array
  prevSeed: Uint8Array
  fees: bigint
  txnCommitments: algosdk.TxnCommitments
  /** The previous header's canonical encoding, for branch512 (none before genesis). */
  prevHeaderBytes: Uint8Array | undefined
  expired: algosdk.Address[]
  timestamp: bigint
  genesisId: string
  genesisHash: Uint8Array
  protocol: string
  txnCounter: bigint
}

/** Seals a block's header; the payset is kept as bytes only (spliceBlock), so the block object carries the header. */
export function sealBlock(p: SealParams): algosdk.Block {
  const header = new algosdk.BlockHeader({
    round: p.round,
    branch: p.branch,
    seed: sha512_256(p.prevSeed, new Uint8Array(new BigUint64Array([p.round]).buffer)),
    txnCommitments: p.txnCommitments,
    // go's Hash512 of the previous header (EnableSha512BlockHash)
    branch512: p.prevHeaderBytes === undefined ? new Uint8Array(64) : sha512(BH, p.prevHeaderBytes),
    timestamp: p.timestamp,
    genesisID: p.genesisId,
    genesisHash: p.genesisHash,
    proposer: ZERO_ADDRESS,
    feesCollected: p.fees,
    bonus: 0n,
    proposerPayout: 0n,
    rewardState: new algosdk.RewardState({
      feeSink: FEE_SINK_ADDRESS,
      rewardsPool: REWARDS_POOL_ADDRESS,
      rewardsLevel: 0n,
      rewardsRate: 0n,
      rewardsResidue: 0n,
      rewardsRecalculationRound: 0n,
    }),
    upgradeState: new algosdk.UpgradeState({ currentProtocol: p.protocol, nextProtocol: '', nextProtocolApprovals: 0n, nextProtocolVoteBefore: 0n, nextProtocolSwitchOn: 0n }),
    upgradeVote: new algosdk.UpgradeVote({ upgradePropose: '', upgradeDelay: 0n, upgradeApprove: false }),
    txnCounter: p.txnCounter,
    stateproofTracking: new Map(),
    participationUpdates: new algosdk.ParticipationUpdates({ expiredParticipationAccounts: p.expired, absentParticipationAccounts: [] }),
  })
  return new algosdk.Block({ header, payset: [] })
}

/** The AVM's view of a header (`block` and `global` fields); the protocol is the chain's. */
export function avmHeaderOf(h: algosdk.BlockHeader, round: Uint64, protocol: string): AvmBlockHeader {
  return {
    round,
    seed: h.seed,
    timestamp: Number(h.timestamp),
    proposer: h.proposer.publicKey,
    feesCollected: h.feesCollected,
    bonus: h.bonus,
    branch: h.branch,
    branch512: h.branch512,
    feeSink: h.rewardState.feeSink.publicKey,
    protocol,
    txnCounter: h.txnCounter,
    proposerPayout: h.proposerPayout,
    sha512_256TxnCommitment: h.txnCommitments.nativeSha512_256Commitment,
    sha256TxnCommitment: h.txnCommitments.sha256Commitment,
    sha512TxnCommitment: h.txnCommitments.sha512Commitment,
  }
}
