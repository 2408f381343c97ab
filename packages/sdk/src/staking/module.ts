// The staking app as one object (spec, error row, Action union with prepare, readers, events), over
// the one context (core/context.ts).
import { decodeAddress, type Address, type Algodv2 } from 'algosdk'
import type { GroveContext, GroveReader, PreparedGroup, PreparedGroups } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import { prepareStakingAction, type StakingAction } from './actions.ts'
import { buildClaimMany } from './claim-many.ts'
import { STAKING_SPEC, type StakingPosition } from './spec.ts'
import { decodeStakingEvents } from './events.ts'
import { fetchPosition, fetchProgram, fetchPrograms } from './state.ts'
import { nextProgramId, programCreationCost } from './transactions.ts'

/** Every position `staker` holds, by program id: one box listing, then only the staker's position boxes. */
async function fetchPositions(algod: Algodv2, stakingAppId: bigint, staker: string | Address): Promise<Map<bigint, StakingPosition>> {
  const { boxes } = await algod.getApplicationBoxes(stakingAppId).do()
  const key = decodeAddress(staker.toString()).publicKey
  // position boxes are "s" ‖ uint64(program) ‖ staker
  const mine = boxes.map((b) => b.name).filter((n) => n.length === 41 && n[0] === 0x73 && key.every((byte, i) => n[9 + i] === byte))
  const ids = mine.map((n) => new DataView(n.buffer, n.byteOffset).getBigUint64(1))
  const read = await Promise.all(ids.map((id) => fetchPosition(algod, stakingAppId, id, staker)))
  return new Map(ids.flatMap((id, i) => (read[i] ? [[id, read[i]] as const] : [])))
}

/** The staking app: its spec, error row, actions, readers and events. */
export const stakingContract = {
  name: 'Staking',
  spec: STAKING_SPEC,
  errors: CONTRACT_ERRORS.Staking,
  /**
   * Builds an action's group, ready to simulate and sign; a new program's box and opt-ins are its
   * minimum balance. Claims of many programs come as several groups (16 transactions each at most).
   */
  async prepare(ctx: GroveContext, action: StakingAction): Promise<(PreparedGroup | (PreparedGroups & { claims: number })) & { optIns: bigint[] }> {
    if (action.kind === 'claimMany') return { ...(await buildClaimMany(ctx, action.programs, action.positions)), minBalance: 0n }
    const { composer, fee, optIns } = await prepareStakingAction(ctx, action)
    const minBalance = action.kind === 'create' ? (await programCreationCost(ctx.algod, ctx.ids.stakingAppId, action.terms)).minBalance : 0n
    return { composer, fee, optIns, minBalance }
  },
  /** A failure in words, the staking app's codes first. */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) => explainError(error, [{ spec: STAKING_SPEC, appId: ids?.stakingAppId }]),
  decodeEvents: decodeStakingEvents,
  readers: {
    /** Every program, by id. */
    programs: (r: GroveReader) => fetchPrograms(r.algod, r.ids.stakingAppId),
    /** One program; undefined when there is none. */
    program: (r: GroveReader, id: bigint) => fetchProgram(r.algod, r.ids.stakingAppId, id),
    /** A staker's position in a program; undefined when there is none. */
    position: (r: GroveReader, program: bigint, staker: string | Address) => fetchPosition(r.algod, r.ids.stakingAppId, program, staker),
    /** Every position of a staker, by program id. */
    positions: (r: GroveReader, staker: string | Address) => fetchPositions(r.algod, r.ids.stakingAppId, staker),
    /** The id the next program gets. */
    nextProgramId: (r: GroveReader) => nextProgramId(r.algod, r.ids.stakingAppId),
  },
} as const
