// The admin builders without a chain: arguments checked before building, the call each action makes
// (app, method, boxes), and the registry's globals decoded.
import algosdk from 'algosdk'
import type { Algodv2, SuggestedParams } from 'algosdk'
import { describe, expect, it } from 'vitest'
import type { DeploymentIds } from '@grove/contracts/deployment'
import { buildAdminAction, checkAdminAction, registryState, type AdminAction } from '../../src/registry/admin.ts'
import { decodeRegistryGlobals, globalStateOf } from '../../src/registry/globals.ts'

const params: SuggestedParams = { fee: 0n, minFee: 1000n, firstValid: 1n, lastValid: 1001n, genesisID: 'test', genesisHash: new Uint8Array(32) }
const admin = algosdk.generateAccount()
const appAccount = { amount: 200_000n, minBalance: 100_000n }
/** Whether the DEX holds the fee-tier menu's box yet (the first tier added creates it). */
let hasMenu = false
const algod = {
  accountInformation: () => ({ do: async () => appAccount }),
  // the DEX's box list names the menu's box 't' once it exists (the SDK asks the list, not the box, first)
  getApplicationBoxes: () => ({ do: async () => ({ boxes: hasMenu ? [{ name: Uint8Array.of(0x74) }] : [] }) }),
  getApplicationBoxByName: () => ({
    do: async () => {
      if (hasMenu) return { value: new Uint8Array(126) }
      throw Object.assign(new Error('box not found'), { status: 404 })
    },
  }),
} as unknown as Algodv2
const ids: DeploymentIds = { network: 'localnet', firstRound: 1n, registryAppId: 5n, dexAppId: 4n, lockAppId: 6n, stakingAppId: 7n, vaultAppId: 8n, ordersAppId: 90008n, stablePoolsAppId: 190008n, groveAssetId: 3n, sGroveAssetId: 9n }
const ctx = { algod, ids, sender: admin.addr, signer: algosdk.makeBasicAccountTransactionSigner(admin), suggestedParams: params }
const selector = (name: string, args: string) => algosdk.ABIMethod.fromSignature(`${name}(${args})void`).getSelector()

describe('checkAdminAction', () => {
  it.each<[AdminAction, string | null]>([
    [{ kind: 'setPaused', flags: 7 }, null],
    [{ kind: 'setPaused', flags: 8 }, 'Pause flags are a combination of 1, 2 and 4'],
    [{ kind: 'setFees', defaultFeeBps: 0, protocolFeeDivisor: 6 }, 'The fee must be a whole number of bps from 1 to 100'],
    [{ kind: 'setFees', defaultFeeBps: 2.5, protocolFeeDivisor: 6 }, 'The fee must be a whole number of bps from 1 to 100'],
    [{ kind: 'setFees', defaultFeeBps: 1, protocolFeeDivisor: 6 }, null],
    [{ kind: 'setFees', defaultFeeBps: 100, protocolFeeDivisor: 0 }, null],
    [{ kind: 'addFeeTier', feeBps: 0 }, 'A fee tier is a whole number of bps from 1 to 1000'],
    [{ kind: 'addFeeTier', feeBps: 1001 }, 'A fee tier is a whole number of bps from 1 to 1000'],
    [{ kind: 'addFeeTier', feeBps: 2.5 }, 'A fee tier is a whole number of bps from 1 to 1000'],
    [{ kind: 'addFeeTier', feeBps: 1000 }, null],
    [{ kind: 'setVerified', asset: 0n, verified: true }, 'ALGO needs no verification'],
  ])('case %# → %s', (action, problem) => {
    expect(checkAdminAction(action)).toBe(problem)
  })
})

