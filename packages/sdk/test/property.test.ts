// Property-based: random sequences of create/add/zap/remove/swap/route against the SDK's model on
// one localnet. After every step the chain must equal the model (ABI returns, pool boxes, the app's
// holdings, the trader's balances at the end of each run), k never decreases on a swap, and the
// value of one LP unit never decreases. A step the model rejects must be rejected, moving nothing.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  AtomicTransactionComposer,
  SignedTransaction,
  assignGroupID,
  decodeMsgpack,
  encodeUnsignedSimulateTransaction,
  getApplicationAddress,
  modelsv2,
} from 'algosdk'
import type { ABIMethod, ABIType, SuggestedParams } from 'algosdk'
import { MAX_UINT64 } from '../src/core/amount.ts'
import { accrue, addLiquidity, collectFees, lpValueNotDecreased, quoteExactIn, quoteExactOut, removeLiquidity, zap, zapWithSwap } from '../src/dex/amm.ts'
import type { AmmResult, Pool } from '../src/dex/amm.ts'
import { explainError } from '../src/index.ts'
import { DEX_SPEC, dexCall } from '../src/dex/spec.ts'
import type { AppClient } from '@algorandfoundation/algokit-utils/types/app-client'
import { dexContract } from '../src/dex/module.ts'
import { poolBoxName } from '../src/dex/pool-state.ts'
import { bestRouteExactIn, bestRouteExactOut } from '../src/dex/route.ts'
import type { Route } from '../src/dex/route.ts'
import {
  buildAddLiquidity,
  buildCollectFees,
  buildCreatePool,
  buildRemoveLiquidity,
  buildSwapExactIn,
  buildSwapExactOut,
  buildZap,
  poolCreationCost,
} from '../src/dex/transactions.ts'
import { buildRouteSwap } from '../src/dex/swap.ts'
import type { DexGroup } from '../src/dex/transactions.ts'
import { startGrove } from './fixture.ts'
import type { Grove } from './fixture.ts'

// Seeded so a failure repeats; CI runs a bounded 200 of the seed's sequences (1,000 elsewhere).
const RUNS = Number(process.env.GROVE_PROPERTY_RUNS ?? (process.env.CI ? 200 : 1000))
const SEED = Number(process.env.GROVE_PROPERTY_SEED ?? 2026)

let grove: Grove
let ASSETS: bigint[]
let PAIRS: [bigint, bigint][]
let appAddress: string
let dex: AppClient

/** What the SDK believes: every pool, and the trader's holdings. */
const world = { pools: new Map<string, Pool>(), balances: new Map<bigint, bigint>() }
const keyOf = (a: bigint, b: bigint) => `${a}/${b}`
const bal = (asset: bigint) => world.balances.get(asset) ?? 0n
const credit = (asset: bigint, amount: bigint) => world.balances.set(asset, bal(asset) + amount)
const held = () => [...world.balances.keys()].filter((a) => a !== 0n)
/** ALGO the trader may spend on a deposit: balance − minimum balance − the group's fees. */
const spendable = (asset: bigint, fee: bigint) => (asset === 0n ? bal(0n) - 100_000n * BigInt(1 + held().length) - fee : bal(asset))

beforeAll(async () => {
  grove = await startGrove()
  ASSETS = [0n, ...grove.assets]
  PAIRS = ASSETS.flatMap((a, i) => ASSETS.slice(i + 1).map((b): [bigint, bigint] => (a < b ? [a, b] : [b, a])))
  appAddress = getApplicationAddress(grove.dexAppId).toString()
  dex = grove.algorand.client.getAppClientById({ appSpec: DEX_SPEC, appId: grove.dexAppId, defaultSender: grove.trader.addr })
  for (const asset of ASSETS) world.balances.set(asset, await grove.balance(asset))
  for (const assetId of grove.assets) await grove.algorand.send.assetOptIn({ sender: grove.admin.addr, assetId })
}, 120_000)

afterAll(async () => {
  await grove?.stop()
})

