// Flash loans and flash swaps on a Grove (grove.ts): the start call, the caller's transactions, the
// repayments right before the verify, and the verify, with the README's references and fees (start: 1,000
// plus one per side lent; verify: 1,000). Shared by the flash tests and the bench, so it imports nothing
// from vitest. Every field a test may bend (offsets, the verify's pool, sender or method) is an option.
import type { Transaction, TransactionSigner } from 'algosdk'
import type { DexComposer } from '../clients/DexClient.ts'
import { LEGACY_TIER, type Grove, type User } from './grove.ts'

/** A flash loan (repaid with its fee) or a flash swap (the invariant holds at verify). */
export type FlashKind = 'loan' | 'swap'

type Group = DexComposer<unknown[]>

/** What one flash group holds. */
export interface FlashOptions {
  kind: FlashKind
  a: bigint
  b: bigint
  /** The pool's fee tier (default 30 bps). */
  tier?: bigint
  /** Lent (or taken) of a and of b. */
  amountA: bigint
  amountB: bigint
  /** The repayments (loan) or payments (swap), right before the verify. */
  repay: Transaction[]
  /** What the caller does between the start and the repayments: calls through the composer, `count` transactions in all. */
  between?: { count: number; add: (group: Group) => Group }
  /** Plain transactions between the start and the repayments (after `between`'s), each with its signer. */
  extra?: { txn: Transaction; signer: TransactionSigner }[]
  /** The start's verifyOffset (default: where the verify is). */
  verifyOffset?: bigint
  /** The verify's startOffset (default: where the start is). */
  startOffset?: bigint
  /** The verify's pool, with its tier unless the start's (default: the start's). */
  verifyPool?: [bigint, bigint] | [bigint, bigint, bigint]
  /** Who sends the verify (default: the borrower). */
  verifySender?: User
  /** The verify of the other kind (a loan's start paired with a swap's verify). */
  verifyKind?: FlashKind
  /** A flash swap's payments argument (default: the number of repayments). */
  payments?: bigint
  /** Leave the verify out. */
  noVerify?: boolean
  /** Leave the start out. */
  noStart?: boolean
}

/** Adds the start of a flash of `kind` on (a, b) to `group`. */
export function addFlashStart(g: Grove, user: User, group: Group, kind: FlashKind, a: bigint, b: bigint, amountA: bigint, amountB: bigint, verifyOffset: bigint, tier = LEGACY_TIER): Group {
  const lent = (amountA > 0n ? 1 : 0) + (amountB > 0n ? 1 : 0)
  const call = { sender: user.addr, args: { verifyOffset, a, b, feeBps: tier, amountA, amountB }, ...g.refs([[a, b, tier]]), ...g.fee(lent) }
  return (kind === 'loan' ? group.flashLoan(call) : group.flashSwap(call)) as Group
}

/** Adds the verify of a flash of `kind` on (a, b) to `group`. */
export function addFlashVerify(g: Grove, user: User, group: Group, kind: FlashKind, a: bigint, b: bigint, startOffset: bigint, payments: bigint, tier = LEGACY_TIER): Group {
  const common = { sender: user.addr, ...g.refs([[a, b, tier]]), ...g.fee(0) }
  if (kind === 'loan') return group.verifyFlashLoan({ ...common, args: { startOffset, a, b, feeBps: tier } }) as Group
  return group.verifyFlashSwap({ ...common, args: { startOffset, a, b, feeBps: tier, payments } }) as Group
}

/** The flash group `o` describes, by `user`, ready to send or simulate. */
export function flashGroup(g: Grove, user: User, o: FlashOptions): Group {
  const between = o.between?.count ?? 0
  const distance = BigInt(1 + between + (o.extra?.length ?? 0) + o.repay.length)
  let group = g.dex.newGroup() as Group
  const tier = o.tier ?? LEGACY_TIER
  if (!o.noStart) group = addFlashStart(g, user, group, o.kind, o.a, o.b, o.amountA, o.amountB, o.verifyOffset ?? distance, tier)
  if (o.between) group = o.between.add(group)
  for (const { txn, signer } of o.extra ?? []) group = group.addTransaction(txn, signer) as Group
  for (const t of o.repay) group = group.addTransaction(t, user.signer) as Group
  if (!o.noVerify) {
    const [va, vb, vt] = o.verifyPool ?? [o.a, o.b]
    group = addFlashVerify(g, o.verifySender ?? user, group, o.verifyKind ?? o.kind, va, vb, o.startOffset ?? distance, o.payments ?? BigInt(o.repay.length), vt ?? tier)
  }
  return group
}

/** Sends the flash group `o` describes; returns the logs of every transaction and the fees the whole group paid. */
export async function sendFlash(g: Grove, user: User, o: FlashOptions): Promise<{ logs: Uint8Array[]; fees: bigint; opcodes?: number; startFees: bigint }> {
  const opcodes = g.measure ? (await flashGroup(g, user, o).simulate({ skipSignatures: true })).simulateResponse.txnGroups[0].appBudgetConsumed : undefined
  // the simulation grouped the prebuilt transactions: ungroup them for the group that is sent
  for (const t of [...o.repay, ...(o.extra ?? []).map((e) => e.txn)]) t.group = undefined
  const result = await flashGroup(g, user, o).send()
  const logs = result.confirmations.flatMap((c) => c.logs ?? [])
  const fees = result.transactions.reduce((n, t) => n + t.fee, 0n)
  // the start and the verify: the first and the last transaction
  const startFees = result.transactions[0]!.fee + result.transactions[result.transactions.length - 1]!.fee
  return { logs, fees, opcodes, startFees }
}

/**
 * The least amount of the other side a flash swap taking `out` of one side must pay: the least x with
 * (rIn + x − ⌈x·fee/10000⌉)·(rOut − out) ≥ rIn·rOut (a binary search over the verify's own rule).
 */
export function flashSwapIn(rIn: bigint, rOut: bigint, out: bigint, feeBps: bigint): bigint {
  const holds = (x: bigint) => (rIn + x - (x * feeBps + 9_999n) / 10_000n) * (rOut - out) >= rIn * rOut
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

/** ⌈amount·fee/10000⌉, the pool's fee on a flash loan of `amount`. */
export const flashFee = (amount: bigint, feeBps: bigint): bigint => (amount * feeBps + 9_999n) / 10_000n
