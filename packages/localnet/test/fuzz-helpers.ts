// What the APIs' fuzz tests share: a seeded source of choices, the signs of a leak in a body, and
// a runner that sends requests a few at a time and collects every 5xx and leak it meets.

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

/** Sends `count` requests from `next` to `base`, `parallel` at a time. */
export async function fuzz(base: string, count: number, next: () => FuzzRequest, parallel = 8): Promise<FuzzResult> {
  const statuses = new Map<number, number>()
  const failures: string[] = []
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, next)
    await Promise.all(
      batch.map(async (r) => {
        const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body })
        const text = await res.text()
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        if (res.status >= 500 || LEAK.test(text)) failures.push(`${r.method} ${r.path} → ${res.status} ${text.slice(0, 200)}`)
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
