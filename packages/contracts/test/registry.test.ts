import { beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { verifiedBoxName } from '../src/pool.ts'
import { expectRejected, useGrove, type User } from './fixture.ts'

const grove = useGrove()
let mallory: User
let carol: User
const ZERO = algosdk.ALGORAND_ZERO_ADDRESS_STRING

beforeAll(async () => {
  mallory = await grove().user(10)
  carol = await grove().user(10)
})

describe('createApplication', () => {
  it('makes the creator admin, 30 bps with 1/6 to the protocol, nothing paused or pending; deploy makes the vault the treasury', async () => {
    const { registry, admin, vaultAddress } = grove()
    expect(await registry.state.global.getAll()).toEqual({
      admin: admin.addr.toString(),
      pendingAdmin: ZERO,
      paused: 0n,
      treasury: vaultAddress.toString(),
      defaultFeeBps: 30n,
      protocolFeeDivisor: 6n,
    })
  })
})

describe('admin methods', () => {
  const asset = 123_456n
  const calls = [
    { name: 'setPaused', call: (sender: User) => grove().registry.send.setPaused({ sender: sender.addr, args: { flags: 1n }, note: grove().note() }) },
    { name: 'setTreasury', call: (sender: User) => grove().registry.send.setTreasury({ sender: sender.addr, args: { treasury: sender.addr.toString() }, note: grove().note() }) },
    { name: 'setFees', call: (sender: User) => grove().registry.send.setFees({ sender: sender.addr, args: { defaultFeeBps: 50n, protocolFeeDivisor: 1n }, note: grove().note() }) },
    {
      name: 'setVerified',
      call: (sender: User) => grove().registry.send.setVerified({ sender: sender.addr, args: { asset, verified: true }, boxReferences: [verifiedBoxName(asset)], note: grove().note() }),
    },
    { name: 'proposeAdmin', call: (sender: User) => grove().registry.send.proposeAdmin({ sender: sender.addr, args: { newAdmin: sender.addr.toString() }, note: grove().note() }) },
  ]
  for (const c of calls) {
    it(`rejects ${c.name} from anyone but the admin, changing nothing`, async () => {
      const before = await grove().registry.state.global.getAll()
      await expectRejected(c.call(mallory), 'ERR:NOT_ADMIN')
      expect(await grove().registry.state.global.getAll()).toEqual(before)
    })
  }

  it('sets every pause flag at once and clears them', async () => {
    const { registry } = grove()
    for (const flags of [1n, 2n, 4n, 7n, 0n]) {
      await registry.send.setPaused({ args: { flags } })
      expect(await registry.state.global.paused()).toBe(flags)
    }
  })

  it('rejects pause flags outside the three known bits', async () => {
    await expectRejected(grove().registry.send.setPaused({ args: { flags: 8n } }), 'ERR:BAD_INPUT')
  })

  it('sets the treasury', async () => {
    const g = grove()
    const { registry, vaultAddress } = g
    await registry.send.setTreasury({ args: { treasury: carol.addr.toString() }, note: g.note() })
    expect(await registry.state.global.treasury()).toBe(carol.addr.toString())
    await registry.send.setTreasury({ args: { treasury: vaultAddress.toString() }, note: g.note() })
  })

  it('sets the default fee and protocol divisor', async () => {
    const { registry } = grove()
    await registry.send.setFees({ args: { defaultFeeBps: 100n, protocolFeeDivisor: 0n } })
    expect([await registry.state.global.defaultFeeBps(), await registry.state.global.protocolFeeDivisor()]).toEqual([100n, 0n])
    await registry.send.setFees({ args: { defaultFeeBps: 30n, protocolFeeDivisor: 6n } })
  })

  for (const fee of [0n, 101n]) {
    it(`rejects a default fee of ${fee} bps`, async () => {
      await expectRejected(grove().registry.send.setFees({ args: { defaultFeeBps: fee, protocolFeeDivisor: 6n } }), 'ERR:BAD_FEE')
    })
  }
})

describe('verified tokens', () => {
  it('lists GROVE as verified after deploy', async () => {
    const g = grove()
    expect((await g.registry.send.isVerified({ args: { asset: g.ids.groveAssetId }, boxReferences: [verifiedBoxName(g.ids.groveAssetId)] })).return).toBe(true)
  })

  it('adds a token with a box paid from the app account and removes it, freeing the box', async () => {
    const g = grove()
    const asset = 424_242n
    const box = { boxReferences: [verifiedBoxName(asset)] }
    await g.transfer(g.admin, g.registryAddress, 0n, 10_000n)
    const before = await g.algorand.account.getInformation(g.registryAddress)
    expect((await g.registry.send.isVerified({ args: { asset }, ...box })).return).toBe(false)
    await g.registry.send.setVerified({ args: { asset, verified: true }, ...box })
    expect((await g.registry.send.isVerified({ args: { asset }, ...box })).return).toBe(true)
    // 2,500 + 400 × 9 bytes of name
    expect((await g.algorand.account.getInformation(g.registryAddress)).minBalance.microAlgo - before.minBalance.microAlgo).toBe(6100n)
    await g.registry.send.setVerified({ args: { asset, verified: true }, ...box, note: g.note() })
    await g.registry.send.setVerified({ args: { asset, verified: false }, ...box })
    expect((await g.registry.send.isVerified({ args: { asset }, ...box })).return).toBe(false)
    expect((await g.algorand.account.getInformation(g.registryAddress)).minBalance.microAlgo).toBe(before.minBalance.microAlgo)
  })
})

describe('admin transfer', () => {
  it('keeps the admin until the proposed account accepts', async () => {
    const { registry, admin } = grove()
    await registry.send.proposeAdmin({ args: { newAdmin: carol.addr.toString() } })
    expect(await registry.state.global.getAll()).toMatchObject({ admin: admin.addr.toString(), pendingAdmin: carol.addr.toString() })
    await registry.send.setPaused({ args: { flags: 0n }, note: grove().note() })
  })

  it('rejects an accept by anyone but the proposed account', async () => {
    const { registry, admin } = grove()
    for (const who of [mallory.addr, admin.addr]) {
      await expectRejected(registry.send.acceptAdmin({ sender: who, args: [], note: grove().note() }), 'ERR:NOT_PENDING_ADMIN')
    }
    expect(await registry.state.global.admin()).toBe(admin.addr.toString())
  })

  it('hands over when the proposed account accepts; the old admin loses its rights', async () => {
    const { registry, admin } = grove()
    await registry.send.acceptAdmin({ sender: carol.addr, args: [] })
    expect(await registry.state.global.getAll()).toMatchObject({ admin: carol.addr.toString(), pendingAdmin: ZERO })
    await expectRejected(registry.send.setPaused({ args: { flags: 1n }, note: grove().note() }), 'ERR:NOT_ADMIN')
    // and back
    await registry.send.proposeAdmin({ sender: carol.addr, args: { newAdmin: admin.addr.toString() } })
    await registry.send.acceptAdmin({ args: [] })
    expect(await registry.state.global.admin()).toBe(admin.addr.toString())
  })

  it('rejects an accept when no transfer is pending', async () => {
    await expectRejected(grove().registry.send.acceptAdmin({ sender: carol.addr, args: [], note: grove().note() }), 'ERR:NOT_PENDING_ADMIN')
  })
})
