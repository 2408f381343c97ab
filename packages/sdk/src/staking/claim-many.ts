// Claims of several programs at once ("claim all"): each program's claim as buildClaim makes it,
// packed in order into as few atomic groups as Algorand allows (16 transactions each). Claims stay in
// their order and whole: a claim's opt-in must precede its call, and a later claim may rely on an
// earlier one's opt-in, so a claim never moves before another.
import { assignGroupID, type Transaction } from 'algosdk'
import type { StakingPosition } from './spec.ts'
import type { ProgramRef } from './state.ts'
import { latestTimestamp } from '../core/block-time.ts'
import type { GroveContext } from '../core/context.ts'
import { buildClaim } from './transactions.ts'

/** Transactions in one group at most (the protocol's limit). */
export const MAX_GROUP_SIZE = 16

/**
 * Packs `items` (each `size(item)` transactions) into groups of at most `max` transactions, in
 * order, starting a new group only when the next item does not fit: the fewest groups an ordered
 * packing can make. Throws when one item alone is larger than a group.
 */
export function packGroups<T>(items: readonly T[], size: (item: T) => number, max = MAX_GROUP_SIZE): T[][] {
  const groups: T[][] = []
  let used = max
  for (const item of items) {
    const n = size(item)
    if (n < 1 || n > max) throw new RangeError(`A claim of ${n} transactions cannot fit a group of ${max}`)
    if (used + n > max) {
      groups.push([])
      used = 0
    }
    groups[groups.length - 1]!.push(item)
    used += n
  }
  return groups
}

/** Several claims packed into atomic groups: sign them together, send them in order (each atomic). */
export interface ClaimManyGroups {
  /** Each group's transactions, with its group id, in send order. */
  groups: Transaction[][]
  /** µALGO of fees over every group (inner transactions included). */
  fee: bigint
  /** Assets the claims opt the sender into first. */
  optIns: bigint[]
  /** How many claims the groups carry. */
  claims: number
}

/** Builds each program's claim (the sender's known `positions` spare a read) and packs them into groups. */
export async function buildClaimMany(ctx: GroveContext, programs: readonly ProgramRef[], positions?: ReadonlyMap<bigint, StakingPosition>): Promise<ClaimManyGroups> {
  const now = ctx.now ?? (await latestTimestamp(ctx.algod))
  // One after another: a reward asset an earlier claim opts into is held for the later ones.
  const held = new Set(ctx.heldAssets ?? [])
  const optIns: bigint[] = []
  const claims: { txns: Transaction[]; fee: bigint }[] = []
  for (const program of programs) {
    const built = await buildClaim({ ...ctx, now, heldAssets: [...held] }, program, positions?.get(program.id))
    for (const a of built.optIns) held.add(a)
    optIns.push(...built.optIns)
    claims.push({ txns: built.composer.buildGroup().map((t) => t.txn), fee: built.fee })
  }
  const groups = packGroups(claims, (c) => c.txns.length).map((g) => {
    const txns = g.flatMap((c) => c.txns)
    for (const t of txns) t.group = undefined
    return assignGroupID(txns)
  })
  return { groups, fee: claims.reduce((s, c) => s + c.fee, 0n), optIns, claims: claims.length }
}
