// The staking vault: deploy wiring, stake and unstake at the vault's rate, fee-asset opt-ins,
// observations and TWAP-bounded buybacks through the DEX, and each rejection with nothing moved.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { ASSET_MBR, hopsOf, MIN_WINDOW, OBSERVATION_MBR, vaultEvents, VaultActions } from './vault.ts'
// the SDK's vault math (pure, no imports): the bound the SDK previews must be the one the vault enforces
import { buybackMinOut, currentCumulative, stakeOut as sdkStakeOut, unstakeOut as sdkUnstakeOut, type TwapHop } from '../../sdk/src/vault/math.ts'
import { buildBuyback, buildObserve, buildStake, buildUnstake, fetchVaultTotals, previewBuyback, type VaultContext, type VaultGroup } from '../../sdk/src/vault/transactions.ts'
import { decodeVaultEvents } from '../../sdk/src/vault/events.ts'
import { explainVaultError } from '../../sdk/src/vault/errors.ts'

const grove = useGrove()
let v: VaultActions
let alice: User
let bob: User
let mallory: User
let tokenX: bigint
let tokenY: bigint
let GROVE: bigint

/** GROVE per sGROVE as the exact fraction grove / shares (compared by cross-multiplying). */
const rateOf = (t: { grove: bigint; shares: bigint }) => t

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
    expect(await g.vault.state.global.getAll()).toEqual({ dex: g.ids.dexAppId, grove: GROVE, sGrove: v.sGrove, shares: 0n })
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
    // a donation raises the rate: 1,000,001 GROVE behind 1,000,000 sGROVE
    await g.transfer(mallory, g.vaultAddress, GROVE, 1n)
    const second = await v.stake(bob, 3_000_000n)
    // ⌊3,000,000 · 1,000,000 / 1,000,001⌋
    expect(second.value).toBe((3_000_000n * 1_000_000n) / 1_000_001n)
    expect((await g.vault.send.rate({ args: [], note: g.note(), assetReferences: [GROVE] })).return).toBe((1_000_000n * (4_000_001n)) / (1_000_000n + second.value))
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
    await expectRejected(v.stake(mallory, 1n), 'ERR:ZERO_OUT')
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
    // Mallory's one unit redeems 1/1,001 of the pot: she lost ~99.9% of her donation to the locked shares
    const back = (await fresh.unstake(mallory, 1n)).value
    expect(back).toBeLessThan(donation / 1000n + 2_000n)
  })
})

describe('fee assets', () => {
  it('opts in to a fee asset for anyone who pays its 0.1 ALGO, once; refuses sGROVE and ALGO', async () => {
    const g = grove()
    await expectRejected(v.optInAsset(mallory, tokenX, ASSET_MBR - 1n), 'ERR:MBR')
    await expectRejected(v.optInAsset(mallory, v.sGrove), 'ERR:BAD_ASSET')
    await expectRejected(v.optInAsset(mallory, 0n), 'ERR:BAD_ASSET')
    const before = await g.algorand.account.getInformation(g.vaultAddress)
    await v.optInAsset(mallory, tokenX)
    await v.optInAsset(mallory, tokenY)
    const after = await g.algorand.account.getInformation(g.vaultAddress)
    expect(after.minBalance.microAlgo - before.minBalance.microAlgo).toBe(2n * ASSET_MBR)
    await expectRejected(v.optInAsset(mallory, tokenX), 'ERR:OPTED_IN')
  })

  it('receives the DEX’s protocol fees through collectFees and lists what waits for a buyback', async () => {
    const g = grove()
    await g.swapExactIn(mallory, tokenX, tokenY, 600_000_000n)
    const [a, b] = sorted(tokenX, tokenY)
    const pool = await g.pool(a, b)
    const fees = a === tokenX ? pool.protocolFeesA : pool.protocolFeesB
    expect(fees).toBeGreaterThan(0n)
    await g.dex.send.collectFees({ sender: mallory.addr, args: { a, b }, accountReferences: [g.vaultAddress], ...g.refs([[a, b]]), ...g.fee(2) })
    expect(await g.balance(g.vaultAddress, tokenX)).toBe(fees)
    const pending = await g.vault.send.pending({ args: { assets: [0n, tokenX, tokenY, 12345n] }, assetReferences: [tokenX, tokenY], note: g.note() })
    expect(pending.return).toEqual([0n, fees, 0n, 0n])
  })
})

/** Pool (a, b) as the vault reads it through getPool. */
async function reading(a: bigint, b: bigint) {
  const p = await grove().pool(a, b)
  return { reserveA: p.reserveA, reserveB: p.reserveB, feeBps: p.feeBps, cumulativePriceA: p.cumulativePriceA, cumulativePriceB: p.cumulativePriceB, lastUpdate: p.lastUpdate }
}

