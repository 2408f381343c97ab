// Flash-safe prices (issue 38, item 5): the vault's buyback and observe refuse a group holding a DEX flash
// call; the buyback's TWAP starts at the most recent observation at least 10 minutes old and needs a
// second observer within the hour (or the keeper's, the registry admin's, alone). The review's two attacks
// replayed: (a) a front-run buyback after a genuine +30% move, (b) an attacker who observes alone and
// holds a moved price for 600 s.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, poolBoxName, sorted, useGrove, type User } from './fixture.ts'
import { MAX_WINDOW, MIN_WINDOW, observationBoxName, pathBoxName, vaultEvents, VaultActions } from './vault.ts'
import { flashFee } from './flash.ts'

const grove = useGrove()
let v: VaultActions
let alice: User
let bob: User
let mallory: User
let GROVE: bigint
const FEES = 50_000_000n
const RESERVE = 10_000_000_000n

beforeAll(async () => {
  const g = grove()
  v = new VaultActions(g)
  GROVE = g.ids.groveAssetId
  alice = await g.user(1000)
  bob = await g.user(1000)
  mallory = await g.user(1000)
  for (const u of [alice, mallory]) await g.optIn(u, GROVE, v.sGrove)
  await g.transfer(g.admin, alice, GROVE, 10n ** 12n)
  await g.transfer(g.admin, mallory, GROVE, 10n ** 13n)
  await v.stake(alice, 100_000_000n)
}, 120_000)

/** A token with a token–GROVE pool of RESERVE each side, the vault holding FEES of it and its path [GROVE]; Mallory holds 10^12. */
async function market(unitName: string): Promise<bigint> {
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
  await v.setPath(token, [GROVE])
  return token
}

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

/** GROVE that `amount` of `token` buys at the pool's price now (after its fee, with its price impact): what the current price would buy. */
async function quote(token: bigint, amount: bigint): Promise<bigint> {
  const g = grove()
  const [a, b] = sorted(token, GROVE)
  const p = await g.pool(a, b)
  const [rIn, rOut] = token === a ? [p.reserveA, p.reserveB] : [p.reserveB, p.reserveA]
  const net = amount - (amount * p.feeBps + 9_999n) / 10_000n
  return (rOut * net) / (rIn + net)
}

/** `token` Mallory sells to move its GROVE price down by about `percent`%. */
const pushAmount = (percent: number) => BigInt(Math.ceil(Number(RESERVE) * (Math.sqrt(1 + percent / 100) - 1)))

describe('a group holding a DEX flash call', () => {
  it('refuses a buyback inside a flash loan of its own pool and beside a flash of another pool (ERR:FLASH_IN_GROUP), and an observation beside one', async () => {
    const g = grove()
    const F = await market('F')
    const O = await market('O')
    const key = sorted(F, GROVE)
    await v.observe(alice, [key])
    await v.later(bob, MIN_WINDOW)
    await v.observe(bob, [key])
    await v.later(alice, MIN_WINDOW)
    const { feeBps } = await g.pool(...key)
    const loan = 1_000_000n
    const side = F === key[0]
    const flash = async (pool: [bigint, bigint], asset: bigint, verifyOffset: bigint) => {
      const start = await g.dex.params.flashLoan({
        sender: mallory.addr,
        args: { verifyOffset, a: pool[0], b: pool[1], feeBps: 30n, amountA: asset === pool[0] ? loan : 0n, amountB: asset === pool[1] ? loan : 0n },
        ...g.refs([pool]),
        ...g.fee(1),
      })
      const repay = await g.input(mallory, asset, loan + flashFee(loan, feeBps))
      const verify = await g.dex.params.verifyFlashLoan({ sender: mallory.addr, args: { startOffset: verifyOffset, a: pool[0], b: pool[1], feeBps: 30n }, ...g.refs([pool]), ...g.fee(0) })
      return { start, repay, verify }
    }
    // the flash around the buyback: start, buyback, repayment, verify
    const around = await flash(key, side ? key[0] : key[1], 3n)
    await expectRejected(
      g.algorand.newGroup().addAppCallMethodCall(around.start).addAppCallMethodCall(await buybackParams(mallory, F)).addTransaction(around.repay).addAppCallMethodCall(around.verify).send(),
      'ERR:FLASH_IN_GROUP',
    )
    // a flash of another pool, settled before the buyback
    const other = sorted(O, GROVE)
    const beside = await flash(other, O, 2n)
    await expectRejected(
      g.algorand.newGroup().addAppCallMethodCall(beside.start).addTransaction(beside.repay).addAppCallMethodCall(beside.verify).addAppCallMethodCall(await buybackParams(mallory, F)).send(),
      'ERR:FLASH_IN_GROUP',
    )
    const observe = await g.vault.params.observe({
      sender: mallory.addr,
      args: { mbr: v.input(mallory, 0n, 0n), pools: [key] },
      appReferences: [g.ids.dexAppId],
      boxReferences: [observationBoxName(...key), { appId: g.ids.dexAppId, name: poolBoxName(...key) }],
      ...g.fee(1),
    })
    const third = await flash(other, O, 2n)
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(third.start).addTransaction(third.repay).addAppCallMethodCall(third.verify).addAppCallMethodCall(observe).send(), 'ERR:FLASH_IN_GROUP')
    // without the flash the buyback runs
    expect((await v.buyback(mallory, F)).value).toBeGreaterThan(0n)
  })
})

