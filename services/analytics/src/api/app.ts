// The REST API: Fastify with a JSON schema per route (validation and serialization), one error
// handler, CORS for the web app and the OpenAPI document built from the same schemas.
import Fastify, { type FastifyInstance } from 'fastify'
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import type { ApiDeps } from './deps.ts'
import { HttpError, reason } from './errors.ts'
import { health } from './routes/health.ts'
import { pools } from './routes/pools.ts'
import { poolById } from './routes/pool.ts'
import { candles } from './routes/candles.ts'
import { swaps } from './routes/swaps.ts'
import { tokens } from './routes/tokens.ts'
import { stats } from './routes/stats.ts'
import { activity } from './routes/activity.ts'
import { programs } from './routes/programs.ts'
import { locks } from './routes/locks.ts'
import { projects } from './routes/projects.ts'
import { vault } from './routes/vault.ts'
import { adminLog } from './routes/admin-log.ts'

/** Options of the API besides its dependencies. */
export interface ApiOptions extends ApiDeps {
  /** Origins allowed by CORS (the web app's); default any origin. */
  corsOrigin?: string | RegExp | (string | RegExp)[]
  logger?: boolean
}

/** Every route, in the order the OpenAPI document lists them. */
const ROUTES = [health, pools, poolById, candles, swaps, tokens, stats, programs, locks, projects, vault, adminLog, activity]

/** Builds the API (not listening: `listen` it, or `inject` requests in tests). */
export async function buildApi(options: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, ajv: { customOptions: { removeAdditional: false } } })
  await app.register(cors, { origin: options.corsOrigin ?? '*', methods: ['GET', 'HEAD', 'OPTIONS'] })
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Grove analytics API', version: '0.1.0', description: "Grove's pools, swaps, candles, tokens, stats, staking programs, locks, projects, the vault and admin actions, indexed from algod." },
    },
  })

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
    if (error.validation) return reply.status(400).send({ statusCode: 400, error: reason(400), message: error.message })
    const status = error instanceof HttpError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) req.log.error(error)
    return reply.status(status).send({ statusCode: status, error: reason(status), message: status >= 500 ? 'the analytics service failed to answer; see its log' : error.message })
  })
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ statusCode: 404, error: reason(404), message: `${req.method} ${req.url.split('?')[0]} is not a route of this API (see /api/openapi.json)` }))

  for (const route of ROUTES) route(app, options)
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.ready()
  return app
}
