import { beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { registrySpec } from '../src/index.ts'
import { expectRejected, useGrove, type User } from './fixture.ts'
import { decodeEvents } from './events.ts'

const grove = useGrove()
let creator: User
let manager: User
let stranger: User
let token: bigint
/** An asset whose creator handed the manager role to `manager`. */
let handed: bigint
/** Minimum balance of a project box: 2,500 + 400 × (9 + 163). */
const PROJECT_MBR = 71_300n

/** `"p" ‖ uint64(asset)`. */
const projectBoxName = (asset: bigint) => Uint8Array.from([0x70, ...algosdk.encodeUint64(asset)])

interface Project {
  owner: string
  verified: boolean
  name: string
  url: string
}

function decodeProject(raw: Uint8Array): Project {
  const text = (at: number) => new TextDecoder().decode(raw.subarray(at + 1, at + 1 + raw[at]!))
  return { owner: algosdk.encodeAddress(raw.subarray(0, 32)), verified: raw[32] === 1, name: text(33), url: text(66) }
}

async function project(asset: bigint): Promise<Project | undefined> {
  try {
    return decodeProject(await grove().algorand.app.getBoxValue(grove().ids.registryAppId, projectBoxName(asset)))
  } catch {
    return undefined
  }
}

const refs = (asset: bigint) => ({ boxReferences: [projectBoxName(asset)], assetReferences: [asset] })

function register(sender: User, asset: bigint, name: string, url: string, mbr = PROJECT_MBR) {
  const g = grove()
  const pay = g.algorand.createTransaction.payment({ sender: sender.addr, receiver: g.registryAddress, amount: AlgoAmount.MicroAlgo(mbr), note: g.note() })
  return g.registry.send.registerProject({ sender: sender.addr, args: { mbr: pay, asset, name, url }, ...refs(asset), note: g.note() })
}

const edit = (sender: User, asset: bigint, name: string, url: string) =>
  grove().registry.send.editProject({ sender: sender.addr, args: { asset, name, url }, ...refs(asset), note: grove().note() })
const transfer = (sender: User, asset: bigint, newOwner: User) =>
  grove().registry.send.transferProject({ sender: sender.addr, args: { asset, newOwner: newOwner.addr.toString() }, ...refs(asset), note: grove().note() })
const verify = (sender: User, asset: bigint, verified: boolean) =>
  grove().registry.send.setProjectVerified({ sender: sender.addr, args: { asset, verified }, ...refs(asset), note: grove().note() })
const remove = (sender: User, asset: bigint, owner: User) =>
  grove().registry.send.removeProject({
    sender: sender.addr,
    args: { asset },
    ...refs(asset),
    accountReferences: [owner.addr],
    staticFee: AlgoAmount.MicroAlgo(2000n),
    note: grove().note(),
  })

/** Balances of the accounts and the registry, and the project box: to prove a rejection moved nothing. */
const snapshot = async (asset: bigint) => ({
  balances: await Promise.all([creator, manager, stranger, grove().registryAddress].map((a) => grove().balance(a, 0n))),
  project: await project(asset),
})

beforeAll(async () => {
  const g = grove()
  creator = await g.user(10)
  manager = await g.user(10)
  stranger = await g.user(10)
  token = (await g.algorand.send.assetCreate({ sender: creator.addr, total: 1000n, unitName: 'PRJ', manager: creator.addr, note: g.note(), suppressLog: true })).assetId
  handed = (await g.algorand.send.assetCreate({ sender: creator.addr, total: 1000n, unitName: 'HND', manager: manager.addr, note: g.note(), suppressLog: true })).assetId
}, 120_000)

describe('projects', () => {
  it('refuses a project registered by a stranger, moving nothing', async () => {
    const before = await snapshot(token)
    await expectRejected(register(stranger, token, 'Hijack', 'https://evil.example'), 'ERR:NOT_CREATOR')
    expect(await snapshot(token)).toEqual(before)
  })

  it('refuses a name over 32 bytes, a URL over 96 bytes, a payment other than the box’s minimum balance', async () => {
    await expectRejected(register(creator, token, 'x'.repeat(33), ''), 'ERR:NAME_TOO_LONG')
    await expectRejected(register(creator, token, 'ok', 'u'.repeat(97)), 'ERR:URL_TOO_LONG')
    await expectRejected(register(creator, token, 'ok', '', PROJECT_MBR - 1n), 'ERR:MBR')
    expect(await project(token)).toBeUndefined()
  })

  it('registers for the creator, the registrant paying the box’s minimum balance; logs ProjectRegistered', async () => {
    const g = grove()
    const before = await g.algorand.account.getInformation(g.registryAddress)
    const name = 'n'.repeat(32)
    const url = 'https://example.com/' + 'u'.repeat(76)
    const sent = await register(creator, token, name, url)
    expect(await project(token)).toEqual({ owner: creator.addr.toString(), verified: false, name, url })
    const after = await g.algorand.account.getInformation(g.registryAddress)
    expect(after.minBalance.microAlgo - before.minBalance.microAlgo).toBe(PROJECT_MBR)
    expect(after.balance.microAlgo - before.balance.microAlgo).toBe(PROJECT_MBR)
    expect(decodeEvents(registrySpec, sent.confirmation.logs, 'ProjectRegistered')).toEqual([{ asset: token, owner: creator.addr.toString(), name, url }])
    await expectRejected(register(manager, token, 'Again', ''), 'ERR:PROJECT_EXISTS')
  })

  it('lets the owner edit; not a stranger', async () => {
    await expectRejected(edit(stranger, token, 'Mine', ''), 'ERR:NOT_PROJECT_OWNER')
    const sent = await edit(creator, token, 'Grove Test', 'https://grove.test/p.json')
    expect(await project(token)).toMatchObject({ name: 'Grove Test', url: 'https://grove.test/p.json' })
    expect(decodeEvents(registrySpec, sent.confirmation.logs, 'ProjectEdited')).toEqual([{ asset: token, name: 'Grove Test', url: 'https://grove.test/p.json' }])
  })

  it('refuses verification by a non-admin, moving nothing; the admin verifies and unverifies', async () => {
    const before = await snapshot(token)
    await expectRejected(verify(creator, token, true), 'ERR:NOT_ADMIN')
    expect(await snapshot(token)).toEqual(before)
    const sent = await verify(grove().admin, token, true)
    expect((await project(token))!.verified).toBe(true)
    expect(decodeEvents(registrySpec, sent.confirmation.logs, 'ProjectVerified')).toEqual([{ asset: token, verified: true }])
    await verify(grove().admin, token, false)
    expect((await project(token))!.verified).toBe(false)
    await verify(grove().admin, token, true)
  })

  it('lets the owner transfer it; the old owner loses it', async () => {
    await expectRejected(transfer(stranger, token, stranger), 'ERR:NOT_PROJECT_OWNER')
    const sent = await transfer(creator, token, manager)
    expect(await project(token)).toMatchObject({ owner: manager.addr.toString(), verified: true, name: 'Grove Test' })
    expect(decodeEvents(registrySpec, sent.confirmation.logs, 'ProjectTransferred')).toEqual([{ asset: token, previousOwner: creator.addr.toString(), owner: manager.addr.toString() }])
    await expectRejected(edit(creator, token, 'Back', ''), 'ERR:NOT_PROJECT_OWNER')
  })

  it('refuses removal by a stranger; the owner removes it and gets the minimum balance back', async () => {
    await expectRejected(remove(stranger, token, manager), 'ERR:NOT_PROJECT_OWNER')
    const before = await grove().balance(manager, 0n)
    const sent = await remove(manager, token, manager)
    expect(await project(token)).toBeUndefined()
    expect(await grove().balance(manager, 0n)).toBe(before + PROJECT_MBR - 2000n)
    expect(decodeEvents(registrySpec, sent.confirmation.logs, 'ProjectRemoved')).toEqual([{ asset: token, owner: manager.addr.toString() }])
  })

  it('refuses the creator of an asset whose manager is someone else (a squat), moving nothing; registers for the manager', async () => {
    const before = await snapshot(handed)
    await expectRejected(register(creator, handed, 'Squat', ''), 'ERR:NOT_CREATOR')
    expect(await snapshot(handed)).toEqual(before)
    await register(manager, handed, 'By manager', '')
    expect((await project(handed))!.owner).toBe(manager.addr.toString())
  })

  it('the admin removes a project; the owner gets the minimum balance back', async () => {
    const before = await grove().balance(manager, 0n)
    await remove(grove().admin, handed, manager)
    expect(await project(handed)).toBeUndefined()
    expect(await grove().balance(manager, 0n)).toBe(before + PROJECT_MBR)
  })

  it('the manager claims a project the creator registered before handing the role on; a stranger cannot', async () => {
    const g = grove()
    await register(creator, token, 'Early', '')
    await g.algorand.send.assetConfig({ sender: creator.addr, assetId: token, manager: manager.addr, note: g.note(), suppressLog: true })
    const claim = (who: User) => g.registry.send.claimProject({ sender: who.addr, args: { asset: token }, ...refs(token), note: g.note() })
    const before = await snapshot(token)
    await expectRejected(claim(stranger), 'ERR:NOT_CREATOR')
    await expectRejected(claim(creator), 'ERR:NOT_CREATOR')
    expect(await snapshot(token)).toEqual(before)
    const sent = await claim(manager)
    expect((await project(token))!.owner).toBe(manager.addr.toString())
    expect(decodeEvents(registrySpec, sent.confirmation.logs, 'ProjectTransferred')).toEqual([{ asset: token, previousOwner: creator.addr.toString(), owner: manager.addr.toString() }])
  })

  it('removes a project moved to an account holding nothing: the minimum balance goes to the caller', async () => {
    const g = grove()
    const empty = g.algorand.account.random()
    await g.registry.send.transferProject({ sender: manager.addr, args: { asset: token, newOwner: empty.addr.toString() }, ...refs(token), note: g.note() })
    const before = await g.balance(g.admin, 0n)
    await remove(g.admin, token, empty as unknown as User)
    expect(await project(token)).toBeUndefined()
    expect(await g.balance(g.admin, 0n)).toBe(before + PROJECT_MBR - 2000n)
    expect(await g.balance(empty.addr, 0n)).toBe(0n)
  })

  it('refuses edits of a project that does not exist', async () => {
    await expectRejected(edit(creator, 999_999n, 'x', ''), 'ERR:NO_PROJECT')
  })
})