describe('the review’s attacks, replayed', () => {
  it('(a) after a genuine +30% move a front-run buyback is refused, and the bound it must meet is at least 90% of what the current price buys', async () => {
    const g = grove()
    const S = await market('SA')
    const key = sorted(S, GROVE)
    // two honest observers, ten minutes apart
    await v.observe(alice, [key])
    await v.later(bob, MIN_WINDOW)
    await v.observe(bob, [key])
    await v.later(alice, MIN_WINDOW)
    await v.observe(alice, [key])
    await v.later(bob, MIN_WINDOW)
    // a real move: S becomes ~30% dearer in GROVE (someone buys S), then Bob observes as he does every 10 minutes
    await g.swapExactIn(alice, GROVE, S, BigInt(Math.ceil(Number(RESERVE) * (Math.sqrt(1.3) - 1))))
    await v.observe(bob, [key])
    await v.later(alice, MIN_WINDOW)
    const current = await quote(S, FEES)
    // Mallory front-runs: she sells S to bring the price back to the old one, the buyback, then she would buy S back
    const front = await g.dex.params.swapExactIn({ sender: mallory.addr, args: { input: g.input(mallory, S, pushAmount(30)), assetOut: GROVE, feeBps: 30n, minOut: 0n }, ...g.refs([key]), ...g.fee(1) })
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(front).addAppCallMethodCall(await buybackParams(mallory, S)).send(), 'ERR:SLIPPAGE')
    // the bound any front-run must leave the vault: the buyback's minOut (the TWAP from Bob's observation after the move)
    const sent = await v.buyback(mallory, S)
    const [event] = vaultEvents(sent.logs, 'Buyback')
    const minOut = event!.minOut as bigint
    console.log(`attack (a): current price buys ${current} GROVE; minOut ${minOut} (${((Number(minOut) / Number(current)) * 100).toFixed(2)}%); received ${sent.value}`)
    expect(minOut * 100n).toBeGreaterThanOrEqual(current * 90n)
    expect(sent.value * 100n).toBeGreaterThanOrEqual(current * 90n)
  })

  it('(b) with every other observation more than an hour old, one observer holding a moved price for 600 s is refused (ERR:ONE_OBSERVER); the keeper’s observation alone suffices', async () => {
    const g = grove()
    const S = await market('SB')
    const key = sorted(S, GROVE)
    await v.observe(alice, [key])
    await v.later(alice, MAX_WINDOW + 1)
    // Mallory moves the price (S cheap: the vault would get little GROVE), observes alone and holds it 600 s
    await g.swapExactIn(mallory, S, GROVE, pushAmount(300))
    await v.observe(mallory, [key])
    await v.later(mallory, MIN_WINDOW)
    const before = await g.snapshot([g.vaultAddress, mallory.addr], [S, GROVE], [key])
    await expectRejected(v.buyback(mallory, S), 'ERR:ONE_OBSERVER')
    expect(await g.snapshot([g.vaultAddress, mallory.addr], [S, GROVE], [key])).toEqual(before)
    // the price back, the keeper (the registry's admin) observes; ten minutes later its window alone bounds a buyback
    const back = (await g.balance(mallory, GROVE)) - 10n ** 13n
    await g.swapExactIn(mallory, GROVE, S, back)
    await v.observe(g.admin, [key])
    await v.later(mallory, MIN_WINDOW)
    const ring = await v.observations(...key)
    expect(ring!.filter((o) => o.timestamp > 0n).map((o) => o.observer).sort()).toEqual([alice.addr.toString(), mallory.addr.toString(), g.admin.addr.toString()].sort())
    const current = await quote(S, FEES)
    const sent = await v.buyback(alice, S)
    console.log(`attack (b), after the keeper's observation: current price buys ${current} GROVE; received ${sent.value} (${((Number(sent.value) / Number(current)) * 100).toFixed(2)}%)`)
    expect(sent.value * 100n).toBeGreaterThanOrEqual(current * 90n)
  })

  it('keeps one slot per observer: re-observing every 10 minutes cannot crowd another observer out of the ring', async () => {
    const g = grove()
    const S = await market('SC')
    const key = sorted(S, GROVE)
    await v.observe(alice, [key])
    for (let i = 0; i < 5; i++) {
      await v.later(mallory, MIN_WINDOW)
      await v.observe(mallory, [key])
    }
    const ring = (await v.observations(...key))!.filter((o) => o.timestamp > 0n)
    expect(ring.map((o) => o.observer).sort()).toEqual([alice.addr.toString(), mallory.addr.toString()].sort())
    expect(g).toBeDefined()
  })
})
