// The in-memory dev-mode chain behind the `Node` facade (node.ts): every accepted group is
// applied and sealed as its own block at once, timestamped with the wall clock plus the dev
// offset. Reads are answered from the live state and the kept blocks. With a `dataDir`, every
// block and offset change reaches the chain log (persist.ts) before it is acknowledged, and
// opening replays that log through the same apply code, so a restart resumes exactly.
import algosdk from 'algosdk'
import { type BlockHeader as AvmBlockHeader, type Uint64 } from '@grove/avm'
import { BH, decodeHeader, paysetCommitments, spliceBlock, type StoredBlock } from './block-bytes.ts'
import { applyGroup, type AppliedGroup, type SimulateHooks } from './apply.ts'
import { RemoteState, forkGenesisHash } from './fork.ts'
import { LedgerError } from './errors.ts'
import { CONSENSUS_PARAMS, CONSENSUS_VERSIONS, FEE_SINK, GENESIS_ID, consensusOfGenesis, genesisAllocation, genesisHash, type Consensus } from './genesis.ts'
import { sha512_256 } from './hash.ts'
import { base32Decode, buildDelta, nextTotals, watchWrites, type MoneyTotals, type Msgp, type Write } from './deltas.ts'
import { ChainLog, ChainLogError, blockHead } from './persist.ts'
import { BlockStore, DEFAULT_BLOCK_CACHE } from './block-store.ts'
import { compactLog } from './keep-rounds.ts'
import { simulateGroup } from './simulate.ts'
import { LedgerState, balanceRound, hex } from './state.ts'
import { applyCheat, balanceCheat, blockContent, encodeCheat, holdingCheat, programCheat, type Cheat } from './cheat.ts'
import type { AccountAppView, AccountAssetView, AccountView, AppView, AssetView, BoxView, CommitListener, ConfirmedTxn, Node, NodeOptions, NodeStatus, SubmitResult, Supply, TxnParams } from './node.ts'
import type { SimulateRequest, SimulateResult } from './simulate/result.ts'
import { ZERO32 } from './bytes.ts'
import { DELTA_LOOKBACK, KeptDeltas } from './kept-deltas.ts'
import { restore, saveSnapshot, sameRules } from './replay.ts'
import { flushed, persist } from './durability.ts'
import type { ChainStore, Confirmed, UnflushedMark } from './chain-store.ts'
import { journaled, journaledField } from './journal.ts'
import { OnlineStake } from './online.ts'
import { EMPTY_COMMITMENTS, avmHeaderOf, blockApplyData, feesCollected, inBlock, sealBlock } from './seal.ts'
import { allocateGenesis } from './genesis-state.ts'
import { DevSnapshots } from './dev-snapshots.ts'
import { accountAppView, accountAssetView, accountView, appView, assetView } from './views.ts'

const CONSENSUSES = Object.keys(CONSENSUS_VERSIONS) as Consensus[]

/**
 * The genesis block's txn counter (go's MakeGenesisBlock under AppForbidLowResources), so created ids
 * begin at 1001; a fork starts at the remote's counter, so ids it creates never collide with the remote's.
 */
const GENESIS_TXN_COUNTER = 1000
/** How far back algod answers pending-by-txid for confirmed transactions. */
const TXN_LOOKBACK = 1000n

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

/**
 * The dev-mode chain (see the file comment). Internal to the package (index.ts exports openNode
 * only): its indexes are open to replay.ts and durability.ts, which restore and flush them.
 */
