import { describe, expect, it, vi } from 'vitest'
import { HttpError, NetworkError, TimeoutError } from '../http.ts'
import { indexerApi, indexerProblem } from './client.ts'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch answering each call from the script, in order, recording the URLs and headers asked for. */
function scripted(...replies: (Response | Error)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> })
    const reply = replies[Math.min(calls.length, replies.length) - 1]!
    if (reply instanceof Error) throw reply
    return reply.clone()
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

const tx = (id: string, round: number) => ({ id, 'tx-type': 'pay', sender: 'A', fee: 1000, 'confirmed-round': round })
const api = (fetch: typeof globalThis.fetch, token = '') =>
  indexerApi({ server: 'http://127.0.0.1', port: '8980', token }, { fetch, sleep: async () => {}, random: () => 0 })

describe('indexerApi', () => {
  it('reads a page of an account’s transactions and hands back the next token', async () => {
    const { fetch, calls } = scripted(json(200, { 'current-round': 9, 'next-token': 'n1', transactions: [tx('T2', 8), tx('T1', 5)] }))
    const page = await api(fetch).accountTransactions('ADDR')
    expect(page).toEqual({ transactions: [tx('T2', 8), tx('T1', 5)], nextToken: 'n1', currentRound: 9 })
    expect(calls.map((c) => c.url)).toEqual(['http://127.0.0.1:8980/v2/accounts/ADDR/transactions?limit=20'])
  })

  it('asks for the next page with the token and leaves it out on the last page', async () => {
    const { fetch, calls } = scripted(json(200, { 'current-round': 9, transactions: [] }))
    const page = await api(fetch).accountTransactions('ADDR', { next: 'n1', limit: 5 })
    expect(page).toEqual({ transactions: [], currentRound: 9 })
    expect(calls[0]!.url).toBe('http://127.0.0.1:8980/v2/accounts/ADDR/transactions?limit=5&next=n1')
  })

  it('sends the token as X-Indexer-API-Token only when there is one', async () => {
    const { fetch, calls } = scripted(json(200, { 'current-round': 1, transactions: [] }))
    await api(fetch, 'secret').accountTransactions('A')
    await api(fetch).accountTransactions('A')
    expect(calls[0]!.headers['X-Indexer-API-Token']).toBe('secret')
    expect(calls[1]!.headers).not.toHaveProperty('X-Indexer-API-Token')
  })

  it('walks every page of an asset’s config transactions until an empty one', async () => {
    const { fetch, calls } = scripted(
      json(200, { 'current-round': 9, 'next-token': 'a', transactions: [tx('C1', 2)] }),
      json(200, { 'current-round': 9, 'next-token': 'b', transactions: [tx('C2', 7)] }),
      json(200, { 'current-round': 9, 'next-token': 'c', transactions: [] }),
    )
    expect((await api(fetch).assetConfigTransactions(42)).map((t) => t.id)).toEqual(['C1', 'C2'])
    expect(calls.map((c) => c.url)).toEqual([
      'http://127.0.0.1:8980/v2/assets/42/transactions?tx-type=acfg',
      'http://127.0.0.1:8980/v2/assets/42/transactions?tx-type=acfg&next=a',
      'http://127.0.0.1:8980/v2/assets/42/transactions?tx-type=acfg&next=b',
    ])
  })

  it('retries a read the indexer could not serve, then answers', async () => {
    const { fetch, calls } = scripted(json(503, { message: 'busy' }), json(200, { 'current-round': 1, transactions: [] }))
    expect((await api(fetch).accountTransactions('A')).transactions).toEqual([])
    expect(calls).toHaveLength(2)
  })
})

describe('indexerProblem', () => {
  it.each([
    ['no answer', new NetworkError('refused')],
    ['a timeout', new TimeoutError(10_000)],
    ['a server error after retries', new HttpError(502, 'bad gateway')],
  ])('calls %s unreachable', (_name, error) => {
    expect(indexerProblem(error)).toEqual({ kind: 'unreachable' })
  })

  it('keeps the indexer’s message of a refusal', () => {
    expect(indexerProblem(new HttpError(400, 'invalid input: address'))).toEqual({ kind: 'failed', message: 'invalid input: address' })
  })
})
