// The Stable app's ARC-28 events, decoded by its ARC-56 spec. Its liquidity, fee collection and flash
// loan events carry the DEX's arguments; its pool creation and swap add amp and the swap's fee.
import { decodeEventsWith, eventDecoders, type EventOf } from '../core/events.ts'
import type { DexEventArgs } from '../dex/events.ts'
import { STABLE_SPEC } from './spec.ts'

/** Arguments of each Stable event. */
export interface StableEventArgs {
  PoolCreated: { a: bigint; b: bigint; feeBps: bigint; amp: bigint; lpAsset: bigint; creator: string }
  /** One swap; fee (taken from the output) is the LPs' and the protocol's. */
  Swap: { assetIn: bigint; assetOut: bigint; feeBps: bigint; amountIn: bigint; amountOut: bigint; fee: bigint; protocolFee: bigint; trader: string }
  LiquidityAdded: DexEventArgs['LiquidityAdded']
  LiquidityRemoved: DexEventArgs['LiquidityRemoved']
  RampA: { a: bigint; b: bigint; feeBps: bigint; initialA: bigint; futureA: bigint; initialTime: bigint; futureTime: bigint }
  StopRampA: { a: bigint; b: bigint; feeBps: bigint; amp: bigint; time: bigint }
  FeesCollected: DexEventArgs['FeesCollected']
  /** A flash loan repaid at its verify: the fee (less protocolFee) waits off the curve for the LPs; the reserves and D do not move. */
  FlashLoan: DexEventArgs['FlashLoan']
}

/** A decoded Stable event. */
export type StableEvent = EventOf<StableEventArgs>

const DECODERS = eventDecoders(STABLE_SPEC)

/** The Stable events among a transaction's logs, in order (addresses as strings, as algosdk decodes them). */
export function decodeStableEvents(logs: readonly Uint8Array[]): StableEvent[] {
  return decodeEventsWith<StableEvent>(logs, DECODERS)
}
