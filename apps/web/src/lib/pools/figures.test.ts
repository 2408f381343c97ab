// The stable coin that gives every dollar figure: the deployment record's (or the network's
// well-known USDC), found by id, so a token that takes the coin's symbol never prices anything.
import { describe, expect, it } from 'vitest'
import type { Token } from '../tokens/tokens.ts'
import { stableToken } from './figures.ts'

const token = (id: number, symbol: string): Token => ({ id, symbol, name: symbol, decimals: 6 })
const tokens = new Map([token(10, 'gUSD'), token(11, 'USDC'), token(31566704, 'USDC'), token(10458941, 'USDC')].map((t) => [t.id, t]))

describe('stableToken', () => {
  it.each([
    ['the localnet’s is the record’s, not the token named gUSD', 'localnet', { stableAssetId: 11 }, 11],
    ['a localnet record naming none has none, whatever the symbols', 'localnet', {}, null],
    ['mainnet without a record is Circle’s USDC, not another token called USDC', 'mainnet', null, 31566704],
    ['testnet without a record is Circle’s testnet USDC', 'testnet', null, 10458941],
    ['a public record naming one is that one', 'testnet', { stableAssetId: 10 }, 10],
  ] as const)('%s', (_name, network, deployment, id) => {
    expect(stableToken(tokens, network, deployment)?.id ?? null).toBe(id)
  })

  it('is null while the coin is not described yet', () => {
    expect(stableToken(new Map(), 'mainnet', null)).toBeNull()
  })
})

// the app's sources without tests; comments may name a symbol as an example, code may not
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')

it('no source finds the stable coin (or anything else) by the symbol gUSD or USDC', () => {
  expect(Object.keys(sources).length).toBeGreaterThan(100)
  const named = Object.entries(sources).filter(([, text]) => /(['"`])(?:gUSD|USDC)\1/.test(code(text)))
  expect(named.map(([path]) => path)).toEqual([])
})
