// npm run bench -w @grove/contracts: one JSON object on stdout with, per DEX action, the µALGO the
// user pays in fees for the whole group (`fees`) and the opcode budget the group used
// (`opcodeCost`, simulate's app-budget-consumed, budget calls included), measured on the embedded
// localnet; and `minBalanceCreatePool`, the µALGO a new pool of two ASAs the app does not hold yet
// locks in the DEX account (box, LP token, two opt-ins); and `staking` (bench/staking.ts): the same
// figures per staking action with 1 and 1,000 stakers in a program; and under `vault`, the same for the
// staking vault's stake, unstake, observe (one pool) and buyback (1 and 2 hops); under `orders`
// (bench/orders.ts) placing, filling, collecting and cancelling orders; under `stable` (bench/stable.ts)
// a stable pool's swap, adds and remove, and its price impact against constant product. grove.ts keeps
// algokit-utils quiet, so stdout carries only the JSON.
import algosdk from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { startGrove, sorted, type Grove, type Sent } from '../test/grove.ts'
import { Locks } from '../test/locks.ts'
import { benchStaking } from './staking.ts'
import { benchOrders } from './orders.ts'
import { benchStable, benchStableFlash } from './stable.ts'
import { StableKit } from '../test/stable.ts'
import { MIN_WINDOW, VaultActions } from '../test/vault.ts'
import { flashFee, flashSwapIn, sendFlash } from '../test/flash.ts'

const ACTIONS = ['createPool', 'addLiquidity', 'zap', 'removeLiquidity', 'swapExactIn', 'swapExactOut', 'route2', 'route3', 'route4'] as const
type Action = (typeof ACTIONS)[number]

async function main(): Promise<void> {
  const g = await startGrove()
  try {
    const trader = await g.user(10_000)
    const tokens = [0n]
    for (let i = 1; i <= 4; i++) tokens.push(await g.asset(trader, { unitName: `T${i}` }))
    // a chain of pools ALGO–T1–T2–T3–T4 for the routes
    for (let i = 0; i < 4; i++) {
      const [a, b] = sorted(tokens[i], tokens[i + 1])
      const { value: lp } = await g.createPool(trader, a, b)
      await g.optIn(trader, lp)
      await g.addLiquidity(trader, a, b, 1_000_000_000n, 2_000_000_000n)
    }
    const [t5, t6] = [await g.asset(trader, { unitName: 'T5' }), await g.asset(trader, { unitName: 'T6' })]
    g.measure = true
    const sent: Partial<Record<Action, Sent<unknown>>> = {}
    const [t1, t2, t3, t4] = tokens.slice(1)
    // the worst case: time has passed since each pool's last update, so the TWAP accrues
    let offset = 0
    const later = async () => {
      offset += 60
      await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
      await g.transfer(trader, trader, 0n, 0n)
    }

    const before = await g.algorand.account.getInformation(g.dexAddress)
    sent.createPool = await g.createPool(trader, t5, t6)
    const after = await g.algorand.account.getInformation(g.dexAddress)
    const { lpAsset } = await g.pool(0n, t1)
    // a later add with a refund of the excess side
    await later()
    sent.addLiquidity = await g.addLiquidity(trader, 0n, t1, 10_000_000n, 30_000_000n)
    await later()
    sent.zap = await g.zap(trader, 0n, t1, 0n, 10_000_000n, 4_900_000n)
    await later()
    sent.removeLiquidity = await g.removeLiquidity(trader, 0n, t1, (await g.balance(trader, lpAsset)) / 10n)
    await later()
    sent.swapExactIn = await g.swapExactIn(trader, t1, t2, 5_000_000n)
    await later()
    sent.swapExactOut = await g.swapExactOut(trader, t2, t1, 20_000_000n, 5_000_000n)
    await later()
    sent.route2 = await g.swapRoute(trader, 0n, [t1, t2], 5_000_000n)
    await later()
    sent.route3 = await g.swapRoute(trader, 0n, [t1, t2, t3], 5_000_000n)
    await later()
    sent.route4 = await g.swapRoute(trader, 0n, [t1, t2, t3, t4], 5_000_000n)
    // flash: a loan of one side repaid with its fee, and a swap taking T1 for ALGO; fees are the start's and the verify's
    await later()
    const flash = await benchFlash(g, trader, t1)

    const pick = (f: (s: Sent<unknown>) => number | bigint | undefined) => Object.fromEntries(ACTIONS.map((a) => [a, Number(f(sent[a] as Sent<unknown>) ?? 0)]))
    const locks = await benchLocks(g)
    const pickLocks = (f: (s: Sent<unknown>) => number | bigint | undefined) => Object.fromEntries(Object.entries(locks).map(([a, s]) => [a, Number(f(s) ?? 0)]))
    // the locks bench moves the clock on its own: the vault's steps start from the chain's lead over the wall clock
    const { lastRound } = await g.algorand.client.algod.status().do()
    const latest = Number((await g.algorand.client.algod.block(lastRound).do()).block.header.timestamp)
    const vault = await benchVault(g, Math.max(offset, latest - Math.floor(Date.now() / 1000) + 1))
    g.measure = false
    const staking = await benchStaking(g)
    const orders = await benchOrders(g)
    const stable = await benchStable(g)
    // the Stable app's flash loan beside the DEX's: `flash.fees.stableLoan`, `flash.opcodeCost.stableLoan`
    const stableLoan = await benchStableFlash(g)
    console.log(
      JSON.stringify({
        fees: pick((s) => s.fees),
        opcodeCost: pick((s) => s.opcodes),
        budgetCalls: pick((s) => s.budgetCalls),
        minBalanceCreatePool: Number(after.minBalance.microAlgo - before.minBalance.microAlgo),
        flash: { fees: { ...flash.fees, stableLoan: stableLoan.fees }, opcodeCost: { ...flash.opcodeCost, stableLoan: stableLoan.opcodeCost } },
        locks: { fees: pickLocks((s) => s.fees), opcodeCost: pickLocks((s) => s.opcodes) },
        staking,
        vault,
        orders,
        stable,
      }),
    )
  } finally {
    await g.stop()
  }
}

