// A seeded, bounded fuzz of the API over real HTTP: 1,200 malformed requests (ids past uint64, odd
// numbers, bad and non-canonical addresses, forged cursors, unknown parameters, other methods with
// bodies, traversal paths) over a small market. None may get a 5xx or show a stack trace or a
// path; the service must still answer after them. Then the classes the fuzz found, one by one, and
// a real failure (a dropped table) logged as one JSON line.
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { buildApi } from '../../src/api/app.ts'
import { encodeCursor } from '../../src/api/cursor.ts'
import type { Database } from '../../src/db/database.ts'
import { BACKENDS } from '../backends.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT, TRADER } from '../synthetic.ts'

const T0 = 19_675 * 86_400
const REQUESTS = 1_200
const ASSETS = [
  { id: 0, unitName: 'ALGO', decimals: 6 },
  { id: 10, unitName: 'gUSD', decimals: 6 },
  { id: 100, unitName: 'GLP', decimals: 6 },
]

/** mulberry32: the fuzz's one source of choices, so a failure replays from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The trader's address with its last character changed in the two unused bits only: same key, not canonical. */
const nonCanonical = (addr: string): string => addr.slice(0, -1) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'['ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(addr.at(-1)!) ^ 1]
const BAD_CHECKSUM = TRADER.slice(0, 10) + (TRADER[10] === 'A' ? 'B' : 'A') + TRADER.slice(11)

const NUMBERS = ['0', '1', '100', '-1', '-0', '1.5', '1e3', '1e400', 'Infinity', '-Infinity', 'NaN', '0x10', '0b1', ' 1', '1 ', '%20', '', '18446744073709551615', '18446744073709551616', '9223372036854775808', '9007199254740993', '99999999999999999999999999999', '00000000000000000000000100', '٣', '１', 'null', 'true', '[]', '{}', '%00', '1%00', '2147483648', '4294967296']
const ADDRESSES = [TRADER, nonCanonical(TRADER), BAD_CHECKSUM, TRADER.toLowerCase(), TRADER.slice(1), TRADER + 'A', 'A'.repeat(58), '', '%00', '../../etc/passwd', algosdk.generateAccount().addr.toString()]
const cursorOf = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
const CURSORS = ['nonsense', '', '%', 'AAAA', cursorOf([1]), cursorOf([1, 2]), cursorOf([1, 2, 3]), cursorOf([1, 2, 3, 4]), cursorOf([9007199254740991, 9007199254740991, 9007199254740991, 9007199254740991]), cursorOf([1, 2147483648]), cursorOf([1, 2147483648, 0]), cursorOf([0, 0, 0, 2147483648]), cursorOf([2147483648, 1]), cursorOf([1, 4294967296, 1]), cursorOf([1e300]), cursorOf([-1, -1, -1]), cursorOf(['a', 'b']), cursorOf([1.5, 2]), cursorOf(null), cursorOf({}), cursorOf([[1]]), encodeCursor([100])]
const POSITION_IDS = ['lp-2-0-0', 'lp-1-0-0', 'lp-3-0-0', 'vault-1-0-0', 'program-1-0-0', 'lp-1-0', 'lp-1-0-0-0', 'lp-1e3-0-0', 'lp-9999999999999999-0-0', 'lp-1-2147483648-0', 'x-1-0-0', '', '..', 'lp--1-0-0']
const TEXT = ['', 'x', 'farm', 'stake', 'set_fee', '1h', '1d', '1w', '%FF', '%C0%AE', '<script>', "' OR 1=1 --", 'a'.repeat(300), '\u0000', '💥']

