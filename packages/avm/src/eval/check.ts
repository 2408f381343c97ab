// go-algorand's static check (CheckSignature / CheckContract): walks every instruction once,
// refusing illegal opcodes, ops of the wrong mode, truncated immediates, misaligned or
// out-of-range branch targets and, before v4, programs whose summed cost exceeds the budget.

import { AvmError, errorMessage } from './errors.ts'
import { MODE_APP, type EvalEnv, type Instr } from './context.ts'
import { decodeInstr, tableFor, VARINT_BRANCH_VERSION } from './decode.ts'
import { beginProgram } from './eval.ts'
import { HANDLERS } from './ops/index.ts'
import { opAt, opSpecError } from '../spec/index.ts'

/** Version from which branches may go backwards (and static cost is no longer checked). */
const BACK_BRANCH_VERSION = 4

/** go's `fmt.Errorf("pc=%3d ...")` prefix. */
function atPc(pc: number, msg: string): AvmError {
  return new AvmError(`pc=${String(pc).padStart(3, ' ')} ${msg}`, pc)
}

/** go's %x of a (possibly negative) int. */
function goHex(n: number): string {
  return n < 0 ? `-${(-n).toString(16)}` : n.toString(16)
}

/** Statically checks `program` for evaluation in `env`; returns the failure, or undefined when it passes. */
export function checkProgram(program: Uint8Array, env: EvalEnv): AvmError | undefined {
  try {
    check(program, env)
    return undefined
  } catch (e) {
    return e instanceof AvmError ? e : new AvmError(errorMessage(e))
  }
}

function check(program: Uint8Array, env: EvalEnv): void {
  if (env.proto.logicSigVersion === 0) throw new AvmError('LogicSig not supported')
  const { version, pc: start } = beginProgram(program, env)
  const ops = tableFor(version)
  const decodeEnv = { program, version, ops, protoVersion: env.proto.logicSigVersion, handlers: HANDLERS }
  const maxCost =
    env.budget?.remaining ?? (env.mode === MODE_APP ? env.proto.maxAppProgramCost : env.proto.logicSigMaxCost)
  const len = program.length
  const branchTargets = new Uint8Array(len + 1)
  const instructionStarts = new Uint8Array(len + 1)
  let staticCost = 0
  let pc = start
  while (pc < len) {
    const prev = pc
    instructionStarts[pc] = 1
    let ins: Instr
    try {
      const spec = opAt(ops, program, pc)
      if (spec === undefined) throw new AvmError(opSpecError(ops, program, pc))
      if ((spec.modes & env.mode) === 0) throw new AvmError(`${spec.name} not allowed in current mode`)
      ins = decodeInstr(decodeEnv, pc)
      if (ins.error !== undefined) throw new AvmError(ins.error)
      if (ins.cost <= 0) throw new AvmError(`${spec.name} reported non-positive cost`)
      checkTargets(ins, version, len, instructionStarts, branchTargets)
    } catch (e) {
      throw atPc(pc, errorMessage(e))
    }
    pc = ins.next
    for (let i = prev + 1; i < pc; i++) {
      if (i < branchTargets.length && branchTargets[i]) {
        throw atPc(pc, `branch target ${i} is not an aligned instruction`)
      }
    }
    staticCost += ins.cost
    if (version < BACK_BRANCH_VERSION && staticCost > maxCost) {
      throw atPc(pc, `static cost budget of ${maxCost} exceeded`)
    }
    if (pc <= prev) throw atPc(pc, 'pc did not advance')
  }
}

/** go's checkBranch / checkBranchVarint / checkSwitch. */
function checkTargets(ins: Instr, version: number, len: number, starts: Uint8Array, targets: Uint8Array): void {
  const enc = ins.spec.immediates[0]?.encoding
  if (enc === 'int16 (big-endian)') {
    const [target, offset] = ins.imm
    if (offset < 0 && version < BACK_BRANCH_VERSION) throw new AvmError(`negative branch offset ${goHex(offset)}`)
    const tooFar = version >= 2 ? target > len || target < 0 : target >= len || target < 0
    if (tooFar) throw new AvmError(`branch target ${target} outside of program`)
    if (target < ins.pc + 3 && !starts[target]) throw new AvmError(`back branch target ${target} is not an aligned instruction`)
    targets[target] = 1
  } else if (enc === 'varint (zigzag)' && version >= VARINT_BRANCH_VERSION) {
    const target = ins.imm[0]
    if (target > len || target < 0) throw new AvmError(`branch target ${target} outside of program`)
    if (target < ins.pc && !starts[target]) throw new AvmError(`back branch target ${target} is not an aligned instruction`)
    targets[target] = 1
  } else if (enc === 'varuint count, [int16 (big-endian) ...]') {
    for (const target of ins.targets) {
      if (target > len || target < 0) throw new AvmError(`branch target ${target} outside of program`)
      if (target < ins.next && !starts[target]) throw new AvmError(`back branch target ${target} is not an aligned instruction`)
      targets[target] = 1
    }
  }
}
