// Today's pools become the 30 bps tier with nothing lost (issue 37, item 1): a DEX of the program before
// fee tiers (test/fixtures/dex-before-tiers.arc56.json, the artifact of the commit before them) is seeded
// through its own ABI (pools, two providers' positions, swaps, protocol fees), then its program is
// replaced in place by today's (the localnet's set-program cheat, Anvil's setCode: same id, state and
// boxes). Every box, reserve, LP supply and position reads the same before and after, each pool reads as
// the 30 bps tier through the new ABI, and trades on as that tier.
import algosdk from 'algosdk'
import { AppClient } from '@algorandfoundation/algokit-utils/types/app-client'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import { setProgram } from '@grove/localnet'
import { beforeAll, describe, expect, it } from 'vitest'
import BEFORE_TIERS from './fixtures/dex-before-tiers.arc56.json' with { type: 'json' }
import { dexSpec } from '../src/index.ts'
import { events, poolBoxName, sorted, useGrove, type Grove, type User } from './fixture.ts'
import { applySwapIn, remove, type Pool } from './reference.ts'

const OLD_SPEC = BEFORE_TIERS as unknown as Arc56Contract
const grove = useGrove()
const POOL_STATE = algosdk.ABIType.from('(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)')
const FIELDS = ['reserveA', 'reserveB', 'lpAsset', 'lpIssued', 'feeBps', 'protocolFeeDivisor', 'protocolFeesA', 'protocolFeesB', 'cumulativePriceA', 'cumulativePriceB', 'lastUpdate'] as const
const decode = (raw: Uint8Array): Pool => Object.fromEntries((POOL_STATE.decode(raw) as bigint[]).map((v, i) => [FIELDS[i], BigInt(v)])) as unknown as Pool

let g: Grove
let alice: User
let bob: User
let old: AppClient
let dexAddress: algosdk.Address
let tokens: bigint[]
/** The seeded pools, (a, b) with a < b. */
let pairs: [bigint, bigint][]
/** What the chain held before the program was replaced. */
let before: Awaited<ReturnType<typeof snapshot>>

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64')
const compiled = (spec: Arc56Contract, which: 'approval' | 'clear') => new Uint8Array(Buffer.from(spec.byteCode![which], 'base64'))

/** A call of the pre-tier DEX through its own ARC-56 spec. */
async function call(sender: User, method: string, args: unknown[], boxes: [bigint, bigint][], inners: number, assets: bigint[] = []) {
  return old.send.call({
    sender: sender.addr,
    method,
    args: args as never,
    boxReferences: boxes.map(([a, b]) => poolBoxName(a, b)),
    assetReferences: assets.filter((x) => x !== 0n),
    appReferences: [g.ids.registryAppId],
    staticFee: AlgoAmount.MicroAlgo(1000 * (1 + inners)),
    note: g.note(),
  })
}

/** A transfer of `amount` of `asset` from `from` to the pre-tier DEX. */
const pay = (from: User, asset: bigint, amount: bigint) => g.input(from, asset, amount, { receiver: dexAddress })

/** Every box of the app (name → value), each pool's LP holders' balances and the app's holdings. */
async function snapshot() {
  const names = await g.algorand.app.getBoxNames(old.appId)
  const boxes = Object.fromEntries(await Promise.all(names.map(async (n) => [n.nameBase64, b64(await g.algorand.app.getBoxValue(old.appId, n.nameRaw))] as const)))
  const pools = await Promise.all(pairs.map(async ([a, b]) => decode(await g.algorand.app.getBoxValue(old.appId, poolBoxName(a, b)))))
  const positions = await Promise.all(pools.flatMap((p) => [alice, bob].map((who) => g.balance(who, p.lpAsset))))
  const holdings = await Promise.all([0n, ...tokens].map((t) => g.balance(dexAddress, t)))
  const info = await g.algorand.client.algod.getApplicationByID(old.appId).do()
  return { boxes, pools, positions, holdings, globals: JSON.stringify(info.params!.globalState, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? b64(v) : v)) }
}

beforeAll(async () => {
  g = grove()
  alice = await g.user(5000)
  bob = await g.user(1000)
  tokens = [await g.asset(alice, { unitName: 'M1' }), await g.asset(alice, { unitName: 'M2' })]
  await g.optIn(bob, ...tokens)
  for (const t of tokens) await g.transfer(alice, bob, t, 10n ** 12n)
  // the pre-tier DEX, bound to this Grove's registry, as its deploy made it
  const created = await g.algorand.send.appCreateMethodCall({
    sender: g.admin.addr,
    approvalProgram: compiled(OLD_SPEC, 'approval'),
    clearStateProgram: compiled(OLD_SPEC, 'clear'),
    schema: { globalInts: 1, globalByteSlices: 2, localInts: 0, localByteSlices: 0 },
    extraProgramPages: 2,
    method: new algosdk.ABIMethod(OLD_SPEC.methods.find((m) => m.name === 'createApplication')!),
    args: [g.ids.registryAppId],
    note: g.note(),
  })
  old = new AppClient({ appId: created.appId, appSpec: OLD_SPEC, algorand: g.algorand, defaultSender: alice.addr })
  dexAddress = algosdk.getApplicationAddress(created.appId)
  await g.transfer(g.admin, dexAddress, 0n, 1_000_000n)
  pairs = [sorted(0n, tokens[0]!), sorted(tokens[0]!, tokens[1]!)]
  for (const [a, b] of pairs) {
    const mbr = 2_500n + 400n * (17n + 136n) + 100_000n * 3n
    const lp = (await call(alice, 'createPool', [pay(alice, 0n, mbr), a, b], [[a, b]], 4, [a, b])).return as bigint
    for (const who of [alice, bob]) {
      await g.optIn(who, lp)
      await call(who, 'addLiquidity', [pay(who, a, 300_000_000n), pay(who, b, 700_000_000n), a, b, 1n], [[a, b]], 2, [a, b, lp])
    }
    // trades both ways, so each pool holds protocol fees and cumulative prices
    for (const [from, to] of [
      [a, b],
      [b, a],
    ])
      await call(bob, 'swapExactIn', [pay(bob, from, 9_000_000n), to, 0n], [[a, b]], 1, [to])
  }
  before = await snapshot()
}, 120_000)

