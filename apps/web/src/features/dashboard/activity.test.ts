import { describe, expect, it } from 'vitest'
import { activityDetail, activityTitle, programTitle } from './activity.ts'
import type { ApiActivity } from '@/lib/analytics/types.ts'

const base: ApiActivity = {
  kind: 'swap', contract: 'dex', round: 10, time: 1, txnId: 'T', groupId: null, poolId: null, assetIn: null, assetOut: null, amountIn: null, amountOut: null,
  amountA: null, amountB: null, lp: null, programId: null, lockId: null, amount: null, stake: null, reward1: null, reward2: null, shares: null,
}
const fmt = (amount: bigint, asset: number) => `${amount}@${asset}`
const ctx = { pools: [{ lpAsset: 100n, a: 0n, b: 5n }], programs: [{ id: 7n, stakeAsset: 100n, rewardAsset1: 0n, rewardAsset2: 5n }], groveAssetId: 8, sGroveAssetId: 9 }

describe('activityTitle', () => {
  it.each([
    [{ kind: 'swap', contract: 'dex' }, 'Swap'],
    [{ kind: 'add', contract: 'dex' }, 'Add liquidity'],
    [{ kind: 'claim', contract: 'staking', programId: 7 }, 'Claim rewards (program #7)'],
    [{ kind: 'stake', contract: 'vault' }, 'Stake GROVE for sGROVE'],
    [{ kind: 'lock', contract: 'locks', lockId: 3 }, 'Lock #3'],
    [{ kind: 'close', contract: 'locks', lockId: 3 }, 'Close lock #3'],
  ] as const)('%o reads %s', (item, title) => {
    expect(activityTitle({ programId: null, lockId: null, ...item })).toBe(title)
  })
})

describe('a staking action names its program by its tokens', () => {
  const symbol = (asset: bigint) => (asset === 100n ? 'ALGO/gUSD LP' : asset === 0n ? 'ALGO' : asset === 5n ? 'gUSD' : `#${asset}`)
  it('as the farms page does, two rewards joined', () => {
    expect(programTitle({ ...ctx.programs[0]!, rewardCount: 2n }, symbol)).toBe('ALGO/gUSD LP → ALGO + gUSD')
    expect(programTitle({ ...ctx.programs[0]!, rewardCount: 1n }, symbol)).toBe('ALGO/gUSD LP → ALGO')
  })
  it('in the activity title, falling back to its number when the program is unknown', () => {
    const name = (id: bigint) => (id === 7n ? programTitle({ ...ctx.programs[0]!, rewardCount: 1n }, symbol) : undefined)
    expect(activityTitle({ kind: 'claim', contract: 'staking', programId: 7, lockId: null }, name)).toBe('Claim rewards (ALGO/gUSD LP → ALGO)')
    expect(activityTitle({ kind: 'claim', contract: 'staking', programId: 8, lockId: null }, name)).toBe('Claim rewards (program #8)')
  })
})

describe('activityDetail', () => {
  it('names a swap’s paid and received amounts', () => {
    expect(activityDetail({ ...base, assetIn: 0, assetOut: 5, amountIn: '1000', amountOut: '20' }, fmt, ctx)).toBe('1000@0 → 20@5')
  })
  it('names both sides of an add by the pool’s assets and the LP minted', () => {
    expect(activityDetail({ ...base, kind: 'add', poolId: 100, amountA: '10', amountB: '40', lp: '19' }, fmt, ctx)).toBe('10@0 + 40@5 → 19@100')
  })
  it('names a claim’s rewards by the program’s reward assets', () => {
    expect(activityDetail({ ...base, kind: 'claim', contract: 'staking', programId: 7, amount: '0', reward1: '3', reward2: '4' }, fmt, ctx)).toBe('rewards 3@0 · 4@5')
  })
  it('reads a vault stake as GROVE in, sGROVE out', () => {
    expect(activityDetail({ ...base, kind: 'stake', contract: 'vault', amount: '50', shares: '45' }, fmt, ctx)).toBe('50@8 → 45@9')
  })
  it('names a lock action’s amount by the lock’s asset', () => {
    expect(activityDetail({ ...base, kind: 'withdraw', contract: 'locks', lockId: 3, amount: '70' }, fmt, { ...ctx, locks: [{ id: 3n, asset: 5n }] })).toBe('70@5')
  })
  it('reads a lock’s close as the ALGO deposit it returned, whatever the lock held', () => {
    expect(activityDetail({ ...base, kind: 'close', contract: 'locks', lockId: 3, amount: '101500' }, fmt, { ...ctx, locks: [] })).toBe('101500@0 deposit back')
  })
  it('reads an action of a contract this build does not know (a newer service) as its kind, with no amounts: not as a lock', () => {
    const item = { ...base, kind: 'withdraw', contract: 'farms', lockId: 3, amount: '70' } as unknown as ApiActivity
    expect(activityTitle(item)).toBe('withdraw')
    expect(activityDetail(item, fmt, { ...ctx, locks: [{ id: 3n, asset: 5n }] })).toBe('')
  })
  it('shows raw units where it cannot name the asset', () => {
    expect(activityDetail({ ...base, kind: 'stake', contract: 'staking', programId: 99, amount: '12' }, fmt, ctx)).toBe('12 units')
  })
})
