// O(1): nothing in the staking app loops over stakers, so a stake and a claim run the same opcodes
// in a program with 1 staker and in one with 1,000 (simulate's app-budget-consumed).
import { beforeAll, describe, expect, it } from 'vitest'
import { useGrove, type User } from './fixture.ts'
import { StakingKit, addStakers } from './staking.ts'

const grove = useGrove()
let kit: StakingKit
let user: User
let reward: bigint

beforeAll(async () => {
  const g = grove()
  kit = new StakingKit(g)
  user = await g.user(5000)
  reward = await g.asset(user, { unitName: 'RWD' })
  await kit.freeze()
})

/** Opcodes of the user's later stake and claim in a fresh two-reward ALGO program with `others` other stakers. */
async function costs(others: number): Promise<{ stake: number; claim: number; total: bigint }> {
  const g = grove()
  const start = (await kit.now()) + 5n
  const program = (await kit.createProgram(user, { stakeAsset: 0n, rewards: [{ asset: 0n, rate: 1000n }, { asset: reward, rate: 1000n }], start, end: start + 100_000n })).value
  await addStakers(kit, program, others, user)
  await kit.stake(user, program, 1_000_000n)
  await kit.travelTo(start + 100n)
  g.measure = true
  try {
    const stake = await kit.stake(user, program, 1_000_000n)
    await kit.travel(100n)
    const claim = await kit.claim(user, program)
    return { stake: stake.opcodes!, claim: claim.opcodes!, total: (await kit.program(program)).totalStaked }
  } finally {
    g.measure = false
  }
}

describe('O(1) per action', () => {
  it('stakes and claims with the same opcodes with 1 and with 1,000 stakers', async () => {
    const one = await costs(0)
    const many = await costs(999)
    expect(many.total).toBe(one.total + 999n * 1_000_000n)
    expect(many.stake).toBe(one.stake)
    expect(many.claim).toBe(one.claim)
    expect(one.stake).toBeLessThanOrEqual(700)
    expect(one.claim).toBeLessThanOrEqual(700)
  }, 600_000)
})
