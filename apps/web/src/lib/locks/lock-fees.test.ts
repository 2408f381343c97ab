import * as sdk from '@grove/sdk'
import type { Lock } from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { claimableNow, type LockFeesRead } from './lock-fees.ts'

const NOW = 1_800_000_000n
const lock: Lock = { id: 1n, owner: 'A'.repeat(58), asset: 9n, amount: 10_000_000n, withdrawn: 0n, start: NOW - 10n, cliff: NOW + 100n, end: NOW + 100n, anchor: NOW + 100n, base: 0n, liquidity: true, creator: 'A'.repeat(58) }
const fees = (level: bigint): sdk.LockFees => ({ a: 1n, b: 2n, tier: 5n, level, claimed: 0n })
/** A balanced 1,000,000 + 1,000,000 stable pool (6 decimals, A = 100) whose swaps left 100 + 100 dollars of LP fees off the curve. */
const stablePool: sdk.stable.StablePoolState = {
  a: 1n, b: 2n, feeBps: 5n, reserveA: 10n ** 12n, reserveB: 10n ** 12n, lpAsset: 9n, lpIssued: 2n * 10n ** 12n - 1000n, protocolFeeDivisor: 0n, protocolFeesA: 0n, protocolFeesB: 0n,
  feesA: 10n ** 8n, feesB: 10n ** 8n, multiplierA: 10n ** 13n, multiplierB: 10n ** 13n, initialA: 10_000n, futureA: 10_000n, initialTime: 0n, futureTime: 0n, dAmp: 10_000n, d: 2n * 10n ** 25n - 1n,
}

describe('claimableNow', () => {
  it('reads a stable pool’s lock at the pool’s D/S (the fees held off the curve count): units × (1 − ℓ_entry/ℓ_now)', () => {
    const entry = sdk.stablePoolLevel({ ...stablePool, feesA: 0n, feesB: 0n }, 'entry', NOW).level
    const read: LockFeesRead = { fees: fees(entry), pool: undefined, stablePool }
    const now = sdk.stablePoolLevel(stablePool, 'now', NOW).level
    const units = claimableNow(sdk, { ...lock, stable: true }, read, NOW)
    // 200 dollars of fees on 2,000,000: ℓ × 1.0001, so about 1/10,001 of the units
    expect(units).toBe(sdk.claimFees(lock, entry, now, NOW).units)
    expect(units).toBeGreaterThan(990n)
    expect(units).toBeLessThan(1000n)
  })

  it('reads a constant-product pool’s lock at √(x·y)/S, and a lock whose pool is gone at nothing', () => {
    const pool = { reserveA: 1_010_000_000n, reserveB: 4_040_000_000n, lpIssued: 2_000_000_000n - 1000n } as sdk.Pool
    const read: LockFeesRead = { fees: fees(sdk.LEVEL_ONE), pool }
    expect(claimableNow(sdk, lock, read, NOW)).toBe(sdk.claimFees(lock, sdk.LEVEL_ONE, sdk.poolLevel(pool, 'now'), NOW).units)
    expect(claimableNow(sdk, lock, { fees: fees(sdk.LEVEL_ONE), pool: undefined }, NOW)).toBe(0n)
  })
})
