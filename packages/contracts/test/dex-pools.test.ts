import { beforeAll, describe, expect, it } from 'vitest'
import { PAUSE } from '../src/pool.ts'
import { events, expectRejected, useGrove, type User } from './fixture.ts'

const grove = useGrove()
let alice: User
let tokenX: bigint
let tokenY: bigint

beforeAll(async () => {
  const g = grove()
  alice = await g.user(50)
  tokenX = await g.asset(alice, { unitName: 'X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
})

describe('createPool', () => {
  it('creates an ALGO pool whose LP token the app made: GLP, 6 decimals, 2^64−1 held by the app', async () => {
    const g = grove()
    const { value: lpAsset, logs } = await g.createPool(alice, 0n, tokenX)
    const lp = await g.algorand.asset.getById(lpAsset)
    expect(lp).toMatchObject({ unitName: 'GLP', assetName: 'Grove LP ALGO/X', decimals: 6, total: 2n ** 64n - 1n, creator: g.dexAddress.toString() })
    expect(await g.balance(g.dexAddress, lpAsset)).toBe(2n ** 64n - 1n)
    expect(events(logs, 'PoolCreated')).toEqual([{ a: 0n, b: tokenX, feeBps: 30n, lpAsset, creator: alice.addr.toString() }])
  })

  it('stores the pool box with empty reserves and the registry default fees', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    expect(pool).toMatchObject({ reserveA: 0n, reserveB: 0n, lpIssued: 0n, feeBps: 30n, protocolFeeDivisor: 6n, protocolFeesA: 0n, protocolFeesB: 0n, cumulativePriceA: 0n, cumulativePriceB: 0n })
    expect(pool.lastUpdate).toBeGreaterThan(0n)
  })

  it('serves the same state through the readonly getPool', async () => {
    const g = grove()
    const read = await g.dex.send.getPool({ args: { a: 0n, b: tokenX, feeBps: 30n }, ...g.refs([[0n, tokenX]]) })
    expect(read.return).toEqual(await g.pool(0n, tokenX))
  })

  it('opts the app into both assets of a new ASA pair and charges exactly the minimum-balance increase', async () => {
    const g = grove()
    const tokenW = await g.asset(alice, { unitName: 'W' })
    const before = await g.algorand.account.getInformation(g.dexAddress)
    const { fees } = await g.createPool(alice, tokenY, tokenW)
    const after = await g.algorand.account.getInformation(g.dexAddress)
    // box 2,500 + 400 × (17 + 136), LP asset 100,000, two opt-ins 100,000 each
    expect(after.minBalance.microAlgo - before.minBalance.microAlgo).toBe(363_700n)
    expect(after.balance.microAlgo - before.balance.microAlgo).toBe(363_700n)
    expect(await g.balance(g.dexAddress, tokenY)).toBe(0n)
    expect(await g.balance(g.dexAddress, tokenW)).toBe(0n)
    // input + app call for two opt-ins and the LP creation
    expect(fees).toBe(5000n)
  })

  it('refunds a minimum-balance payment above the increase', async () => {
    const g = grove()
    const tokenZ = await g.asset(alice, { unitName: 'Z' })
    const before = await g.balance(alice, 0n)
    const exact = await g.poolMbr(0n, tokenZ)
    const { fees } = await g.createPool(alice, 0n, tokenZ, exact + 1_000_000n)
    expect(before - (await g.balance(alice, 0n))).toBe(exact + fees)
  })

  it('rejects a minimum-balance payment below the increase', async () => {
    const g = grove()
    const tokenZ = await g.asset(alice, { unitName: 'Z' })
    await expectRejected(g.createPool(alice, 0n, tokenZ, (await g.poolMbr(0n, tokenZ)) - 1n), 'ERR:MBR')
    expect(await g.poolBox(0n, tokenZ)).toBeUndefined()
  })

  const orders = [
    { name: 'assets out of order (a > b)', a: () => tokenY, b: () => tokenX },
    { name: 'the same asset twice', a: () => tokenX, b: () => tokenX },
  ]
  for (const c of orders) {
    it(`rejects ${c.name}`, async () => {
      await expectRejected(grove().createPool(alice, c.a(), c.b(), 400_000n), 'ERR:ASSET_ORDER')
    })
  }

  it('rejects a pool that already exists', async () => {
    await expectRejected(grove().createPool(alice, 0n, tokenX), 'ERR:POOL_EXISTS')
  })

  it('rejects a pool of a Grove LP token', async () => {
    const g = grove()
    const { lpAsset } = await g.pool(0n, tokenX)
    await expectRejected(g.createPool(alice, tokenY, lpAsset), 'ERR:LP_ASSET')
  })

  // a new asset's id is above tokenY's, so it is side b; against a plain asset created after it, side a
  const defaultFrozen = [
    { name: 'in an ALGO pool', pair: async (frozen: bigint): Promise<[bigint, bigint]> => [0n, frozen] },
    { name: 'as side a of an ASA pair', pair: async (frozen: bigint): Promise<[bigint, bigint]> => [frozen, await grove().asset(alice, { unitName: 'P' })] },
    { name: 'as side b of an ASA pair', pair: async (frozen: bigint): Promise<[bigint, bigint]> => [tokenX, frozen] },
  ]
  for (const c of defaultFrozen) {
    it(`rejects a default-frozen asset ${c.name}, with nothing created`, async () => {
      const g = grove()
      const frozen = await g.asset(alice, { unitName: 'DFZ', freeze: alice.addr, defaultFrozen: true })
      const [a, b] = await c.pair(frozen)
      const before = await g.algorand.account.getInformation(g.dexAddress)
      await expectRejected(g.createPool(alice, a, b), 'ERR:DEFAULT_FROZEN')
      expect(await g.poolBox(a, b)).toBeUndefined()
      expect((await g.algorand.account.getInformation(g.dexAddress)).minBalance).toEqual(before.minBalance)
    })
  }

  it('rejects new pools while pool creation is paused', async () => {
    const g = grove()
    const tokenZ = await g.asset(alice, { unitName: 'Z' })
    await g.registry.send.setPaused({ args: { flags: PAUSE.pools } })
    try {
      await expectRejected(g.createPool(alice, 0n, tokenZ), 'ERR:PAUSED')
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n } })
    }
    await g.createPool(alice, 0n, tokenZ)
  })
})

