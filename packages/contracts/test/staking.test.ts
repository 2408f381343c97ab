// The staking app's methods, each on its happy path and its documented failures, on frozen block
// time that moves only by `travel`.
import { beforeAll, describe, expect, it } from 'vitest'
import { PAUSE } from '../src/pool.ts'
import { expectRejected, useGrove, type User } from './fixture.ts'
import { POSITION_MBR, StakingKit, stakingEvents } from './staking.ts'

const grove = useGrove()
let kit: StakingKit
let creator: User
let alice: User
let bob: User
let stakeToken: bigint
let rewardA: bigint
let rewardB: bigint
let t0: bigint

const DAY = 86_400n

beforeAll(async () => {
  const g = grove()
  kit = new StakingKit(g)
  creator = await g.user(1000)
  alice = await g.user(100)
  bob = await g.user(100)
  stakeToken = await g.asset(creator, { unitName: 'STK' })
  rewardA = await g.asset(creator, { unitName: 'RWA' })
  rewardB = await g.asset(creator, { unitName: 'RWB' })
  for (const u of [alice, bob]) {
    await g.optIn(u, stakeToken, rewardA, rewardB)
    await g.transfer(creator, u, stakeToken, 10n ** 12n)
  }
  t0 = await kit.freeze()
})

/** A program starting `startIn` seconds from now, lasting `days`. */
async function program(o: { rewards?: { asset: bigint; rate: bigint }[]; startIn?: bigint; days?: bigint; min?: bigint; stakeAsset?: bigint } = {}): Promise<bigint> {
  const now = await kit.now()
  const start = now + (o.startIn ?? 10n)
  const sent = await kit.createProgram(creator, {
    stakeAsset: o.stakeAsset ?? stakeToken,
    rewards: o.rewards ?? [{ asset: rewardA, rate: 1000n }],
    start,
    end: start + (o.days ?? 10n) * DAY,
    minStakeSeconds: o.min ?? 0n,
  })
  return sent.value
}

