// Property (fast-check, fixed seed): random sequences of stake, unstake, claim, compound and
// emergency withdraw with time travel, each on its own program, run on the contract through the
// SDK's builders, in batches that share block time. Each action's validity and effect come from the
// SDK's math; at the end of each batch every program and position box is what it predicted, to the
// unit, and, per program and
// reward asset, what was paid plus what is pending plus what is reclaimable never exceeds the
// deposit, and every staker's rewards equal the reference model's (rounded
// down where the contract settles; one unit under at most where the exact amount is whole).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Address } from 'algosdk'
import { decodeStakingEvents } from '../../src/staking/events.ts'
import { EMPTY_POSITION, creationDeposit, pendingRewards, reclaimable, settle } from '../../src/staking/math.ts'
import { StakingReferenceModel } from '../../src/staking/model.ts'
import { latestTimestamp } from '../../src/core/block-time.ts'
import { stakingContract } from '../../src/staking/module.ts'
import type { ProgramRef } from '../../src/staking/state.ts'
import type { StakingPosition, StakingProgram } from '../../src/staking/spec.ts'
import type { SuggestedParams } from 'algosdk'
import { buildClaim, buildCompound, buildCreateProgram, buildEmergencyWithdraw, buildStake, buildUnstake } from '../../src/staking/transactions.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { startStakingGrove } from './fixture.ts'
import type { StakingGrove } from './fixture.ts'

// seeded; CI runs a bounded 8 batches of the seed's sequences (20 elsewhere), GROVE_PROPERTY_RUNS more
const RUNS = Number(process.env.GROVE_PROPERTY_RUNS ?? (process.env.CI ? 8 : 20))
const SEED = Number(process.env.GROVE_PROPERTY_SEED ?? 1212)
/** Sequences per batch (each batch is one fast-check run): 20 × 25 = 500 sequences. */
const BATCH = 25
const STAKERS = 3

type Action = { gap: number; who: number; kind: 'stake' | 'unstake' | 'claim' | 'compound' | 'emergency'; amount: bigint }
interface Sequence {
  two: boolean
  compoundable: boolean
  rate1: bigint
  rate2: bigint
  startIn: number
  duration: number
  min: number
  actions: Action[]
}

const action: fc.Arbitrary<Action> = fc.record({
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 400 })),
  who: fc.integer({ min: 0, max: STAKERS - 1 }),
  kind: fc.constantFrom('stake', 'stake', 'unstake', 'claim', 'compound', 'emergency'),
  amount: fc.oneof(fc.bigInt({ min: 1n, max: 100n }), fc.bigInt({ min: 1n, max: 10n ** 9n })),
})
const sequence: fc.Arbitrary<Sequence> = fc.record({
  two: fc.boolean(),
  compoundable: fc.boolean(),
  rate1: fc.oneof(fc.bigInt({ min: 1n, max: 7n }), fc.bigInt({ min: 1n, max: 10n ** 6n })),
  rate2: fc.bigInt({ min: 1n, max: 1000n }),
  startIn: fc.integer({ min: 0, max: 60 }),
  duration: fc.integer({ min: 30, max: 900 }),
  min: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 })),
  actions: fc.array(action, { minLength: 2, maxLength: 7 }),
})

let g: StakingGrove
let stakeToken: bigint
let reward1: bigint
let reward2: bigint
let stakers: { addr: Address; signer: StakingGrove['trader']['signer'] }[]
let creator: GroveContext
let params: SuggestedParams
/** Numbers each step's note, so identical actions never share a transaction id. */
let steps = 0

beforeAll(async () => {
  g = await startStakingGrove()
  ;[stakeToken, reward1, reward2] = g.assets.filter((_, i) => i !== 2) // USDC, WHOLE, GEM (not the 19-decimal one)
  stakers = []
  for (let i = 0; i < STAKERS; i++) {
    const a = g.algorand.account.random()
    await g.algorand.send.payment({ sender: g.trader.addr, receiver: a.addr, amount: (await import('@algorandfoundation/algokit-utils')).microAlgo(3_000_000_000n) })
    for (const asset of [stakeToken, reward1, reward2]) await g.algorand.send.assetOptIn({ sender: a.addr, assetId: asset })
    await g.algorand.send.assetTransfer({ sender: g.trader.addr, receiver: a.addr, assetId: stakeToken, amount: 10n ** 15n })
    stakers.push(a)
  }
  params = await g.algod.getTransactionParams().do()
  creator = { ...g.stakingCtx(), suggestedParams: params }
  await g.freeze()
}, 300_000)

afterAll(async () => {
  await g?.stop()
})

