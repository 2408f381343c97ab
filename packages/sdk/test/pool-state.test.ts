import { describe, expect, it } from 'vitest'
import { MAX_UINT64 } from '../src/core/amount.ts'
import type { PoolState } from '../src/dex/amm.ts'
import { decodeTierMenu } from '@grove/contracts/pool'
import { decodePool, decodePoolState, encodePoolState, parsePoolBoxName, poolBoxName } from '../src/dex/pool-state.ts'

const state: PoolState = {
  reserveA: 1n,
  reserveB: MAX_UINT64,
  lpAsset: 1234n,
  lpIssued: 0n,
  feeBps: 30n,
  protocolFeeDivisor: 6n,
  protocolFeesA: 7n,
  protocolFeesB: 8n,
  cumulativePriceA: (1n << 256n) - 1n,
  cumulativePriceB: 1n << 200n,
  lastUpdate: 1_700_000_000n,
}

describe('poolBoxName', () => {
  it('is "p" ‖ uint64(a) ‖ uint64(b) with a < b whichever order is given', () => {
    const name = poolBoxName(7n, 0n)
    expect(Buffer.from(name).toString('hex')).toBe('70' + '0000000000000000' + '0000000000000007')
    expect(poolBoxName(0n, 7n)).toEqual(name)
  })

  it('is the pair-only name for the 30 bps tier and the pair ‖ uint64(tier) for any other', () => {
    expect(poolBoxName(0n, 7n, 30n)).toEqual(poolBoxName(0n, 7n))
    expect(Buffer.from(poolBoxName(7n, 0n, 5n)).toString('hex')).toBe('70' + '0000000000000000' + '0000000000000007' + '0000000000000005')
  })

  it('round-trips through parsePoolBoxName with its tier, including 2^64 − 1', () => {
    expect(parsePoolBoxName(poolBoxName(MAX_UINT64, 1n))).toEqual({ a: 1n, b: MAX_UINT64, tier: 30n })
    for (const tier of [1n, 5n, 100n, 1000n]) expect(parsePoolBoxName(poolBoxName(MAX_UINT64, 1n, tier))).toEqual({ a: 1n, b: MAX_UINT64, tier })
  })

  it.each([
    ['a shorter name', new Uint8Array(16).fill(0x70)],
    ['another prefix', Uint8Array.from([0x76, ...new Uint8Array(16)])],
    ['a name between the two lengths', new Uint8Array(21).fill(0x70)],
    // the 30 bps tier lives at the pair-only key alone
    ['the 30 bps tier under a long key', Uint8Array.from([0x70, ...new Uint8Array(16), 0, 0, 0, 0, 0, 0, 0, 30])],
  ])('rejects %s', (_name, name) => expect(parsePoolBoxName(name)).toBeUndefined())
})

describe('decodePoolState', () => {
  it('reads the 136-byte PoolState tuple field by field', () => {
    const value = encodePoolState(state)
    expect(value.length).toBe(8 * 8 + 2 * 32 + 8)
    // reserveA is the first uint64, big-endian.
    expect(Buffer.from(value.slice(0, 8)).toString('hex')).toBe('0000000000000001')
    expect(decodePoolState(value)).toEqual(state)
  })

  it('decodes a pool from its box name and value', () => {
    expect(decodePool(poolBoxName(3n, 9n), encodePoolState(state))).toEqual({ a: 3n, b: 9n, tier: 30n, ...state })
    expect(decodePool(poolBoxName(3n, 9n, 5n), encodePoolState({ ...state, feeBps: 5n }))).toEqual({ a: 3n, b: 9n, tier: 5n, ...state, feeBps: 5n })
    expect(decodePool(new Uint8Array(3), encodePoolState(state))).toBeUndefined()
  })
})

describe('decodeTierMenu', () => {
  it('reads the bits the contract sets (bit n of the AVM bitmap: n bps), ignoring bit 0', () => {
    const bitmap = new Uint8Array(126)
    for (const bit of [0, 1, 5, 30, 100, 1000]) bitmap[bit >> 3]! |= 0x80 >> (bit & 7)
    expect(decodeTierMenu(bitmap)).toEqual([1n, 5n, 30n, 100n, 1000n])
  })
})
