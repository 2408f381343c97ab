import { describe, expect, it } from 'vitest'
import { ALGOD_ROUTES, matchRoute } from '../src/algod/routes.ts'
import { parseBoxName } from '../src/algod/handlers/applications.ts'
import { AlgodError } from '../src/algod/errors.ts'

describe('algod routing table', () => {
  const cases: { name: string; method: string; path: string; route?: string; params?: Record<string, string>; mismatch?: boolean }[] = [
    { name: 'matches a static path', method: 'GET', path: '/v2/status', route: '/v2/status', params: {} },
    { name: 'binds a path parameter', method: 'GET', path: '/v2/blocks/12', route: '/v2/blocks/:round', params: { round: '12' } },
    {
      name: 'binds two parameters',
      method: 'GET',
      path: '/v2/accounts/ABC/assets/7',
      route: '/v2/accounts/:address/assets/:asset-id',
      params: { address: 'ABC', 'asset-id': '7' },
    },
    { name: 'tells the pool list from one pending txn', method: 'GET', path: '/v2/transactions/pending', route: '/v2/transactions/pending', params: {} },
    { name: 'has no follower-only sync route, as algod outside follow mode', method: 'DELETE', path: '/v2/ledger/sync' },
    { name: 'reports a wrong method on a known path', method: 'PUT', path: '/v2/status', mismatch: true },
    { name: 'finds nothing for an unknown path', method: 'GET', path: '/v2/nope' },
    { name: 'refuses an empty parameter segment', method: 'GET', path: '/v2/blocks/' },
  ]
  for (const c of cases) {
    it(c.name, () => {
      const m = matchRoute(ALGOD_ROUTES, c.method, c.path)
      if (c.mismatch) expect(m).toEqual({ methodMismatch: true })
      else if (!c.route) expect(m).toBeUndefined()
      else {
        expect(m && 'route' in m ? m.route.path : undefined).toBe(c.route)
        expect(m && 'params' in m ? m.params : undefined).toEqual(c.params)
      }
    })
  }

  it('has no two rows for the same method and path', () => {
    const keys = ALGOD_ROUTES.map((r) => `${r.method} ${r.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('leaves only the common routes public', () => {
    expect(ALGOD_ROUTES.filter((r) => r.public).map((r) => r.path).sort()).toEqual(['/genesis', '/health', '/ready', '/versions'])
  })
})

describe('box names in encoding:value form', () => {
  const ok: [string, number[]][] = [
    ['str:ab', [97, 98]],
    ['b64:AAE=', [0, 1]],
    ['int:258', [0, 0, 0, 0, 0, 0, 1, 2]],
  ]
  for (const [input, bytes] of ok) {
    it(`decodes ${input}`, () => expect([...parseBoxName(input)]).toEqual(bytes))
  }
  for (const bad of ['nocolon', 'hex:00', 'int:-1', 'b64:***']) {
    it(`refuses ${bad} with a 400`, () => {
      let err: unknown
      try {
        parseBoxName(bad)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(AlgodError)
      expect((err as AlgodError).status).toBe(400)
    })
  }
})