/** An amount: an edge value, or parts per million of a base (a reserve, a balance). */
type Amount = { edge: bigint } | { ppm: number }
const amount: fc.Arbitrary<Amount> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<Amount>({ edge: 0n }, { edge: 1n }, { edge: 2n }, { edge: MAX_UINT64 }) },
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map((ppm): Amount => ({ ppm })) },
)
/** Resolves an amount; fractions never exceed `cap` so that only edge values probe the trader's limits. */
const resolve = (a: Amount, base: bigint, cap: bigint): bigint => {
  if ('edge' in a) return a.edge
  const x = (base * BigInt(a.ppm)) / 1_000_000n
  return x < 1n ? 1n : x > cap ? cap : x
}

type Step =
  | { kind: 'create'; pair: number }
  | { kind: 'add'; pair: number; a: Amount; b: Amount }
  | { kind: 'zap'; pair: number; sideA: boolean; x: Amount }
  | { kind: 'remove'; pair: number; lp: Amount }
  | { kind: 'swapIn'; pair: number; sideA: boolean; x: Amount }
  | { kind: 'swapOut'; pair: number; sideA: boolean; y: Amount; extra: bigint }
  | { kind: 'route'; from: number; to: number; x: Amount; exactOut: boolean }
  | { kind: 'quote'; from: number; to: number; x: Amount; exactOut: boolean }
  | { kind: 'collect'; pair: number }

const pair = fc.integer({ min: 0, max: 9 })
const asset = fc.integer({ min: 0, max: 4 })
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), pair }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), pair, a: amount, b: amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('zap' as const), pair, sideA: fc.boolean(), x: amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pair, lp: amount }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('swapIn' as const), pair, sideA: fc.boolean(), x: amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('swapOut' as const), pair, sideA: fc.boolean(), y: amount, extra: fc.bigInt({ min: 0n, max: 1000n }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('route' as const), from: asset, to: asset, x: amount, exactOut: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('collect' as const), pair }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('quote' as const), from: asset, to: asset, x: amount, exactOut: fc.boolean() }) },
)

/** What a step should do: succeed with these pool states, fail, or (at a balance edge) either. */
type Expect = 'ok' | 'fail' | 'either'

interface Outcome {
  expect: Expect
  group: DexGroup
  /** Pools the step touches, before it. */
  before: Pool[]
  /** The model of the step on pools accrued to the block's time, one result per touched pool. */
  model: (accrued: Pool[]) => { pools: Pool[]; ret: unknown; swap: boolean } | undefined
  /** Moves the trader's modelled balances once the step succeeded. */
  settle: () => void
  /** Whether the contract brings the touched pools' TWAP up to the block's time first (all but fee collection). */
  accrues?: false
}

const okOr = <T,>(r: AmmResult<T>): (T & { ok: true }) | undefined => (r.ok ? (r as T & { ok: true }) : undefined)

/** Suggested params shared by a run's steps; each step moves firstValid back one round. */
const params = { base: undefined as SuggestedParams | undefined, step: 0 }
/**
 * Every group this test builds is unique: a note with a counter that never resets. Moving
 * firstValid alone was not enough, as runs restart their step count: two identical `collect`
 * calls of different runs in one validity window had the same id (fast-check seed 1047168291).
 */
let unique = 0
const uniqueNote = () => `property ${++unique}`

