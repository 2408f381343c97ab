// A bounded HTTP load generator for loopback benches: `clients` concurrent keep-alive clients
// each send one request after another for `seconds`, and the run reports throughput, latency
// percentiles and every status seen, so a bench can say "no error other than 429".
import { Agent, request } from 'node:http'

/** What to load and how hard. */
export interface LoadTestParams {
  url: string
  headers?: Record<string, string>
  clients: number
  seconds: number
}

/** What a load test saw. */
export interface LoadTestResult {
  requests: number
  requestsPerSec: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Count per HTTP status, and `error` for a request that got no answer. */
  statuses: Record<string, number>
}

/** Runs the load test; resolves once every client has finished its last request. */
export async function loadTest({ url, headers = {}, clients, seconds }: LoadTestParams): Promise<LoadTestResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  const target = new URL(url)
  const deadline = performance.now() + seconds * 1000
  const once = () =>
    new Promise<string>((resolve) => {
      const req = request(target, { agent, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(String(res.statusCode)))
      })
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
      req.on('error', () => resolve('error'))
      req.end()
    })
  const client = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      const status = await once()
      latencies.push(performance.now() - t0)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, client))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
  return { requests: latencies.length, requestsPerSec: Math.round(latencies.length / elapsed), p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), statuses }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100
}
