// go's ledger/apply/application_test.go over a real AVM: creating, calling, opting in and out,
// clearing, updating and deleting an app, with the state and minimum balances each changes.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { program, sp } from '../fixture.ts'
import { world, type Acct } from './world.ts'

type World = ReturnType<typeof world>
const OC = algosdk.OnApplicationComplete

const APPROVE = program('#pragma version 8\nint 1')
const REJECT = program('#pragma version 8\nint 0')
// counts calls in global "n" after creation; writes local "l" = 5 on each opt-in
const COUNTER = program(`#pragma version 8
txn OnCompletion
int OptIn
==
bz global
txn Sender
byte "l"
int 5
app_local_put
global:
txn ApplicationID
bz ok
byte "n"
byte "n"
app_global_get
int 1
+
app_global_put
ok:
int 1`)
// refuses to be updated, allows all else
const NO_UPDATE = program('#pragma version 8\ntxn OnCompletion\nint UpdateApplication\n!=')

const hexOf = (s: string) => Buffer.from(s).toString('hex')

function create(w: World, approval = COUNTER, by: Acct = w.alice, onComplete: algosdk.OnApplicationComplete = OC.NoOpOC, clear = APPROVE): bigint {
  const t = algosdk.makeApplicationCreateTxnFromObject({ sender: by.addr, approvalProgram: approval, clearProgram: clear, numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 1, numLocalByteSlices: 0, onComplete, suggestedParams: sp })
  return w.submit([t, by]).applied[0].applyData.createdAppId
}

function call(by: Acct, app: bigint, onComplete: algosdk.OnApplicationComplete = OC.NoOpOC, extra: { approvalProgram?: Uint8Array; clearProgram?: Uint8Array; rejectVersion?: number } = {}): algosdk.Transaction {
  return algosdk.makeApplicationCallTxnFromObject({ sender: by.addr, appIndex: app, onComplete, suggestedParams: sp, ...extra })
}

