// go's ledger/apply/asset_test.go and asset.go's refusals: creating, reconfiguring and destroying
// an asset; opt-in, transfer, clawback and close-out; freezing.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { sp } from '../fixture.ts'
import { world, ZERO_ADDRESS, type Acct } from './world.ts'

type World = ReturnType<typeof world>
/** Role addresses; undefined leaves a role empty (algosdk refuses the zero address). */
type Roles = Partial<Record<'manager' | 'reserve' | 'freeze' | 'clawback', string | undefined>>

/** Creates an asset of `total` units with alice as every role unless `roles` says otherwise. */
function create(w: World, total = 100, roles: Roles = {}, defaultFrozen = false, by: Acct = w.alice): bigint {
  const a = by.addr
  const t = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: a, total, decimals: 0, defaultFrozen, manager: a, reserve: a, freeze: a, clawback: a, ...roles, suggestedParams: sp })
  return w.submit([t, by]).applied[0].applyData.createdAssetId
}

function optIn(w: World, who: Acct, id: bigint): void {
  w.submit([xfer(who, who, id, 0), who])
}

function xfer(from: Acct, to: Acct, id: bigint, amount: number, extra: { closeRemainderTo?: string; assetSender?: string } = {}): algosdk.Transaction {
  return algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to.addr, amount, assetIndex: id, suggestedParams: sp, ...extra })
}

function reconfigure(by: Acct, id: bigint, roles: Roles): algosdk.Transaction {
  return algosdk.makeAssetConfigTxnWithSuggestedParamsFromObject({ sender: by.addr, assetIndex: id, strictEmptyAddressChecking: false, ...roles, suggestedParams: sp })
}

function freeze(by: Acct, target: Acct, id: bigint, frozen: boolean): algosdk.Transaction {
  return algosdk.makeAssetFreezeTxnWithSuggestedParamsFromObject({ sender: by.addr, assetIndex: id, freezeTarget: target.addr, frozen, suggestedParams: sp })
}

describe('asset config', () => {
  it('creates the asset with the creator holding its total and counting it toward its minimum balance', () => {
    const w = world()
    const id = create(w, 1000)
    expect(w.state.assetParams(Number(id))?.creator).toEqual(w.alice.key)
    expect(w.holding(w.alice, id)).toEqual({ amount: 1000, frozen: false })
    expect(w.account(w.alice)).toMatchObject({ totalAssetParams: 1, totalAssets: 1 })
    expect(w.state.minBalanceOf(w.alice.key)).toBe(200_000n)
  })

  it('refuses a creation that leaves the creator below the raised minimum balance', () => {
    const w = world()
    const a = w.fresh(150_000)
    expect(() => create(w, 1, {}, false, a)).toThrow(`account ${a.addr} balance 149000 below min 200000 (1 assets)`)
  })

  it('lets the manager change the roles, and a cleared role stays cleared', () => {
    const w = world()
    const id = create(w, 100, { reserve: undefined })
    w.submit([reconfigure(w.alice, id, { manager: w.bob.addr, reserve: w.bob.addr, freeze: w.bob.addr, clawback: w.carol.addr }), w.alice])
    const p = w.state.assetParams(Number(id))!.params
    expect([p.manager, p.reserve, p.freeze, p.clawback].map((k) => algosdk.encodeAddress(k))).toEqual([w.bob.addr, ZERO_ADDRESS, w.bob.addr, w.carol.addr])
  })

  it('refuses a reconfiguration by anyone but the manager', () => {
    const w = world()
    const id = create(w)
    expect(() => w.submit([reconfigure(w.bob, id, { manager: w.bob.addr }), w.bob])).toThrow(`this transaction should be issued by the manager. It is issued by ${w.bob.addr}, manager key ${w.alice.addr}`)
  })

  it('refuses any reconfiguration once the manager is cleared', () => {
    const w = world()
    const id = create(w, 100, { manager: undefined })
    expect(() => w.submit([reconfigure(w.alice, id, { manager: w.alice.addr }), w.alice])).toThrow(`It is issued by ${w.alice.addr}, manager key ${ZERO_ADDRESS}`)
  })

  it('refuses to configure an asset that does not exist', () => {
    const w = world()
    expect(() => w.submit([reconfigure(w.alice, 999n, { manager: w.alice.addr }), w.alice])).toThrow('asset 999 does not exist or has been deleted')
  })

  it('destroys an asset whose creator holds all of it, releasing the minimum balance', () => {
    const w = world()
    const id = create(w)
    w.submit([algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({ sender: w.alice.addr, assetIndex: id, suggestedParams: sp }), w.alice])
    expect(w.state.assetParams(Number(id))).toBeUndefined()
    expect(w.holding(w.alice, id)).toBeUndefined()
    expect(w.account(w.alice)).toMatchObject({ totalAssetParams: 0, totalAssets: 0 })
    expect(w.state.minBalanceOf(w.alice.key)).toBe(100_000n)
  })

  it('refuses to destroy an asset others still hold', () => {
    const w = world()
    const id = create(w)
    optIn(w, w.bob, id)
    w.submit([xfer(w.alice, w.bob, id, 10), w.alice])
    expect(() => w.submit([algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({ sender: w.alice.addr, assetIndex: id, suggestedParams: sp }), w.alice])).toThrow('cannot destroy asset: creator is holding only 90/100')
  })
})

