import { describe, expect, it } from 'vitest'
import { ALGO, fetchToken, issuerPowers, type Token } from './tokens.ts'
import { NETWORKS } from '../networks.ts'

const token = (fields: Partial<Token>): Token => ({ id: 5, symbol: 'T', name: 'T', decimals: 0, ...fields })

describe('issuerPowers', () => {
  it.each([
    ['clawback and freeze of an unverified token', token({ clawback: 'C', freeze: 'F' }), new Set([0]), ['clawback', 'freeze']],
    ['freeze alone', token({ freeze: 'F' }), new Set([0]), ['freeze']],
    ['none for a token without powers', token({}), new Set([0]), []],
    ['none for a verified token (USDC keeps both)', token({ clawback: 'C', freeze: 'F' }), new Set([0, 5]), []],
    ['none for ALGO', ALGO, new Set<number>(), []],
  ] as const)('lists %s', (_name, t, verified, powers) => {
    expect(issuerPowers(t, verified)).toEqual(powers)
  })

  it('takes a verified flag as well as a set', () => {
    expect(issuerPowers(token({ clawback: 'C' }), true)).toEqual([])
    expect(issuerPowers(token({ clawback: 'C' }), false)).toEqual(['clawback'])
  })
})

describe('fetchToken', () => {
  it('keeps the issuer’s clawback and freeze addresses', async () => {
    const fetchFn = (async () =>
      new Response(JSON.stringify({ index: 5, params: { 'unit-name': 'T', name: 'Tee', decimals: 2, total: 1, creator: 'X', clawback: 'C' } }), { status: 200 })) as unknown as typeof fetch
    expect(await fetchToken(NETWORKS.localnet.algod, 5, fetchFn)).toEqual({ id: 5, symbol: 'T', name: 'Tee', decimals: 2, clawback: 'C' })
  })
})