interface Run {
  seq: Sequence
  program: ProgramRef
  model: StakingReferenceModel
  /** What each staker received from the contract (claims and compounds), per reward. */
  received: bigint[][]
  deposited: bigint[]
  paid: bigint[]
  /** The boxes as the SDK's math predicts them after each action (checked against the chain at the end). */
  state: StakingProgram
  positions: Map<number, StakingPosition>
}

async function runBatch(batch: Sequence[]): Promise<void> {
  const t0 = await g.travel(1n)
  // each batch makes a few hundred blocks: fresh validity windows
  params = await g.algod.getTransactionParams().do()
  creator = { ...creator, suggestedParams: params }
  const runs: Run[] = []
  for (const seq of batch) {
    const start = t0 + BigInt(seq.startIn)
    const end = start + BigInt(seq.duration)
    // the minimum stake time must fit in the program
    seq.min = Math.min(seq.min, seq.duration)
    const rewards = [{ asset: seq.compoundable ? stakeToken : reward1, rate: seq.rate1 }, ...(seq.two ? [{ asset: reward2, rate: seq.rate2 }] : [])]
    const created = await buildCreateProgram({ ...creator, now: t0, note: new TextEncoder().encode(`create ${++steps}`) }, { stakeAsset: stakeToken, rewards, start, end, minStakeSeconds: BigInt(seq.min) })
    await g.sendStaking(created).catch(async (e: unknown) => {
      throw new Error(`createProgram ${JSON.stringify({ start, end, min: seq.min, t0, now: await latestTimestamp(g.algod) }, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`, { cause: e })
    })
    const program = (await stakingContract.readers.program(g, created.program))!
    runs.push({
      seq,
      program,
      model: new StakingReferenceModel({ rates: rewards.map((r) => r.rate), start, end, minStakeSeconds: BigInt(seq.min), compoundReward: seq.compoundable ? 0 : undefined }),
      received: stakers.map(() => rewards.map(() => 0n)),
      deposited: rewards.map((r) => creationDeposit(r.rate, start, end)),
      paid: rewards.map(() => 0n),
      state: program,
      positions: new Map(),
    })
  }
  // every run's actions on one timeline of offsets from t0
  const timeline = new Map<number, { run: Run; a: Action }[]>()
  for (const run of runs) {
    let at = 0
    for (const a of run.seq.actions) {
      at += a.gap
      timeline.set(at, [...(timeline.get(at) ?? []), { run, a }])
    }
  }
  let now = t0
  for (const at of [...timeline.keys()].sort((x, y) => x - y)) {
    if (t0 + BigInt(at) > now) now = await g.travel(t0 + BigInt(at) - now)
    const byRun = new Map<Run, Action[]>()
    for (const { run, a } of timeline.get(at)!) byRun.set(run, [...(byRun.get(run) ?? []), a])
    await Promise.all([...byRun].map(async ([run, actions]) => {
      for (const a of actions) await step(run, a, now)
    }))
  }
  // the end of every program, then the invariants
  const last = runs.reduce((m, r) => (r.model.terms.end > m ? r.model.terms.end : m), now)
  if (last + 1n > now) now = await g.travel(last + 1n - now)
  for (const run of runs) await check(run, now)
}

