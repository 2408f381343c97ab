// The Stable app's flash loan (contracts README, "Flash loans and flash swaps"), as the DEX's
// (dex/flash.ts): the start lends one or both tokens of a stable pool, the caller's own transactions run,
// the repayments (each side lent plus the pool's fee on it) sit right before the verify, and start and
// verify name each other's offset. The pool is locked in between: the caller's transactions must not touch it.
import { getApplicationAddress } from 'algosdk'
import type { GroveContext } from '../core/context.ts'
import { GroupBuilder } from '../core/group.ts'
import { flashFee } from '../dex/flash.ts'
import { stableBoxName } from './boxes.ts'
import { stableCall } from './spec.ts'
import type { StablePoolState } from './math.ts'
import type { StableGroup } from './transactions.ts'

/** A flash loan from one stable pool: what it lends, what the sender pays back right before the verify, and what runs in between. */
export interface StableFlashLoanParams {
  pool: Pick<StablePoolState, 'a' | 'b' | 'feeBps'>
  /** Lent of the pool's a and b (each at most its reserve on the curve). */
  amountA: bigint
  amountB: bigint
  /** Paid back right before the verify, of a and of b (default: each side lent plus the pool's fee on it). */
  repayA?: bigint
  repayB?: bigint
  /** Adds the sender's transactions between the start and the repayments (the same ones each time it is called). */
  between?: (group: GroupBuilder) => void | Promise<void>
}

/** What a stable flash loan of `amount` must be repaid with: the loan plus the pool's fee ⌈amount·fee/10000⌉ on it. */
export const stableFlashLoanRepayment = (amount: bigint, feeBps: bigint): bigint => (amount > 0n ? amount + flashFee(amount, feeBps) : 0n)

/** Transactions `between` adds, counted on a builder of their own. */
async function countBetween(ctx: GroveContext, between: StableFlashLoanParams['between']): Promise<number> {
  if (!between) return 0
  const probe = await GroupBuilder.create(ctx)
  await between(probe)
  return (await probe.build()).transactions.length
}

/**
 * The stable flash loan group: flashLoan (fee 1,000 + one per side lent), the sender's transactions, the
 * repayments (a then b), verifyFlashLoan (1,000): 3,000 µALGO for start and verify of one side. The quote
 * is the fee the pool takes of each side (the LPs', less the protocol's share).
 */
export async function buildStableFlashLoan(ctx: GroveContext, p: StableFlashLoanParams): Promise<StableGroup<{ feeA: bigint; feeB: bigint }>> {
  const { pool } = p
  if (p.amountA < 0n || p.amountB < 0n || (p.amountA === 0n && p.amountB === 0n)) throw new RangeError('A flash loan lends at least one side of the pool')
  const repayA = p.repayA ?? stableFlashLoanRepayment(p.amountA, pool.feeBps)
  const repayB = p.repayB ?? stableFlashLoanRepayment(p.amountB, pool.feeBps)
  if (repayA <= 0n && repayB <= 0n) throw new RangeError('A flash loan is paid back by at least one transfer')
  const repayments = (repayA > 0n ? 1 : 0) + (repayB > 0n ? 1 : 0)
  const offset = BigInt(1 + (await countBetween(ctx, p.between)) + repayments)
  const group = await GroupBuilder.create(ctx)
  const appId = ctx.ids.stablePoolsAppId
  const app = getApplicationAddress(appId)
  const refs = { appId, boxes: [stableBoxName(pool.a, pool.b, pool.feeBps)], assets: [pool.a, pool.b].filter((x) => x !== 0n) }
  const lent = (p.amountA > 0n ? 1 : 0) + (p.amountB > 0n ? 1 : 0)
  group.addMethodCall({ ...refs, ...stableCall('flashLoan', [offset, pool.a, pool.b, pool.feeBps, p.amountA, p.amountB]), inners: lent, apps: [ctx.ids.registryAppId] })
  if (p.between) await p.between(group)
  if (repayA > 0n) group.addTransfer(app, pool.a, repayA)
  if (repayB > 0n) group.addTransfer(app, pool.b, repayB)
  group.addMethodCall({ ...refs, ...stableCall('verifyFlashLoan', [offset, pool.a, pool.b, pool.feeBps]), inners: 0 })
  const { composer, fee } = await group.build()
  return { composer, fee, quote: { feeA: p.amountA > 0n ? flashFee(p.amountA, pool.feeBps) : 0n, feeB: p.amountB > 0n ? flashFee(p.amountB, pool.feeBps) : 0n } }
}
