// The staking app's ARC-28 events.
import { decodeEventsWith, eventDecoders, type EventOf } from '../core/events.ts'
import { STAKING_SPEC } from './spec.ts'

/** Arguments of each staking event, as the contract emits them. */
export interface StakingEventArgs {
  ProgramCreated: { program: bigint; stakeAsset: bigint; rewardAsset1: bigint; rewardAsset2: bigint; rate1: bigint; rate2: bigint; start: bigint; end: bigint; kind: bigint; creator: string }
  Staked: { program: bigint; amount: bigint; stake: bigint; staker: string }
  Unstaked: { program: bigint; amount: bigint; stake: bigint; staker: string }
  Claimed: { program: bigint; amount1: bigint; amount2: bigint; staker: string }
  Compounded: { program: bigint; amount: bigint; stake: bigint; staker: string }
  EmergencyWithdrawn: { program: bigint; amount: bigint; forfeited1: bigint; forfeited2: bigint; staker: string }
  ToppedUp: { program: bigint; rewardAsset: bigint; rate: bigint; deposit: bigint; creator: string }
  Extended: { program: bigint; end: bigint; deposit1: bigint; deposit2: bigint; creator: string }
  Reclaimed: { program: bigint; amount1: bigint; amount2: bigint; creator: string }
}

/** A decoded staking event. */
export type StakingEvent = EventOf<StakingEventArgs>

const DECODERS = eventDecoders(STAKING_SPEC)

/** The staking events among a transaction's logs, in order. */
export function decodeStakingEvents(logs: readonly Uint8Array[]): StakingEvent[] {
  return decodeEventsWith<StakingEvent>(logs, DECODERS)
}
