import { ABIType, bytesToHex, generateAccount } from 'algosdk'
import { describe, expect, it } from 'vitest'
import { eventSelector } from '../src/core/events.ts'
import { decodeDexEvents, decodeEvent } from '../src/dex/events.ts'

// Selectors as TEALScript pushes them in artifacts/Dex.approval.teal.
const SELECTORS: [string, string[], string][] = [
  ['Swap', ['uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'address'], '58fa5548'],
  ['PoolCreated', ['uint64', 'uint64', 'uint64', 'uint64', 'address'], '8aa5ad19'],
  ['LiquidityAdded', ['uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'address'], 'dd2a5e0a'],
  ['LiquidityRemoved', ['uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'address'], 'dfde27ff'],
  ['FeesCollected', ['uint64', 'uint64', 'uint64', 'uint64', 'uint64', 'address'], '42d2a725'],
]

const concatArrays = (x: Uint8Array, y: Uint8Array) => Uint8Array.from([...x, ...y])
const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)))
const trader = generateAccount().addr.toString()
const encode = (types: string[], values: unknown[]) => ABIType.from(`(${types.join(',')})`).encode(values as never)

describe('eventSelector', () => {
  it.each(SELECTORS)('hashes %s(%j) to 0x%s', (name, types, selector) => {
    expect(bytesToHex(eventSelector(name, types))).toBe(selector)
  })
})

describe('decodeEvent', () => {
  it('decodes a Swap log into named arguments', () => {
    const log = concatArrays(hex('58fa5548'), encode(SELECTORS[0]![1], [0n, 5n, 30n, 10_000n, 19_743n, 5n, trader]))
    expect(decodeEvent(log)).toEqual({ name: 'Swap', args: { assetIn: 0n, assetOut: 5n, feeBps: 30n, amountIn: 10_000n, amountOut: 19_743n, protocolFee: 5n, trader } })
  })

  it('decodes amounts up to 2^64 − 1', () => {
    const max = (1n << 64n) - 1n
    const log = concatArrays(hex('42d2a725'), encode(SELECTORS[4]![1], [0n, max, 100n, max, 1n, trader]))
    expect(decodeEvent(log)).toMatchObject({ name: 'FeesCollected', args: { b: max, feeBps: 100n, amountA: max, amountB: 1n } })
  })

  it.each([
    ['an ABI return', concatArrays(hex('151f7c75'), new Uint8Array(8))],
    ['a short log', hex('2aa5')],
    ['a selector with a truncated tuple', concatArrays(hex('58fa5548'), new Uint8Array(10))],
    ['an empty log', new Uint8Array()],
  ])('ignores %s', (_name, log) => expect(decodeEvent(log)).toBeUndefined())
})

describe('decodeDexEvents', () => {
  it('keeps the order of events and skips other logs', () => {
    const logs = [
      concatArrays(hex('58fa5548'), encode(SELECTORS[0]![1], [1n, 2n, 30n, 3n, 4n, 0n, trader])),
      concatArrays(hex('58fa5548'), encode(SELECTORS[0]![1], [2n, 7n, 5n, 4n, 5n, 0n, trader])),
      concatArrays(hex('151f7c75'), new Uint8Array(8)),
    ]
    expect(decodeDexEvents(logs).map((e) => [e.name, e.name === 'Swap' && e.args.assetIn])).toEqual([
      ['Swap', 1n],
      ['Swap', 2n],
    ])
  })
})
