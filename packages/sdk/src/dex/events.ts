// The DEX's ARC-28 events (PoolCreated, FeeTierAdded, Swap, LiquidityAdded, LiquidityRemoved, FeesCollected, FlashLoan, FlashSwap).
import { decodeArc28Event, decodeEventsWith, eventDecoders, type DecodedEvent, type EventDecoder, type EventOf } from '../core/events.ts'
import { DEX_SPEC } from './spec.ts'

/** Arguments of each DEX event, as the contract emits them. */
export interface DexEventArgs {
  /** Each event names its pool by pair (a < b) and fee tier (feeBps: the pool's fee, its box key's tier). */
  PoolCreated: { a: bigint; b: bigint; feeBps: bigint; lpAsset: bigint; creator: string }
  FeeTierAdded: { feeBps: bigint }
  Swap: { assetIn: bigint; assetOut: bigint; feeBps: bigint; amountIn: bigint; amountOut: bigint; protocolFee: bigint; trader: string }
  LiquidityAdded: { a: bigint; b: bigint; feeBps: bigint; amountA: bigint; amountB: bigint; lp: bigint; provider: string }
  LiquidityRemoved: { a: bigint; b: bigint; feeBps: bigint; amountA: bigint; amountB: bigint; lp: bigint; provider: string }
  FeesCollected: { a: bigint; b: bigint; feeBps: bigint; amountA: bigint; amountB: bigint; treasury: string }
  /** A flash loan repaid at its verify: lent, repaid and the fee (the protocol's share included). */
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
  /** A flash swap settled at its verify: taken, paid and the fee on what was paid. */
  FlashSwap: { a: bigint; b: bigint; feeBps: bigint; outA: bigint; outB: bigint; inA: bigint; inB: bigint; feeA: bigint; feeB: bigint; protocolFeeA: bigint; protocolFeeB: bigint; trader: string }
}

/** A decoded DEX event. */
export type DexEvent = EventOf<DexEventArgs>

/** Decoders of the DEX's events, keyed by selector hex. */
export const DEX_DECODERS = eventDecoders(DEX_SPEC)

/** Decodes one log line (the DEX's events unless other decoders are given); undefined for logs that are not events. */
export function decodeEvent(log: Uint8Array, decoders: Map<string, EventDecoder> = DEX_DECODERS): DecodedEvent | undefined {
  return decodeArc28Event(log, decoders)
}

/** The DEX events among a transaction's logs, in order. */
export function decodeDexEvents(logs: readonly Uint8Array[]): DexEvent[] {
  return decodeEventsWith<DexEvent>(logs, DEX_DECODERS)
}
