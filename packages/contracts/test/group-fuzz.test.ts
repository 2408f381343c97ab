// The group fuzzer (group-fuzz.ts) on a Grove: four users send seeded random groups that mix the
// methods of every contract (the DEX, Staking, Locks, the Vault, the Registry, Orders and the Stable app's
// two pools: 6/6 decimals in the 5 bps tier, 6/8 in the 30 bps one), some offering one transfer to two
// calls, some inside a DEX flash loan or swap, a stable flash loan or both (now and then with a call on
// the lent pool between, which must be refused), while block time moves in steps; after each confirmed
// group every app is solvent (the Stable app: reserves, LP fees and protocol fees per asset, LP units out
// equal to those issued) and no user is ahead of what the apps could pay them (stable LP units at what a
// remove pays).
// FUZZ_GROUPS and FUZZ_SEED override the bounded, seeded run that `npm test` makes; FUZZ_DEBUG=1 prints why
// each refused group was refused.
import { beforeAll, describe, expect, it } from 'vitest'
import { GroupFuzzer, rng } from './group-fuzz.ts'
import { sorted, useGrove, type User } from './fixture.ts'
import { StakingKit } from './staking.ts'
import { StableKit } from './stable.ts'
import { VaultActions } from './vault.ts'

// CI runs a bounded 1,000 of the seed's groups (2,000 elsewhere; FUZZ_GROUPS runs more)
const GROUPS = Number(process.env.FUZZ_GROUPS ?? (process.env.CI ? 1000 : 2000))
const SEED = Number(process.env.FUZZ_SEED ?? 24)

const grove = useGrove()
let fuzz: GroupFuzzer
let kit: StakingKit

beforeAll(async () => {
  const g = grove()
  kit = new StakingKit(g)
  const users: User[] = []
  for (let i = 0; i < 4; i++) users.push(await g.user(2_000))
  const t1 = await g.asset(g.admin, { unitName: 'FZA' })
  const t2 = await g.asset(g.admin, { unitName: 'FZB', decimals: 2 })
  const grv = g.ids.groveAssetId
  for (const u of users) {
    await g.optIn(u, t1, t2, grv, g.ids.sGroveAssetId)
    await g.transfer(g.admin, u, t1, 10n ** 12n)
    await g.transfer(g.admin, u, t2, 10n ** 10n)
    await g.transfer(g.admin, u, grv, 10n ** 11n)
  }
  fuzz = new GroupFuzzer(g, users, rng(SEED))
  fuzz.tokens = [t1, t2]
  // (x, y, amount of x, amount of y, fee tier): ALGO/T1 and T1/T2 in a second tier too, so routes mix tiers
  const pools: [bigint, bigint, bigint, bigint, bigint][] = [
    [0n, t1, 10n ** 9n, 10n ** 11n, 30n],
    [0n, t1, 10n ** 8n, 10n ** 10n, 5n],
    [t1, t2, 10n ** 11n, 10n ** 9n, 30n],
    [t1, t2, 10n ** 10n, 10n ** 8n, 100n],
    [0n, grv, 10n ** 9n, 10n ** 10n, 30n],
    [t1, grv, 10n ** 11n, 10n ** 10n, 30n],
  ]
  for (const [x, y, ax, ay, tier] of pools) {
    const [a, b] = sorted(x, y)
    const lp = (await g.createPool(g.admin, a, b, undefined, tier)).value
    for (const u of [g.admin, ...users]) await g.optIn(u, lp)
    const [amountA, amountB] = a === x ? [ax, ay] : [ay, ax]
    await g.addLiquidity(g.admin, a, b, amountA, amountB, 0n, tier)
    fuzz.pools.push([a, b, tier])
    fuzz.lpOf.set(`${a}/${b}/${tier}`, lp)
  }
  // the vault has stakers and a buyback path for its ALGO fees; a program of each kind to stake in
  const vault = new VaultActions(g)
  await g.optIn(g.admin, g.ids.sGroveAssetId)
  await vault.stake(g.admin, 10n ** 9n)
  await vault.setPath(0n, [grv])
  await kit.freeze()
  const now = await kit.now()
  for (const [stake, rewards] of [
    [t1, [t2]],
    [0n, [t1, grv]],
  ] as [bigint, bigint[]][]) {
    const creator = users[0]!
    const id = (await kit.createProgram(creator, { stakeAsset: stake, rewards: rewards.map((asset) => ({ asset, rate: 7n })), start: now + 5n, end: now + 40_000n })).value
    fuzz.programs.push({ id, stake, rewards, creator })
  }
  fuzz.firstProgram = BigInt(fuzz.programs.length) + 1n
  // two stable pools with liquidity from the admin: dollars of 6 and 8 decimals, two fee tiers and amplifiers
  const stable = StableKit.of(g)
  const decimals = [6, 6, 8]
  const coins: bigint[] = []
  for (const [i, d] of decimals.entries()) coins.push(await g.asset(g.admin, { unitName: `FZS${i}`, decimals: d, total: 10n ** BigInt(9 + d) }))
  for (const [i, d] of decimals.entries()) fuzz.multiplier.set(coins[i]!, 10n ** BigInt(19 - d))
  for (const [x, y, tier, amp, dollars] of [
    [coins[0]!, coins[1]!, 5n, 200n, 2_000_000n],
    [coins[0]!, coins[2]!, 30n, 100n, 1_000_000n],
  ] as const) {
    const [a, b] = sorted(x, y)
    await stable.createPool(g.admin, a, b, tier, amp)
    const lp = (await stable.pool(a, b, tier))!.lpAsset
    await g.optIn(g.admin, lp)
    const unit = (asset: bigint) => 10n ** BigInt(decimals[coins.indexOf(asset)]!)
    await stable.add(g.admin, a, b, tier, dollars * unit(a), dollars * unit(b))
    for (const u of users) await g.optIn(u, lp)
    fuzz.stablePools.push({ a, b, tier, lp })
  }
  for (const u of users) {
    await g.optIn(u, ...coins)
    for (const [i, d] of decimals.entries()) await g.transfer(g.admin, u, coins[i]!, 200_000n * 10n ** BigInt(d))
  }
  await fuzz.refreshParams()
  await fuzz.prepareOrders(g.admin)
  await fuzz.refreshParams()
}, 300_000)