describe('asset transfer', () => {
  it('opts in with a zero self-transfer: an empty holding that raises the minimum balance', () => {
    const w = world()
    const id = create(w)
    optIn(w, w.bob, id)
    expect(w.holding(w.bob, id)).toEqual({ amount: 0, frozen: false })
    expect(w.account(w.bob).totalAssets).toBe(1)
    expect(w.state.minBalanceOf(w.bob.key)).toBe(200_000n)
  })

  it('opts in frozen to an asset frozen by default', () => {
    const w = world()
    const id = create(w, 100, {}, true)
    optIn(w, w.bob, id)
    expect(w.holding(w.bob, id)).toEqual({ amount: 0, frozen: true })
  })

  it('refuses an opt-in that leaves the account below its minimum balance', () => {
    const w = world()
    const id = create(w)
    const a = w.fresh(150_000)
    expect(() => optIn(w, a, id)).toThrow(`account ${a.addr} balance 149000 below min 200000 (1 assets)`)
  })

  it('moves units between holdings', () => {
    const w = world()
    const id = create(w)
    optIn(w, w.bob, id)
    w.submit([xfer(w.alice, w.bob, id, 30), w.alice])
    expect(w.holding(w.alice, id)?.amount).toBe(70)
    expect(w.holding(w.bob, id)?.amount).toBe(30)
  })

  it('refuses a transfer to an account that has not opted in', () => {
    const w = world()
    const id = create(w)
    expect(() => w.submit([xfer(w.alice, w.bob, id, 1), w.alice])).toThrow(`receiver error: must optin, asset ${id} missing from ${w.bob.addr}`)
  })

  it('refuses a transfer of more than the sender holds', () => {
    const w = world()
    const id = create(w)
    optIn(w, w.bob, id)
    expect(() => w.submit([xfer(w.alice, w.bob, id, 101), w.alice])).toThrow('underflow on subtracting 101 from sender amount 100')
  })

  it('refuses a transfer from an account that has not opted in', () => {
    const w = world()
    const id = create(w)
    expect(() => w.submit([xfer(w.bob, w.alice, id, 1), w.bob])).toThrow(`asset ${id} missing from ${w.bob.addr}`)
  })

  describe('close-out', () => {
    it('sends the rest to the close target, removes the holding and reports the closing amount', () => {
      const w = world()
      const id = create(w)
      optIn(w, w.bob, id)
      optIn(w, w.carol, id)
      w.submit([xfer(w.alice, w.bob, id, 40), w.alice])
      const applied = w.submit([xfer(w.bob, w.alice, id, 15, { closeRemainderTo: w.carol.addr }), w.bob]).applied[0]
      expect(applied.applyData.assetClosingAmount).toBe(25n)
      expect(w.holding(w.alice, id)?.amount).toBe(75)
      expect(w.holding(w.carol, id)?.amount).toBe(25)
      expect(w.holding(w.bob, id)).toBeUndefined()
      expect(w.account(w.bob).totalAssets).toBe(0)
    })

    it('refuses to close the creator out of its own asset', () => {
      const w = world()
      const id = create(w)
      optIn(w, w.bob, id)
      expect(() => w.submit([xfer(w.alice, w.bob, id, 0, { closeRemainderTo: w.bob.addr }), w.alice])).toThrow('cannot close asset ID in allocating account')
    })

    it('refuses to close a holding of an account opted in to nothing', () => {
      const w = world()
      const id = create(w)
      expect(() => w.submit([xfer(w.bob, w.alice, id, 0, { closeRemainderTo: w.alice.addr }), w.bob])).toThrow(`cannot close asset holding on account ${w.bob.addr} : account is not opted in asset ${id} `)
    })

    it('refuses to close a holding the account does not have', () => {
      const w = world()
      const id = create(w)
      const other = create(w)
      optIn(w, w.bob, other)
      expect(() => w.submit([xfer(w.bob, w.alice, id, 0, { closeRemainderTo: w.alice.addr }), w.bob])).toThrow(`asset ${id} not present in account ${w.bob.addr}`)
    })

    it('closes a frozen holding to the creator', () => {
      const w = world()
      const id = create(w)
      optIn(w, w.bob, id)
      w.submit([xfer(w.alice, w.bob, id, 10), w.alice])
      w.submit([freeze(w.alice, w.bob, id, true), w.alice])
      w.submit([xfer(w.bob, w.alice, id, 0, { closeRemainderTo: w.alice.addr }), w.bob])
      expect(w.holding(w.alice, id)?.amount).toBe(100)
    })
  })

  describe('clawback', () => {
    it('lets the clawback move units out of any holding, frozen or not', () => {
      const w = world()
      const id = create(w, 100, { clawback: w.carol.addr })
      optIn(w, w.bob, id)
      w.submit([xfer(w.alice, w.bob, id, 10), w.alice])
      w.submit([freeze(w.alice, w.bob, id, true), w.alice])
      w.submit([xfer(w.carol, w.alice, id, 4, { assetSender: w.bob.addr }), w.carol])
      expect(w.holding(w.bob, id)).toEqual({ amount: 6, frozen: true })
      expect(w.holding(w.alice, id)?.amount).toBe(94)
    })

    it('refuses a clawback by any other account', () => {
      const w = world()
      const id = create(w, 100, { clawback: w.carol.addr })
      optIn(w, w.bob, id)
      w.submit([xfer(w.alice, w.bob, id, 10), w.alice])
      expect(() => w.submit([xfer(w.bob, w.alice, id, 4, { assetSender: w.bob.addr }), w.bob])).toThrow(`clawback not allowed: sender ${w.bob.addr}, clawback ${w.carol.addr}`)
    })

    it('refuses to close a holding by clawback', () => {
      const w = world()
      const id = create(w)
      optIn(w, w.bob, id)
      w.submit([xfer(w.alice, w.bob, id, 10), w.alice])
      expect(() => w.submit([xfer(w.alice, w.alice, id, 1, { assetSender: w.bob.addr, closeRemainderTo: w.alice.addr }), w.alice])).toThrow('cannot close asset by clawback')
    })
  })
})