export class Chain implements Node, ChainStore {
  readonly genesisId: string
  /** A fork's remote state source (fork.ts); undefined on a plain localnet. */
  readonly fork: RemoteState | undefined
  private readonly genesisStamp: bigint
  readonly consensus: Consensus
  readonly protocol: string
  readonly genesisHash: Uint8Array
  /** The genesis block's round (genesisRound): the chain's blocks are kept from it on, round r at index r − baseRound. */
  readonly baseRound: bigint
  private readonly now: () => number
  readonly state: LedgerState
  /** Each round's block: on disk in the chain log, a bounded number in memory (block-store.ts). */
  readonly blocks: BlockStore
  /** --keep-rounds: how many of the latest rounds are kept (undefined: all). */
  readonly keepRounds: number | undefined
  /** The first round after genesis the log holds: later than genesis + 1 once --keep-rounds compacted it. */
  loggedFrom: bigint
  readonly txns = new Map<string, Confirmed>()
  readonly leases = new Map<string, bigint>()
  private readonly waiters: (() => void)[] = []
  private readonly listeners: CommitListener[] = []
  /** algod's dev-mode offset: once set, each block is stamped the previous stamp plus it. */
  offset: bigint | undefined
  /** Grove's clock offset: while no dev-mode offset is set, blocks are stamped the wall clock plus it. */
  clock = 0n
  private lastBlockAt: number
  private closed = false
  log: ChainLog | undefined
  readonly deltas = new KeptDeltas()
  /** Money by status and each account's online data by round (online.ts). */
  readonly online: OnlineStake
  /** The last new block's header encoding, for the next block's branch and branch512. */
  private lastHeader: { round: bigint; bytes: Uint8Array } | undefined
  /** The data directory, for snapshots. */
  dataDir: string | undefined
  /** The round of the data directory's latest snapshot (the base round: none). */
  snapshotRound: bigint
  /** Logged blocks whose flush has not succeeded yet, oldest first: until it does, each stays undoable. */
  readonly unflushed: UnflushedMark[] = []
  readonly fault: NodeOptions['fault']
  private readonly detailedEvalErrors: boolean
  private readonly impersonation: boolean

  constructor(options: NodeOptions) {
    // a data directory's chain keeps its consensus; a new chain runs the one asked for, else current
    const logged = options.dataDir === undefined ? undefined : ChainLog.genesisHashOf(options.dataDir)
    const base = options.fork?.base
    // a fork's genesis hash is derived from the consensus's own (forkGenesisHash)
    const own = logged && (base === undefined ? consensusOfGenesis(logged) : CONSENSUSES.find((c) => Buffer.from(forkGenesisHash(base, genesisHash(c))).equals(logged)))
    if (options.consensus !== undefined && own !== undefined && own !== options.consensus) {
      throw new ChainLogError(`${options.dataDir} holds a chain of the ${own} consensus, not ${options.consensus} (start with --reset to begin afresh)`)
    }
    this.consensus = options.consensus ?? own ?? 'current'
    this.protocol = CONSENSUS_VERSIONS[this.consensus]
    this.genesisId = base === undefined ? GENESIS_ID : base.genesisId
    this.genesisHash = base === undefined ? genesisHash(this.consensus) : forkGenesisHash(base, genesisHash(this.consensus))
    this.genesisStamp = BigInt(base?.timestamp ?? 0)
    this.baseRound = BigInt(base?.round ?? 0)
    this.snapshotRound = this.baseRound
    this.loggedFrom = this.baseRound + 1n
    if (options.keepRounds !== undefined && !(Number.isInteger(options.keepRounds) && options.keepRounds >= 1)) throw new LedgerError(`keepRounds must be a whole number of rounds, at least 1; got ${options.keepRounds}`)
    this.keepRounds = options.keepRounds
    this.blocks = new BlockStore(this.baseRound, options.blockCache ?? DEFAULT_BLOCK_CACHE, (offset, size) => {
      if (this.log === undefined) throw new LedgerError('node is closed', 503)
      return this.log.read(offset, size)
    })
    this.now = options.now ?? Date.now
    this.fault = options.fault
    this.detailedEvalErrors = options.detailedEvalErrors ?? true
    this.impersonation = options.impersonation === true || options.fork !== undefined
    const feeSink = algosdk.decodeAddress(FEE_SINK).publicKey
    this.state = new LedgerState({
      round: () => this.lastRound() + 1n,
      latestTimestamp: () => Number(this.blocks.header(this.lastRound()).timestamp),
      blockHeader: (r) => this.avmHeader(r),
      genesisHash: () => this.genesisHash,
      feeSink,
      agreementData: (addr, round) => this.online.agreementData(hex(addr), round),
      onlineCirculation: (round, voteRound) => this.online.circulation(round, voteRound),
    })
    this.state.proto = CONSENSUS_PARAMS[this.consensus]
    this.online = new OnlineStake(this.state, this.baseRound)
    allocateGenesis(this.state, this.online, this.baseRound, Math.max(GENESIS_TXN_COUNTER, base?.txnCounter ?? 0))
    this.state.settle()
    this.lastBlockAt = this.now()
    const genesis = this.makeBlock(this.baseRound, ZERO32, ZERO32, 0n, EMPTY_COMMITMENTS, undefined)
    this.blocks.push(algosdk.encodeMsgpack(genesis), genesis.header)
    if (options.fork !== undefined) {
      this.fork = new RemoteState(options.fork, this.state, options.dataDir, [...genesisAllocation().keys()].map((a) => algosdk.decodeAddress(a).publicKey))
      // pinned before the log replays, so the local blocks land over the remote's values
      this.fork.loadPins()
    }
    if (options.dataDir !== undefined) restore(this, options.dataDir)
  }

