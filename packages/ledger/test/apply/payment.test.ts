// go's ledger/apply/payment_test.go and the evaluator's payment paths: amounts, fees, minimum
// balances, close-to, rekeying and the authorizer it sets.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { FEE_SINK } from '../../src/genesis.ts'
import { FIXTURE_BALANCE, program, sp } from '../fixture.ts'
import { pay, world, ZERO_ADDRESS } from './world.ts'

const FEE = 1000n
const START = BigInt(FIXTURE_BALANCE)

describe('payment', () => {
  it('moves the amount and charges the fee to the sender', () => {
    const w = world()
    w.submit([pay(w.alice, w.bob, 5000), w.alice])
    expect(w.balance(w.alice)).toBe(START - 5000n - FEE)
    expect(w.balance(w.bob)).toBe(START + 5000n)
  })

  it('pays the fee into the fee sink', () => {
    const w = world()
    const sink = { addr: FEE_SINK, sk: new Uint8Array(), key: algosdk.decodeAddress(FEE_SINK).publicKey }
    const before = w.balance(sink)
    w.submit([pay(w.alice, w.bob, 0, { suggestedParams: { ...sp, fee: 2500n } }), w.alice])
    expect(w.balance(sink) - before).toBe(2500n)
  })

  it('refuses an overspend with algod text and leaves every balance as it was', () => {
    const w = world()
    const overspend = () => w.submit([pay(w.alice, w.bob, START), w.alice])
    // the fee is taken first, so the account go prints already lacks it
    expect(overspend).toThrow(`overspend (account ${w.alice.addr}, data {AccountBaseData:{Status:Offline MicroAlgos:999.999000A RewardsBase:0`)
    expect(overspend).toThrow(/, tried to spend 1000A\)$/)
    expect(w.balance(w.alice)).toBe(START)
    expect(w.balance(w.bob)).toBe(START)
  })

  it('refuses to create an account below the minimum balance', () => {
    const w = world()
    const target = algosdk.generateAccount()
    const to = { addr: target.addr.toString(), sk: target.sk, key: target.addr.publicKey }
    expect(() => w.submit([pay(w.alice, to, 99_999), w.alice])).toThrow(`account ${to.addr} balance 99999 below min 100000 (0 assets)`)
    expect(w.submit([pay(w.alice, to, 100_000), w.alice]).applied).toHaveLength(1)
    expect(w.balance(to)).toBe(100_000n)
  })

  it('refuses to leave the sender below its minimum balance', () => {
    const w = world()
    const a = w.fresh(200_000)
    expect(() => w.submit([pay(a, w.bob, 100_001 - Number(FEE)), a])).toThrow(`account ${a.addr} balance 99999 below min 100000 (0 assets)`)
  })

  it('refuses a spend from the fee sink', () => {
    const w = world()
    const sink = { addr: FEE_SINK, sk: w.alice.sk, key: algosdk.decodeAddress(FEE_SINK).publicKey }
    expect(() => w.submit([pay(sink, w.bob, 1), sink])).toThrow(`cannot spend from fee sink address ${FEE_SINK}`)
  })

  describe('close-to', () => {
    it('sends the amount to the receiver and the rest to the close target, reporting the closing amount', () => {
      const w = world()
      const a = w.fresh(1_000_000)
      const applied = w.submit([pay(a, w.bob, 10_000, { closeRemainderTo: w.carol.addr }), a]).applied[0]
      expect(w.balance(w.bob)).toBe(START + 10_000n)
      expect(w.balance(w.carol)).toBe(START + 1_000_000n - 10_000n - FEE)
      expect(applied.applyData.closingAmount).toBe(1_000_000n - 10_000n - FEE)
      expect(w.balance(a)).toBe(0n)
    })

    it('closes to the receiver itself (go TestPaymentSelfClose: the receiver gets both parts)', () => {
      const w = world()
      const a = w.fresh(1_000_000)
      w.submit([pay(a, w.bob, 5, { closeRemainderTo: w.bob.addr }), a])
      expect(w.balance(w.bob)).toBe(START + 1_000_000n - FEE)
    })

    it('refuses to close an account to its own sender', () => {
      const w = world()
      const a = w.fresh()
      expect(() => w.submit([pay(a, w.bob, 0, { closeRemainderTo: a.addr }), a])).toThrow(`transaction cannot close account to its sender ${a.addr}`)
    })

    it('clears the auth address of a rekeyed account it closes', () => {
      const w = world()
      const a = w.fresh()
      w.submit([pay(a, a, 0, { rekeyTo: w.bob.addr }), a])
      w.submit([pay(a, w.bob, 0, { closeRemainderTo: w.bob.addr }), w.bob])
      expect(algosdk.encodeAddress(w.account(a).authAddr)).toBe(ZERO_ADDRESS)
      // funded again, the account signs for itself
      w.submit([pay(w.alice, a, 200_000), w.alice])
      expect(w.submit([pay(a, w.bob, 1), a]).applied).toHaveLength(1)
    })

    it('refuses to close an account that holds an asset', () => {
      const w = world()
      const a = w.fresh()
      const id = w.submit([algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: w.alice.addr, total: 10, decimals: 0, defaultFrozen: false, suggestedParams: sp }), w.alice]).applied[0].applyData.createdAssetId
      w.submit([pay(w.alice, a, 1_000_000), w.alice])
      w.submit([algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: a.addr, receiver: a.addr, amount: 0, assetIndex: id, suggestedParams: sp }), a])
      expect(() => w.submit([pay(a, w.bob, 0, { closeRemainderTo: w.bob.addr }), a])).toThrow('cannot close: 1 outstanding assets')
    })

    it('refuses to close an account opted in to an app', () => {
      const w = world()
      const a = w.fresh()
      const approve = program('#pragma version 8\nint 1')
      const create = algosdk.makeApplicationCreateTxnFromObject({ sender: w.alice.addr, approvalProgram: approve, clearProgram: approve, numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp })
      const app = w.submit([create, w.alice]).applied[0].applyData.createdAppId
      w.submit([algosdk.makeApplicationOptInTxnFromObject({ sender: a.addr, appIndex: app, suggestedParams: sp }), a])
      expect(() => w.submit([pay(a, w.bob, 0, { closeRemainderTo: w.bob.addr }), a])).toThrow('cannot close: 1 outstanding applications opted in. Please opt out or clear them')
    })

    it('refuses to close an account that created an app', () => {
      const w = world()
      const a = w.fresh()
      const approve = program('#pragma version 8\nint 1')
      w.submit([algosdk.makeApplicationCreateTxnFromObject({ sender: a.addr, approvalProgram: approve, clearProgram: approve, numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp }), a])
      expect(() => w.submit([pay(a, w.bob, 0, { closeRemainderTo: w.bob.addr }), a])).toThrow('cannot close: 1 outstanding created applications')
    })
  })

  describe('rekey', () => {
    it('makes the new key the authorizer: the old key is refused, the new one accepted', () => {
      const w = world()
      const a = w.fresh()
      w.submit([pay(a, a, 0, { rekeyTo: w.bob.addr }), a])
      expect(algosdk.encodeAddress(w.account(a).authAddr)).toBe(w.bob.addr)
      expect(() => w.submit([pay(a, w.carol, 1), a])).toThrow(`should have been authorized by ${w.bob.addr} but was actually authorized by ${a.addr}`)
      w.submit([pay(a, w.carol, 1), w.bob])
      expect(w.balance(w.carol)).toBe(START + 1n)
    })

    it('rekeying back to the sender clears the auth address', () => {
      const w = world()
      const a = w.fresh()
      w.submit([pay(a, a, 0, { rekeyTo: w.bob.addr }), a])
      w.submit([pay(a, a, 0, { rekeyTo: a.addr }), w.bob])
      expect(algosdk.encodeAddress(w.account(a).authAddr)).toBe(ZERO_ADDRESS)
      expect(w.submit([pay(a, w.carol, 1), a]).applied).toHaveLength(1)
    })

    it('refuses a signature by a key the account is not rekeyed to', () => {
      const w = world()
      expect(() => w.submit([pay(w.alice, w.bob, 1), w.bob])).toThrow(`should have been authorized by ${w.alice.addr} but was actually authorized by ${w.bob.addr}`)
    })
  })

  it('refuses a tampered signature', () => {
    const w = world()
    const signed = algosdk.decodeSignedTransaction(pay(w.alice, w.bob, 1).signTxn(w.alice.sk))
    signed.sig![0] ^= 1
    expect(() => w.submitSigned([signed])).toThrow("At least one signature didn't pass verification")
  })
})
