// The in-memory dev-mode chain behind the `Node` facade (node.ts): every accepted group is
// applied and sealed as its own block at once, timestamped with the wall clock plus the dev
// offset. Reads are answered from the live state and the kept blocks. With a `dataDir`, every
// block and offset change reaches the chain log (persist.ts) before it is acknowledged, and
// opening replays that log through the same apply code, so a restart resumes exactly.

import algosdk from 'algosdk'
import { minBalance, type BlockHeader as AvmBlockHeader, type Uint64 } from '@grove/avm'
import { BH, BLOCK_PREFIX, decodeHeader, paysetCommitments, sha512, spliceBlock, type StoredBlock, storedBlock } from './block-bytes.ts'
import { keyValues, pendingResponse } from './api-models.ts'
import { applyGroup, type AppliedGroup, type AppliedTxn, type SimulateHooks, type ValueDelta } from './apply.ts'
import { decodeSignedGroup, txnToSdk } from './convert.ts'
import { RemoteState, forkGenesisHash } from './fork.ts'
import { LedgerError } from './errors.ts'
import { CONSENSUS_PARAMS, CONSENSUS_VERSIONS, FEE_SINK, GENESIS_ID, REWARDS_POOL, consensusOfGenesis, genesisAllocation, genesisHash, genesisParticipation, genesisStatus, type Consensus } from './genesis.ts'
import { sha512_256 } from './hash.ts'
import { base32Decode, buildDelta, nextTotals, watchWrites, type MoneyTotals, type Msgp, type Write } from './deltas.ts'
import { ChainLog, ChainLogError, type BlockRecord, type LogRecord } from './persist.ts'
import { simulateGroup } from './simulate.ts'
import { AccountStatus, LedgerState, STATUS_TEXT, balanceRound, hex, idKey, u64, unhex, type KeyValue, type StateSnapshot } from './state.ts'
import { readSnapshot, writeSnapshot } from './snapshot.ts'
import type { CommitListener, Node, NodeOptions, SubmitResult, Supply } from './node.ts'
import { ZERO32, addr, isZero } from './bytes.ts'

const m = algosdk.modelsv2
const FEE_SINK_ADDRESS = algosdk.Address.fromString(FEE_SINK)
const REWARDS_POOL_ADDRESS = algosdk.Address.fromString(REWARDS_POOL)
const EMPTY_COMMITMENTS = paysetCommitments([], [])
const ZERO_ADDRESS = algosdk.Address.zeroAddress()

/** A kept delta with its block's header as `Hdr` (go's *BlockHeader). */
function withHeader(delta: Map<string, Msgp>, block: algosdk.Block): Map<string, unknown> {
  return new Map<string, unknown>(delta).set('Hdr', algosdk.msgpackRawDecodeAsMap(algosdk.encodeMsgpack(block.header)))
}

/** Fees a transaction and its inner ones paid into the block (go's takeFee: the fee sink's own do not count). */
function feesCollected(a: AppliedTxn, feeSink: Uint8Array): bigint {
  const own = a.txn.sender.every((b, i) => b === feeSink[i]) ? 0n : BigInt(a.txn.fee)
  return a.applyData.inner.reduce((n, t) => n + feesCollected(t, feeSink), own)
}

/** An account's online data from `round` on: its stake while online (zero offline) and voting window's end. */
interface OnlineEntry {
  round: bigint
  balance: bigint
  incentiveEligible: boolean
  voteLast: bigint
}

/** The entry in force at `round` (the latest at or before it). */
function entryAt<T extends { round: bigint }>(history: T[], round: bigint): T | undefined {
  let found: T | undefined
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].round <= round) {
      found = history[i]
      break
    }
  }
  return found
}

/** Expired participation accounts a block knocks offline at most (go's MaxProposedExpiredOnlineAccounts). */
const MAX_EXPIRED_PER_BLOCK = 32

/** Blocks between snapshots taken while running (a clean stop always takes one): a crash's restart replays at most this many. */
const SNAPSHOT_INTERVAL = 10_000n

/** What a snapshot holds besides the state: the chain's indexes as of its round (structured-clonable). */
interface ChainSnapshot {
  state: StateSnapshot
  totals: MoneyTotals
  onlineAccounts: Map<string, OnlineEntry[]>
  onlineHistory: { round: bigint; money: bigint }[]
  /** Confirmed transactions still looked up: id, round, the signed transaction's msgpack, what applying it produced. */
  txns: [string, bigint, Uint8Array, AppliedTxn][]
  leases: Map<string, bigint>
  deltas: [bigint, { round: Map<string, Msgp>; group: Map<string, Msgp>; ids: Uint8Array[] }][]
}

/** Rounds of state deltas kept (go's default MaxAcctLookback: its trackers flush older rounds). */
const DELTA_LOOKBACK = 4n

/** The genesis block's txn counter (go's MakeGenesisBlock under AppForbidLowResources). */
const GENESIS_TXN_COUNTER = 1000
/** How far back algod answers pending-by-txid for confirmed transactions. */
const TXN_LOOKBACK = 1000n

/** A confirmed top-level transaction: its block and what applying it produced. */
interface Confirmed {
  round: bigint
  stxn: algosdk.SignedTransaction
  applied: AppliedTxn
}

