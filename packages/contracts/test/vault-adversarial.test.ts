// Attacks on the vault's buyback: a pool pushed 2% away from its TWAP (in the buyback's own group, or
// just before it) makes the buyback fail with nothing moved; the bound holds without the push.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, poolBoxName, sorted, useGrove, type User } from './fixture.ts'
import { hopsOf, MIN_WINDOW, observationBoxName, VaultActions } from './vault.ts'

const grove = useGrove()
let v: VaultActions
let alice: User
let mallory: User
let tokenX: bigint
let GROVE: bigint
/** X of the vault's fees; the X–GROVE pool holds 10^10 of each side. */
const FEES = 10_000_000n
const RESERVE = 10_000_000_000n

beforeAll(async () => {
  const g = grove()
  v = new VaultActions(g)
  GROVE = g.ids.groveAssetId
  alice = await g.user(1000)
  mallory = await g.user(1000)
  tokenX = await g.asset(alice, { unitName: 'X' })
  await g.optIn(alice, GROVE)
  await g.optIn(mallory, GROVE, tokenX)
  await g.transfer(g.admin, alice, GROVE, 10n ** 12n)
  await g.transfer(alice, mallory, tokenX, 10n ** 12n)
  const [a, b] = sorted(tokenX, GROVE)
  const { value: lp } = await g.createPool(alice, a, b)
  await g.optIn(alice, lp)
  await g.addLiquidity(alice, a, b, RESERVE, RESERVE)
  await v.optInAsset(alice, tokenX)
  await g.transfer(mallory, g.vaultAddress, tokenX, FEES)
  await v.observe(alice, [sorted(tokenX, GROVE)])
  await v.later(alice, MIN_WINDOW)
}, 120_000)

/** Everything a buyback or a push could move: balances of the vault, Mallory and the DEX, the pool and the observation. */
async function state(): Promise<unknown> {
  const g = grove()
  return {
    balances: await g.snapshot([g.vaultAddress, mallory.addr, g.dexAddress], [0n, GROVE, tokenX], [sorted(tokenX, GROVE)]),
    observation: await v.observation(...sorted(tokenX, GROVE)),
  }
}

/** X that moves the X–GROVE price by about `percent`% (selling X for GROVE): x ≈ R·(√(1 + p) − 1). */
const pushAmount = (percent: number) => BigInt(Math.ceil(Number(RESERVE) * (Math.sqrt(1 + percent / 100) - 1)))

describe('buyback against a manipulated pool', () => {
  it('fails, with nothing moved, when the pool is pushed 2% from its TWAP inside the buyback’s own group', async () => {
    const g = grove()
    const before = await state()
    const push = await g.dex.params.swapExactIn({
      sender: mallory.addr,
      args: { input: g.input(mallory, tokenX, pushAmount(2)), assetOut: GROVE, minOut: 0n },
      ...g.refs([sorted(tokenX, GROVE)]),
      ...g.fee(1),
    })
    const hops = hopsOf(tokenX, [GROVE])
    const buyback = await g.vault.params.buyback({
      sender: mallory.addr,
      args: { asset: tokenX, path: [GROVE] },
      appReferences: [g.ids.dexAppId, g.ids.registryAppId],
      assetReferences: [tokenX, GROVE],
      boxReferences: hops.flatMap(([a, b]) => [observationBoxName(a, b), { appId: g.ids.dexAppId, name: poolBoxName(a, b) }]),
      ...g.fee(4),
    })
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(push).addAppCallMethodCall(buyback).send(), 'ERR:SLIPPAGE')
    expect(await state()).toEqual(before)
  })

  it('fails when the pool was pushed 2% in the block before: ten minutes of TWAP barely move', async () => {
    const g = grove()
    await g.swapExactIn(mallory, tokenX, GROVE, pushAmount(2))
    const before = await state()
    await expectRejected(v.buyback(mallory, tokenX, [GROVE]), 'ERR:SLIPPAGE')
    expect(await state()).toEqual(before)
    // Mallory takes her push back (selling the GROVE she bought), so the pool returns near its TWAP
    const back = await g.balance(mallory, GROVE)
    await g.swapExactIn(mallory, GROVE, tokenX, back)
  })

  it('succeeds at the TWAP once the pool is back, buying at no less than 99% of the TWAP value after the fee', async () => {
    const g = grove()
    const sent = await v.buyback(mallory, tokenX, [GROVE])
    const net = FEES - (FEES * 30n + 9999n) / 10000n
    expect(sent.value).toBeGreaterThanOrEqual((net * 99n) / 100n)
    expect(await g.balance(g.vaultAddress, tokenX)).toBe(0n)
  })
})