/** A flash loan and a flash swap on ALGO/`t1`, measured: `fees` the start's and the verify's (µALGO), `opcodeCost` the group's. */
async function benchFlash(g: Grove, trader: Awaited<ReturnType<Grove['user']>>, t1: bigint): Promise<{ fees: { loan: number; swap: number }; opcodeCost: { loan: number; swap: number } }> {
  const before = await g.pool(0n, t1)
  const amount = 100_000_000n
  const loan = await sendFlash(g, trader, { kind: 'loan', a: 0n, b: t1, amountA: amount, amountB: 0n, repay: [await g.input(trader, 0n, amount + flashFee(amount, before.feeBps))] })
  const mid = await g.pool(0n, t1)
  const out = 10_000_000n
  const paid = flashSwapIn(mid.reserveA, mid.reserveB, out, mid.feeBps)
  const swap = await sendFlash(g, trader, { kind: 'swap', a: 0n, b: t1, amountA: 0n, amountB: out, repay: [await g.input(trader, 0n, paid)] })
  return { fees: { loan: Number(loan.startFees), swap: Number(swap.startFees) }, opcodeCost: { loan: loan.opcodes ?? 0, swap: swap.opcodes ?? 0 } }
}

/** Lock actions and a project registration, each measured: an ASA vesting lock past its cliff (the line re-anchors on top-up and extend), and a liquidity lock's fee claim, split and merge. */
async function benchLocks(g: Grove): Promise<Record<string, Sent<unknown>>> {
  const locks = new Locks(g)
  const owner = await g.user(1000)
  const token = await g.asset(owner, { unitName: 'LCK' })
  const out: Record<string, Sent<unknown>> = {}
  let now = await locks.now()
  out.lockFirstOfAsset = await locks.create(owner, token, 1_000_000n, now, now + 10_000n)
  now = await locks.now()
  out.lock = await locks.create(owner, token, 1_000_000n, now, now + 10_000n)
  const id = out.lock.value as bigint
  out.lockAlgo = await locks.create(owner, 0n, 1_000_000n, now + 100n, now + 100n)
  await locks.travel(1000n)
  out.withdraw = await locks.withdraw(owner, id)
  out.topUp = await locks.topUp(owner, id, 1000n)
  out.extend = await locks.extend(owner, id, (await locks.lock(id))!.end + 1000n)
  // the ALGO time lock has ended: withdrawn in full (not a row: withdraw is above), then closed
  const algoLock = out.lockAlgo.value as bigint
  await locks.withdraw(owner, algoLock)
  out.close = await locks.close(owner, algoLock)
  // a liquidity lock earning its pool's fees (issue 40): claimed after trades, split, and a shorter time lock merged in
  const [a, b] = sorted(0n, token)
  const { value: lp } = await g.createPool(owner, a, b)
  await g.optIn(owner, lp)
  await g.addLiquidity(owner, a, b, 100_000_000n, 100_000_000n)
  now = await locks.now()
  // the app's opt-in to the LP token comes with the first liquidity lock: not a row
  await locks.createLiquidity(owner, { a, b, lp }, 1000n, now + 5000n, now + 5000n)
  out.lockLiquidity = await locks.createLiquidity(owner, { a, b, lp }, 10_000_000n, now + 5000n, now + 5000n)
  const lpLock = out.lockLiquidity.value as bigint
  for (let i = 0; i < 2; i++) {
    const bought = await g.swapExactIn(owner, a, b, 10_000_000n)
    await g.swapExactIn(owner, b, a, bought.value)
  }
  out.claimFees = await locks.claimFees(owner, lpLock)
  out.split = await locks.split(owner, lpLock, 1_000_000n)
  const shorter = await locks.createLiquidity(owner, { a, b, lp }, 1_000_000n, now + 1000n, now + 1000n)
  out.merge = await locks.merge(owner, lpLock, shorter.value)
  // a stable pool's LP lock: ℓ = D/S read through the Stable app's getLevel, whose Newton iteration pays its own op-ups
  const stable = StableKit.of(g)
  const six = await g.asset(owner, { decimals: 6, total: 10n ** 17n, unitName: 'USDS' })
  const eight = await g.asset(owner, { decimals: 8, total: 10n ** 19n, unitName: 'USDE' })
  const [sa, sb] = sorted(six, eight)
  const unit = (asset: bigint) => (asset === six ? 10n ** 6n : 10n ** 8n)
  const { value: stableLp } = await stable.createPool(owner, sa, sb, 5n, 100n)
  await g.optIn(owner, stableLp)
  await stable.add(owner, sa, sb, 5n, 1_000_000n * unit(sa), 1_000_000n * unit(sb))
  const stablePool = { a: sa, b: sb, tier: 5n, lp: stableLp, stable: true }
  now = await locks.now()
  await locks.createLiquidity(owner, stablePool, 1000n, now + 5000n, now + 5000n)
  out.lockLiquidityStable = await locks.createLiquidity(owner, stablePool, 10_000_000_000n, now + 5000n, now + 5000n)
  for (let i = 0; i < 2; i++) {
    const bought = await stable.swap(owner, sa, 10_000n * unit(sa), sb, 5n)
    await stable.swap(owner, sb, bought.value, sa, 5n)
  }
  out.claimFeesStable = await locks.claimFees(owner, out.lockLiquidityStable.value as bigint)
  // a project for the token, by its creator
  const name = 'Bench project name of 32 bytes.'.padEnd(32, '.')
  const url = 'https://example.com/' + 'u'.repeat(76)
  const pay = () => g.algorand.createTransaction.payment({ sender: owner.addr, receiver: g.registryAddress, amount: AlgoAmount.MicroAlgo(71_300n), note: g.note() })
  const group = () => g.registry.newGroup().registerProject({ sender: owner.addr, args: { mbr: pay(), asset: token, name, url }, boxReferences: [Uint8Array.from([0x70, ...algosdk.encodeUint64(token)])], assetReferences: [token], note: g.note() })
  const simulated = await group().simulate({ skipSignatures: true })
  const sent = await group().send()
  out.registerProject = { value: undefined, logs: [], fees: sent.transactions.reduce((n, t) => n + t.fee, 0n), budgetCalls: 0, opcodes: simulated.simulateResponse.txnGroups[0].appBudgetConsumed }
  return out
}

