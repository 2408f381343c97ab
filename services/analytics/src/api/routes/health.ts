// GET /api/health: how far the follower got, where the chain is, and the lag between them.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { errors } from '../schemas.ts'
import { health as healthResponse } from '../response-schemas.ts'
import { readWatermark } from '../../follower/follower.ts'

export function health(app: FastifyInstance, deps: ApiDeps): void {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Watermark, chain round and lag',
        response: { 200: healthResponse, ...errors },
      },
    },
    async () => {
      const watermark = await readWatermark(deps.db)
      let chainRound: number | null = null
      try {
        if (deps.algod) chainRound = Number((await deps.algod.status().do()).lastRound)
      } catch {
        chainRound = null
      }
      const round = watermark ? Number(watermark.round) : null
      const lag = round !== null && chainRound !== null ? Math.max(0, chainRound - round) : null
      const status = round === null ? 'starting' : chainRound === null ? 'algod-unreachable' : lag! <= 1 ? 'ok' : 'syncing'
      return { status, watermark: round, watermarkTime: watermark?.time ?? null, chainRound, lag }
    },
  )
}
