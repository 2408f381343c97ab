// The staking app on a Grove (grove.ts): each action's group built through the typed client with
// explicit references and the README's fees, frozen block time that moves only when a test says
// so, and reads of programs and positions. Shared by the staking tests and the bench.
import { createHash } from 'node:crypto'
import algosdk, { type Address, type Transaction } from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { StakingClient, type StakingComposer } from '../clients/StakingClient.ts'
import { stakingSpec } from '../src/index.ts'
import type { Grove, InputOverrides, Sent, User } from './grove.ts'

/** Minimum balance of a position box: 2,500 + 400 × (41 + 64). */
export const POSITION_MBR = 44_500n
/** Minimum balance of a program box: 2,500 + 400 × (9 + 256). */
export const PROGRAM_MBR = 108_500n

const PROGRAM = algosdk.ABIType.from('(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,address,uint64,uint64,uint64,uint128,uint128,uint64,uint64,uint64,uint64,uint256,uint256)')
const POSITION = algosdk.ABIType.from('(uint64,uint64,uint128,uint128,uint64,uint64)')
const PROGRAM_FIELDS = ['stakeAsset', 'rewardAsset1', 'rewardAsset2', 'rewardCount', 'rate1', 'rate2', 'start', 'end', 'minStakeSeconds', 'creator', 'kind', 'totalStaked', 'lastUpdate', 'acc1', 'acc2', 'reserve1', 'reserve2', 'owed1', 'owed2', 'unsettled1', 'unsettled2'] as const
const POSITION_FIELDS = ['stake', 'stakedAt', 'snap1', 'snap2', 'owed1', 'owed2'] as const

/** A program's box, decoded. */
export type Program = { [K in (typeof PROGRAM_FIELDS)[number]]: K extends 'creator' ? string : bigint }
/** A position's box, decoded. */
export type Position = { [K in (typeof POSITION_FIELDS)[number]]: bigint }

/** What a new program pays out: 1 or 2 reward assets with their rates. */
export interface ProgramTerms {
  stakeAsset: bigint
  rewards: { asset: bigint; rate: bigint }[]
  start: bigint
  end: bigint
  minStakeSeconds?: bigint
}

/** Box name "p" ‖ uint64(program). */
export function programBoxName(program: bigint): Uint8Array {
  const name = new Uint8Array(9)
  name[0] = 0x70
  new DataView(name.buffer).setBigUint64(1, program)
  return name
}

/** Box name "s" ‖ uint64(program) ‖ staker. */
export function positionBoxName(program: bigint, staker: Address): Uint8Array {
  const name = new Uint8Array(41)
  name[0] = 0x73
  new DataView(name.buffer).setBigUint64(1, program)
  name.set(staker.publicKey, 9)
  return name
}

/** A copy of a transaction: a composer stamps its group id on what it is given, and a group may be composed twice (simulated, then sent). */
const copy = (t: Transaction): Transaction => algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(t))

/**
 * The offset that stops block time: the clock at 1970 (the least the localnet's bound allows), so
 * every block takes the previous block's stamp, which stamps never go back from.
 */
const frozen = (): bigint => -BigInt(Math.floor(Date.now() / 1000))

type Group = StakingComposer<unknown[]>

/** The staking app of a Grove. */
export class StakingKit {
  readonly appId: bigint
  readonly address: Address
  readonly client: StakingClient

  constructor(readonly g: Grove) {
    this.appId = g.ids.stakingAppId
    this.address = algosdk.getApplicationAddress(this.appId)
    this.client = new StakingClient({ algorand: g.algorand, appId: this.appId, defaultSender: g.admin.addr })
  }

  /** The latest block's timestamp: what the next app call sees as LatestTimestamp. */
  async now(): Promise<bigint> {
    const algod = this.g.algorand.client.algod
    const { lastRound } = await algod.status().do()
    return (await algod.block(lastRound).do()).block.header.timestamp
  }

