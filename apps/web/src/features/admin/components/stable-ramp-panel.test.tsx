// The ramp form says what the Stable app would refuse in the SDK's one sentence (stable.checkRampA at
// the chain's time, not the wall clock's), and hands a ramp or a stop to the review as the Stable app's action.
import * as sdk from '@grove/sdk'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { localInputFromSeconds } from '@/lib/locks/locks.ts'
import { stablePoolsQuery } from '@/lib/pools/stable-pools.ts'
import type { ProtocolContext } from '@/lib/protocol.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { StableRampPanel } from './stable-ramp-panel.tsx'

const DAY = 86_400n
/** The chain's now (on a minute, as the end date's field is): two days after the pool's last ramp started, far from the wall clock's. */
const NOW = 1_699_999_980n
const protocol: ProtocolContext = {
  network: { id: 'localnet', name: 'LocalNet' } as ProtocolContext['network'],
  algod: { server: 'http://algod.test', port: '', token: '' },
  deployment: { network: 'localnet', firstRound: 1, dexAppId: 1, registryAppId: 2, lockAppId: 4, stakingAppId: 5, vaultAppId: 6, ordersAppId: 90006, stablePoolsAppId: 190006, groveAssetId: 3, sGroveAssetId: 7 },
}
vi.mock('@/lib/protocol.ts', () => ({ useProtocol: () => protocol }))
vi.mock('@/lib/locks/locks.ts', async (original) => ({ ...(await original<object>()), useChainNow: () => ({ now: NOW, devMode: true }) }))

const still = { a: 11n, b: 12n, feeBps: 5n, lpAsset: 13n, initialA: 10_000n, futureA: 10_000n, initialTime: NOW - 2n * DAY, futureTime: NOW - 2n * DAY } as sdk.stable.StablePoolState
const ramping = { ...still, a: 14n, lpAsset: 15n, futureA: 20_000n, futureTime: NOW + 2n * DAY }
const tokens = new Map<number, Token>([
  [11, { id: 11, symbol: 'gUSD', name: 'Grove Dollar', decimals: 6 }],
  [12, { id: 12, symbol: 'gUSDt', name: 'Grove Tether', decimals: 8 }],
  [14, { id: 14, symbol: 'xUSD', name: 'x', decimals: 6 }],
])

function renderPanel(onReview = vi.fn(), disabled = false) {
  const client = new QueryClient()
  client.setQueryData(stablePoolsQuery(protocol.algod, protocol.deployment).queryKey, [still, ramping])
  render(
    <QueryClientProvider client={client}>
      <StableRampPanel disabled={disabled} onReview={onReview} sdk={sdk} tokens={tokens} />
    </QueryClientProvider>,
  )
  return onReview
}

const endAt = (seconds: bigint) => fireEvent.change(screen.getByLabelText('Ramp ends (your time zone)'), { target: { value: localInputFromSeconds(seconds) } })

describe('the stable pools’ ramp of A', () => {
  it('lists each pool’s A at the chain’s time and its ramp', () => {
    renderPanel()
    const rows = screen.getAllByTestId('ramp-amp-now')
    expect(rows.map((r) => r.textContent)).toEqual(['100', '150'])
    expect(screen.getAllByTestId('ramp-state')[0]).toHaveTextContent('None: A stands still')
    expect(screen.getAllByTestId('ramp-state')[1]).toHaveTextContent(/^From 100 to 200, /)
  })

  it.each([
    ['5', NOW + 7n * DAY, 'A ramp changes A at most 10 times: from 100 now, the target is 10 to 1,000'],
    ['110', NOW + DAY / 2n, 'A ramp lasts at least a day: end it 12 hours later or more'],
    ['1.234', NOW + 7n * DAY, 'A is a number with at most two decimals, such as 150 or 150.5'],
  ])('refuses a target of %s in the rule’s words', async (target, end, sentence) => {
    renderPanel()
    await userEvent.type(screen.getByRole('textbox', { name: 'Target A' }), target)
    endAt(end)
    expect(screen.getByRole('alert')).toHaveTextContent(sentence)
    expect(screen.getByRole('button', { name: 'Review ramp' })).toBeDisabled()
  })

  it('reviews a ramp as the Stable app’s ramp-a, at the end date to the minute', async () => {
    const onReview = renderPanel()
    await userEvent.type(screen.getByRole('textbox', { name: 'Target A' }), '110.5')
    endAt(NOW + 7n * DAY)
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Review ramp' }))
    expect(onReview.mock.calls[0]![0].action).toEqual({ kind: 'ramp-a', pool: still, futureA: 11_050n, futureTime: ((NOW + 7n * DAY) / 60n) * 60n })
  })

  it('stops a running ramp from its row', async () => {
    const onReview = renderPanel()
    await userEvent.click(screen.getByRole('button', { name: 'Stop the ramp of xUSD/gUSDt (Grove stable 0.05%)' }))
    expect(onReview.mock.calls[0]![0].action).toEqual({ kind: 'stop-ramp-a', pool: ramping })
  })

  it('offers nothing to sign to a visitor', () => {
    renderPanel(vi.fn(), true)
    expect(screen.queryByRole('form', { name: 'Ramp A' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Stop the ramp/ })).toBeNull()
  })
})
