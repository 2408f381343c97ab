// go-algorand's fee arithmetic for transaction groups (SummarizeFees, FeeFactor, FeeForUsage):
// each transaction's usage is 1e6 micro-units plus per-byte surcharges for oversized notes,
// app args and programs; a group owes MinTxnFee × usage / 1e6, rounded up only when the
// fractional residue carried from earlier charges cannot absorb the remainder.

import type { ConsensusParams } from '../../../proto.ts'
import type { Txn } from '../../../txn.ts'

const MICROS = 1_000_000n
/** go's feeResidueScale: fractions of a microalgo are tracked to 1e-12. */
const RESIDUE_SCALE = 1_000_000_000_000n
const MAX_UINT64 = 0xffff_ffff_ffff_ffffn

function surcharge(proto: ConsensusParams, bytes: number): bigint {
  return bytes > 0 ? BigInt(proto.perByteTxnSurcharge) * BigInt(bytes) : 0n
}

/** Bytes of a program pair beyond what an app may have without extra fees. */
export function largeProgramExtraBytes(proto: ConsensusParams, size: number): number {
  return Math.max(0, size - proto.maxAppTotalProgramLen * (1 + proto.maxExtraAppProgramPages))
}

/** go's Transaction.feeFactor for an unsigned (inner) transaction, in micro-units. */
export function feeFactor(tx: Txn, proto: ConsensusParams): bigint {
  if (tx.type === 'stpf') return 0n
  let f = MICROS + surcharge(proto, tx.note.length - proto.maxTxnNoteBytes)
  if (tx.type === 'appl') {
    f += surcharge(proto, largeProgramExtraBytes(proto, tx.approvalProgram.length + tx.clearStateProgram.length))
    let args = 0
    for (const a of tx.applicationArgs) args += a.length
    f += surcharge(proto, args - proto.maxAppTotalArgLen)
  }
  return f
}

/** go's SummarizeFees: the group's usage (micro-units) and what it paid. */
export function summarizeFees(txns: readonly Txn[], proto: ConsensusParams): { usage: bigint; paid: bigint } {
  let usage = 0n
  let paid = 0n
  for (const t of txns) {
    usage += feeFactor(t, proto)
    paid += BigInt(t.fee)
  }
  return { usage, paid: paid > MAX_UINT64 ? MAX_UINT64 : paid }
}

/** go's MicroAlgos.FeeForUsage with multiplier 1e6: the fee owed and the new residue. */
export function feeForUsage(proto: ConsensusParams, usage: bigint, residue: bigint): { fee: bigint; residue: bigint; overflow: boolean } {
  const product = BigInt(proto.minTxnFee) * usage * MICROS
  const quo = product / RESIDUE_SCALE
  const rem = product % RESIDUE_SCALE
  if (quo > MAX_UINT64 || (quo === MAX_UINT64 && rem > residue)) return { fee: MAX_UINT64, residue, overflow: true }
  if (rem === 0n) return { fee: quo, residue, overflow: false }
  if (rem <= residue) return { fee: quo, residue: residue - rem, overflow: false }
  return { fee: quo + 1n, residue: RESIDUE_SCALE - (rem - residue), overflow: false }
}

/** go's MicroAlgos.String(): "0.0A", "5uA", "1mA", "1.001mA", "2A", "2.000001A". */
export function microAlgosText(raw: bigint): string {
  if (raw === 0n) return '0.0A'
  if (raw < 1000n) return `${raw}uA`
  if (raw < 1_000_000n) {
    const frac = raw % 1000n
    return frac === 0n ? `${raw / 1000n}mA` : `${raw / 1000n}.${String(frac).padStart(3, '0')}mA`
  }
  const frac = raw % 1_000_000n
  return frac === 0n ? `${raw / 1_000_000n}A` : `${raw / 1_000_000n}.${String(frac).padStart(6, '0')}A`
}