describe('asset freeze', () => {
  it('freezes a holding against sending and receiving, and unfreezes it', () => {
    const w = world()
    const id = create(w)
    optIn(w, w.bob, id)
    w.submit([xfer(w.alice, w.bob, id, 10), w.alice])
    w.submit([freeze(w.alice, w.bob, id, true), w.alice])
    expect(w.holding(w.bob, id)?.frozen).toBe(true)
    expect(() => w.submit([xfer(w.bob, w.alice, id, 1), w.bob])).toThrow(`asset ${id} frozen in ${w.bob.addr}`)
    expect(() => w.submit([xfer(w.alice, w.bob, id, 1), w.alice])).toThrow('asset frozen in recipient')
    w.submit([freeze(w.alice, w.bob, id, false), w.alice])
    w.submit([xfer(w.bob, w.alice, id, 1), w.bob])
    expect(w.holding(w.bob, id)).toEqual({ amount: 9, frozen: false })
  })

  it('refuses a freeze by anyone but the freeze address', () => {
    const w = world()
    const id = create(w, 100, { freeze: w.carol.addr })
    optIn(w, w.bob, id)
    expect(() => w.submit([freeze(w.alice, w.bob, id, true), w.alice])).toThrow(`freeze not allowed: sender ${w.alice.addr}, freeze ${w.carol.addr}`)
  })

  it('refuses to freeze an account that does not hold the asset', () => {
    const w = world()
    const id = create(w)
    expect(() => w.submit([freeze(w.alice, w.bob, id, true), w.alice])).toThrow('asset not found in account')
  })

  it('refuses to freeze an asset that does not exist', () => {
    const w = world()
    expect(() => w.submit([freeze(w.alice, w.bob, 999n, true), w.alice])).toThrow('asset 999 does not exist or has been deleted')
  })
})
