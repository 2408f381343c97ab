// Reading programs and positions through algod (their boxes).
import type { Address, Algodv2 } from 'algosdk'
import { decodePosition, decodeProgram, parseProgramBoxName, positionBoxName, programBoxName } from './spec.ts'
import type { StakingPosition, StakingProgram } from './spec.ts'

/** A program with its id. */
export type ProgramRef = StakingProgram & { id: bigint }

const isMissing = (e: unknown): boolean => {
  const status = (e as { status?: number; response?: { status?: number } }).status ?? (e as { response?: { status?: number } }).response?.status
  return status === 404
}

/** The program's box, or undefined when there is none. */
export async function fetchProgram(algod: Algodv2, stakingAppId: bigint, program: bigint): Promise<ProgramRef | undefined> {
  try {
    const box = await algod.getApplicationBoxByName(stakingAppId, programBoxName(program)).do()
    return { ...decodeProgram(box.value), id: program }
  } catch (e) {
    if (isMissing(e)) return undefined
    throw e
  }
}

/** Every program of the app (one box listing with values). */
export async function fetchPrograms(algod: Algodv2, stakingAppId: bigint): Promise<ProgramRef[]> {
  const { boxes } = await algod.getApplicationBoxes(stakingAppId).do()
  const ids = boxes.map((b) => parseProgramBoxName(b.name)).filter((id): id is bigint => id !== undefined)
  const programs = await Promise.all(ids.map((id) => fetchProgram(algod, stakingAppId, id)))
  return programs.filter((p): p is ProgramRef => p !== undefined).sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The staker's position in the program, or undefined when there is none. */
export async function fetchPosition(algod: Algodv2, stakingAppId: bigint, program: bigint, staker: string | Address): Promise<StakingPosition | undefined> {
  try {
    const box = await algod.getApplicationBoxByName(stakingAppId, positionBoxName(program, staker)).do()
    return decodePosition(box.value)
  } catch (e) {
    if (isMissing(e)) return undefined
    throw e
  }
}