async function plan(s: Exclude<Step, { kind: 'quote' }>, lone = false): Promise<Outcome | undefined> {
  const base = params.base!
  const firstValid = BigInt(base.firstValid) - BigInt(++params.step)
  const ctx = { ...grove.ctx, heldAssets: held(), suggestedParams: { ...base, firstValid, lastValid: firstValid + 1000n }, coverBudget: lone || s.kind === 'create', note: uniqueNote() }
  if (s.kind === 'route') {
    const [from, to] = [ASSETS[s.from]!, ASSETS[s.to]!]
    const pools = [...world.pools.values()].filter((p) => p.reserveA > 0n)
    const x = resolve(s.x, 1_000_000_000n, bal(from) / 4n)
    const route: Route | undefined = s.exactOut ? bestRouteExactOut(pools, from, to, x) : bestRouteExactIn(pools, from, to, x)
    if (!route) return undefined
    const group = await buildRouteSwap(ctx, route, route.amountOut)
    const before = route.hops.map((h) => world.pools.get(keyOf(h.pool.a, h.pool.b))!)
    const room = spendable(from, group.fee)
    return {
      expect: route.amountIn > room + 1_000_000n ? 'fail' : route.amountIn * 2n > room ? 'either' : 'ok',
      group,
      before,
      model: (accrued) => {
        const hops = route.hops.map((h, i) => okOr(quoteExactIn(accrued[i]!, h.assetIn, h.amountIn)))
        if (hops.some((h) => !h)) return undefined
        return { pools: hops.map((h) => h!.pool), ret: hops[hops.length - 1]!.amountOut, swap: true }
      },
      settle: () => {
        credit(from, -route.amountIn)
        credit(to, route.amountOut)
      },
    }
  }

  // Steps on a pair without a pool fall on an existing pool instead (creation has its own step).
  const existing = [...world.pools.values()]
  const [a, b] = s.kind === 'create' || world.pools.has(keyOf(...PAIRS[s.pair]!)) || existing.length === 0 ? PAIRS[s.pair]! : [existing[s.pair % existing.length]!.a, existing[s.pair % existing.length]!.b]
  const pool = world.pools.get(keyOf(a, b))
  if (s.kind === 'create') {
    const cost = await poolCreationCost(grove.algod, grove.dexAppId, a, b)
    const group = await buildCreatePool(ctx, a, b)
    return {
      expect: pool ? 'fail' : 'ok',
      group,
      before: [],
      model: () => ({ pools: [], ret: undefined, swap: false }),
      settle: () => credit(0n, -cost.minBalance),
    }
  }
  if (!pool) return undefined
  const assetIn = 'sideA' in s && !s.sideA ? b : a
  const assetOut = assetIn === a ? b : a
  const rIn = assetIn === a ? pool.reserveA : pool.reserveB
  const rOut = assetIn === a ? pool.reserveB : pool.reserveA
  const empty = pool.reserveA === 0n

  switch (s.kind) {
    case 'collect': {
      // Anyone may collect; the fees go to the registry's treasury (the admin here).
      const group = await buildCollectFees(ctx, pool, grove.admin.addr)
      return {
        expect: 'ok',
        group,
        before: [pool],
        model: ([p]) => ({ pools: [collectFees(p!).pool], ret: undefined, swap: false }),
        settle: () => {},
        accrues: false,
      }
    }
    case 'add': {
      const x = resolve(s.a, empty ? 1_000_000_000n : pool.reserveA, bal(a) / 4n)
      const y = resolve(s.b, empty ? 1_000_000_000n : pool.reserveB, bal(b) / 4n)
      const q = okOr(addLiquidity(pool, x, y))
      const group = await buildAddLiquidity(ctx, pool, x, y, q?.lp ?? 1n)
      return {
        expect: !q || x > spendable(a, group.fee) || y > bal(b) ? 'fail' : 'ok',
        group,
        before: [pool],
        model: ([p]) => {
          const r = okOr(addLiquidity(p!, x, y))
          return r && { pools: [r.pool], ret: r.lp, swap: false }
        },
        settle: () => {
          credit(a, -q!.usedA)
          credit(b, -q!.usedB)
          credit(pool.lpAsset, q!.lp)
        },
      }
    }
    case 'zap': {
      const x = resolve(s.x, rIn, bal(assetIn) / 4n)
      const best = okOr(zap(pool, assetIn, x))
      const swapAmount = best?.swapAmount ?? (x > 1n ? x / 2n : 1n)
      const q = best ?? okOr(zapWithSwap(pool, assetIn, x, swapAmount))
      const group = await buildZap(ctx, pool, assetIn, x, swapAmount, q?.lp ?? 0n)
      return {
        expect: !q || x > spendable(assetIn, group.fee) ? 'fail' : 'ok',
        group,
        before: [pool],
        model: ([p]) => {
          const r = okOr(zapWithSwap(p!, assetIn, x, swapAmount))
          return r && { pools: [r.pool], ret: r.lp, swap: false }
        },
        settle: () => {
          credit(assetIn, -x)
          credit(a, q!.refundA)
          credit(b, q!.refundB)
          credit(pool.lpAsset, q!.lp)
        },
      }
    }
    case 'remove': {
      const lp = resolve(s.lp, bal(pool.lpAsset), bal(pool.lpAsset))
      const q = okOr(removeLiquidity(pool, lp))
      const group = await buildRemoveLiquidity(ctx, pool, lp, q?.amountA ?? 0n, q?.amountB ?? 0n)
      return {
        expect: !q || lp > bal(pool.lpAsset) || !world.balances.has(pool.lpAsset) ? 'fail' : 'ok',
        group,
        before: [pool],
        model: ([p]) => {
          const r = okOr(removeLiquidity(p!, lp))
          return r && { pools: [r.pool], ret: [r.amountA, r.amountB], swap: false }
        },
        settle: () => {
          credit(a, q!.amountA)
          credit(b, q!.amountB)
          credit(pool.lpAsset, -lp)
        },
      }
    }
    case 'swapIn': {
      const x = resolve(s.x, rIn, bal(assetIn) / 4n)
      const q = okOr(quoteExactIn(pool, assetIn, x))
      const group = await buildSwapExactIn(ctx, assetIn, assetOut, x, q?.amountOut ?? 0n)
      return {
        expect: !q || x > spendable(assetIn, group.fee) ? 'fail' : 'ok',
        group,
        before: [pool],
        model: ([p]) => {
          const r = okOr(quoteExactIn(p!, assetIn, x))
          return r && { pools: [r.pool], ret: r.amountOut, swap: true }
        },
        settle: () => {
          credit(assetIn, -x)
          credit(assetOut, q!.amountOut)
        },
      }
    }
    case 'swapOut': {
      const y = resolve(s.y, rOut, rOut)
      const q = okOr(quoteExactOut(pool, assetIn, y))
      const maxIn = q ? q.amountIn + s.extra : 1n
      const group = await buildSwapExactOut(ctx, assetIn, assetOut, y, maxIn)
      const room = spendable(assetIn, group.fee)
      return {
        // Well inside or beyond the balance is certain; close to it, ALGO's minimum-balance accounting decides.
        expect: !q || maxIn > room + 1_000_000n ? 'fail' : maxIn * 2n > room ? 'either' : 'ok',
        group,
        before: [pool],
        model: ([p]) => {
          const r = okOr(quoteExactOut(p!, assetIn, y))
          return r && { pools: [r.pool], ret: r.amountIn, swap: true }
        },
        settle: () => {
          credit(assetIn, -q!.amountIn)
          credit(assetOut, y)
        },
      }
    }
  }
}

