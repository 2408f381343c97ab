// The staking math against hand-worked cases and, on random sequences, against the reference model
// (pure: no chain; the property test runs the same comparison on the contract).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ABIType, ALGORAND_ZERO_ADDRESS_STRING } from 'algosdk'
import type { StakingPosition, StakingProgram } from '../../src/staking/spec.ts'
import { STAKING_SPEC } from '../../src/staking/spec.ts'
import { stakingContract } from '../../src/staking/module.ts'
import { decodeStakingEvents } from '../../src/staking/events.ts'
import { eventSelector } from '../../src/core/events.ts'
import { EMPTY_POSITION, Q64, accrue, extendDeposits, pendingRewards, programStatus, reclaimable, settle, topUpDeposit } from '../../src/staking/math.ts'
import { StakingReferenceModel } from '../../src/staking/model.ts'

const program = (o: Partial<StakingProgram> = {}): StakingProgram => ({
  stakeAsset: 10n,
  rewardAsset1: 11n,
  rewardAsset2: 0n,
  rewardCount: 1n,
  rate1: 100n,
  rate2: 0n,
  start: 1000n,
  end: 2000n,
  minStakeSeconds: 0n,
  creator: 'A'.repeat(58),
  kind: 0n,
  totalStaked: 0n,
  lastUpdate: 1000n,
  acc1: 0n,
  acc2: 0n,
  reserve1: 100_000n,
  reserve2: 0n,
  owed1: 0n,
  owed2: 0n,
  unsettled1: 0n,
  unsettled2: 0n,
  ...o,
})

describe('accrue and pending', () => {
  it('emits nothing before the start, with nothing staked, or after the end', () => {
    const p = program()
    expect(accrue(p, 900n)).toBe(p)
    expect(accrue(p, 1500n)).toMatchObject({ lastUpdate: 1500n, acc1: 0n })
    const staked = settle(p, EMPTY_POSITION, 1000n, 4n)
    expect(accrue(staked.program, 5000n)).toMatchObject({ lastUpdate: 2000n, acc1: (100n * 1000n * Q64) / 4n })
  })

  it('pays a lone staker the rate, one unit under where the accumulator is not whole', () => {
    const even = settle(program(), EMPTY_POSITION, 1000n, 4n)
    expect(pendingRewards(even.program, even.position, 1010n)).toEqual([1000n, 0n])
    const odd = settle(program(), EMPTY_POSITION, 1000n, 3n)
    expect(pendingRewards(odd.program, odd.position, 1010n)).toEqual([999n, 0n])
  })

  it('splits by stake and leaves the rest reclaimable', () => {
    const a = settle(program(), EMPTY_POSITION, 1000n, 1n)
    const b = settle(a.program, EMPTY_POSITION, 1500n, 3n)
    const [pa] = pendingRewards(b.program, a.position, 2000n)
    const [pb] = pendingRewards(b.program, b.position, 2000n)
    // 500 s alone, then 500 s at 1/4 and 3/4 (all whole: no rounding)
    expect(pa).toBe(50_000n + 12_500n)
    expect(pb).toBe(37_500n)
    const [left] = reclaimable(b.program, 2000n)
    expect(left + pa + pb).toBe(100_000n)
  })

  it('prices top-ups and extensions from the remaining time', () => {
    const p = program()
    expect(topUpDeposit(p, 1, 150n, 500n)).toBe(50n * 1000n)
    expect(topUpDeposit(p, 1, 150n, 1500n)).toBe(50n * 500n)
    expect(extendDeposits(p, 2600n)).toEqual([60_000n])
    expect(programStatus(p, 999n)).toBe('upcoming')
    expect(programStatus(p, 1000n)).toBe('active')
    expect(programStatus(p, 2000n)).toBe('ended')
  })
})

type Op = { gap: bigint; who: number; kind: 'stake' | 'unstake' | 'claim' | 'emergency'; amount: bigint }

