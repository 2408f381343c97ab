import { describe, expect, it, vi } from 'vitest'
import { HttpError, NetworkError, ParseError, TimeoutError, createHttpClient, type HttpClientOptions } from './http.ts'

type Reply = Response | Error | (() => Response | Promise<Response>)

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

/** A fetch that answers from a script and records every call. */
function scripted(...replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init })
    const reply = replies[Math.min(calls.length, replies.length) - 1]
    if (reply instanceof Error) throw reply
    return typeof reply === 'function' ? reply() : reply.clone()
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

function client(fetch: typeof globalThis.fetch, extra: Partial<HttpClientOptions> = {}) {
  const sleeps: number[] = []
  const http = createHttpClient({
    baseUrl: 'http://api.test/api/',
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...extra,
  })
  return { http, sleeps }
}

describe('createHttpClient', () => {
  it('joins the base URL, path and query, leaving out undefined parameters', async () => {
    const { fetch, calls } = scripted(json(200, { ok: true }))
    const { http } = client(fetch)
    await expect(http.get('/locks', { query: { asset: 5n, owner: undefined, limit: 10 } })).resolves.toEqual({ ok: true })
    expect(calls[0].url).toBe('http://api.test/api/locks?asset=5&limit=10')
    expect(calls[0].init.method).toBe('GET')
  })

  it('sends a JSON body with bigint values as strings', async () => {
    const { fetch, calls } = scripted(json(201, { id: 1 }))
    const { http } = client(fetch)
    await http.post('pools', { amount: 10n ** 19n, name: 'x' })
    expect(calls[0].init.body).toBe('{"amount":"10000000000000000000","name":"x"}')
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })

  it.each([
    ['an empty 204 as undefined', () => new Response(null, { status: 204 }), undefined],
    ['plain text as text', () => new Response('pong', { status: 200, headers: { 'Content-Type': 'text/plain' } }), 'pong'],
    ['problem+json as JSON', () => new Response('{"a":1}', { status: 200, headers: { 'Content-Type': 'application/problem+json' } }), { a: 1 }],
  ])('parses %s', async (_name, reply, expected) => {
    const { fetch } = scripted(reply)
    await expect(client(fetch).http.get('x')).resolves.toEqual(expected)
  })

  it('fails with a ParseError on a 2xx with broken JSON', async () => {
    const { fetch } = scripted(() => new Response('{oops', { status: 200, headers: { 'Content-Type': 'application/json' } }))
    await expect(client(fetch).http.get('x')).rejects.toBeInstanceOf(ParseError)
  })

  it('parses JSON bodies, success and error alike, with the parser it was given', async () => {
    const body = () => new Response('{"amount":18446744073709551615}', { status: 200, headers: { 'Content-Type': 'application/json' } })
    const exact = (text: string) => ({ exact: text })
    await expect(client(scripted(body).fetch, { parseJson: exact }).http.get('x')).resolves.toEqual({ exact: '{"amount":18446744073709551615}' })
    // Without one, JSON.parse rounds as it always did.
    await expect(client(scripted(body).fetch).http.get('x')).resolves.toEqual({ amount: 18446744073709552000 })
    const refused = await client(scripted(json(400, { message: 'no' })).fetch, { parseJson: exact, maxTries: 1 })
      .http.get('x')
      .catch((e: unknown) => e)
    expect(refused).toMatchObject({ status: 400, body: { exact: '{"message":"no"}' } })
  })

  it('fails with a ParseError when the given parser refuses a 2xx body', async () => {
    const { fetch } = scripted(() => new Response('{"a":1}', { status: 200, headers: { 'Content-Type': 'application/json' } }))
    const refuse = () => {
      throw new SyntaxError('no')
    }
    await expect(client(fetch, { parseJson: refuse }).http.get('x')).rejects.toBeInstanceOf(ParseError)
  })

  it("carries the status and the server's message in an HttpError", async () => {
    const { fetch } = scripted(json(400, { message: 'asset must be a positive integer' }))
    const error = await client(fetch).http.get('locks').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 400, message: 'asset must be a positive integer', body: { message: 'asset must be a positive integer' }, url: 'http://api.test/api/locks' })
  })

  it('describes an error without a server message by its status', async () => {
    const { fetch } = scripted(() => new Response('nope', { status: 404, statusText: 'Not Found' }))
    await expect(client(fetch).http.get('x')).rejects.toMatchObject({ status: 404, message: 'Request failed with status 404 (Not Found)', body: 'nope' })
  })

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET answered %i, up to 3 tries in all', async (status) => {
    const { fetch, calls } = scripted(json(status, { message: 'busy' }))
    const { http, sleeps } = client(fetch)
    await expect(http.get('x')).rejects.toMatchObject({ status })
    expect(calls).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
  })

  it('returns the answer of a retry that succeeds', async () => {
    const { fetch, calls } = scripted(json(503, {}), json(502, {}), json(200, { n: 3 }))
    await expect(client(fetch).http.get('x')).resolves.toEqual({ n: 3 })
    expect(calls).toHaveLength(3)
  })

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET answered %i', async (status) => {
    const { fetch, calls } = scripted(json(status, {}))
    await expect(client(fetch).http.get('x')).rejects.toMatchObject({ status })
    expect(calls).toHaveLength(1)
  })

  it.each(['post', 'put', 'patch', 'delete'] as const)('never retries a %s, even on 503', async (method) => {
    const { fetch, calls } = scripted(json(503, {}))
    const { http } = client(fetch)
    const request = method === 'delete' ? http.delete('x') : http[method]('x', { a: 1 })
    await expect(request).rejects.toMatchObject({ status: 503 })
    expect(calls).toHaveLength(1)
    expect(calls[0].init.method).toBe(method.toUpperCase())
  })

  it('backs off exponentially with jitter', async () => {
    const { fetch } = scripted(json(500, {}))
    const { http, sleeps } = client(fetch, { backoffMs: 100, random: () => 0.5 })
    await http.get('x').catch(() => {})
    // try n waits base·2^(n−1) plus jitter of up to as much again (random 0.5 → half).
    expect(sleeps).toEqual([150, 300])
  })

  it('draws the jitter from the random source', async () => {
    const { fetch } = scripted(json(500, {}))
    const low = client(fetch, { backoffMs: 100, random: () => 0 })
    await low.http.get('x').catch(() => {})
    const high = client(fetch, { backoffMs: 100, random: () => 0.999 })
    await high.http.get('x').catch(() => {})
    expect(low.sleeps).toEqual([100, 200])
    expect(high.sleeps).toEqual([199, 399])
  })

  it("waits at least the server's Retry-After, capped at 10 s", async () => {
    const { fetch } = scripted(json(429, {}, { 'Retry-After': '2' }), json(429, {}, { 'Retry-After': '600' }), json(200, {}))
    const { http, sleeps } = client(fetch, { backoffMs: 100 })
    await http.get('x')
    expect(sleeps).toEqual([2000, 10_000])
  })

  it('honours a custom number of tries', async () => {
    const { fetch, calls } = scripted(json(500, {}))
    await client(fetch, { maxTries: 1 }).http.get('x').catch(() => {})
    expect(calls).toHaveLength(1)
  })

  it('retries a GET that got no answer, then reports a NetworkError', async () => {
    const { fetch, calls } = scripted(new TypeError('Failed to fetch'))
    const error = await client(fetch).http.get('x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError)
    expect(calls).toHaveLength(3)
  })

  it('does not retry a POST that got no answer', async () => {
    const { fetch, calls } = scripted(new TypeError('Failed to fetch'))
    await expect(client(fetch).http.post('x', {})).rejects.toBeInstanceOf(NetworkError)
    expect(calls).toHaveLength(1)
  })

  it('aborts an attempt after the timeout with a TimeoutError, without retrying', async () => {
    vi.useFakeTimers()
    try {
      const calls: AbortSignal[] = []
      const hanging = ((_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          calls.push(init.signal!)
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        })) as unknown as typeof fetch
      const request = client(hanging, { timeoutMs: 5000 }).http.get('slow')
      const settled = request.catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(5000)
      const error = await settled
      expect(error).toBeInstanceOf(TimeoutError)
      expect(error).toMatchObject({ timeoutMs: 5000, message: 'The server did not answer within 5 s' })
      expect(calls).toHaveLength(1)
      expect(calls[0].aborted).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it("rethrows the caller's abort as is and stops retrying", async () => {
    const controller = new AbortController()
    const reason = new DOMException('left the page', 'AbortError')
    const { fetch, calls } = scripted(() => {
      controller.abort(reason)
      return json(503, {})
    })
    await expect(client(fetch).http.get('x', { signal: controller.signal })).rejects.toBe(reason)
    expect(calls).toHaveLength(1)
  })
})