/** The app holds exactly the reserves plus protocol fees of every pool, the unissued LP, and its minimum balance in ALGO. */
async function checkHoldings(): Promise<void> {
  const info = await grove.algod.accountInformation(appAddress).do()
  const expected = new Map<bigint, bigint>()
  const add = (asset: bigint, v: bigint) => expected.set(asset, (expected.get(asset) ?? 0n) + v)
  for (const p of world.pools.values()) {
    add(p.a, p.reserveA + p.protocolFeesA)
    add(p.b, p.reserveB + p.protocolFeesB)
    add(p.lpAsset, MAX_UINT64 - p.lpIssued)
  }
  expect(info.amount).toBe((expected.get(0n) ?? 0n) + info.minBalance)
  for (const h of info.assets ?? []) expect([h.assetId, h.amount]).toEqual([h.assetId, expected.get(h.assetId) ?? 0n])
}

/** What the run exercised, for the summary line. */
const tally = { batched: 0, groups: 0, rejected: 0, alone: 0, quotes: 0, skipped: 0 }

const describeStep = (s: Step) => JSON.stringify(s, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))

/** Sends one step's group alone: a step expected to fail (or at a balance edge), or a pool creation. */
async function runAlone(s: Step, o: Outcome): Promise<void> {
  const result = await grove.send(o.group).then(
    (r) => ({ ok: true as const, ...r }),
    (e: unknown) => ({ ok: false as const, error: e }),
  )
  if (o.expect !== 'either') {
    const why = result.ok ? 'it succeeded' : explainError(result.error).detail
    expect(result.ok ? 'ok' : 'fail', `${describeStep(s)}: ${why}`).toBe(o.expect)
  }
  // A rejection must come from the contract's checks or the trader's balance, never from the builder.
  if (!result.ok) expect(['budget', 'fee', 'expired'], explainError(result.error).detail).not.toContain(explainError(result.error).kind)
  const after = await Promise.all(o.before.map((p) => dexContract.readers.pool(grove, p.a, p.b)))
  if (result.ok) tally.alone++
  else tally.rejected++
  if (!result.ok) after.forEach((p, i) => expect(p).toEqual(o.before[i]))
  else if (s.kind === 'create') {
    const [a, b] = PAIRS[s.pair]!
    const created = (await dexContract.readers.pool(grove, a, b))!
    expect(created).toMatchObject({ reserveA: 0n, reserveB: 0n, lpIssued: 0n, lpAsset: result.returns[0], feeBps: 30n, protocolFeeDivisor: 6n })
    world.pools.set(keyOf(a, b), created)
    verified.set(keyOf(a, b), created)
  } else {
    const predicted = o.model(o.before.map((p, i) => accrue(p, after[i]!.lastUpdate)))
    expect(predicted, 'the model rejects what the contract accepted').toBeDefined()
    expect(result.returns[0]).toEqual(predicted!.ret)
    after.forEach((p, i) => {
      expect(p).toEqual(predicted!.pools[i])
      world.pools.set(keyOf(p!.a, p!.b), p!)
      verified.set(keyOf(p!.a, p!.b), p!)
    })
  }
  if (result.ok) settle(o)
  await checkHoldings()
}

