// Liquidity positions as their real return reads them: the analytics service's
// figures (fees earned, impermanent loss, P&L against holding and in USD, fee APR) worded once here
// for the table, the pool page's "your fees earned" and the chart.
import { formatAmount } from '@grove/sdk/amount'
import { formatUsd } from './derive.ts'
import type { ApiPosition } from './types.ts'

/** A liquidity position's figures, as `lp` of GET /api/positions. */
export type LpFigures = NonNullable<ApiPosition['lp']>

/** One row of the returns table. */
export interface ReturnRow {
  id: string
  open: boolean
  poolId: number
  pair: string
  /** Where the units are: free, in a farm, locked (open positions). */
  where: string
  lp: LpFigures
}

const symbolOf = (a: LpFigures['pool']['assetA']) => a.unitName ?? `#${a.id}`

/** The liquidity positions of `positions`, open first, each newest first. */
export function returnRows(positions: readonly ApiPosition[]): ReturnRow[] {
  const rows = positions.flatMap((p): ReturnRow[] => {
    if (p.kind !== 'lp' || !p.lp) return []
    const lp = p.lp
    const staked = BigInt(lp.staked)
    const locked = BigInt(lp.locked)
    const parts = [staked > 0n ? 'in a farm' : '', locked > 0n ? 'locked' : '', BigInt(lp.units) > staked + locked ? 'in the wallet' : ''].filter(Boolean)
    return [{ id: p.id, open: p.status === 'open', poolId: lp.pool.id, pair: `${symbolOf(lp.pool.assetA)}/${symbolOf(lp.pool.assetB)}`, where: p.status === 'open' ? parts.join(', ') : 'closed', lp }]
  })
  return [...rows.filter((r) => r.open), ...rows.filter((r) => !r.open)]
}

/** Fees earned in each asset, in whole tokens ("0.038207 ALGO + 0.011364 gUSD"). */
export function feesText(lp: LpFigures): string {
  const { assetA, assetB } = lp.pool
  return `${formatAmount(BigInt(lp.fees.a), assetA.decimals, { thousands: true })} ${symbolOf(assetA)} + ${formatAmount(BigInt(lp.fees.b), assetB.decimals, { thousands: true })} ${symbolOf(assetB)}`
}

/** A figure in base units of the pool's asset B as whole B, signed ("−0.823556 gUSD"). */
export function inBText(lp: LpFigures, inB: string): string {
  const v = BigInt(inB)
  const text = `${formatAmount(v < 0n ? -v : v, lp.pool.assetB.decimals, { thousands: true })} ${symbolOf(lp.pool.assetB)}`
  return v < 0n ? `−${text}` : text
}

/** A gain or loss in US dollars, its sign before the dollar ("−$0.82", "−<$0.01"). */
export const signedUsd = (value: number | null): string => (value !== null && value < 0 ? `−${formatUsd(-value)}` : formatUsd(value))

/** The fees earned in the pool `poolId` over `positions` (open ones; each asset and USD), or null when there are none. */
export function poolFeesEarned(positions: readonly ApiPosition[], poolId: number): { rows: ReturnRow[]; usd: number | null } | null {
  const rows = returnRows(positions).filter((r) => r.open && r.poolId === poolId)
  if (!rows.length) return null
  const usd = rows.reduce<number | null>((s, r) => (s === null || r.lp.fees.usd === null ? null : s + r.lp.fees.usd), 0)
  return { rows, usd }
}
