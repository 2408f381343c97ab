import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPFS_GATEWAY } from '../src/lib/public-networks.ts'
import { readRuntime } from '../src/lib/runtime.ts'
import { cacheControl, contentSecurityPolicy, createWebServer, runtimeScript } from './web-server.ts'

let dir: string
let app: FastifyInstance
const big = 'export const x = "' + 'grove '.repeat(2000) + '"\n'

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-web-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.mkdirSync(path.join(dir, 'build'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Grove</title><script type="module" src="/assets/index-AbC123.js"></script>')
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), big)
  fs.writeFileSync(path.join(dir, 'build', 'latest.json'), '{"buildId":"b1"}')
  fs.writeFileSync(path.join(dir, 'grove.svg'), '<svg/>')
  app = await createWebServer({ root: dir, apis: ['http://127.0.0.1:4001/', 'http://127.0.0.1:4002'] })
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

describe('security headers', () => {
  it.each(['/', '/dex/swap', '/assets/index-AbC123.js', '/build/latest.json', '/missing.js'])('are on every response (%s)', async (url) => {
    const res = await get(url)
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ apis: ['http://127.0.0.1:4001', 'http://127.0.0.1:4002'] }))
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['permissions-policy']).toContain('camera=()')
  })

  it('allows scripts from the site only, no inline or eval, and no framing', () => {
    const csp = contentSecurityPolicy({ apis: [] })
    const scripts = csp.split('; ').find((d) => d.startsWith('script-src'))
    expect(scripts).toBe("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('lets the page call exactly the configured APIs and the public networks', () => {
    const connect = contentSecurityPolicy({ apis: ['http://127.0.0.1:4001/v2', 'http://127.0.0.1:4010'] })
      .split('; ')
      .find((d) => d.startsWith('connect-src'))!
    expect(connect).toContain('http://127.0.0.1:4001 ')
    expect(connect).toContain('http://127.0.0.1:4010')
    expect(connect).toContain('https://testnet-api.4160.nodely.dev')
    expect(connect).toContain('https://mainnet-idx.4160.nodely.dev')
    expect(connect).not.toContain('http://127.0.0.1:4002')
  })

  it('lets token logos load from any https origin and their metadata from the IPFS gateway only', () => {
    const csp = contentSecurityPolicy({ apis: [] }).split('; ')
    expect(csp.find((d) => d.startsWith('img-src'))).toBe("img-src 'self' data: blob: https:")
    const connect = csp.find((d) => d.startsWith('connect-src'))!
    expect(connect).toContain(IPFS_GATEWAY)
  })

  it('lets the page call the nodes Settings accepts: any https origin, and http on loopback only', () => {
    const connect = contentSecurityPolicy({ apis: [] })
      .split('; ')
      .find((d) => d.startsWith('connect-src'))!
      .split(' ')
    expect(connect).toContain('https:')
    for (const loopback of ['http://localhost:*', 'http://127.0.0.1:*']) expect(connect).toContain(loopback)
    expect(connect).not.toContain('http:')
    expect(connect).not.toContain('*')
  })
})

describe('caching', () => {
  it.each([
    ['/assets/index-AbC123.js', 'public, max-age=31536000, immutable'],
    ['/', 'no-store'],
    ['/index.html', 'no-store'],
    ['/build/latest.json', 'no-store'],
    ['/dex/swap', 'no-store'],
    ['/grove.svg', 'public, max-age=3600'],
  ])('serves %s with cache-control %s', async (url, expected) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(expected)
  })

  it('maps paths to policies', () => {
    expect(cacheControl('/assets/x-1.css')).toContain('immutable')
    expect(cacheControl('/docs/page.html')).toBe('no-store')
  })
})

describe('routing', () => {
  it('sends index.html for a client route', async () => {
    const res = await get('/projects/7?tab=locks')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<title>Grove</title>')
  })

  it('answers 404 for a missing file with an extension', async () => {
    const res = await get('/assets/gone-123.js')
    expect(res.statusCode).toBe(404)
    expect(res.body).toBe('Not found: /assets/gone-123.js')
  })

  it('refuses a body larger than a static site needs', async () => {
    const res = await app.inject({ method: 'POST', url: '/', payload: 'x'.repeat(10_000), headers: { 'content-type': 'text/plain' } })
    expect(res.statusCode).toBe(413)
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  it('compresses text with brotli or gzip', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.length).toBeLessThan(big.length / 10)
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
  })

  it('refuses to start without a build', async () => {
    await expect(createWebServer({ root: path.join(dir, 'nope'), apis: [] })).rejects.toThrow(/holds no index.html: build the web app first/)
  })
})

describe('run-time settings (/grove-runtime.js)', () => {
  it('says the stack’s settings, never cached, and the page reads back exactly them', async () => {
    const runtime = { algodPort: '41001', kmdPort: '41002', analyticsUrl: 'http://127.0.0.1:41010', deployment: '{"network":"localnet","dexAppId":1007}' }
    const server = await createWebServer({ root: dir, apis: [], runtime })
    try {
      const res = await server.inject({ method: 'GET', url: '/grove-runtime.js' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-store')
      const scope: Record<string, unknown> = {}
      new Function('globalThis', res.body)(scope)
      expect(readRuntime(scope)).toEqual(runtime)
    } finally {
      await server.close()
    }
  })

  it('cannot be made to close a script tag or carry code in a value', () => {
    const script = runtimeScript({ network: '</script><script>alert(1)</script>\u2028' })
    expect(script).not.toContain('</script>')
    expect(script).not.toContain('\u2028')
    const scope: Record<string, unknown> = {}
    new Function('globalThis', script)(scope)
    expect(readRuntime(scope).network).toBe('</script><script>alert(1)</script>\u2028')
  })

  it('serves the build’s own file, which says nothing, when the server is given no settings', async () => {
    fs.writeFileSync(path.join(dir, 'grove-runtime.js'), 'globalThis.__GROVE_RUNTIME__ = {}\n')
    const res = await get('/grove-runtime.js')
    expect(res.statusCode).toBe(200)
    const scope: Record<string, unknown> = {}
    new Function('globalThis', res.body)(scope)
    expect(readRuntime(scope)).toEqual({})
  })

  it('keeps only strings of the known settings', () => {
    expect(readRuntime({ __GROVE_RUNTIME__: { algodPort: 4001, kmdPort: '4002', other: 'x' } })).toEqual({ kmdPort: '4002' })
    expect(readRuntime({ __GROVE_RUNTIME__: 'nonsense' })).toEqual({})
    expect(readRuntime({})).toEqual({})
  })
})
