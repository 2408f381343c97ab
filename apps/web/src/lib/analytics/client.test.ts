import { describe, expect, it, vi } from 'vitest'
import { HttpError, NetworkError, TimeoutError } from '../http.ts'
import { analyticsApi, analyticsProblem } from './client.ts'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch answering each call from the script, in order, recording the URLs asked for. */
function scripted(...replies: (Response | Error)[]) {
  const urls: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input))
    const reply = replies[Math.min(urls.length, replies.length) - 1]!
    if (reply instanceof Error) throw reply
    return reply.clone()
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, urls }
}

const api = (fetch: typeof globalThis.fetch) => analyticsApi('http://127.0.0.1:4010', { fetch, sleep: async () => {}, random: () => 0 })

describe('analyticsApi', () => {
  it('reads every page of pools, following nextCursor', async () => {
    const pool = (id: number) => ({ id })
    const { fetch, urls } = scripted(json(200, { pools: [pool(1), pool(2)], nextCursor: 'c1' }), json(200, { pools: [pool(3)], nextCursor: null }))
    expect((await api(fetch).pools()).map((p) => p.id)).toEqual([1, 2, 3])
    expect(urls).toEqual(['http://127.0.0.1:4010/api/pools?limit=500', 'http://127.0.0.1:4010/api/pools?limit=500&cursor=c1'])
  })

  it('reads the vault, and null from a service older than /api/vault', async () => {
    const vault = { rate: 1.01, totalGrove: '101', totalShares: '100', apr7d: 0.5, apr30d: 0.1, buybacks30d: 1, groveBought30d: '1', history: [] }
    const ok = scripted(json(200, vault))
    expect(await api(ok.fetch).vault()).toEqual(vault)
    expect(ok.urls).toEqual(['http://127.0.0.1:4010/api/vault'])
    const old = scripted(json(404, { statusCode: 404, error: 'Not Found', message: 'GET /api/vault is not a route of this API' }))
    expect(await api(old.fetch).vault()).toBeNull()
  })

  it('asks for candles by pool, timeframe and range', async () => {
    const { fetch, urls } = scripted(json(200, { poolId: 7, tf: '4h', candles: [] }))
    await api(fetch).candles(7, '4h', { limit: 100, from: 10 })
    expect(urls).toEqual(['http://127.0.0.1:4010/api/pools/7/candles?tf=4h&limit=100&from=10'])
  })

  it('unwraps swaps and tokens from their envelopes', async () => {
    const { fetch } = scripted(json(200, { swaps: [{ txnId: 'T' }], nextCursor: null }), json(200, { tokens: [{ id: 0 }] }))
    expect(await api(fetch).swaps(3)).toEqual([{ txnId: 'T' }])
    expect(await api(fetch).tokens()).toEqual([{ id: 0 }])
  })

  it('retries a read the service rate-limited (429) and returns the later answer', async () => {
    const { fetch, urls } = scripted(json(429, { message: 'slow down' }), json(200, { tvlUsd: 5, history: [] }))
    expect((await api(fetch).stats(7)).tvlUsd).toBe(5)
    expect(urls).toEqual(['http://127.0.0.1:4010/api/stats?days=7', 'http://127.0.0.1:4010/api/stats?days=7'])
  })

  it('returns null programs when the service has no /api/programs route', async () => {
    const { fetch } = scripted(json(404, { statusCode: 404, error: 'Not Found', message: 'Route GET:/api/programs not found' }))
    expect(await api(fetch).programs()).toBeNull()
  })

  it('reads every page of programs with the filter asked for', async () => {
    const { fetch, urls } = scripted(json(200, { programs: [{ id: 1 }], nextCursor: 'c1' }), json(200, { programs: [{ id: 2 }], nextCursor: null }))
    expect((await api(fetch).programs({ kind: 'farm', status: 'active' }))?.map((p) => p.id)).toEqual([1, 2])
    expect(urls).toEqual(['http://127.0.0.1:4010/api/programs?kind=farm&status=active&limit=500', 'http://127.0.0.1:4010/api/programs?kind=farm&status=active&limit=500&cursor=c1'])
  })

  it('reads one page of an account’s activity by limit and cursor, leaving the next cursor to the caller', async () => {
    const address = 'A'.repeat(58)
    const item = { kind: 'swap', contract: 'dex', round: 10, time: 1, txnId: 'T', groupId: null }
    const { fetch, urls } = scripted(json(200, { activity: [item], nextCursor: 'c2' }))
    expect(await api(fetch).activity(address, { limit: 20, cursor: 'c1' })).toEqual({ activity: [item], nextCursor: 'c2' })
    expect(urls).toEqual([`http://127.0.0.1:4010/api/accounts/${address}/activity?limit=20&cursor=c1`])
  })

  it('passes on a 400 for a malformed address as an HttpError with the service’s message, without retrying', async () => {
    const message = 'address is not a valid Algorand address (its checksum does not match)'
    const { fetch, urls } = scripted(json(400, { statusCode: 400, error: 'Bad Request', message }))
    await expect(api(fetch).activity('A'.repeat(58))).rejects.toMatchObject({ status: 400, message })
    expect(urls).toHaveLength(1)
  })

  it('reads one page of the admin log, retrying a 503 and filtering by action', async () => {
    const entry = { round: 5, time: 2, txnId: 'X', contract: 'dex', action: 'setFees', account: 'ADMIN', change: { defaultFeeBps: 30 } }
    const { fetch, urls } = scripted(json(503, { message: 'starting' }), json(200, { actions: [entry], nextCursor: null }))
    expect(await api(fetch).adminLog({ limit: 20, action: 'setFees' })).toEqual({ actions: [entry], nextCursor: null })
    expect(urls).toEqual(['http://127.0.0.1:4010/api/admin/log?limit=20&action=setFees', 'http://127.0.0.1:4010/api/admin/log?limit=20&action=setFees'])
  })

  it('passes on a 404 for an unknown pool as an HttpError with the service’s message', async () => {
    const { fetch } = scripted(json(404, { statusCode: 404, error: 'Not Found', message: 'pool 9 not found' }))
    await expect(api(fetch).pool(9)).rejects.toMatchObject({ status: 404, message: 'pool 9 not found' })
  })
})

describe('analyticsProblem', () => {
  it.each<[string, unknown, string]>([
    ['no answer at all', new NetworkError('Could not reach the server'), 'unreachable'],
    ['a timeout', new TimeoutError(10_000), 'unreachable'],
    ['a 503 after the retries', new HttpError(503, 'unavailable'), 'unreachable'],
    ['a 404', new HttpError(404, 'pool 9 not found'), 'not-found'],
    ['a 400', new HttpError(400, 'tf must be one of 5m, 15m'), 'failed'],
  ])('classifies %s', (_name, error, kind) => {
    expect(analyticsProblem(error).kind).toBe(kind)
  })
})