  private async setOffset(offset: bigint): Promise<void> {
    await this.g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${Number(offset)}`, data: null })
  }

  /** Stops block time: every later block has the latest block's timestamp until `travel`. */
  async freeze(): Promise<bigint> {
    await this.setOffset(frozen())
    await this.tick()
    return this.now()
  }

  /** Makes a block (a zero payment to the admin itself). */
  private async tick(): Promise<void> {
    await this.g.algorand.send.payment({ sender: this.g.admin.addr, receiver: this.g.admin.addr, amount: AlgoAmount.MicroAlgo(0), note: this.g.note(), suppressLog: true })
  }

  /** Moves block time `seconds` ahead (a second more when the wall clock ticks meanwhile) and freezes it there; returns the new time. */
  async travel(seconds: bigint): Promise<bigint> {
    const target = (await this.now()) + seconds
    await this.setOffset(target - BigInt(Math.floor(Date.now() / 1000)))
    await this.tick()
    await this.setOffset(frozen())
    return this.now()
  }

  /** Moves block time to `at` (or the next second) and freezes it. */
  async travelTo(at: bigint): Promise<bigint> {
    const now = await this.now()
    return at > now ? this.travel(at - now) : now
  }

  async programBox(program: bigint): Promise<Uint8Array | undefined> {
    try {
      return await this.g.algorand.app.getBoxValue(this.appId, programBoxName(program))
    } catch {
      return undefined
    }
  }

  async positionBox(program: bigint, staker: Address): Promise<Uint8Array | undefined> {
    try {
      return await this.g.algorand.app.getBoxValue(this.appId, positionBoxName(program, staker))
    } catch {
      return undefined
    }
  }

  /** The program's decoded box. */
  async program(program: bigint): Promise<Program> {
    const raw = await this.programBox(program)
    if (!raw) throw new Error(`no program ${program}`)
    const values = PROGRAM.decode(raw) as unknown[]
    return Object.fromEntries(PROGRAM_FIELDS.map((f, i) => [f, f === 'creator' ? String(values[i]) : BigInt(values[i] as bigint)])) as Program
  }

  /** The position's decoded box, or undefined. */
  async position(program: bigint, staker: User | Address): Promise<Position | undefined> {
    const raw = await this.positionBox(program, 'addr' in staker ? staker.addr : staker)
    if (!raw) return undefined
    const values = POSITION.decode(raw) as bigint[]
    return Object.fromEntries(POSITION_FIELDS.map((f, i) => [f, BigInt(values[i])])) as Position
  }

  /** pendingRewards(program, staker) as the app computes it now. */
  async pending(program: bigint, staker: User): Promise<[bigint, bigint]> {
    const result = await this.client.send.pendingRewards({ sender: staker.addr, args: { program, staker: staker.addr.toString() }, ...(await this.refs(program, staker.addr)), note: this.g.note() })
    return (result.return as [bigint, bigint]).map(BigInt) as [bigint, bigint]
  }

  /** An incoming transfer to the staking app (or wherever `o` says). */
  input(from: User, asset: bigint, amount: bigint, o: InputOverrides & { assetSender?: Address } = {}): Promise<Transaction> {
    const common = { sender: (o.sender ?? from).addr, rekeyTo: o.rekeyTo, note: this.g.note() }
    if (asset === 0n) return this.g.algorand.createTransaction.payment({ ...common, receiver: o.receiver ?? this.address, amount: AlgoAmount.MicroAlgo(amount), closeRemainderTo: o.closeTo })
    if (o.assetSender) return this.g.algorand.createTransaction.assetTransfer({ ...common, receiver: o.receiver ?? this.address, assetId: asset, amount, clawbackTarget: o.assetSender })
    return this.g.algorand.createTransaction.assetTransfer({ ...common, receiver: o.receiver ?? this.address, assetId: asset, amount, closeAssetTo: o.closeTo })
  }

  /** References of a call on `program` by `staker`: both boxes, the program's assets, the registry. */
  async refs(program: bigint, staker?: Address, known?: { stakeAsset: bigint; rewardAsset1: bigint; rewardAsset2: bigint }): Promise<{ boxReferences: Uint8Array[]; assetReferences: bigint[]; appReferences: bigint[] }> {
    const raw = known ? undefined : await this.programBox(program)
    const p = known ?? (raw ? this.decodeAssets(raw) : { stakeAsset: 0n, rewardAsset1: 0n, rewardAsset2: 0n })
    return {
      boxReferences: staker ? [programBoxName(program), positionBoxName(program, staker)] : [programBoxName(program)],
      assetReferences: [...new Set([p.stakeAsset, p.rewardAsset1, p.rewardAsset2].filter((a) => a !== 0n))],
      appReferences: [this.g.ids.registryAppId],
    }
  }

  private decodeAssets(raw: Uint8Array): { stakeAsset: bigint; rewardAsset1: bigint; rewardAsset2: bigint } {
    const v = new DataView(raw.buffer, raw.byteOffset)
    return { stakeAsset: v.getBigUint64(0), rewardAsset1: v.getBigUint64(8), rewardAsset2: v.getBigUint64(16) }
  }

  /** Fee and a unique note for an app call making `inner` inner transactions. */
  fee(inner: number): { staticFee: AlgoAmount; note: Uint8Array } {
    return this.g.fee(inner)
  }

  /** Sends the group `build` adds to a fresh composer (with `before` transactions first). */
  async run<T>(sender: User, build: (group: StakingComposer) => unknown, before: Transaction[] = [], after: Transaction[] = []): Promise<Sent<T>> {
    const compose = (): Group => {
      let group = this.client.newGroup() as Group
      for (const t of before) group = group.addTransaction(copy(t), sender.signer) as Group
      group = build(group as unknown as StakingComposer) as Group
      for (const t of after) group = group.addTransaction(copy(t), sender.signer) as Group
      return group
    }
    const opcodes = this.g.measure ? (await compose().simulate({ skipSignatures: true, extraOpcodeBudget: 20_000 })).simulateResponse.txnGroups[0].appBudgetConsumed : undefined
    const result = await compose()
      .send()
      .catch((e: unknown) => {
        throw opcodes === undefined ? e : new Error(`${(e as Error).message} (simulate: ${opcodes} opcodes)`, { cause: e })
      })
    // the last app call is the action (an optInAssets call may come first)
    const call = result.transactions.findLastIndex((t) => t.type === algosdk.TransactionType.appl)
    return {
      value: result.returns[result.returns.length - 1] as T,
      logs: result.confirmations[call]?.logs ?? [],
      fees: result.transactions.reduce((n, t) => n + t.fee, 0n),
      budgetCalls: 0,
      opcodes,
    }
  }

  /** Assets among `assets` the app has not opted into. */
  async newOptIns(assets: bigint[]): Promise<number> {
    let n = 0
    for (const asset of new Set(assets)) {
      if (asset === 0n) continue
      try {
        await this.g.algorand.client.algod.accountAssetInformation(this.address, asset).do()
      } catch {
        n += 1
      }
    }
    return n
  }

  /**
   * Creates a program, depositing rate × duration of each reward; returns its id. The group is
   * [(optIn payment, optInAssets) when the app lacks an asset, mbr, deposit1, (deposit2), createProgram(2)].
   */
  async createProgram(creator: User, t: ProgramTerms, o: { deposits?: bigint[]; mbr?: bigint } = {}): Promise<Sent<bigint>> {
    const assets = [t.stakeAsset, ...t.rewards.map((r) => r.asset)]
    const optIns = await this.newOptIns(assets)
    const pay = o.mbr ?? PROGRAM_MBR
    const mbr = await this.input(creator, 0n, pay)
    const optInPayment = optIns > 0 ? await this.input(creator, 0n, 100_000n * BigInt(optIns)) : undefined
    const duration = t.end - t.start
    const deposits = await Promise.all(t.rewards.map((r, i) => this.input(creator, r.asset, o.deposits?.[i] ?? r.rate * duration)))
    const [r1, r2] = t.rewards
    const box = programBoxName((await this.client.state.global.programCount())! + 1n)
    const references = {
      boxReferences: [box],
      assetReferences: [...new Set(assets.filter((a) => a !== 0n))],
      appReferences: [this.g.ids.registryAppId],
    }
    const common = { start: t.start, end: t.end, minStakeSeconds: t.minStakeSeconds ?? 0n, stakeAsset: t.stakeAsset, rewardAsset1: r1!.asset, rate1: r1!.rate }
    const sent = await this.run<bigint>(creator, (group) => {
      let g = group as unknown as StakingComposer<unknown[]>
      if (optInPayment) {
        g = g.optInAssets({ sender: creator.addr, args: { mbr: copy(optInPayment), assets: [...new Set(assets.filter((a) => a !== 0n))] }, ...references, ...this.fee(optIns) }) as unknown as StakingComposer<unknown[]>
      }
      const fee = this.fee(pay > PROGRAM_MBR ? 1 : 0)
      if (!r2) return g.createProgram({ sender: creator.addr, args: { mbr: copy(mbr), deposit1: copy(deposits[0]!), ...common }, ...references, ...fee })
      return g.createProgram2({
        sender: creator.addr,
        args: { mbr: copy(mbr), deposit1: copy(deposits[0]!), deposit2: copy(deposits[1]!), ...common, rewardAsset2: r2.asset, rate2: r2.rate },
        ...references,
        ...fee,
      })
    })
    return { ...sent, value: BigInt(sent.value) }
  }

  /** Stakes `amount`: stakeNew paying the position box first when there is none (or when `mbr` is given), stake otherwise. */
  async stake(user: User, program: bigint, amount: bigint, o: InputOverrides & { assetSender?: Address; asset?: bigint; mbr?: bigint | null; callSigner?: User } = {}): Promise<Sent<void>> {
    const p = await this.program(program)
    const fresh = (await this.positionBox(program, user.addr)) === undefined
    const input = await this.input(user, o.asset ?? p.stakeAsset, amount, o)
    const refs = await this.refs(program, user.addr, p)
    // fresh copies per composer: a group may be composed twice (simulated, then sent) and a composer stamps its group id
    const inputArg = () => ({ txn: copy(input), signer: (o.sender ?? user).signer })
    if (o.mbr !== null && (fresh || o.mbr !== undefined)) {
      const mbr = await this.input(user, 0n, o.mbr ?? POSITION_MBR)
      // the payment is signed by its sender's key (the call may be signed by another after a rekey in the input)
      return this.run(user, (group) =>
        group.stakeNew({ sender: user.addr, signer: o.callSigner?.signer, args: { mbr: { txn: copy(mbr), signer: user.signer }, input: inputArg(), program }, ...refs, ...this.fee(0) }),
      )
    }
    return this.run(user, (group) => group.stake({ sender: user.addr, signer: o.callSigner?.signer, args: { input: inputArg(), program }, ...refs, ...this.fee(0) }))
  }

  /** The inner transactions a call closing or paying out makes, from the app's own pending count. */
  private async closes(program: bigint, user: User, stakeAfter: bigint, owedAfter: [bigint, bigint]): Promise<number> {
    return stakeAfter === 0n && owedAfter[0] === 0n && owedAfter[1] === 0n && (await this.positionBox(program, user.addr)) !== undefined ? 1 : 0
  }

  async unstake(user: User, program: bigint, amount: bigint, o: { as?: User } = {}): Promise<Sent<void>> {
    const sender = o.as ?? user
    const pos = await this.position(program, sender)
    const pending = pos ? await this.pending(program, sender) : ([0n, 0n] as [bigint, bigint])
    const inner = 1 + (pos ? await this.closes(program, sender, pos.stake - amount, pending) : 0)
    const refs = await this.refs(program, sender.addr)
    return this.run(sender, (group) => group.unstake({ sender: sender.addr, args: { program, amount }, ...refs, ...this.fee(inner) }))
  }

  async claim(user: User, program: bigint): Promise<Sent<void>> {
    const pos = await this.position(program, user)
    const pending = pos ? await this.pending(program, user).catch(() => [0n, 0n] as [bigint, bigint]) : ([0n, 0n] as [bigint, bigint])
    const paid = pending.filter((x) => x > 0n).length
    const inner = paid + (pos && pos.stake === 0n ? 1 : 0)
    const refs = await this.refs(program, user.addr)
    return this.run(user, (group) => group.claim({ sender: user.addr, args: { program }, ...refs, ...this.fee(inner) }))
  }

  async compound(user: User, program: bigint): Promise<Sent<void>> {
    const refs = await this.refs(program, user.addr)
    return this.run(user, (group) => group.compound({ sender: user.addr, args: { program }, ...refs, ...this.fee(0) }))
  }

  async emergencyWithdraw(user: User, program: bigint): Promise<Sent<void>> {
    const pos = await this.position(program, user)
    const refs = await this.refs(program, user.addr)
    return this.run(user, (group) => group.emergencyWithdraw({ sender: user.addr, args: { program }, ...refs, ...this.fee(1 + (pos && pos.stake > 0n ? 1 : 0)) }))
  }

  async topUp(user: User, program: bigint, reward: 1n | 2n, newRate: bigint, amount: bigint, asset?: bigint): Promise<Sent<void>> {
    const p = await this.program(program)
    const deposit = await this.input(user, asset ?? (reward === 1n ? p.rewardAsset1 : p.rewardAsset2), amount)
    const refs = await this.refs(program, undefined, p)
    return this.run(user, (group) => group.topUp({ sender: user.addr, args: { deposit: copy(deposit), program, reward, newRate }, ...refs, ...this.fee(0) }))
  }

  async extend(user: User, program: bigint, newEnd: bigint, amounts?: bigint[]): Promise<Sent<void>> {
    const p = await this.program(program)
    const rates = p.rewardCount === 2n ? [p.rate1, p.rate2] : [p.rate1]
    const assets = [p.rewardAsset1, p.rewardAsset2]
    const deposits = await Promise.all(rates.map((rate, i) => this.input(user, assets[i]!, amounts?.[i] ?? rate * (newEnd - p.end))))
    const refs = await this.refs(program, undefined, p)
    if (deposits.length === 1) return this.run(user, (group) => group.extend({ sender: user.addr, args: { deposit1: copy(deposits[0]!), program, newEnd }, ...refs, ...this.fee(0) }))
    return this.run(user, (group) => group.extend2({ sender: user.addr, args: { deposit1: copy(deposits[0]!), deposit2: copy(deposits[1]!), program, newEnd }, ...refs, ...this.fee(0) }))
  }

  async reclaim(user: User, program: bigint, inner = 2): Promise<Sent<void>> {
    const refs = await this.refs(program)
    return this.run(user, (group) => group.reclaim({ sender: user.addr, args: { program }, ...refs, ...this.fee(inner) }))
  }

  /** Balances of `assets` for each address, and the named program and position boxes: to prove a rejection moved nothing. */
  async snapshot(addresses: (Address | User)[], assets: bigint[], programs: bigint[], stakers: User[] = []): Promise<unknown> {
    const balances = await Promise.all(addresses.flatMap((who) => assets.map((asset) => this.g.balance(who, asset))))
    const hex = (b: Uint8Array | undefined) => (b === undefined ? null : Buffer.from(b).toString('hex'))
    const boxes = await Promise.all(programs.map((p) => this.programBox(p).then(hex)))
    const positions = await Promise.all(programs.flatMap((p) => stakers.map((s) => this.positionBox(p, s.addr).then(hex))))
    return { balances, boxes, positions }
  }
}

/** Adds `count` stakers of 1 ALGO each to `program` (whose stake asset is ALGO), 5 stakes per group. */
export async function addStakers(kit: StakingKit, program: bigint, count: number, funder: User): Promise<void> {
  const g = kit.g
  const accounts: User[] = []
  for (let i = 0; i < count; i += 16) {
    let group = g.algorand.newGroup()
    for (let j = i; j < Math.min(count, i + 16); j++) {
      const a = g.algorand.account.random()
      accounts.push(a)
      group = group.addPayment({ sender: funder.addr, receiver: a.addr, amount: AlgoAmount.MicroAlgo(2_000_000n), note: g.note() })
    }
    await group.send({ suppressLog: true })
  }
  const sp = await g.algorand.getSuggestedParams()
  const method = kit.client.appClient.getABIMethod('stakeNew')
  for (let i = 0; i < accounts.length; i += 5) {
    const atc = new algosdk.AtomicTransactionComposer()
    for (const a of accounts.slice(i, i + 5)) {
      const params = { ...sp, flatFee: true, fee: 1000n }
      const mbr = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.addr, receiver: kit.address, amount: POSITION_MBR, suggestedParams: params, note: g.note() })
      const input = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.addr, receiver: kit.address, amount: 1_000_000n, suggestedParams: params, note: g.note() })
      atc.addMethodCall({
        appID: kit.appId,
        method,
        methodArgs: [{ txn: mbr, signer: a.signer }, { txn: input, signer: a.signer }, program],
        sender: a.addr,
        signer: a.signer,
        suggestedParams: params,
        boxes: [
          { appIndex: 0, name: programBoxName(program) },
          { appIndex: 0, name: positionBoxName(program, a.addr) },
        ],
        appForeignApps: [g.ids.registryAppId],
        appForeignAssets: [],
        note: g.note(),
      })
    }
    await atc.execute(g.algorand.client.algod, 4)
  }
}

/** The ARC-28 events named `name` that a staking call logged. */
export function stakingEvents(logs: Uint8Array[] | undefined, name: string): Record<string, unknown>[] {
  const spec = stakingSpec.events?.find((e) => e.name === name)
  if (!spec) throw new Error(`the staking app has no event ${name}`)
  // ARC-28: the first 4 bytes of SHA-512/256 of "Name(types)"
  const selector = createHash('sha512-256').update(`${name}(${spec.args.map((a) => a.type).join(',')})`).digest().subarray(0, 4)
  const tuple = algosdk.ABIType.from(`(${spec.args.map((a) => a.type).join(',')})`)
  return (logs ?? [])
    .filter((log) => log.length >= 4 && selector.every((x, i) => log[i] === x))
    .map((log) => {
      const values = tuple.decode(log.slice(4)) as unknown[]
      return Object.fromEntries(spec.args.map((a, i) => [a.name, values[i]]))
    })
}
