// The build's TEAL check (scripts/teal-check.ts): every compiled program reads group transactions only
// through its ABI txn arguments, and a program that reads the transaction after its call fails the build
// with the contract, method and line named.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTRACTS } from '../src/deployment.ts'
import { VENUE_CONTRACTS } from '../src/venues.ts'
import { PACKAGE_DIR, build } from '../scripts/build.ts'
import { PAIRING_READS, groupReadViolations } from '../scripts/teal-check.ts'

const teal = (lines: string[]): string => ['#pragma version 10', ...lines].join('\n')

describe('the TEAL group-read check', () => {
  it('finds no read outside ABI arguments in any committed contract', () => {
    for (const { name } of CONTRACTS) {
      const program = fs.readFileSync(path.join(PACKAGE_DIR, 'artifacts', `${name}.approval.teal`), 'utf8')
      expect(groupReadViolations(program, { pairingMethods: PAIRING_READS[name] }), name).toEqual([])
    }
  })

  it('lets only the flash pairing subroutines read the group', () => {
    const lines = ['flashStart:', 'txn GroupIndex', 'frame_dig -1', '+', 'gtxns TypeEnum', 'flashOther:', 'txn GroupIndex', 'frame_dig -1', '+', 'gtxns TypeEnum']
    const found = groupReadViolations(teal(lines), { pairingMethods: PAIRING_READS.Dex })
    expect(found.map((v) => v.method)).toEqual(['flashOther'])
  })

  it.each([
    ['the next transaction', ['create:', '// programs/s.algo.ts:12', 'txn GroupIndex', 'intc 1 // 1', '+', 'gtxns Amount'], 'txn GroupIndex; intc 1; +'],
    ['an earlier transaction by hand', ['stake:', '// programs/s.algo.ts:40', '// mbr = this.txnGroup[this.txn.groupIndex - 2]', 'txn GroupIndex', 'pushint 2', '-', 'gtxns Amount'], 'txn GroupIndex; pushint 2; -'],
    ['a computed index', ['extend:', 'txn GroupIndex', 'frame_dig -2 // count: uint64', '-', 'gtxns Amount'], 'txn GroupIndex; frame_dig -2; -'],
    ['a literal index', ['claim:', 'gtxn 0 Amount'], 'gtxn 0 Amount'],
  ])('refuses a read of %s, naming the method and line', (_what, lines, read) => {
    const found = groupReadViolations(teal(lines))
    expect(found).toHaveLength(1)
    expect(found[0]!.teal).toBe(read)
    expect(found[0]!.method).toBe(/^(\w+):/.exec(lines[0]!)![1])
    expect(found[0]!.tealLine).toBe(1 + lines.findIndex((l) => l.startsWith('txn GroupIndex') || l.startsWith('gtxn')) + 1)
  })

  it('accepts the decoding of an ABI txn argument', () => {
    const lines = ['*abi_route_stake:', '// input: axfer', 'txn GroupIndex', 'intc 1 // 1', '-', 'dup', 'gtxns TypeEnum']
    expect(groupReadViolations(teal(lines))).toEqual([])
  })

  it('lets a venue read only the places before its call that its protocol fixes', () => {
    for (const { name, precedingGroupReads } of VENUE_CONTRACTS) {
      const program = fs.readFileSync(path.join(PACKAGE_DIR, 'artifacts', `${name}.approval.teal`), 'utf8')
      expect(groupReadViolations(program, { precedingReads: precedingGroupReads }), name).toEqual([])
      // without the allowance the scan still finds those reads: the venue is not an ABI program
      expect(groupReadViolations(program).length, name).toBeGreaterThan(0)
    }
  })

  it.each([
    ['one place back', 'intc 1 // 1', '-', 0],
    ['two places back', 'pushint 2', '-', 0],
    ['three places back', 'int 3', '-', 1],
    ['the next transaction', 'intc 1 // 1', '+', 1],
    ['a constant the TEAL does not name', 'intc_1', '-', 1],
  ])('with an allowance of two preceding reads, a read of %s (%s, %s) leaves %i violations', (_what, operand, combine, violations) => {
    const lines = ['swap:', 'txn GroupIndex', operand, combine, 'gtxns Amount']
    expect(groupReadViolations(teal(lines), { precedingReads: 2 })).toHaveLength(violations)
  })

  it('fails the build of a contract that reads the transaction after its call', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-teal-check-'))
    try {
      const built = build(out, [{ name: 'ForwardRead', source: 'fixtures/forward-read.algo.ts' }])
      await expect(built).rejects.toThrow(/ForwardRead\.approval\.teal:\d+ in deposit \(fixtures\/forward-read\.algo\.ts:9\): txn GroupIndex; intc \d+; \+/)
      expect(fs.existsSync(path.join(out, 'artifacts', 'ForwardRead.arc56.json'))).toBe(false)
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
  }, 120_000)
})
