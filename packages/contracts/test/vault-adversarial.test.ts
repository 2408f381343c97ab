// Attacks on the vault's buyback (issue 24, "the Vault's buyback can be steered"), each replayed on the
// localnet with groups built by hand, each now failing with nothing moved or earning nothing:
// - a pool pushed 2% from its TWAP, in the buyback's group or the block before: ERR:SLIPPAGE;
// - a price-0 window through a fresh pool and a path of the caller's choosing: an empty pool cannot be
//   observed, nor put on a path, and only the registry's admin sets paths (the buyback takes none);
// - a flash stake around a buyback, or around collectFees of a GROVE pool: what arrives is streamed,
//   so the flash staker gets back at most what she staked;
// - blocking buybacks by re-observing: observations are 10 minutes apart at least and a ring of 4
//   keeps an old-enough one, so a buyback right after a fresh observation still runs;
// - a day-old window and a sandwich after a real +30% move: the window is at most an hour old.
import algosdk from 'algosdk'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, poolBoxName, sorted, useGrove, type User } from './fixture.ts'
import { MAX_WINDOW, MIN_WINDOW, OBSERVATION_MBR, observationBoxName, pathBoxName, pathMbr, stakeOut, vaultEvents, VaultActions } from './vault.ts'

const grove = useGrove()
let v: VaultActions
let alice: User
let mallory: User
let GROVE: bigint
/** Fees of each market's token the vault holds; each token–GROVE pool holds 10^10 of each side. */
const FEES = 10_000_000n
const RESERVE = 10_000_000_000n

beforeAll(async () => {
  const g = grove()
  v = new VaultActions(g)
  GROVE = g.ids.groveAssetId
  alice = await g.user(1000)
  mallory = await g.user(1000)
  await g.optIn(alice, GROVE, v.sGrove)
  await g.optIn(mallory, GROVE, v.sGrove)
  await g.transfer(g.admin, alice, GROVE, 10n ** 12n)
  await g.transfer(g.admin, mallory, GROVE, 10n ** 13n)
  // the long-term holder: 10^8 GROVE in the vault
  await v.stake(alice, 100_000_000n)
}, 120_000)

/** A token of Alice's with a token–GROVE pool of RESERVE each side, the vault opted in and holding FEES of it, Mallory holding 10^12; `path`: the admin sets [GROVE]. */
async function market(unitName: string, path = true): Promise<bigint> {
  const g = grove()
  const token = await g.asset(alice, { unitName })
  await g.optIn(mallory, token)
  await g.transfer(alice, mallory, token, 10n ** 12n)
  const [a, b] = sorted(token, GROVE)
  const { value: lp } = await g.createPool(alice, a, b)
  await g.optIn(alice, lp)
  await g.addLiquidity(alice, a, b, RESERVE, RESERVE)
  await v.optInAsset(alice, token)
  await g.transfer(mallory, g.vaultAddress, token, FEES)
  if (path) await v.setPath(token, [GROVE])
  return token
}

/** Everything a buyback or an attack could move: balances of the vault, Mallory and the DEX, the pools, and the vault's observations and paths of `token`. */
async function state(token: bigint, pools: [bigint, bigint][] = [sorted(token, GROVE)]): Promise<unknown> {
  const g = grove()
  return {
    balances: await g.snapshot([g.vaultAddress, mallory.addr, g.dexAddress], [0n, GROVE, token, v.sGrove], pools),
    observations: await Promise.all(pools.map((p) => v.observations(...p))),
    path: await v.path(token),
    globals: await g.vault.state.global.getAll(),
  }
}

/** X that moves the X–GROVE price by about `percent`% (selling X for GROVE): x ≈ R·(√(1 + p) − 1). */
const pushAmount = (percent: number) => BigInt(Math.ceil(Number(RESERVE) * (Math.sqrt(1 + percent / 100) - 1)))

/** The app-call parameters of a buyback of `token` along [GROVE] by `who`. */
function buybackParams(who: User, token: bigint) {
  const g = grove()
  const [a, b] = sorted(token, GROVE)
  return g.vault.params.buyback({
    sender: who.addr,
    args: { asset: token },
    appReferences: [g.ids.dexAppId, g.ids.registryAppId],
    assetReferences: [token, GROVE],
    boxReferences: [pathBoxName(token), observationBoxName(a, b), { appId: g.ids.dexAppId, name: poolBoxName(a, b) }],
    ...g.fee(4),
  })
}

