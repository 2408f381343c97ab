// The Stable app's ARC-28 events, decoded by its ARC-56 spec.
import { decodeArc28Event, eventDecoders } from '../core/events.ts'
import { STABLE_SPEC } from './spec.ts'

/** Arguments of each Stable event. */
export interface StableEventArgs {
  PoolCreated: { a: bigint; b: bigint; feeBps: bigint; amp: bigint; lpAsset: bigint; creator: string }
  /** One swap; fee (taken from the output) is the LPs' and the protocol's. */
  Swap: { assetIn: bigint; assetOut: bigint; feeBps: bigint; amountIn: bigint; amountOut: bigint; fee: bigint; protocolFee: bigint; trader: string }
  LiquidityAdded: { a: bigint; b: bigint; feeBps: bigint; amountA: bigint; amountB: bigint; lp: bigint; provider: string }
  LiquidityRemoved: { a: bigint; b: bigint; feeBps: bigint; amountA: bigint; amountB: bigint; lp: bigint; provider: string }
  RampA: { a: bigint; b: bigint; feeBps: bigint; initialA: bigint; futureA: bigint; initialTime: bigint; futureTime: bigint }
  StopRampA: { a: bigint; b: bigint; feeBps: bigint; amp: bigint; time: bigint }
  FeesCollected: { a: bigint; b: bigint; feeBps: bigint; amountA: bigint; amountB: bigint; treasury: string }
  /** A flash loan repaid at its verify: the fee (less protocolFee) waits off the curve for the LPs; the reserves and D do not move. */
  FlashLoan: {
    a: bigint
    b: bigint
    feeBps: bigint
    amountA: bigint
    amountB: bigint
    repaidA: bigint
    repaidB: bigint
    feeA: bigint
    feeB: bigint
    protocolFeeA: bigint
    protocolFeeB: bigint
    borrower: string
  }
}

/** A decoded Stable event. */
export type StableEvent = { [K in keyof StableEventArgs]: { name: K; args: StableEventArgs[K] } }[keyof StableEventArgs]

const DECODERS = eventDecoders(STABLE_SPEC)

/** The Stable events among a transaction's logs, in order (addresses as strings). */
export function decodeStableEvents(logs: readonly Uint8Array[]): StableEvent[] {
  const events: StableEvent[] = []
  for (const log of logs) {
    const e = decodeArc28Event(log, DECODERS)
    if (!e) continue
    const args = Object.fromEntries(Object.entries(e.args).map(([k, v]) => [k, typeof v === 'object' && v !== null && !(v instanceof Uint8Array) ? String(v) : v]))
    events.push({ name: e.name, args } as StableEvent)
  }
  return events
}
