// A group fuzzer over every contract (the DEX, Staking, Locks, the Vault, the Registry, Orders, the Stable
// app): several users send random groups that mix the methods of all seven (flash loans of the DEX and of
// the Stable app wrapping any of them), each built raw (the transfers, then the app call)
// so that a group can also offer one transfer to two calls (a call whose own transfers are dropped takes
// whatever precedes it), or put a call before its transfers. After each confirmed group it checks every
// app's solvency (what it holds of each asset ≥ what it owes) and that no user took more out of an app
// than they put in plus what the app could have paid them (rewards emitted, GROVE that entered the vault
// from outside; for the Stable app, all users together hold no more value, LP units counted at what a
// remove pays, than they put in). Seeded: the same seed sends the same groups. Shared by group-fuzz.test.ts.
import algosdk, { type Address, type Transaction, type TransactionSigner } from 'algosdk'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import { dexSpec, locksSpec, ordersSpec, registrySpec, stableSpec, stakingSpec, vaultSpec } from '../src/index.ts'
import { poolBoxName, sorted, type Grove, type User } from './grove.ts'
import { ASSET_MBR, assetIndexName, FEE_BOX_MBR, feeBoxName as lockFeeBoxName, LOCK_BOXES_MBR, lockBoxName, lockIdOf, ownerIndexName } from './locks.ts'
import { POSITION_MBR, PROGRAM_MBR, positionBoxName, programBoxName } from './staking.ts'
import { OBSERVATION_MBR, observationBoxName, pathBoxName } from './vault.ts'
import { ASSET_MBR as ORDER_ASSET_MBR, feeBoxName, ORDER_MBR, orderBoxName, orderIdOf } from './orders.ts'
import { decodeStablePool, stableBoxName, type StablePool } from './stable.ts'

/** A seeded generator (mulberry32): the same seed, the same groups. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number): number => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number): boolean => next() < p,
    /** A bigint in [1, max], skewed towards small values (a tenth to the whole of max, then divided). */
    amount: (max: bigint): bigint => {
      if (max <= 0n) return 1n
      const scaled = BigInt(Math.floor(next() * 1_000_000)) * max / 1_000_000n / BigInt(1 + Math.floor(next() * 20))
      return scaled > 0n ? scaled : 1n
    },
  }
}
export type Rng = ReturnType<typeof rng>

/** One transaction of a group and who signs it. */
interface Step {
  txn: Transaction
  signer: TransactionSigner
  /** The call's own transfers are marked so a mutation can drop them or move them. */
  role: 'transfer' | 'call'
}

/** One method call with the transfers it takes as arguments, in group order. */
interface Op {
  name: string
  steps: Step[]
  /** A Stable app call's pool (its box key), so a group calling the pool a stable flash loan has lent from is known. */
  stablePool?: string
}

/** A stable pool the fuzzer trades in: (a, b, fee tier) and its LP asset. */
export interface StableRef {
  a: bigint
  b: bigint
  tier: bigint
  lp: bigint
}

/** Op-up inner calls a stable add pays for (its Newton iterations need some; unused fee credit is the sender's loss only). */
const STABLE_ADD_OP_UPS = 10

interface Program {
  id: bigint
  stake: bigint
  rewards: bigint[]
  creator: User
}

/** A limit order the fuzzer placed (it may since have been filled out or cancelled). */
interface OrderRef {
  id: bigint
  owner: User
  assetIn: bigint
  assetOut: bigint
  amount: bigint
  minOut: bigint
}

interface LockRef {
  id: bigint
  asset: bigint
  owner: User
  /** Who made it and paid its boxes: close refunds them. */
  creator: User
  pending?: User
  /** A liquidity lock's pool (a, b, tier): its fee box names it. */
  pool?: [bigint, bigint, bigint]
  /** Who the fuzzer last named to collect a liquidity lock's fees (undefined: the owner). */
  collector?: User
}

/** Net flows of one app: what each user sent it and what it sent each user, by asset. */
type Flows = Map<string, Map<bigint, { in: bigint; out: bigint }>>

const u64 = (v: bigint): Uint8Array => algosdk.encodeUint64(v)

/** Counts of what the fuzzer sent. */
export interface FuzzReport {
  groups: number
  confirmed: number
  /** Groups that offered one transfer to two calls, and how many of those were confirmed (must be 0). */
  shared: number
  sharedConfirmed: number
  /** Confirmed groups per method name. */
  methods: Record<string, number>
  /** Stable app calls sent in a group, and confirmed (the rest were refused with their group). */
  stableSent: number
  stableConfirmed: number
  /** Groups that called the pool a stable flash loan had lent from between its start and verify, and how many were confirmed (must be 0). */
  stableLocked: number
  stableLockedConfirmed: number
  /** What the users together were last ahead of what they put in the Stable app (19 decimals; never above 0). */
  stableUsersNet: bigint
}

/** The fuzzer over one Grove: its users, tokens, pools and what it has made (programs, locks). */
export class GroupFuzzer {
  readonly algod: algosdk.Algodv2
  private sp!: algosdk.SuggestedParams
  private seq = 0
  private readonly methods = new Map<string, algosdk.ABIMethod>()
  readonly apps: { dex: bigint; staking: bigint; locks: bigint; vault: bigint; registry: bigint; orders: bigint; stable: bigint }
  readonly addresses: Record<'dex' | 'staking' | 'locks' | 'vault' | 'registry' | 'orders' | 'stable', Address>
  tokens: bigint[] = []
  /** Pools as (a, b, fee tier): a pair may have one in several tiers. */
  pools: [bigint, bigint, bigint][] = []
  /** LP asset by pool, "a/b/tier". */
  lpOf = new Map<string, bigint>()
  programs: Program[] = []
  locks: LockRef[] = []
  orders: OrderRef[] = []
  private pendingOrder?: OrderRef
  /** Orders' own stream: adding Orders left every other contract's seeded sequence of groups as it was. */
  private ro: Rng = rng(0x0d3e5)
  private nonce = 0n
  /** The Stable app's pools and the decimals multiplier (10^(19 − decimals)) of each of their assets. */
  stablePools: StableRef[] = []
  multiplier = new Map<bigint, bigint>()
  /** The Stable app's own stream, as Orders': adding it left every other contract's seeded sequence of groups as it was. */
  private rs: Rng = rng(0x57ab1e)
  /** The stable pools as the last solvency check read them (the users' check values LP units with them). */
  private stableState: { ref: StableRef; pool: StablePool }[] = []
  /** Per app name: user address → asset → flows. */
  readonly flows: Record<'dex' | 'staking' | 'locks' | 'vault' | 'orders' | 'stable', Flows> = { dex: new Map(), staking: new Map(), locks: new Map(), vault: new Map(), orders: new Map(), stable: new Map() }
  /** GROVE that entered the vault other than from users (buybacks, fees collected to the treasury). */
  groveFromOutside = 0n
  readonly report: FuzzReport = { groups: 0, confirmed: 0, shared: 0, sharedConfirmed: 0, methods: {}, stableSent: 0, stableConfirmed: 0, stableLocked: 0, stableLockedConfirmed: 0, stableUsersNet: 0n }

  constructor(
    readonly g: Grove,
    readonly users: User[],
    readonly r: Rng,
  ) {
    this.algod = g.algorand.client.algod
    const ids = g.ids
    this.apps = { dex: ids.dexAppId, staking: ids.stakingAppId, locks: ids.lockAppId, vault: ids.vaultAppId, registry: ids.registryAppId, orders: ids.ordersAppId, stable: ids.stablePoolsAppId }
    this.addresses = {
      dex: algosdk.getApplicationAddress(ids.dexAppId),
      staking: algosdk.getApplicationAddress(ids.stakingAppId),
      locks: algosdk.getApplicationAddress(ids.lockAppId),
      vault: algosdk.getApplicationAddress(ids.vaultAppId),
      registry: algosdk.getApplicationAddress(ids.registryAppId),
      orders: algosdk.getApplicationAddress(ids.ordersAppId),
      stable: algosdk.getApplicationAddress(ids.stablePoolsAppId),
    }
  }

  get grove(): bigint {
    return this.g.ids.groveAssetId
  }

  get sGrove(): bigint {
    return this.g.ids.sGroveAssetId
  }

  async refreshParams(): Promise<void> {
    this.sp = await this.algod.getTransactionParams().do()
  }

  private note(): Uint8Array {
    return new TextEncoder().encode(`grove fuzz ${++this.seq}`)
  }

  private method(spec: Arc56Contract, name: string): algosdk.ABIMethod {
    const key = `${spec.name}.${name}`
    let m = this.methods.get(key)
    if (!m) {
      const found = spec.methods.find((x) => x.name === name)
      if (!found) throw new Error(`${spec.name} has no method ${name}`)
      m = new algosdk.ABIMethod({ name: found.name, args: found.args.map((a) => ({ type: a.type, name: a.name })), returns: { type: found.returns.type } })
      this.methods.set(key, m)
    }
    return m
  }