describe('buyback against a manipulated pool', () => {
  let X: bigint
  beforeAll(async () => {
    X = await market('X')
    await v.observe(grove().admin, [sorted(X, GROVE)])
    await v.later(alice, MIN_WINDOW)
  }, 120_000)

  it('fails, with nothing moved, when the pool is pushed 2% from its TWAP inside the buyback’s own group', async () => {
    const g = grove()
    const before = await state(X)
    const push = await g.dex.params.swapExactIn({
      sender: mallory.addr,
      args: { input: g.input(mallory, X, pushAmount(2)), assetOut: GROVE, feeBps: 30n, minOut: 0n },
      ...g.refs([sorted(X, GROVE)]),
      ...g.fee(1),
    })
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(push).addAppCallMethodCall(await buybackParams(mallory, X)).send(), 'ERR:SLIPPAGE')
    expect(await state(X)).toEqual(before)
  })

  it('fails when the pool was pushed 2% in the block before: ten minutes of TWAP barely move', async () => {
    const g = grove()
    await g.swapExactIn(mallory, X, GROVE, pushAmount(2))
    const before = await state(X)
    await expectRejected(v.buyback(mallory, X), 'ERR:SLIPPAGE')
    expect(await state(X)).toEqual(before)
    // Mallory takes her push back (selling the GROVE she bought), so the pool returns near its TWAP
    const back = (await g.balance(mallory, GROVE)) - 10n ** 13n
    await g.swapExactIn(mallory, GROVE, X, back > 0n ? back : 1n)
  })

  it('succeeds at the TWAP once the pool is back, buying at no less than 99% of the TWAP value after the fee', async () => {
    const g = grove()
    const sent = await v.buyback(mallory, X)
    const net = FEES - (FEES * 30n + 9999n) / 10000n
    expect(sent.value).toBeGreaterThanOrEqual((net * 99n) / 100n)
    expect(await g.balance(g.vaultAddress, X)).toBe(0n)
  })
})

describe('a price-0 window through a fresh pool, on a path of the caller’s choosing', () => {
  it('cannot start: an empty pool is not observed, nor put on a path, and only the registry’s admin sets paths', async () => {
    const g = grove()
    const P = await market('P', false)
    // Mallory's own token M and pools P–M and M–GROVE, empty: the attack observed them before their first deposit
    const M = await g.asset(mallory, { unitName: 'M' })
    const pools = [sorted(P, M), sorted(M, GROVE)]
    for (const [a, b] of pools) await g.createPool(mallory, a, b)
    const before = await state(P, [...pools, sorted(P, GROVE)])
    await expectRejected(v.observe(mallory, [pools[0]!], OBSERVATION_MBR), 'ERR:NO_LIQUIDITY')
    await expectRejected(v.observe(mallory, [pools[1]!], OBSERVATION_MBR), 'ERR:NO_LIQUIDITY')
    // the path is not hers to choose, and not even the admin can route through an empty pool
    await expectRejected(v.setPath(P, [M, GROVE], mallory, pathMbr(2)), 'ERR:NOT_ADMIN')
    await expectRejected(v.setPath(P, [M, GROVE]), 'ERR:NO_LIQUIDITY')
    // a buyback takes no path: without the admin's there is none
    await expectRejected(v.buyback(mallory, P, 0, [M, GROVE]), 'ERR:NO_PATH')
    // the old method with a path argument no longer exists
    const old = algosdk.ABIMethod.fromSignature('buyback(uint64,uint64[])uint64')
    const raw = algosdk.makeApplicationNoOpTxnFromObject({
      sender: mallory.addr,
      appIndex: g.ids.vaultAppId,
      appArgs: [old.getSelector(), algosdk.encodeUint64(P), algosdk.ABIType.from('uint64[]').encode([M, GROVE])],
      foreignApps: [g.ids.dexAppId, g.ids.registryAppId],
      foreignAssets: [P, GROVE],
      boxes: [{ appIndex: 0, name: pathBoxName(P) }, ...pools.map(([a, b]) => ({ appIndex: g.ids.dexAppId, name: poolBoxName(a, b) }))],
      suggestedParams: { ...(await g.algorand.client.algod.getTransactionParams().do()), fee: 6000n, flatFee: true },
    })
    await expectRejected(g.algorand.newGroup().addTransaction(raw, mallory.signer).send(), /does not implement the given ABI method/)
    expect(await state(P, [...pools, sorted(P, GROVE)])).toEqual(before)
    // funded seconds before a buyback, her pools still are not on any path: the admin's path through P–GROVE is what the buyback takes
    await v.setPath(P, [GROVE])
    await v.observe(grove().admin, [sorted(P, GROVE)])
    await v.later(alice, MIN_WINDOW)
    const sent = await v.buyback(mallory, P)
    const net = FEES - (FEES * 30n + 9999n) / 10000n
    // the attack sold 10^7 for 3,323 GROVE units; at the TWAP it is ≥ 99% of the 9,970,000 net
    expect(sent.value).toBeGreaterThanOrEqual((net * 99n) / 100n)
    expect(vaultEvents(sent.logs, 'Buyback')[0]).toMatchObject({ asset: P, amountIn: FEES })
  })
})