describe('replacing the pre-tier DEX program with the tiered one', () => {
  it('keeps every box, reserve, LP supply, position and holding, and every pool reads as the 30 bps tier', async () => {
    expect(before.pools.every((p) => p.reserveA > 0n && p.lpIssued > 0n && p.protocolFeesA + p.protocolFeesB > 0n && p.feeBps === 30n)).toBe(true)
    await setProgram(g.net.algod, old.appId, compiled(dexSpec, 'approval'), compiled(dexSpec, 'clear'))
    // the app now runs today's program: its selectors are the tiered ABI's
    const info = await g.algorand.client.algod.getApplicationByID(old.appId).do()
    expect(b64(info.params!.approvalProgram)).toBe(dexSpec.byteCode!.approval)
    expect(await snapshot()).toEqual(before)
    const tiered = new AppClient({ appId: old.appId, appSpec: dexSpec, algorand: g.algorand, defaultSender: alice.addr })
    for (const [i, [a, b]] of pairs.entries()) {
      const read = await tiered.send.call({ method: 'getPool', args: [a, b, 30n], boxReferences: [poolBoxName(a, b, 30n)], note: g.note() })
      // the PoolState struct, by field name (ARC-56)
      const state = read.return as unknown as Record<string, bigint | number>
      expect(Object.fromEntries(FIELDS.map((f) => [f, BigInt(state[f]!)]))).toEqual(before.pools[i])
    }
  })

  it('trades, adds and removes on the old pools as the 30 bps tier, and opens another tier beside them', async () => {
    const tiered = new AppClient({ appId: old.appId, appSpec: dexSpec, algorand: g.algorand, defaultSender: alice.addr })
    const send = (sender: User, method: string, args: unknown[], boxes: Uint8Array[], inners: number, assets: bigint[]) =>
      tiered.send.call({
        sender: sender.addr,
        method,
        args: args as never,
        boxReferences: boxes,
        assetReferences: assets.filter((x) => x !== 0n),
        appReferences: [g.ids.registryAppId],
        staticFee: AlgoAmount.MicroAlgo(1000 * (1 + inners)),
        note: g.note(),
      })
    const [a, b] = pairs[1]!
    const pool = decode(await g.algorand.app.getBoxValue(old.appId, poolBoxName(a, b)))
    const expected = applySwapIn(pool, true, 5_000_000n)
    const swapped = await send(bob, 'swapExactIn', [pay(bob, a, 5_000_000n), b, 30n, 0n], [poolBoxName(a, b)], 1, [b])
    expect(swapped.return).toBe(expected.out)
    // bob's position from before the program changed comes out pro rata
    const lp = before.positions[3]!
    const after = decode(await g.algorand.app.getBoxValue(old.appId, poolBoxName(a, b)))
    const out = remove(lp, after)
    const removed = await send(bob, 'removeLiquidity', [pay(bob, pool.lpAsset, lp), a, b, 30n, 0n, 0n], [poolBoxName(a, b)], 2, [a, b])
    expect((removed.return as unknown as bigint[]).map(BigInt)).toEqual([out.outA, out.outB])
    expect(events(removed.confirmations.flatMap((c) => c.logs ?? []), 'LiquidityRemoved')[0]).toMatchObject({ a, b, feeBps: 30n, lp })
    // a 5 bps pool of the same pair beside the old one (menu box referenced)
    const mbr = 2_500n + 400n * (25n + 136n) + 100_000n
    const created = await send(alice, 'createPool', [pay(alice, 0n, mbr), a, b, 5n], [poolBoxName(a, b, 5n), new TextEncoder().encode('t')], 1, [a, b])
    expect(events(created.confirmations.flatMap((c) => c.logs ?? []), 'PoolCreated')[0]).toMatchObject({ a, b, feeBps: 5n })
    expect(decode(await g.algorand.app.getBoxValue(old.appId, poolBoxName(a, b, 5n)))).toMatchObject({ feeBps: 5n, reserveA: 0n })
    expect(decode(await g.algorand.app.getBoxValue(old.appId, poolBoxName(a, b)))).toMatchObject({ feeBps: 30n, lpIssued: after.lpIssued - lp })
  })
})
