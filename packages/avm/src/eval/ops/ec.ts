// Elliptic-curve, MiMC and Poseidon2 opcodes (go-algorand data/transactions/logic/pairing.go
// and crypto.go's opMimc / opPoseidon2). step() has already checked argument types and charged
// the per-group or per-chunk cost; these handlers pop, compute with src/crypto, push, or throw
// go's text. An immediate byte that names no field gets go's Stringer text ("EcGroup(7)").
import { ecAdd, ecMapTo, ecMultiScalarMul, ecPairingCheck, ecScalarMul, ecSubgroupCheck } from '../../crypto/ec.ts'
import type { EcGroupName } from '../../crypto/ec.ts'
import { MIMC_BLS12_381, MIMC_BN254, mimc } from '../../crypto/mimc.ts'
import type { MimcConfig } from '../../crypto/mimc.ts'
import { POSEIDON2_BLS12_381, POSEIDON2_BN254, poseidon2 } from '../../crypto/poseidon2.ts'
import type { Poseidon2Config } from '../../crypto/poseidon2.ts'
import type { Instr, OpHandler } from '../context.ts'
import { AvmError, errorMessage } from '../errors.ts'

const EC_GROUPS: ReadonlySet<string> = new Set(['BN254g1', 'BN254g2', 'BLS12_381g1', 'BLS12_381g2'])

/** The EC group named by the immediate; `opName` is the op go names in its error (sic). */
function groupOf(ins: Instr, opName: string): EcGroupName {
  const name = ins.field?.name
  if (name === undefined || !EC_GROUPS.has(name)) throw new AvmError(`invalid ${opName} group EcGroup(${ins.imm[0]})`)
  return name as EcGroupName
}

/** Runs a src/crypto computation, turning its go-texted Error into an AvmError. */
function run<T>(f: () => T): T {
  try {
    return f()
  } catch (e) {
    throw e instanceof AvmError ? e : new AvmError(errorMessage(e))
  }
}

/** A two-argument EC op: A (deeper) and B (top) → one result. */
function binary(opName: string, f: (g: EcGroupName, a: Uint8Array, b: Uint8Array) => Uint8Array | boolean): OpHandler {
  return (cx, ins) => {
    const group = groupOf(ins, opName)
    const s = cx.stack
    const b = s[s.length - 1] as Uint8Array
    const a = s[s.length - 2] as Uint8Array
    const r = run(() => f(group, a, b))
    s.length -= 1
    s[s.length - 1] = typeof r === 'boolean' ? (r ? 1 : 0) : r
  }
}

/** A one-argument op replacing the top of the stack. */
function unary(group: (ins: Instr) => EcGroupName, f: (g: EcGroupName, a: Uint8Array) => Uint8Array | boolean): OpHandler {
  return (cx, ins) => {
    const g = group(ins)
    const s = cx.stack
    const r = run(() => f(g, s[s.length - 1] as Uint8Array))
    s[s.length - 1] = typeof r === 'boolean' ? (r ? 1 : 0) : r
  }
}

const MIMC_CONFIGS: Record<string, MimcConfig> = { BN254Mp110: MIMC_BN254, BLS12_381Mp111: MIMC_BLS12_381 }
const POSEIDON2_CONFIGS: Record<string, Poseidon2Config> = { BN254t2: POSEIDON2_BN254, BLS12_381t2: POSEIDON2_BLS12_381 }

/** Op handlers by name. */
export const handlers: Record<string, OpHandler> = {
  ec_add: binary('ec_add', ecAdd),
  ec_scalar_mul: binary('ec_scalar_mul', ecScalarMul),
  ec_pairing_check: binary('ec_pairing_check', ecPairingCheck),
  ec_multi_scalar_mul: binary('ec_multi_scalar_mul', ecMultiScalarMul),
  // go's opEcSubgroupCheck and opEcMapTo report a bad group as ec_pairing_check's
  ec_subgroup_check: unary((ins) => groupOf(ins, 'ec_pairing_check'), ecSubgroupCheck),
  ec_map_to: unary((ins) => groupOf(ins, 'ec_pairing_check'), ecMapTo),

  mimc: (cx, ins) => {
    const cfg = ins.field && MIMC_CONFIGS[ins.field.name]
    if (cfg === undefined) throw new AvmError(`invalid mimc config MimcConfig(${ins.imm[0]})`)
    const s = cx.stack
    s[s.length - 1] = run(() => mimc(cfg, s[s.length - 1] as Uint8Array))
  },

  poseidon2: (cx, ins) => {
    const cfg = ins.field && POSEIDON2_CONFIGS[ins.field.name]
    if (cfg === undefined) throw new AvmError(`invalid poseidon2 config Poseidon2Config(${ins.imm[0]})`)
    const s = cx.stack
    s[s.length - 1] = run(() => poseidon2(cfg, s[s.length - 1] as Uint8Array))
  },
}
