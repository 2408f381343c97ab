// No web page can reach the localnet unless the user allows its origin: algod, kmd and the indexer
// answer a preflight and a call from an allowed origin with CORS headers, refuse any other origin
// with 403 before the call runs, and never serve /grove/v1 to a page. Clients outside a browser
// send no Origin and are served as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORS_ERRORS, startLocalnet, type Localnet } from '../src/index.ts'

const ALLOWED = 'http://127.0.0.1:5173'
const HOSTILE = 'https://evil.example'
let net: Localnet

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0, allowOrigins: [ALLOWED] })
})
afterAll(async () => {
  await net.stop()
})

interface Api {
  name: 'algod' | 'kmd' | 'indexer'
  path: string
  method: 'GET' | 'POST'
  tokenHeader: string
}
const APIS: Api[] = [
  { name: 'algod', path: '/v2/status', method: 'GET', tokenHeader: 'X-Algo-API-Token' },
  { name: 'kmd', path: '/v1/wallets', method: 'GET', tokenHeader: 'X-KMD-API-Token' },
  { name: 'indexer', path: '/v2/accounts', method: 'GET', tokenHeader: 'X-Indexer-API-Token' },
]

function call(api: Api, init: { method?: string; origin?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Response> {
  const headers: Record<string, string> = { [api.tokenHeader]: net[api.name].token, ...init.headers }
  if (init.origin) headers.Origin = init.origin
  return fetch(`${net[api.name].url}${init.path ?? api.path}`, { method: init.method ?? api.method, headers, body: init.body })
}

const preflight = (api: Api, origin: string, path?: string) =>
  call(api, { method: 'OPTIONS', origin, path, headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': api.tokenHeader.toLowerCase() } })

describe.each(APIS)('$name', (api) => {
  it('serves a client that sends no Origin, with no CORS headers', async () => {
    const res = await call(api, {})
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers an allowed origin\'s preflight and call with that origin and its token header', async () => {
    const pre = await preflight(api, ALLOWED)
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe(ALLOWED)
    expect(pre.headers.get('access-control-allow-headers')).toContain(api.tokenHeader)
    const res = await call(api, { origin: ALLOWED })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED)
    expect(res.headers.get('vary')).toBe('Origin')
  })

  it('refuses another origin\'s preflight and call with 403 and a sentence, without CORS headers', async () => {
    const pre = await preflight(api, HOSTILE)
    expect(pre.status).toBe(403)
    expect(pre.headers.get('access-control-allow-origin')).toBeNull()
    expect(pre.headers.get('access-control-allow-headers')).toBeNull()
    const res = await call(api, { origin: HOSTILE })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(((await res.json()) as { message: string }).message).toBe(CORS_ERRORS.notAllowed(HOSTILE))
  })
})

describe('kmd', () => {
  it("never lets another origin's page export the default wallet's key", async () => {
    const kmd = APIS[1]!
    // the attack the old echoing of Origin allowed: a page lists the wallets, takes a handle and exports a key
    const wallets = await call(kmd, { origin: HOSTILE })
    expect(wallets.status).toBe(403)
    const handle = await call(kmd, { origin: HOSTILE, method: 'POST', path: '/v1/wallet/init', body: JSON.stringify({ wallet_id: 'x', wallet_password: '' }) })
    expect(handle.status).toBe(403)
    expect(await handle.json()).toEqual({ error: true, message: CORS_ERRORS.notAllowed(HOSTILE) })
  })

  it('serves no origin at all by default, as go-kmd', async () => {
    const plain = await startLocalnet({ algodPort: 0, kmdPort: 0 })
    try {
      const res = await fetch(`${plain.kmd.url}/v1/wallets`, { headers: { 'X-KMD-API-Token': plain.kmd.token, Origin: ALLOWED } })
      expect(res.status).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      await plain.stop()
    }
  })
})

describe('algod /grove/v1', () => {
  const algod = APIS[0]!
  it.each(['/grove/v1/clock/offset', '/v2/../grove/v1/clock/offset', '/%67rove/v1/clock/offset', '/GROVE/v1/clock/offset'])(
    'is never served to a page, even of an allowed origin (%s)',
    async (path) => {
      const pre = await preflight(algod, ALLOWED, path)
      expect(pre.status).toBe(403)
      expect(pre.headers.get('access-control-allow-origin')).toBeNull()
      const before = await (await call(algod, { path: '/grove/v1/clock/offset' })).json()
      const res = await call(algod, { origin: ALLOWED, method: 'POST', path: '/grove/v1/clock/offset/3600' })
      expect(res.status).toBe(403)
      expect(((await res.json()) as { message: string }).message).toBe(CORS_ERRORS.groveRoute(ALLOWED))
      // refused before it ran: the clock did not move
      expect(await (await call(algod, { path: '/grove/v1/clock/offset' })).json()).toEqual(before)
    },
  )
})

describe('allowOrigin', () => {
  it('allows an origin known only once its server listens, on all three APIs', async () => {
    const later = 'http://localhost:41234'
    expect((await call(APIS[0]!, { origin: later })).status).toBe(403)
    net.allowOrigin(later)
    expect(net.allowedOrigins()).toEqual([ALLOWED, later])
    for (const api of APIS) expect((await call(api, { origin: later })).headers.get('access-control-allow-origin')).toBe(later)
  })

  it.each(['*', 'null', 'http://127.0.0.1:5173/app', 'file:///tmp/x', '127.0.0.1:5173'])('refuses %j as an origin with a sentence', async (origin) => {
    expect(() => net.allowOrigin(origin)).toThrow(CORS_ERRORS.badOrigin(origin))
    await expect(startLocalnet({ algodPort: 0, kmdPort: 0, allowOrigins: [origin] })).rejects.toThrow(CORS_ERRORS.badOrigin(origin))
  })
})
