// The vault's SDK, offline: the math to the unit (hand cases and a 500-sequence property against the
// invariants the contract promises), the TWAP bound, events, errors, and the groups the builders make.
import fc from 'fast-check'
import { ABIType, Algodv2, generateAccount, makeEmptyTransactionSigner } from 'algosdk'
import type { SuggestedParams } from 'algosdk'
import { describe, expect, it } from 'vitest'
import { buildBuyback, buildObserve, buildSetBuybackPath, buildStake, buildUnstake } from './transactions.ts'
import {
  MAX_WINDOW_SECONDS,
  MIN_WINDOW_SECONDS,
  pathBoxMinBalance,
  pathBoxName,
  secondsUntilWindow,
  STREAM_PERIOD_SECONDS,
  streamEndAfter,
  streamLockedAt,
  vaultStreamAt,
  vaultTotalsAt,
  windowStart,
  type VaultState,
  afterStake,
  afterUnstake,
  buybackAmount,
  buybackMinOut,
  currentCumulative,
  decodeVaultEvents,
  groveBehind,
  LOCKED_SHARES,
  observationBoxName,
  OBSERVATION_BOX_MIN_BALANCE,
  routePools,
  secondsUntilBuyback,
  stakeOut,
  twapHopOut,
  unstakeOut,
  vaultEventSelector,
  vaultRate,
  type VaultTotals,
} from './index.ts'
import { vaultContract } from './module.ts'
import type { GroveContext } from '../core/context.ts'

const TWO_64 = 1n << 64n
const EMPTY = { cumulativePriceA: 0n, cumulativePriceB: 0n, timestamp: 0n }

describe('stake and unstake math', () => {
  it('mints 1:1 less 1,000 locked on the first stake and refuses 1,000 or less', () => {
    expect(stakeOut({ grove: 0n, shares: 0n }, 1_000_000n)).toBe(999_000n)
    expect(stakeOut({ grove: 0n, shares: 0n }, 1_000n)).toBe('locked-shares')
    // a donation before the first stake goes to the first staker
    expect(stakeOut({ grove: 5n, shares: 0n }, 2_000n)).toBe(1_000n)
    expect(afterStake({ grove: 0n, shares: 0n }, 1_000_000n, 999_000n)).toEqual({ grove: 1_000_000n, shares: 1_000_000n })
  })

  it('rounds stakes and unstakes down, to the unit', () => {
    const t = { grove: 1_000_001n, shares: 1_000_000n }
    expect(stakeOut(t, 3_000_000n)).toBe(2_999_997n)
    expect(unstakeOut(t, 999_000n)).toBe(999_000n)
    expect(unstakeOut({ grove: 3n, shares: 2n }, 1n)).toBe(1n)
    expect(stakeOut({ grove: 10n ** 9n + 1001n, shares: 1001n }, 1_000n)).toBe('zero-out')
    expect(vaultRate({ grove: 0n, shares: 0n })).toBe(1_000_000n)
    expect(vaultRate({ grove: 3n, shares: 2n })).toBe(1_500_000n)
    expect(groveBehind({ grove: 3n, shares: 2n }, 1n)).toBe(1n)
  })

  it('never lowers GROVE per sGROVE and stays solvent over 500 sequences (fixed seed)', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('stake' as const), amount: fc.bigInt({ min: 1n, max: 10n ** 12n }) }),
      fc.record({ kind: fc.constant('unstake' as const), part: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('add' as const), amount: fc.bigInt({ min: 0n, max: 10n ** 12n }) }),
    )
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let t: VaultTotals = { grove: 0n, shares: 0n }
        let held = 0n
        for (const s of steps) {
          const before = t
          if (s.kind === 'stake') {
            const minted = stakeOut(t, s.amount)
            if (typeof minted === 'string') continue
            t = afterStake(t, s.amount, minted)
            held += minted
          } else if (s.kind === 'unstake') {
            const amount = (held * BigInt(s.part)) / 100n
            const out = unstakeOut(t, amount)
            if (typeof out === 'string') continue
            t = afterUnstake(t, amount, out)
            held -= amount
          } else {
            // a donation or a buyback only adds GROVE
            t = { ...t, grove: t.grove + s.amount }
          }
          if (before.shares > 0n && t.grove * before.shares < before.grove * t.shares) return false
          if (t.shares > 0n && (t.shares !== held + LOCKED_SHARES || groveBehind(t, held) > t.grove)) return false
        }
        return true
      }),
      { seed: 14, numRuns: 500 },
    )
  })
})