describe('buildAdminAction', () => {
  it('pays the registry what it lacks for a new verified box, then calls it with the box', async () => {
    appAccount.amount = 100_000n
    const { composer, fee, topUp } = await buildAdminAction(ctx, { kind: 'setVerified', asset: 9n, verified: true })
    const [pay, call] = composer.buildGroup().map((x) => x.txn)
    expect([topUp, fee, pay!.payment!.amount]).toEqual([6_100n, 2000n, 6_100n])
    expect(call!.applicationCall!.appIndex).toBe(5n)
    appAccount.amount = 200_000n
  })
  it('calls the registry with the method and the verified box', async () => {
    const { composer, fee } = await buildAdminAction(ctx, { kind: 'setVerified', asset: 9n, verified: true })
    const [t] = composer.buildGroup().map((x) => x.txn)
    expect(fee).toBe(1000n)
    expect(t!.applicationCall!.appIndex).toBe(5n)
    expect(t!.applicationCall!.appArgs[0]).toEqual(selector('setVerified', 'uint64,bool'))
    expect(t!.applicationCall!.boxes.map((b) => [...b.name])).toEqual([[0x76, 0, 0, 0, 0, 0, 0, 0, 9]])
  })
  it('adds a fee tier on the DEX with the menu box and the registry app, paying the box only the first time', async () => {
    for (const [menu, paid] of [
      [false, 53_300n],
      [true, 0n],
    ] as const) {
      hasMenu = menu
      const { composer, topUp } = await buildAdminAction(ctx, { kind: 'addFeeTier', feeBps: 50 })
      const [pay, call] = composer.buildGroup().map((x) => x.txn)
      expect([topUp, pay!.payment!.amount]).toEqual([paid, paid])
      const t = call!.applicationCall!
      expect(t.appIndex).toBe(4n)
      expect(t.appArgs[0]).toEqual(selector('addFeeTier', 'pay,uint64'))
      expect(t.foreignApps).toEqual([5n])
      expect(t.boxes.map((b) => [...b.name])).toEqual([[0x74]])
    }
    hasMenu = false
  })
  it('cancels a transfer by proposing the zero address', async () => {
    const { composer } = await buildAdminAction(ctx, { kind: 'cancelAdminTransfer' })
    const t = composer.buildGroup()[0]!.txn.applicationCall!
    expect(t.appArgs[0]).toEqual(selector('proposeAdmin', 'address'))
    expect(t.appArgs[1]).toEqual(new Uint8Array(32))
  })
  it('refuses arguments the contract would refuse, before building', async () => {
    await expect(buildAdminAction(ctx, { kind: 'setPaused', flags: 9 })).rejects.toThrow('Pause flags')
  })
})

describe('decodeRegistryGlobals', () => {
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
  const key = (k: string) => b64(new TextEncoder().encode(k))
  const other = algosdk.generateAccount().addr
  // algod's JSON `params.global-state`, as the web's status bar reads it
  const entries = (paused: number, pending: Uint8Array) => [
    { key: key('admin'), value: { type: 1, bytes: b64(admin.addr.publicKey) } },
    { key: key('pendingAdmin'), value: { type: 1, bytes: b64(pending) } },
    { key: key('treasury'), value: { type: 1, bytes: b64(admin.addr.publicKey) } },
    { key: key('paused'), value: { type: 2, uint: paused } },
    { key: key('defaultFeeBps'), value: { type: 2, uint: 30 } },
    { key: key('protocolFeeDivisor'), value: { type: 2, uint: 6 } },
  ]
  it('reads the flags, fees and addresses, and no pending admin from the zero address', () => {
    const globals = decodeRegistryGlobals(globalStateOf(entries(3, new Uint8Array(32))))
    expect(globals).toEqual({ admin: admin.addr.publicKey, pendingAdmin: null, treasury: admin.addr.publicKey, paused: 3, defaultFeeBps: 30, protocolFeeDivisor: 6 })
    expect(registryState(globals)).toEqual({ admin: admin.addr.toString(), pendingAdmin: null, paused: 3, treasury: admin.addr.toString(), defaultFeeBps: 30, protocolFeeDivisor: 6 })
  })
  it('reads a proposed admin when the pending address is not zero', () => {
    const globals = decodeRegistryGlobals(globalStateOf(entries(0, other.publicKey)))
    expect(globals.pendingAdmin).toEqual(other.publicKey)
    expect(registryState(globals).pendingAdmin).toBe(other.toString())
  })
  it('reads an app without the globals as zeros and no addresses', () => {
    expect(registryState(decodeRegistryGlobals(globalStateOf([])))).toEqual({ admin: algosdk.ALGORAND_ZERO_ADDRESS_STRING, pendingAdmin: null, paused: 0, treasury: algosdk.ALGORAND_ZERO_ADDRESS_STRING, defaultFeeBps: 0, protocolFeeDivisor: 0 })
  })
})