  private params(fee: bigint): algosdk.SuggestedParams {
    return { ...this.sp, flatFee: true, fee }
  }

  /** A transfer of `amount` of `asset` from `from` to `to`. */
  transfer(from: User, to: Address, asset: bigint, amount: bigint): Step {
    const common = { sender: from.addr, receiver: to, suggestedParams: this.params(1000n), note: this.note() }
    const txn =
      asset === 0n
        ? algosdk.makePaymentTxnWithSuggestedParamsFromObject({ ...common, amount })
        : algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ ...common, assetIndex: asset, amount })
    return { txn, signer: from.signer, role: 'transfer' }
  }

  /** An app call of `name` with its value arguments ABI-encoded (its txn arguments are whatever precedes it). */
  call(
    app: keyof GroupFuzzer['apps'],
    name: string,
    sender: User,
    args: unknown[],
    refs: { boxes?: (Uint8Array | { app: bigint; name: Uint8Array })[]; assets?: bigint[]; apps?: bigint[]; accounts?: Address[] },
    inners: number,
  ): Step {
    const spec = { dex: dexSpec, staking: stakingSpec, locks: locksSpec, vault: vaultSpec, registry: registrySpec, orders: ordersSpec, stable: stableSpec }[app]
    const m = this.method(spec, name)
    const values = m.args.filter((a) => !algosdk.abiTypeIsTransaction(a.type))
    const appId = this.apps[app]
    const txn = algosdk.makeApplicationNoOpTxnFromObject({
      sender: sender.addr,
      appIndex: appId,
      appArgs: [m.getSelector(), ...values.map((a, i) => (a.type as algosdk.ABIType).encode(args[i] as algosdk.ABIValue))],
      boxes: (refs.boxes ?? []).map((b) => (b instanceof Uint8Array ? { appIndex: 0, name: b } : { appIndex: b.app === appId ? 0 : b.app, name: b.name })),
      foreignAssets: [...new Set((refs.assets ?? []).filter((a) => a !== 0n))],
      foreignApps: refs.apps ?? [],
      accounts: refs.accounts ?? [],
      suggestedParams: this.params(1000n * BigInt(1 + inners)),
      note: this.note(),
    })
    return { txn, signer: sender.signer, role: 'call' }
  }

  /** A bare NoOp call to the DEX: 700 more opcode budget for the group, and room for 8 more box references. */
  padding(sender: User, boxes: { app: bigint; name: Uint8Array }[]): Step {
    const txn = algosdk.makeApplicationNoOpTxnFromObject({
      sender: sender.addr,
      appIndex: this.apps.dex,
      boxes: boxes.map((b) => ({ appIndex: b.app, name: b.name })),
      foreignApps: [...new Set(boxes.map((b) => b.app).filter((a) => a !== this.apps.dex))],
      suggestedParams: this.params(1000n),
      note: this.note(),
    })
    return { txn, signer: sender.signer, role: 'call' }
  }

  // ---- ops: each picks plausible arguments (most succeed), sometimes wrong ones ----

  private user(): User {
    return this.r.pick(this.users)
  }

  private async held(user: User, asset: bigint): Promise<bigint> {
    return this.g.balance(user, asset).catch(() => 0n)
  }

  /** A fee tier pair (x, y) has a pool in, at random; now and then one it has none in (refused: ERR:NO_POOL). */
  private tierOf(x: bigint, y: bigint): bigint {
    const [a, b] = sorted(x, y)
    const tiers = this.pools.filter((p) => p[0] === a && p[1] === b).map((p) => p[2])
    return tiers.length === 0 || this.r.chance(0.03) ? this.r.pick([1n, 5n, 30n, 100n]) : this.r.pick(tiers)
  }

  private async swap(): Promise<Op> {
    const u = this.user()
    const [a, b, tier] = this.r.pick(this.pools)
    const [from, to] = this.r.chance(0.5) ? [a, b] : [b, a]
    const amount = this.r.amount((await this.held(u, from)) / 4n)
    const boxes = [poolBoxName(a, b, tier)]
    if (this.r.chance(0.5)) {
      return { name: 'dex.swapExactIn', steps: [this.transfer(u, this.addresses.dex, from, amount), this.call('dex', 'swapExactIn', u, [to, tier, 0n], { boxes, assets: [a, b], apps: [this.apps.registry] }, 1)] }
    }
    // exact out: ask for a small part of the reserve, offer up to the amount
    const out = this.r.amount(amount / 2n)
    return { name: 'dex.swapExactOut', steps: [this.transfer(u, this.addresses.dex, from, amount), this.call('dex', 'swapExactOut', u, [to, tier, out], { boxes, assets: [a, b], apps: [this.apps.registry] }, 2)] }
  }

  private async route(): Promise<Op> {
    const u = this.user()
    // ALGO → T1 → T2 or back, and through GROVE
    const paths: bigint[][] = [[0n, this.tokens[0]!, this.tokens[1]!], [this.tokens[1]!, this.tokens[0]!, 0n], [0n, this.tokens[0]!, this.grove], [this.grove, this.tokens[0]!, 0n]]
    const path = this.r.pick(paths)
    const amount = this.r.amount((await this.held(u, path[0]!)) / 4n)
    // each hop in one of its pair's tiers: a route may mix tiers
    const fees = path.slice(1).map((x, i) => this.tierOf(path[i]!, x))
    const boxes = path.slice(1).map((x, i) => poolBoxName(path[i]!, x, fees[i]))
    return {
      name: 'dex.swapRoute',
      steps: [this.transfer(u, this.addresses.dex, path[0]!, amount), this.call('dex', 'swapRoute', u, [path.slice(1), fees, 0n], { boxes, assets: path, apps: [this.apps.registry] }, 1)],
    }
  }

  private async addLiquidity(): Promise<Op> {
    const u = this.user()
    const [a, b, tier] = this.r.pick(this.pools)
    const pool = await this.g.pool(a, b, tier)
    const amountA = this.r.amount((await this.held(u, a)) / 8n)
    // at the pool's ratio, give or take: the app refunds the excess
    const amountB = pool.reserveA > 0n ? (amountA * pool.reserveB) / pool.reserveA + (this.r.chance(0.5) ? 1n : 0n) : amountA
    const refs = { boxes: [poolBoxName(a, b, tier)], assets: [a, b, this.lpOf.get(`${a}/${b}/${tier}`)!] }
    if (this.r.chance(0.3)) {
      const [asset, amount] = this.r.chance(0.5) ? [a, amountA] : [b, amountB]
      return {
        name: 'dex.addLiquiditySingle',
        steps: [this.transfer(u, this.addresses.dex, asset, amount), this.call('dex', 'addLiquiditySingle', u, [a, b, tier, amount / 2n, 0n], { ...refs, apps: [this.apps.registry] }, 3)],
      }
    }
    return {
      name: 'dex.addLiquidity',
      steps: [this.transfer(u, this.addresses.dex, a, amountA), this.transfer(u, this.addresses.dex, b, amountB > 0n ? amountB : 1n), this.call('dex', 'addLiquidity', u, [a, b, tier, 0n], refs, 3)],
    }
  }

  private async removeLiquidity(): Promise<Op> {
    const u = this.user()
    const [a, b, tier] = this.r.pick(this.pools)
    const lp = this.lpOf.get(`${a}/${b}/${tier}`)!
    const amount = this.r.amount(await this.held(u, lp))
    return {
      name: 'dex.removeLiquidity',
      steps: [this.transfer(u, this.addresses.dex, lp, amount), this.call('dex', 'removeLiquidity', u, [a, b, tier, 0n, 0n], { boxes: [poolBoxName(a, b, tier)], assets: [a, b, lp] }, 2)],
    }
  }

  private collectFees(): Op {
    const [a, b, tier] = this.r.pick(this.pools)
    return {
      name: 'dex.collectFees',
      steps: [this.call('dex', 'collectFees', this.user(), [a, b, tier], { boxes: [poolBoxName(a, b, tier)], assets: [a, b], apps: [this.apps.registry], accounts: [this.addresses.vault] }, 2)],
    }
  }

  private programRefs(p: Program, staker?: User) {
    return { boxes: [programBoxName(p.id), ...(staker ? [positionBoxName(p.id, staker.addr)] : [])], assets: [p.stake, ...p.rewards], apps: [this.apps.registry] }
  }

  private async stake(): Promise<Op | null> {
    if (this.programs.length === 0) return null
    const u = this.user()
    const p = this.r.pick(this.programs)
    const amount = this.r.amount((await this.held(u, p.stake)) / 4n)
    const refs = this.programRefs(p, u)
    const has = await this.g.algorand.app.getBoxValue(this.apps.staking, positionBoxName(p.id, u.addr)).then(
      () => true,
      () => false,
    )
    if (has === this.r.chance(0.9)) {
      return { name: 'staking.stake', steps: [this.transfer(u, this.addresses.staking, p.stake, amount), this.call('staking', 'stake', u, [p.id], refs, 0)] }
    }
    return {
      name: 'staking.stakeNew',
      steps: [this.transfer(u, this.addresses.staking, 0n, POSITION_MBR), this.transfer(u, this.addresses.staking, p.stake, amount), this.call('staking', 'stakeNew', u, [p.id], refs, 0)],
    }
  }

  private async positionOp(): Promise<Op | null> {
    if (this.programs.length === 0) return null
    const u = this.user()
    const p = this.r.pick(this.programs)
    const refs = this.programRefs(p, u)
    const kind = this.r.pick(['unstake', 'claim', 'compound', 'emergencyWithdraw'] as const)
    if (kind === 'unstake') {
      const raw = await this.g.algorand.app.getBoxValue(this.apps.staking, positionBoxName(p.id, u.addr)).catch(() => undefined)
      const stake = raw ? new DataView(raw.buffer, raw.byteOffset).getBigUint64(0) : 1n
      return { name: 'staking.unstake', steps: [this.call('staking', 'unstake', u, [p.id, this.r.amount(stake)], refs, 2)] }
    }
    return { name: `staking.${kind}`, steps: [this.call('staking', kind, u, [p.id], refs, 3)] }
  }

  private async creatorOp(): Promise<Op | null> {
    if (this.programs.length === 0) return null
    const p = this.r.pick(this.programs)
    // the creator mostly, a stranger sometimes
    const u = this.r.chance(0.8) ? p.creator : this.user()
    const raw = await this.g.algorand.app.getBoxValue(this.apps.staking, programBoxName(p.id)).catch(() => undefined)
    if (!raw) return null
    const v = new DataView(raw.buffer, raw.byteOffset)
    const [rate1, rate2, end, last] = [v.getBigUint64(32), v.getBigUint64(40), v.getBigUint64(56), v.getBigUint64(120)]
    const refs = this.programRefs(p)
    const kind = this.r.pick(['topUp', 'extend', 'reclaim'] as const)
    if (kind === 'reclaim') return { name: 'staking.reclaim', steps: [this.call('staking', 'reclaim', u, [p.id], refs, 2)] }
    if (kind === 'topUp') {
      const newRate = rate1 + 1n + BigInt(this.r.int(3))
      const remaining = end > last ? end - last : 0n
      // the exact deposit, or one unit off
      const deposit = (newRate - rate1) * remaining + (this.r.chance(0.8) ? 0n : 1n)
      return { name: 'staking.topUp', steps: [this.transfer(u, this.addresses.staking, p.rewards[0]!, deposit > 0n ? deposit : 1n), this.call('staking', 'topUp', u, [p.id, 1n, newRate], refs, 0)] }
    }
    const added = BigInt(60 + this.r.int(600))
    const deposits = [rate1 * added, rate2 * added].slice(0, p.rewards.length)
    const transfers = deposits.map((d, k) => this.transfer(u, this.addresses.staking, p.rewards[k]!, d > 0n ? d : 1n))
    return { name: `staking.${p.rewards.length === 2 ? 'extend2' : 'extend'}`, steps: [...transfers, this.call('staking', p.rewards.length === 2 ? 'extend2' : 'extend', u, [p.id, end + added], refs, 0)] }
  }

  private async createProgram(): Promise<Op> {
    const u = this.user()
    const now = await this.now()
    const stake = this.r.pick([0n, ...this.tokens, this.grove, ...this.lpOf.values()])
    const rewards = this.r.chance(0.5) ? [this.r.pick([0n, ...this.tokens])] : [this.tokens[0]!, this.tokens[1]!]
    const start = now + BigInt(this.r.int(30))
    const end = start + BigInt(300 + this.r.int(3000))
    const rates = rewards.map(() => BigInt(1 + this.r.int(50)))
    const id = (await this.nextProgramId()) + 0n
    const assets = [stake, ...rewards]
    const missing = (await Promise.all(assets.map((a) => this.appHolds(this.addresses.staking, a)))).filter((h) => !h).length
    const steps: Step[] = []
    if (missing > 0) {
      steps.push(this.transfer(u, this.addresses.staking, 0n, ASSET_MBR * BigInt(missing)))
      steps.push(this.call('staking', 'optInAssets', u, [assets.filter((a) => a !== 0n)], { assets, boxes: [programBoxName(id)], apps: [this.apps.registry] }, missing))
    }
    steps.push(this.transfer(u, this.addresses.staking, 0n, PROGRAM_MBR))
    rewards.forEach((asset, k) => steps.push(this.transfer(u, this.addresses.staking, asset, rates[k]! * (end - start))))
    const two = rewards.length === 2
    const args = two ? [stake, rewards[0], rewards[1], rates[0], rates[1], start, end, 0n] : [stake, rewards[0], rates[0], start, end, 0n]
    steps.push(this.call('staking', two ? 'createProgram2' : 'createProgram', u, args, { boxes: [programBoxName(id)], assets, apps: [this.apps.registry] }, 0))
    return { name: `staking.${two ? 'createProgram2' : 'createProgram'}`, steps }
  }

  private async lock(): Promise<Op> {
    const u = this.user()
    const asset = this.r.pick([0n, ...this.tokens, this.grove])
    const amount = this.r.amount((await this.held(u, asset)) / 10n)
    const now = await this.now()
    const cliff = now + BigInt(this.r.int(100))
    const end = cliff + BigInt(this.r.int(1000))
    this.nonce += 1n
    const id = lockIdOf(u.addr, this.nonce)
    const steps: Step[] = []
    if (!(await this.appHolds(this.addresses.locks, asset))) {
      steps.push(this.transfer(u, this.addresses.locks, 0n, ASSET_MBR), this.call('locks', 'optInAsset', u, [asset], { assets: [asset] }, 1))
    }
    steps.push(
      this.transfer(u, this.addresses.locks, 0n, LOCK_BOXES_MBR),
      this.transfer(u, this.addresses.locks, asset, amount),
      this.call('locks', 'lock', u, [cliff, end, this.nonce], { boxes: [lockBoxName(id), assetIndexName(asset, id), ownerIndexName(u.addr, id)], assets: [asset] }, 0),
    )
    this.pendingLock = { id, asset, owner: u, creator: u }
    return { name: 'locks.lock', steps }
  }

  private pendingLock?: LockRef

  /** A liquidity lock of a pool's LP units (its fee box records the pool's level; one getPool inner call). */
  private async lockLiquidity(): Promise<Op | null> {
    const [a, b, tier] = this.r.pick(this.pools)
    const lp = this.lpOf.get(`${a}/${b}/${tier}`)
    if (lp === undefined) return null
    const u = this.user()
    const amount = this.r.amount((await this.held(u, lp)) / 10n)
    const now = await this.now()
    const cliff = now + BigInt(this.r.int(100))
    const end = cliff + BigInt(this.r.int(1000))
    this.nonce += 1n
    const id = lockIdOf(u.addr, this.nonce)
    const steps: Step[] = []
    if (!(await this.appHolds(this.addresses.locks, lp))) steps.push(this.transfer(u, this.addresses.locks, 0n, ASSET_MBR), this.call('locks', 'optInAsset', u, [lp], { assets: [lp] }, 1))
    const boxes = [lockBoxName(id), assetIndexName(lp, id), ownerIndexName(u.addr, id), lockFeeBoxName(id), { app: this.apps.dex, name: poolBoxName(a, b, tier) }]
    steps.push(
      this.transfer(u, this.addresses.locks, 0n, LOCK_BOXES_MBR + FEE_BOX_MBR),
      this.transfer(u, this.addresses.locks, lp, amount),
      this.call('locks', 'lockLiquidity', u, [cliff, end, this.nonce, a, b, tier], { boxes, assets: [lp], apps: [this.apps.dex] }, 1),
    )
    this.pendingLock = { id, asset: lp, owner: u, creator: u, pool: [a, b, tier] }
    return { name: 'locks.lockLiquidity', steps }
  }

  private async lockOp(): Promise<Op | null> {
    if (this.locks.length === 0) return null
    // withdrawals and closes twice as often: a lock is closed only once all of it has been withdrawn
    const kind = this.r.pick(['withdraw', 'withdraw', 'extend', 'topUp', 'proposeOwner', 'acceptOwner', 'cancelOwner', 'close', 'close', 'claimFees', 'setCollector', 'split', 'merge'] as const)
    // fee claims and collectors mostly on liquidity locks (on another lock: ERR:NOT_LIQUIDITY)
    const liquid = this.locks.filter((o) => o.pool)
    const l = (kind === 'claimFees' || kind === 'setCollector') && liquid.length > 0 && this.r.chance(0.85) ? this.r.pick(liquid) : this.r.pick(this.locks)
    const u = this.r.chance(0.8) ? l.owner : this.user()
    const box = lockBoxName(l.id)
    // a liquidity lock's fee box, and the pool its level is read from
    const fees = l.pool ? [lockFeeBoxName(l.id)] : []
    const pool = l.pool ? { boxes: [{ app: this.apps.dex, name: poolBoxName(...l.pool) }], apps: [this.apps.dex] } : { boxes: [], apps: [] }
    switch (kind) {
      case 'claimFees': {
        // to the owner or whoever the fuzzer last named; a stranger now and then (refused: ERR:NOT_COLLECTOR)
        const to = l.collector ?? l.owner
        const who = this.r.chance(0.8) ? to : u
        return { name: 'locks.claimFees', steps: [this.call('locks', 'claimFees', who, [l.id], { boxes: [box, ...fees, ...pool.boxes], apps: pool.apps, assets: [l.asset], accounts: [to.addr] }, 2)] }
      }
      case 'setCollector': {
        const collector = this.user()
        if (u === l.owner) l.collector = collector
        return { name: 'locks.setCollector', steps: [this.call('locks', 'setCollector', u, [l.id, collector.addr.toString()], { boxes: [box, ...fees] }, 0)] }
      }
      case 'split': {
        this.nonce += 1n
        const id = lockIdOf(u.addr, this.nonce)
        const amount = this.r.amount(1_000_000n)
        this.pendingLock = { id, asset: l.asset, owner: l.owner, creator: u, pool: l.pool, collector: l.collector }
        const boxes = [box, lockBoxName(id), assetIndexName(l.asset, id), ownerIndexName(l.owner.addr, id), ...fees, ...(l.pool ? [lockFeeBoxName(id)] : [])]
        return { name: 'locks.split', steps: [this.transfer(u, this.addresses.locks, 0n, LOCK_BOXES_MBR + (l.pool ? FEE_BOX_MBR : 0n)), this.call('locks', 'split', u, [l.id, amount, this.nonce], { boxes }, 0)] }
      }
      case 'merge': {
        // another lock of the same asset most times; any lock now and then (refused: ERR:ASSET_MISMATCH, ERR:NOT_OWNER)
        const same = this.locks.filter((o) => o !== l && o.asset === l.asset)
        const from = same.length > 0 && this.r.chance(0.8) ? this.r.pick(same) : this.r.pick(this.locks)
        const boxes = [box, lockBoxName(from.id), assetIndexName(from.asset, from.id), ownerIndexName(from.owner.addr, from.id), ...fees, ...(from.pool ? [lockFeeBoxName(from.id)] : [])]
        return { name: 'locks.merge', steps: [this.call('locks', 'merge', u, [l.id, from.id], { boxes, accounts: [from.creator.addr] }, 1)] }
      }
      case 'withdraw':
        return { name: 'locks.withdraw', steps: [this.call('locks', 'withdraw', u, [l.id], { boxes: [box], assets: [l.asset], accounts: [l.owner.addr] }, 1)] }
      case 'extend':
        return { name: 'locks.extend', steps: [this.call('locks', 'extend', u, [l.id, (await this.now()) + BigInt(100 + this.r.int(2000))], { boxes: [box] }, 0)] }
      case 'topUp':
        return {
          name: 'locks.topUp',
          steps: [
            this.transfer(u, this.addresses.locks, l.asset, this.r.amount((await this.held(u, l.asset)) / 10n)),
            this.call('locks', 'topUp', u, [l.id], { boxes: [box, ...fees, ...pool.boxes], apps: pool.apps }, l.pool ? 1 : 0),
          ],
        }
      case 'proposeOwner': {
        const next = this.user()
        l.pending = next
        return { name: 'locks.proposeOwner', steps: [this.call('locks', 'proposeOwner', u, [l.id, next.addr.toString()], { boxes: [box] }, 0)] }
      }
      case 'acceptOwner': {
        const who = l.pending && this.r.chance(0.8) ? l.pending : this.user()
        return { name: 'locks.acceptOwner', steps: [this.call('locks', 'acceptOwner', who, [l.id], { boxes: [box, ownerIndexName(l.owner.addr, l.id), ownerIndexName(who.addr, l.id), ...fees] }, 0)] }
      }
      case 'cancelOwner':
        return { name: 'locks.cancelOwner', steps: [this.call('locks', 'cancelOwner', u, [l.id], { boxes: [box] }, 0)] }
      case 'close': {
        // the owner, the creator or a stranger; now and then the refund is pointed at the caller instead of the creator
        const who = this.r.chance(0.3) ? l.creator : u
        const refundTo = this.r.chance(0.9) ? l.creator : who
        const boxes = [box, assetIndexName(l.asset, l.id), ownerIndexName(l.owner.addr, l.id), ...fees]
        return { name: 'locks.close', steps: [this.call('locks', 'close', who, [l.id], { boxes, accounts: [refundTo.addr] }, 1)] }
      }
    }
  }

  private async vaultOp(): Promise<Op | null> {
    const u = this.user()
    const kind = this.r.pick(['stake', 'stake', 'unstake', 'unstake', 'observe', 'buyback'] as const)
    const vaultRefs = { assets: [this.grove, this.sGrove] }
    if (kind === 'stake') {
      return { name: 'vault.stake', steps: [this.transfer(u, this.addresses.vault, this.grove, this.r.amount((await this.held(u, this.grove)) / 4n)), this.call('vault', 'stake', u, [0n], vaultRefs, 1)] }
    }
    if (kind === 'unstake') {
      const held = await this.held(u, this.sGrove)
      if (held === 0n) return null
      return { name: 'vault.unstake', steps: [this.transfer(u, this.addresses.vault, this.sGrove, this.r.amount(held)), this.call('vault', 'unstake', u, [0n], vaultRefs, 1)] }
    }
    const [a, b] = sorted(0n, this.grove)
    const obs = { app: this.apps.vault, name: observationBoxName(a, b) }
    const pool = { app: this.apps.dex, name: poolBoxName(a, b) }
    if (kind === 'observe') {
      const fresh = !(await this.boxExists(this.apps.vault, obs.name))
      return { name: 'vault.observe', steps: [this.transfer(u, this.addresses.vault, 0n, fresh ? OBSERVATION_MBR : 0n), this.call('vault', 'observe', u, [[[a, b]]], { boxes: [obs, pool], apps: [this.apps.dex] }, 1)] }
    }
    // a buyback of the vault's ALGO along the admin's path, padded for budget
    const path = { app: this.apps.vault, name: pathBoxName(0n) }
    return {
      name: 'vault.buyback',
      steps: [this.padding(u, [obs, pool, path]), this.padding(u, []), this.call('vault', 'buyback', u, [0n], { assets: [this.grove], apps: [this.apps.dex, this.apps.registry], boxes: [path, obs, pool] }, 4)],
    }
  }

  private async projectOp(): Promise<Op | null> {
    // the admin verifies a token, or pauses and unpauses new staking: the registry's own calls
    const admin = this.g.admin
    if (this.r.chance(0.5)) return { name: 'registry.setVerified', steps: [this.call('registry', 'setVerified', admin, [this.r.pick(this.tokens), this.r.chance(0.5)], { boxes: [Uint8Array.from([0x76, ...u64(this.tokens[0]!)]), Uint8Array.from([0x76, ...u64(this.tokens[1]!)])] }, 0)] }
    return { name: 'registry.setPaused', steps: [this.call('registry', 'setPaused', admin, [this.r.chance(0.7) ? 0n : BigInt(this.r.int(8))], {}, 0)] }
  }

  /**
   * A flash loan or flash swap on a random pool around `inner` transactions: the start (lending up to a
   * tenth of one reserve), then, after them, the repayment of that side (the loan plus twice its fee, which
   * also keeps a swap's invariant; sometimes one unit short) and the verify. Sometimes the verify names
   * another offset (a mismatched pair, refused).
   */
  private async flash(inner: number): Promise<[Op, Op]> {
    const u = this.user()
    const [a, b, tier] = this.r.pick(this.pools)
    const loan = this.r.chance(0.5)
    const side = this.r.chance(0.5) ? a : b
    const box = await this.g.algorand.app.getBoxValue(this.apps.dex, poolBoxName(a, b, tier)).catch(() => undefined)
    const view = box ? new DataView(box.buffer, box.byteOffset) : undefined
    const reserve = view ? view.getBigUint64(side === a ? 0 : 8) : 0n
    const feeBps = view ? view.getBigUint64(32) : 30n
    const amount = this.r.amount(reserve / 10n > 0n ? reserve / 10n : 1n)
    const fee = (amount * feeBps + 9_999n) / 10_000n
    const repaid = this.r.chance(0.9) ? amount + 2n * fee + 1n : amount + fee - 1n
    const distance = BigInt(inner + 2)
    const refs = { boxes: [poolBoxName(a, b, tier)], assets: [a, b] }
    const start = this.call('dex', loan ? 'flashLoan' : 'flashSwap', u, [distance, a, b, tier, side === a ? amount : 0n, side === b ? amount : 0n], { ...refs, apps: [this.apps.registry] }, 1)
    const offset = this.r.chance(0.1) ? distance + 1n : distance
    const verify = loan ? this.call('dex', 'verifyFlashLoan', u, [offset, a, b, tier], refs, 0) : this.call('dex', 'verifyFlashSwap', u, [offset, a, b, tier, 1n], refs, 0)
    const name = loan ? 'dex.flashLoan' : 'dex.flashSwap'
    return [
      { name, steps: [start] },
      { name: `${name}.verify`, steps: [this.transfer(u, this.addresses.dex, side, repaid), verify] },
    ]
  }

  /** Opts the Orders app in to every token the fuzzer trades (its ALGO fee box came with the deploy). */
  async prepareOrders(payer: User): Promise<void> {
    for (const asset of [...this.tokens, this.grove]) {
      const steps = [this.transfer(payer, this.addresses.orders, 0n, ORDER_ASSET_MBR), this.call('orders', 'optInAsset', payer, [asset], { boxes: [feeBoxName(asset)], assets: [asset] }, 1)]
      const txns = steps.map((x) => x.txn)
      algosdk.assignGroupID(txns)
      const blobs: Uint8Array[] = []
      for (let i = 0; i < steps.length; i++) blobs.push(...(await steps[i]!.signer(txns, [i])))
      await this.algod.sendRawTransaction(blobs).do()
      await algosdk.waitForConfirmation(this.algod, txns[0]!.txID(), 4)
    }
  }

  private orderRefs(o: OrderRef, settle: boolean) {
    return {
      boxes: settle ? [orderBoxName(o.id), feeBoxName(o.assetOut)] : [orderBoxName(o.id)],
      assets: [o.assetIn, o.assetOut],
      apps: [this.apps.dex, this.apps.registry],
      accounts: settle ? [o.owner.addr] : [],
    }
  }

  /** Orders: place a limit order, fill part of one (mostly paying its price and fee, sometimes one unit short, sometimes another payer), cancel or collect. */
  private async orderOp(): Promise<Op | null> {
    const kind = this.orders.length === 0 ? 'place' : this.ro.pick(['place', 'fill', 'fill', 'fill', 'cancel', 'collect'] as const)
    if (kind === 'place') {
      const u = this.ro.pick(this.users)
      const assets = [0n, ...this.tokens, this.grove]
      const assetIn = this.ro.pick(assets)
      const assetOut = this.ro.pick(assets.filter((a) => a !== assetIn))
      const amount = this.ro.amount((await this.held(u, assetIn)) / 8n)
      const minOut = this.ro.amount(amount)
      this.nonce += 1n
      const ref: OrderRef = { id: orderIdOf(u.addr, this.nonce), owner: u, assetIn, assetOut, amount, minOut }
      this.pendingOrder = ref
      return {
        name: 'orders.placeLimit',
        steps: [
          this.transfer(u, this.addresses.orders, 0n, ORDER_MBR),
          this.transfer(u, this.addresses.orders, assetIn, amount),
          this.call('orders', 'placeLimit', u, [assetOut, minOut, 0n, this.nonce], { ...this.orderRefs(ref, true), accounts: [] }, 0),
        ],
      }
    }
    const o = this.ro.pick(this.orders)
    if (kind === 'cancel' || kind === 'collect') {
      const u = this.ro.chance(0.85) ? o.owner : this.ro.pick(this.users)
      return { name: `orders.${kind}`, steps: [this.call('orders', kind, u, [o.id], this.orderRefs(o, true), 3)] }
    }
    const filler = this.ro.pick(this.users)
    const raw = await this.g.algorand.app.getBoxValue(this.apps.orders, orderBoxName(o.id)).catch(() => undefined)
    const remaining = raw ? new DataView(raw.buffer, raw.byteOffset).getBigUint64(48) : o.amount
    const take = this.ro.chance(0.3) ? remaining : this.ro.amount(remaining)
    const least = (take * o.minOut + o.amount - 1n) / o.amount
    const pay = least + (least * 10n + 9_999n) / 10_000n - (this.ro.chance(0.15) ? 1n : 0n)
    const payer = this.ro.chance(0.9) ? filler : this.ro.pick(this.users)
    return {
      name: 'orders.fill',
      steps: [
        this.call('orders', 'fill', filler, [o.id, take, 2n], this.orderRefs(o, false), 1),
        this.transfer(payer, this.addresses.orders, o.assetOut, pay),
        this.call('orders', 'settle', filler, [o.id], this.orderRefs(o, true), 3),
      ],
    }
  }

  private stableKey(p: StableRef): string {
    return `${p.a}/${p.b}/${p.tier}`
  }

  private stableRefs(p: StableRef, lp = false) {
    return { boxes: [stableBoxName(p.a, p.b, p.tier)], assets: lp ? [p.a, p.b, p.lp] : [p.a, p.b], apps: [this.apps.registry] }
  }

  /**
   * The Stable app: a swap (either way), an add at the pool's ratio give or take or of one side only, a
   * proportional remove of some of the caller's LP units, or a protocol fee collection; on `pool` when
   * given (a call on the pool a flash loan has lent from). From the Stable app's own stream.
   */
  private async stableOp(pool?: StableRef): Promise<Op> {
    const r = this.rs
    const p = pool ?? r.pick(this.stablePools)
    const u = r.pick(this.users)
    const key = this.stableKey(p)
    const to = this.addresses.stable
    const kind = r.pick(['swap', 'swap', 'swap', 'add', 'add', 'addSingle', 'remove', 'remove', 'collectFees'] as const)
    if (kind === 'swap') {
      const [from, out] = r.chance(0.5) ? [p.a, p.b] : [p.b, p.a]
      const amount = r.amount((await this.held(u, from)) / 4n)
      return { name: 'stable.swapExactIn', stablePool: key, steps: [this.transfer(u, to, from, amount), this.call('stable', 'swapExactIn', u, [out, p.tier, 0n], this.stableRefs(p), 1)] }
    }
    if (kind === 'add' || kind === 'addSingle') {
      const box = await this.g.algorand.app.getBoxValue(this.apps.stable, stableBoxName(p.a, p.b, p.tier)).catch(() => undefined)
      const state = box ? decodeStablePool(box) : undefined
      const amountA = r.amount((await this.held(u, p.a)) / 8n)
      // at the pool's ratio (its reserves with the LPs' fees), one unit over now and then, or any proportion
      const rA = state ? state.reserveA + state.feesA : 0n
      const rB = state ? state.reserveB + state.feesB : 0n
      const ratio = rA > 0n ? (amountA * rB) / rA : amountA
      const amountB = r.chance(0.6) ? ratio + (r.chance(0.5) ? 1n : 0n) : r.amount((await this.held(u, p.b)) / 8n)
      const inners = 1 + STABLE_ADD_OP_UPS
      if (kind === 'addSingle') {
        const [asset, amount] = r.chance(0.5) ? [p.a, amountA] : [p.b, amountB > 0n ? amountB : 1n]
        return { name: 'stable.addLiquiditySingle', stablePool: key, steps: [this.transfer(u, to, asset, amount), this.call('stable', 'addLiquiditySingle', u, [p.a, p.b, p.tier, 0n], this.stableRefs(p, true), inners)] }
      }
      return {
        name: 'stable.addLiquidity',
        stablePool: key,
        steps: [this.transfer(u, to, p.a, amountA), this.transfer(u, to, p.b, amountB > 0n ? amountB : 1n), this.call('stable', 'addLiquidity', u, [p.a, p.b, p.tier, 0n], this.stableRefs(p, true), inners)],
      }
    }
    if (kind === 'remove') {
      const amount = r.amount(await this.held(u, p.lp))
      return { name: 'stable.removeLiquidity', stablePool: key, steps: [this.transfer(u, to, p.lp, amount), this.call('stable', 'removeLiquidity', u, [p.a, p.b, p.tier, 0n, 0n], this.stableRefs(p, true), 2)] }
    }
    return { name: 'stable.collectFees', stablePool: key, steps: [this.call('stable', 'collectFees', u, [p.a, p.b, p.tier], { ...this.stableRefs(p), accounts: [this.addresses.vault] }, 2)] }
  }

  /**
   * A stable flash loan around `inner` transactions: the start lending up to a tenth of one reserve or of
   * both, then after them the repayment of each side lent (a then b) with the pool's fee on it (sometimes
   * more, sometimes one unit short) and the verify. Sometimes the verify names another offset (refused:
   * ERR:FLASH_PAIR). From the Stable app's own stream.
   */
  private async stableFlash(inner: number, p: StableRef): Promise<[Op, Op]> {
    const r = this.rs
    const u = r.pick(this.users)
    const box = await this.g.algorand.app.getBoxValue(this.apps.stable, stableBoxName(p.a, p.b, p.tier)).catch(() => undefined)
    const state = box ? decodeStablePool(box) : undefined
    const sides = r.pick(['a', 'b', 'both'] as const)
    const lend = (reserve: bigint) => r.amount(reserve / 10n > 0n ? reserve / 10n : 1n)
    const amountA = sides !== 'b' ? lend(state?.reserveA ?? 0n) : 0n
    const amountB = sides !== 'a' ? lend(state?.reserveB ?? 0n) : 0n
    const repay = (amount: bigint): bigint => {
      const fee = (amount * p.tier + 9_999n) / 10_000n
      return r.chance(0.92) ? amount + fee + (r.chance(0.3) ? 1n + BigInt(r.int(1000)) : 0n) : amount + fee - 1n
    }
    const repayments = [...(amountA > 0n ? [this.transfer(u, this.addresses.stable, p.a, repay(amountA))] : []), ...(amountB > 0n ? [this.transfer(u, this.addresses.stable, p.b, repay(amountB))] : [])]
    const distance = BigInt(inner + repayments.length + 1)
    const start = this.call('stable', 'flashLoan', u, [distance, p.a, p.b, p.tier, amountA, amountB], this.stableRefs(p), repayments.length)
    const offset = r.chance(0.05) ? distance + 1n : distance
    const verify = this.call('stable', 'verifyFlashLoan', u, [offset, p.a, p.b, p.tier], this.stableRefs(p), 0)
    return [
      { name: 'stable.flashLoan', stablePool: this.stableKey(p), steps: [start] },
      { name: 'stable.flashLoan.verify', stablePool: this.stableKey(p), steps: [...repayments, verify] },
    ]
  }

  private async op(): Promise<Op | null> {
    const table: [number, () => Promise<Op | null> | Op | null][] = [
      [10, () => this.swap()],
      [3, () => this.route()],
      [5, () => this.addLiquidity()],
      [4, () => this.removeLiquidity()],
      [2, () => this.collectFees()],
      [8, () => this.stake()],
      [7, () => this.positionOp()],
      [4, () => this.creatorOp()],
      [2, () => this.createProgram()],
      [4, () => this.lock()],
      [2, () => this.lockLiquidity()],
      // eleven kinds of lock action share this row (issue 40 added fee claims, collectors, splits and merges)
      [9, () => this.lockOp()],
      [8, () => this.vaultOp()],
      [1, () => this.projectOp()],
    ]
    const total = table.reduce((n, [w]) => n + w, 0)
    let x = this.r.int(total)
    for (const [w, make] of table) {
      if (x < w) return make()
      x -= w
    }
    return null
  }

  // ---- reads ----

  async now(): Promise<bigint> {
    const { lastRound } = await this.algod.status().do()
    return (await this.algod.block(lastRound).do()).block.header.timestamp
  }

  private async nextProgramId(): Promise<bigint> {
    const app = await this.algod.getApplicationByID(this.apps.staking).do()
    const kv = app.params?.globalState?.find((x) => new TextDecoder().decode(x.key) === 'programCount')
    return BigInt(kv?.value.uint ?? 0) + 1n
  }

  private async appHolds(address: Address, asset: bigint): Promise<boolean> {
    if (asset === 0n) return true
    return this.algod
      .accountAssetInformation(address, asset)
      .do()
      .then(
        () => true,
        () => false,
      )
  }

  private async boxExists(app: bigint, name: Uint8Array): Promise<boolean> {
    return this.g.algorand.app.getBoxValue(app, name).then(
      () => true,
      () => false,
    )
  }

  // ---- a round: compose, mutate, send, account, check ----

  /**
   * Sends one random group of 1–3 calls. Sometimes it offers one transfer to two calls: the second
   * call's own transfers are dropped, so its transaction arguments are the transactions before it
   * (the first call and the first call's transfers). Returns whether the group was confirmed.
   */
  async round(): Promise<boolean> {
    const count = 1 + this.r.int(3)
    const ops: Op[] = []
    for (let i = 0; i < count; i++) {
      const op = await this.op()
      if (op) ops.push(op)
    }
    if (ops.length === 0) return false
    let shared = false
    if (ops.length >= 2 && this.r.chance(0.3)) {
      // one transfer offered to two calls: the last op's transfers dropped, its call reads what precedes it
      const last = ops[ops.length - 1]!
      if (last.steps.some((s) => s.role === 'transfer')) {
        ops[ops.length - 1] = { name: last.name, steps: last.steps.filter((s) => s.role === 'call') }
        shared = true
      }
    } else if (this.r.chance(0.05)) {
      // a call before its transfers
      const first = ops[0]!
      ops[0] = { name: first.name, steps: [...first.steps.filter((s) => s.role === 'call'), ...first.steps.filter((s) => s.role === 'transfer')] }
    }
    // an Orders call in a quarter of the groups, from its own stream (the others' seeded sequence stays
    // as it was): at any place among the others, or last offering the transfers before it as its own
    if (this.ro.chance(0.25)) {
      const op = await this.orderOp()
      if (op && ops.length > 0 && op.steps.some((s) => s.role === 'transfer') && this.ro.chance(0.3)) {
        ops.push({ name: op.name, steps: op.steps.filter((s) => s.role === 'call') })
        shared = true
      } else if (op) {
        ops.splice(this.ro.int(ops.length + 1), 0, op)
      }
    }
    // a Stable app call in a quarter of the groups, from its own stream: at any place among the others, or
    // last offering the transfers before it as its own
    if (this.stablePools.length > 0 && this.rs.chance(0.25)) {
      const op = await this.stableOp()
      if (ops.length > 0 && op.steps.some((s) => s.role === 'transfer') && this.rs.chance(0.1)) {
        ops.push({ ...op, steps: op.steps.filter((s) => s.role === 'call') })
        shared = true
      } else {
        ops.splice(this.rs.int(ops.length + 1), 0, op)
      }
    }
    if (this.r.chance(0.2) && ops.flatMap((o) => o.steps).length <= 13) {
      // the whole group inside a flash loan or flash swap: start first, repayment and verify last
      const [start, end] = await this.flash(ops.flatMap((o) => o.steps).length)
      ops.unshift(start)
      ops.push(end)
    }
    // the whole group (a DEX flash too) inside a stable flash loan; now and then with a call on the pool it
    // lent from between its start and verify (the pool is locked: the group must be refused)
    let locked = false
    if (this.stablePools.length > 0 && this.rs.chance(0.15) && ops.flatMap((o) => o.steps).length <= 11) {
      const p = this.rs.pick(this.stablePools)
      if (this.rs.chance(0.1)) ops.splice(this.rs.int(ops.length + 1), 0, await this.stableOp(p))
      if (ops.flatMap((o) => o.steps).length <= 12) {
        const [start, end] = await this.stableFlash(ops.flatMap((o) => o.steps).length, p)
        locked = ops.some((o) => o.stablePool === this.stableKey(p))
        ops.unshift(start)
        ops.push(end)
      }
    }
    const steps = ops.flatMap((o) => o.steps)
    if (steps.length > 16) return false
    this.report.groups += 1
    if (shared) this.report.shared += 1
    if (locked) this.report.stableLocked += 1
    const stableCalls = ops.filter((o) => o.name.startsWith('stable.') && !o.name.endsWith('.verify')).length
    this.report.stableSent += stableCalls
    const lock = this.pendingLock
    this.pendingLock = undefined
    const order = this.pendingOrder
    this.pendingOrder = undefined
    const txns = steps.map((s) => s.txn)
    if (txns.length > 1) algosdk.assignGroupID(txns)
    const blobs: Uint8Array[] = []
    for (let i = 0; i < steps.length; i++) blobs.push(...(await steps[i]!.signer(txns, [i])))
    const vaultGroveBefore = await this.g.balance(this.addresses.vault, this.grove)
    try {
      await this.algod.sendRawTransaction(blobs).do()
      await algosdk.waitForConfirmation(this.algod, txns[0]!.txID(), 4)
    } catch (e) {
      // FUZZ_DEBUG=1: why each refused group was refused
      if (process.env.FUZZ_DEBUG) console.log(ops.map((o) => o.name).join(' '), '→', String((e as Error).message).slice(0, 300))
      return false
    }
    this.report.confirmed += 1
    if (shared) this.report.sharedConfirmed += 1
    if (locked) this.report.stableLockedConfirmed += 1
    this.report.stableConfirmed += stableCalls
    for (const o of ops) this.report.methods[o.name] = (this.report.methods[o.name] ?? 0) + 1
    await this.account(steps, vaultGroveBefore)
    await this.learn(ops, lock, order)
    return true
  }

  /** Records the group's flows: top-level transfers from users to apps, inner transfers from apps to users. */
  private async account(steps: Step[], vaultGroveBefore: bigint): Promise<void> {
    const appOf = new Map(Object.entries(this.addresses).map(([k, a]) => [a.toString(), k]))
    const users = new Set(this.users.map((u) => u.addr.toString()))
    const flow = (app: string, user: string, asset: bigint, dir: 'in' | 'out', amount: bigint) => {
      if (!(app in this.flows) || !users.has(user)) return
      const byUser = this.flows[app as keyof GroupFuzzer['flows']]
      const byAsset = byUser.get(user) ?? new Map()
      const f = byAsset.get(asset) ?? { in: 0n, out: 0n }
      f[dir] += amount
      byAsset.set(asset, f)
      byUser.set(user, byAsset)
    }
    const transferOf = (t: Transaction): { to: string; asset: bigint; amount: bigint } | undefined => {
      if (t.type === algosdk.TransactionType.pay) return { to: t.payment!.receiver.toString(), asset: 0n, amount: t.payment!.amount }
      if (t.type === algosdk.TransactionType.axfer) return { to: t.assetTransfer!.receiver.toString(), asset: t.assetTransfer!.assetIndex, amount: t.assetTransfer!.amount }
      return undefined
    }
    let userNetToVault = 0n
    for (const s of steps) {
      const t = transferOf(s.txn)
      if (t && appOf.has(t.to)) {
        flow(appOf.get(t.to)!, s.txn.sender.toString(), t.asset, 'in', t.amount)
        if (appOf.get(t.to) === 'vault' && t.asset === this.grove) userNetToVault += t.amount
      }
      if (s.role !== 'call') continue
      const info = await this.algod.pendingTransactionInformation(s.txn.txID()).do()
      const walk = (inner: algosdk.modelsv2.PendingTransactionResponse[] | undefined) => {
        for (const i of inner ?? []) {
          const tx = i.txn.txn
          const t2 = transferOf(tx)
          const from = appOf.get(tx.sender.toString())
          if (t2 && from) {
            flow(from, t2.to, t2.asset, 'out', t2.amount)
            if (from === 'vault' && t2.asset === this.grove && users.has(t2.to)) userNetToVault -= t2.amount
          }
          walk(i.innerTxns)
        }
      }
      walk(info.innerTxns)
    }
    const delta = (await this.g.balance(this.addresses.vault, this.grove)) - vaultGroveBefore
    if (delta > userNetToVault) this.groveFromOutside += delta - userNetToVault
  }

  /** Remembers what a confirmed group made: programs and locks. */
  private async learn(ops: Op[], lock: LockRef | undefined, order?: OrderRef): Promise<void> {
    if (order && ops.some((o) => o.name === 'orders.placeLimit')) this.orders.push(order)
    if (ops.some((o) => o.name.startsWith('staking.createProgram'))) {
      const count = (await this.nextProgramId()) - 1n
      for (let id = BigInt(this.programs.length) + this.firstProgram; id <= count; id++) {
        const raw = await this.g.algorand.app.getBoxValue(this.apps.staking, programBoxName(id))
        const v = new DataView(raw.buffer, raw.byteOffset)
        const creator = algosdk.encodeAddress(raw.subarray(72, 104))
        this.programs.push({
          id,
          stake: v.getBigUint64(0),
          rewards: v.getBigUint64(24) === 2n ? [v.getBigUint64(8), v.getBigUint64(16)] : [v.getBigUint64(8)],
          creator: this.users.find((u) => u.addr.toString() === creator) ?? this.g.admin,
        })
      }
    }
    if (lock && ops.some((o) => o.name === 'locks.lock' || o.name === 'locks.lockLiquidity' || o.name === 'locks.split')) this.locks.push(lock)
    if (ops.some((o) => o.name === 'locks.close' || o.name === 'locks.merge')) {
      // a closed lock's box is gone: forget it (its nonce is never reused, so its id does not come back)
      const open = await Promise.all(this.locks.map((l) => this.g.algorand.app.getBoxValue(this.apps.locks, lockBoxName(l.id)).then(() => true, () => false)))
      this.locks = this.locks.filter((_, i) => open[i])
    }
    if (!ops.some((o) => o.name === 'locks.acceptOwner' || o.name === 'locks.setCollector')) return
    for (const l of this.locks) {
      const raw = await this.g.algorand.app.getBoxValue(this.apps.locks, lockBoxName(l.id)).catch(() => undefined)
      const owner = raw ? algosdk.encodeAddress(raw.subarray(0, 32)) : undefined
      l.owner = this.users.find((u) => u.addr.toString() === owner) ?? l.owner
      // the collector as the fee box holds it (an acceptance resets it; a refused setCollector left it)
      const fee = l.pool ? await this.g.algorand.app.getBoxValue(this.apps.locks, lockFeeBoxName(l.id)).catch(() => undefined) : undefined
      const collector = fee ? algosdk.encodeAddress(fee.subarray(56, 88)) : undefined
      l.collector = fee ? this.users.find((u) => u.addr.toString() === collector) : undefined
    }
  }

  /** The first program id the fuzzer learns (programs made before it started are not its own). */
  firstProgram = 1n

  // ---- the invariants ----

  /** What `address` holds of each asset it can pay out (ALGO above its minimum balance). */
  private async holdings(address: Address): Promise<Map<bigint, bigint>> {
    const info = await this.algod.accountInformation(address).do()
    const held = new Map<bigint, bigint>([[0n, info.amount - info.minBalance]])
    for (const a of info.assets ?? []) held.set(a.assetId, a.amount)
    return held
  }

  private async boxes(app: bigint, prefix: number, size: number): Promise<Uint8Array[]> {
    const { boxes } = await this.algod.getApplicationBoxes(app).do()
    const names = boxes.map((b) => b.name).filter((n) => n[0] === prefix && n.length === size)
    return Promise.all(names.map(async (n) => (await this.algod.getApplicationBoxByName(app, n).do()).value))
  }

  /** Every app holds at least what it owes, by asset; throws with the app, asset and both figures. */
  async checkSolvency(): Promise<void> {
    const owed = new Map<string, Map<bigint, bigint>>()
    const add = (app: string, asset: bigint, amount: bigint) => {
      const m = owed.get(app) ?? new Map<bigint, bigint>()
      m.set(asset, (m.get(asset) ?? 0n) + amount)
      owed.set(app, m)
    }
    // DEX: each pool's reserves and protocol fees
    for (const [a, b, tier] of this.pools) {
      const p = await this.g.pool(a, b, tier)
      add('dex', a, p.reserveA + p.protocolFeesA)
      add('dex', b, p.reserveB + p.protocolFeesB)
    }
    // Staking: each program's stake and reward reserves (the reserves include what stakers are owed)
    for (const raw of await this.boxes(this.apps.staking, 0x70, 9)) {
      const v = new DataView(raw.buffer, raw.byteOffset)
      add('staking', v.getBigUint64(0), v.getBigUint64(112))
      add('staking', v.getBigUint64(8), v.getBigUint64(160))
      if (v.getBigUint64(24) === 2n) add('staking', v.getBigUint64(16), v.getBigUint64(168))
    }
    // Locks: what each lock has not paid out
    for (const raw of await this.boxes(this.apps.locks, 0x6c, 9)) {
      const v = new DataView(raw.buffer, raw.byteOffset)
      add('locks', v.getBigUint64(32), v.getBigUint64(40) - v.getBigUint64(48))
    }
    await this.checkLockBoxes()
    // the Vault: the GROVE it has booked (behind the shares and in the stream)
    const vault = await this.algod.getApplicationByID(this.apps.vault).do()
    const global = new Map((vault.params?.globalState ?? []).map((kv) => [new TextDecoder().decode(kv.key), kv.value.uint]))
    add('vault', this.grove, BigInt(global.get('booked') ?? 0))
    // Orders: each order's escrow (assetIn) and proceeds (assetOut), and the protocol's fees per asset
    for (const raw of await this.boxes(this.apps.orders, 0x6f, 9)) {
      const v = new DataView(raw.buffer, raw.byteOffset)
      add('orders', v.getBigUint64(32), v.getBigUint64(48))
      add('orders', v.getBigUint64(40), v.getBigUint64(144))
      if (v.getBigUint64(152) !== 0n) throw new Error('an order box kept an open fill after its group')
    }
    const { boxes: orderBoxes } = await this.algod.getApplicationBoxes(this.apps.orders).do()
    for (const { name } of orderBoxes.filter((b) => b.name[0] === 0x66 && b.name.length === 9)) {
      const value = (await this.algod.getApplicationBoxByName(this.apps.orders, name).do()).value
      add('orders', new DataView(name.buffer, name.byteOffset + 1).getBigUint64(0), new DataView(value.buffer, value.byteOffset).getBigUint64(0))
    }
    await this.stableOwed(add)
    for (const [app, byAsset] of owed) {
      const held = await this.holdings(this.addresses[app as keyof GroupFuzzer['addresses']])
      for (const [asset, amount] of byAsset) {
        const has = held.get(asset) ?? 0n
        if (has < amount) throw new Error(`insolvent: the ${app} app owes ${amount} of asset ${asset} and holds ${has}`)
      }
    }
    // sGROVE outside the vault is exactly what it has issued
    const shares = BigInt(global.get('shares') ?? 0)
    const issued = shares > 0n ? shares - 1000n : 0n
    const inVault = (await this.holdings(this.addresses.vault)).get(this.sGrove) ?? 0n
    if (2n ** 64n - 1n - inVault !== issued) throw new Error(`sGROVE outside the vault is ${2n ** 64n - 1n - inVault}, the vault issued ${issued}`)
  }

  /** LP asset totals (an LP token's supply never changes), read once. */
  private readonly assetTotals = new Map<bigint, bigint>()

  /**
   * The Stable app owes each pool's reserves, the LPs' fees held off the curve and the protocol's fees, per
   * asset; each pool's LP units outside the app are exactly the ones it booked as issued (lpIssued; the
   * 1,000 locked by the first add never leave it), and no flash loan stays open after a group.
   */
  private async stableOwed(add: (app: string, asset: bigint, amount: bigint) => void): Promise<void> {
    if (this.stablePools.length === 0) return
    const held = await this.holdings(this.addresses.stable)
    this.stableState = []
    for (const ref of this.stablePools) {
      const pool = decodeStablePool(await this.g.algorand.app.getBoxValue(this.apps.stable, stableBoxName(ref.a, ref.b, ref.tier)))
      this.stableState.push({ ref, pool })
      add('stable', ref.a, pool.reserveA + pool.feesA + pool.protocolFeesA)
      add('stable', ref.b, pool.reserveB + pool.feesB + pool.protocolFeesB)
      if (!this.assetTotals.has(ref.lp)) this.assetTotals.set(ref.lp, (await this.algod.getAssetByID(ref.lp).do()).params!.total)
      const total = this.assetTotals.get(ref.lp)!
      const outside = total - (held.get(ref.lp) ?? 0n)
      if (outside !== pool.lpIssued) throw new Error(`stable pool ${this.stableKey(ref)}: ${outside} LP units are outside the app, it booked ${pool.lpIssued} issued`)
    }
    const app = await this.algod.getApplicationByID(this.apps.stable).do()
    for (const kv of app.params?.globalState ?? []) {
      const name = new TextDecoder().decode(kv.key)
      if ((name === 'flash' || name === 'flashTerms') && kv.value.bytes.length > 0) throw new Error(`the Stable app's ${name} outlived its group`)
    }
  }

  /**
   * Every lock has both index boxes and no index box outlives its lock (close deletes all three), and
   * the Locks app's minimum balance is exactly its own, its asset holdings' and its locks' deposits: a
   * close refunded exactly what the boxes freed, no more (the ALGO above it is what the locks owe).
   */
  private async checkLockBoxes(): Promise<void> {
    const { boxes } = await this.algod.getApplicationBoxes(this.apps.locks).do()
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
    const names = new Set(boxes.map((b) => hex(b.name)))
    const locks = boxes.filter((b) => b.name[0] === 0x6c && b.name.length === 9)
    for (const b of locks) {
      const id = new DataView(b.name.buffer, b.name.byteOffset).getBigUint64(1)
      const raw = (await this.algod.getApplicationBoxByName(this.apps.locks, b.name).do()).value
      const v = new DataView(raw.buffer, raw.byteOffset)
      for (const n of [assetIndexName(v.getBigUint64(32), id), ownerIndexName(algosdk.encodeAddress(raw.subarray(0, 32)), id)]) {
        if (!names.has(hex(n))) throw new Error(`lock ${id} lacks its index box ${hex(n)}`)
      }
    }
    // a liquidity lock's fee box lives exactly as long as its lock
    const feeBoxes = boxes.filter((b) => b.name[0] === 0x66 && b.name.length === 9)
    for (const f of feeBoxes) if (!names.has(hex(lockBoxName(new DataView(f.name.buffer, f.name.byteOffset).getBigUint64(1))))) throw new Error(`fee box ${hex(f.name)} outlived its lock`)
    if (boxes.length !== 3 * locks.length + feeBoxes.length) throw new Error(`the Locks app has ${boxes.length} boxes for ${locks.length} locks: an index box outlived its lock`)
    const info = await this.algod.accountInformation(this.addresses.locks).do()
    const expected = 100_000n + ASSET_MBR * BigInt(info.assets?.length ?? 0) + LOCK_BOXES_MBR * BigInt(locks.length) + FEE_BOX_MBR * BigInt(feeBoxes.length)
    if (info.minBalance !== expected) throw new Error(`the Locks app's minimum balance is ${info.minBalance}, its holdings and ${locks.length} locks need ${expected}`)
  }

  /**
   * No user took more out of an app than they put in plus what the app could have paid anyone: for
   * Staking, the rewards every program has emitted so far (rate × elapsed, an upper bound); for the
   * Vault, the GROVE that entered it from outside; for Locks, nothing (all users together); for the
   * DEX, the trades decide, so its users are bounded by the pools' solvency above; for the Stable app, all
   * users together, at 1:1 within a pool and LP units at what a remove pays (checkStableUsers).
   */
  async checkUsers(): Promise<void> {
    const now = await this.now()
    const emitted = new Map<bigint, bigint>()
    for (const raw of await this.boxes(this.apps.staking, 0x70, 9)) {
      const v = new DataView(raw.buffer, raw.byteOffset)
      const [start, end] = [v.getBigUint64(48), v.getBigUint64(56)]
      const elapsed = (now < end ? now : end) > start ? (now < end ? now : end) - start : 0n
      const rewards = v.getBigUint64(24) === 2n ? [[v.getBigUint64(8), v.getBigUint64(32)], [v.getBigUint64(16), v.getBigUint64(40)]] : [[v.getBigUint64(8), v.getBigUint64(32)]]
      for (const [asset, rate] of rewards) emitted.set(asset!, (emitted.get(asset!) ?? 0n) + rate! * elapsed)
    }
    for (const [user, byAsset] of this.flows.staking) {
      for (const [asset, f] of byAsset) {
        if (f.out - f.in > (emitted.get(asset) ?? 0n)) throw new Error(`${user} took ${f.out - f.in} more of asset ${asset} out of Staking than put in, above the ${emitted.get(asset) ?? 0n} emitted`)
      }
    }
    for (const [user, byAsset] of this.flows.vault) {
      const f = byAsset.get(this.grove)
      if (f && f.out - f.in > this.groveFromOutside) throw new Error(`${user} took ${f.out - f.in} more GROVE out of the vault than put in, above the ${this.groveFromOutside} that entered from outside`)
    }
    const locks = new Map<bigint, bigint>()
    for (const byAsset of this.flows.locks.values()) for (const [asset, f] of byAsset) locks.set(asset, (locks.get(asset) ?? 0n) + f.out - f.in)
    for (const [asset, net] of locks) if (net > 0n) throw new Error(`the users took ${net} more of asset ${asset} out of Locks than they locked`)
    // Orders pays out only what users paid in (deposits, payments, box minimum balances): all users together
    const orders = new Map<bigint, bigint>()
    for (const byAsset of this.flows.orders.values()) for (const [asset, f] of byAsset) orders.set(asset, (orders.get(asset) ?? 0n) + f.out - f.in)
    for (const [asset, net] of orders) if (net > 0n) throw new Error(`the users took ${net} more of asset ${asset} out of Orders than they paid in`)
    this.checkStableUsers()
  }

  /**
   * The Stable app's users, valued at 1:1 across a pool's assets (amounts normalised to 19 decimals, as the
   * app prices them) with each LP unit at what a proportional remove pays now: together they hold no more
   * than they put in. The reserves of a pool are never below its invariant D and D per LP unit never falls,
   * so the LP units the users do not hold (the first LP's, the locked ones) keep at least the value the
   * pools started with; whatever a user gained, another user lost. Per user: the figures in the message.
   */
  private checkStableUsers(): void {
    if (this.stableState.length === 0) return
    const norm = (asset: bigint, amount: bigint) => amount * this.multiplier.get(asset)!
    const lpPays = new Map<bigint, [StableRef, StablePool]>(this.stableState.map(({ ref, pool }) => [ref.lp, [ref, pool]]))
    const gains: string[] = []
    let total = 0n
    for (const [user, byAsset] of this.flows.stable) {
      let gain = 0n
      for (const [asset, f] of byAsset) {
        const net = f.out - f.in
        const pool = lpPays.get(asset)
        if (!pool) {
          gain += norm(asset, net)
          continue
        }
        // LP units the user holds from the app, at what a remove pays for them (each side rounded down)
        const [ref, p] = pool
        const supply = p.lpIssued + 1000n
        gain += norm(ref.a, (net * p.reserveA) / supply + (net * p.feesA) / supply) + norm(ref.b, (net * p.reserveB) / supply + (net * p.feesB) / supply)
      }
      total += gain
      gains.push(`${user.slice(0, 6)}: ${gain}`)
    }
    this.report.stableUsersNet = total
    if (total > 0n) throw new Error(`the users together are ${total} (19 decimals) ahead of what they put in the Stable app (${gains.join(', ')})`)
  }
}
