// Each contract's SDK slice is one object keyed by CONTRACTS, over one context built from the
// deployment: its name, spec and error row are the list's, and a DEX action prepared through it on
// the localnet is the group the builders make (same fee, same minimum balance), and lands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACTS } from '@grove/contracts/deployment'
import { groveContext, type GroveContext } from '../src/core/context.ts'
import { firstAddMinLp } from '../src/dex/amm.ts'
import { bestRouteExactIn } from '../src/dex/route.ts'
import { buildSwap } from '../src/dex/swap.ts'
import { poolCreationCost } from '../src/dex/transactions.ts'
import { CONTRACT_ERRORS } from '../src/errors.ts'
import { CONTRACT_MODULES, prepareAction } from '../src/modules.ts'
import { startGrove, type Grove } from './fixture.ts'

describe('one module per contract', () => {
  it.each(CONTRACTS.map((c) => [c.name] as const))('%s: its module carries its own name, spec and error row', (name) => {
    const module = CONTRACT_MODULES[name]
    expect(module.name).toBe(name)
    expect(module.spec.name).toBe(name)
    expect(module.errors).toBe(CONTRACT_ERRORS[name])
    expect(Object.keys(module.readers).length).toBeGreaterThan(0)
  })
})

describe('prepare over the one context', () => {
  let g: Grove
  let ctx: GroveContext
  let X: bigint

  beforeAll(async () => {
    g = await startGrove()
    X = g.assets[0]!
    // the other contracts are not deployed here: their ids are never read by a DEX action
    ctx = groveContext(g.ids, { algod: g.algod, sender: g.trader.addr, signer: g.trader.signer })
  }, 120_000)

  afterAll(async () => {
    await g?.stop()
  })

  it('creates a pool with its minimum balance beside the fee, then adds and swaps, each at the builders’ fee', { timeout: 60_000 }, async () => {
    const cost = await poolCreationCost(g.algod, g.dexAppId, 0n, X)
    const created = await prepareAction('Dex', ctx, { kind: 'create-pool', a: X, b: 0n })
    expect(created.minBalance).toBe(cost.minBalance)
    await g.send(created as never)

    const empty = await g.pool(0n, X)
    const add = await CONTRACT_MODULES.Dex.prepare(ctx, { kind: 'add', pool: empty, amountA: 10_000_000n, amountB: 20_000_000n, minLp: firstAddMinLp(10_000_000n, 20_000_000n, 50n) })
    expect(add.minBalance).toBe(0n)
    await g.send(add as never)

    const pool = await g.pool(0n, X)
    const route = bestRouteExactIn([pool], 0n, X, 1_000_000n)!
    const viaModule = await prepareAction('Dex', ctx, { kind: 'swap', route, limit: 1n })
    const viaBuilder = await buildSwap(g.ctx, route, 1n)
    expect(viaModule.fee).toBe(viaBuilder.fee)
    const before = await g.balance(X)
    await g.send(viaModule as never)
    expect((await g.balance(X)) - before).toBe(route.amountOut)
  })

  it('reads through its readers over { algod, ids }: the DEX’s pools and the registry’s globals (one decoder, the web’s too)', async () => {
    const reader = { algod: g.algod, ids: ctx.ids }
    const pool = await g.pool(0n, X)
    expect(await CONTRACT_MODULES.Dex.readers.pools(reader)).toContainEqual(pool)
    expect(await CONTRACT_MODULES.Dex.readers.pool(reader, X, 0n)).toEqual(pool)
    const state = await CONTRACT_MODULES.Registry.readers.state(reader)
    expect(state).toMatchObject({ admin: g.admin.addr.toString(), pendingAdmin: null, paused: 0 })
  })
})
