// `npm run bench -w @grove/analytics`: prints one JSON object.
// - ingest: events/s through the follower's write path (the DEX module and SQL, in poll-sized
//   transactions) for synthetic events, and end to end from a localnet with a swap history
//   (algod blocks → subscriber → SDK decoding → rows, in the follower's polls).
// - candles: latency (p50, p95) of GET /api/pools/:id/candles over 1,000,000 swaps generated
//   directly in SQL, with their candles aggregated in SQL.
//   A second localnet has Grove deployed whole and every contract used (test/activity.ts, run
//   BENCH_ACTIVITY_PASSES times): staking, locks, projects, admin and vault events end to end.
// - api: requests per second of GET /api/pools over HTTP (rate limit off: the server's capacity).
// - load: BENCH_LOAD_CLIENTS (50) concurrent loopback clients at GET /api/pools for
//   BENCH_LOAD_SECONDS (30) with the default limits on: requests/s, 200s/s, p99 latency, 429s, and
//   any other error (must be 0).
// Sizes: BENCH_SWAPS (1,000,000), BENCH_INGEST_EVENTS (50,000), BENCH_LOCALNET_SWAPS (400);
// DATABASE_URL=postgres://… runs the SQL parts on that server instead of PGlite.
import { buildSwapExactIn, buildAddLiquidity, buildCreatePool, firstAddMinLp } from '@grove/sdk'
import { openDatabase, type Database } from '../src/db/database.ts'
import { migrate } from '../src/db/migrate.ts'
import { buildApi } from '../src/api/app.ts'
import { Follower, readWatermark } from '../src/follower/follower.ts'
import { TIMEFRAMES } from '../src/candles.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT } from '../test/synthetic.ts'
import { startGrove } from '../test/grove.ts'
import { runActivity, startFullGrove } from '../test/activity.ts'

const SWAPS = Number(process.env.BENCH_SWAPS ?? 1_000_000)
const INGEST_EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 50_000)
const LOCALNET_SWAPS = Number(process.env.BENCH_LOCALNET_SWAPS ?? 400)
const ACTIVITY_PASSES = Number(process.env.BENCH_ACTIVITY_PASSES ?? 2)
const LOAD_CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50)
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30)
const target = process.env.DATABASE_URL

const log = (m: string) => process.stderr.write(`${m}\n`)