/** Runs `buyback` and returns its result with the SDK's minOut for it, from the state before and the clock it ran at. */
async function withSdkBound(asset: bigint, path: bigint[], buyback: () => ReturnType<VaultActions['buyback']>) {
  const g = grove()
  const before: { hop: [bigint, bigint]; from: bigint; to: bigint; pool: Awaited<ReturnType<typeof reading>>; observation: Awaited<ReturnType<VaultActions['observation']>> }[] = []
  let from = asset
  for (const to of path) {
    const hop = sorted(from, to)
    before.push({ hop, from, to, pool: await reading(...hop), observation: await v.observation(...hop) })
    from = to
  }
  const amount = asset === 0n ? (await g.algorand.account.getInformation(g.vaultAddress)).balance.microAlgo - (await g.algorand.account.getInformation(g.vaultAddress)).minBalance.microAlgo : await g.balance(g.vaultAddress, asset)
  const sent = await buyback()
  // the app read LatestTimestamp: the block before the one that committed the buyback
  const { lastRound } = await g.algorand.client.algod.status().do()
  const now = BigInt((await g.algorand.client.algod.block(lastRound - 1n).do()).block.header.timestamp)
  const hops: TwapHop[] = before.map((h) => ({ assetIn: h.from, assetOut: h.to, observation: h.observation!, current: currentCumulative(h.pool, now), feeBps: h.pool.feeBps }))
  return { sent, sdkMinOut: buybackMinOut(amount, hops) }
}

describe('observe and buyback', () => {
  it('refuses a buyback without an observation or with one younger than 10 minutes', async () => {
    const g = grove()
    await g.transfer(mallory, g.vaultAddress, tokenX, 50_000_000n)
    const before = await g.snapshot([g.vaultAddress, g.dexAddress], [GROVE, tokenX], [sorted(tokenX, GROVE)])
    await expectRejected(v.buyback(bob, tokenX, [GROVE]), 'ERR:NO_OBSERVATION')
    const obs = await v.observe(bob, [sorted(tokenX, GROVE)])
    expect(obs.fees).toBe(2000n + 1000n)
    expect(vaultEvents(obs.logs, 'Observed')).toHaveLength(1)
    await v.later(bob, MIN_WINDOW - 60)
    await expectRejected(v.buyback(bob, tokenX, [GROVE]), 'ERR:OBSERVATION_TOO_RECENT')
    expect(await g.snapshot([g.vaultAddress, g.dexAddress], [GROVE, tokenX], [sorted(tokenX, GROVE)])).toEqual(before)
  })

  it('swaps the whole balance to GROVE at no less than 99% of the TWAP value once the observation is 10 minutes old; the rate rises', async () => {
    const g = grove()
    await v.later(bob, 120)
    const before = await v.totals()
    const balance = await g.balance(g.vaultAddress, tokenX)
    const { sent, sdkMinOut } = await withSdkBound(tokenX, [GROVE], () => v.buyback(bob, tokenX, [GROVE]))
    expect(sent.fees).toBe(5000n)
    expect(await g.balance(g.vaultAddress, tokenX)).toBe(0n)
    const [event] = vaultEvents(sent.logs, 'Buyback')
    expect(event).toMatchObject({ asset: tokenX, amountIn: balance, groveOut: sent.value, caller: bob.addr.toString() })
    expect(sent.value).toBeGreaterThanOrEqual(event!.minOut as bigint)
    // the pool has 1:1 reserves and no trade moved it since the observation: the TWAP value is the amount less the 0.3% fee
    const net = balance - (balance * 30n + 9999n) / 10000n
    expect(event!.minOut).toBe((net * 9900n) / 10000n)
    expect(sdkMinOut).toBe(event!.minOut)
    const after = await v.totals()
    expect(after.grove).toBe(before.grove + sent.value)
    notLower(before, after)
    expect(after.grove * before.shares).toBeGreaterThan(before.grove * after.shares)
  })

  it('buys back through two hops (Y → X → GROVE) and with ALGO above the vault’s minimum balance', async () => {
    const g = grove()
    await g.transfer(mallory, g.vaultAddress, tokenY, 10_000_000n)
    await g.transfer(mallory, g.vaultAddress, 0n, 500_000n)
    await v.observe(bob, [sorted(tokenX, tokenY), sorted(tokenX, GROVE), sorted(0n, GROVE)])
    await v.later(bob, MIN_WINDOW)
    const { sent: two, sdkMinOut } = await withSdkBound(tokenY, [tokenX, GROVE], () => v.buyback(bob, tokenY, [tokenX, GROVE]))
    expect(two.fees).toBe(6000n)
    // the SDK's bound is the vault's to the unit, over two hops whose prices are not 1
    expect(sdkMinOut).toBe(vaultEvents(two.logs, 'Buyback')[0]!.minOut)
    expect(await g.balance(g.vaultAddress, tokenY)).toBe(0n)
    const { sent: algo, sdkMinOut: algoMinOut } = await withSdkBound(0n, [GROVE], () => v.buyback(bob, 0n, [GROVE]))
    expect(vaultEvents(algo.logs, 'Buyback')[0]).toMatchObject({ asset: 0n, minOut: algoMinOut })
    const info = await g.algorand.account.getInformation(g.vaultAddress)
    expect(info.balance.microAlgo).toBe(info.minBalance.microAlgo)
    await expectRejected(v.buyback(bob, 0n, [GROVE]), 'ERR:NOTHING_TO_BUY')
  })

  it('refuses GROVE, sGROVE, an asset it does not hold, paths that do not end in GROVE or have 0 or 5 hops, and pools it never observed', async () => {
    const g = grove()
    await g.transfer(mallory, g.vaultAddress, tokenX, 1_000_000n)
    const before = await g.snapshot([g.vaultAddress, g.dexAddress], [GROVE, tokenX, tokenY], [sorted(tokenX, GROVE), sorted(tokenX, tokenY)])
    await expectRejected(v.buyback(bob, GROVE, [tokenX]), 'ERR:BAD_ASSET')
    await expectRejected(v.buyback(bob, v.sGrove, [GROVE]), 'ERR:BAD_ASSET')
    const foreign = await g.asset(mallory, { unitName: 'F' })
    await expectRejected(v.buyback(bob, foreign, [GROVE]), 'ERR:NOT_OPTED_IN')
    await expectRejected(v.buyback(bob, tokenX, [tokenY]), 'ERR:BAD_PATH')
    await expectRejected(v.buyback(bob, tokenX, []), 'ERR:BAD_PATH')
    await expectRejected(v.buyback(bob, tokenX, [tokenY, tokenX, tokenY, tokenX, GROVE]), 'ERR:BAD_PATH')
    // X → ALGO → GROVE: no X–ALGO pool exists (and the vault never observed one)
    await expectRejected(v.buyback(bob, tokenX, [0n, GROVE]), 'ERR:NO_OBSERVATION')
    expect(await g.snapshot([g.vaultAddress, g.dexAddress], [GROVE, tokenX, tokenY], [sorted(tokenX, GROVE), sorted(tokenX, tokenY)])).toEqual(before)
    expect(hopsOf(tokenX, [0n, GROVE])).toHaveLength(2)
    expect(OBSERVATION_MBR).toBe(38_100n)
    expect(rateOf).toBeDefined()
  })
})

