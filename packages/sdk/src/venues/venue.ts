// The one venue interface the router reads: find the pools of a pair, with their reserves and fees;
// quote a hop exact-in or exact-out (pure, to the unit the venue's program computes); add a hop's
// transactions to a group. Grove's DEX, Grove's stable pools and Tinyman v2 are venues; another is a new module.
import type { GroupBuilder } from '../core/group.ts'
import type { AmmErrorCode } from '../errors.ts'

/** The venues Grove routes over. */
export type VenueName = 'grove' | 'tinyman' | 'stable'

/** A pool on some venue, in the shape every venue shares. */
export interface VenuePool {
  venue: VenueName
  /** Unique within its venue (Grove: "a/b"; Tinyman: the pool account's address). */
  id: string
  /** Its two assets, ascending (ALGO = 0). */
  assets: readonly [bigint, bigint]
  /** Reserves, in the order of `assets`. */
  reserves: readonly [bigint, bigint]
  /** The swap fee, in basis points of the input. */
  feeBps: bigint
}

/** One quoted hop: what goes in and comes out of `pool`, and the fee it takes. */
export interface HopQuote<P extends VenuePool = VenuePool> {
  pool: P
  kind: 'exact-in' | 'exact-out'
  assetIn: bigint
  assetOut: bigint
  amountIn: bigint
  amountOut: bigint
  /** The part of `amountIn` taken as the fee. */
  fee: bigint
}

/** A hop quote, or why the venue's program would refuse it. */
export type HopResult<P extends VenuePool = VenuePool> = { ok: true; quote: HopQuote<P> } | { ok: false; error: AmmErrorCode }

/** A venue: its pools, its math and its transactions. */
export interface Venue<P extends VenuePool = VenuePool> {
  name: VenueName
  /** How pages and messages name it ("Grove", "Tinyman v2", "Tinyman v2-compatible (local)"). */
  label: string
  /** The pools of the pair (a, b) with their current reserves and fees; [] when there is none. */
  findPools(a: bigint, b: bigint): Promise<P[]>
  /** All of `amountIn` of `assetIn` in: what comes out. */
  quoteExactIn(pool: P, assetIn: bigint, amountIn: bigint): HopResult<P>
  /** Exactly `amountOut` of the other asset out: the least that must go in. */
  quoteExactOut(pool: P, assetIn: bigint, amountOut: bigint): HopResult<P>
  /**
   * Adds the hop's transactions to `group`, sent by its sender: for an exact-in quote, `amountIn` in
   * and at least `limit` out; for exact-out, at most `limit` in (the rest refunded) and `amountOut`
   * out. The sender must hold `assetOut` (opt-ins are the caller's), and a group holding a Grove hop
   * pads its budget once, after every hop is added.
   */
  addHop(group: GroupBuilder, quote: HopQuote<P>, limit: bigint): void
  /** The pool as the venue's program leaves it after `quote` (what a later hop of the group trades against). */
  after(quote: HopQuote<P>): P
  /**
   * Consecutive hops of this venue as one call, when the venue has one (Grove's swapRoute): hops all
   * exact-in or all exact-out, `limit` bounding the run's output or input as in `addHop`.
   */
  addRun?(group: GroupBuilder, quotes: readonly HopQuote<P>[], limit: bigint): void
  /** Most hops `addRun` takes. */
  maxRun?: number
  /** Inner calls a hop's call makes for opcode budget (a stable pool's op-ups during a ramp of A), paid by its fee; none when absent. */
  opUps?(quote: HopQuote<P>): number
  /** Pads the group's opcode budget once every hop is added, when the venue's calls need more than their own. */
  coverBudget?(group: GroupBuilder): Promise<unknown>
}

/** The two assets of a pair, ascending. */
export const orderedPair = (x: bigint, y: bigint): [bigint, bigint] => (x < y ? [x, y] : [y, x])
