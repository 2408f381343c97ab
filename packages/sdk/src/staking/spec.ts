// The staking app's interface as @grove/contracts builds it (ARC-56): methods, box names and the
// ProgramState / PositionState layouts (packages/contracts/README.md, "Staking").
import { decodeAddress } from 'algosdk'
import type { Address } from 'algosdk'
import { getABITupleTypeFromABIStructDefinition } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import STAKING_ARC56 from '@grove/contracts/artifacts/Staking.arc56.json' with { type: 'json' }
import type { StakingTypes } from '@grove/contracts/clients/StakingClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The staking app's ARC-56 specification. */
export const STAKING_SPEC = STAKING_ARC56 as unknown as Arc56Contract

/** A typed staking method call: name and arguments checked against the generated StakingClient. */
export const stakingCall = methodCaller<StakingTypes['methods']>(STAKING_SPEC)

/** Longest program: 4 years of 365.25 days, in seconds. */
export const MAX_PROGRAM_SECONDS = 126_230_400n
/** Minimum balance of a position box: 2,500 + 400 × (41-byte name + 64-byte value); the staker pays it on a first stake. */
export const POSITION_MIN_BALANCE = 44_500n
/** Minimum balance of a program box: 2,500 + 400 × (9-byte name + 256-byte value). */
export const PROGRAM_MIN_BALANCE = 108_500n
/** Minimum balance of one asset the app opts into. */
export const OPT_IN_MIN_BALANCE = 100_000n

/** A program: its terms, its accumulators and its bookkeeping (the program box, decoded). */
export interface StakingProgram {
  stakeAsset: bigint
  rewardAsset1: bigint
  rewardAsset2: bigint
  /** 1 or 2. */
  rewardCount: bigint
  /** Reward units per second. */
  rate1: bigint
  rate2: bigint
  start: bigint
  end: bigint
  minStakeSeconds: bigint
  creator: string
  /** 1 farm (a Grove LP token is staked), 0 pool. */
  kind: bigint
  totalStaked: bigint
  lastUpdate: bigint
  /** Reward per staked unit since the start, scaled by 2^64. */
  acc1: bigint
  acc2: bigint
  /** Reward held for the program: deposited − paid − reclaimed. */
  reserve1: bigint
  reserve2: bigint
  /** Settled rewards the positions are owed. */
  owed1: bigint
  owed2: bigint
  /** Σ stake × (acc − snapshot) over the positions: their unsettled earnings, scaled by 2^64. */
  unsettled1: bigint
  unsettled2: bigint
}

/** A staker's position in a program (the position box, decoded). */
export interface StakingPosition {
  stake: bigint
  /** Block time of the last stake: unstaking waits minStakeSeconds from it. */
  stakedAt: bigint
  snap1: bigint
  snap2: bigint
  owed1: bigint
  owed2: bigint
}

const struct = (name: string) => {
  const fields = STAKING_SPEC.structs[name]!
  return { type: getABITupleTypeFromABIStructDefinition(fields, STAKING_SPEC.structs), names: fields.map((f) => f.name) }
}
const PROGRAM = struct('ProgramState')
const POSITION = struct('PositionState')

/** Decodes a program box value (or a getProgram return). */
export function decodeProgram(value: Uint8Array): StakingProgram {
  const values = PROGRAM.type.decode(value)
  return Object.fromEntries(PROGRAM.names.map((n, i) => [n, n === 'creator' ? String(values[i]) : BigInt(values[i] as bigint)])) as unknown as StakingProgram
}

/** Decodes a position box value (or a getPosition return). */
export function decodePosition(value: Uint8Array): StakingPosition {
  const values = POSITION.type.decode(value)
  return Object.fromEntries(POSITION.names.map((n, i) => [n, BigInt(values[i] as bigint)])) as unknown as StakingPosition
}

/** Box name "p" ‖ uint64(program). */
export function programBoxName(program: bigint): Uint8Array {
  const name = new Uint8Array(9)
  name[0] = 0x70
  new DataView(name.buffer).setBigUint64(1, program)
  return name
}

/** Box name "s" ‖ uint64(program) ‖ staker. */
export function positionBoxName(program: bigint, staker: string | Address): Uint8Array {
  const name = new Uint8Array(41)
  name[0] = 0x73
  new DataView(name.buffer).setBigUint64(1, program)
  name.set(typeof staker === 'string' ? decodeAddress(staker).publicKey : staker.publicKey, 9)
  return name
}

/** The program a box name stands for, or undefined. */
export function parseProgramBoxName(name: Uint8Array): bigint | undefined {
  if (name.length !== 9 || name[0] !== 0x70) return undefined
  return new DataView(name.buffer, name.byteOffset).getBigUint64(1)
}
