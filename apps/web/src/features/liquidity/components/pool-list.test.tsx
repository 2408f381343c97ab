import * as sdk from '@grove/sdk'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import type { ApiPool } from '@/lib/analytics/types.ts'
import { poolRows } from '../pool-list.ts'
import { PoolList } from './pool-list.tsx'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove Dollar', decimals: 6 }
const TOKENS = new Map([ALGO, GUSD].map((t) => [t.id, t]))
const asset = (t: Token) => ({ id: t.id, unitName: t.symbol, name: t.name, decimals: t.decimals })
const TINYMAN: ApiPool = {
  id: 9100, venue: 'tinyman', kind: 'constant-product', lpAsset: 9100, assetA: asset(ALGO), assetB: asset(GUSD), feeBps: 30, reserveA: '2000000000', reserveB: '520000000', lpIssued: '1000000',
  price: null, change24h: null, tvlUsd: null, volume24hUsd: 0, fees24hUsd: 0, feeApr: null, trades24h: 0, createdRound: 1, createdTime: 1, updatedRound: 1,
}
const rows = poolRows([sdk.newPool(0, 1001, { reserveA: 10n ** 9n, reserveB: 25n * 10n ** 7n, lpAsset: 9001n, lpIssued: 10n ** 6n })], TOKENS, undefined, undefined, GUSD, { pools: [TINYMAN], label: 'Tinyman v2' })

function renderOn(network: 'mainnet' | 'localnet') {
  render(
    <MemoryRouter>
      <PoolList rows={rows} empty="No pools yet." network={network} onAdd={() => {}} onRemove={() => {}} />
    </MemoryRouter>,
  )
}

describe('PoolList', () => {
  it("links a Tinyman pool to its page on Tinyman's site, in a new tab", () => {
    renderOn('mainnet')
    const link = screen.getByRole('link', { name: 'Open the ALGO/gUSD pool on Tinyman (new tab)' })
    expect(link.getAttribute('href')).toMatch(/^https:\/\/app\.tinyman\.org\/pool\/[A-Z2-7]{58}$/)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('says "On Tinyman" without a link on the localnet, where Tinyman has no site', () => {
    renderOn('localnet')
    expect(screen.queryByRole('link', { name: /on Tinyman/ })).toBeNull()
    expect(screen.getByTestId('pool-elsewhere').textContent).toBe('On Tinyman')
  })

  it('names each Grove pool’s fee tier, and charts a pool of another tier than 30 bps by its id (its pair names the 30 bps one)', () => {
    const tiered = poolRows(
      [0n, 5n].map((i) =>
        sdk.newPool(0, 1001, { reserveA: 10n ** 9n, reserveB: 25n * 10n ** 7n, lpAsset: 9001n + i, lpIssued: 10n ** 6n, ...(i === 0n ? {} : { feeBps: 5n, tier: 5n }) }),
      ),
      TOKENS,
      undefined,
      undefined,
      GUSD,
    )
    render(
      <MemoryRouter>
        <PoolList rows={tiered} empty="No pools yet." network="localnet" onAdd={() => {}} onRemove={() => {}} />
      </MemoryRouter>,
    )
    const row = (lp: string) => document.querySelector(`[data-lp="${lp}"]`)!
    expect(row('9001').textContent).toContain('0.3% fee tier')
    expect(row('9006').textContent).toContain('0.05% fee tier')
    expect(row('9001').querySelector('a[href*="chart"]')!.getAttribute('href')).toBe('/dex/chart?pool=0-1001')
    expect(row('9006').querySelector('a[href*="chart"]')!.getAttribute('href')).toBe('/dex/chart?pool=9006')
  })
})

describe('PoolList with a stable pool', () => {
  const stable = { a: 0n, b: 1001n, feeBps: 5n, reserveA: 10n ** 8n, reserveB: 10n ** 8n, lpAsset: 9200n, lpIssued: 10n ** 6n }
  const withStable = poolRows([sdk.newPool(0, 1001, { reserveA: 10n ** 9n, reserveB: 25n * 10n ** 7n, lpAsset: 9001n, lpIssued: 10n ** 6n })], TOKENS, undefined, undefined, GUSD, undefined, [stable])

  it('shows its kind and fee beside the constant-product pool, and adds to it by keyboard', async () => {
    const added: string[] = []
    render(
      <MemoryRouter>
        <PoolList rows={withStable} empty="No pools yet." network="localnet" onAdd={(row) => added.push(row.kind)} onRemove={() => {}} />
      </MemoryRouter>,
    )
    const row = document.querySelector('[data-lp="9200"]')!
    expect(row).toHaveAttribute('data-kind', 'stable')
    expect(within(row as HTMLElement).getByTestId('pool-kind')).toHaveTextContent('Stable 0.05% fee')
    expect(document.querySelector('[data-lp="9001"]')).toHaveAttribute('data-kind', 'constant-product')
    const add = screen.getByRole('button', { name: 'Add to the ALGO/gUSD stable pool' })
    add.focus()
    await userEvent.keyboard('{Enter}')
    expect(added).toEqual(['stable'])
  })
})
