// A seeded, bounded fuzz of the production web server over HTTP: 1,200 requests (dotfiles,
// traversal in every encoding, NULs, backslashes, bad escapes, long paths, other methods with
// bodies, odd headers) sent byte for byte with node:http. None may get a 5xx, show a stack trace
// or a path, or be answered with a dotfile or the app's page where a path was refused; the site
// still serves its page and assets after them.
import fs from 'node:fs'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebServer, refusedPath } from './web-server.ts'

const REQUESTS = 1_200
const INDEX = '<!doctype html><title>Grove</title>'
const SECRET = 'GROVE_SECRET=do-not-serve'
let dir: string
let app: FastifyInstance
let url: string
const logged: string[] = []

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-web-fuzz-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.mkdirSync(path.join(dir, '.git'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'export {}\n')
  // what a careless deploy could leave in the build folder: never served
  fs.writeFileSync(path.join(dir, '.env'), SECRET)
  fs.writeFileSync(path.join(dir, '.git', 'config'), SECRET)
  app = await createWebServer({ root: dir, apis: ['http://127.0.0.1:4001'], logError: (line) => logged.push(line) })
  url = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** mulberry32: the fuzz's one source of choices. */
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

/** One request as written (node:http keeps `..` and escapes as they are; fetch would resolve them). */
function send(method: string, p: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
    const req = httpRequest({ host: '127.0.0.1', port, method, path: p, headers: h, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const DOT = ['.', '..', '.env', '.git', '.git/config', '.well-known', '.htaccess', '.DS_Store']
const ENCODINGS: ((s: string) => string)[] = [
  (s) => s,
  (s) => s.replaceAll('.', '%2e'),
  (s) => s.replaceAll('.', '%2E').replaceAll('/', '%2f'),
  (s) => s.replaceAll('.', '%252e'),
  (s) => s.replaceAll('/', '%5c'),
  (s) => s.replaceAll('/', '\\'),
  (s) => s.replaceAll('.', '%c0%ae'),
  (s) => s + '%00',
  (s) => s + '%00.js',
]
const PAGES = ['/', '/dex/swap', '/projects/7', '/stake', '/assets/index-AbC123.js', '/missing.js', '/index.html', '/favicon.ico']
const LEAK = /(\n\s+at |node:internal|node_modules|file:\/\/|\/work\/|\/home\/|\/tmp\/|\.ts:\d+)/

describe('the web server under a fuzz', () => {
  it(`answers ${REQUESTS} requests without a 5xx, a leak, a dotfile or the page for a refused path, and serves after them`, async () => {
    const rnd = prng(0x3eb)
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
    const failures: string[] = []
    const statuses = new Map<number, number>()
    for (let i = 0; i < REQUESTS; i += 8) {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          let p: string
          const r = rnd()
          if (r < 0.5) p = pick(['', '/assets', '/dex', '/x/y']) + '/' + pick(ENCODINGS)([...Array(1 + Math.floor(rnd() * 3))].map(() => pick(DOT)).join('/') + pick(['', '/etc/passwd', '/config', '/index.html']))
          else if (r < 0.8) p = pick(PAGES) + pick(['', '?x=1', '?%', '#f', '/', '//', '/..', '?a=' + 'b'.repeat(2000)])
          else p = pick(['/%', '/%zz', '/assets/%E0%A4%A', '/' + 'x'.repeat(6000), '/%ff%fe', '/%C3%A9', '/*', '/?', '/assets//index-AbC123.js'])
          const method = pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'])
          const body = method === 'GET' || method === 'HEAD' ? undefined : pick([undefined, '{}', '{bad', 'x'.repeat(5000)])
          const headers: Record<string, string> = body ? { 'content-type': pick(['application/json', 'text/plain', 'multipart/form-data', 'junk']) } : {}
          const res = await send(method, p, headers, body).catch((e: Error) => ({ status: 0, text: e.message }))
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          const refusedButServed = refusedPath(p.split('?')[0]!) && res.status === 200
          if (res.status === 0 || res.status >= 500 || LEAK.test(res.text) || res.text.includes(SECRET) || refusedButServed) failures.push(`${method} ${p} → ${res.status} ${res.text.slice(0, 120)}`)
        }),
      )
    }
    expect(failures).toEqual([])
    expect(logged).toEqual([])
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS)
    expect(statuses.get(404)).toBeGreaterThan(300)
    expect(statuses.get(200)).toBeGreaterThan(100)
    // still serving
    expect((await send('GET', '/dex/swap')).text).toBe(INDEX)
    expect((await send('GET', '/assets/index-AbC123.js')).status).toBe(200)
    // 1,200 real HTTP round trips: seconds on a machine busy with the other test files
  }, 60_000)

  it.each(['/.env', '/.git/config', '/%2e%2e/%2e%2e/etc/passwd', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/%252e%252e/etc/passwd', '/assets/..%2f..%2f.env', '//etc/passwd', '/..\\..\\etc\\passwd', '/a%00.js', '/.well-known/x'])('answers %s with a plain 404, not the page', async (p) => {
    const res = await send('GET', p)
    expect(res.status).toBe(404)
    expect(res.text).toBe(`Not found: ${p}`)
  })
})