/** An empty migrated database (a fresh schema on a server). */
async function emptyDatabase(): Promise<Database> {
  const db = await openDatabase(target ?? 'memory://')
  if (target) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
  await migrate(db)
  return db
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** Synthetic swaps through the DEX module in transactions of 5,000 events. */
async function benchIngestSynthetic(): Promise<{ events: number; seconds: number; eventsPerSecond: number }> {
  const db = await emptyDatabase()
  const w = new EventWriter(1_700_000_000)
  const assets = [{ id: 0, unitName: 'ALGO', decimals: 6 }, { id: 10, unitName: 'gUSD', decimals: 6 }]
  const tokens = [20, 30, 40, 50, 60, 70, 80, 90]
  for (const t of tokens) assets.push({ id: t, unitName: `T${t}`, decimals: 6 })
  w.createPool(0, 10, 100)
  w.add(0, 10, 10n ** 13n, 2n * 10n ** 12n)
  tokens.forEach((t, i) => {
    w.createPool(0, t, 101 + i)
    w.add(0, t, 10n ** 13n, 10n ** 13n)
  })
  await ingest(db, w.events.splice(0), assets)
  const pairs: [number, number][] = [[0, 10], ...tokens.map((t) => [0, t] as [number, number])]
  for (let i = 0; i < INGEST_EVENTS; i++) {
    const [a, b] = pairs[i % pairs.length]!
    w.time += 7
    if (i % 2) w.swap(a, b, 1_000_000n + BigInt(i % 1000) * 1000n)
    else w.swap(b, a, 1_000_000n + BigInt(i % 1000) * 1000n)
  }
  const events = w.events.splice(0)
  const t0 = performance.now()
  for (let i = 0; i < events.length; i += 5_000) await ingest(db, events.slice(i, i + 5_000), [])
  const seconds = (performance.now() - t0) / 1000
  await db.close()
  return { events: events.length, seconds: round2(seconds), eventsPerSecond: Math.round(events.length / seconds) }
}

/** A localnet with a swap history, then the follower from its first round to the tip. */
async function benchIngestLocalnet(): Promise<Record<string, unknown>> {
  const g = await startGrove()
  try {
    const { ctx, gusd } = g
    const sp = await g.algod.getTransactionParams().do()
    const fast = { ...ctx, suggestedParams: sp, heldAssets: [gusd], coverBudget: false }
    await g.send(await buildCreatePool(ctx, 0n, gusd))
    await g.send(await buildAddLiquidity(ctx, await g.pool(0n, gusd), 10n ** 12n, 2n * 10n ** 11n, firstAddMinLp(10n ** 12n, 2n * 10n ** 11n, 0n)))
    for (let i = 0; i < LOCALNET_SWAPS; i++) {
      if (i % 200 === 0) fast.suggestedParams = await g.algod.getTransactionParams().do()
      await g.send(await buildSwapExactIn(fast, i % 2 ? gusd : 0n, i % 2 ? 0n : gusd, 1_000_000n + BigInt(i), 0n))
    }
    const db = await emptyDatabase()
    const f = new Follower({ db, algod: g.algod, deployment: g.deployment, maxRoundsPerPoll: 1000 })
    await f.verifyChain()
    const t0 = performance.now()
    let events = 0
    let rounds = 0
    for (;;) {
      const r = await f.pollOnce()
      events += r.events
      rounds += Number(r.to - r.from + 1n)
      if (r.to >= r.tip) break
    }
    const seconds = (performance.now() - t0) / 1000
    // steady state: the follower running, a swap at a time; how long until its round is in the database
    void f.start()
    const delays: number[] = []
    let behind = 0
    for (let i = 0; i < 40; i++) {
      const [call] = await g.send(await buildSwapExactIn(fast, i % 2 ? gusd : 0n, i % 2 ? 0n : gusd, 2_000_000n + BigInt(i), 0n))
      const sent = performance.now()
      behind = Math.max(behind, Number(call!.round - (await readWatermark(db))!.round))
      while ((await readWatermark(db))!.round < call!.round) await new Promise((r) => setTimeout(r, 5))
      delays.push(performance.now() - sent)
    }
    await f.stop()
    delays.sort((x, y) => x - y)
    await db.close()
    return {
      events,
      rounds,
      seconds: round2(seconds),
      eventsPerSecond: Math.round(events / seconds),
      roundsPerSecond: Math.round(rounds / seconds),
      steadyState: { swaps: delays.length, maxRoundsBehind: behind, indexedAfterMs: { p50: round2(percentile(delays, 50)), p95: round2(percentile(delays, 95)) } },
    }
  } finally {
    await g.stop()
  }
}

/** Grove deployed whole, every contract used ACTIVITY_PASSES times, then the follower from the first round to the tip. */
async function benchIngestContracts(): Promise<Record<string, unknown>> {
  const g = await startFullGrove()
  try {
    for (let i = 0; i < ACTIVITY_PASSES; i++) await runActivity(g, i)
    const db = await emptyDatabase()
    const f = new Follower({ db, algod: g.algod, deployment: g.deployment, maxRoundsPerPoll: 1000 })
    await f.verifyChain()
    const t0 = performance.now()
    let events = 0
    let rounds = 0
    const rows: Record<string, number> = {}
    for (;;) {
      const r = await f.pollOnce()
      events += r.events
      rounds += Number(r.to - r.from + 1n)
      for (const [k, n] of Object.entries(r.rows)) rows[k] = (rows[k] ?? 0) + n
      if (r.to >= r.tip) break
    }
    const seconds = (performance.now() - t0) / 1000
    await db.close()
    return { passes: ACTIVITY_PASSES, events, rounds, seconds: round2(seconds), eventsPerSecond: Math.round(events / seconds), roundsPerSecond: Math.round(rounds / seconds), rows }
  } finally {
    await g.stop()
  }
}

/**
 * LOAD_CLIENTS loopback clients, each sending GET /api/pools back to back for LOAD_SECONDS, against
 * the API with its default limits: one IP, so past the rate the answers are 429s (expected); any
 * other status or a failed request counts as an error.
 */
async function loadTest(address: string): Promise<Record<string, unknown>> {
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let errors = 0
  const until = performance.now() + LOAD_SECONDS * 1000
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        try {
          const res = await fetch(`${address}/api/pools`)
          await res.arrayBuffer()
          latencies.push(performance.now() - t0)
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
          if (res.status !== 200 && res.status !== 429) errors++
          // a refused client waits as told, as a well-behaved one would (bounded: at most the rest of the run)
          if (res.status === 429) await new Promise((r) => setTimeout(r, Math.min(Number(res.headers.get('retry-after') ?? 1) * 1000, Math.max(0, until - performance.now()))))
        } catch {
          errors++
        }
      }
    }),
  )
  latencies.sort((x, y) => x - y)
  const total = latencies.length
  return {
    route: 'GET /api/pools',
    clients: LOAD_CLIENTS,
    seconds: LOAD_SECONDS,
    requests: total + errors,
    requestsPerSecond: Math.round(total / LOAD_SECONDS),
    okPerSecond: Math.round((statuses['200'] ?? 0) / LOAD_SECONDS),
    statuses,
    latencyMs: { p50: round2(percentile(latencies, 50)), p99: round2(percentile(latencies, 99)) },
    errorsOtherThan429: errors,
  }
}