describe('TWAP bound', () => {
  const pool = { reserveA: 4_000_000n, reserveB: 1_000_000n, feeBps: 30n, cumulativePriceA: 7n, cumulativePriceB: 11n, lastUpdate: 1_000n }

  it('brings the cumulative prices up to now as the DEX accrues them', () => {
    const c = currentCumulative(pool, 1_060n)
    expect(c).toEqual({ cumulativePriceA: 7n + ((1_000_000n * TWO_64) / 4_000_000n) * 60n, cumulativePriceB: 11n + 4n * TWO_64 * 60n, timestamp: 1_060n })
    // a clock behind the pool's last update adds nothing
    expect(currentCumulative(pool, 900n)).toEqual({ cumulativePriceA: 7n, cumulativePriceB: 11n, timestamp: 1_000n })
  })

  it('values each hop at the TWAP after the pool’s fee and takes 99% of the route’s output; refuses a window under 10 minutes', () => {
    const observation = currentCumulative(pool, 1_000n)
    const current = currentCumulative(pool, 1_600n)
    const ring = [observation, EMPTY, EMPTY, EMPTY]
    // A → B at 0.25 B per A: net = 1,000,000 − 3,000
    expect(twapHopOut({ assetIn: 1n, assetOut: 2n, observations: ring, current, feeBps: 30n }, 1_000_000n)).toBe(249_250n)
    expect(twapHopOut({ assetIn: 2n, assetOut: 1n, observations: ring, current, feeBps: 30n }, 1_000_000n)).toBe(3_988_000n)
    expect(buybackMinOut(1_000_000n, [{ assetIn: 1n, assetOut: 2n, observations: ring, current, feeBps: 30n }])).toBe((249_250n * 9_900n) / 10_000n)
    expect(buybackMinOut(1_000_000n, [{ assetIn: 1n, assetOut: 2n, observations: ring, current: currentCumulative(pool, 1_599n), feeBps: 30n }])).toBe('observation-too-recent')
    expect(buybackMinOut(1_000_000n, [undefined])).toBe('no-observation')
    expect(secondsUntilBuyback(1_000n, 1_200n)).toBe(400n)
    expect(secondsUntilBuyback(1_000n, 1_600n)).toBe(0n)
    expect(buybackAmount(0n, 1_500_000n, 1_200_000n)).toBe(300_000n)
    expect(buybackAmount(5n, 42n)).toBe(42n)
  })

  it('starts the window at the most recent observation 10 minutes to an hour old, as the vault picks it', () => {
    const at = (t: bigint) => ({ cumulativePriceA: t, cumulativePriceB: t, timestamp: t })
    const ring = [at(10_000n), at(10_600n), at(11_200n), at(11_800n)]
    // at 12,000: 11,800 is too recent; 11,200 is 800 s old: the most recent in range
    expect(windowStart(ring, 12_000n)).toEqual(at(11_200n))
    // at 13,700: 11,800 is 1,900 s old: it starts the window
    expect(windowStart(ring, 13_700n)).toEqual(at(11_800n))
    expect(windowStart(ring, 11_800n + 3_601n)).toBe('observation-stale')
    expect(windowStart([at(10_000n), EMPTY, EMPTY, EMPTY], 10_599n)).toBe('observation-too-recent')
    expect(windowStart([EMPTY, EMPTY, EMPTY, EMPTY], 10_599n)).toBe('no-observation')
    expect(secondsUntilWindow([at(10_000n), EMPTY, EMPTY, EMPTY], 10_100n)).toBe(500n)
    expect(secondsUntilWindow([at(10_000n), EMPTY, EMPTY, EMPTY], 14_000n)).toBeUndefined()
    expect(MIN_WINDOW_SECONDS).toBe(600n)
    expect(MAX_WINDOW_SECONDS).toBe(3_600n)
  })

  it('needs another observer within the hour, or the keeper’s observation (ERR:ONE_OBSERVER)', () => {
    const by = (t: bigint, observer: string) => ({ cumulativePriceA: t, cumulativePriceB: t, timestamp: t, observer })
    // Mallory alone within the hour (Alice's is older): refused when the keeper is known and is not Mallory
    const alone = [by(5_000n, 'ALICE'), by(10_000n, 'MALLORY'), EMPTY, EMPTY]
    expect(windowStart(alone, 10_600n, 'ADMIN')).toBe('one-observer')
    // without the keeper's address the SDK leaves it to the vault
    expect(windowStart(alone, 10_600n)).toEqual(alone[1])
    // the keeper alone suffices; a second observer within the hour too
    expect(windowStart([by(10_000n, 'ADMIN'), EMPTY, EMPTY, EMPTY], 10_600n, 'ADMIN')).toEqual(by(10_000n, 'ADMIN'))
    expect(windowStart([by(9_000n, 'ALICE'), by(10_000n, 'MALLORY'), EMPTY, EMPTY], 10_600n, 'ADMIN')).toEqual(by(10_000n, 'MALLORY'))
  })
})

