// The vault's rate history: events decoded from the vault's logs (inner calls too, other apps'
// skipped) and the walk back to a window's start (the APR from them is the SDK's vaultApr, tested there).
import * as sdk from '@grove/sdk'
import { ABIType, generateAccount } from 'algosdk'
import { describe, expect, it } from 'vitest'
import { blocksSince, ratePoints, type BlockView } from './history.ts'

const VAULT = 1005n
const staker = generateAccount().addr.toString()

const staked = (grove: bigint, sGrove: bigint, totalGrove: bigint, totalShares: bigint) =>
  new Uint8Array([...sdk.vaultEventSelector('Staked'), ...ABIType.from('(address,uint64,uint64,uint64,uint64)').encode([staker, grove, sGrove, totalGrove, totalShares])])
const unstaked = (sGrove: bigint, grove: bigint, totalGrove: bigint, totalShares: bigint) =>
  new Uint8Array([...sdk.vaultEventSelector('Unstaked'), ...ABIType.from('(address,uint64,uint64,uint64,uint64)').encode([staker, sGrove, grove, totalGrove, totalShares])])
const buyback = (groveOut: bigint, totalGrove: bigint, totalShares: bigint) =>
  new Uint8Array([...sdk.vaultEventSelector('Buyback'), ...ABIType.from('(uint64,uint64,uint64,uint64,address,uint64,uint64)').encode([7n, 500n, groveOut, groveOut - 1n, staker, totalGrove, totalShares])])

const block = (round: bigint, timestamp: bigint, txns: BlockView['txns']): BlockView => ({ round, timestamp, txns })
const call = (appId: bigint, logs: Uint8Array[], inner: BlockView['txns'] = []) => ({ appId, logs, inner })

describe('rate points from blocks', () => {
  it('reads the vault’s events with the totals before and after, from top-level and inner calls, and skips other apps', () => {
    const blocks = [
      block(12n, 200n, [call(99n, [], [call(VAULT, [buyback(10_000n, 2_010_000n, 2_000_000n)])])]),
      block(10n, 100n, [call(VAULT, [staked(2_000_000n, 1_999_000n, 2_000_000n, 2_000_000n)]), call(42n, [staked(1n, 1n, 1n, 1n)])]),
      block(13n, 300n, [call(VAULT, [unstaked(1_000_000n, 1_005_000n, 1_005_000n, 1_000_000n)])]),
    ]
    const points = ratePoints(blocks, VAULT, sdk.decodeVaultEvent)
    expect(points.map((p) => [p.name, p.round, p.timestamp])).toEqual([
      ['Staked', 10n, 100n],
      ['Buyback', 12n, 200n],
      ['Unstaked', 13n, 300n],
    ])
    // the first stake: nothing staked before it
    expect(points[0]!.before).toEqual({ grove: 0n, shares: 0n })
    expect(points[1]!.before).toEqual({ grove: 2_000_000n, shares: 2_000_000n })
    expect(points[1]!.after).toEqual({ grove: 2_010_000n, shares: 2_000_000n })
    expect(points[2]!.before).toEqual({ grove: 2_010_000n, shares: 2_000_000n })
  })
})

describe('walking blocks back to a window’s start', () => {
  const chain = (n: number, step: bigint) => new Map(Array.from({ length: n }, (_, i) => [BigInt(i + 1), block(BigInt(i + 1), BigInt(i + 1) * step, [])]))

  it('reads from the latest block back to the last one inside the window, and no further', async () => {
    const blocks = chain(100, 10n)
    const asked: bigint[] = []
    const read = async (r: bigint) => (asked.push(r), blocks.get(r)!)
    const { blocks: got, complete } = await blocksSince(read, 100n, 1n, 755n, { batch: 8 })
    expect(complete).toBe(true)
    expect(got.map((b) => b.round)).toEqual(Array.from({ length: 100 - 76 + 1 }, (_, i) => BigInt(100 - i)))
    // one batch past the window's edge at most
    expect(Math.min(...asked.map(Number))).toBeGreaterThanOrEqual(100 - 8 * 4 + 1)
  })

  it('stops at the deployment’s first round, and says when the block bound cut the walk short', async () => {
    const blocks = chain(50, 10n)
    const read = async (r: bigint) => blocks.get(r)!
    const fromDeploy = await blocksSince(read, 50n, 20n, 0n, { batch: 7 })
    expect(fromDeploy.complete).toBe(true)
    expect(fromDeploy.blocks.map((b) => b.round).at(-1)).toBe(20n)
    expect(fromDeploy.blocks).toHaveLength(31)
    const bounded = await blocksSince(read, 50n, 1n, 0n, { batch: 5, maxBlocks: 10 })
    expect(bounded.complete).toBe(false)
    expect(bounded.blocks).toHaveLength(10)
  })
})