describe('the math against the reference model', () => {
  it('pays every staker the model’s amount to the unit (one under at most where it is whole), and stays solvent', () => {
    const op = fc.record({
      gap: fc.bigInt({ min: 0n, max: 120n }),
      who: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom('stake', 'stake', 'unstake', 'claim', 'emergency'),
      amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    }) as fc.Arbitrary<Op>
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 1000n }), fc.array(op, { minLength: 1, maxLength: 12 }), (rate1, rate2, ops) => {
        const two = rate2 > 0n
        let p = program({ rate1, rate2, rewardCount: two ? 2n : 1n, reserve1: rate1 * 1000n, reserve2: rate2 * 1000n })
        const model = new StakingReferenceModel({ rates: two ? [rate1, rate2] : [rate1], start: 1000n, end: 2000n, minStakeSeconds: 0n })
        const positions: (StakingPosition | undefined)[] = [undefined, undefined, undefined]
        const received = [
          [0n, 0n],
          [0n, 0n],
          [0n, 0n],
        ]
        let now = 990n
        for (const o of ops) {
          now += o.gap
          const pos = positions[o.who]
          const who = String(o.who)
          if (o.kind === 'stake' && now < p.end) {
            const s = settle(p, pos ?? EMPTY_POSITION, now, (pos?.stake ?? 0n) + o.amount)
            ;[p, positions[o.who]] = [s.program, s.position]
            model.stake(who, o.amount, now)
          } else if (o.kind === 'unstake' && pos && pos.stake > 0n) {
            const amount = (o.amount % pos.stake) + 1n
            const s = settle(p, pos, now, pos.stake - amount)
            ;[p, positions[o.who]] = [s.program, s.position]
            model.unstake(who, amount, now)
          } else if (o.kind === 'claim' && pos && now >= p.start && pendingRewards(p, pos, now).some((x) => x > 0n)) {
            const s = settle(p, pos, now, pos.stake)
            received[o.who]![0]! += s.position.owed1
            received[o.who]![1]! += s.position.owed2
            p = { ...s.program, reserve1: s.program.reserve1 - s.position.owed1, reserve2: s.program.reserve2 - s.position.owed2, owed1: s.program.owed1 - s.position.owed1, owed2: s.program.owed2 - s.position.owed2 }
            positions[o.who] = { ...s.position, owed1: 0n, owed2: 0n }
            expect(model.claim(who, now).ok).toBe(true)
          } else if (o.kind === 'emergency' && pos) {
            const s = settle(p, pos, now, 0n)
            p = { ...s.program, owed1: s.program.owed1 - s.position.owed1, owed2: s.program.owed2 - s.position.owed2 }
            positions[o.who] = undefined
            model.emergencyWithdraw(who, now)
          }
        }
        const end = 2000n
        const pendings = positions.map((pos) => (pos ? pendingRewards(p, pos, end) : [0n, 0n]))
        const left = reclaimable(p, end)
        for (let k = 0; k < (two ? 2 : 1); k++) {
          const paid = received.reduce((sum, r) => sum + r[k]!, 0n)
          const pending = pendings.reduce((sum, x) => sum + x[k]!, 0n)
          expect(left[k]!).toBeGreaterThanOrEqual(0n)
          expect(paid + pending + left[k]!).toBeLessThanOrEqual(k === 0 ? rate1 * 1000n : rate2 * 1000n)
        }
        for (let i = 0; i < 3; i++) {
          const { total, slack } = model.totals(String(i), end)
          for (let k = 0; k < (two ? 2 : 1); k++) {
            const got = received[i]![k]! + pendings[i]![k]!
            expect(got).toBeLessThanOrEqual(total[k]!)
            expect(total[k]! - got).toBeLessThanOrEqual(slack[k]!)
          }
        }
      }),
      { numRuns: 1000, seed: 1212 },
    )
  })
})

describe('events and errors', () => {
  it('decodes a Claimed log', () => {
    const spec = STAKING_SPEC.events!.find((e) => e.name === 'Claimed')!
    const types = spec.args.map((a) => a.type)
    const body = ABIType.from(`(${types.join(',')})`).encode([7n, 100n, 0n, ALGORAND_ZERO_ADDRESS_STRING])
    const log = new Uint8Array([...eventSelector('Claimed', types), ...body])
    expect(decodeStakingEvents([log])).toEqual([{ name: 'Claimed', args: { program: 7n, amount1: 100n, amount2: 0n, staker: ALGORAND_ZERO_ADDRESS_STRING } }])
  })

  it('explains each staking code it finds by pc in words', () => {
    for (const code of ['ERR:MIN_STAKE_TIME', 'ERR:INSUFFICIENT_STAKE', 'ERR:ENDED', 'ERR:NOT_STARTED', 'ERR:PAUSED']) {
      const pc = STAKING_SPEC.sourceInfo!.approval.sourceInfo.find((s) => s.errorMessage === code)!.pc[0]!
      const explained = stakingContract.explain(new Error(`logic eval error: assert failed pc=${pc}. Details: app=5, pc=${pc}`), { stakingAppId: 5n })
      expect(explained.code).toBe(code)
      expect(explained.message).not.toContain('ERR:')
    }
  })
})
