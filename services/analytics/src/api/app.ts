// The REST API: Fastify with a JSON schema per route (validation and serialization), one error
// handler, CORS for the web app and the OpenAPI document built from the same schemas.
import Fastify, { type FastifyInstance } from 'fastify'
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import type { ContractName } from '@grove/contracts/deployment'
import type { ApiDeps } from './deps.ts'
import { badRequest, HttpError, reason } from './errors.ts'
import { enforceLimits, serverOptions, type ApiLimits } from './limits.ts'
import { address, positionId, uint64 } from './schemas.ts'
import { health } from './routes/health.ts'
import { pools } from './routes/pools.ts'
import { poolById } from './routes/pool.ts'
import { candles } from './routes/candles.ts'
import { swaps } from './routes/swaps.ts'
import { flashes } from './routes/flashes.ts'
import { feeTiers } from './routes/fee-tiers.ts'
import { orders } from './routes/orders.ts'
import { tokens } from './routes/tokens.ts'
import { stats } from './routes/stats.ts'
import { activity } from './routes/activity.ts'
import { programs } from './routes/programs.ts'
import { locks } from './routes/locks.ts'
import { projects } from './routes/projects.ts'
import { vault } from './routes/vault.ts'
import { adminLog } from './routes/admin-log.ts'
import { positions } from './routes/positions.ts'
import { exportCsv } from './routes/export.ts'

/** Options of the API besides its dependencies. */
export interface ApiOptions extends ApiDeps {
  /** Origins allowed by CORS (the web app's); default any origin. */
  corsOrigin?: string | RegExp | (string | RegExp)[]
  logger?: boolean
  /** Body size, timeouts and the per-IP rate (limits.ts); generous defaults. */
  limits?: ApiLimits
  /** Trust X-Forwarded-For for the client's IP (behind a reverse proxy). */
  trustProxy?: boolean
  /** Where a 5xx's cause goes, one JSON line each (default stderr), whether or not `logger` is on. */
  logError?: (line: string) => void
}

/** One line of JSON for a request answered with a 5xx: what was asked, the status and the cause. */
export function errorLine(req: { method: string; url: string; id?: string }, status: number, error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error))
  return JSON.stringify({ level: 'error', time: new Date().toISOString(), service: 'analytics', method: req.method, url: req.url, reqId: req.id, status, error: e.message, code: (e as { code?: unknown }).code, stack: e.stack })
}

const stderrLine = (line: string) => void process.stderr.write(line + '\n')

/** What a value failing a pattern should have been, by the pattern (the patterns themselves are no sentence). */
const PATTERNS: Record<string, string> = { [uint64('').pattern]: 'a uint64 in decimal (0 to 18446744073709551615)', [address.pattern]: 'an Algorand address (58 characters A-Z and 2-7)', [positionId.pattern]: 'a position id as GET /api/positions gives it (lp-, program- or vault- and round-intra-logIndex)' }

/** The sentence for a schema validation failure: Fastify's, with the patterns named. */
function validationMessage(error: Error & { validation?: { keyword: string; instancePath: string; params: Record<string, unknown> }[]; validationContext?: string }): string {
  const first = error.validation?.[0]
  if (first?.keyword === 'pattern') return `${error.validationContext ?? ''}${first.instancePath} must be ${PATTERNS[String(first.params.pattern)] ?? 'in the format /api/openapi.json gives'}`
  return error.message
}

/** Whether a raw parameter is a number JavaScript reads as infinite ("Infinity", "1e400"): Ajv's coercion lets those past integer bounds. */
const infinite = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '' && Math.abs(Number(value)) === Infinity

/** A route's registration: its schema and handler on `app`. */
type Route = (app: FastifyInstance, deps: ApiDeps) => void

/**
 * Each contract's routes by its name in `CONTRACTS` (a contract without an entry fails to compile),
 * in the order the OpenAPI document lists them (the document's order since its first version).
 */
export const CONTRACT_ROUTES: Record<ContractName, readonly Route[]> = {
  Dex: [pools, poolById, candles, swaps, flashes, feeTiers, tokens, stats],
  Staking: [programs],
  Locks: [locks],
  Registry: [projects],
  Vault: [vault],
  Orders: [orders],
  // stable pools' events are not followed yet (issue 37, item 4)
  Stable: [],
}

/** Every route, in the order the OpenAPI document lists them: health, each contract's, then those over several contracts. */
const ROUTES: readonly Route[] = [health, ...Object.values(CONTRACT_ROUTES).flat(), adminLog, activity, positions, exportCsv]

/** Builds the API (not listening: `listen` it, or `inject` requests in tests). */
export async function buildApi(options: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, ajv: { customOptions: { removeAdditional: false } }, trustProxy: options.trustProxy ?? false, ...serverOptions(options.limits) })
  // an OPTIONS without Access-Control-Request-Method (not a browser's preflight) gets the same 204 and headers, not a 400
  await app.register(cors, { origin: options.corsOrigin ?? '*', methods: ['GET', 'HEAD', 'OPTIONS'], strictPreflight: false })
  // after CORS, so a browser can read a 429 or 413
  enforceLimits(app, options.limits)
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Grove analytics API', version: '0.1.0', description: "Grove's pools, swaps, candles, tokens, stats, staking programs, locks, projects, the vault and admin actions, indexed from algod." },
    },
  })

  app.addHook('preValidation', async (req) => {
    for (const [where, values] of [['params', req.params], ['querystring', req.query]] as const) {
      for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) if (infinite(value)) throw badRequest(`${where}/${name} must be a finite number`)
    }
  })
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: { keyword: string; instancePath: string; params: Record<string, unknown> }[]; validationContext?: string }, req, reply) => {
    if (error.validation) return reply.status(400).send({ statusCode: 400, error: reason(400), message: validationMessage(error) })
    const status = error instanceof HttpError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) (options.logError ?? stderrLine)(errorLine(req, status, error))
    return reply.status(status).send({ statusCode: status, error: reason(status), message: status >= 500 ? 'the analytics service failed to answer; see its log' : error.message })
  })
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ statusCode: 404, error: reason(404), message: `${req.method} ${req.url.split('?')[0]} is not a route of this API (see /api/openapi.json)` }))

  for (const route of ROUTES) route(app, options)
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.ready()
  return app
}
