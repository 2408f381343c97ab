// Builders of each staking action's group, on the one group builder (core/group.ts): signer-agnostic,
// naming their own resources (the program and position boxes, the program's assets, the registry),
// paying inner-transaction fees on the app call (min fee × (1 + inner transactions)) and opting the
// sender into reward assets it lacks. No action needs budget padding, so none is simulated for it.
import { getApplicationAddress } from 'algosdk'
import type { Address, Algodv2 } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup, TxnArg } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { missingOptIns } from '../core/references.ts'
import { OPT_IN_MIN_BALANCE, POSITION_MIN_BALANCE, PROGRAM_MIN_BALANCE, positionBoxName, programBoxName, stakingCall } from './spec.ts'
import type { TypedCall } from '../core/arc56.ts'
import type { StakingPosition } from './spec.ts'
import { creationDeposit, extendDeposits, pendingRewards, topUpDeposit } from './math.ts'
import { fetchPosition } from './state.ts'
import { latestTimestamp } from '../core/block-time.ts'
import type { ProgramRef } from './state.ts'
import { readGlobalState } from '../core/global-state.ts'

/** A built group and what it costs the sender. */
export interface StakingGroup extends ComposedGroup {
  /** Assets the group opts the sender into first. */
  optIns: bigint[]
}

/** What a new program pays out. */
export interface ProgramTerms {
  stakeAsset: bigint
  /** 1 or 2 reward assets (0 = ALGO) and their rates per second. */
  rewards: { asset: bigint; rate: bigint }[]
  start: bigint
  end: bigint
  minStakeSeconds?: bigint
}

interface Draft {
  ctx: GroveContext
  group: GroupBuilder
  app: Address
  optIns: bigint[]
}

async function draft(ctx: GroveContext, optInAssets: readonly bigint[]): Promise<Draft> {
  const wanted = ctx.heldAssets ? optInAssets.filter((a) => !ctx.heldAssets!.includes(a)) : optInAssets
  const [group, optIns] = await Promise.all([GroupBuilder.create(ctx), missingOptIns(ctx.algod, ctx.sender, wanted)])
  for (const asset of optIns) group.addAssetOptIn(asset)
  return { ctx, group, app: getApplicationAddress(ctx.ids.stakingAppId), optIns }
}

/** A transfer of `amount` of `asset` (0 = ALGO) from the sender to the staking app, as a method argument. */
const transfer = (d: Draft, asset: bigint, amount: bigint): TxnArg => d.group.deposit(d.app, asset, amount)

const assetsOf = (p: Pick<ProgramRef, 'stakeAsset' | 'rewardAsset1' | 'rewardAsset2' | 'rewardCount'>): bigint[] =>
  [...new Set([p.stakeAsset, p.rewardAsset1, ...(p.rewardCount === 2n ? [p.rewardAsset2] : [])])].filter((a) => a !== 0n)

function call(d: Draft, typed: TypedCall, inners: number, o: { program: bigint; assets: bigint[]; position?: boolean }): void {
  d.group.addMethodCall({
    appId: d.ctx.ids.stakingAppId,
    ...typed,
    inners,
    boxes: [programBoxName(o.program), ...(o.position ? [positionBoxName(o.program, d.ctx.sender)] : [])],
    assets: o.assets,
    apps: [d.ctx.ids.registryAppId],
  })
}

async function done(d: Draft): Promise<StakingGroup> {
  const { composer, fee } = await d.group.build()
  return { composer, fee, optIns: d.optIns }
}

const now = (ctx: GroveContext): Promise<bigint> => (ctx.now !== undefined ? Promise.resolve(ctx.now) : latestTimestamp(ctx.algod))
const position = async (ctx: GroveContext, program: bigint, known?: StakingPosition | null): Promise<StakingPosition | undefined> =>
  known === null ? undefined : (known ?? (await fetchPosition(ctx.algod, ctx.ids.stakingAppId, program, ctx.sender)))

/** The program id the next createProgram gets (the app's programCount + 1). */
export async function nextProgramId(algod: Algodv2, stakingAppId: bigint): Promise<bigint> {
  return ((await readGlobalState(algod, stakingAppId)).uint('programCount') ?? 0n) + 1n
}