describe('the stream', () => {
  const state: VaultState = { balance: 18_000_000n, booked: 18_000_000n, shares: 11_000_000n, streamLocked: 7_000_000n, streamStart: 1_000n, streamEnd: 1_000n + STREAM_PERIOD_SECONDS }

  it('unlocks linearly, rounding the locked part up, and counts the unlocked part only in the totals', () => {
    expect(streamLockedAt(state, 1_000n)).toBe(7_000_000n)
    expect(streamLockedAt(state, 1_000n + STREAM_PERIOD_SECONDS / 2n)).toBe(3_500_000n)
    // one second in: ⌈7,000,000 · 604,799 / 604,800⌉
    expect(streamLockedAt(state, 1_001n)).toBe((7_000_000n * 604_799n + 604_799n) / 604_800n)
    expect(streamLockedAt(state, state.streamEnd)).toBe(0n)
    expect(vaultTotalsAt(state, 1_000n)).toEqual({ grove: 11_000_000n, shares: 11_000_000n })
    expect(vaultTotalsAt(state, state.streamEnd)).toEqual({ grove: 18_000_000n, shares: 11_000_000n })
  })

  it('counts GROVE not yet booked as locked in full, and weights the new end by amount', () => {
    const half = 1_000n + STREAM_PERIOD_SECONDS / 2n
    const s = vaultStreamAt({ ...state, balance: state.balance + 3_500_000n }, half)
    // R = 3,500,000 for T = 302,400 s, X = 3,500,000 for a week: the end is the average
    expect(s).toEqual({ locked: 7_000_000n, end: half + (302_400n + 604_800n) / 2n, rate: (1_000_000n * 14_500_000n) / 11_000_000n, rateAtEnd: (1_000_000n * 21_500_000n) / 11_000_000n })
    // dust barely moves the end
    expect(streamEndAfter(3_500_000n, state.streamEnd, 1n, half) - state.streamEnd).toBeLessThanOrEqual(1n)
    // an empty stream takes a whole period
    expect(streamEndAfter(0n, 0n, 5n, half)).toBe(half + STREAM_PERIOD_SECONDS)
  })

  it('never gives more than the vault: a flash stake around new GROVE gets back at most its stake', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_001n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 13n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (staked, flash, bought) => {
        const before: VaultState = { balance: staked, booked: staked, shares: staked, streamLocked: 0n, streamStart: 0n, streamEnd: 0n }
        const minted = stakeOut(vaultTotalsAt(before, 5n), flash)
        if (typeof minted !== 'bigint') return true
        // the buyback's GROVE arrives, then the unstake books it into the stream (locked in full in this block) before paying
        const synced: VaultState = { balance: staked + flash + bought, booked: staked + flash + bought, shares: staked + minted, streamLocked: bought, streamStart: 5n, streamEnd: streamEndAfter(0n, 0n, bought, 5n) }
        const paid = unstakeOut(vaultTotalsAt(synced, 5n), minted)
        return typeof paid !== 'bigint' || paid <= flash
      }),
      { seed: 24, numRuns: 300 },
    )
  })
})

describe('events and errors', () => {
  it('decodes the vault’s events and skips ABI returns', () => {
    const staker = generateAccount().addr.toString()
    const tuple = ABIType.from('(address,uint64,uint64,uint64,uint64)')
    const log = new Uint8Array([...vaultEventSelector('Staked'), ...tuple.encode([staker, 5n, 4n, 9n, 8n])])
    const ret = new Uint8Array([0x15, 0x1f, 0x7c, 0x75, 0, 0, 0, 0, 0, 0, 0, 4])
    expect(decodeVaultEvents([log, ret])).toEqual([{ name: 'Staked', args: { staker, grove: 5n, sGrove: 4n, totalGrove: 9n, totalShares: 8n } }])
  })

  it('names the vault’s codes and a buyback’s inner DEX failure in sentences', () => {
    expect(vaultContract.explain(new Error('Runtime error when executing Vault: ERR:OBSERVATION_TOO_RECENT')).message).toMatch(/less than 10 minutes old/)
    expect(vaultContract.explain(new Error('x ERR:LOCKED_SHARES')).code).toBe('ERR:LOCKED_SHARES')
    expect(vaultContract.explain(new Error('something else')).code).toBeUndefined()
  })
})