function settle(o: Outcome): void {
  o.settle()
  credit(0n, -o.group.fee)
  for (const asset of o.group.optIns) if (!world.balances.has(asset)) world.balances.set(asset, 0n)
}

/** Steps expected to succeed wait here, already applied to the model, and go out together in as few groups as fit. */
const pending: { s: Step; o: Outcome; size: number; cost: number }[] = []
const pendingSize = () => pending.reduce((n, p) => n + p.size, 0)

/**
 * Sends the pending steps as one atomic group (their own transactions in order, plus budget calls
 * for the whole group), then replays the model at the block's time and compares every step's
 * return, the invariants between steps, and every touched pool with the chain.
 */
async function flush(): Promise<void> {
  if (pending.length === 0) return
  const batch = pending.splice(0)
  tally.batched += batch.length
  tally.groups++
  const txns = batch.flatMap((p) => p.o.group.composer.buildGroup().map((t) => t.txn))
  const methods = batch.flatMap((p) => {
    const calls = (p.o.group.composer as unknown as { methodCalls: Map<number, ABIMethod> }).methodCalls
    return p.o.group.composer.buildGroup().flatMap((t, i) => (t.txn.type === 'appl' ? [calls.get(i)!] : []))
  })
  const anyPool = [...world.pools.values()][0]!
  const pad = async (n: number) => {
    const { method } = dexCall('getPool', [anyPool.a, anyPool.b, 30n])
    for (let i = 0; i < n; i++) {
      const atc = new AtomicTransactionComposer()
      atc.addMethodCall({
        appID: grove.dexAppId,
        method,
        methodArgs: [anyPool.a, anyPool.b, 30n],
        sender: grove.trader.addr,
        signer: grove.trader.signer,
        suggestedParams: { ...params.base!, flatFee: true, fee: 1000n },
        boxes: [{ appIndex: 0, name: poolBoxName(anyPool.a, anyPool.b) }],
        note: new TextEncoder().encode(uniqueNote()),
      })
      txns.push(atc.buildGroup()[0]!.txn)
      methods.push(method)
      world.balances.set(0n, bal(0n) - 1000n)
    }
  }
  // One unsigned simulation of the whole batch decides its budget calls. A group id hashes the
  // members with their own group field empty, so the composers' ids are cleared first.
  const regroup = () => {
    for (const t of txns) t.group = undefined
    assignGroupID(txns)
  }
  regroup()
  const sim = await grove.algod
    .simulateTransactions(
      new modelsv2.SimulateRequest({
        txnGroups: [new modelsv2.SimulateRequestTransactionGroup({ txns: txns.map((t) => decodeMsgpack(encodeUnsignedSimulateTransaction(t), SignedTransaction)) })],
        allowEmptySignatures: true,
        extraOpcodeBudget: 20_000,
      }),
    )
    .do()
  const used = Number(sim.txnGroups[0]!.appBudgetConsumed ?? 0)
  const short = used - 700 * txns.filter((t) => t.type === 'appl').length
  if (short > 0) await pad(Math.ceil(short / 640))
  expect(txns.length, 'a batch and its budget calls fit one group').toBeLessThanOrEqual(16)
  regroup()
  const signed = await grove.trader.signer(
    txns,
    txns.map((_, i) => i),
  )
  await grove.algod.sendRawTransaction(signed).do().catch((e: unknown) => {
    throw new Error(`${batch.map((p) => describeStep(p.s)).join(' ; ')}: ${explainError(e).detail}`)
  })
  const infos = await Promise.all(txns.flatMap((t) => (t.type === 'appl' ? [grove.algod.pendingTransactionInformation(t.txID()).do()] : [])))
  const returns = infos.map((info, k) => {
    const log = info.logs?.[info.logs.length - 1]
    const type = methods[k]!.returns.type
    return type === 'void' || !log ? undefined : (type as ABIType).decode(log.slice(4))
  })

  // Replay the model on the verified states, accrued to the block's time.
  const touched = new Map<string, Pool>()
  for (const { o } of batch) for (const p of o.before) touched.set(keyOf(p.a, p.b), p)
  const chain = new Map<string, Pool>()
  for (const [key, p] of touched) chain.set(key, (await dexContract.readers.pool(grove, p.a, p.b))!)
  // Every pool an accruing step touched was brought to the block's time.
  const now = [...chain.values()].reduce((t, p) => (p.lastUpdate > t ? p.lastUpdate : t), 0n)
  const state = new Map([...touched.keys()].map((key) => [key, verified.get(key)!]))
  let call = 0
  for (const { s, o } of batch) {
    const before = o.before.map((p) => (o.accrues === false ? state.get(keyOf(p.a, p.b))! : accrue(state.get(keyOf(p.a, p.b))!, now)))
    const r = o.model(before)
    expect(r, `${describeStep(s)}: the model rejects what the contract accepted`).toBeDefined()
    expect(returns[call], describeStep(s)).toEqual(r!.ret)
    call += o.group.composer.buildGroup().filter((t) => t.txn.type === 'appl').length
    r!.pools.forEach((p, i) => {
      if (r!.swap) expect(p.reserveA * p.reserveB, `${describeStep(s)}: k`).toBeGreaterThanOrEqual(before[i]!.reserveA * before[i]!.reserveB)
      expect(lpValueNotDecreased(before[i]!, p), `${describeStep(s)}: LP value`).toBe(true)
      state.set(keyOf(p.a, p.b), p)
    })
  }
  for (const [key, p] of chain) {
    expect(p, key).toEqual(state.get(key))
    world.pools.set(key, p)
    verified.set(key, p)
  }
  await checkHoldings()
}