describe('a pool whose app holding the issuer froze', () => {
  it('fails with ERR:FROZEN instead of an inner-transfer error, and trades again once unfrozen', async () => {
    const g = grove()
    const frz = await g.asset(alice, { unitName: 'FRZ', freeze: alice.addr })
    const { value: lp } = await g.createPool(alice, 0n, frz)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, 0n, frz, 10_000_000n, 10_000_000n)
    const freeze = (frozen: boolean) => g.algorand.send.assetFreeze({ sender: alice.addr, assetId: frz, account: g.dexAddress, frozen, note: g.note() })
    await freeze(true)
    const pool = await g.poolBox(0n, frz)
    await expectRejected(g.swapExactIn(alice, 0n, frz, 1_000_000n), 'ERR:FROZEN')
    await expectRejected(g.swapExactOut(alice, 0n, frz, 2_000_000n, 1_000_000n), 'ERR:FROZEN')
    await expectRejected(g.removeLiquidity(alice, 0n, frz, 1_000_000n), 'ERR:FROZEN')
    // a deposit into the frozen holding is refused by the ledger itself, before the app runs
    await expectRejected(g.swapExactIn(alice, frz, 0n, 1_000_000n), /frozen/)
    expect(await g.poolBox(0n, frz)).toEqual(pool)
    await freeze(false)
    expect((await g.swapExactIn(alice, 0n, frz, 1_000_000n)).value).toBeGreaterThan(0n)
  })
})

describe('getPool', () => {
  it('rejects a pool that does not exist', async () => {
    const g = grove()
    const tokenZ = await g.asset(alice, { unitName: 'Z' })
    await expectRejected(g.dex.send.getPool({ args: { a: tokenX, b: tokenZ, feeBps: 30n }, ...g.refs([[tokenX, tokenZ]]) }), 'ERR:NO_POOL')
  })
})
