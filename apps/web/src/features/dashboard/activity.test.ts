import { describe, expect, it } from 'vitest'
import { actionWords, activityActions, activityDetail, activityTitle, programTitle } from './activity.ts'
import type { ApiActivity } from '@/lib/analytics/types.ts'

const base: ApiActivity = {
  kind: 'swap', contract: 'dex', round: 10, time: 1, txnId: 'T', groupId: null, poolId: null, venue: null, assetIn: null, assetOut: null, amountIn: null, amountOut: null,
  assetA: null, assetB: null, amountA: null, amountB: null, lp: null, programId: null, lockId: null, asset: null, amount: null, stake: null, reward1: null, reward2: null, shares: null, orderId: null, orderKind: null,
}
const fmt = (amount: bigint, asset: number) => `${amount}@${asset}`
const ctx = { pools: [{ lpAsset: 100n, a: 0n, b: 5n }], programs: [{ id: 7n, stakeAsset: 100n, rewardAsset1: 0n, rewardAsset2: 5n }], groveAssetId: 8, sGroveAssetId: 9 }

describe('activityTitle', () => {
  it.each([
    [{ kind: 'swap', contract: 'dex' }, 'Swap'],
    [{ kind: 'add', contract: 'dex' }, 'Add liquidity'],
    // the Stable app's pools: their swaps and liquidity named apart
    [{ kind: 'swap', contract: 'stable' }, 'Stable swap'],
    [{ kind: 'remove', contract: 'stable' }, 'Remove stable liquidity'],
    [{ kind: 'claim', contract: 'staking', programId: 7 }, 'Claim rewards (program #7)'],
    [{ kind: 'stake', contract: 'vault' }, 'Stake GROVE for sGROVE'],
    [{ kind: 'lock', contract: 'locks', lockId: 3 }, 'Lock #3'],
    [{ kind: 'close', contract: 'locks', lockId: 3 }, 'Close lock #3'],
    // a lock's id is its box's: long, so a short handle
    [{ kind: 'lock', contract: 'locks', lockId: 722801203534306 }, 'Lock #7228…4306'],
    // an order action names its order's kind where the service gives it
    [{ kind: 'place', contract: 'orders', orderKind: 'limit' }, 'Place limit order'],
    [{ kind: 'fill', contract: 'orders', orderKind: 'recurring' }, 'Fill recurring order'],
    [{ kind: 'filled', contract: 'orders', orderKind: 'limit' }, 'Limit order filled'],
    [{ kind: 'close', contract: 'orders', orderKind: 'limit' }, 'Limit order filled out'],
    [{ kind: 'cancel', contract: 'orders' }, 'Cancel order'],
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
  it('names a lock action’s amount by the asset the service gives, also of a lock the account no longer holds', () => {
    expect(activityDetail({ ...base, kind: 'lock', contract: 'locks', lockId: 722801203534306, asset: 5, amount: '1000000000000' }, fmt, { ...ctx, locks: [] })).toBe('1000000000000@5')
  })
  it('names an add to a pool Grove’s list lacks (a Tinyman pool’s) by the assets the service gives, its LP by the pool’s id', () => {
    expect(activityDetail({ ...base, kind: 'add', poolId: 777, venue: 'tinyman', assetA: 0, assetB: 5, amountA: '10', amountB: '40', lp: '19' }, fmt, ctx)).toBe('10@0 + 40@5 → 19@777')
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
  describe('an order action in the order’s assets (amountIn of what it sells, amountOut of what it buys)', () => {
    const order: ApiActivity = { ...base, contract: 'orders', orderId: 1, orderKind: 'limit', assetIn: 10, assetOut: 0 }
    it.each([
      ['a limit order’s place as its deposit for its least pay', { kind: 'place', amountIn: '100', amountOut: '500' }, '100@10 for ≥ 500@0'],
      ['a recurring order’s place as its deposit (its pay is bounded per fill)', { kind: 'place', orderKind: 'recurring', amountIn: '30' }, '30@10'],
      ['a fill as what the filler paid for what it took', { kind: 'fill', amountIn: '40', amountOut: '200' }, '200@0 → 40@10'],
      ['a fill of the account’s order as what it sold for what it got', { kind: 'filled', amountIn: '40', amountOut: '200' }, '40@10 → 200@0'],
      ['a collect as what it paid out', { kind: 'collect', amountOut: '500' }, '500@0'],
      ['a cancel as what came back', { kind: 'cancel', amountIn: '5' }, '5@10 back'],
      ['a close with nothing left as nothing', { kind: 'close', amountIn: '0' }, ''],
    ] as const)('reads %s', (_name, item, detail) => {
      expect(activityDetail({ ...order, ...item }, fmt, ctx)).toBe(detail)
    })
  })
  it('shows raw units where it cannot name the asset', () => {
    expect(activityDetail({ ...base, kind: 'stake', contract: 'staking', programId: 99, amount: '12' }, fmt, ctx)).toBe('12 units')
  })
})

describe('one row per action (issue 36, item 4)', () => {
  const label = (venue: 'grove' | 'tinyman') => (venue === 'grove' ? 'Grove' : 'Tinyman v2-compatible (local)')
  const words = { ...ctx, venueLabel: label }
  // the service's rows, newest first: a split swap of ALGO for gUSD over both venues, one leg of it a
  // route through FERN; then a plain swap; then a claim-all over two programs
  const split: ApiActivity[] = [
    { ...base, round: 20, txnId: 'S3', groupId: 'G', venue: 'tinyman', poolId: 900, assetIn: 0, assetOut: 5, amountIn: '4000', amountOut: '800' },
    { ...base, round: 20, txnId: 'S2', groupId: 'G', venue: 'grove', poolId: 102, assetIn: 20, assetOut: 5, amountIn: '12000', amountOut: '1150' },
    { ...base, round: 20, txnId: 'S2', groupId: 'G', venue: 'grove', poolId: 101, assetIn: 0, assetOut: 20, amountIn: '6000', amountOut: '12000' },
  ]
  const plain: ApiActivity = { ...base, round: 19, txnId: 'P', groupId: 'GP', venue: 'grove', poolId: 100, assetIn: 0, assetOut: 5, amountIn: '1000', amountOut: '200' }
  const claims: ApiActivity[] = [
    { ...base, kind: 'claim', contract: 'staking', round: 18, txnId: 'C2', groupId: 'GC', programId: 8, reward1: '4' },
    { ...base, kind: 'claim', contract: 'staking', round: 18, txnId: 'C1', groupId: 'GC', programId: 7, reward1: '3' },
  ]
  const actions = activityActions([...split, plain, ...claims])

  it('groups the rows of one group into one action, newest first, its legs in chain order', () => {
    expect(actions.map((a) => [a.key, a.legs.map((l) => l.txnId)])).toEqual([
      ['G', ['S2', 'S2', 'S3']],
      ['GP', ['P']],
      ['GC', ['C1', 'C2']],
    ])
  })

  it('reads a routed and split swap as what was paid and got, the route’s middle token cancelled out, where it traded, and its legs on demand', () => {
    expect(actionWords(actions[0]!, fmt, words)).toEqual({
      title: 'Swapped 10000@0 for 1950@5',
      detail: 'on Grove and Tinyman v2-compatible (local)',
      legs: [
        { title: 'Swap', detail: '6000@0 → 12000@20 on Grove' },
        { title: 'Swap', detail: '12000@20 → 1150@5 on Grove' },
        { title: 'Swap', detail: '4000@0 → 800@5 on Tinyman v2-compatible (local)' },
      ],
    })
  })

  it('reads a one-hop swap the same way, with no legs', () => {
    expect(actionWords(actions[1]!, fmt, words)).toEqual({ title: 'Swapped 1000@0 for 200@5', detail: 'on Grove', legs: [] })
  })

  it('says how many programs a claim-all claimed from, each claim a leg', () => {
    const claim = actionWords(actions[2]!, fmt, words)
    expect(claim.title).toBe('Claim rewards (2 programs)')
    expect(claim.legs.map((l) => l.title)).toEqual(['Claim rewards (program #7)', 'Claim rewards (program #8)'])
  })

  it('reads a zap (a swap then an add) as the add, the swap one of its legs', () => {
    const zap = activityActions([
      { ...base, kind: 'add', round: 30, txnId: 'Z', groupId: 'GZ', poolId: 100, amountA: '10', amountB: '40', lp: '19' },
      { ...base, round: 30, txnId: 'Z', groupId: 'GZ', poolId: 100, assetIn: 0, assetOut: 5, amountIn: '10', amountOut: '40' },
    ])
    expect(zap).toHaveLength(1)
    expect(actionWords(zap[0]!, fmt, ctx)).toMatchObject({ title: 'Add liquidity', detail: '10@0 + 40@5 → 19@100', legs: [{ title: 'Swap' }, { title: 'Add liquidity' }] })
  })

  it('reads the fill that filled out the account’s order, paying it out and closing it, as the order filled out, each step a leg', () => {
    const order = { ...base, contract: 'orders', round: 40, txnId: 'F', groupId: 'GF', orderId: 1, orderKind: 'limit', assetIn: 10, assetOut: 0 } as const
    const last = activityActions([
      { ...order, kind: 'close', amountIn: '0' },
      { ...order, kind: 'collect', amountOut: '500' },
      { ...order, kind: 'filled', amountIn: '60', amountOut: '300' },
    ])
    expect(actionWords(last[0]!, fmt, ctx)).toEqual({
      title: 'Limit order filled out',
      detail: '',
      legs: [
        { title: 'Limit order filled', detail: '60@10 → 300@0' },
        { title: 'Collect from limit order', detail: '500@0' },
        { title: 'Limit order filled out', detail: '' },
      ],
    })
  })

  it('keeps a transaction without a group as one action, and one per group otherwise', () => {
    const rows = [{ ...base, txnId: 'A' }, { ...base, txnId: 'A' }, { ...base, txnId: 'B' }]
    expect(activityActions(rows).map((a) => a.legs.length)).toEqual([2, 1])
  })
})
