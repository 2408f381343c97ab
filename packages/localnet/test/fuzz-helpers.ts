// What the APIs' fuzz tests share: a seeded source of choices, the signs of a leak in a body, and
// a runner that sends requests a few at a time and collects every 5xx and leak it meets.
import { request as httpRequest } from 'node:http'

/** mulberry32: every choice of a fuzz comes from it, so a failure replays from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** One of `xs`, by `rnd`. */
export const pickWith =
  (rnd: () => number) =>
  <T>(xs: readonly T[]): T =>
    xs[Math.floor(rnd() * xs.length)]!

/** Signs that a body carries internals: a stack frame, a file path, a module. */
export const LEAK = /(\n\s+at |node:internal|node_modules|file:\/\/|\/work\/|\/home\/|\/tmp\/|\.ts:\d+)/

/** A request of a fuzz. */
export interface FuzzRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Uint8Array
}

/** What a fuzz met: how many answers of each status, and each 5xx or leaking answer. */
export interface FuzzResult {
  statuses: Map<number, number>
  failures: string[]
  count: number
}

/**
 * Sends one request as written: node:http keeps the path byte for byte (fetch would resolve `..`
 * and escape it) and sends a body with any method.
 */
export function send(base: string, r: FuzzRequest): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    // node frames no body of a GET or DELETE unless told its length: say it, so the server reads it as this request's
    const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) }
    const req = httpRequest({ host: hostname, port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(r.body)
  })
}

/** Sends `count` requests from `next` to `base`, `parallel` at a time. */
export async function fuzz(base: string, count: number, next: () => FuzzRequest, parallel = 8): Promise<FuzzResult> {
  const statuses = new Map<number, number>()
  const failures: string[] = []
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, next)
    await Promise.all(
      batch.map(async (r) => {
        const res = await send(base, r).catch((e: Error) => ({ status: 0, text: `no answer: ${e.message}` }))
        if (res.status === 0) failures.push(`${r.method} ${r.path} → ${res.text}`)
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        if (res.status >= 500 || LEAK.test(res.text)) failures.push(`${r.method} ${r.path} → ${res.status} ${res.text.slice(0, 200)}`)
      }),
    )
  }
  return { statuses, failures, count: [...statuses.values()].reduce((a, b) => a + b, 0) }
}

/** Numbers as a client might mistype them. */
export const NUMBERS = ['0', '1', '2', '5', '-1', '1.5', '1e3', 'Infinity', 'NaN', '0x10', ' 1', '', '18446744073709551615', '18446744073709551616', '9223372036854775807', '9223372036854775808', '99999999999999999999999999', '٣', 'null', '%00', '4294967296']
/** Free text, including encodings that decode badly. */
export const TEXT = ['', 'x', 'junk', 'true', 'false', 'TRUE', '1', '0', '%FF', '%C0%AE', '<script>', "' OR 1=1 --", 'a'.repeat(300), '\u0000', '💥', 'b64:!!', 'str:x', 'int:1', 'abc:def']
/** Paths no route should serve. */
export const ODD_PATHS = ['/', '/v2', '/v2/', '//v2/status', '/v2/../../etc/passwd', '/v2/%2e%2e/%2e%2e/etc/passwd', '/.env', '/.git/config', '/v2/accounts/%', `/v2/${'x'.repeat(4000)}`, '/v2/status?%', '/v2/status?a=%E0%A4%A', '/v1/../v2/status', '/%00']
