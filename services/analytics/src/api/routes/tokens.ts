// GET /api/tokens: each pooled token (LP tokens aside) with its price in ALGO and USD, 24h change
// and 24h volume (the USD value of its side of every swap).
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { marketOf } from '../market-cache.ts'
import { errors } from '../schemas.ts'
import { tokens as tokensResponse } from '../response-schemas.ts'

export function tokens(app: FastifyInstance, deps: ApiDeps): void {
  app.get(
    '/api/tokens',
    {
      schema: {
        summary: 'Tokens with prices, 24h change and volume',
        response: { 200: tokensResponse, ...errors },
      },
    },
    async () => {
      const market = await marketOf(deps)
      const stats = new Map<number, { volume: number; tvl: number | null; pools: number }>()
      for (const p of market.pools) {
        for (const [side, reserve] of [[p.assetA.id, p.reserveA], [p.assetB.id, p.reserveB]] as const) {
          const s = stats.get(side) ?? { volume: 0, tvl: 0, pools: 0 }
          // a pool's volume counts once for each of its two tokens
          s.volume += p.volume24hUsd
          const v = market.prices.value(side, reserve)
          s.tvl = s.tvl === null || v === undefined ? null : s.tvl + v
          s.pools++
          stats.set(side, s)
        }
      }
      const list = [...stats.keys()].sort((x, y) => x - y).map((id) => {
        const a = market.assets.get(id) ?? { id, unitName: null, name: null, decimals: 0 }
        const usd = market.prices.usd(id) ?? null
        const old = market.pricesDayAgo.usd(id)
        const s = stats.get(id)!
        return { ...a, priceAlgo: market.prices.algo(id) ?? null, priceUsd: usd, change24h: usd !== null && old ? usd / old - 1 : null, volume24hUsd: s.volume, tvlUsd: s.tvl, pools: s.pools }
      })
      return { tokens: list }
    },
  )
}
