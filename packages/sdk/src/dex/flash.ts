// Flash loans and flash swaps on a Grove pool (contracts README, "Flash loans and flash swaps"): the
// start call lends, the caller's own transactions run, the repayments sit right before the verify, and
// start and verify name each other's offset. `buildFlash` counts the caller's transactions by building
// them once on their own, so the offsets are right whatever the caller adds.
import { getApplicationAddress } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { BPS, poolTier, type Pool } from './amm.ts'
import { poolBoxName } from './pool-state.ts'
import { dexCall } from './spec.ts'
import type { DexGroup } from './transactions.ts'

/** A flash on one pool: what it lends, what the sender pays back right before the verify, and what runs in between. */
export interface FlashParams {
  /** 'loan': each side lent comes back with the pool's fee on it; 'swap': the invariant holds at the verify, after the fee on what is paid. */
  flash: 'loan' | 'swap'
  pool: Pool
  /** Lent (taken) of the pool's a and b. */
  amountA: bigint
  amountB: bigint
  /** Paid to the pool right before the verify, of a and of b (0: no transfer of that side); at least one. */
  repayA: bigint
  repayB: bigint
  /** Adds the sender's transactions between the start and the repayments (the same ones each time it is called). */
  between?: (group: GroupBuilder) => void | Promise<void>
}

/** ⌈amount·fee/10000⌉: the pool's fee on a flash loan of `amount` (and on what a flash swap pays in). */
export const flashFee = (amount: bigint, feeBps: bigint): bigint => (amount * feeBps + BPS - 1n) / BPS

/** What a flash loan of `amount` must be repaid with: the loan plus the pool's fee on it. */
export const flashLoanRepayment = (amount: bigint, feeBps: bigint): bigint => amount + flashFee(amount, feeBps)

/**
 * The least a flash swap taking `out` of one side must pay of the other: the least x with
 * (rIn + x − ⌈x·fee/10000⌉)·(rOut − out) ≥ rIn·rOut, the verify's rule (undefined when out ≥ rOut).
 */
export function flashSwapPayment(rIn: bigint, rOut: bigint, out: bigint, feeBps: bigint): bigint | undefined {
  if (out >= rOut || rIn <= 0n) return undefined
  const holds = (x: bigint) => (rIn + x - flashFee(x, feeBps)) * (rOut - out) >= rIn * rOut
  let lo = 0n
  let hi = 1n
  while (!holds(hi)) hi *= 2n
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    if (holds(mid)) hi = mid
    else lo = mid + 1n
  }
  return lo
}

/** Transactions `between` adds, counted on a builder of their own. */
async function countBetween(ctx: GroveContext, between: FlashParams['between']): Promise<number> {
  if (!between) return 0
  const probe = await GroupBuilder.create(ctx)
  await between(probe)
  return (await probe.build()).transactions.length
}

/**
 * The flash group: start (fee 1,000 + one per side lent), the sender's transactions, the repayments (a
 * then b), the verify (1,000). The start names the verify's offset and the verify the start's; the pool
 * is locked for everything in between (the sender's calls must not touch it).
 */
export async function buildFlash(ctx: GroveContext, p: FlashParams): Promise<DexGroup> {
  const { pool } = p
  if (p.amountA <= 0n && p.amountB <= 0n) throw new Error('A flash lends at least one side of the pool')
  if (p.repayA <= 0n && p.repayB <= 0n) throw new Error('A flash is paid back by at least one transfer')
  const repayments = (p.repayA > 0n ? 1 : 0) + (p.repayB > 0n ? 1 : 0)
  const offset = BigInt(1 + (await countBetween(ctx, p.between)) + repayments)
  const group = await GroupBuilder.create(ctx)
  const app = getApplicationAddress(ctx.ids.dexAppId)
  const tier = poolTier(pool)
  const refs = { appId: ctx.ids.dexAppId, boxes: [poolBoxName(pool.a, pool.b, tier)], assets: [pool.a, pool.b] }
  const lent = (p.amountA > 0n ? 1 : 0) + (p.amountB > 0n ? 1 : 0)
  const start = dexCall(p.flash === 'loan' ? 'flashLoan' : 'flashSwap', [offset, pool.a, pool.b, tier, p.amountA, p.amountB])
  group.addMethodCall({ ...refs, ...start, inners: lent, apps: [ctx.ids.registryAppId] })
  if (p.between) await p.between(group)
  if (p.repayA > 0n) group.addTransfer(app, pool.a, p.repayA)
  if (p.repayB > 0n) group.addTransfer(app, pool.b, p.repayB)
  const verify =
    p.flash === 'loan' ? dexCall('verifyFlashLoan', [offset, pool.a, pool.b, tier]) : dexCall('verifyFlashSwap', [offset, pool.a, pool.b, tier, BigInt(repayments)])
  group.addMethodCall({ ...refs, ...verify, inners: 0 })
  const built = await group.build()
  return { composer: built.composer, fee: built.fee, optIns: [], budgetCalls: 0 }
}