describe('the SDK’s vault builders on the localnet', () => {
  it('build stake, unstake, observe and buyback groups the vault accepts, with the fees they state and the bound the preview gave', async () => {
    const g = grove()
    const ctx: VaultContext = {
      algod: g.algorand.client.algod,
      vaultAppId: g.ids.vaultAppId,
      dexAppId: g.ids.dexAppId,
      registryAppId: g.ids.registryAppId,
      groveAssetId: GROVE,
      sGroveAssetId: v.sGrove,
      sender: bob.addr,
      signer: bob.signer,
    }
    const send = async (group: VaultGroup) => {
      const result = await group.composer.execute(g.algorand.client.algod, 4)
      const info = await g.algorand.client.algod.pendingTransactionInformation(result.txIDs[result.txIDs.length - 1]!).do()
      return { value: result.methodResults[0]!.returnValue as bigint, logs: info.logs ?? [] }
    }
    const totals = await fetchVaultTotals(ctx.algod, ctx.vaultAppId, GROVE)
    expect(totals).toEqual(await v.totals())
    const preview = sdkStakeOut(totals, 2_000_000n)
    const stake = await buildStake(ctx, 2_000_000n, typeof preview === 'bigint' ? preview : 0n)
    expect(stake.fee).toBe(3000n)
    const minted = (await send(stake)).value
    expect(minted).toBe(preview)
    const unstake = await buildUnstake(ctx, minted, 0n)
    const paid = (await send(unstake)).value
    expect(paid).toBe(sdkUnstakeOut(await v.totals().then((t) => ({ grove: t.grove + paid, shares: t.shares + minted })), minted))
    const held = await g.balance(g.vaultAddress, tokenX)
    await g.transfer(mallory, g.vaultAddress, tokenX, 2_000_000n)
    await send(await buildObserve(ctx, [[GROVE, tokenX]]))
    await v.later(bob, MIN_WINDOW)
    const { amount, minOut } = await previewBuyback(ctx, tokenX, [GROVE])
    expect(amount).toBe(held + 2_000_000n)
    const bought = await send(await buildBuyback(ctx, tokenX, [GROVE]))
    expect(decodeVaultEvents(bought.logs)).toMatchObject([{ name: 'Buyback', args: { asset: tokenX, amountIn: amount, minOut } }])
    // a second buyback of the same asset: nothing left, said in a sentence
    const error = await buildBuyback(ctx, tokenX, [GROVE]).then(send).then(() => undefined, (e: unknown) => e)
    expect(explainVaultError(error, { vaultAppId: ctx.vaultAppId, dexAppId: ctx.dexAppId })).toMatchObject({ code: 'ERR:NOTHING_TO_BUY' })
  })
})