  private header(round: Uint64): algosdk.BlockHeader {
    const r = BigInt(round)
    if (r < this.blocks.first || r > this.lastRound()) throw new LedgerError(`round ${r} is not available`)
    return this.blocks.header(r)
  }

  private avmHeader(round: Uint64): AvmBlockHeader {
    return avmHeaderOf(this.header(round), round, this.protocol)
  }

  /** Seals a block; timestamps never go backwards, as go's MakeBlock keeps them monotonic. */
  private makeBlock(round: bigint, branch: Uint8Array, prevSeed: Uint8Array, fees: bigint, txnCommitments: algosdk.TxnCommitments, prevHeaderBytes: Uint8Array | undefined, expired: algosdk.Address[] = []): algosdk.Block {
    const prevTs = round === this.baseRound ? 0n : this.blocks.header(round - 1n).timestamp
    // go's dev mode: with an offset set, the previous stamp plus it; otherwise the (Grove-shifted) wall clock
    const nowTs = this.offset !== undefined ? prevTs + this.offset : BigInt(Math.floor(this.now() / 1000)) + this.clock
    // Genesis is stamped 0, as go's genesis for a private network (gen/generate.go) is.
    const timestamp = round === this.baseRound ? this.genesisStamp : nowTs > prevTs ? nowTs : prevTs
    return sealBlock({ round, branch, prevSeed, fees, txnCommitments, prevHeaderBytes, expired, timestamp, genesisId: this.genesisId, genesisHash: this.genesisHash, protocol: this.protocol, txnCounter: BigInt(this.state.counter()) })
  }

  private live(): void {
    if (this.closed) throw new LedgerError('node is closed', 503)
  }

  status = (): NodeStatus => ({ lastRound: this.lastRound(), protocol: this.protocol, sinceLastBlockMs: Math.max(0, this.now() - this.lastBlockAt) })

  suggestedParams(): TxnParams {
    return { lastRound: this.lastRound(), protocol: this.protocol, minFee: BigInt(this.state.proto.minTxnFee), genesisId: this.genesisId, genesisHash: this.genesisHash }
  }

  lastRound(): bigint {
    return this.blocks.last
  }

  genesisRound = (): bigint => this.baseRound

  submit(signedGroupBytes: Uint8Array): SubmitResult {
    this.live()
    return this.commitGroup(signedGroupBytes)
  }