/** Pool states last read back from the chain (the model's `world` runs ahead of them while steps are pending). */
const verified = new Map<string, Pool>()

/** Rough opcode cost of a step, to keep a batch's budget calls within the 16-transaction group. */
const cost = (s: Step, o: Outcome): number => (s.kind === 'route' ? 650 * o.before.length + 100 : s.kind === 'add' || s.kind === 'remove' ? 800 : 1100)
const pendingCost = () => pending.reduce((n, p) => n + p.cost, 0)

/** The contract's readonly quotes, read on the chain's state, equal the SDK's. */
async function quote(s: Extract<Step, { kind: 'quote' }>): Promise<void> {
  await flush()
  const [from, to] = [ASSETS[s.from]!, ASSETS[s.to]!]
  const pool = from === to ? undefined : world.pools.get(keyOf(from < to ? from : to, from < to ? to : from))
  const read = (method: string, args: unknown[]) =>
    dex.send.call({ method, args: args as never }).then(
      (r) => r.return as bigint,
      (e: unknown) => {
        if (process.env.DEBUG_QUOTE) console.log('QUOTE', method, args, explainError(e).detail.slice(0, 400))
        return undefined
      },
    )
  if (pool) {
    const x = resolve(s.x, from === pool.a ? pool.reserveA : pool.reserveB, MAX_UINT64)
    if (!s.exactOut) {
      // The readonly quote answers 0 where a swap would be refused for a zero amount, an empty pool or a zero output.
      const q = quoteExactIn(pool, from, x)
      if (q.ok || q.error !== 'overflow') expect(await read('quoteExactIn', [from, to, 30n, x]), describeStep(s)).toBe(q.ok ? q.amountOut : 0n)
      tally.quotes++
    } else {
      const q = quoteExactOut(pool, from, x)
      if (q.ok || q.error !== 'overflow') expect(await read('quoteExactOut', [from, to, 30n, x]), describeStep(s)).toBe(q.ok ? q.amountIn : undefined)
      tally.quotes++
    }
  }
  const pools = [...world.pools.values()].filter((p) => p.reserveA > 0n)
  const route = bestRouteExactIn(pools, from, to, resolve(s.x, 1_000_000_000n, 1n << 62n))
  if (route) expect(await read('quoteRoute', [from, route.path, route.path.map(() => 30n), route.amountIn]), describeStep(s)).toBe(route.amountOut)
  if (route) tally.quotes++
}