/** The block model's ApplyData of an applied transaction (inner transactions carry no signature). */
function blockApplyData(a: AppliedTxn): algosdk.ApplyData {
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
function inBlock(stxn: algosdk.SignedTransaction, applyData: algosdk.ApplyData, genesisId: string): Uint8Array {
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

/** A built block before it is published (Chain.build). */
interface Built {
  res: AppliedGroup
  /** The block (header only; the payset is in `encoded`), absent for a replayed round whose delta is not kept. */
  block: algosdk.Block | undefined
  encoded: Uint8Array
  headerBytes: Uint8Array | undefined
  writes: Write[]
  totals: MoneyTotals
  delta: { round: Map<string, Msgp>; group: Map<string, Msgp> } | undefined
}

/** A logged block not yet flushed: the journal position and log size before it, to undo it if its flush fails. */
interface UnflushedMark {
  cp: number
  size: number
  undone: boolean
}

/** The dev-mode chain (see the file comment). */
class Chain implements Node {
  readonly genesisId: string
  /** A fork's remote state source (fork.ts); undefined on a plain localnet. */
  readonly fork: RemoteState | undefined
  private readonly genesisStamp: bigint
  readonly consensus: Consensus
  readonly protocol: string
  readonly genesisHash: Uint8Array
  private readonly now: () => number
  private readonly state: LedgerState
  /** Each round's header, as objects: the AVM and every new block read them. A replayed round's is decoded from its block when first read (headerAt). */
  private readonly headers: (algosdk.BlockHeader | undefined)[] = []
  /** Each round's block as its canonical msgpack, decoded when asked for: kept as objects, payset and all, blocks were most of the node's memory. */
  private readonly blockBytes: Uint8Array[] = []
  private readonly txns = new Map<string, Confirmed>()
  private readonly leases = new Map<string, bigint>()
  private readonly waiters: (() => void)[] = []
  private readonly listeners: CommitListener[] = []
  /** algod's dev-mode offset: once set, each block is stamped the previous stamp plus it. */
  private offset: bigint | undefined
  /** Grove's clock offset: while no dev-mode offset is set, blocks are stamped the wall clock plus it. */
  private clock = 0n
  private lastBlockAt: number
  private closed = false
  private log: ChainLog | undefined
  private readonly deltas = new Map<bigint, { round: Map<string, Msgp>; group: Map<string, Msgp>; ids: Uint8Array[]; block: algosdk.Block }>()
  /** Money by status after the last round (go's AccountTotals), moved by each group's account writes. */
  private totals: MoneyTotals = { online: 0n, offline: 0n, notParticipating: 0n }
  /** Online money from each round where it changed, oldest first: the supply's online stake reads it at the balance round. */
  /** Each account that was ever online: its online data from each round where that changed, oldest first (go's online accounts table). */
  private readonly onlineAccounts = new Map<string, OnlineEntry[]>()
  /** The last new block's header encoding, for the next block's branch and branch512. */
  private lastHeader: { round: bigint; bytes: Uint8Array } | undefined
  private readonly onlineHistory: { round: bigint; money: bigint }[] = [{ round: 0n, money: 0n }]
  /** The data directory, for snapshots. */
  private dataDir: string | undefined
  /** The round of the data directory's latest snapshot (0: none). */
  private snapshotRound = 0n
  /** Logged blocks whose flush has not succeeded yet, oldest first: until it does, each stays undoable. */
  private readonly unflushed: UnflushedMark[] = []
  private readonly fault: NodeOptions['fault']
  private readonly detailedEvalErrors: boolean
  private readonly impersonation: boolean

  constructor(options: NodeOptions) {
    // a data directory's chain keeps its consensus; a new chain runs the one asked for, else current
    const logged = options.dataDir === undefined ? undefined : ChainLog.genesisHashOf(options.dataDir)
    const base = options.fork?.base
    // a fork's genesis hash is derived from the consensus's own (forkGenesisHash)
    const own = logged && (base === undefined ? consensusOfGenesis(logged) : (Object.keys(CONSENSUS_VERSIONS) as Consensus[]).find((c) => Buffer.from(forkGenesisHash(base, genesisHash(c))).equals(logged)))
    if (options.consensus !== undefined && own !== undefined && own !== options.consensus) {
      throw new ChainLogError(`${options.dataDir} holds a chain of the ${own} consensus, not ${options.consensus} (start with --reset to begin afresh)`)
    }
    this.consensus = options.consensus ?? own ?? 'current'
    this.protocol = CONSENSUS_VERSIONS[this.consensus]
    this.genesisId = base === undefined ? GENESIS_ID : base.genesisId
    this.genesisHash = base === undefined ? genesisHash(this.consensus) : forkGenesisHash(base, genesisHash(this.consensus))
    this.genesisStamp = BigInt(base?.timestamp ?? 0)
    this.now = options.now ?? Date.now
    this.fault = options.fault
    this.detailedEvalErrors = options.detailedEvalErrors ?? true
    this.impersonation = options.impersonation === true || options.fork !== undefined
    const feeSink = algosdk.decodeAddress(FEE_SINK).publicKey
    this.state = new LedgerState({
      round: () => this.lastRound() + 1n,
      latestTimestamp: () => Number(this.headerAt(this.headers.length - 1).timestamp),
      blockHeader: (r) => this.avmHeader(r),
      genesisHash: () => this.genesisHash,
      feeSink,
      agreementData: (addr, round) => this.agreementData(hex(addr), round),
      onlineCirculation: (round, voteRound) => this.onlineCirculation(round, voteRound),
    })
    this.state.proto = CONSENSUS_PARAMS[this.consensus]
    const cp = this.state.checkpoint()
    for (const [a, amount] of genesisAllocation()) {
      const status = genesisStatus(a)
      const p = genesisParticipation(a)
      const pk = algosdk.decodeAddress(a).publicKey
      this.state.updateAccount(pk, (d) => {
        d.balance = u64(amount)
        if (status !== 0) d.status = status
        if (p !== undefined) {
          d.voting = { voteId: p.voteId, selectionId: p.selectionId, stateProofId: p.stateProofId, voteFirst: u64(p.voteFirst), voteLast: u64(p.voteLast), voteKeyDilution: u64(p.voteKeyDilution) }
        }
      })
      // agreement reads genesis stakes from round 0 on
      if (status === 1) this.onlineAccounts.set(hex(pk), [{ round: 0n, balance: amount, incentiveEligible: false, voteLast: p?.voteLast ?? 0n }])
      if (status === 2) this.totals.notParticipating += amount
      else if (status === 1) this.totals.online += amount
      else this.totals.offline += amount
    }
    this.onlineHistory[0].money = this.totals.online
    // go's MakeGenesisBlock starts the txn counter at 1000 (AppForbidLowResources), so created ids begin at 1001
    // a fork starts counting at the remote's counter, so ids it creates never collide with the remote's
    const counter = Math.max(GENESIS_TXN_COUNTER, base?.txnCounter ?? 0)
    for (let i = 0; i < counter; i++) this.state.countTxn()
    this.state.commit(cp)
    this.state.settle()
    this.lastBlockAt = this.now()
    const genesis = this.makeBlock(0n, ZERO32, ZERO32, 0n, EMPTY_COMMITMENTS, undefined)
    this.headers.push(genesis.header)
    this.blockBytes.push(algosdk.encodeMsgpack(genesis))
    if (options.fork !== undefined) {
      this.fork = new RemoteState(options.fork, this.state, options.dataDir, [...genesisAllocation().keys()].map((a) => algosdk.decodeAddress(a).publicKey))
      // pinned before the log replays, so the local blocks land over the remote's values
      this.fork.loadPins()
    }
    if (options.dataDir !== undefined) this.restore(options.dataDir)
  }

  /** Opens the chain log in `dataDir` (a new one starts with this genesis block) and replays it. */
  private restore(dataDir: string): void {
    const genesis: BlockRecord = { kind: 'block', group: new Uint8Array(), block: this.blockBytes[0] }
    const { log, records } = ChainLog.open(dataDir, this.genesisHash, () => genesis)
    try {
      const logged = records[0] as BlockRecord
      this.headers[0] = decodeHeader(logged.block)
      this.blockBytes[0] = logged.block.slice()
      this.sameRules(0n, this.headers[0].txnCounter)
      const blocks = records.reduce((n, r) => n + (r.kind === 'block' ? 1 : 0), 0)
      // a fork replays its whole log over the pins (a snapshot would hide pins taken after it)
      const snap = this.fork === undefined ? this.usableSnapshot(dataDir, records) : undefined
      let round = 0
      for (const rec of records.slice(1)) {
        if (rec.kind === 'offset') {
          this.offset = rec.offset
          continue
        }
        if (rec.kind === 'clock') {
          this.clock = rec.offset
          this.offset = undefined
          continue
        }
        round++
        if (snap !== undefined && round <= snap.round) {
          // covered by the snapshot: kept as logged bytes, its header decoded when first read
          this.headers.push(undefined)
          this.blockBytes.push(rec.block)
          if (round === snap.round) this.loadSnapshot(snap.body)
          continue
        }
        // only the last rounds' deltas outlive replay (publish keeps DELTA_LOOKBACK): earlier ones are not built
        const stored = storedBlock(rec.block, BigInt(blocks - 1 - round) < DELTA_LOOKBACK)
        try {
          this.commitGroup(rec.group, stored)
        } catch (e) {
          throw new ChainLogError(`${log.file}: replaying round ${stored.round} failed: ${(e as Error).message}`)
        }
      }
      this.snapshotRound = BigInt(snap?.round ?? 0)
    } catch (e) {
      log.close()
      throw e
    }
    this.log = log
    this.dataDir = dataDir
    const fault = this.fault
    if (fault !== undefined) log.tearHook = () => fault('log')
    // a long replay (after a crash) is not repeated on the next start
    if (this.lastRound() - this.snapshotRound >= SNAPSHOT_INTERVAL) this.saveSnapshot()
  }

  /** The data directory's snapshot when it matches the log: its round's logged block has the hash it names and counts transactions as it does. */
  private usableSnapshot(dataDir: string, records: LogRecord[]): { round: number; body: ChainSnapshot } | undefined {
    const snap = readSnapshot(dataDir)
    if (snap === undefined || snap.round < 1n) return undefined
    let round = 0n
    for (const rec of records) {
      if (rec.kind !== 'block') continue
      if (round === snap.round) {
        const body = snap.body as ChainSnapshot
        const same = Buffer.from(sha512_256(rec.block)).equals(Buffer.from(snap.blockHash)) && storedBlock(rec.block, false).txnCounter === BigInt(body.state.lastId)
        return same ? { round: Number(snap.round), body } : undefined
      }
      round++
    }
    return undefined
  }

  /** Takes a snapshot's state and indexes as the chain's, as of its round. */
  private loadSnapshot(body: ChainSnapshot): void {
    this.state.restoreSnapshot(body.state)
    this.totals = body.totals
    this.onlineAccounts.clear()
    for (const [k, v] of body.onlineAccounts) this.onlineAccounts.set(k, v)
    this.onlineHistory.splice(0, this.onlineHistory.length, ...body.onlineHistory)
    this.txns.clear()
    for (const [id, round, stxn, applied] of body.txns) this.txns.set(id, { round, stxn: algosdk.decodeMsgpack(stxn, algosdk.SignedTransaction), applied })
    this.leases.clear()
    for (const [k, v] of body.leases) this.leases.set(k, v)
    this.deltas.clear()
    for (const [round, d] of body.deltas) this.deltas.set(round, { ...d, block: new algosdk.Block({ header: this.headerAt(Number(round)), payset: [] }) })
  }

  /** Writes the state as of the tip (every block of it flushed, nothing undoable) as the data directory's snapshot. */
  private saveSnapshot(): void {
    if (this.dataDir === undefined || this.unflushed.length > 0) return
    const tip = this.lastRound()
    const body: ChainSnapshot = {
      state: this.state.snapshot(),
      totals: this.totals,
      onlineAccounts: this.onlineAccounts,
      onlineHistory: this.onlineHistory,
      txns: [...this.txns].map(([id, c]) => [id, c.round, algosdk.encodeMsgpack(c.stxn), c.applied]),
      leases: this.leases,
      deltas: [...this.deltas].map(([round, d]) => [round, { round: d.round, group: d.group, ids: d.ids }]),
    }
    try {
      writeSnapshot(this.dataDir, tip, sha512_256(this.blockBytes[Number(tip)]), body)
      this.snapshotRound = tip
    } catch {
      // a snapshot only saves replay time: without one the next start replays the whole log
    }
  }

  /** Replay must count transactions (and so number created ids) as the logged block did; otherwise the rules changed under the log. */
  private sameRules(round: bigint, txnCounter: bigint): void {
    const counter = BigInt(this.state.counter())
    if (txnCounter !== counter) {
      throw new ChainLogError(
        `round ${round} was logged with txn counter ${txnCounter} but replays to ${counter}: ` +
          'the ledger changed how it applies transactions since this data directory was written (start with --reset to begin afresh)',
      )
    }
  }

  /** Appends to the chain log; a failed write stops the node, since memory must not run ahead of the disk. */
  /** Appends to the chain log and returns where the record starts. A failed write is cut off and refused; only a log that cannot be cut back stops the node, since memory must not run ahead of the disk. */
  private persist(rec: LogRecord, sync = true): number {
    const log = this.log
    if (log === undefined) return 0
    try {
      return log.append(rec, sync)
    } catch (e) {
      if (!log.failed) throw new LedgerError(`ledger storage failed: ${(e as Error).message}`, 500)
      void this.close()
      throw new LedgerError(`ledger storage failed, node stopped: ${(e as Error).message}`, 500)
    }
  }

  private header(round: Uint64): algosdk.BlockHeader {
    const r = BigInt(round)
    if (r < 0n || r > this.lastRound()) throw new LedgerError(`round ${r} is not available`)
    return this.headerAt(Number(r))
  }

  /** The header of kept round `n`, decoded from its block the first time a replayed one is read. */
  private headerAt(n: number): algosdk.BlockHeader {
    return (this.headers[n] ??= decodeHeader(this.blockBytes[n]))
  }

  private avmHeader(round: Uint64): AvmBlockHeader {
    const h = this.header(round)
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
      protocol: this.protocol,
      txnCounter: h.txnCounter,
      proposerPayout: h.proposerPayout,
      sha512_256TxnCommitment: h.txnCommitments.nativeSha512_256Commitment,
      sha256TxnCommitment: h.txnCommitments.sha256Commitment,
      sha512TxnCommitment: h.txnCommitments.sha512Commitment,
    }
  }

  /** Seals a block; timestamps never go backwards, as go's MakeBlock keeps them monotonic. */
  private makeBlock(
    round: bigint,
    branch: Uint8Array,
    prevSeed: Uint8Array,
    fees: bigint,
    txnCommitments: algosdk.TxnCommitments,
    prevHeaderBytes: Uint8Array | undefined,
    expired: algosdk.Address[] = [],
  ): algosdk.Block {
    const prevTs = this.headers.length > 0 ? this.headerAt(this.headers.length - 1).timestamp : 0n
    // go's dev mode: with an offset set, the previous stamp plus it; otherwise the (Grove-shifted) wall clock
    const nowTs = this.offset !== undefined ? prevTs + this.offset : BigInt(Math.floor(this.now() / 1000)) + this.clock
    const header = new algosdk.BlockHeader({
      round,
      branch,
      seed: sha512_256(prevSeed, new Uint8Array(new BigUint64Array([round]).buffer)),
      txnCommitments,
      // go's Hash512 of the previous header (EnableSha512BlockHash)
      branch512: prevHeaderBytes === undefined ? new Uint8Array(64) : sha512(BH, prevHeaderBytes),
      // Genesis is stamped 0, as go's genesis for a private network (gen/generate.go) is.
      timestamp: round === 0n ? this.genesisStamp : nowTs > prevTs ? nowTs : prevTs,
      genesisID: this.genesisId,
      genesisHash: this.genesisHash,
      proposer: ZERO_ADDRESS,
      feesCollected: fees,
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
      upgradeState: new algosdk.UpgradeState({ currentProtocol: this.protocol, nextProtocol: '', nextProtocolApprovals: 0n, nextProtocolVoteBefore: 0n, nextProtocolSwitchOn: 0n }),
      upgradeVote: new algosdk.UpgradeVote({ upgradePropose: '', upgradeDelay: 0n, upgradeApprove: false }),
      txnCounter: BigInt(this.state.counter()),
      stateproofTracking: new Map(),
      participationUpdates: new algosdk.ParticipationUpdates({ expiredParticipationAccounts: expired, absentParticipationAccounts: [] }),
    })
    // the payset is kept as bytes only (spliceBlock): the block object carries the header
    return new algosdk.Block({ header, payset: [] })
  }

  private live(): void {
    if (this.closed) throw new LedgerError('node is closed', 503)
  }

  status(): algosdk.modelsv2.NodeStatusResponse {
    return new m.NodeStatusResponse({
      catchupTime: 0,
      lastRound: this.lastRound(),
      lastVersion: this.protocol,
      nextVersion: this.protocol,
      nextVersionRound: this.lastRound() + 1n,
      nextVersionSupported: true,
      stoppedAtUnsupportedRound: false,
      timeSinceLastRound: BigInt(Math.max(0, this.now() - this.lastBlockAt)) * 1_000_000n,
    })
  }

  suggestedParams(): algosdk.modelsv2.TransactionParametersResponse {
    const fee = BigInt(this.state.proto.minTxnFee)
    return new m.TransactionParametersResponse({ consensusVersion: this.protocol, fee: 0, minFee: fee, genesisHash: this.genesisHash, genesisId: this.genesisId, lastRound: this.lastRound() })
  }

  lastRound(): bigint {
    return BigInt(this.headers.length - 1)
  }

  submit(signedGroupBytes: Uint8Array): SubmitResult {
    this.live()
    return this.commitGroup(signedGroupBytes)
  }

  /** Sets `map[k]` (undefined deletes) so that a revert of the state's journal restores it: the chain's indexes undo with the state. */
  private journaled<K, V>(map: Map<K, V>, k: K, v: V | undefined): void {
    const had = map.has(k)
    const old = map.get(k)
    this.state.journal(() => (had ? map.set(k, old as V) : map.delete(k)))
    if (v === undefined) map.delete(k)
    else map.set(k, v)
  }

  /** Pushes onto an index array, undone with the state's journal. */
  private journaledPush<T>(arr: T[], v: T): void {
    this.state.journal(() => arr.pop())
    arr.push(v)
  }

  /** Sets one of the chain's own fields through `set`, undone with the state's journal. */
  private journaledField<T>(old: T, set: (v: T) => void, v: T): void {
    this.state.journal(() => set(old))
    set(v)
  }

  /**
   * Applies a group and seals its block, or, replaying the log, takes its `stored` block (its
   * signatures were verified when first accepted). Atomic: everything from applying the group to
   * logging its block runs inside one checkpoint of the state's journal, which also journals the
   * chain's indexes; a throw anywhere undoes it all and cuts off whatever reached the log, and
   * the node keeps serving. A logged block stays undoable until its flush succeeds (flushed).
   */
  private commitGroup(signedGroupBytes: Uint8Array, stored?: StoredBlock): SubmitResult {
    const stxns = decodeSignedGroup(signedGroupBytes)
    const round = this.lastRound() + 1n
    const outer = this.state.checkpoint()
    const log = this.log
    let mark: UnflushedMark | undefined
    try {
      const built = this.build(stxns, round, undefined, stored)
      this.publish(round, stxns, built)
      if (stored === undefined && log !== undefined) {
        // flushed by durable() below, shared with whoever else submits meanwhile
        const size = this.persist({ kind: 'block', group: signedGroupBytes, block: built.encoded }, false)
        mark = { cp: outer, size, undone: false }
      }
      this.state.commit(outer)
      if (mark === undefined) this.state.settle()
      else this.unflushed.push(mark)
      for (const wake of this.waiters.splice(0)) wake()
      return { txId: built.res.txIds[0], durable: mark && this.flushed(mark) }
    } catch (e) {
      this.state.revert(outer)
      throw e
    }
  }

  /**
   * What a commit does before it publishes anything, shared by submit and simulate (so a group
   * that simulates cleanly cannot then fail here on submit): applies the group, ends the block
   * (expired keys), seals and encodes the block, and builds its state delta.
   */
  private build(stxns: algosdk.SignedTransaction[], round: bigint, sim: SimulateHooks | undefined, stored?: StoredBlock): Built {
    const stopWatching = watchWrites(this.state)
    try {
      const res = applyGroup(this.state, stxns, {
        round,
        genesisId: this.genesisId,
        genesisHash: this.genesisHash,
        seenTxId: (id) => this.txns.has(id),
        leaseUntil: (k) => this.leases.get(k),
        verified: stored !== undefined,
        sim,
        detailedEvalErrors: this.detailedEvalErrors,
      })
      const expired = this.expireParticipation(round, stopWatching.writes)
      const writes = stopWatching()
      // the fault hook fires as each stage ends, its changes made, so a test proves they are undone
      this.fault?.('apply')
      let block: algosdk.Block | undefined
      let encoded: Uint8Array
      let headerBytes: Uint8Array | undefined
      if (stored === undefined) {
        // every encoding is made once: the entries for the commitments and the block, the header for the block and the next one's branches
        const stibBytes = stxns.map((stxn, i) => inBlock(stxn, blockApplyData(res.applied[i]), this.genesisId))
        const prev = this.headerAt(this.headers.length - 1)
        const prevBytes = this.headerBytes(round - 1n)
        const branch = sha512_256(BH, prevBytes)
        const fees = res.applied.reduce((n, a) => n + feesCollected(a, this.state.chain.feeSink), 0n)
        block = this.makeBlock(round, branch, prev.seed, fees, paysetCommitments(res.txnBytes, stibBytes), prevBytes, expired)
        headerBytes = algosdk.encodeMsgpack(block.header)
        encoded = spliceBlock(headerBytes, stibBytes)
      } else {
        if (stored.round !== round || stored.entries !== stxns.length) throw new LedgerError('the logged block does not hold this group')
        this.sameRules(round, stored.txnCounter)
        // only a kept delta holds its block's header; the other replayed headers wait in the bytes until read
        if (stored.keepDelta) block = new algosdk.Block({ header: decodeHeader(stored.bytes), payset: [] })
        encoded = stored.bytes
      }
      this.fault?.('encode')
      const totals = nextTotals(this.state, writes, this.totals)
      // a replayed round left without `block` is not among the last DELTA_LOOKBACK kept, so its delta is not built
      const delta =
        block === undefined
          ? undefined
          : buildDelta(this.state, writes, {
              txns: stxns.map((s, i) => ({ txId: res.txIds[i], lastValid: s.txn.lastValid, lease: s.txn.lease ?? new Uint8Array(32), sender: s.txn.sender.publicKey })),
              header: null, // set from the kept block when asked for
              prevTimestamp: this.headerAt(this.headers.length - 1).timestamp,
              totals,
            })
      this.fault?.('deltas')
      return { res, block, encoded, headerBytes, writes, totals, delta }
    } finally {
      stopWatching()
    }
  }

  /** Makes a built block the chain's tip: its indexes, delta, online accounts and header, each write journaled. */
  private publish(round: bigint, stxns: algosdk.SignedTransaction[], b: Built): void {
    this.journaledField(this.totals, (v) => (this.totals = v), b.totals)
    if (this.totals.online !== this.onlineHistory[this.onlineHistory.length - 1].money) this.journaledPush(this.onlineHistory, { round, money: this.totals.online })
    for (const w of b.writes) if (w.map === (this.state.accounts as Map<unknown, unknown>)) this.trackOnline(w.key as string, round)
    if (b.delta !== undefined && b.block !== undefined) {
      const gid = stxns[0].txn.group
      const ids = [...(gid !== undefined && gid.some((x) => x !== 0) ? [gid] : []), ...b.res.txIds.map(base32Decode)]
      this.journaled(this.deltas, round, { ...b.delta, ids, block: b.block })
      this.journaled(this.deltas, round - DELTA_LOOKBACK, undefined)
    }
    for (const [k, lv] of b.res.leases) this.journaled(this.leases, k, lv)
    stxns.forEach((stxn, i) => this.journaled(this.txns, b.res.txIds[i], { round, stxn, applied: b.res.applied[i] }))
    this.journaledPush(this.headers, b.block?.header)
    this.journaledPush(this.blockBytes, b.encoded.slice())
    if (b.headerBytes !== undefined) this.journaledField(this.lastHeader, (v) => (this.lastHeader = v), { round, bytes: b.headerBytes })
    this.journaledField(this.lastBlockAt, (v) => (this.lastBlockAt = v), this.now())
    this.forget(round)
    for (const listener of this.listeners) {
      const undo = listener(round, this.blockBytes[this.blockBytes.length - 1], b.res.txIds)
      if (undo) this.state.journal(undo)
    }
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.push(listener)
    return () => {
      const at = this.listeners.indexOf(listener)
      if (at >= 0) this.listeners.splice(at, 1)
    }
  }

  /**
   * go's end of block for expired keys (generateKnockOfflineAccountsList, then
   * resetExpiredOnlineAccountsParticipationKeys): an account the block touched whose voting
   * window ended before this round goes offline with its keys cleared, at most 32 a block, and
   * the header lists it. go also checks the state-proof top voters it tracks, and suspends
   * absent incentive-eligible accounts; a dev-mode node has neither.
   */
  private expireParticipation(round: bigint, writes: { map: Map<unknown, unknown>; key: unknown }[]): algosdk.Address[] {
    const keys: string[] = []
    for (const w of writes) {
      if (w.map !== (this.state.accounts as Map<unknown, unknown>)) continue
      const d = this.state.accounts.get(w.key as string)
      const v = d?.voting
      if (d === undefined || BigInt(d.balance) === 0n || v === undefined || isZero(v.voteId) || BigInt(v.voteLast) >= round) continue
      if (keys.length < MAX_EXPIRED_PER_BLOCK) keys.push(w.key as string)
    }
    return keys.map((k) => {
      const pk = unhex(k)
      this.state.updateAccount(pk, (d) => {
        d.status = undefined
        d.voting = undefined
      })
      return new algosdk.Address(pk)
    })
  }

  /** The canonical encoding of a kept round's header (the last new block's is at hand). */
  private headerBytes(round: bigint): Uint8Array {
    if (this.lastHeader?.round === round) return this.lastHeader.bytes
    return algosdk.encodeMsgpack(this.headerAt(Number(round)))
  }

  /**
   * Resolves once `mark`'s block is on disk. A failed flush (or fault) undoes that block and every
   * later one (they were built on it and none was acknowledged) and cuts them off the log; the
   * node keeps serving from the state before them. Only a log that cannot be cut back stops it.
   */
  private flushed(mark: UnflushedMark): Promise<void> {
    const log = this.log!
    const done = log.durable().then(
      () => {
        if (mark.undone) throw new LedgerError(`ledger storage failed, block not committed: an earlier block's flush failed`, 500)
        this.fault?.('flush')
        // this block and all before it are on disk: once none waits, nothing can be undone any more
        this.unflushed.splice(0, this.unflushed.indexOf(mark) + 1)
        if (this.unflushed.length === 0) {
          this.state.settle()
          if (this.lastRound() - this.snapshotRound >= SNAPSHOT_INTERVAL) this.saveSnapshot()
        }
      },
      (e: unknown) => {
        throw e
      },
    )
    const failed = done.catch((e: unknown) => {
      if (!mark.undone) this.undoUnflushed(mark)
      if (e instanceof LedgerError) throw e
      throw new LedgerError(`ledger storage failed, block not committed: ${(e as Error).message}`, 500)
    })
    // callers that do not wait (in-process tests) must not see an unhandled rejection
    failed.catch(() => undefined)
    return failed
  }

  /** Undoes `from`'s block and every later unflushed one, in memory and in the log. */
  private undoUnflushed(from: UnflushedMark): void {
    const at = this.unflushed.indexOf(from)
    if (at < 0) return
    for (const m of this.unflushed.splice(at)) m.undone = true
    this.state.revert(from.cp)
    if (this.unflushed.length === 0) this.state.settle()
    try {
      this.log?.truncate(from.size)
    } catch {
      // memory was undone but the disk may still hold the blocks: stop rather than diverge
      void this.close()
    }
  }

  /** Records an account's online data after `round` when it is or was online and the data changed (journaled). */
  private trackOnline(key: string, round: bigint): void {
    const d = this.state.accounts.get(key)
    const online = d?.status === AccountStatus.Online
    let history = this.onlineAccounts.get(key)
    if (history === undefined && !online) return
    if (history === undefined) this.journaled(this.onlineAccounts, key, (history = []))
    const e: OnlineEntry = online
      ? { round, balance: BigInt(d.balance), incentiveEligible: d.incentiveEligible, voteLast: BigInt(d.voting?.voteLast ?? 0) }
      : { round, balance: 0n, incentiveEligible: false, voteLast: 0n }
    const last = history[history.length - 1]
    if (last !== undefined && last.balance === e.balance && last.incentiveEligible === e.incentiveEligible && last.voteLast === e.voteLast) return
    this.journaledPush(history, e)
  }

  private agreementData(key: string, round: bigint): { balance: bigint; incentiveEligible: boolean } | undefined {
    const history = this.onlineAccounts.get(key)
    return history && entryAt(history, round)
  }

  /** go's onlineCirculation: online money at `round` less the stake of keys expired by `voteRound` (none subtracted at round 0). */
  private onlineCirculation(round: bigint, voteRound: bigint): bigint {
    const total = entryAt(this.onlineHistory, round)?.money ?? 0n
    if (round === 0n) return total
    let expired = 0n
    for (const history of this.onlineAccounts.values()) {
      const e = entryAt(history, round)
      if (e !== undefined && e.balance > 0n && e.voteLast < voteRound) expired += e.balance
    }
    return total - expired
  }

  ledgerStateDelta(round: bigint): { delta: Map<string, unknown> } | { error: string } {
    const latest = this.lastRound()
    const dbRound = latest > DELTA_LOOKBACK ? latest - DELTA_LOOKBACK : 0n
    const kept = latest - dbRound
    if (round < dbRound) return { error: `round ${round} before dbRound ${dbRound}` }
    if (round > latest) return { error: `round ${round} too high: dbRound ${dbRound}, deltas ${kept}` }
    const d = this.deltas.get(round)
    if (round === dbRound || d === undefined) return { error: `round ${round} not in deltas: dbRound ${dbRound}, deltas ${kept}, offset 0` }
    return { delta: withHeader(d.round, d.block) }
  }

  groupDeltasForRound(round: bigint): { ids: Uint8Array[]; delta: Map<string, unknown> }[] | undefined {
    const d = this.deltas.get(round)
    return d === undefined ? undefined : [{ ids: d.ids, delta: withHeader(d.group, d.block) }]
  }

  groupDelta(id: Uint8Array): Map<string, unknown> | undefined {
    for (const d of this.deltas.values()) if (d.ids.some((x) => x.length === id.length && x.every((b, i) => b === id[i]))) return withHeader(d.group, d.block)
    return undefined
  }

  /** Drops txids and leases whose validity can no longer overlap the next round. */
  private forget(round: bigint): void {
    for (const [k, lv] of this.leases) if (lv < round) this.journaled(this.leases, k, undefined)
    if (round % 100n !== 0n) return
    for (const [id, c] of this.txns) if (c.stxn.txn.lastValid < round && c.round + TXN_LOOKBACK < round) this.journaled(this.txns, id, undefined)
  }

  simulate(request: algosdk.modelsv2.SimulateRequest): algosdk.modelsv2.SimulateResponse {
    this.live()
    const round = this.lastRound() + 1n
    const outer = this.state.checkpoint()
    try {
      return simulateGroup(this.state, request, {
        lastRound: this.lastRound(),
        apply: (stxns, sim) => this.build(stxns, round, sim).res,
        pendingResponse: (stxn, applied) => pendingResponse(stxn, applied, undefined, applied.txn.accounts),
      })
    } finally {
      this.state.revert(outer)
      this.state.touched = new Set()
    }
  }

  supply(): Supply {
    const latest = this.lastRound()
    return { round: latest, totalMoney: this.totals.online + this.totals.offline, onlineMoney: this.totals.online, onlineStake: this.onlineCirculation(balanceRound(latest), latest) }
  }

  pendingTransaction(txId: string): algosdk.modelsv2.PendingTransactionResponse | undefined {
    const c = this.txns.get(txId)
    if (c === undefined || c.round + TXN_LOOKBACK < this.lastRound()) return undefined
    return pendingResponse(c.stxn, c.applied, c.round, c.applied.txn.accounts)
  }

  account(address: string): algosdk.modelsv2.Account {
    const pk = algosdk.decodeAddress(address).publicKey
    const k = hex(pk)
    const d = this.state.accountData(pk)
    const assets = [...(this.state.holdings.get(k) ?? [])].map(([id, h]) => new m.AssetHolding({ assetId: BigInt(id), amount: BigInt(h.amount), isFrozen: h.frozen }))
    const createdAssets = [...this.state.assets].filter(([, a]) => hex(a.creator) === k).map(([id]) => this.asset(BigInt(id))!)
    const createdApps = [...this.state.apps].filter(([, a]) => hex(a.creator) === k).map(([id]) => this.application(BigInt(id))!)
    const appsLocalState = [...(this.state.locals.get(k) ?? [])].map(([id, kv]) => this.localState(BigInt(id), kv))
    const schema = d.totalAppSchema
    return new m.Account({
      address,
      amount: BigInt(d.balance),
      amountWithoutPendingRewards: BigInt(d.balance),
      minBalance: minBalance(d, this.state.proto),
      pendingRewards: 0,
      rewards: 0,
      rewardBase: 0,
      round: this.lastRound(),
      status: STATUS_TEXT[d.status ?? 0],
      // algod reports keys only while a vote key is registered, the state proof key only when set
      participation:
        d.voting === undefined || isZero(d.voting.voteId)
          ? undefined
          : new m.AccountParticipation({
              voteParticipationKey: d.voting.voteId,
              selectionParticipationKey: d.voting.selectionId,
              stateProofKey: isZero(d.voting.stateProofId) ? undefined : d.voting.stateProofId,
              voteFirstValid: d.voting.voteFirst,
              voteLastValid: d.voting.voteLast,
              voteKeyDilution: d.voting.voteKeyDilution,
            }),
      lastHeartbeat: BigInt(d.lastHeartbeat) === 0n ? undefined : d.lastHeartbeat,
      lastProposed: BigInt(d.lastProposed) === 0n ? undefined : d.lastProposed,
      totalAppsOptedIn: d.totalAppLocalStates,
      totalAssetsOptedIn: d.totalAssets,
      totalCreatedApps: d.totalAppParams,
      totalCreatedAssets: d.totalAssetParams,
      totalBoxes: d.totalBoxes,
      totalBoxBytes: d.totalBoxBytes,
      appsTotalExtraPages: d.totalExtraAppPages || undefined,
      appsTotalSchema: schema.numUint + schema.numByteSlice > 0 ? new m.ApplicationStateSchema(schema) : undefined,
      authAddr: isZero(d.authAddr) ? undefined : addr(d.authAddr),
      assets,
      createdAssets,
      createdApps,
      appsLocalState,
      incentiveEligible: d.incentiveEligible || undefined,
      sigType: undefined,
    })
  }

  private localState(appId: bigint, kv: Map<string, KeyValue>): algosdk.modelsv2.ApplicationLocalState {
    const schema = this.state.appParams(Number(appId))?.params.localStateSchema ?? { numUint: 0, numByteSlice: 0 }
    return new m.ApplicationLocalState({ id: appId, schema: new m.ApplicationStateSchema(schema), keyValue: kv.size > 0 ? keyValues(kv) : undefined })
  }

  accountAsset(address: string, assetId: bigint): algosdk.modelsv2.AccountAssetResponse | undefined {
    const pk = algosdk.decodeAddress(address).publicKey
    const h = this.state.holdings.get(hex(pk))?.get(idKey(assetId))
    const rec = this.state.assets.get(idKey(assetId))
    const created = rec !== undefined && hex(rec.creator) === hex(pk) ? this.asset(assetId)!.params : undefined
    if (h === undefined && created === undefined) return undefined
    return new m.AccountAssetResponse({
      round: this.lastRound(),
      assetHolding: h && new m.AssetHolding({ assetId, amount: BigInt(h.amount), isFrozen: h.frozen }),
      createdAsset: created,
    })
  }

  accountApplication(address: string, appId: bigint): algosdk.modelsv2.AccountApplicationResponse | undefined {
    const pk = algosdk.decodeAddress(address).publicKey
    const local = this.state.locals.get(hex(pk))?.get(idKey(appId))
    const rec = this.state.apps.get(idKey(appId))
    const created = rec !== undefined && hex(rec.creator) === hex(pk) ? this.application(appId)!.params : undefined
    if (local === undefined && created === undefined) return undefined
    return new m.AccountApplicationResponse({ round: this.lastRound(), appLocalState: local && this.localState(appId, local), createdApp: created })
  }

  asset(assetId: bigint): algosdk.modelsv2.Asset | undefined {
    const rec = this.state.assets.get(idKey(assetId))
    if (rec === undefined) return undefined
    const p = rec.params
    const text = (b: Uint8Array): string | undefined => {
      const s = new TextDecoder('utf-8', { fatal: false }).decode(b)
      return b.length > 0 && !s.includes('\ufffd') ? s : undefined
    }
    const opt = (b: Uint8Array): string | undefined => (isZero(b) || b.length === 0 ? undefined : addr(b))
    return new m.Asset({
      index: assetId,
      params: new m.AssetParams({
        creator: addr(rec.creator),
        decimals: p.decimals,
        total: BigInt(p.total),
        defaultFrozen: p.defaultFrozen || undefined,
        manager: opt(p.manager),
        reserve: opt(p.reserve),
        freeze: opt(p.freeze),
        clawback: opt(p.clawback),
        metadataHash: p.metadataHash.length > 0 ? p.metadataHash : undefined,
        name: text(p.assetName),
        nameB64: p.assetName.length > 0 ? p.assetName : undefined,
        unitName: text(p.unitName),
        unitNameB64: p.unitName.length > 0 ? p.unitName : undefined,
        url: text(p.url),
        urlB64: p.url.length > 0 ? p.url : undefined,
      }),
    })
  }

  application(appId: bigint): algosdk.modelsv2.Application | undefined {
    const rec = this.state.apps.get(idKey(appId))
    if (rec === undefined) return undefined
    const p = rec.params
    const globals = this.state.globals.get(idKey(appId))
    return new m.Application({
      id: appId,
      params: new m.ApplicationParams({
        creator: addr(rec.creator),
        approvalProgram: p.approvalProgram,
        clearStateProgram: p.clearStateProgram,
        extraProgramPages: p.extraProgramPages || undefined,
        globalState: globals && globals.size > 0 ? keyValues(globals) : undefined,
        globalStateSchema: new m.ApplicationStateSchema(p.globalStateSchema),
        localStateSchema: new m.ApplicationStateSchema(p.localStateSchema),
        version: BigInt(p.version) || undefined,
        sizeSponsor: isZero(p.sizeSponsor) ? undefined : addr(p.sizeSponsor),
        foreignBoxReads: p.foreignBoxReads || undefined,
        familyBoxAccess: p.familyBoxAccess || undefined,
      }),
    })
  }

  boxNames(appId: bigint): Uint8Array[] {
    return this.state.boxNamesOf(Number(appId))
  }

  box(appId: bigint, name: Uint8Array): algosdk.modelsv2.Box | undefined {
    const value = this.state.getBox(Number(appId), name)
    return value === undefined ? undefined : new m.Box({ name, value, round: this.lastRound() })
  }

  block(round: bigint): algosdk.Block | undefined {
    if (round < 0n || round > this.lastRound()) return undefined
    return algosdk.decodeMsgpack(this.blockBytes[Number(round)], algosdk.Block)
  }

  blockMsgpack(round: bigint, headerOnly = false): Uint8Array | undefined {
    if (round < 0n || round > this.lastRound()) return undefined
    const n = Number(round)
    // {block: …}: a one-entry map around the block's own canonical encoding
    const body = headerOnly ? algosdk.encodeMsgpack(new algosdk.Block({ header: this.headerAt(n), payset: [] })) : this.blockBytes[n]
    const out = new Uint8Array(BLOCK_PREFIX.length + body.length)
    out.set(BLOCK_PREFIX)
    out.set(body, BLOCK_PREFIX.length)
    return out
  }

  waitForBlockAfter(round: bigint, timeoutMs: number): Promise<void> {
    if (this.closed || this.lastRound() > round) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs)
      const check = (): void => {
        if (this.closed || this.lastRound() > round) done()
        else this.waiters.push(check)
      }
      function done(): void {
        clearTimeout(timer)
        resolve()
      }
      this.waiters.push(check)
    })
  }

  setBlockTimeOffset(seconds: bigint): void {
    this.live()
    this.persist({ kind: 'offset', offset: seconds })
    this.offset = seconds
  }

  getBlockTimeOffset(): bigint | undefined {
    return this.offset
  }

  impersonate(address: string, on: boolean): void {
    if (!this.impersonation) throw new LedgerError('impersonation is off: it is allowed on a fork (--fork) or with --impersonation only', 403)
    if (!algosdk.isValidAddress(address)) throw new LedgerError(`failed to decode address ${address} from base 32`)
    const k = hex(algosdk.decodeAddress(address).publicKey)
    if (on) this.state.impersonated.add(k)
    else this.state.impersonated.delete(k)
  }

  setClockOffset(seconds: bigint): void {
    this.live()
    this.persist({ kind: 'clock', offset: seconds })
    this.clock = seconds
    this.offset = undefined
  }

  getClockOffset(): bigint {
    return this.clock
  }

  async close(): Promise<void> {
    this.closed = true
    for (const wake of this.waiters.splice(0)) wake()
    const log = this.log
    this.log = undefined
    if (log === undefined) return
    // a flush in flight must finish before its file descriptor closes
    const flushed = await log.durable().then(
      () => true,
      () => false,
    )
    // a clean stop leaves a snapshot of the tip, so the next start replays nothing
    if (flushed && this.lastRound() > this.snapshotRound) {
      // every appended block is on disk now
      this.unflushed.length = 0
      this.state.settle()
      this.saveSnapshot()
    }
    log.close()
  }
}

/** Opens the dev-mode chain: in memory at genesis, or restored from the chain log in `dataDir`. */
export function openNode(options: NodeOptions = {}): Node {
  return new Chain(options)
}
