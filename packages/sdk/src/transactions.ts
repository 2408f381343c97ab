// Builders of each DEX action's transaction group. Every group is signer-agnostic (a wallet's
// TransactionSigner), names its own resources (pool boxes, assets, the registry app) instead of
// simulating for them, and pays inner-transaction fees on the app call: 1000 × (1 + inners).
import {
  AtomicTransactionComposer,
  decodeMsgpack,
  encodeUnsignedSimulateTransaction,
  getApplicationAddress,
  makeApplicationNoOpTxnFromObject,
  makeAssetTransferTxnWithSuggestedParamsFromObject,
  makePaymentTxnWithSuggestedParamsFromObject,
  modelsv2,
  SignedTransaction,
} from 'algosdk'
import type { Address, Algodv2, SuggestedParams, Transaction, TransactionSigner } from 'algosdk'
import { addLiquidity as quoteAdd } from './amm.ts'
import type { Pool } from './amm.ts'
import { dexMethod } from './contract.ts'
import { poolBoxName } from './pool-state.ts'
import type { Route } from './route.ts'

/** Minimum balance of one box: 2,500 + 400 per byte of name and value (go-algorand's BoxFlatMinBalance, BoxByteMinBalance). */
export const POOL_BOX_MIN_BALANCE = 2_500n + 400n * (17n + 136n)
/** Minimum balance of holding or creating one asset. */
export const ASSET_MIN_BALANCE = 100_000n

/** Who acts, on which DEX, and how to sign. */
export interface DexContext {
  algod: Algodv2
  dexAppId: bigint
  /** The registry the DEX reads (pause flags, fees, treasury); read from the DEX's global state when omitted. */
  registryAppId?: bigint
  sender: string | Address
  signer: TransactionSigner
  /** Reused when given (one fetch per group otherwise). */
  suggestedParams?: SuggestedParams
  /** Assets the sender is known to hold (e.g. from a balance query the app already made): no opt-in lookup for them. */
  heldAssets?: readonly bigint[]
  /** Simulate each group and add budget calls when it needs them (default true); off when groups are merged and covered together. */
  coverBudget?: boolean
}

/** A built group and what it costs the sender. */
export interface DexGroup {
  composer: AtomicTransactionComposer
  /** Total µALGO of transaction fees the sender pays (inner transactions included). */
  fee: bigint
  /** Assets the group opts the sender into first. */
  optIns: bigint[]
  /** Bare NoOp calls to the DEX added because the action needs more than its app call's opcode budget. */
  budgetCalls: number
}

interface Prepared {
  params: SuggestedParams
  minFee: bigint
  registryAppId: bigint
  appAddress: Address
  /** The group, as steps that add to a composer (so it can be drafted, measured and padded). */
  steps: ((atc: AtomicTransactionComposer) => void)[]
  optIns: bigint[]
  budgetCalls: number
}

/** Budget of one app call, pooled across the group (go-algorand's MaxAppProgramCost). */
const APP_CALL_BUDGET = 700
/** Opcodes the DEX's bare NoOp call (budget padding) runs. */
const BARE_CALL_COST = 16

/** The registry app id the DEX was created with (its `registry` global). */
export async function readRegistryAppId(algod: Algodv2, dexAppId: bigint): Promise<bigint> {
  const app = await algod.getApplicationByID(dexAppId).do()
  const entry = app.params?.globalState?.find((kv) => new TextDecoder().decode(kv.key) === 'registry')
  if (!entry) throw new Error(`App ${dexAppId} is not a Grove DEX (no registry)`)
  return BigInt(entry.value.uint)
}

/** The assets among `assets` (ALGO excluded) that `address` has not opted into. */
export async function missingOptIns(algod: Algodv2, address: string | Address, assets: readonly bigint[]): Promise<bigint[]> {
  const unique = [...new Set(assets.filter((a) => a !== 0n))]
  const held = await Promise.all(
    unique.map((asset) =>
      algod
        .accountAssetInformation(address, asset)
        .do()
        .then(
          () => true,
          (e: { status?: number; response?: { status?: number } }) => {
            if ((e.status ?? e.response?.status) === 404) return false
            throw e
          },
        ),
    ),
  )
  return unique.filter((_, i) => !held[i])
}

