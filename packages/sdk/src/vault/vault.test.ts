// The vault's SDK, offline: the math to the unit (hand cases and a 500-sequence property against the
// invariants the contract promises), the TWAP bound, events, errors, and the groups the builders make.
import fc from 'fast-check'
import { ABIType, Algodv2, generateAccount, makeEmptyTransactionSigner } from 'algosdk'
import type { SuggestedParams } from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  afterStake,
  afterUnstake,
  buildBuyback,
  buildObserve,
  buildStake,
  buildUnstake,
  buybackAmount,
  buybackMinOut,
  currentCumulative,
  decodeVaultEvents,
  explainVaultError,
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
  type VaultContext,
  type VaultTotals,
} from './index.ts'

const TWO_64 = 1n << 64n

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
    // A → B at 0.25 B per A: net = 1,000,000 − 3,000
    expect(twapHopOut({ assetIn: 1n, assetOut: 2n, observation, current, feeBps: 30n }, 1_000_000n)).toBe(249_250n)
    expect(twapHopOut({ assetIn: 2n, assetOut: 1n, observation, current, feeBps: 30n }, 1_000_000n)).toBe(3_988_000n)
    expect(buybackMinOut(1_000_000n, [{ assetIn: 1n, assetOut: 2n, observation, current, feeBps: 30n }])).toBe((249_250n * 9_900n) / 10_000n)
    expect(buybackMinOut(1_000_000n, [{ assetIn: 1n, assetOut: 2n, observation, current: currentCumulative(pool, 1_599n), feeBps: 30n }])).toBe('observation-too-recent')
    expect(buybackMinOut(1_000_000n, [undefined])).toBe('no-observation')
    expect(secondsUntilBuyback(1_000n, 1_200n)).toBe(400n)
    expect(secondsUntilBuyback(1_000n, 1_600n)).toBe(0n)
    expect(buybackAmount(0n, 1_500_000n, 1_200_000n)).toBe(300_000n)
    expect(buybackAmount(5n, 42n)).toBe(42n)
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
    expect(explainVaultError(new Error('Runtime error when executing Vault: ERR:OBSERVATION_TOO_RECENT')).message).toMatch(/less than 10 minutes old/)
    expect(explainVaultError(new Error('x ERR:LOCKED_SHARES')).code).toBe('ERR:LOCKED_SHARES')
    expect(explainVaultError(new Error('something else')).code).toBeUndefined()
  })
})

describe('builders', () => {
  const sp: SuggestedParams = { fee: 0n, minFee: 1000n, firstValid: 1n, lastValid: 1000n, genesisHash: new Uint8Array(32), genesisID: 'test', flatFee: true }
  const ctx: VaultContext = {
    algod: new Algodv2('', 'http://127.0.0.1', 1),
    vaultAppId: 30n,
    dexAppId: 20n,
    registryAppId: 10n,
    groveAssetId: 5n,
    sGroveAssetId: 31n,
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

  it('buys back with a fee for each getPool call, the transfer, the swap and its payout', async () => {
    expect(routePools(9n, [7n, 5n])).toEqual([[7n, 9n], [5n, 7n]])
    expect((await buildBuyback(ctx, 9n, [5n])).fee).toBe(5_000n)
    const two = await buildBuyback(ctx, 9n, [7n, 5n])
    expect(two.fee).toBe(6_000n)
    expect(two.composer.buildGroup()[0]!.txn.applicationCall!.foreignApps).toEqual([20n, 10n])
  })
})