const ROUTES: [string, Record<string, string[]>][] = [
  ['/api/health', {}],
  ['/api/pools', { limit: NUMBERS, cursor: CURSORS }],
  ['/api/pools/{n}', {}],
  ['/api/pools/{n}/candles', { tf: TEXT, from: NUMBERS, to: NUMBERS, limit: NUMBERS }],
  ['/api/pools/{n}/swaps', { limit: NUMBERS, cursor: CURSORS }],
  ['/api/fee-tiers', { days: NUMBERS }],
  ['/api/tokens', {}],
  ['/api/stats', { days: NUMBERS }],
  ['/api/programs', { limit: NUMBERS, cursor: CURSORS, kind: TEXT, status: TEXT, creator: ADDRESSES }],
  ['/api/programs/{n}', {}],
  ['/api/locks', { limit: NUMBERS, cursor: CURSORS, asset: NUMBERS, owner: ADDRESSES }],
  ['/api/locks/{n}', {}],
  ['/api/projects', { limit: NUMBERS, cursor: CURSORS, owner: ADDRESSES, verified: [...TEXT, 'true', 'false', '1', '0'] }],
  ['/api/projects/{n}', {}],
  ['/api/vault', {}],
  ['/api/vault/events', { limit: NUMBERS, cursor: CURSORS, kind: TEXT, account: ADDRESSES }],
  ['/api/admin/log', { limit: NUMBERS, cursor: CURSORS, action: TEXT }],
  ['/api/accounts/{a}/activity', { limit: NUMBERS, cursor: CURSORS, contract: [...TEXT, 'dex', 'locks', 'vault', 'orders', 'stable'] }],
  ['/api/positions', { owner: ADDRESSES, limit: NUMBERS, cursor: CURSORS }],
  ['/api/positions/{p}/history', { days: NUMBERS }],
  ['/api/export.csv', { owner: ADDRESSES, from: NUMBERS, to: NUMBERS }],
  ['/api/orders', { limit: NUMBERS, cursor: CURSORS, owner: ADDRESSES, assetIn: NUMBERS, assetOut: NUMBERS, status: [...TEXT, 'open', 'ended'] }],
  ['/api/orders/{n}', {}],
]
const ODD_PATHS = ['/', '/api', '/api/', '//api/pools', '/api/pools/', '/api/../../etc/passwd', '/api/%2e%2e/%2e%2e/etc/passwd', '/api/pools/..%2f..%2fetc', '/.env', '/api/openapi.json', '/api/pools/1/candles/extra', `/api/${'x'.repeat(4000)}`, '/api/pools?%', '/api/pools?a=%E0%A4%A', '/api/pools?limit', '/api/pools?&&&=&']
const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']
const BODIES = [undefined, '{}', '{"limit": 5}', 'not json', '\u0000\u0001\u0002', '[' + '['.repeat(2000), JSON.stringify({ a: 'x'.repeat(10_000) })]

/** A malformed (or, now and then, well-formed) request, from `rnd`. */
function request(rnd: () => number): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
  const method = pick(METHODS)
  let path: string
  if (rnd() < 0.08) path = pick(ODD_PATHS)
  else {
    const [template, params] = pick(ROUTES)
    path = template.replace('{n}', encodeURIComponent(pick(NUMBERS))).replace('{a}', encodeURIComponent(pick(ADDRESSES))).replace('{p}', encodeURIComponent(pick(POSITION_IDS)))
    const names = Object.keys(params)
    const query: string[] = []
    for (let i = Math.floor(rnd() * 4); i > 0; i--) {
      const name = rnd() < 0.1 ? pick(['sort', 'limit[]', '__proto__', 'constructor', '']) : pick(names.length ? names : ['x'])
      const value = pick(Object.hasOwn(params, name) ? params[name]! : TEXT)
      // now and then as typed: only what cannot go in a request line at all (spaces, controls, non-ASCII) escaped
      query.push(`${encodeURIComponent(name)}=${rnd() < 0.9 ? encodeURIComponent(value) : value.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))}`)
    }
    if (query.length) path += '?' + query.join('&')
  }
  const headers: Record<string, string> = {}
  if (rnd() < 0.2) headers.origin = pick(['http://127.0.0.1:5173', 'http://evil.example', 'null'])
  if (rnd() < 0.1) headers['access-control-request-method'] = pick(['GET', 'DELETE', 'junk'])
  const body = method === 'GET' || method === 'HEAD' ? undefined : pick(BODIES)
  if (body !== undefined) headers['content-type'] = pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'junk'])
  return { method, path, headers, body }
}