/** One action: skipped when the SDK's math says the contract would refuse it, otherwise sent (its events checked) and its boxes predicted. */
async function step(run: Run, a: Action, now: bigint): Promise<void> {
  const who = stakers[a.who]!
  const p: ProgramRef = { ...run.state, id: run.program.id }
  const pos = run.positions.get(a.who)
  const ctx: GroveContext = { ...g.stakingCtx(who), now, suggestedParams: params, heldAssets: [stakeToken, reward1, reward2], note: new TextEncoder().encode(`step ${++steps}`) }
  const key = who.addr.toString()
  const pending = pos ? pendingRewards(p, pos, now) : [0n, 0n]
  let next: { program: StakingProgram; position: StakingPosition | undefined }
  switch (a.kind) {
    case 'stake': {
      if (now >= p.end) return
      const s = settle(p, pos ?? EMPTY_POSITION, now, (pos?.stake ?? 0n) + a.amount)
      next = { program: s.program, position: { ...s.position, stakedAt: now } }
      expect(run.model.stake(key, a.amount, now).ok).toBe(true)
      await g.sendStaking(await buildStake(ctx, p, a.amount, pos ?? null))
      break
    }
    case 'unstake': {
      if (!pos || pos.stake === 0n) return
      const amount = (a.amount % pos.stake) + 1n
      if (now < pos.stakedAt + p.minStakeSeconds) return
      const s = settle(p, pos, now, pos.stake - amount)
      next = { program: s.program, position: s.position.stake === 0n && s.position.owed1 === 0n && s.position.owed2 === 0n ? undefined : s.position }
      expect(run.model.unstake(key, amount, now).ok).toBe(true)
      await g.sendStaking(await buildUnstake(ctx, p, amount, pos))
      break
    }
    case 'claim': {
      if (!pos || now < p.start || pending.every((x) => x === 0n)) return
      const s = settle(p, pos, now, pos.stake)
      const paid = [s.position.owed1, s.position.owed2]
      next = {
        program: { ...s.program, reserve1: s.program.reserve1 - paid[0]!, reserve2: s.program.reserve2 - paid[1]!, owed1: s.program.owed1 - paid[0]!, owed2: s.program.owed2 - paid[1]! },
        position: pos.stake === 0n ? undefined : { ...s.position, owed1: 0n, owed2: 0n },
      }
      const m = run.model.claim(key, now)
      const logs = await g.sendStaking(await buildClaim(ctx, p, pos))
      const [event] = decodeStakingEvents(logs).filter((e) => e.name === 'Claimed')
      expect(event?.args).toMatchObject({ amount1: paid[0], amount2: paid[1] })
      expect(m.ok, 'the model claims whenever the contract does').toBe(true)
      for (let k = 0; k < run.deposited.length; k++) {
        run.received[a.who]![k]! += paid[k]!
        run.paid[k]! += paid[k]!
      }
      break
    }
    case 'compound': {
      if (!pos || !run.seq.compoundable || now < p.start || pending[0] === 0n) return
      const s = settle(p, pos, now, pos.stake)
      const amount = s.position.owed1
      next = settle({ ...s.program, reserve1: s.program.reserve1 - amount, owed1: s.program.owed1 - amount }, { ...s.position, owed1: 0n }, now, pos.stake + amount)
      expect(run.model.compound(key, now).ok).toBe(true)
      const logs = await g.sendStaking(await buildCompound(ctx, p))
      expect(decodeStakingEvents(logs).find((e) => e.name === 'Compounded')?.args).toMatchObject({ amount })
      run.received[a.who]![0]! += amount
      run.paid[0]! += amount
      break
    }
    case 'emergency': {
      if (!pos) return
      const s = settle(p, pos, now, 0n)
      next = { program: { ...s.program, owed1: s.program.owed1 - s.position.owed1, owed2: s.program.owed2 - s.position.owed2 }, position: undefined }
      expect(run.model.emergencyWithdraw(key, now).ok).toBe(true)
      await g.sendStaking(await buildEmergencyWithdraw(ctx, p, pos))
      break
    }
  }
  run.state = next.program
  if (next.position) run.positions.set(a.who, next.position)
  else run.positions.delete(a.who)
}

/** Solvency and equality with the reference model, after the program's end. */
async function check(run: Run, now: bigint): Promise<void> {
  // the SDK predicted every box to the unit
  const p = (await stakingContract.readers.program(g, run.program.id))!
  expect(p).toEqual({ ...run.state, id: run.program.id })
  const positions = await Promise.all(stakers.map((s) => stakingContract.readers.position(g, run.program.id, s.addr)))
  expect(positions).toEqual(stakers.map((_, i) => run.positions.get(i)))
  const pendings = positions.map((pos) => (pos ? pendingRewards(p, pos, now) : [0n, 0n]))
  const left = reclaimable(p, now)
  const reserves = [p.reserve1, p.reserve2]
  for (let k = 0; k < run.deposited.length; k++) {
    const pending = pendings.reduce((sum, x) => sum + x[k]!, 0n)
    expect(run.paid[k]! + pending + left[k]!, `program ${run.program.id} reward ${k + 1}: paid + pending + reclaimable ≤ deposited`).toBeLessThanOrEqual(run.deposited[k]!)
    expect(left[k]!).toBeGreaterThanOrEqual(0n)
    expect(reserves[k]! + run.paid[k]!).toBe(run.deposited[k]!)
  }
  for (const [i, s] of stakers.entries()) {
    const { total, slack } = run.model.totals(s.addr.toString(), now)
    for (let k = 0; k < run.deposited.length; k++) {
      const got = run.received[i]![k]! + pendings[i]![k]!
      expect(got, `program ${run.program.id} staker ${i} reward ${k + 1}: at most the model`).toBeLessThanOrEqual(total[k]!)
      expect(total[k]! - got, `program ${run.program.id} staker ${i} reward ${k + 1}: under the model only where it is whole`).toBeLessThanOrEqual(slack[k]!)
    }
  }
}

describe('staking property', () => {
  it(`stays solvent and pays every staker what the reference model does (${RUNS} batches of ${BATCH} sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sequence, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await runBatch(batch)
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  }, 1_800_000)
})