  /**
   * Applies a group and seals its block, or, replaying the log, takes its `stored` block (its
   * signatures were verified when first accepted). Atomic: everything from applying the group to
   * logging its block runs inside one checkpoint of the state's journal, which also journals the
   * chain's indexes; a throw anywhere undoes it all and cuts off whatever reached the log, and
   * the node keeps serving. A logged block stays undoable until its flush succeeds (flushed).
   */
  commitGroup(signedGroupBytes: Uint8Array, stored?: StoredBlock, mined = false): SubmitResult {
    const { stxns, cheat } = blockContent(signedGroupBytes, mined || stored !== undefined)
    const round = this.lastRound() + 1n
    const outer = this.state.checkpoint()
    const log = this.log
    let mark: UnflushedMark | undefined
    try {
      const built = this.build(stxns, round, undefined, stored, cheat)
      this.publish(round, stxns, built)
      if (stored === undefined && log !== undefined) {
        // flushed by durable() below, shared with whoever else submits meanwhile
        const size = persist(this, { kind: 'block', group: signedGroupBytes, block: built.encoded }, false)
        this.blocks.placed(round, size, blockHead(signedGroupBytes.length))
        mark = { cp: outer, size, undone: false }
      }
      this.state.commit(outer)
      if (mark === undefined) this.state.settle()
      else this.unflushed.push(mark)
      for (const wake of this.waiters.splice(0)) wake()
      return { txId: built.res.txIds[0], durable: mark && flushed(this, mark) }
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
  private build(stxns: algosdk.SignedTransaction[], round: bigint, sim: SimulateHooks | undefined, stored?: StoredBlock, cheat?: Cheat): Built {
    const stopWatching = watchWrites(this.state)
    try {
      if (cheat !== undefined) applyCheat(this.state, cheat)
      // a mined or cheat's block holds no transaction: nothing to apply
      const res: AppliedGroup = stxns.length === 0 ? { txIds: [], txnBytes: [], applied: [], leases: new Map(), appBudgetConsumed: [], logicSigBudgetConsumed: [], appBudgetAdded: 0 } : applyGroup(this.state, stxns, {
        round,
        genesisId: this.genesisId,
        genesisHash: this.genesisHash,
        seenTxId: (id) => this.txns.has(id),
        leaseUntil: (k) => this.leases.get(k),
        verified: stored !== undefined,
        sim,
        detailedEvalErrors: this.detailedEvalErrors,
      })
      const expired = this.online.expire(round, stopWatching.writes)
      const writes = stopWatching()
      // the fault hook fires as each stage ends, its changes made, so a test proves they are undone
      this.fault?.('apply')
      let block: algosdk.Block | undefined
      let encoded: Uint8Array
      let headerBytes: Uint8Array | undefined
      if (stored === undefined) {
        // every encoding is made once: the entries for the commitments and the block, the header for the block and the next one's branches
        const stibBytes = stxns.map((stxn, i) => inBlock(stxn, blockApplyData(res.applied[i]), this.genesisId))
        const remote = round - 1n === this.baseRound ? this.fork?.baseHeader : undefined // a fork's first block follows the remote's header there
        const [prev, prevBytes] = remote !== undefined ? [remote.header, remote.bytes] : [this.blocks.header(round - 1n), this.headerBytes(round - 1n)]
        const branch = sha512_256(BH, prevBytes)
        const fees = res.applied.reduce((n, a) => n + feesCollected(a, this.state.chain.feeSink), 0n)
        block = this.makeBlock(round, branch, prev.seed, fees, paysetCommitments(res.txnBytes, stibBytes), prevBytes, expired)
        headerBytes = algosdk.encodeMsgpack(block.header)
        encoded = spliceBlock(headerBytes, stibBytes)
      } else {
        if (stored.round !== round || stored.entries !== stxns.length) throw new LedgerError('the logged block does not hold this group')
        sameRules(this.state, round, stored.txnCounter)
        // only a kept delta holds its block's header; the other replayed headers wait in the bytes until read
        if (stored.keepDelta) block = new algosdk.Block({ header: decodeHeader(stored.bytes), payset: [] })
        encoded = stored.bytes
      }
      this.fault?.('encode')
      const totals = nextTotals(this.state, writes, this.online.totals)
      // a replayed round left without `block` is not among the last DELTA_LOOKBACK kept, so its delta is not built
      const delta =
        block === undefined
          ? undefined
          : buildDelta(this.state, writes, {
              txns: stxns.map((s, i) => ({ txId: res.txIds[i], lastValid: s.txn.lastValid, lease: s.txn.lease ?? new Uint8Array(32), sender: s.txn.sender.publicKey })),
              header: null, // set from the kept block when asked for
              prevTimestamp: this.blocks.header(round - 1n).timestamp,
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
    this.online.publish(round, b.totals, b.writes)
    if (b.delta !== undefined && b.block !== undefined) {
      const gid = stxns[0]?.txn.group
      const ids = [...(gid !== undefined && gid.some((x) => x !== 0) ? [gid] : []), ...b.res.txIds.map(base32Decode)]
      journaled(this.state, this.deltas, round, { ...b.delta, ids, block: b.block })
      journaled(this.state, this.deltas, round - DELTA_LOOKBACK, undefined)
    }
    for (const [k, lv] of b.res.leases) journaled(this.state, this.leases, k, lv)
    stxns.forEach((stxn, i) => journaled(this.state, this.txns, b.res.txIds[i], { round, stxn, applied: b.res.applied[i] }))
    const bytes = b.encoded.slice()
    this.state.journal(() => this.blocks.pop())
    this.blocks.push(bytes, b.block?.header)
    // not undone with the commit: a dropped round is gone (its block may already be off the disk)
    if (this.keepRounds !== undefined && this.blocks.keepNewest(this.keepRounds, round)) this.devSnapshots.forgetDropped()
    if (b.headerBytes !== undefined) journaledField(this.state, this.lastHeader, (v) => (this.lastHeader = v), { round, bytes: b.headerBytes })
    journaledField(this.state, this.lastBlockAt, (v) => (this.lastBlockAt = v), this.now())
    this.forget(round)
    for (const listener of this.listeners) {
      const undo = listener(round, bytes, b.res.txIds)
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

  /** The canonical encoding of a kept round's header (the last new block's is at hand). */
  private headerBytes(round: bigint): Uint8Array {
    if (this.lastHeader?.round === round) return this.lastHeader.bytes
    return algosdk.encodeMsgpack(this.blocks.header(round))
  }

  ledgerStateDelta(round: bigint): { delta: Map<string, unknown> } | { error: string } {
    return this.deltas.ledgerStateDelta(round, this.lastRound(), this.baseRound)
  }

  groupDeltasForRound(round: bigint): { ids: Uint8Array[]; delta: Map<string, unknown> }[] | undefined {
    return this.deltas.groupDeltasForRound(round)
  }

  groupDelta(id: Uint8Array): Map<string, unknown> | undefined {
    return this.deltas.groupDelta(id)
  }

  /** Drops txids and leases whose validity can no longer overlap the next round. */
  private forget(round: bigint): void {
    for (const [k, lv] of this.leases) if (lv < round) journaled(this.state, this.leases, k, undefined)
    if (round % 100n !== 0n) return
    for (const [id, c] of this.txns) if (c.stxn.txn.lastValid < round && c.round + TXN_LOOKBACK < round) journaled(this.state, this.txns, id, undefined)
  }

  simulate(request: SimulateRequest): SimulateResult {
    this.live()
    const round = this.lastRound() + 1n
    const outer = this.state.checkpoint()
    try {
      return simulateGroup(this.state, request, {
        lastRound: this.lastRound(),
        apply: (stxns, sim) => this.build(stxns, round, sim).res,
      })
    } finally {
      this.state.revert(outer)
      this.state.touched = new Set()
    }
  }

  supply(): Supply {
    const latest = this.lastRound()
    const totals = this.online.totals
    return { round: latest, totalMoney: totals.online + totals.offline, onlineMoney: totals.online, onlineStake: this.online.circulation(balanceRound(latest), latest) }
  }

  pendingTransaction(txId: string): ConfirmedTxn | undefined {
    const c = this.txns.get(txId)
    if (c === undefined || c.round + TXN_LOOKBACK < this.lastRound()) return undefined
    return { stxn: c.stxn, applied: c.applied, round: c.round }
  }

  // the views (views.ts) of the live state, as of the latest round
  account = (address: string): AccountView => accountView(this.state, address, this.lastRound())
  accountAsset = (address: string, assetId: bigint): AccountAssetView | undefined => accountAssetView(this.state, address, assetId, this.lastRound())
  accountApplication = (address: string, appId: bigint): AccountAppView | undefined => accountAppView(this.state, address, appId, this.lastRound())
  asset = (assetId: bigint): AssetView | undefined => assetView(this.state, assetId)
  application = (appId: bigint): AppView | undefined => appView(this.state, appId)
  boxNames = (appId: bigint): Uint8Array[] => this.state.boxNamesOf(Number(appId))

  box(appId: bigint, name: Uint8Array): BoxView | undefined {
    const value = this.state.getBox(Number(appId), name)
    return value === undefined ? undefined : { round: this.lastRound(), name, value }
  }

  block(round: bigint): algosdk.Block | undefined {
    const bytes = this.blocks.bytes(round)
    return bytes && algosdk.decodeMsgpack(bytes, algosdk.Block)
  }

  encodedBlock(round: bigint, headerOnly = false): Uint8Array | undefined {
    if (round < this.blocks.first || round > this.lastRound()) return undefined
    return headerOnly ? algosdk.encodeMsgpack(new algosdk.Block({ header: this.blocks.header(round), payset: [] })) : this.blocks.bytes(round)
  }

  firstRound = (): bigint => this.blocks.first
  cachedBlocks = (): number => this.blocks.inMemory

  /** Whether dev snapshots are held (their undo history and the log's tail must stay as they are). */
  devSnapshotsHeld = (): boolean => this.devSnapshots.held

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
    // durable with the next block's flush (only blocks use it): no fdatasync each time a dev tool sets it
    persist(this, { kind: 'offset', offset: seconds }, false)
    this.offset = seconds
  }

  getBlockTimeOffset = (): bigint | undefined => this.offset

  impersonate(address: string, on: boolean): void {
    if (!this.impersonation) throw new LedgerError('impersonation is off: it is allowed on a fork (--fork) or with --impersonation only', 403)
    if (!algosdk.isValidAddress(address)) throw new LedgerError(`failed to decode address ${address} from base 32`)
    const k = hex(algosdk.decodeAddress(address).publicKey)
    if (on) this.state.impersonated.add(k)
    else this.state.impersonated.delete(k)
  }

  setBalance = (address: string, amount: bigint): Promise<void> => this.cheat(balanceCheat(address, amount))
  setHolding = (address: string, asset: bigint, amount: bigint): Promise<void> => this.cheat(holdingCheat(address, asset, amount))
  setProgram = (app: bigint, approval: Uint8Array, clear?: Uint8Array): Promise<void> => this.cheat(programCheat(app, approval, clear))
  // a cheat runs in a block of its own and resolves once that block is durable
  private async cheat(c: Cheat): Promise<void> {
    this.live()
    await this.commitGroup(encodeCheat(c), undefined, true).durable
  }

  private readonly devSnapshots = new DevSnapshots(this)
  snapshot = (): Promise<{ id: number; round: bigint }> => this.devSnapshots.take()
  revert = (id: number): Promise<{ round: bigint; undone: number }> => this.devSnapshots.revert(id)
  dumpState = (): Promise<Uint8Array> => this.devSnapshots.dump()
  async mine(n: number): Promise<void> {
    this.live()
    let durable: Promise<void> | undefined
    for (let i = 0; i < n; i++) durable = this.commitGroup(new Uint8Array(), undefined, true).durable
    await durable
  }

  setClockOffset(seconds: bigint): void {
    this.live()
    // as the dev-mode offset: durable with the next block's flush
    persist(this, { kind: 'clock', offset: seconds }, false)
    this.clock = seconds
    this.offset = undefined
  }

  getClockOffset = (): bigint => this.clock

  async close(): Promise<void> {
    this.closed = true
    for (const wake of this.waiters.splice(0)) wake()
    const log = this.log
    this.log = undefined
    if (log === undefined) return
    // a flush in flight must finish before its file descriptor closes
    const flushed = await log.durable().then(() => true).catch(() => false)
    // a clean stop leaves a snapshot of the tip, so the next start replays nothing
    if (flushed) {
      // every appended block is on disk now
      this.unflushed.length = 0
      this.state.settle()
      if (this.lastRound() > this.snapshotRound) saveSnapshot(this)
      // the log may still hold rounds dropped since its last rewrite
      compactLog(this, log, true)
    }
    log.close()
  }
}

/** Opens the dev-mode chain: in memory at genesis, or restored from the chain log in `dataDir`. */
export function openNode(options: NodeOptions = {}): Node {
  return new Chain(options)
}