/** What creating a program locks in the app: its box and the opt-ins the app still needs. */
export async function programCreationCost(algod: Algodv2, stakingAppId: bigint, terms: ProgramTerms): Promise<{ minBalance: bigint; optIns: number; missing: bigint[] }> {
  const missing = await missingOptIns(algod, getApplicationAddress(stakingAppId), [terms.stakeAsset, ...terms.rewards.map((r) => r.asset)])
  return { minBalance: PROGRAM_MIN_BALANCE + OPT_IN_MIN_BALANCE * BigInt(missing.length), optIns: missing.length, missing }
}

/**
 * Creates a program: [(payment, optInAssets) when the app lacks an asset, minimum-balance payment,
 * deposit of each reward (rate × duration), createProgram or createProgram2]. Every transfer is an
 * argument of the call that credits it, placed before it; the app must hold the reward assets before
 * their deposits arrive, hence the opt-in call first.
 */
export async function buildCreateProgram(ctx: GroveContext, terms: ProgramTerms): Promise<StakingGroup & { program: bigint }> {
  const [d, cost, id] = await Promise.all([draft(ctx, []), programCreationCost(ctx.algod, ctx.ids.stakingAppId, terms), nextProgramId(ctx.algod, ctx.ids.stakingAppId)])
  const [r1, r2] = terms.rewards
  if (!r1 || terms.rewards.length > 2) throw new Error('A program has 1 or 2 reward assets')
  const assets = [...new Set([terms.stakeAsset, r1.asset, ...(r2 ? [r2.asset] : [])])].filter((a) => a !== 0n)
  if (cost.missing.length > 0) {
    const pay = transfer(d, 0n, OPT_IN_MIN_BALANCE * BigInt(cost.missing.length))
    call(d, stakingCall('optInAssets', [pay, cost.missing]), cost.missing.length, { program: id, assets })
  }
  const mbr = transfer(d, 0n, PROGRAM_MIN_BALANCE)
  const deposit = (r: { asset: bigint; rate: bigint }) => transfer(d, r.asset, creationDeposit(r.rate, terms.start, terms.end))
  const times = [terms.start, terms.end, terms.minStakeSeconds ?? 0n] as const
  if (r2) call(d, stakingCall('createProgram2', [mbr, deposit(r1), deposit(r2), terms.stakeAsset, r1.asset, r2.asset, r1.rate, r2.rate, ...times]), 0, { program: id, assets })
  else call(d, stakingCall('createProgram', [mbr, deposit(r1), terms.stakeAsset, r1.asset, r1.rate, ...times]), 0, { program: id, assets })
  return { ...(await done(d)), program: id }
}

/** Stakes `amount`; a first stake (stakeNew) pays the position box (44,500 µALGO) and opts into reward assets the sender lacks. */
export async function buildStake(ctx: GroveContext, program: ProgramRef, amount: bigint, known?: StakingPosition | null): Promise<StakingGroup> {
  const [d, pos] = await Promise.all([draft(ctx, assetsOf(program).filter((a) => a !== program.stakeAsset)), position(ctx, program.id, known)])
  const refs = { program: program.id, assets: assetsOf(program), position: true }
  if (pos) call(d, stakingCall('stake', [transfer(d, program.stakeAsset, amount), program.id]), 0, refs)
  else call(d, stakingCall('stakeNew', [transfer(d, 0n, POSITION_MIN_BALANCE), transfer(d, program.stakeAsset, amount), program.id]), 0, refs)
  return done(d)
}

/** Unstakes `amount` (after the minimum stake time); when that empties the position, its minimum balance comes back too. */
export async function buildUnstake(ctx: GroveContext, program: ProgramRef, amount: bigint, known?: StakingPosition): Promise<StakingGroup> {
  const [d, pos, t] = await Promise.all([draft(ctx, [program.stakeAsset]), position(ctx, program.id, known), now(ctx)])
  const pending = pos ? pendingRewards(program, pos, t) : [0n, 0n]
  // rewards only grow: nothing pending now may still be nothing when it runs, and then the box closes
  const closes = pos !== undefined && pos.stake === amount && pending.every((x) => x === 0n)
  call(d, stakingCall('unstake', [program.id, amount]), closes ? 2 : 1, { program: program.id, assets: assetsOf(program), position: true })
  return done(d)
}

