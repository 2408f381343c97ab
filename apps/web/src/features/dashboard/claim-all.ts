// "Claim all" packs every program's claim into as few atomic groups as Algorand allows (16
// transactions each). Claims stay in their order and whole: a claim's opt-in must precede its call,
// and a later claim may rely on an earlier one's opt-in, so a claim never moves before another.

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