async function prepare(ctx: DexContext, optInAssets: readonly bigint[]): Promise<Prepared> {
  const [params, registryAppId, optIns] = await Promise.all([
    ctx.suggestedParams ?? ctx.algod.getTransactionParams().do(),
    ctx.registryAppId ?? readRegistryAppId(ctx.algod, ctx.dexAppId),
    missingOptIns(ctx.algod, ctx.sender, ctx.heldAssets ? optInAssets.filter((a) => !ctx.heldAssets!.includes(a)) : optInAssets),
  ])
  const minFee = BigInt(params.minFee) > 0n ? BigInt(params.minFee) : 1000n
  const p: Prepared = { params, minFee, registryAppId, appAddress: getApplicationAddress(ctx.dexAppId), steps: [], optIns, budgetCalls: 0 }
  for (const assetIndex of optIns)
    add(ctx, p, () => makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: ctx.sender, receiver: ctx.sender, assetIndex, amount: 0n, suggestedParams: flat(p, 0) }))
  return p
}

const flat = (p: Prepared, inners: number): SuggestedParams => ({ ...p.params, flatFee: true, fee: p.minFee * BigInt(1 + inners) })

/** Transactions are made afresh for each composer: a composer stamps its group id on them. */
type MakeTxn = () => Transaction

function add(ctx: DexContext, p: Prepared, txn: MakeTxn): void {
  p.steps.push((atc) => atc.addTransaction({ txn: txn(), signer: ctx.signer }))
}

/** A transfer of `amount` of `asset` (0 = ALGO) from the sender to the DEX. */
function deposit(ctx: DexContext, p: Prepared, asset: bigint, amount: bigint): MakeTxn {
  const suggestedParams = flat(p, 0)
  return () =>
    asset === 0n
    ? makePaymentTxnWithSuggestedParamsFromObject({ sender: ctx.sender, receiver: p.appAddress, amount, suggestedParams })
    : makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: ctx.sender, receiver: p.appAddress, assetIndex: asset, amount, suggestedParams })
}

function call(
  ctx: DexContext,
  p: Prepared,
  method: string,
  args: unknown[],
  inners: number,
  refs: { boxes?: [bigint, bigint][]; assets?: bigint[]; accounts?: (string | Address)[]; registry?: boolean; note?: Uint8Array },
): void {
  const suggestedParams = flat(p, inners)
  // two identical groups in one validity window would share transaction ids ("transaction already in ledger")
  const note = refs.note ?? globalThis.crypto.getRandomValues(new Uint8Array(8))
  p.steps.push((atc) =>
    atc.addMethodCall({
      appID: ctx.dexAppId,
      method: dexMethod(method),
      methodArgs: args.map((a) => (typeof a === 'function' ? { txn: (a as MakeTxn)(), signer: ctx.signer } : a)) as never,
      sender: ctx.sender,
      signer: ctx.signer,
      suggestedParams,
      boxes: (refs.boxes ?? []).map(([x, y]) => ({ appIndex: 0, name: poolBoxName(x, y) })),
      appForeignAssets: [...new Set((refs.assets ?? []).filter((a) => a !== 0n))],
      appForeignApps: refs.registry === false ? [] : [p.registryAppId],
      appAccounts: refs.accounts ?? [],
      note,
    }),
  )
}

function compose(p: Prepared): AtomicTransactionComposer {
  const atc = new AtomicTransactionComposer()
  for (const step of p.steps) step(atc)
  return atc
}

/** Opcode budget the group needs beyond what its app calls bring, by simulating it unsigned (no wallet prompt). */
async function budgetShortfall(ctx: DexContext, p: Prepared): Promise<number> {
  const group = compose(p).buildGroup()
  const txns = group.map((t) => decodeMsgpack(encodeUnsignedSimulateTransaction(t.txn), SignedTransaction))
  const request = new modelsv2.SimulateRequest({
    txnGroups: [new modelsv2.SimulateRequestTransactionGroup({ txns })],
    allowEmptySignatures: true,
    extraOpcodeBudget: 20_000,
  })
  const result = (await ctx.algod.simulateTransactions(request).do()).txnGroups[0]
  // A group that fails still reports what it used up to the failure, so its real error shows when sent.
  if (!result) return 0
  const calls = group.filter((t) => t.txn.type === 'appl').length
  return Number(result.appBudgetConsumed ?? 0) - APP_CALL_BUDGET * calls
}