describe('a flash stake', () => {
  /** Mallory's [stake `amount`, `middle`, unstake everything minted] in one group; returns her GROVE after less before. */
  async function flash(amount: bigint, middle: () => Promise<unknown>): Promise<{ gain: bigint; minted: bigint }> {
    const g = grove()
    const minted = stakeOut((await v.totals()).grove, (await v.totals()).shares, amount)!
    const before = await g.balance(mallory, GROVE)
    const stake = await g.vault.params.stake({ sender: mallory.addr, args: { input: v.input(mallory, GROVE, amount), minShares: 0n }, assetReferences: [GROVE, v.sGrove], ...g.fee(1) })
    const unstake = await g.vault.params.unstake({ sender: mallory.addr, args: { input: v.input(mallory, v.sGrove, minted), minGrove: 0n }, assetReferences: [GROVE, v.sGrove], ...g.fee(1) })
    await g.algorand
      .newGroup()
      .addAppCallMethodCall(stake)
      .addAppCallMethodCall((await middle()) as typeof stake)
      .addAppCallMethodCall(unstake)
      .send()
    return { gain: (await g.balance(mallory, GROVE)) - before, minted }
  }

  it('99× the vault around a buyback gets back at most its stake; the GROVE bought goes to the holders over the stream', async () => {
    const Q = await market('Q')
    await v.observe(grove().admin, [sorted(Q, GROVE)])
    await v.later(alice, MIN_WINDOW)
    const vaultBefore = await v.totals()
    const amount = vaultBefore.grove * 99n
    const held = await v.held()
    const { gain } = await flash(amount, () => buybackParams(mallory, Q))
    // before the fix she kept 9,860,467 of the 9,960,069 GROVE bought
    expect(gain).toBeLessThanOrEqual(0n)
    expect(gain).toBeGreaterThanOrEqual(-2n)
    // the vault's GROVE grew by what it bought and by what Mallory left behind (−gain)
    const bought = (await v.held()).balance - held.balance + gain
    expect(bought).toBeGreaterThan((FEES * 99n) / 100n - FEES / 100n)
    // Alice's sGROVE: the rate now is the rate before (less nothing); when the stream ends she has the buyback
    const stream = await v.stream()
    expect(stream.locked).toBeGreaterThanOrEqual(bought)
    expect(stream.rateAtEnd).toBeGreaterThan(await v.rate())
  })

  it('around collectFees of a GROVE pool (the vault is the treasury) gets back at most its stake', async () => {
    const g = grove()
    const C = await market('C')
    // trades that leave GROVE protocol fees in the C–GROVE pool
    await g.swapExactIn(mallory, GROVE, C, 2_000_000_000n)
    const [a, b] = sorted(C, GROVE)
    const pool = await g.pool(a, b)
    const groveFees = a === GROVE ? pool.protocolFeesA : pool.protocolFeesB
    expect(groveFees).toBeGreaterThan(0n)
    const amount = (await v.totals()).grove * 99n
    const vaultGrove = await g.balance(g.vaultAddress, GROVE)
    const { gain } = await flash(amount, () => g.dex.params.collectFees({ sender: mallory.addr, args: { a, b, feeBps: 30n }, accountReferences: [g.vaultAddress], ...g.refs([[a, b]]), ...g.fee(2) }))
    expect(gain).toBeLessThanOrEqual(0n)
    expect(gain).toBeGreaterThanOrEqual(-2n)
    expect(await g.balance(g.vaultAddress, GROVE)).toBe(vaultGrove + groveFees - gain)
  })
})

