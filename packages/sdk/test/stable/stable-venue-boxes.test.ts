// The stable venue finds a pair's pools from the Stable app's box list: a pair without a stable pool
// asks algod for no box by name (a missing box answers 404, which a page's console shows), one
// with pools reads exactly those boxes, and concurrent findPools calls share one box list.
import { describe, expect, it } from 'vitest'
import type { Algodv2 } from 'algosdk'
import { STABLE_POOL_SIZE, parseStableBoxName, stableBoxName } from '../../src/stable/boxes.ts'
import { stableVenue } from '../../src/venues/stable.ts'

/** A stable pool's box value: reserves, LP asset, fee and multipliers set, A flat at 100. */
function poolValue(feeBps: bigint): Uint8Array {
  const raw = new Uint8Array(STABLE_POOL_SIZE)
  const view = new DataView(raw.buffer)
  const fields = [10n ** 12n, 10n ** 12n, 99n, 10n ** 12n, feeBps, 0n, 0n, 0n, 0n, 0n, 1n, 1n, 10_000n, 10_000n, 0n, 0n, 0n]
  fields.forEach((v, i) => view.setBigUint64(i * 8, v))
  return raw
}

/** A fake algod holding `pools` (a, b, feeBps) and one other box; it records every box asked by name. */
function fakeAlgod(pools: [bigint, bigint, bigint][]) {
  const names = [...pools.map(([a, b, f]) => stableBoxName(a, b, f)), new Uint8Array([0x63, 1, 2, 3])]
  const asked: string[] = []
  let lists = 0
  const key = (n: Uint8Array) => Array.from(n).join(',')
  const algod = {
    getApplicationBoxes: () => ({
      do: async () => {
        lists++
        return { boxes: names.map((name) => ({ name })) }
      },
    }),
    getApplicationBoxByName: (_app: bigint, name: Uint8Array) => ({
      do: async () => {
        const parsed = parseStableBoxName(name)
        asked.push(parsed ? `${parsed.a}/${parsed.b}/${parsed.feeBps}` : key(name))
        if (!names.some((n) => key(n) === key(name))) throw Object.assign(new Error('Network request error. Received status 404 (Not Found): box not found'), { status: 404 })
        return { name, value: poolValue(parsed!.feeBps) }
      },
    }),
    status: () => ({ do: async () => ({ lastRound: 10n }) }),
    block: () => ({ headerOnly: () => ({ do: async () => ({ block: { header: { timestamp: 1_700_000_000n } } }) }) }),
  }
  return { algod: algod as unknown as Algodv2, asked, lists: () => lists }
}

describe('the stable venue finds pools from the box list', () => {
  it('asks no box by name for a pair without a stable pool', async () => {
    const fake = fakeAlgod([[5n, 7n, 4n]])
    const venue = stableVenue({ algod: fake.algod, stablePoolsAppId: 100n, registryAppId: 1n })
    expect(await venue.findPools(5n, 9n)).toEqual([])
    expect(await venue.findPools(0n, 5n)).toEqual([])
    expect(fake.asked).toEqual([])
  })

  it("reads only the pair's pools the app holds, in either order of the pair, lowest fee first", async () => {
    const fake = fakeAlgod([
      [5n, 7n, 30n],
      [5n, 7n, 4n],
      [5n, 9n, 4n],
    ])
    const venue = stableVenue({ algod: fake.algod, stablePoolsAppId: 100n, registryAppId: 1n })
    const pools = await venue.findPools(7n, 5n)
    expect(pools.map((p) => p.id)).toEqual(['5/7/4', '5/7/30'])
    expect(pools.every((p) => p.venue === 'stable' && p.now === 1_700_000_000n)).toBe(true)
    expect(fake.asked.sort()).toEqual(['5/7/30', '5/7/4'])
  })

  it('lists the boxes once for the pairs a router asks at once', async () => {
    const fake = fakeAlgod([[5n, 7n, 4n]])
    const venue = stableVenue({ algod: fake.algod, stablePoolsAppId: 100n, registryAppId: 1n })
    const found = await Promise.all([venue.findPools(5n, 7n), venue.findPools(5n, 9n), venue.findPools(7n, 9n)])
    expect(found.map((f) => f.length)).toEqual([1, 0, 0])
    expect(fake.lists()).toBe(1)
    expect(fake.asked).toEqual(['5/7/4'])
    // a later call (a new quote) lists afresh: a pool created since is found
    await venue.findPools(5n, 7n)
    expect(fake.lists()).toBe(2)
  })
})