/**
 * Adds bare NoOp calls to the DEX (its cheapest call: no arguments, 16 opcodes) until the group's
 * pooled budget covers it: zaps and multi-hop routes need more than one app call's 700 opcodes.
 * The simulation's cost holds when sent later: the DEX's TWAP update runs the same opcodes whether
 * or not time has passed since a pool's last update (contracts README, "Cost"). Each extra call
 * costs the minimum fee.
 */
async function coverBudget(ctx: DexContext, p: Prepared): Promise<void> {
  if (ctx.coverBudget === false) return
  for (let round = 0; round < 3; round++) {
    const short = await budgetShortfall(ctx, p)
    if (short <= 0) return
    // identical calls would share a transaction id, hence the note
    for (let i = 0; i < Math.ceil(short / (APP_CALL_BUDGET - BARE_CALL_COST)); i++, p.budgetCalls++) {
      const note = new TextEncoder().encode(`budget ${p.steps.length}`)
      add(ctx, p, () => makeApplicationNoOpTxnFromObject({ sender: ctx.sender, appIndex: ctx.dexAppId, suggestedParams: flat(p, 0), note }))
    }
  }
}

function done(p: Prepared): DexGroup {
  const fee = compose(p)
    .buildGroup()
    .reduce((sum, t) => sum + t.txn.fee, 0n)
  return { composer: compose(p), fee, optIns: p.optIns, budgetCalls: p.budgetCalls }
}
const ordered = (x: bigint, y: bigint): [bigint, bigint] => (x < y ? [x, y] : [y, x])

/** What creating pool (a, b) adds to the DEX's minimum balance, given which assets the app already holds. */
export async function poolCreationCost(algod: Algodv2, dexAppId: bigint, a: bigint, b: bigint): Promise<{ minBalance: bigint; optIns: number }> {
  const missing = await missingOptIns(algod, getApplicationAddress(dexAppId), [a, b])
  return { minBalance: POOL_BOX_MIN_BALANCE + ASSET_MIN_BALANCE * BigInt(1 + missing.length), optIns: missing.length }
}

/** Creates pool (x, y): pays the exact minimum-balance increase; the app opts in and creates the LP token. */
export async function buildCreatePool(ctx: DexContext, x: bigint, y: bigint): Promise<DexGroup> {
  const [a, b] = ordered(x, y)
  const [p, cost] = await Promise.all([prepare(ctx, []), poolCreationCost(ctx.algod, ctx.dexAppId, a, b)])
  const mbr = () => makePaymentTxnWithSuggestedParamsFromObject({ sender: ctx.sender, receiver: p.appAddress, amount: cost.minBalance, suggestedParams: flat(p, 0) })
  call(ctx, p, 'createPool', [mbr, a, b], cost.optIns + 1, { boxes: [[a, b]], assets: [a, b] })
  await coverBudget(ctx, p)
  return done(p)
}

/** The message `buildAddLiquidity` throws for a first add without a price bound. */
export const FIRST_ADD_NEEDS_MIN_LP =
  'A first add sets the pool’s price: give a minimum LP from the intended price (firstAddMinLp), or someone who adds first at another price takes part of the deposit'

/**
 * Adds `amountA` and `amountB` to a pool (first or later add), opting into its LP token if needed.
 * Refuses an add to an empty pool with `minLp` = 0 (see `firstAddMinLp` and the contracts' README,
 * "First deposit"): creating a pool and adding to it are separate groups.
 */
export async function buildAddLiquidity(ctx: DexContext, pool: Pool, amountA: bigint, amountB: bigint, minLp: bigint): Promise<DexGroup> {
  if (pool.reserveA === 0n && pool.reserveB === 0n && minLp <= 0n) throw new Error(FIRST_ADD_NEEDS_MIN_LP)
  const p = await prepare(ctx, [pool.lpAsset])
  // The LP transfer, plus at most one refund on a later add (one side is always used in full).
  const q = quoteAdd(pool, amountA, amountB)
  const inners = q.ok && q.first ? 1 : 2
  call(ctx, p, 'addLiquidity', [deposit(ctx, p, pool.a, amountA), deposit(ctx, p, pool.b, amountB), pool.a, pool.b, minLp], inners, {
    boxes: [[pool.a, pool.b]],
    assets: [pool.lpAsset, pool.a, pool.b],
  })
  await coverBudget(ctx, p)
  return done(p)
}