describe('application', () => {
  describe('create', () => {
    it('stores the app, counts it and its global schema on the creator and reports the new id', () => {
      const w = world()
      const app = create(w)
      expect(app).toBeGreaterThan(0n)
      const rec = w.state.appParams(Number(app))!
      expect(rec.creator).toEqual(w.alice.key)
      expect(rec.params.approvalProgram).toEqual(COUNTER)
      expect(w.account(w.alice)).toMatchObject({ totalAppParams: 1, totalAppSchema: { numUint: 1, numByteSlice: 0 } })
      // 100,000 base + 100,000 per app + 25,000 + 3,500 per uint in its schema
      expect(w.state.minBalanceOf(w.alice.key)).toBe(228_500n)
    })

    it('refuses a creation that leaves the creator below the raised minimum balance', () => {
      const w = world()
      const a = w.fresh(200_000)
      expect(() => create(w, COUNTER, a)).toThrow(`account ${a.addr} balance 199000 below min 228500 (0 assets)`)
    })

    it('opts the creator in when created with OptIn, running the approval on the new app', () => {
      const w = world()
      const applied = w.submit([algosdk.makeApplicationCreateTxnFromObject({ sender: w.alice.addr, approvalProgram: COUNTER, clearProgram: APPROVE, numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 1, numLocalByteSlices: 0, onComplete: OC.OptInOC, suggestedParams: sp }), w.alice]).applied[0]
      const app = Number(applied.applyData.createdAppId)
      expect(w.state.optedIn(w.alice.key, app)).toBe(true)
      expect(w.state.getLocal(w.alice.key, app, Buffer.from('l'))).toBe(5)
      expect(applied.applyData.localDeltas.get(0)?.get(hexOf('l'))).toEqual({ action: 2, uint: 5 })
    })
  })

  describe('call', () => {
    it('writes global state and reports it in the apply data', () => {
      const w = world()
      const app = create(w)
      const applied = w.submit([call(w.bob, app), w.bob]).applied[0]
      expect(w.state.getGlobal(Number(app), Buffer.from('n'))).toBe(1)
      expect([...applied.applyData.globalDelta]).toEqual([[hexOf('n'), { action: 2, uint: 1 }]])
    })

    it('refuses a call the approval program rejects and keeps nothing of it', () => {
      const w = world()
      const app = create(w, program('#pragma version 8\ntxn OnCompletion\nint OptIn\n!='))
      expect(() => w.submit([call(w.bob, app, OC.OptInOC), w.bob])).toThrow('transaction rejected by ApprovalProgram')
      expect(w.state.optedIn(w.bob.key, Number(app))).toBe(false)
      expect(w.account(w.bob).totalAppLocalStates).toBe(0)
    })

    it('refuses any call but ClearState to an app that does not exist', () => {
      const w = world()
      expect(() => w.submit([call(w.bob, 999n), w.bob])).toThrow('only ClearState is supported for an application (999) that does not exist')
    })
  })

  describe('opt-in and close-out', () => {
    it('opts in: empty local state written by the program, counted toward the minimum balance', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.bob, app, OC.OptInOC), w.bob])
      expect(w.state.optedIn(w.bob.key, Number(app))).toBe(true)
      expect(w.state.getLocal(w.bob.key, Number(app), Buffer.from('l'))).toBe(5)
      expect(w.account(w.bob)).toMatchObject({ totalAppLocalStates: 1, totalAppSchema: { numUint: 1, numByteSlice: 0 } })
      // 100,000 base + 100,000 per opt-in + 28,500 for its local uint
      expect(w.state.minBalanceOf(w.bob.key)).toBe(228_500n)
    })

    it('refuses a second opt-in', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.bob, app, OC.OptInOC), w.bob])
      expect(() => w.submit([call(w.bob, app, OC.OptInOC), w.bob])).toThrow(`account ${w.bob.addr} has already opted in to app ${app}`)
    })

    it('closes out: the local state and its minimum balance are released', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.bob, app, OC.OptInOC), w.bob])
      w.submit([call(w.bob, app, OC.CloseOutOC), w.bob])
      expect(w.state.optedIn(w.bob.key, Number(app))).toBe(false)
      expect(w.account(w.bob)).toMatchObject({ totalAppLocalStates: 0, totalAppSchema: { numUint: 0, numByteSlice: 0 } })
      expect(w.state.minBalanceOf(w.bob.key)).toBe(100_000n)
    })

    it('refuses to close out of an app the account is not opted in to', () => {
      const w = world()
      const app = create(w)
      const other = create(w)
      w.submit([call(w.bob, other, OC.OptInOC), w.bob])
      expect(() => w.submit([call(w.bob, app, OC.CloseOutOC), w.bob])).toThrow(`account ${w.bob.addr} is not opted in to app ${app}`)
    })
  })

  describe('clear state', () => {
    it('clears the local state even when the clear program rejects, discarding its writes', () => {
      const w = world()
      const app = create(w, COUNTER, w.alice, OC.NoOpOC, REJECT)
      w.submit([call(w.bob, app, OC.OptInOC), w.bob])
      w.submit([call(w.bob, app, OC.ClearStateOC), w.bob])
      expect(w.state.optedIn(w.bob.key, Number(app))).toBe(false)
      expect(w.account(w.bob).totalAppLocalStates).toBe(0)
    })

    it('refuses to clear an app the account is not opted in to', () => {
      const w = world()
      const app = create(w)
      expect(() => w.submit([call(w.bob, app, OC.ClearStateOC), w.bob])).toThrow(`cannot clear state: ${w.bob.addr} is not currently opted in to app ${app}`)
    })

    it('clears the local state of a deleted app', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.bob, app, OC.OptInOC), w.bob])
      w.submit([call(w.alice, app, OC.DeleteApplicationOC), w.alice])
      w.submit([call(w.bob, app, OC.ClearStateOC), w.bob])
      expect(w.account(w.bob).totalAppLocalStates).toBe(0)
    })
  })

  describe('update', () => {
    it('replaces both programs and counts a version', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.alice, app, OC.UpdateApplicationOC, { approvalProgram: NO_UPDATE, clearProgram: REJECT }), w.alice])
      const p = w.state.appParams(Number(app))!.params
      expect([p.approvalProgram, p.clearStateProgram, p.version]).toEqual([NO_UPDATE, REJECT, 1])
    })

    it('refuses an update the approval program rejects', () => {
      const w = world()
      const app = create(w, NO_UPDATE)
      expect(() => w.submit([call(w.alice, app, OC.UpdateApplicationOC, { approvalProgram: APPROVE, clearProgram: APPROVE }), w.alice])).toThrow('transaction rejected by ApprovalProgram')
      expect(w.state.appParams(Number(app))!.params.approvalProgram).toEqual(NO_UPDATE)
    })

    it('refuses a call whose reject version the app has reached', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.alice, app, OC.UpdateApplicationOC, { approvalProgram: COUNTER, clearProgram: APPROVE }), w.alice])
      expect(() => w.submit([call(w.bob, app, OC.NoOpOC, { rejectVersion: 1 }), w.bob])).toThrow('app version (1) >= reject version (1)')
      expect(w.submit([call(w.bob, app, OC.NoOpOC, { rejectVersion: 2 }), w.bob]).applied).toHaveLength(1)
    })
  })

  describe('delete', () => {
    it('removes the app and its global state and releases the creator minimum balance', () => {
      const w = world()
      const app = create(w)
      w.submit([call(w.bob, app), w.bob])
      w.submit([call(w.alice, app, OC.DeleteApplicationOC), w.alice])
      expect(w.state.appParams(Number(app))).toBeUndefined()
      expect(w.state.getGlobal(Number(app), Buffer.from('n'))).toBeUndefined()
      expect(w.account(w.alice)).toMatchObject({ totalAppParams: 0, totalAppSchema: { numUint: 0, numByteSlice: 0 } })
      expect(w.state.minBalanceOf(w.alice.key)).toBe(100_000n)
      expect(() => w.submit([call(w.bob, app), w.bob])).toThrow(`only ClearState is supported for an application (${app}) that does not exist`)
    })
  })
})
