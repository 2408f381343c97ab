import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ToastProvider } from '@/components/ui/toast/index.ts'
import type { ApiFlash, ApiPool } from '@/lib/analytics/types.ts'
import { FlashActivity, flashSides } from './flash-activity.tsx'

const POOL = {
  id: 100, venue: 'grove', lpAsset: 100, assetA: { id: 0, unitName: 'ALGO', name: 'Algo', decimals: 6 }, assetB: { id: 10, unitName: 'gUSD', name: 'Grove USD', decimals: 6 }, feeBps: 30,
  reserveA: '1', reserveB: '1', lpIssued: '1', price: null, change24h: null, tvlUsd: null, volume24hUsd: 0, fees24hUsd: 0, feeApr: null, trades24h: 0, createdRound: 1, createdTime: 1, updatedRound: 1,
} as ApiPool
const flash = (f: Partial<ApiFlash>): ApiFlash => ({
  round: 9, time: 1_700_000_000, txnId: 'TX', groupId: 'G', poolId: 100, kind: 'loan', account: 'A', outA: '0', outB: '0', inA: '0', inB: '0', feeA: '0', feeB: '0',
  protocolFeeA: '0', protocolFeeB: '0', reserveA: '1', reserveB: '1', feeUsd: null, ...f,
})

describe('FlashActivity', () => {
  it('names each side a flash moved in token units, and none it did not', () => {
    expect(flashSides(POOL, '5000000000', '700000000')).toBe('5,000 ALGO + 700 gUSD')
    expect(flashSides(POOL, '0', '1500000')).toBe('1.5 gUSD')
    expect(flashSides(POOL, '0', '0')).toBe('—')
  })

  it('lists a loan and a swap with what was lent, paid back and the fee in USD', () => {
    render(
      <ToastProvider>
      <FlashActivity
        pool={POOL}
        loading={false}
        flashes={[
          flash({ txnId: 'SWAP', kind: 'swap', outB: '100000000', inA: '502000000', feeA: '1506000', feeUsd: 0.3 }),
          flash({ txnId: 'LOAN', outA: '5000000000', inA: '5015000000', feeA: '15000000', feeUsd: 3 }),
        ]}
      />
      </ToastProvider>,
    )
    const [swap, loan] = screen.getAllByTestId('flash-row')
    expect(within(swap!).getByText('Flash swap')).toBeInTheDocument()
    expect(within(swap!).getByText('100 gUSD')).toBeInTheDocument()
    expect(within(loan!).getByText('Flash loan')).toBeInTheDocument()
    expect(within(loan!).getByText('5,015 ALGO')).toBeInTheDocument()
    expect(loan!.textContent).toContain('15 ALGO ($3.00)')
  })

  it('says when the pool has had none, and when they could not be read', () => {
    const { rerender } = render(<FlashActivity pool={POOL} loading={false} flashes={[]} />)
    expect(screen.getByText('No flash loans or swaps in this pool yet.')).toBeInTheDocument()
    rerender(<FlashActivity pool={POOL} loading={false} failed flashes={undefined} />)
    expect(screen.getByText('Flash loans could not be read.')).toBeInTheDocument()
  })
})
