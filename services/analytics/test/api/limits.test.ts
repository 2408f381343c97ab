// The API's limits over real HTTP on loopback: 429 with Retry-After past a client's rate (and that
// client only), 413 for an oversized body before it is read, 408 for a request sent too slowly, and
// idle connections closed. The database is an empty migrated PGlite: limits do not depend on data.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApi } from '../../src/api/app.ts'
import { TokenBuckets } from '../../src/api/limits.ts'
import { BACKENDS } from '../backends.ts'
import { SYNTHETIC_DEPLOYMENT } from '../synthetic.ts'
import type { Database } from '../../src/db/database.ts'

let db: Database
const apps: FastifyInstance[] = []

beforeAll(async () => {
  db = await BACKENDS[0]!.open()
})
afterAll(async () => {
  for (const app of apps) await app.close()
})

async function serve(limits: Parameters<typeof buildApi>[0]['limits'], trustProxy = false): Promise<string> {
  const app = await buildApi({ db, deployment: SYNTHETIC_DEPLOYMENT, limits, trustProxy })
  apps.push(app)
  return app.listen({ port: 0, host: '127.0.0.1' })
}

/** Sends raw bytes on a new connection; resolves with what the server answered (or '' when it just closed) and how long it took. */
function raw(url: string, chunks: string[], gapMs = 0): Promise<{ text: string; ms: number }> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const t0 = Date.now()
    const socket = connect(Number(port), '127.0.0.1')
    let text = ''
    socket.on('data', (d) => (text += String(d)))
    socket.on('close', () => resolve({ text, ms: Date.now() - t0 }))
    socket.on('error', reject)
    void (async () => {
      for (const c of chunks) {
        if (socket.destroyed) return
        socket.write(c)
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs))
      }
    })()
  })
}

describe('token buckets', () => {
  it('allow the burst at once, then the rate, and say how long to wait', () => {
    const b = new TokenBuckets(10, 5)
    for (let i = 0; i < 5; i++) expect(b.take('a', 0)).toBe(0)
    expect(b.take('a', 0)).toBeCloseTo(0.1)
    expect(b.take('b', 0)).toBe(0)
    expect(b.take('a', 100)).toBe(0)
    expect(b.take('a', 100)).toBeGreaterThan(0)
  })
})

describe('the API over HTTP', () => {
  it('answers a client over its rate with 429 and Retry-After, and other clients still get answers', async () => {
    const url = await serve({ rateLimit: { perSecond: 1, burst: 3 } }, true)
    const from = (ip: string) => fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': ip } })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await from('10.0.0.1')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await from('10.0.0.1')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/more than 1 requests per second from 10\.0\.0\.1; retry after \d+ s/) })
    expect((await from('10.0.0.2')).status).toBe(200)
  })

  it('refuses an oversized body with 413 before reading it', async () => {
    const url = await serve({ bodyLimit: 1024 })
    const res = await fetch(`${url}/api/pools`, { method: 'POST', body: 'x'.repeat(100_000), headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large', message: 'request bodies are limited to 1024 bytes (this API takes none); this one declares 100000' })
    // a small body is no problem: the route answers as it would (GET-only routes: 404)
    expect((await fetch(`${url}/api/pools`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(404)
  })

  it('answers a client that sends its request too slowly with 408 and closes', async () => {
    const url = await serve({ requestTimeout: 500, connectionTimeout: 5_000 })
    const { text, ms } = await raw(url, ['GET /api/health HTTP/1.1\r\n', 'Host: x\r\n', 'X-Slow: 1\r\n', 'X-Slow: 2\r\n', 'X-Slow: 3\r\n', 'X-Slow: 4\r\n'], 300)
    expect(text).toMatch(/^HTTP\/1\.1 408/)
    expect(ms).toBeLessThan(3_000)
  })

  it('closes a connection that sends nothing', async () => {
    const url = await serve({ connectionTimeout: 400, requestTimeout: 5_000 })
    const { text, ms } = await raw(url, [])
    expect(text).toBe('')
    expect(ms).toBeGreaterThanOrEqual(300)
    expect(ms).toBeLessThan(3_000)
  })

  it('closes a kept-alive connection after its idle time', async () => {
    const url = await serve({ keepAliveTimeout: 300 })
    const { text, ms } = await raw(url, ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'])
    expect(text).toMatch(/^HTTP\/1\.1 200/)
    expect(ms).toBeLessThan(3_000)
  })
})
