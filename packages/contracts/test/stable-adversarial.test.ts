// Stable pools against an attacker: a swap's input is checked as every deposit (receiver, close-to), a pool is found only by its own pair and tier, an LP burn must be the pool's own token,
// slippage bounds refuse and leave the pool as it was, and the registry's pause bits stop swaps and
// creation but never a proportional remove.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, useGrove, type Grove, type User } from './fixture.ts'
import { StableKit } from './stable.ts'

const TIER = 30n
const PAUSE = { swaps: 1n, pools: 2n }

describe('stable pools under attack', () => {
  const grove = useGrove()
  let g: Grove
  let kit: StableKit
  let lp: User
  let mallory: User
  let a: bigint
  let b: bigint
  let other: bigint
  let lpAsset: bigint

  beforeAll(async () => {
    g = grove()
    kit = StableKit.of(g)
    lp = await g.user(2000)
    mallory = await g.user(100)
    ;({ a, b, lpAssets: [lpAsset] } = await kit.seededPair(lp, [TIER], 200n, 1_000_000_000n))
    other = await g.asset(lp, { decimals: 6, unitName: 'OTHR' })
    await g.optIn(mallory, a, b, other, lpAsset)
    for (const asset of [a, b, other]) await g.transfer(lp, mallory, asset, 100_000_000n)
  }, 120_000)

  it('refuses a swap whose input goes elsewhere or closes the account', { timeout: 60_000 }, async () => {
    const before = await kit.pool(a, b, TIER)
    await expectRejected(kit.swap(mallory, a, 1_000_000n, b, TIER, 0n, { receiver: lp.addr }), 'ERR:BAD_RECEIVER')
    await expectRejected(kit.swap(mallory, a, 1_000_000n, b, TIER, 0n, { closeTo: lp.addr }), 'ERR:CLOSE_TO')
    expect(await kit.pool(a, b, TIER)).toEqual(before)
  })

  it('finds a pool only by its own pair and tier: another tier has none, a one-sided add of another token (its LP) is refused', { timeout: 60_000 }, async () => {
    await expectRejected(kit.swap(mallory, a, 1_000_000n, b, 5n), 'ERR:NO_POOL')
    await kit.add(lp, a, b, TIER, 1_000_000n, 1_000_000n)
    await g.transfer(lp, mallory, lpAsset, 1_000_000n)
    await expectRejected(kit.addSingle(mallory, a, b, TIER, lpAsset, 1_000_000n), 'ERR:BAD_INPUT_ASSET')
  })

  it('burns only the pool’s own LP token', { timeout: 60_000 }, async () => {
    // a remove whose "LP" transfer is one of the pool's tokens
    await expectRejected(kit.remove(mallory, a, b, TIER, 1_000_000n, 0n, 0n, { burnAsset: a }), 'ERR:BAD_INPUT_ASSET')
    await expectRejected(kit.remove(mallory, a, b, TIER, 1_000_000n, 0n, 0n, { burnAsset: b }), 'ERR:BAD_INPUT_ASSET')
  })

  it('refuses past its slippage bounds and leaves the pool as it was', { timeout: 60_000 }, async () => {
    const before = await kit.pool(a, b, TIER)
    await expectRejected(kit.swap(mallory, a, 1_000_000n, b, TIER, 1_000_000n), 'ERR:SLIPPAGE')
    await expectRejected(kit.add(mallory, a, b, TIER, 1_000_000n, 1_000_000n, 10n ** 12n), 'ERR:SLIPPAGE')
    expect(await kit.pool(a, b, TIER)).toEqual(before)
  })

  it('stops swaps and creation when the registry pauses them, never a proportional remove', { timeout: 90_000 }, async () => {
    await g.registry.send.setPaused({ args: { flags: PAUSE.swaps | PAUSE.pools }, note: g.note() })
    try {
      await expectRejected(kit.swap(mallory, a, 1_000_000n, b, TIER), 'ERR:PAUSED')
      await expectRejected(kit.createPool(mallory, a, other, TIER, 100n), 'ERR:PAUSED')
      const out = await kit.remove(lp, a, b, TIER, 1_000_000n)
      expect(out.value[0]).toBeGreaterThan(0n)
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })
})