/** Single-sided add: `amountIn` of `assetIn`, of which `swapAmount` is swapped first (see amm `zap`). */
export async function buildZap(ctx: DexContext, pool: Pool, assetIn: bigint, amountIn: bigint, swapAmount: bigint, minLp: bigint): Promise<DexGroup> {
  const p = await prepare(ctx, [pool.lpAsset])
  call(ctx, p, 'addLiquiditySingle', [deposit(ctx, p, assetIn, amountIn), pool.a, pool.b, swapAmount, minLp], 2, {
    boxes: [[pool.a, pool.b]],
    assets: [pool.lpAsset, pool.a, pool.b],
  })
  await coverBudget(ctx, p)
  return done(p)
}

/** Burns `lp` for both sides of the pool, opting into either side if needed. */
export async function buildRemoveLiquidity(ctx: DexContext, pool: Pool, lp: bigint, minA: bigint, minB: bigint): Promise<DexGroup> {
  const p = await prepare(ctx, [pool.a, pool.b])
  call(ctx, p, 'removeLiquidity', [deposit(ctx, p, pool.lpAsset, lp), pool.a, pool.b, minA, minB], 2, {
    boxes: [[pool.a, pool.b]],
    assets: [pool.a, pool.b],
    registry: false,
  })
  await coverBudget(ctx, p)
  return done(p)
}

/** Swaps all of `amountIn` for at least `minOut` of `assetOut`. */
export async function buildSwapExactIn(ctx: DexContext, assetIn: bigint, assetOut: bigint, amountIn: bigint, minOut: bigint): Promise<DexGroup> {
  const p = await prepare(ctx, [assetOut])
  call(ctx, p, 'swapExactIn', [deposit(ctx, p, assetIn, amountIn), assetOut, minOut], 1, { boxes: [[assetIn, assetOut]], assets: [assetOut] })
  await coverBudget(ctx, p)
  return done(p)
}

/** Swaps at most `maxIn` of `assetIn` for exactly `amountOut` of `assetOut`; the rest comes back. */
export async function buildSwapExactOut(ctx: DexContext, assetIn: bigint, assetOut: bigint, amountOut: bigint, maxIn: bigint): Promise<DexGroup> {
  const p = await prepare(ctx, [assetOut])
  call(ctx, p, 'swapExactOut', [deposit(ctx, p, assetIn, maxIn), assetOut, amountOut], 2, { boxes: [[assetIn, assetOut]], assets: [assetOut, assetIn] })
  await coverBudget(ctx, p)
  return done(p)
}

/** Swaps `amountIn` of `assetIn` along `path` (the assets after the input, 1–4 hops) for at least `minOut`. */
export async function buildSwapRoute(ctx: DexContext, assetIn: bigint, path: readonly bigint[], amountIn: bigint, minOut: bigint): Promise<DexGroup> {
  const assetOut = path[path.length - 1]!
  const p = await prepare(ctx, [assetOut])
  const hops = path.map((to, i): [bigint, bigint] => [i === 0 ? assetIn : path[i - 1]!, to])
  call(ctx, p, 'swapRoute', [deposit(ctx, p, assetIn, amountIn), [...path], minOut], 1, { boxes: hops, assets: [assetOut] })
  await coverBudget(ctx, p)
  return done(p)
}

/** Sends a found route: one hop as swapExactIn, more as swapRoute; exact-out routes ask for `exactOut`. */
export function buildRouteSwap(ctx: DexContext, route: Route, minOut: bigint): Promise<DexGroup> {
  const min = route.exactOut !== undefined && route.exactOut > minOut ? route.exactOut : minOut
  return route.path.length === 1
    ? buildSwapExactIn(ctx, route.assetIn, route.assetOut, route.amountIn, min)
    : buildSwapRoute(ctx, route.assetIn, route.path, route.amountIn, min)
}

/** Sends a pool's accrued protocol fees to the registry's treasury (anyone may call). */
export async function buildCollectFees(ctx: DexContext, pool: Pool, treasury: string | Address): Promise<DexGroup> {
  const p = await prepare(ctx, [])
  // Fees may accrue on either side between building and sending: pay for both transfers.
  call(ctx, p, 'collectFees', [pool.a, pool.b], 2, { boxes: [[pool.a, pool.b]], assets: [pool.a, pool.b], accounts: [treasury] })
  await coverBudget(ctx, p)
  return done(p)
}