describe('blocking buybacks by re-observing', () => {
  it('cannot: an observation less than 10 minutes after the newest is refused, and one right before a buyback leaves it an older one', async () => {
    const g = grove()
    const B = await market('B')
    const key = sorted(B, GROVE)
    // the clock held first: an observation records the previous block's stamp (LatestTimestamp), so
    // Alice's block must not be a wall-clock second past it, or 599 s after it would be 600 after hers
    await v.laterExactly(alice, 0)
    await v.observe(alice, [key])
    // Mallory re-observes 599 s later: refused, nothing written (the clock held at exactly 599 s after Alice's block)
    await v.laterExactly(mallory, MIN_WINDOW - 1)
    const before = await state(B)
    await expectRejected(v.observe(mallory, [key]), 'ERR:OBSERVATION_TOO_RECENT')
    expect(await state(B)).toEqual(before)
    // every 600 s she may, but each time the buyback in the same block still finds Alice's or her older one
    for (let round = 0; round < 5; round++) {
      await v.laterExactly(mallory, round === 0 ? 1 : MIN_WINDOW)
      const observe = await g.vault.params.observe({
        sender: mallory.addr,
        args: { mbr: v.input(mallory, 0n, 0n), pools: [key] },
        appReferences: [g.ids.dexAppId],
        boxReferences: [observationBoxName(...key), { appId: g.ids.dexAppId, name: poolBoxName(...key) }],
        ...g.fee(1),
      })
      await g.transfer(mallory, g.vaultAddress, B, 1_000_000n)
      await g.algorand.newGroup().addAppCallMethodCall(observe).addAppCallMethodCall(await buybackParams(alice, B)).send()
      expect(await g.balance(g.vaultAddress, B)).toBe(0n)
    }
    // the ring is hers, and a buyback still runs
    await g.transfer(mallory, g.vaultAddress, B, 1_000_000n)
    expect((await v.buyback(alice, B)).value).toBeGreaterThan(0n)
  })
})

describe('a stale window and a sandwich', () => {
  it('is refused: after a day and a real +30% move the day-old observation cannot bound a sandwiched buyback; a fresh window catches the sandwich', async () => {
    const g = grove()
    const S = await market('S')
    const key = sorted(S, GROVE)
    await v.observe(g.admin, [key])
    await v.later(alice, 86_400)
    // a real move: S becomes ~30% dearer in GROVE (someone buys S)
    await g.swapExactIn(alice, GROVE, S, BigInt(Math.ceil(Number(RESERVE) * (Math.sqrt(1.3) - 1))))
    await v.later(alice, 60)
    // Mallory sandwiches: she sells S first (the price back near the day-old TWAP), the buyback, then she buys S back
    const front = await g.dex.params.swapExactIn({ sender: mallory.addr, args: { input: g.input(mallory, S, pushAmount(30)), assetOut: GROVE, feeBps: 30n, minOut: 0n }, ...g.refs([key]), ...g.fee(1) })
    const before = await state(S)
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(front).addAppCallMethodCall(await buybackParams(mallory, S)).send(), 'ERR:OBSERVATION_STALE')
    expect(await state(S)).toEqual(before)
    // an hour is the longest window: observed again, ten minutes later the TWAP is the moved price and the same front-run fails the 1% bound
    await v.observe(g.admin, [key])
    await v.later(alice, MIN_WINDOW)
    const front2 = await g.dex.params.swapExactIn({ sender: mallory.addr, args: { input: g.input(mallory, S, pushAmount(30)), assetOut: GROVE, feeBps: 30n, minOut: 0n }, ...g.refs([key]), ...g.fee(1) })
    const before2 = await state(S)
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(front2).addAppCallMethodCall(await buybackParams(mallory, S)).send(), 'ERR:SLIPPAGE')
    expect(await state(S)).toEqual(before2)
    // and past the hour the window is stale again
    await v.later(alice, MAX_WINDOW)
    await expectRejected(v.buyback(mallory, S), 'ERR:OBSERVATION_STALE')
  })
})
