// The staking vault: deploy wiring, stake and unstake at the vault's rate, the stream that new GROVE
// enters the rate through, fee-asset opt-ins, the admin's buyback paths, rings of observations and
// TWAP-bounded buybacks through the DEX, and each rejection with nothing moved.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { ASSET_MBR, MAX_WINDOW, MIN_WINDOW, OBSERVATION_MBR, pathMbr, STREAM_PERIOD, vaultEvents, VaultActions } from './vault.ts'

const grove = useGrove()
let v: VaultActions
let alice: User
let bob: User
let mallory: User
let tokenX: bigint
let tokenY: bigint
let GROVE: bigint

/** Asserts that GROVE per sGROVE did not fall from `before` to `after`. */
function notLower(before: { grove: bigint; shares: bigint }, after: { grove: bigint; shares: bigint }): void {
  expect(after.grove * before.shares).toBeGreaterThanOrEqual(before.grove * after.shares)
}

beforeAll(async () => {
  const g = grove()
  v = new VaultActions(g)
  GROVE = g.ids.groveAssetId
  alice = await g.user(1000)
  bob = await g.user(1000)
  mallory = await g.user(1000)
  tokenX = await g.asset(alice, { unitName: 'X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
  await g.optIn(alice, GROVE, v.sGrove)
  await g.optIn(bob, GROVE, v.sGrove, tokenX)
  await g.optIn(mallory, GROVE, v.sGrove, tokenX, tokenY)
  for (const who of [alice, bob, mallory]) await g.transfer(g.admin, who, GROVE, 10n ** 12n)
  await g.transfer(alice, mallory, tokenX, 10n ** 12n)
  await g.transfer(alice, mallory, tokenY, 10n ** 12n)
  // pools GROVE–ALGO, GROVE–X and X–Y, each deep enough for a buyback to move its price well under 1%
  for (const [x, y, ax, ay] of [
    [0n, GROVE, 200_000_000n, 2_000_000_000n],
    [tokenX, GROVE, 10_000_000_000n, 10_000_000_000n],
    [tokenX, tokenY, 10_000_000_000n, 20_000_000_000n],
  ] as const) {
    const [a, b] = sorted(x, y)
    const { value: lp } = await g.createPool(alice, a, b)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, a === x ? ax : ay, a === x ? ay : ax)
  }
}, 120_000)

describe('deploy', () => {
  it('bootstraps sGROVE with GROVE’s decimals, the whole supply in the vault, and makes the vault the registry’s treasury', async () => {
    const g = grove()
    const s = await g.algorand.asset.getById(v.sGrove)
    expect(s).toMatchObject({ unitName: 'sGROVE', assetName: 'Staked Grove', decimals: 6, total: 2n ** 64n - 1n, reserve: g.vaultAddress.toString() })
    expect(s.creator).toBe(g.vaultAddress.toString())
    expect(await g.vault.state.global.getAll()).toEqual({ dex: g.ids.dexAppId, grove: GROVE, sGrove: v.sGrove, shares: 0n, booked: 0n, streamLocked: 0n, streamStart: 0n, streamEnd: 0n })
    expect(await g.registry.state.global.treasury()).toBe(g.vaultAddress.toString())
    const info = await g.algorand.account.getInformation(g.vaultAddress)
    expect(info.balance.microAlgo).toBe(info.minBalance.microAlgo)
  })
})

describe('stake and unstake', () => {
  it('mints 1:1 on the first stake with 1,000 sGROVE locked, then at the vault’s rate, rounding down; 3,000 µALGO each', async () => {
    const g = grove()
    const first = await v.stake(alice, 1_000_000n)
    expect(first.value).toBe(1_000_000n - 1000n)
    expect(first.fees).toBe(3000n)
    expect(vaultEvents(first.logs, 'Staked')).toEqual([{ staker: alice.addr.toString(), grove: 1_000_000n, sGrove: 999_000n, totalGrove: 1_000_000n, totalShares: 1_000_000n }])
    expect(await g.balance(alice, v.sGrove)).toBe(999_000n)
    // a donation enters the stream: it does not raise the rate in the block it arrives in
    await g.transfer(mallory, g.vaultAddress, GROVE, 1n)
    const second = await v.stake(bob, 3_000_000n)
    expect(second.value).toBe(3_000_000n)
    expect(await v.rate()).toBe(1_000_000n)
    expect((await v.stream()).locked).toBe(1n)
    const before = await v.totals()
    const out = await v.unstake(bob, second.value)
    expect(out.fees).toBe(3000n)
    expect(out.value).toBe((second.value * before.grove) / before.shares)
    // bob gets back at most what he staked: the vault keeps every rounding
    expect(out.value).toBeLessThanOrEqual(3_000_000n)
    expect(vaultEvents(out.logs, 'Unstaked')).toEqual([
      { staker: bob.addr.toString(), sGrove: second.value, grove: out.value, totalGrove: before.grove - out.value, totalShares: before.shares - second.value },
    ])
    notLower(before, await v.totals())
  })

  it('refuses inputs that are not a plain GROVE (sGROVE) transfer from the caller to the vault, nothing moved', async () => {
    const g = grove()
    const watched = async () => g.snapshot([alice.addr, mallory.addr, g.vaultAddress], [0n, GROVE, v.sGrove, tokenX], [])
    const before = await watched()
    await expectRejected(v.stake(alice, 1_000n, 0n, { asset: v.sGrove }), 'ERR:BAD_INPUT_ASSET')
    await expectRejected(v.stake(mallory, 5_000_000n, 0n, { receiver: g.dexAddress }), 'ERR:BAD_RECEIVER')
    await expectRejected(v.stake(mallory, 5_000_000n, 0n, { sender: alice }), 'ERR:BAD_SENDER')
    await expectRejected(v.stake(mallory, 5_000_000n, 0n, { rekeyTo: alice.addr, callSigner: alice }), 'ERR:REKEY')
    await expectRejected(v.stake(mallory, 5_000_000n, 0n, { closeTo: g.admin.addr }), 'ERR:CLOSE_TO')
    await expectRejected(v.stake(mallory, 0n), 'ERR:ZERO_AMOUNT')
    await expectRejected(v.stake(mallory, 5_000_000n, 0n, { asset: 0n }), 'ERR:BAD_INPUT_TYPE')
    await expectRejected(v.stake(mallory, 5_000_000n, 10n ** 12n), 'ERR:SLIPPAGE')
    await expectRejected(v.unstake(mallory, 5_000_000n, 0n, { asset: GROVE }), 'ERR:BAD_INPUT_ASSET')
    await expectRejected(v.unstake(alice, 1_000n, 10n ** 9n), 'ERR:SLIPPAGE')
    expect(await watched()).toEqual(before)
  })

  it('refuses a clawback-style input (AssetSender set): a look-alike GROVE with a clawback cannot stake someone else’s tokens', async () => {
    const g = grove()
    // the vault's own asset with the vault as clawback is impossible; a clawback transfer of an asset is refused whatever it moves
    const evil = await g.asset(mallory, { unitName: 'EVIL', clawback: mallory.addr })
    await g.optIn(alice, evil)
    await g.transfer(mallory, alice, evil, 1_000n)
    await v.optInAsset(mallory, evil)
    const before = await g.snapshot([alice.addr, mallory.addr, g.vaultAddress], [GROVE, v.sGrove, evil], [])
    // Mallory claws Alice's EVIL into the vault and asks for sGROVE for it
    await expectRejected(v.stake(mallory, 1_000n, 0n, { asset: evil, assetSender: alice.addr }), 'ERR:BAD_INPUT_ASSET')
    // GROVE has no clawback: a clawback-style GROVE input is refused by the ledger before the vault runs
    await expectRejected(v.stake(mallory, 1_000n, 0n, { assetSender: alice.addr }), /clawback|not allowed|should be empty|must be/i)
    expect(await g.snapshot([alice.addr, mallory.addr, g.vaultAddress], [GROVE, v.sGrove, evil], [])).toEqual(before)
  })
})

describe('first-depositor inflation', () => {
  it('refuses a first stake of 1,000 or less, and a dust first stake plus a donation cannot make a later stake round to 0 or lose value', async () => {
    const g = grove()
    const fresh = await VaultActions.fresh(g, g.admin)
    await g.optIn(mallory, fresh.sGrove)
    await g.optIn(bob, fresh.sGrove)
    await expectRejected(fresh.stake(mallory, 1000n), 'ERR:LOCKED_SHARES')
    // Mallory stakes 1,001 GROVE units (1 sGROVE unit hers, 1,000 locked) and donates 10^9
    expect((await fresh.stake(mallory, 1001n)).value).toBe(1n)
    const donation = 1_000_000_000n
    await g.transfer(mallory, fresh.address, GROVE, donation)
    // the donation enters the rate over the stream: Mallory's next stake books it (at the old rate), a week later it is all behind the shares
    expect((await fresh.stake(mallory, 1001n)).value).toBe(1001n)
    await fresh.later(mallory, Number(STREAM_PERIOD))
    // Bob's preview before the donation was 10^6 sGROVE for 10^6 GROVE: his bound refuses the diluted mint
    const watched = () => g.snapshot([bob.addr, mallory.addr, fresh.address], [GROVE, fresh.sGrove], [])
    const before = await watched()
    await expectRejected(fresh.stake(bob, 1_000_000n, 990_000n), 'ERR:SLIPPAGE')
    // a mint that rounds to 0 fails instead of taking the deposit
    await expectRejected(fresh.stake(bob, 1_000n), 'ERR:ZERO_OUT')
    expect(await watched()).toEqual(before)
    // Bob's stake at the new rate keeps its value to within one sGROVE unit's worth
    const t = await fresh.totals()
    const minted = (await fresh.stake(bob, 1_000_000n)).value
    expect(minted).toBe((1_000_000n * t.shares) / t.grove)
    // Mallory's one unit redeems 1/2,002 of the pot: she lost ~99.9% of her donation to the locked shares
    const back = (await fresh.unstake(mallory, 1n)).value
    expect(back).toBeLessThan(donation / 1000n + 2_000n)
  })
})

/** The timestamp of the block before the last one: the LatestTimestamp the last transaction's app call read. */
async function callTime(): Promise<bigint> {
  const g = grove()
  const { lastRound } = await g.algorand.client.algod.status().do()
  return BigInt((await g.algorand.client.algod.block(lastRound - 1n).do()).block.header.timestamp)
}

describe('the stream', () => {
  it('adds GROVE that arrives other than by stake to the rate linearly over 7 days, the end weighted by amount so that dust cannot push it out', async () => {
    const g = grove()
    const fresh = await VaultActions.fresh(g, g.admin)
    await g.optIn(alice, fresh.sGrove)
    await fresh.stake(alice, 10_000_000n)
    const D = 7_000_000n
    await g.transfer(mallory, fresh.address, GROVE, D)
    // before an action books it, the reads count it as locked in full
    expect(await fresh.rate()).toBe(1_000_000n)
    expect(await fresh.stream()).toMatchObject({ locked: D, rateAtEnd: 1_700_000n })
    // a stake books it (the stake itself is not streamed) and mints at the rate before it
    expect((await fresh.stake(alice, 1_000_000n)).value).toBe(1_000_000n)
    const start = await callTime()
    const global = await fresh.client.state.global.getAll()
    expect(global).toMatchObject({ booked: 18_000_000n, streamLocked: D, streamStart: start, streamEnd: start + STREAM_PERIOD })
    // half-way: half of it unlocked (the locked part rounds up)
    await fresh.later(alice, Number(STREAM_PERIOD / 2n))
    const half = await fresh.stream()
    const { lastRound } = await g.algorand.client.algod.status().do()
    const now = BigInt((await g.algorand.client.algod.block(lastRound).do()).block.header.timestamp)
    const end = start + STREAM_PERIOD
    const locked = (D * (end - now) + STREAM_PERIOD - 1n) / STREAM_PERIOD
    expect(half).toEqual({ locked, end, rateAtEnd: (1_000_000n * 18_000_000n) / 11_000_000n })
    expect(await fresh.rate()).toBe((1_000_000n * (18_000_000n - locked)) / 11_000_000n)
    // one unit of dust, booked by an unstake: the end moves by at most a second
    await g.transfer(mallory, fresh.address, GROVE, 1n)
    const out = await fresh.unstake(alice, 1_000_000n)
    const t = await callTime()
    const r = (D * (end - t) + STREAM_PERIOD - 1n) / STREAM_PERIOD
    const after = await fresh.client.state.global.getAll()
    expect(after.streamEnd).toBe(t + (r * (end - t) + STREAM_PERIOD) / (r + 1n))
    expect(after.streamEnd! - end).toBeLessThanOrEqual(1n)
    expect(after).toMatchObject({ streamLocked: r + 1n, streamStart: t, booked: 18_000_001n - out.value })
    // the unstake paid at the rate of the unlocked part only
    expect(out.value).toBe((1_000_000n * (18_000_000n - r)) / 11_000_000n)
    // after the end everything is behind the shares
    await fresh.later(alice, Number(STREAM_PERIOD))
    expect(await fresh.stream()).toMatchObject({ locked: 0n })
    expect(await fresh.rate()).toBe((1_000_000n * (18_000_001n - out.value)) / 10_000_000n)
  })
})

describe('fee assets', () => {
  it('opts in to a fee asset for anyone who pays its 0.1 ALGO, once; refuses sGROVE and ALGO', async () => {
    const g = grove()
    await expectRejected(v.optInAsset(mallory, tokenX, ASSET_MBR - 1n), 'ERR:MBR')
    // exactly the holding's minimum balance, as the locks take it (GroveContract's optInPaid): more is refused too
    await expectRejected(v.optInAsset(mallory, tokenX, ASSET_MBR + 1n), 'ERR:MBR')
    await expectRejected(v.optInAsset(mallory, v.sGrove), 'ERR:BAD_ASSET')
    await expectRejected(v.optInAsset(mallory, 0n), 'ERR:BAD_ASSET')
    const before = await g.algorand.account.getInformation(g.vaultAddress)
    await v.optInAsset(mallory, tokenX)
    await v.optInAsset(mallory, tokenY)
    const after = await g.algorand.account.getInformation(g.vaultAddress)
    expect(after.minBalance.microAlgo - before.minBalance.microAlgo).toBe(2n * ASSET_MBR)
    await expectRejected(v.optInAsset(mallory, tokenX), 'ERR:OPTED_IN')
  })

  it('refuses a fee asset whose holdings start frozen: nothing could ever be bought back with it', async () => {
    const g = grove()
    const frozen = await g.asset(mallory, { unitName: 'DFZ', freeze: mallory.addr, defaultFrozen: true })
    await expectRejected(v.optInAsset(mallory, frozen), 'ERR:DEFAULT_FROZEN')
    expect(await g.algorand.asset.getAccountInformation(g.vaultAddress, frozen).catch(() => undefined)).toBeUndefined()
  })

  it('receives the DEX’s protocol fees through collectFees and lists what waits for a buyback', async () => {
    const g = grove()
    await g.swapExactIn(mallory, tokenX, tokenY, 600_000_000n)
    const [a, b] = sorted(tokenX, tokenY)
    const pool = await g.pool(a, b)
    const fees = a === tokenX ? pool.protocolFeesA : pool.protocolFeesB
    expect(fees).toBeGreaterThan(0n)
    await g.dex.send.collectFees({ sender: mallory.addr, args: { a, b, feeBps: 30n }, accountReferences: [g.vaultAddress], ...g.refs([[a, b]]), ...g.fee(2) })
    expect(await g.balance(g.vaultAddress, tokenX)).toBe(fees)
    const pending = await g.vault.send.pending({ args: { assets: [0n, tokenX, tokenY, 12345n] }, assetReferences: [tokenX, tokenY], note: g.note() })
    expect(pending.return).toEqual([0n, fees, 0n, 0n])
  })
})

describe('buyback paths', () => {
  it('are set only by the registry’s admin: 1–4 hops ending in GROVE, each an existing pool with reserves; nothing moves on a refusal', async () => {
    const g = grove()
    // Y–GROVE exists but has no liquidity
    const [ya, yb] = sorted(tokenY, GROVE)
    await g.createPool(alice, ya, yb)
    const watched = async () => ({ vault: await g.snapshot([g.vaultAddress], [0n], []), paths: [await v.path(tokenX), await v.path(tokenY)] })
    const before = await watched()
    await expectRejected(v.setPath(tokenX, [GROVE], mallory, pathMbr(1)), 'ERR:NOT_ADMIN')
    await expectRejected(v.setPath(tokenX, [tokenY]), 'ERR:BAD_PATH')
    await expectRejected(v.setPath(tokenY, [GROVE, tokenX, GROVE], g.admin, pathMbr(3)), 'ERR:BAD_PATH')
    await expectRejected(v.setPath(tokenX, [tokenY, tokenX, tokenY, tokenX, GROVE], g.admin, pathMbr(5)), 'ERR:BAD_PATH')
    await expectRejected(v.setPath(GROVE, [tokenX], g.admin, pathMbr(1)), 'ERR:BAD_ASSET')
    await expectRejected(v.setPath(v.sGrove, [GROVE], g.admin, pathMbr(1)), 'ERR:BAD_ASSET')
    await expectRejected(v.setPath(tokenY, [GROVE]), 'ERR:NO_LIQUIDITY')
    await expectRejected(v.setPath(tokenX, [0n, GROVE]), 'ERR:NO_POOL')
    await expectRejected(v.setPath(tokenX, [GROVE], g.admin, pathMbr(1) - 1n), 'ERR:MBR')
    expect(await watched()).toEqual(before)
    const set = await v.setPath(tokenX, [GROVE])
    // the box payment, and the call with its getPool call
    expect(set.fees).toBe(1000n + 2000n)
    expect(vaultEvents(set.logs, 'BuybackPathSet')).toEqual([{ asset: tokenX, path: [GROVE] }])
    expect(await v.path(tokenX)).toEqual([GROVE])
    await v.setPath(tokenY, [tokenX, GROVE])
    await v.setPath(0n, [GROVE])
    expect(await v.path(tokenY)).toEqual([tokenX, GROVE])
    // removing a path gives its box's minimum balance back to the admin
    const algoBefore = (await g.algorand.account.getInformation(g.admin.addr)).balance.microAlgo
    const removed = await v.setPath(tokenY, [])
    const algoAfter = (await g.algorand.account.getInformation(g.admin.addr)).balance.microAlgo
    expect(algoAfter - algoBefore).toBe(pathMbr(2) - removed.fees)
    expect(await v.path(tokenY)).toBeUndefined()
    await v.setPath(tokenY, [tokenX, GROVE])
  })
})

describe('observations', () => {
  it('are refused for a pool without reserves; a ring of 4 per pool, each at least 10 minutes after the newest, one slot per observer, a new observer over the oldest', async () => {
    const g = grove()
    await expectRejected(v.observe(bob, [sorted(tokenY, GROVE)], OBSERVATION_MBR), 'ERR:NO_LIQUIDITY')
    const [a, b] = sorted(0n, GROVE)
    const first = await v.observe(bob, [[a, b]])
    expect(first.fees).toBe(1000n + 2000n)
    expect(OBSERVATION_MBR).toBe(175_700n)
    await expectRejected(v.observe(bob, [[a, b]]), 'ERR:OBSERVATION_TOO_RECENT')
    await v.later(bob, MIN_WINDOW - 2)
    await expectRejected(v.observe(bob, [[a, b]]), 'ERR:OBSERVATION_TOO_RECENT')
    // Bob again: over his own slot
    await v.later(bob, MIN_WINDOW)
    await v.observe(bob, [[a, b]])
    expect((await v.observations(a, b))!.filter((o) => o.timestamp > 0n)).toHaveLength(1)
    const times = [await callTime()]
    const observers = [bob]
    for (let i = 0; i < 4; i++) {
      const other = await g.user(5)
      await v.later(other, MIN_WINDOW)
      const sent = await v.observe(other, [[a, b]])
      times.push(await callTime())
      observers.push(other)
      expect(vaultEvents(sent.logs, 'Observed')[0]).toMatchObject({ a, b, timestamp: times[times.length - 1] })
    }
    // the fifth observer's went over the oldest, Bob's
    const ring = await v.observations(a, b)
    expect(ring!.map((o) => o.timestamp).sort()).toEqual(times.slice(1).sort())
    expect(ring!.map((o) => o.observer).sort()).toEqual(observers.slice(1).map((u) => u.addr.toString()).sort())
  })
})

describe('buyback', () => {
  it('is refused without a path, without an observation, or when every observation is younger than 10 minutes or older than an hour', async () => {
    const g = grove()
    const Z = await g.asset(alice, { unitName: 'Z' })
    await g.optIn(mallory, Z)
    await g.transfer(alice, mallory, Z, 10n ** 12n)
    await v.optInAsset(mallory, Z)
    await g.transfer(mallory, g.vaultAddress, Z, 1_000_000n)
    await g.transfer(mallory, g.vaultAddress, tokenX, 50_000_000n)
    const watched = () => g.snapshot([g.vaultAddress, g.dexAddress], [GROVE, tokenX, Z], [sorted(tokenX, GROVE)])
    const before = await watched()
    await expectRejected(v.buyback(bob, Z, 0, [GROVE]), 'ERR:NO_PATH')
    await expectRejected(v.buyback(bob, tokenX), 'ERR:NO_OBSERVATION')
    await v.observe(grove().admin, [sorted(tokenX, GROVE)])
    await v.later(bob, MIN_WINDOW - 60)
    await expectRejected(v.buyback(bob, tokenX), 'ERR:OBSERVATION_TOO_RECENT')
    await v.later(bob, MAX_WINDOW)
    await expectRejected(v.buyback(bob, tokenX), 'ERR:OBSERVATION_STALE')
    await expectRejected(v.buyback(bob, GROVE, 0, [tokenX]), 'ERR:BAD_ASSET')
    await expectRejected(v.buyback(bob, v.sGrove, 0, [GROVE]), 'ERR:BAD_ASSET')
    expect(await watched()).toEqual(before)
  })

  it('swaps the whole balance at ≥ 99% of the TWAP since the oldest observation 10 minutes to an hour old; the GROVE bought enters the stream', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, GROVE)
    await v.observe(grove().admin, [[a, b]])
    const oldest = await callTime()
    await v.later(bob, MIN_WINDOW)
    await v.observe(grove().admin, [[a, b]])
    await v.later(bob, MIN_WINDOW)
    const before = await v.totals()
    const held = await v.held()
    const balance = await g.balance(g.vaultAddress, tokenX)
    const sent = await v.buyback(bob, tokenX)
    expect(sent.fees).toBe(4000n + 1000n)
    expect(await g.balance(g.vaultAddress, tokenX)).toBe(0n)
    const [event] = vaultEvents(sent.logs, 'Buyback')
    expect(event).toMatchObject({ asset: tokenX, amountIn: balance, groveOut: sent.value, caller: bob.addr.toString() })
    expect(sent.value).toBeGreaterThanOrEqual(event!.minOut as bigint)
    // the pool has 1:1 reserves and no trade moved it: the TWAP value is the amount less the 0.3% fee
    const net = balance - (balance * 30n + 9999n) / 10000n
    expect(event!.minOut).toBe((net * 9900n) / 10000n)
    // the window was the older observation's
    expect(await callTime() - oldest).toBeGreaterThanOrEqual(2n * BigInt(MIN_WINDOW))
    // the rate did not move: the GROVE bought is locked in the stream, booked
    const after = await v.totals()
    expect(after.grove * before.shares).toBe(before.grove * after.shares)
    expect((await v.held()).booked).toBe(held.balance + sent.value)
    expect((await v.stream()).rateAtEnd).toBeGreaterThan(await v.rate())
  })

  it('buys back through two hops (Y → X → GROVE) and with ALGO above the vault’s minimum balance', async () => {
    const g = grove()
    await g.transfer(mallory, g.vaultAddress, tokenY, 10_000_000n)
    await g.transfer(mallory, g.vaultAddress, 0n, 500_000n)
    await v.observe(grove().admin, [sorted(tokenX, tokenY), sorted(tokenX, GROVE), sorted(0n, GROVE)])
    await v.later(bob, MIN_WINDOW)
    const two = await v.buyback(bob, tokenY)
    // 3 + 2 getPool inners on the call, and the DEX no-op that carries the fifth box reference
    expect(two.fees).toBe(6000n + 1000n)
    expect(two.value).toBeGreaterThanOrEqual(vaultEvents(two.logs, 'Buyback')[0]!.minOut as bigint)
    expect(await g.balance(g.vaultAddress, tokenY)).toBe(0n)
    const algo = await v.buyback(bob, 0n)
    const [bought] = vaultEvents(algo.logs, 'Buyback')
    expect(bought).toMatchObject({ asset: 0n })
    expect(algo.value).toBeGreaterThanOrEqual(bought!.minOut as bigint)
    const info = await g.algorand.account.getInformation(g.vaultAddress)
    expect(info.balance.microAlgo).toBe(info.minBalance.microAlgo)
    await expectRejected(v.buyback(bob, 0n), 'ERR:NOTHING_TO_BUY')
  })
})