/** One request as written: node:http keeps the path byte for byte (fetch would resolve `..`) and frames a body with any method. */
function send(base: string, r: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; text: string }> {
  const { port } = new URL(base)
  const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(r.body)
  })
}

/** Signs that a body carries internals: a stack frame, a file path, a module. */
const LEAK = /(\n\s+at |node:internal|node_modules|file:\/\/|\/work\/|\/home\/|\/tmp\/|\.ts:\d+)/

describe('the API under a fuzz', () => {
  let db: Database
  let app: FastifyInstance
  let url: string
  const logged: string[] = []

  beforeAll(async () => {
    db = await BACKENDS[0]!.open()
    const w = new EventWriter(T0)
    w.createPool(0, 10, 100)
    w.add(0, 10, 1_000_000_000n, 200_000_000n)
    w.swap(0, 10, 1_000_000n)
    await ingest(db, w.events, ASSETS)
    app = await buildApi({ db, deployment: SYNTHETIC_DEPLOYMENT, now: () => T0 + 3600, limits: { rateLimit: false }, logError: (line) => logged.push(line) })
    url = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it(`answers ${REQUESTS} malformed requests without a 5xx or a leak, and answers after them`, async () => {
    const rnd = prng(0x9e0e)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    for (let i = 0; i < REQUESTS; i += 8) {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const r = request(rnd)
          const res = await send(url, r).catch((e: Error) => ({ status: 0, text: `no answer: ${e.message}` }))
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          if (res.status === 0 || res.status >= 500 || LEAK.test(res.text)) failures.push(`${r.method} ${r.path} → ${res.status} ${res.text.slice(0, 200)}`)
        }),
      )
    }
    expect(failures).toEqual([])
    expect(logged).toEqual([])
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS)
    // the refusals were refusals, not all one kind: 400s and 404s both, and some answers
    expect(statuses.get(400)).toBeGreaterThan(100)
    expect(statuses.get(404)).toBeGreaterThan(50)
    expect(statuses.get(200)).toBeGreaterThan(50)
    const health = await fetch(`${url}/api/health`)
    expect(health.status).toBe(200)
    expect(((await (await fetch(`${url}/api/pools`)).json()) as { pools: { id: number }[] }).pools.map((p) => p.id)).toEqual([100])
  })

  it('answers a burst past the per-IP rate with 429 and Retry-After, never a 5xx, and answers again once the bucket refills', async () => {
    const limited = await buildApi({ db, deployment: SYNTHETIC_DEPLOYMENT, now: () => T0 + 3600, limits: { rateLimit: { perSecond: 20, burst: 40 } }, logError: (line) => logged.push(line) })
    try {
      const base = await limited.listen({ port: 0, host: '127.0.0.1' })
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => send(base, { method: 'GET', path: i % 2 ? '/api/pools' : '/api/pools/100/swaps', headers: {} })))
      const counts = new Map<number, number>()
      for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1)
      expect([...counts.keys()].sort()).toEqual([200, 429])
      expect(counts.get(200)).toBeGreaterThanOrEqual(40)
      expect(counts.get(429)).toBeGreaterThan(100)
      await new Promise((r) => setTimeout(r, 200))
      expect((await send(base, { method: 'GET', path: '/api/health', headers: {} })).status).toBe(200)
    } finally {
      await limited.close()
    }
    expect(logged).toEqual([])
  })

  it('refuses an id past 2^64 − 1 with 400 and a sentence, and answers 404 for a uint64 that names nothing', async () => {
    for (const path of ['/api/programs/18446744073709551616', '/api/pools/99999999999999999999999999999/swaps', '/api/locks?asset=18446744073709551616', '/api/projects/Infinity', '/api/pools/1e3']) {
      const res = await app.inject(path)
      expect(res.statusCode, path).toBe(400)
      expect(res.json().message, path).toMatch(/must be a (uint64 in decimal \(0 to 18446744073709551615\)|finite number)$/)
    }
    for (const [path, message] of [
      ['/api/locks/18446744073709551615', 'lock 18446744073709551615 does not exist'],
      ['/api/programs/9223372036854775808', 'program 9223372036854775808 does not exist'],
      ['/api/pools/0999', 'pool 999 does not exist'],
    ] as const) {
      const res = await app.inject(path)
      expect(res.json(), path).toEqual({ statusCode: 404, error: 'Not Found', message })
    }
    // a leading zero is still the number
    expect((await app.inject('/api/pools/00100/swaps')).statusCode).toBe(200)
  })

  it('refuses malformed position and export requests with 400 and a sentence', async () => {
    for (const [path, message] of [
      ['/api/positions', "querystring must have required property 'owner'"],
      [`/api/positions?owner=${BAD_CHECKSUM}`, 'owner is not a valid Algorand address (its checksum does not match)'],
      [`/api/positions?owner=${TRADER}&cursor=${cursorOf([1, 2147483648, 0])}`, 'cursor is not a cursor this API returned'],
      ['/api/positions/lp-1-2147483648-0/history', 'params/id must be a position id as GET /api/positions gives it (lp-, program- or vault- and round-intra-logIndex)'],
      ['/api/positions/lp-2-0-0/history?days=0', 'querystring/days must be >= 1'],
      ['/api/export.csv', "querystring must have required property 'owner'"],
      [`/api/export.csv?owner=${TRADER}&from=-1`, 'querystring/from must be >= 0'],
      [`/api/export.csv?owner=${TRADER}&from=5&to=4`, 'from (5) must not be after to (4)'],
    ] as const) {
      const res = await app.inject(path)
      expect(res.json(), path).toEqual({ statusCode: 400, error: 'Bad Request', message })
    }
    expect((await app.inject('/api/positions/lp-2-0-0/history')).statusCode).toBe(200)
    expect((await app.inject('/api/positions/vault-2-0-0/history')).statusCode).toBe(404)
  })

  it('refuses a forged cursor whose position does not fit its column with 400', async () => {
    for (const path of [`/api/admin/log?cursor=${cursorOf([1, 2147483648])}`, `/api/vault/events?cursor=${cursorOf([1, 2147483648, 0])}`, `/api/pools/100/swaps?cursor=${cursorOf([0, 0, 0, 2147483648])}`, `/api/projects?cursor=${cursorOf([2147483648, 1])}`]) {
      const res = await app.inject(path)
      expect(res.json(), path).toEqual({ statusCode: 400, error: 'Bad Request', message: 'cursor is not a cursor this API returned' })
    }
  })

  it('reads every address the same way: a bad checksum and a non-canonical spelling are 400 on every route', async () => {
    for (const bad of [BAD_CHECKSUM, nonCanonical(TRADER)]) {
      for (const path of [`/api/accounts/${bad}/activity`, `/api/locks?owner=${bad}`, `/api/projects?owner=${bad}`, `/api/vault/events?account=${bad}`, `/api/programs?creator=${bad}`]) {
        const res = await app.inject(path)
        expect(res.statusCode, path).toBe(400)
        expect(res.json().message, path).toMatch(bad === BAD_CHECKSUM ? /checksum does not match/ : new RegExp(`not a canonical Algorand address \\(did you mean ${TRADER}\\?\\)`))
      }
    }
    const own = await app.inject(`/api/accounts/${TRADER}/activity`)
    expect(own.json().activity).toHaveLength(1)
  })

  it('answers a CORS preflight, and a bare OPTIONS, with 204 and the allowed methods', async () => {
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/pools', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET' } })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS')
    const bare = await app.inject({ method: 'OPTIONS', url: '/api/pools' })
    expect(bare.statusCode).toBe(204)
    expect(bare.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS')
  })

  it('logs a real failure (a table gone) as one JSON line with its cause, and tells the client only to see the log', async () => {
    await db.exec('DROP TABLE admin_actions')
    const res = await app.inject('/api/admin/log')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'the analytics service failed to answer; see its log' })
    expect(logged).toHaveLength(1)
    expect(logged[0]).not.toContain('\n')
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'error', service: 'analytics', method: 'GET', url: '/api/admin/log', status: 500, error: expect.stringMatching(/admin_actions/) })
  })
})
