// The chain keeps the last 1,024 decoded block headers; older ones are decoded again from their
// block's bytes when read, so memory does not grow a header per block and every block still reads the same.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { openNode } from '../src/chain.ts'
import { BH } from '../src/block-bytes.ts'
import { sha512_256 } from '../src/hash.ts'

describe('kept headers', () => {
  it('serves blocks older than the kept headers as they were sealed, before and after a revert past the boundary', async () => {
    const node = openNode()
    await node.mine(3)
    const early = [1n, 2n, 3n].map((r) => Buffer.from(algosdk.encodeMsgpack(node.block(r)!)).toString('hex'))
    const { id } = await node.snapshot()
    await node.mine(1100)
    const headers = (node as unknown as { blocks: { headers: Map<bigint, unknown> } }).blocks.headers
    expect(headers.has(2n)).toBe(false)
    expect(headers.size).toBe(1024)
    expect([1n, 2n, 3n].map((r) => Buffer.from(algosdk.encodeMsgpack(node.block(r)!)).toString('hex'))).toEqual(early)
    expect(node.block(1103n)!.header.round).toBe(1103n)
    await node.revert(id)
    expect(node.lastRound()).toBe(3n)
    expect([1n, 2n, 3n].map((r) => Buffer.from(algosdk.encodeMsgpack(node.block(r)!)).toString('hex'))).toEqual(early)
    // the chain goes on from block 3: the next block's branch is block 3's header hash
    await node.mine(1)
    expect(Buffer.from(node.block(4n)!.header.branch).equals(Buffer.from(sha512_256(BH, algosdk.encodeMsgpack(node.block(3n)!.header))))).toBe(true)
  })
})