async function run(s: Step): Promise<void> {
  if (s.kind === 'quote') return quote(s)
  if (s.kind === 'create') {
    // Creation reads the app's holdings from the chain: everything before it must be there.
    await flush()
    const o = await plan(s, true)
    if (o) await runAlone(s, o)
    return
  }
  const o = await plan(s)
  if (!o) return void tally.skipped++
  if (o.expect === 'ok') {
    const size = o.group.composer.buildGroup().length
    const c = cost(s, o)
    const calls = pending.length + 1
    const padding = Math.max(0, Math.ceil((pendingCost() + c - 700 * calls) / 640))
    if (pendingSize() + size + padding > 15) await flush()
    // Apply the step to the model now, so the next steps plan on it.
    const r = o.model(o.before)!
    r.pools.forEach((p) => world.pools.set(keyOf(p.a, p.b), p))
    settle(o)
    pending.push({ s, o, size, cost: c })
    return
  }
  await flush()
  // Planned again on the chain's state, with the builder covering its budget.
  const alone = await plan(s, true)
  if (alone) await runAlone(s, alone)
}

/** The trader's balances on chain equal the model's. */
async function checkTrader(): Promise<void> {
  const info = await grove.algod.accountInformation(grove.trader.addr).do()
  expect(info.amount).toBe(bal(0n))
  for (const h of info.assets ?? []) expect([h.assetId, h.amount]).toEqual([h.assetId, bal(h.assetId)])
}

it(`keeps the chain equal to the SDK's model over ${RUNS} random sequences`, async () => {
  const started = performance.now()
  let steps = 0
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (sequence) => {
      params.base = await grove.algod.getTransactionParams().do()
      params.step = 0
      for (const s of sequence) {
        await run(s)
        steps++
      }
      await flush()
      await checkTrader()
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  )
  const seconds = (performance.now() - started) / 1000
  console.log(`seed ${SEED}: ${RUNS} sequences, ${steps} steps (${JSON.stringify(tally)}), ${world.pools.size} pools in ${seconds.toFixed(1)} s`)
}, 900_000)