const VAULT_ACTIONS = ['stake', 'unstake', 'observe', 'buyback1', 'buyback2'] as const

/** The vault's actions measured on `g` (its clock already `offset` seconds ahead): fees and opcodes. */
async function benchVault(g: Grove, offset: number): Promise<{ fees: Record<string, number>; opcodeCost: Record<string, number> }> {
  const v = new VaultActions(g)
  await v.later(g.admin, offset)
  const grove = g.ids.groveAssetId
  const user = await g.user(1000)
  const [x, y] = [await g.asset(user, { unitName: 'VX' }), await g.asset(user, { unitName: 'VY' })]
  await g.optIn(user, grove, v.sGrove)
  await g.transfer(g.admin, user, grove, 10n ** 12n)
  // pools X–GROVE and Y–X for the buybacks
  for (const [p, q] of [sorted(x, grove), sorted(x, y)]) {
    const { value: lp } = await g.createPool(user, p, q)
    await g.optIn(user, lp)
    await g.addLiquidity(user, p, q, 10n ** 11n, 10n ** 11n)
  }
  await v.optInAsset(user, x)
  await v.optInAsset(user, y)
  await v.setPath(x, [grove])
  await v.setPath(y, [x, grove])
  await v.stake(user, 10n ** 9n)
  g.measure = true
  const sent: Partial<Record<(typeof VAULT_ACTIONS)[number], Sent<unknown>>> = {}
  // a later stake and a partial unstake (the first stake has no share math)
  // GROVE that arrived since the last action (a donation): the stake books it into the stream, the costlier path
  await g.transfer(user, g.vaultAddress, grove, 10n ** 6n)
  sent.stake = await v.stake(user, 10n ** 8n)
  sent.unstake = await v.unstake(user, 10n ** 7n)
  // the keeper (the registry's admin) observes both pools: its window alone bounds a buyback (Vault, ERR:ONE_OBSERVER)
  await v.observe(g.admin, [sorted(x, grove), sorted(x, y)])
  await g.transfer(user, g.vaultAddress, x, 10n ** 6n)
  await g.transfer(user, g.vaultAddress, y, 10n ** 6n)
  await v.later(user, MIN_WINDOW)
  // a pool observed again (its box exists), by a second observer: the cost of each later observation
  sent.observe = await v.observe(user, [sorted(x, grove)])
  await v.later(user, MIN_WINDOW)
  sent.buyback1 = await v.buyback(user, x)
  sent.buyback2 = await v.buyback(user, y)
  g.measure = false
  const pick = (f: (s: Sent<unknown>) => number | bigint | undefined) => Object.fromEntries(VAULT_ACTIONS.map((a) => [a, Number(f(sent[a] as Sent<unknown>) ?? 0)]))
  return { fees: pick((s) => s.fees), opcodeCost: pick((s) => s.opcodes) }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
