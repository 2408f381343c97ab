import { describe, expect, it } from 'vitest'
import { feesText, inBText, poolFeesEarned, returnRows, signedUsd } from './positions.ts'
import type { ApiPosition } from './types.ts'

const asset = (id: number, unitName: string) => ({ id, unitName, name: null, decimals: 6 })
const pair = (a: string, b: string, usd: number | null) => ({ a, b, usd })
const inB = (value: string, usd: number | null) => ({ inB: value, usd })

// the analytics service's hand-worked ALGO/gUSD position: 200,000,000 units through a 100 gUSD swap
function lp(id: string, status: 'open' | 'closed', poolId: number, fees: { a: string; b: string; usd: number | null }, held = { staked: '0', locked: '0' }): ApiPosition {
  return {
    id, kind: 'lp', owner: 'O', status, openedRound: 1, openedTime: 0, closedRound: status === 'closed' ? 2 : null, closedTime: status === 'closed' ? 1 : null,
    lp: {
      pool: { id: poolId, venue: 'grove', assetA: asset(0, 'ALGO'), assetB: asset(10, 'gUSD'), feeBps: 30 },
      units: status === 'open' ? '200000000' : '0', ...held,
      deposited: pair('400000000', '100000000', 200), withdrawn: pair('0', '0', 0),
      value: { a: '366758356', b: '109086363', inB: '218172726', usd: 218.172726 },
      fees: { units: '20835', inB: '22728', ...fees },
      hold: inB('218973554', 218.973554), impermanentLoss: inB('-823556', -0.823556), pnlVsHold: inB('-800828', -0.800828),
      pnlUsd: 18.172726, feeApr: 0.0152, changes: [],
    },
    program: null, vault: null,
  }
}
const vault: ApiPosition = { id: 'vault-3-0-0', kind: 'vault', owner: 'O', status: 'open', openedRound: 3, openedTime: 0, closedRound: null, closedTime: null, lp: null, program: null, vault: { shares: '1', staked: '1', unstaked: '0', worth: '1', gain: '0', gainUsd: 0 } }

describe('position returns', () => {
  it('lists liquidity positions only, open before closed, and says where the units are', () => {
    const rows = returnRows([lp('lp-1-0-0', 'closed', 101, pair('1', '2', 0.1)), vault, lp('lp-2-0-0', 'open', 100, pair('38207', '11364', 0.022728), { staked: '50000000', locked: '0' })])
    expect(rows.map((r) => [r.id, r.pair, r.where])).toEqual([
      ['lp-2-0-0', 'ALGO/gUSD', 'in a farm, in the wallet'],
      ['lp-1-0-0', 'ALGO/gUSD', 'closed'],
    ])
  })

  it('words fees in each asset and a signed figure in B', () => {
    const [row] = returnRows([lp('lp-2-0-0', 'open', 100, pair('38207', '11364', 0.022728))])
    expect(feesText(row!.lp)).toBe('0.038207 ALGO + 0.011364 gUSD')
    expect(inBText(row!.lp, '-823556')).toBe('−0.823556 gUSD')
    expect([signedUsd(-0.823556), signedUsd(-0.004), signedUsd(18.17), signedUsd(null)]).toEqual(['−$0.82', '−<$0.01', '$18.17', '—'])
  })

  it('sums a pool’s open positions for the pool page, and has nothing where the account has none', () => {
    const positions = [lp('lp-2-0-0', 'open', 100, pair('38207', '11364', 0.02)), lp('lp-5-0-0', 'open', 100, pair('1', '1', 0.01)), lp('lp-1-0-0', 'closed', 100, pair('9', '9', 5))]
    expect(poolFeesEarned(positions, 100)?.usd).toBeCloseTo(0.03, 12)
    expect(poolFeesEarned(positions, 101)).toBeNull()
    expect(poolFeesEarned([lp('lp-2-0-0', 'open', 100, pair('1', '1', null))], 100)?.usd).toBeNull()
  })
})