/** SWAPS synthetic swaps over 9 pools and a year, generated in SQL, and their candles aggregated in SQL. */
async function fillMillion(db: Database): Promise<{ seconds: number }> {
  const t0 = performance.now()
  const start = 1_700_000_000
  await db.exec(`INSERT INTO assets (id, unit_name, name, decimals) SELECT g, 'T' || g, 'T' || g, 6 FROM generate_series(0, 10) g`)
  await db.exec(`INSERT INTO pools (id, asset_a, asset_b, fee_bps, creator, created_round, created_time, reserve_a, reserve_b, lp_issued, updated_round)
    SELECT 100 + g, 0, g, 30, 'CREATOR', 1, ${start}, 1000000000000, 200000000000 * g, 1000000, 1 FROM generate_series(1, 9) g`)
  // one swap every ~31.5 s across the year, round-robin over the pools, prices on a wave
  await db.exec(`INSERT INTO swaps (round, intra, log_index, time, txn_id, group_id, hop, pool_id, trader, asset_in, asset_out, amount_in, amount_out, protocol_fee, reserve_a, reserve_b, price, volume_usd)
    SELECT i, 0, 0, ${start} + (i * 31536000::bigint / ${SWAPS}), 'TX' || i, NULL, 0, 101 + (i % 9), 'TRADER' || (i % 1000),
           CASE WHEN i % 2 = 0 THEN 0 ELSE 1 + (i % 9) END, CASE WHEN i % 2 = 0 THEN 1 + (i % 9) ELSE 0 END,
           1000000 + (i % 997) * 1000, 990000 + (i % 991) * 1000, 500, 1000000000000, 200000000000,
           (1 + (i % 9)) * 0.2 * (1 + 0.1 * sin(i / 5000.0) + 0.01 * sin(i * 7.0)), 1 + (i % 100)
    FROM generate_series(1, ${SWAPS}) i`)
  for (const [tf, size] of Object.entries(TIMEFRAMES)) {
    await db.exec(`INSERT INTO candles (pool_id, tf, bucket, open, high, low, close, sold_a, sold_b, bought_a, bought_b, volume_usd, trades)
      SELECT s.pool_id, '${tf}', (s.time / ${size}) * ${size} AS bucket,
        (array_agg(s.price ORDER BY s.round, s.intra, s.log_index))[1], max(s.price), min(s.price),
        (array_agg(s.price ORDER BY s.round DESC, s.intra DESC, s.log_index DESC))[1],
        sum(CASE WHEN s.asset_in = p.asset_a THEN s.amount_in ELSE 0 END), sum(CASE WHEN s.asset_in = p.asset_b THEN s.amount_in ELSE 0 END),
        sum(CASE WHEN s.asset_out = p.asset_a THEN s.amount_out ELSE 0 END), sum(CASE WHEN s.asset_out = p.asset_b THEN s.amount_out ELSE 0 END),
        sum(s.volume_usd), count(*)
      FROM swaps s JOIN pools p ON p.id = s.pool_id GROUP BY s.pool_id, 3`)
  }
  // followed up to the last swap's round, as a served database is (the API caches the market per watermark)
  await db.query('INSERT INTO watermark (round, time) VALUES ($1, $2)', [SWAPS, start + 31_536_000])
  await db.exec('ANALYZE')
  return { seconds: round2((performance.now() - t0) / 1000) }
}

