import { beforeAll, describe, expect, it } from 'vitest'
import { PAUSE } from '../src/pool.ts'
import { events, expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { applySwapIn, swapOut } from './reference.ts'

const grove = useGrove()
let alice: User
let bob: User
/** ALGO, then tokens T1..T4 in a chain of pools ALGO–T1–T2–T3–T4. */
let chain: bigint[]

/** The README's route: exact in hop by hop, each hop's output the next hop's input. */
async function expectedRoute(assetIn: bigint, path: bigint[], amountIn: bigint): Promise<{ out: bigint; hops: { assetIn: bigint; assetOut: bigint; amountIn: bigint; amountOut: bigint; protocolFee: bigint }[] }> {
  const g = grove()
  let asset = assetIn
  let amount = amountIn
  const hops = []
  for (const next of path) {
    const [a] = sorted(asset, next)
    const { out, protocolFee } = applySwapIn(await g.pool(...sorted(asset, next)), asset === a, amount)
    hops.push({ assetIn: asset, assetOut: next, amountIn: amount, amountOut: out, protocolFee })
    asset = next
    amount = out
  }
  return { out: amount, hops }
}

beforeAll(async () => {
  const g = grove()
  alice = await g.user(1000)
  bob = await g.user(100)
  chain = [0n]
  for (let i = 1; i <= 4; i++) chain.push(await g.asset(alice, { unitName: `T${i}` }))
  for (const t of chain.slice(1)) {
    await g.optIn(bob, t)
    await g.transfer(alice, bob, t, 10n ** 12n)
  }
  for (let i = 0; i < 4; i++) {
    const [a, b] = sorted(chain[i], chain[i + 1])
    const { value: lp } = await g.createPool(alice, a, b)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, 100_000_000n * BigInt(i + 1), 150_000_000n * BigInt(i + 2))
  }
})

describe('swapRoute', () => {
  for (const hops of [1, 2, 3, 4]) {
    it(`routes ${hops} hop${hops > 1 ? 's' : ''} as chained exact-in swaps, sending only the last output`, async () => {
      const g = grove()
      const path = chain.slice(1, hops + 1)
      const amountIn = 2_000_000n
      const expected = await expectedRoute(0n, path, amountIn)
      const before = await Promise.all(path.map((t) => g.balance(bob, t)))
      const { value: out, logs } = await g.swapRoute(bob, 0n, path, amountIn)
      expect(out).toBe(expected.out)
      const after = await Promise.all(path.map((t) => g.balance(bob, t)))
      // intermediate tokens never leave the app
      expect(after.map((x, i) => x - before[i])).toEqual(path.map((_, i) => (i === path.length - 1 ? out : 0n)))
      expect(events(logs, 'Swap')).toEqual(expected.hops.map((h) => ({ ...h, feeBps: 30n, trader: bob.addr.toString() })))
    })
  }

  it('routes backwards along the chain from an ASA to ALGO', async () => {
    const g = grove()
    const path = [chain[2], chain[1], 0n]
    const expected = await expectedRoute(chain[3], path, 5_000_000n)
    expect((await g.swapRoute(bob, chain[3], path, 5_000_000n)).value).toBe(expected.out)
  })

  it('routes through the same pool twice on the reserves the first hop left', async () => {
    const g = grove()
    const [a, b] = sorted(0n, chain[1])
    const first = applySwapIn(await g.pool(a, b), true, 4_000_000n)
    const second = applySwapIn(first.pool, false, first.out)
    const { value: out } = await g.swapRoute(bob, 0n, [chain[1], 0n], 4_000_000n)
    expect(out).toBe(second.out)
    expect(out).toBeLessThan(4_000_000n)
    expect(await g.pool(a, b)).toMatchObject({ reserveA: second.pool.reserveA, reserveB: second.pool.reserveB, protocolFeesA: second.pool.protocolFeesA, protocolFeesB: second.pool.protocolFeesB })
  })

  it('quotes a route exactly as it pays', async () => {
    const g = grove()
    const path = chain.slice(1)
    const quote = await g.dex.send.quoteRoute({ args: { assetIn: 0n, path, fees: path.map(() => 30n), amountIn: 3_000_000n }, ...g.routeRefs(path.map((t, i) => sorted(chain[i], t)), 0n) })
    expect((await g.swapRoute(bob, 0n, path, 3_000_000n)).value).toBe(quote.return)
  })

  it('applies minOut to the last output only', async () => {
    const g = grove()
    const path = chain.slice(1, 3)
    const expected = await expectedRoute(0n, path, 1_000_000n)
    await expectRejected(g.swapRoute(bob, 0n, path, 1_000_000n, expected.out + 1n), 'ERR:SLIPPAGE')
    expect((await g.swapRoute(bob, 0n, path, 1_000_000n, expected.out)).value).toBe(expected.out)
  })

  const badPaths = [
    { name: 'an empty path', path: () => [] },
    { name: 'a path of 5 hops', path: () => [...chain.slice(1), chain[3]] },
  ]
  for (const c of badPaths) {
    it(`rejects ${c.name}`, async () => {
      const g = grove()
      const call = g.dex.send.swapRoute({
        sender: bob.addr,
        args: { input: g.input(bob, 0n, 1_000_000n), path: c.path(), fees: c.path().map(() => 30n), minOut: 0n },
        ...g.routeRefs([sorted(chain[0], chain[1])], chain[1]),
        ...g.fee(1),
      })
      await expectRejected(call, 'ERR:BAD_PATH')
    })
  }

  it('rejects a route through a pool that does not exist', async () => {
    // T1 → T3 has no pool
    await expectRejected(grove().swapRoute(bob, 0n, [chain[1], chain[3]], 1_000_000n), 'ERR:NO_POOL')
  })

  it('rejects a route while swaps are paused', async () => {
    const g = grove()
    await g.registry.send.setPaused({ args: { flags: PAUSE.swaps }, note: g.note() })
    try {
      await expectRejected(g.swapRoute(bob, 0n, chain.slice(1, 3), 1_000_000n), 'ERR:PAUSED')
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })

  it('costs at most 4,000 µALGO for four hops while every pool’s TWAP accrues: input, app call, one budget call', async () => {
    const g = grove()
    const before = await Promise.all(chain.slice(1).map((t, i) => g.pool(...sorted(chain[i], t))))
    await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${600}`, data: null })
    try {
      await g.transfer(bob, bob, 0n, 0n)
      const sent = await g.swapRoute(bob, 0n, chain.slice(1), 1_000_000n)
      expect(sent.budgetCalls).toBeLessThanOrEqual(1)
      expect(sent.fees).toBe(3000n + 1000n * BigInt(sent.budgetCalls))
      expect(sent.fees).toBeLessThanOrEqual(4000n)
    } finally {
      await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${0}`, data: null })
    }
    const after = await Promise.all(chain.slice(1).map((t, i) => g.pool(...sorted(chain[i], t))))
    after.forEach((p, i) => expect(p.lastUpdate).toBeGreaterThan(before[i].lastUpdate))
  })
})