describe('builders', () => {
  const sp: SuggestedParams = { fee: 0n, minFee: 1000n, firstValid: 1n, lastValid: 1000n, genesisHash: new Uint8Array(32), genesisID: 'test', flatFee: true }
  const ctx: GroveContext = {
    algod: new Algodv2('', 'http://127.0.0.1', 1),
    ids: { network: 'localnet', firstRound: 1n, registryAppId: 10n, dexAppId: 20n, lockAppId: 25n, stakingAppId: 26n, vaultAppId: 30n, ordersAppId: 90030n, stablePoolsAppId: 190030n, groveAssetId: 5n, sGroveAssetId: 31n },
    sender: generateAccount().addr,
    signer: makeEmptyTransactionSigner(),
    suggestedParams: sp,
  }

  it('stakes and unstakes for 3,000 µALGO: the transfer in, the call and its transfer out', async () => {
    for (const g of [await buildStake(ctx, 10n, 0n), await buildUnstake(ctx, 10n, 0n)]) {
      expect(g.fee).toBe(3_000n)
      const [input, call] = g.composer.buildGroup().map((t) => t.txn)
      expect(input!.type).toBe('axfer')
      expect(call!.applicationCall!.foreignAssets).toEqual([5n, 31n])
    }
  })

  it('names the observation and pool boxes of each pool and pays the new ones', async () => {
    const g = await buildObserve(ctx, [[7n, 5n]], 1)
    const [pay, call] = g.composer.buildGroup().map((t) => t.txn)
    expect(pay!.payment!.amount).toBe(OBSERVATION_BOX_MIN_BALANCE)
    expect(call!.applicationCall!.boxes.map((b) => [b.appIndex, Buffer.from(b.name).toString('hex')])).toEqual([
      [0n, Buffer.from(observationBoxName(5n, 7n)).toString('hex')],
      [20n, '70' + '0000000000000005' + '0000000000000007'],
    ])
    expect(g.fee).toBe(1_000n + 2_000n)
  })

  it('buys back along the admin’s path with a fee for each getPool call, the transfer, the swap and its payout; no path argument', async () => {
    expect(routePools(9n, [7n, 5n])).toEqual([[7n, 9n], [5n, 7n]])
    expect((await buildBuyback(ctx, 9n, [5n])).fee).toBe(5_000n)
    const two = await buildBuyback(ctx, 9n, [7n, 5n])
    // the call's 8 references: 2 apps, 2 assets, 4 boxes; the fifth box on a DEX no-op (1,000 more)
    expect(two.fee).toBe(6_000n + 1_000n)
    const [call, carrier] = two.composer.buildGroup().map((t) => t.txn)
    expect(carrier!.applicationCall!.boxes).toHaveLength(1)
    expect(call!.applicationCall!.foreignApps).toEqual([20n, 10n])
    // selector and asset only
    expect(call!.applicationCall!.appArgs).toHaveLength(2)
    expect(Buffer.from(call!.applicationCall!.boxes[0]!.name).toString('hex')).toBe(Buffer.from(pathBoxName(9n)).toString('hex'))
    // four hops: 9 boxes, 5 on a DEX no-op in the same group; ALGO needs no asset reference (5 boxes on the call)
    const four = await buildBuyback(ctx, 9n, [8n, 7n, 6n, 5n])
    const txns = four.composer.buildGroup().map((t) => t.txn)
    expect(txns).toHaveLength(2)
    expect(txns[0]!.applicationCall!.boxes).toHaveLength(4)
    expect(txns[1]!.applicationCall!.appIndex).toBe(20n)
    expect(txns[1]!.applicationCall!.boxes).toHaveLength(5)
    expect((await buildBuyback(ctx, 0n, [7n, 5n])).composer.buildGroup()).toHaveLength(1)
    // 4 getPool calls, the transfer, the swap and its payout on the call, and the no-op
    expect(four.fee).toBe(8_000n + 1_000n)
  })

  it('sets a path for the box’s growth (a new box: 2,500 + 400 × (11 + 8·hops)), and refunds a removal with one inner payment', async () => {
    const set = await buildSetBuybackPath(ctx, 9n, [7n, 5n], null)
    const [pay, call] = set.composer.buildGroup().map((t) => t.txn)
    expect(pay!.payment!.amount).toBe(pathBoxMinBalance(2))
    expect(pathBoxMinBalance(2)).toBe(2_500n + 400n * 27n)
    expect(call!.applicationCall!.boxes).toHaveLength(3)
    expect(set.fee).toBe(1_000n + 3_000n)
    const longer = await buildSetBuybackPath(ctx, 9n, [8n, 7n, 5n], [7n, 5n])
    expect(longer.composer.buildGroup()[0]!.txn.payment!.amount).toBe(3_200n)
    const removed = await buildSetBuybackPath(ctx, 9n, [], [7n, 5n])
    expect(removed.composer.buildGroup()[0]!.txn.payment!.amount).toBe(0n)
    expect(removed.fee).toBe(1_000n + 2_000n)
  })
})