async function benchCandlesAndApi(): Promise<Record<string, unknown>> {
  const db = await emptyDatabase()
  const fill = await fillMillion(db)
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM swaps')) as [{ n: number }]
  const app = await buildApi({ db, deployment: { ...SYNTHETIC_DEPLOYMENT, stableAssetId: 1n }, now: () => 1_700_000_000 + 31_536_000, limits: { rateLimit: false } })
  const tfs = Object.keys(TIMEFRAMES)
  const times: number[] = []
  // warm up, then 1,000 queries: random pool, timeframe and window end, the default 500 candles
  for (let i = 0; i < 1_050; i++) {
    const pool = 101 + (i % 9)
    const tf = tfs[i % tfs.length]
    const to = 1_700_000_000 + Math.floor(Math.random() * 31_536_000)
    const t0 = performance.now()
    const res = await app.inject({ method: 'GET', url: `/api/pools/${pool}/candles?tf=${tf}&to=${to}` })
    const ms = performance.now() - t0
    if (res.statusCode !== 200) throw new Error(res.body)
    if (i >= 50) times.push(ms)
  }
  times.sort((x, y) => x - y)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const until = performance.now() + 5_000
  let requests = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        const res = await fetch(`${address}/api/pools`)
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`status ${res.status}`)
        requests++
      }
    }),
  )
  await app.close()
  // the same database behind the API as it is served: default limits, rate limit on
  const limited = await buildApi({ db, deployment: { ...SYNTHETIC_DEPLOYMENT, stableAssetId: 1n }, now: () => 1_700_000_000 + 31_536_000 })
  log(`load test: ${LOAD_CLIENTS} clients for ${LOAD_SECONDS} s…`)
  const load = await loadTest(await limited.listen({ port: 0, host: '127.0.0.1' }))
  await limited.close()
  await db.close()
  return {
    load,
    candles: { swaps: n, fillSeconds: fill.seconds, queries: times.length, p50Ms: round2(percentile(times, 50)), p95Ms: round2(percentile(times, 95)), goalP95Ms: 50 },
    api: { route: 'GET /api/pools', concurrency: 8, requestsPerSecond: Math.round(requests / 5) },
  }
}

log(`bench on ${target ? 'PostgreSQL' : 'PGlite'}`)
log('ingest (synthetic events)…')
const synthetic = await benchIngestSynthetic()
log(JSON.stringify(synthetic))
log('ingest (localnet)…')
const localnet = LOCALNET_SWAPS > 0 ? await benchIngestLocalnet() : null
log(JSON.stringify(localnet))
log('ingest (localnet, every contract)…')
const contracts = ACTIVITY_PASSES > 0 ? await benchIngestContracts() : null
log(JSON.stringify(contracts))
log(`candles over ${SWAPS} swaps…`)
const rest = await benchCandlesAndApi()
console.log(JSON.stringify({ database: target ? 'postgres' : 'pglite', ingest: { synthetic, localnet, contracts, goalEventsPerSecond: 5_000 }, ...rest }, null, 2))
process.exit(0)
