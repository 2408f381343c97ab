// The analytics service a user sets under Settings: what the form accepts, how it is stored and
// read back, and the check against a real HTTP server that it is Grove's analytics service.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NETWORKS } from './networks.ts'
import { DEFAULT_SETTINGS, effectiveAnalytics, probeAnalytics, sanitizeSettings, validateAnalyticsUrl } from './settings.ts'

describe('validateAnalyticsUrl', () => {
  it.each([
    ['https://analytics.example.com', 'https://analytics.example.com'],
    [' https://analytics.example.com/ ', 'https://analytics.example.com'],
    ['https://example.com/grove-analytics//', 'https://example.com/grove-analytics'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://localhost:4010/', 'http://localhost:4010'],
  ])('accepts %j as %j', (input, value) => {
    expect(validateAnalyticsUrl(input)).toEqual({ ok: true, value })
  })

  it.each([
    ['', 'Enter the analytics service URL'],
    ['analytics.example.com', 'Enter a full URL such as'],
    ['ftp://analytics.example.com', 'The URL must start with http:// or https://'],
    ['http://analytics.example.com', 'Use https:// for a service that is not on this machine'],
    ['http://[::1]:4010', 'Use https://'],
    ['https://user:pw@analytics.example.com', 'The URL must not contain credentials'],
    ['https://analytics.example.com/?network=testnet', 'The URL must not contain ?query or #fragment parts'],
  ])('refuses %j with a sentence', (input, error) => {
    const checked = validateAnalyticsUrl(input)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.error).toContain(error)
  })
})

describe('the stored analytics service', () => {
  it("is the user's for the active network, else the build's (none on the public networks of a plain build)", () => {
    const settings = sanitizeSettings({ ...DEFAULT_SETTINGS, network: 'testnet', analyticsOverrides: { testnet: 'https://a.example.com/' } })
    expect(effectiveAnalytics(settings)).toBe('https://a.example.com')
    expect(effectiveAnalytics({ ...settings, network: 'mainnet' })).toBe(NETWORKS.mainnet.analytics)
    expect(effectiveAnalytics({ ...settings, network: 'localnet' })).toBe(NETWORKS.localnet.analytics)
    expect(NETWORKS.testnet.analytics).toBeNull()
  })

  it('drops only the entries it cannot use when read back from storage', () => {
    const settings = sanitizeSettings({
      ...DEFAULT_SETTINGS,
      analyticsOverrides: { testnet: 'https://a.example.com', mainnet: 'http://analytics.example.com', betanet: 'https://b.example.com', localnet: 42 },
    })
    expect(settings.analyticsOverrides).toEqual({ testnet: 'https://a.example.com' })
    expect(sanitizeSettings({ ...DEFAULT_SETTINGS, analyticsOverrides: 'https://a.example.com' }).analyticsOverrides).toEqual({})
  })
})

describe('probeAnalytics', () => {
  // a real server on loopback answering /api/health as each path of `routes` says
  const routes: Record<string, [number, unknown]> = {
    '/good/api/health': [200, { status: 'ok', watermark: 12, watermarkTime: 1_700_000_000, chainRound: 12, lag: 0 }],
    '/failing/api/health': [503, { error: 'unavailable' }],
    '/algod/api/health': [200, {}],
  }
  let server: http.Server
  let base = ''
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const [status, body] = routes[req.url ?? ''] ?? [404, { error: 'not found' }]
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

  it("accepts a service whose /api/health answers with the service's status", async () => {
    expect(await probeAnalytics(`${base}/good`)).toBeNull()
  })

  it.each([
    ['a service that answers 503', '/failing', '/failing/api/health answered 503'],
    ['a server without /api/health', '/nothing', '/nothing/api/health answered 404'],
    ['a server whose health has no status', '/algod', "gave no status: this does not look like Grove's analytics service"],
  ])('refuses %s with a sentence', async (_name, path, text) => {
    expect(await probeAnalytics(`${base}${path}`)).toContain(text)
  })

  it('refuses a service that cannot be reached, naming the URL', async () => {
    const closed = http.createServer()
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((ok) => closed.close(() => ok()))
    expect(await probeAnalytics(url)).toBe(
      `Could not reach ${url}: check the URL, that the analytics service is running, and that it accepts requests from this page (its --cors-origin)`,
    )
  })
})