describe('swapRouteExactOut', () => {
  /** What each hop takes for exactly `amountOut` at the end, computed backwards (the README's exact-out math per pool). */
  async function expectedExactOut(assetIn: bigint, path: bigint[], amountOut: bigint): Promise<{ amountIn: bigint; hops: { assetIn: bigint; assetOut: bigint; amountIn: bigint; amountOut: bigint; protocolFee: bigint }[] }> {
    const g = grove()
    const assets = [assetIn, ...path]
    let need = amountOut
    const hops = []
    for (let i = path.length; i > 0; i--) {
      const [from, to] = [assets[i - 1]!, assets[i]!]
      const [a] = sorted(from, to)
      const pool = await g.pool(...sorted(from, to))
      const [rIn, rOut] = from === a ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
      const q = swapOut(need, rIn, rOut, pool.feeBps, pool.protocolFeeDivisor)
      hops.push({ assetIn: from, assetOut: to, amountIn: q.amountIn, amountOut: need, protocolFee: q.protocolFee })
      need = q.amountIn
    }
    return { amountIn: need, hops }
  }

  for (const hops of [1, 2, 3, 4]) {
    it(`delivers exactly the output asked through ${hops} hop${hops > 1 ? 's' : ''}, spends only what it costs and refunds the rest of the maximum`, async () => {
      const g = grove()
      const path = chain.slice(1, hops + 1)
      const amountOut = 1_234_567n
      const expected = await expectedExactOut(0n, path, amountOut)
      const maxIn = expected.amountIn + 5_000_000n
      const algoBefore = await g.balance(bob, 0n)
      const before = await Promise.all(path.map((t) => g.balance(bob, t)))
      const { value: spent, logs, fees } = await g.swapRouteExactOut(bob, 0n, path, maxIn, amountOut)
      expect(spent).toBe(expected.amountIn)
      const after = await Promise.all(path.map((t) => g.balance(bob, t)))
      // exactly the output, no intermediate token, and only the cost taken from the maximum
      expect(after.map((x, i) => x - before[i]!)).toEqual(path.map((_, i) => (i === path.length - 1 ? amountOut : 0n)))
      expect(algoBefore - (await g.balance(bob, 0n))).toBe(expected.amountIn + fees)
      expect(events(logs, 'Swap')).toEqual(expected.hops.map((h) => ({ ...h, feeBps: 30n, trader: bob.addr.toString() })))
    })
  }

  it('refuses a maximum below the cost, and a path that visits an asset twice, moving nothing', async () => {
    const g = grove()
    const path = chain.slice(1, 3)
    const expected = await expectedExactOut(0n, path, 1_000_000n)
    const watched = async () => ({ balances: await Promise.all([0n, ...path].map((t) => g.balance(bob, t))), pools: await Promise.all([0, 1].map((i) => g.pool(...sorted(chain[i]!, chain[i + 1]!)))) })
    const before = await watched()
    await expectRejected(g.swapRouteExactOut(bob, 0n, path, expected.amountIn - 1n, 1_000_000n), 'ERR:SLIPPAGE')
    await expectRejected(g.swapRouteExactOut(bob, 0n, [chain[1]!, 0n, chain[1]!], expected.amountIn * 3n, 1_000n), 'ERR:BAD_PATH')
    expect(await watched()).toEqual(before)
  })
})
