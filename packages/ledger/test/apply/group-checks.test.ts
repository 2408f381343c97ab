// The group's own checks (go's verify.TxnGroup, CheckGroupFees and the evaluator's bookkeeping):
// group size and id, validity window, genesis, duplicate ids, leases and pooled fees.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { GENESIS_ID, genesisHash } from '../../src/genesis.ts'
import { digestText } from '../../src/apply/group-checks.ts'
import { FIXTURE_BALANCE, sp } from '../fixture.ts'
import { pay, signed, world, type Signed } from './world.ts'

const START = BigInt(FIXTURE_BALANCE)

describe('group checks', () => {
  it('refuses a group larger than the protocol allows', () => {
    const w = world()
    const max = w.state.proto.maxTxGroupSize
    const txns = Array.from({ length: max + 1 }, (_, i) => signed(pay(w.alice, w.bob, i), w.alice))
    expect(() => w.submitSigned(txns)).toThrow(`group size ${max + 1} exceeds maximum ${max}`)
  })

  it('applies a full group of the largest size', () => {
    const w = world()
    const max = w.state.proto.maxTxGroupSize
    w.submit(...Array.from({ length: max }, (_, i): Signed => [pay(w.alice, w.bob, i + 1), w.alice]))
    expect(w.balance(w.bob)).toBe(START + BigInt((max * (max + 1)) / 2))
  })

  it('refuses a group member without the group id', () => {
    const w = world()
    expect(() => w.submitSigned([signed(pay(w.alice, w.bob, 1), w.alice), signed(pay(w.bob, w.alice, 1), w.bob)])).toThrow('transactionGroup: [0] had zero Group but was submitted in a group of 2')
  })

  it('refuses a group whose members carry different group ids', () => {
    const w = world()
    const [t1, t2, t3] = [pay(w.alice, w.bob, 1), pay(w.bob, w.alice, 1), pay(w.carol, w.alice, 1)]
    algosdk.assignGroupID([t1, t2])
    algosdk.assignGroupID([t3, pay(w.alice, w.carol, 2)])
    expect(() => w.submitSigned([signed(t1, w.alice), signed(t3, w.carol)])).toThrow('transactionGroup: inconsistent group values: ')
  })

  it('refuses a group missing one of the transactions its id commits to', () => {
    const w = world()
    const [t1, t2] = [pay(w.alice, w.bob, 1), pay(w.bob, w.alice, 1)]
    algosdk.assignGroupID([t1, t2])
    expect(() => w.submitSigned([signed(t1, w.alice)])).toThrow('transactionGroup: incomplete group: ')
  })

  it('rolls back every member when a later one fails', () => {
    const w = world()
    expect(() => w.submit([pay(w.alice, w.bob, 10), w.alice], [pay(w.bob, w.alice, START * 5n), w.bob])).toThrow('overspend (account ')
    expect([w.balance(w.alice), w.balance(w.bob)]).toEqual([START, START])
  })

  describe('fees', () => {
    it('pools fees: one member may pay for another', () => {
      const w = world()
      w.submit([pay(w.alice, w.bob, 0, { suggestedParams: { ...sp, fee: 2000n } }), w.alice], [pay(w.bob, w.alice, 0, { suggestedParams: { ...sp, fee: 0n } }), w.bob])
      expect([w.balance(w.alice), w.balance(w.bob)]).toEqual([START - 2000n, START])
    })

    it('refuses a lone transaction paying less than the minimum fee', () => {
      const w = world()
      expect(() => w.submit([pay(w.alice, w.bob, 1, { suggestedParams: { ...sp, fee: 10n } }), w.alice])).toThrow('txgroup with 10uA fees is less than 1mA (usage=1.000000 * base=1mA)')
      expect(w.balance(w.alice)).toBe(START)
    })

    it('refuses a group whose pooled fees fall short of the minimum for each member', () => {
      const w = world()
      const low = { suggestedParams: { ...sp, fee: 999n } }
      expect(() => w.submit([pay(w.alice, w.bob, 0, low), w.alice], [pay(w.bob, w.alice, 0, low), w.bob])).toThrow('txgroup with 1.998mA fees is less than 2mA (usage=2.000000 * base=1mA)')
    })
  })

  describe('validity', () => {
    it('refuses a transaction whose window has not opened', () => {
      const w = world()
      expect(() => w.submit([pay(w.alice, w.bob, 1, { suggestedParams: { ...sp, firstValid: 5n } }), w.alice])).toThrow('txn dead: round 1 outside of 5--100')
    })

    it('refuses a transaction whose window has closed', () => {
      const w = world()
      w.ctx.round = 101n
      expect(() => w.submit([pay(w.alice, w.bob, 1), w.alice])).toThrow('txn dead: round 101 outside of 1--100')
    })

    it('refuses a validity window longer than the protocol allows (go TestPaymentValidation)', () => {
      const w = world()
      const lastValid = 1n + BigInt(w.state.proto.maxTxnLife) + 1n
      const t = pay(w.alice, w.bob, 1, { suggestedParams: { ...sp, lastValid } })
      expect(() => w.submit([t, w.alice])).toThrow(`transaction ${t.txID()} invalid : transaction window size excessive (1--${lastValid})`)
    })

    it('refuses a validity window that ends before it starts', () => {
      const w = world()
      const t = pay(w.alice, w.bob, 1, { suggestedParams: { ...sp, firstValid: 50n, lastValid: 10n } })
      expect(() => w.submit([t, w.alice])).toThrow(`transaction ${t.txID()} invalid : transaction invalid range (50--10)`)
    })

    it('refuses a note longer than the protocol allows', () => {
      const w = world()
      const max = w.state.proto.maxAbsoluteTxnNoteBytes
      const t = pay(w.alice, w.bob, 1)
      Object.assign(t, { note: new Uint8Array(max + 1) })
      expect(() => w.submit([t, w.alice])).toThrow(`transaction note too big: ${max + 1} > ${max}`)
    })

    it('refuses a transaction for another network', () => {
      const w = world()
      expect(() => w.submit([pay(w.alice, w.bob, 1, { suggestedParams: { ...sp, genesisID: 'mainnet-v1.0' } }), w.alice])).toThrow(`tx.GenesisID <mainnet-v1.0> does not match expected <${GENESIS_ID}>`)
      expect(() => w.submit([pay(w.alice, w.bob, 1, { suggestedParams: { ...sp, genesisHash: new Uint8Array(32).fill(7) } }), w.alice])).toThrow(`tx.GenesisHash <A4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQ> does not match expected <${digestText(genesisHash())}>`)
    })
  })

  describe('duplicates and leases', () => {
    it('refuses the same transaction twice in one group', () => {
      const w = world()
      const t = pay(w.alice, w.bob, 1)
      const u = algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(t))
      algosdk.assignGroupID([t, u])
      expect(() => w.submitSigned([signed(t, w.alice), signed(u, w.alice)])).toThrow(`transaction already in ledger: ${t.txID()}`)
    })

    it('refuses a transaction the ledger has already seen', () => {
      const w = world()
      const t = pay(w.alice, w.bob, 1)
      w.ctx.seenTxId = (id) => id === t.txID()
      expect(() => w.submit([t, w.alice])).toThrow(`transaction already in ledger: ${t.txID()}`)
    })

    it('refuses a second transaction with the same sender and lease while the first is valid', () => {
      const w = world()
      const lease = new Uint8Array(32).fill(9)
      expect(() => w.submit([pay(w.alice, w.bob, 1, { lease }), w.alice], [pay(w.alice, w.bob, 2, { lease }), w.alice])).toThrow(
        `using an overlapping lease (sender, lease):(${w.alice.addr}, ${algosdk.encodeAddress(lease)})`,
      )
      // another sender may hold the same lease
      expect(w.submit([pay(w.alice, w.bob, 1, { lease }), w.alice], [pay(w.bob, w.alice, 2, { lease }), w.bob]).leases.size).toBe(2)
    })
  })
})
