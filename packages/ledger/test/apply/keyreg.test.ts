// go's ledger/apply/keyreg_test.go (TestKeyregApply, TestStateProofPKKeyReg) and keyreg's
// well-formedness: going online, offline and non-participating, at round 1 of the fixture.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AccountStatus, BALANCE_LOOKBACK } from '../../src/state.ts'
import { FEE_SINK } from '../../src/genesis.ts'
import { sp } from '../fixture.ts'
import { world, type Acct } from './world.ts'

const VOTE = new Uint8Array(32).fill(1)
const SELECTION = new Uint8Array(32).fill(2)
const STATE_PROOF = new Uint8Array(64).fill(3)

type KeyregFields = algosdk.KeyRegistrationTransactionParams & { fee?: bigint }

function keyreg(by: Acct, f: KeyregFields): algosdk.Transaction {
  const { fee, ...fields } = f
  return algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({ sender: by.addr, ...fields, suggestedParams: { ...sp, fee: fee ?? sp.fee } })
}

/** A well-formed online keyreg with `f` then written over it: algosdk refuses to build the malformed ones itself. */
function malformed(by: Acct, f: Partial<Record<keyof algosdk.KeyRegistrationTransactionParams, unknown>>): algosdk.Transaction {
  const t = keyreg(by, online())
  Object.assign(t.keyreg!, f)
  return t
}

const online = (f: KeyregFields = {}): KeyregFields => ({ voteKey: VOTE, selectionKey: SELECTION, stateProofKey: STATE_PROOF, voteFirst: 1, voteLast: 1000, voteKeyDilution: 100, ...f })

describe('keyreg', () => {
  it('goes online: the keys and voting window are recorded', () => {
    const w = world()
    w.submit([keyreg(w.alice, online()), w.alice])
    const d = w.account(w.alice)
    expect(d.status).toBe(AccountStatus.Online)
    expect(d.voting).toEqual({ voteId: VOTE, selectionId: SELECTION, stateProofId: STATE_PROOF, voteFirst: 1, voteLast: 1000, voteKeyDilution: 100 })
    expect(d.incentiveEligible).toBe(false)
  })

  it('makes an account paying the go-online fee incentive eligible, with a heartbeat a lookback ahead', () => {
    const w = world()
    const fee = BigInt(w.state.proto.payoutsGoOnlineFee)
    w.submit([keyreg(w.alice, online({ fee })), w.alice])
    expect(w.account(w.alice)).toMatchObject({ incentiveEligible: true, lastHeartbeat: Number(1n + BALANCE_LOOKBACK) })
  })

  it('goes offline: the keys are cleared and incentive eligibility kept', () => {
    const w = world()
    w.submit([keyreg(w.alice, online({ fee: BigInt(w.state.proto.payoutsGoOnlineFee) })), w.alice])
    w.submit([keyreg(w.alice, {}), w.alice])
    const d = w.account(w.alice)
    expect(d.status).toBe(AccountStatus.Offline)
    expect(d.voting).toBeUndefined()
    expect(d.incentiveEligible).toBe(true)
  })

  it('marks an account non-participating for good', () => {
    const w = world()
    w.submit([keyreg(w.alice, { nonParticipation: true }), w.alice])
    expect(w.account(w.alice).status).toBe(AccountStatus.NotParticipating)
    expect(() => w.submit([keyreg(w.alice, online()), w.alice])).toThrow(`cannot change online/offline status of non-participating account ${w.alice.addr}`)
    expect(() => w.submit([keyreg(w.alice, {}), w.alice])).toThrow(`cannot change online/offline status of non-participating account ${w.alice.addr}`)
  })

  it('refuses to go online with a voting window that has ended', () => {
    const w = world()
    expect(() => w.submit([keyreg(w.alice, online({ voteFirst: 1, voteLast: 1 })), w.alice])).toThrow('transaction tries to mark an account as online with last voting round in the past')
  })

  it('refuses to go online with a voting window that starts after the next round', () => {
    const w = world()
    expect(() => w.submit([keyreg(w.alice, online({ voteFirst: 3 })), w.alice])).toThrow('transaction tries to mark an account as online with first voting round beyond the next voting round')
  })

  describe('well-formedness', () => {
    const NO_KEY = { voteKey: new Uint8Array(32), selectionKey: new Uint8Array(32), voteKeyDilution: 0n }
    const cases: { name: string; fields: Parameters<typeof malformed>[1]; text: string }[] = [
      { name: 'an online registration without a state proof key', fields: { stateProofKey: new Uint8Array(64) }, text: 'online keyreg transaction cannot have empty field StateProofPK' },
      { name: 'an offline registration with a state proof key', fields: { ...NO_KEY, voteFirst: 0n, voteLast: 0n }, text: 'offline keyreg transactions should contain empty stateProofPK' },
      { name: 'keys without a dilution', fields: { voteKeyDilution: 0n }, text: 'the following transaction fields need to be clear/set together : votekey, selkey, votekd' },
      { name: 'a vote key without a selection key', fields: { selectionKey: new Uint8Array(32) }, text: 'the following transaction fields need to be clear/set together : votekey, selkey, votekd' },
      { name: 'a voting window that ends before it starts', fields: { voteFirst: 10n, voteLast: 5n }, text: 'transaction first voting round need to be less than its last voting round' },
      { name: 'going offline with a voting window', fields: { ...NO_KEY, stateProofKey: new Uint8Array(64) }, text: 'on going offline key registration transaction, the vote first and vote last fields should not be set' },
      { name: 'a voting window longer than go allows', fields: { voteLast: 1n + 256n * 65536n }, text: 'validity period for keyreg transaction is too long' },
      { name: 'a non-participation flag beside keys', fields: { nonParticipation: true }, text: 'transaction tries to register keys to go online, but nonparticipatory flag is set' },
    ]
    for (const c of cases) {
      it(`refuses ${c.name}`, () => {
        const w = world()
        expect(() => w.submit([malformed(w.alice, c.fields), w.alice])).toThrow(c.text)
        expect(w.account(w.alice).status ?? AccountStatus.Offline).toBe(AccountStatus.Offline)
      })
    }

    it("refuses a registration for the fee sink's address", () => {
      const w = world()
      const sink = { addr: FEE_SINK, sk: w.alice.sk, key: algosdk.decodeAddress(FEE_SINK).publicKey }
      expect(() => w.submit([keyreg(sink, online()), sink])).toThrow(`cannot register participation key for fee sink's address ${FEE_SINK}`)
    })
  })
})