describe('createProgram', () => {
  it('creates a pool program with the whole reward deposited, and logs ProgramCreated', async () => {
    const before = await grove().balance(kit.address, rewardA)
    const id = await program()
    const p = await kit.program(id)
    expect(p).toMatchObject({ stakeAsset: stakeToken, rewardAsset1: rewardA, rewardCount: 1n, rate1: 1000n, kind: 0n, totalStaked: 0n, reserve1: 1000n * 10n * DAY })
    expect(p.creator).toBe(creator.addr.toString())
    expect((await grove().balance(kit.address, rewardA)) - before).toBe(1000n * 10n * DAY)
    expect(t0).toBeGreaterThan(0n)
  })

  it('creates a two-reward program with ALGO as the second reward', async () => {
    const id = await program({ rewards: [{ asset: rewardA, rate: 10n }, { asset: 0n, rate: 3n }], days: 1n })
    expect(await kit.program(id)).toMatchObject({ rewardCount: 2n, rewardAsset2: 0n, rate2: 3n, reserve2: 3n * DAY })
  })

  it('refuses a deposit that is not rate × duration', async () => {
    const now = await kit.now()
    await expectRejected(
      kit.createProgram(creator, { stakeAsset: stakeToken, rewards: [{ asset: rewardA, rate: 5n }], start: now + 10n, end: now + 110n }, { deposits: [499n] }),
      'ERR:BAD_DEPOSIT',
    )
  })

  it('refuses an end more than 4 years after the start, or a start in the past', async () => {
    const now = await kit.now()
    const four = 126_230_400n
    await expectRejected(kit.createProgram(creator, { stakeAsset: stakeToken, rewards: [{ asset: rewardA, rate: 1n }], start: now, end: now + four + 1n }), 'ERR:BAD_TIMES')
    await expectRejected(kit.createProgram(creator, { stakeAsset: stakeToken, rewards: [{ asset: rewardA, rate: 1n }], start: now - 1n, end: now + 100n }), 'ERR:BAD_TIMES')
  })

  it('refuses creation while new staking programs are paused', async () => {
    const g = grove()
    await g.registry.send.setPaused({ args: { flags: PAUSE.staking }, note: g.note() })
    try {
      await expectRejected(program(), 'ERR:PAUSED')
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })
})

describe('stake, claim, unstake', () => {
  it('pays a lone staker the rate every second, and the position box is refunded when emptied', async () => {
    const id = await program({ startIn: 0n })
    const g = grove()
    const algoBefore = await g.balance(alice, 0n)
    const staked = await kit.stake(alice, id, 1_000_000n)
    expect(stakingEvents(staked.logs, 'Staked')[0]).toMatchObject({ program: id, amount: 1_000_000n, stake: 1_000_000n })
    const from = await kit.now()
    // travel lands a second later when the wall clock ticks meanwhile: use the real block times
    const elapsed = (await kit.travel(100n)) - from
    const [pending] = await kit.pending(id, alice)
    // a lone staker earns the whole rate, at most one unit less (the accumulator rounds down)
    expect(pending).toBeGreaterThanOrEqual(elapsed * 1000n - 1n)
    expect(pending).toBeLessThanOrEqual(elapsed * 1000n)
    const before = await g.balance(alice, rewardA)
    const claimed = await kit.claim(alice, id)
    expect((await g.balance(alice, rewardA)) - before).toBe(pending)
    expect(stakingEvents(claimed.logs, 'Claimed')[0]).toMatchObject({ amount1: pending, amount2: 0n })
    expect(claimed.fees).toBe(2000n)
    const unstaked = await kit.unstake(alice, id, 1_000_000n)
    expect(unstaked.fees).toBe(3000n) // the stake back and the box's minimum balance back
    expect(await kit.position(id, alice)).toBeUndefined()
    // fees paid: stake 2,000 + mbr payment 1,000 + claim 2,000 + unstake 3,000; the 44,500 came back
    expect(algoBefore - (await g.balance(alice, 0n))).toBe(8000n)
    expect(POSITION_MBR).toBe(44_500n)
  })
})

describe('kinds', () => {
  it('is a farm when the stake asset is a Grove LP token', async () => {
    const g = grove()
    const lp = (await g.createPool(creator, ...([stakeToken, rewardB].sort((x, y) => (x < y ? -1 : 1)) as [bigint, bigint]))).value
    const id = await program({ stakeAsset: lp })
    expect(await kit.program(id)).toMatchObject({ stakeAsset: lp, kind: 1n })
  })
})

describe('compound, emergency withdraw, top-up, extend, reclaim', () => {
  it('compounds a reward paid in the stake asset into the stake, logging Compounded', async () => {
    const id = await program({ rewards: [{ asset: stakeToken, rate: 100n }], startIn: 0n })
    await kit.stake(bob, id, 1_000n)
    await kit.travel(50n)
    const [pending] = await kit.pending(id, bob)
    const sent = await kit.compound(bob, id)
    expect(sent.fees).toBe(1000n)
    expect(stakingEvents(sent.logs, 'Compounded')[0]).toMatchObject({ program: id, amount: pending, stake: 1_000n + pending })
    expect(await kit.position(id, bob)).toMatchObject({ stake: 1_000n + pending, owed1: 0n })
  })

  it('returns the whole stake at once on an emergency withdraw, forfeiting what was owed, which the creator reclaims after the end', async () => {
    const g = grove()
    const id = await program({ startIn: 0n, days: 1n, min: 3600n })
    await kit.stake(bob, id, 500n)
    await kit.travel(100n)
    const [pending] = await kit.pending(id, bob)
    const before = await g.balance(bob, stakeToken)
    const sent = await kit.emergencyWithdraw(bob, id)
    expect(sent.fees).toBe(3000n)
    expect(stakingEvents(sent.logs, 'EmergencyWithdrawn')[0]).toMatchObject({ amount: 500n, forfeited1: pending, forfeited2: 0n })
    expect((await g.balance(bob, stakeToken)) - before).toBe(500n)
    expect(await kit.position(id, bob)).toBeUndefined()
    await expectRejected(kit.reclaim(creator, id, 1), 'ERR:NOT_ENDED')
    const p = await kit.program(id)
    await kit.travelTo(p.end)
    const creatorBefore = await g.balance(creator, rewardA)
    const reclaimed = await kit.reclaim(creator, id, 1)
    // nobody is owed anything: the whole deposit comes back, forfeits included
    expect(stakingEvents(reclaimed.logs, 'Reclaimed')[0]).toMatchObject({ amount1: p.reserve1 })
    expect((await g.balance(creator, rewardA)) - creatorBefore).toBe(p.reserve1)
    await expectRejected(kit.reclaim(creator, id, 1), 'ERR:NOTHING_TO_RECLAIM')
  })

  it('tops up the rate for the remaining time and extends the end at the same rate', async () => {
    const id = await program({ startIn: 0n, days: 1n })
    await kit.travel(1000n)
    const p = await kit.program(id)
    const now = await kit.now()
    const sent = await kit.topUp(creator, id, 1n, 1500n, 500n * (p.end - now))
    expect(stakingEvents(sent.logs, 'ToppedUp')[0]).toMatchObject({ rate: 1500n, deposit: 500n * (p.end - now) })
    const extended = await kit.extend(creator, id, p.end + 3600n)
    expect(stakingEvents(extended.logs, 'Extended')[0]).toMatchObject({ end: p.end + 3600n, deposit1: 1500n * 3600n })
    expect(await kit.program(id)).toMatchObject({ rate1: 1500n, end: p.end + 3600n, reserve1: p.reserve1 + 500n * (p.end - now) + 1500n * 3600n })
  })

  it('refuses staking after the end and claiming before the start', async () => {
    const upcoming = await program({ startIn: 1000n, days: 1n })
    await kit.stake(alice, upcoming, 10n)
    await expectRejected(kit.claim(alice, upcoming), 'ERR:NOT_STARTED')
    const p = await kit.program(upcoming)
    await kit.travelTo(p.end)
    await expectRejected(kit.stake(alice, upcoming, 10n), 'ERR:ENDED')
  })
})