/** The rewards a claim at `now` pays, and whether it closes the position. */
function claimPlan(program: ProgramRef, pos: StakingPosition | undefined, t: bigint): { paid: number; closes: boolean } {
  if (!pos) return { paid: 0, closes: false }
  const pending = pendingRewards(program, pos, t)
  // still earning: a reward at 0 now may be above 0 by the time the group runs
  const earning = pos.stake > 0n && t < program.end
  const rates = [program.rate1, program.rewardCount === 2n ? program.rate2 : 0n]
  const paid = pending.filter((x, k) => x > 0n || (earning && rates[k]! > 0n)).length
  return { paid, closes: pos.stake === 0n }
}

/** Claims every owed reward (one inner transfer each), opting into reward assets the sender lacks. */
export async function buildClaim(ctx: GroveContext, program: ProgramRef, known?: StakingPosition): Promise<StakingGroup> {
  const rewards = [program.rewardAsset1, ...(program.rewardCount === 2n ? [program.rewardAsset2] : [])]
  const [d, pos, t] = await Promise.all([draft(ctx, rewards), position(ctx, program.id, known), now(ctx)])
  const plan = claimPlan(program, pos, t)
  call(d, stakingCall('claim', [program.id]), plan.paid + (plan.closes ? 1 : 0), { program: program.id, assets: assetsOf(program), position: true })
  return done(d)
}

/** Restakes the reward paid in the stake asset (programs whose reward asset is the stake asset). */
export async function buildCompound(ctx: GroveContext, program: ProgramRef): Promise<StakingGroup> {
  const d = await draft(ctx, [])
  call(d, stakingCall('compound', [program.id]), 0, { program: program.id, assets: assetsOf(program), position: true })
  return done(d)
}

/** Returns the whole stake now and forfeits the pending rewards; works while paused. */
export async function buildEmergencyWithdraw(ctx: GroveContext, program: ProgramRef, known?: StakingPosition): Promise<StakingGroup> {
  const [d, pos] = await Promise.all([draft(ctx, [program.stakeAsset]), position(ctx, program.id, known)])
  call(d, stakingCall('emergencyWithdraw', [program.id]), 1 + (pos && pos.stake > 0n ? 1 : 0), { program: program.id, assets: assetsOf(program), position: true })
  return done(d)
}

/** Creator: raises reward `reward`'s rate to `newRate` for the remaining time, depositing (newRate − rate) × remaining seconds. */
export async function buildTopUp(ctx: GroveContext, program: ProgramRef, reward: 1 | 2, newRate: bigint): Promise<StakingGroup & { deposit: bigint }> {
  const [d, t] = await Promise.all([draft(ctx, []), now(ctx)])
  const deposit = topUpDeposit(program, reward, newRate, t)
  const asset = reward === 1 ? program.rewardAsset1 : program.rewardAsset2
  call(d, stakingCall('topUp', [transfer(d, asset, deposit), program.id, BigInt(reward), newRate]), 0, { program: program.id, assets: assetsOf(program) })
  return { ...(await done(d)), deposit }
}

/** Creator: moves the end to `newEnd`, depositing rate × (newEnd − end) of each reward (extend, or extend2 for two rewards). */
export async function buildExtend(ctx: GroveContext, program: ProgramRef, newEnd: bigint): Promise<StakingGroup & { deposits: bigint[] }> {
  const d = await draft(ctx, [])
  const deposits = extendDeposits(program, newEnd)
  const [first, second] = deposits.map((amount, k) => transfer(d, k === 0 ? program.rewardAsset1 : program.rewardAsset2, amount))
  const typed = second ? stakingCall('extend2', [first!, second, program.id, newEnd]) : stakingCall('extend', [first!, program.id, newEnd])
  call(d, typed, 0, { program: program.id, assets: assetsOf(program) })
  return { ...(await done(d)), deposits }
}

/** Creator, from the end on: takes back what no staker earned (one inner transfer per reward with something left). */
export async function buildReclaim(ctx: GroveContext, program: ProgramRef): Promise<StakingGroup> {
  const d = await draft(ctx, [program.rewardAsset1, ...(program.rewardCount === 2n ? [program.rewardAsset2] : [])])
  call(d, stakingCall('reclaim', [program.id]), Number(program.rewardCount), { program: program.id, assets: assetsOf(program) })
  return done(d)
}
