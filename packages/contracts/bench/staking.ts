// npm run bench -w @grove/contracts (the `staking` part): per staking action, the µALGO the user
// pays in fees for its whole group and the opcodes it used (simulate's app-budget-consumed), in a
// program with one staker and in the same program once 1,000 stakers are in it. Each measured
// program pays two reward assets and stakes what its first reward pays (so it compounds): the
// costliest shape. `STAKING_BENCH_STAKERS` changes the 1,000.
import type { Grove, Sent, User } from '../test/grove.ts'
import { POSITION_MBR, StakingKit, addStakers } from '../test/staking.ts'

export const STAKING_ACTIONS = ['createProgram', 'stake', 'unstake', 'claim', 'compound', 'emergencyWithdraw'] as const
type Action = (typeof STAKING_ACTIONS)[number]
type Figures = Record<Action, number>

/** Measures each action in a fresh two-reward ALGO program after `stakers` other stakers joined it. */
async function measure(kit: StakingKit, user: User, reward: bigint, stakers: number): Promise<{ fees: Figures; opcodes: Figures }> {
  const g = kit.g
  const now = await kit.now()
  g.measure = true
  const sent: Partial<Record<Action, Sent<unknown>>> = {}
  const start = now + 5n
  // ALGO staked, paid in ALGO (so it compounds) and in a token
  sent.createProgram = await kit.createProgram(user, { stakeAsset: 0n, rewards: [{ asset: 0n, rate: 1000n }, { asset: reward, rate: 7n }], start, end: start + 100_000n })
  const program = sent.createProgram.value as bigint
  g.measure = false
  await addStakers(kit, program, stakers, user)
  await kit.travelTo(start + 10n)
  g.measure = true
  // a later stake: the position exists, the accumulators move
  await kit.stake(user, program, 5_000_000n)
  await kit.travel(60n)
  sent.stake = await kit.stake(user, program, 5_000_000n)
  await kit.travel(60n)
  sent.claim = await kit.claim(user, program)
  await kit.travel(60n)
  sent.compound = await kit.compound(user, program)
  await kit.travel(60n)
  sent.unstake = await kit.unstake(user, program, 1_000_000n)
  await kit.travel(60n)
  sent.emergencyWithdraw = await kit.emergencyWithdraw(user, program)
  g.measure = false
  const pick = (f: (s: Sent<unknown>) => number | bigint | undefined) => Object.fromEntries(STAKING_ACTIONS.map((a) => [a, Number(f(sent[a]!) ?? 0)])) as Figures
  return { fees: pick((s) => s.fees), opcodes: pick((s) => s.opcodes) }
}

/** The staking figures with 1 and with `many` stakers. */
export async function benchStaking(g: Grove, many = Number(process.env.STAKING_BENCH_STAKERS ?? 1000)): Promise<unknown> {
  const kit = new StakingKit(g)
  const user = await g.user(10_000)
  const reward = await g.asset(user, { unitName: 'RWD' })
  await kit.freeze()
  const one = await measure(kit, user, reward, 0)
  const lots = await measure(kit, user, reward, many - 1)
  return {
    fees: { stakers1: one.fees, [`stakers${many}`]: lots.fees },
    opcodeCost: { stakers1: one.opcodes, [`stakers${many}`]: lots.opcodes },
    positionMinBalance: Number(POSITION_MBR),
  }
}
