import { describe, expect, it, vi } from 'vitest'
import { HttpError, NetworkError, TimeoutError } from '../http.ts'
import { indexerApi, indexerProblem } from './client.ts'
import { amountText, historyRows } from './history.ts'

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

describe('indexerApi with amounts beyond 2^53', () => {
  // As the indexer writes them: uint64 as bare digits, which JSON.parse would round.
  const text = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
  const page = `{"current-round":12,"next-token":"n","transactions":[
    {"id":"BIG","tx-type":"axfer","sender":"BOB","fee":1000,"confirmed-round":11,"round-time":1700000000,"note":"MTg0NDY3NDQwNzM3MDk1NTE2MTU=",
     "asset-transfer-transaction":{"receiver":"ME","amount":18446744073709551615,"asset-id":42,"close-amount":0}},
    {"id":"CLOSE","tx-type":"pay","sender":"ME","fee":9007199254740993,"confirmed-round":10,
     "payment-transaction":{"receiver":"BOB","amount":9007199254740993,"close-remainder-to":"CAROL","close-amount":9007199254740993}},
    {"id":"CFG","tx-type":"acfg","sender":"ME","fee":1000,"confirmed-round":9,"created-asset-index":42,
     "asset-config-transaction":{"asset-id":0,"params":{"name":"Big 18446744073709551615","unit-name":"BIG","total":18446744073709551615,"decimals":18}}}]}`

  it('hands back every uint64 exactly and the rest as numbers', async () => {
    const { fetch } = scripted(text(page))
    const { transactions, currentRound } = await api(fetch).accountTransactions('ME')
    expect(currentRound).toBe(12)
    expect(transactions[0]).toMatchObject({ fee: 1000, 'confirmed-round': 11, 'asset-transfer-transaction': { amount: 18446744073709551615n, 'asset-id': 42, 'close-amount': 0 } })
    expect(transactions[0]!.note).toBe('MTg0NDY3NDQwNzM3MDk1NTE2MTU=')
    expect(transactions[1]).toMatchObject({ fee: 9007199254740993n, 'payment-transaction': { amount: 9007199254740993n, 'close-amount': 9007199254740993n } })
    expect(transactions[2]!['asset-config-transaction']!.params).toEqual({ name: 'Big 18446744073709551615', 'unit-name': 'BIG', total: 18446744073709551615n, decimals: 18 })
  })

  it('shows the exact amounts in the history rows and their words', async () => {
    const { fetch } = scripted(text(page))
    const rows = historyRows([await api(fetch).accountTransactions('ME')], 'ME')
    expect(rows.map((r) => [r.id, r.kind, r.amount?.value])).toEqual([
      ['BIG', 'received', 18446744073709551615n],
      ['CLOSE', 'sent', 18014398509481986n],
      ['CFG', 'asset-created', undefined],
    ])
    expect(amountText(rows[0]!.amount!, { decimals: 18, symbol: 'BIG' })).toBe('+18.446744073709551615 BIG')
    expect(amountText(rows[0]!.amount!, { decimals: 0, symbol: 'BIG' })).toBe('+18,446,744,073,709,551,615 BIG')
    expect(amountText(rows[1]!.amount!, { decimals: 6, symbol: 'ALGO' })).toBe('−18,014,398,509.481986 ALGO')
  })

  it('keeps an asset’s config transactions exact too', async () => {
    const { fetch } = scripted(text(page), text('{"current-round":12,"transactions":[]}'))
    const [, , config] = await api(fetch).assetConfigTransactions(42)
    expect(config!['asset-config-transaction']!.params!.total).toBe(18446744073709551615n)
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