describe('groups mixing every contract', () => {
  it(`keep every app solvent and every user within what the apps could pay them, over ${GROUPS} seeded groups`, async () => {
    for (let i = 0; fuzz.report.groups < GROUPS; i++) {
      if (i % 100 === 0) await fuzz.refreshParams()
      // block time moves in steps: observations age into the buyback window, programs run and end
      if (i % 40 === 39) await kit.travel(BigInt(60 + fuzz.r.int(900)))
      if (await fuzz.round()) {
        await fuzz.checkSolvency()
        await fuzz.checkUsers()
      }
    }
    const { report } = fuzz
    console.log(
      `group fuzz (seed ${SEED}): ${report.groups} groups, ${report.confirmed} confirmed, ${report.shared} offered one transfer to two calls; ` +
        `stable calls ${report.stableConfirmed} confirmed, ${report.stableSent - report.stableConfirmed} refused; ${report.stableLocked} called a pool a stable flash had lent from; the users are ${report.stableUsersNet} (19 decimals) ahead of what they put in the Stable app; confirmed calls ${JSON.stringify(report.methods)}`,
    )
    expect(report.groups).toBeGreaterThanOrEqual(GROUPS)
    // enough of the groups do something: the invariants were checked on real state changes
    expect(report.confirmed).toBeGreaterThan(report.groups / 5)
    expect(report.shared).toBeGreaterThan(GROUPS / 50)
    // no group that offered a transfer to two calls was accepted
    expect(report.sharedConfirmed).toBe(0)
    // no group that called a pool between its stable flash loan's start and verify was accepted
    expect(report.stableLocked).toBeGreaterThan(0)
    expect(report.stableLockedConfirmed).toBe(0)
    // every contract's money-moving methods ran
    for (const m of ['dex.swapExactIn', 'dex.addLiquidity', 'dex.removeLiquidity', 'dex.flashLoan', 'dex.flashSwap', 'staking.stake', 'staking.stakeNew', 'staking.claim', 'locks.lock', 'locks.lockLiquidity', 'locks.withdraw', 'locks.close', 'vault.stake', 'vault.unstake', 'stable.swapExactIn', 'stable.addLiquidity', 'stable.addLiquiditySingle', 'stable.removeLiquidity', 'stable.flashLoan']) {
      expect(report.methods[m] ?? 0, m).toBeGreaterThan(0)
    }
  }, 1_800_000)
})
