import { describe, expect, it } from 'vitest'
import { feeFactor, feeForUsage, microAlgosText, summarizeFees } from '../src/eval/ops/state/fees.ts'
import { CURRENT_PROTO, HARNESS_PROTO } from '../src/proto.ts'
import { makeTxn } from '../src/txn.ts'

describe('microAlgosText prints like go\'s MicroAlgos.String', () => {
  const cases: [bigint, string][] = [
    [0n, '0.0A'], [5n, '5uA'], [1000n, '1mA'], [1001n, '1.001mA'], [2_000_000n, '2A'], [2_000_001n, '2.000001A'],
  ]
  it.each(cases)('%s → %s', (raw, text) => expect(microAlgosText(raw)).toBe(text))
})

describe('fee factors', () => {
  it('is one unit for a plain transaction', () => {
    expect(feeFactor(makeTxn({ type: 'pay' }), CURRENT_PROTO)).toBe(1_000_000n)
  })

  it('adds the per-byte surcharge for note bytes beyond MaxTxnNoteBytes', () => {
    expect(feeFactor(makeTxn({ type: 'pay', note: new Uint8Array(1034) }), CURRENT_PROTO)).toBe(1_000_000n + 10n * 100n)
  })

  it('adds surcharges for app args and programs beyond their free sizes', () => {
    const tx = makeTxn({ type: 'appl', applicationArgs: [new Uint8Array(2050)], approvalProgram: new Uint8Array(8192 + 5) })
    expect(feeFactor(tx, CURRENT_PROTO)).toBe(1_000_000n + 2n * 100n + 5n * 100n)
  })
})

describe('feeForUsage', () => {
  it('charges MinTxnFee per unit exactly', () => {
    expect(feeForUsage(HARNESS_PROTO, 2_000_000n, 0n)).toEqual({ fee: 2002n, residue: 0n, overflow: false })
  })

  it('rounds a fraction up once and carries the overpayment as residue', () => {
    const first = feeForUsage(CURRENT_PROTO, 1_000_100n, 0n) // 1000.1 µA
    expect(first.fee).toBe(1001n)
    expect(first.residue).toBe(900_000_000_000n)
    const second = feeForUsage(CURRENT_PROTO, 1_000_100n, first.residue)
    expect(second.fee).toBe(1000n)
    expect(second.residue).toBe(800_000_000_000n)
  })

  it('sums usage and payments over a group', () => {
    const g = [makeTxn({ type: 'pay', fee: 10 }), makeTxn({ type: 'pay', fee: 3000 })]
    expect(summarizeFees(g, CURRENT_PROTO)).toEqual({ usage: 2_000_000n, paid: 3010n })
  })
})
