import * as sdk from '@grove/sdk'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Pool } from '@/lib/tx/sdk.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import * as venues from '@grove/sdk/venues'
import algosdk from 'algosdk'
import { impactLevel } from '../derive-swap.ts'
import { quoteSwap, type SwapRoute } from '../route-view.ts'
import { ReviewModal, type ReviewModalProps } from './review-modal.tsx'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6 }
const TOKENS = new Map([ALGO, GUSD].map((t) => [t.id, t]))
// 1,000 ALGO : 250 gUSD, a shallow pool so a large trade moves the price.
const POOL: Pool = sdk.newPool(0, 1001, { reserveA: 1_000_000_000n, reserveB: 250_000_000n, lpAsset: 2000n, lpIssued: 499_999_000n })

// routes quoted by the venues' router over Grove's pools alone (quoting reads no node)
const GROVE = venues.groveVenue({ algod: new algosdk.Algodv2('', 'http://127.0.0.1', 9), dexAppId: 1n, registryAppId: 2n }) as unknown as venues.Venue
function quote(kind: 'exact-in' | 'exact-out', pools: Pool[], assetIn: bigint, assetOut: bigint, amount: bigint): SwapRoute {
  const q = quoteSwap(venues, { venues: new Map([['grove' as const, GROVE]]), pools: pools.map(venues.grovePool) }, { kind, assetIn, assetOut, amount })
  if (!q.ok) throw new Error(q.failure.code)
  return q.route
}
const routeIn = (pools: Pool[], a: bigint, b: bigint, amount: bigint) => quote('exact-in', pools, a, b, amount)
const routeOut = (pools: Pool[], a: bigint, b: bigint, amount: bigint) => quote('exact-out', pools, a, b, amount)

function open(amountIn: bigint, patch: Partial<ReviewModalProps> = {}) {
  const route = patch.route ?? routeIn([POOL], 0n, 1001n, amountIn)!
  const onConfirm = vi.fn()
  render(
    <ReviewModal
      route={route}
      tokens={TOKENS}
      tokenIn={ALGO}
      tokenOut={GUSD}
      limit={sdk.minimumReceived(route.amountOut, 50n)}
      networkFee={3_000n}
      impact={impactLevel(route.priceImpactBps)}
      slippagePercent={0.5}
      preparing={false}
      prepareError={null}
      busy={false}
      verified={new Set([0])}
      onConfirm={onConfirm}
      onClose={vi.fn()}
      {...patch}
    />,
  )
  return { route, onConfirm }
}

describe('ReviewModal issuer warnings', () => {
  const CLAW: Token = { id: 1001, symbol: 'gUSD', name: 'Grove USD', decimals: 6, clawback: 'ISSUER', freeze: 'ISSUER' }
  const cases = [
    { name: 'warns about an unverified output token with clawback and freeze', out: CLAW, verified: [0], texts: [/can take gUSD from any account/, /can freeze any holding/] },
    { name: 'warns about freeze alone', out: { ...GUSD, freeze: 'ISSUER' }, verified: [0], texts: [/can freeze any holding/] },
    { name: 'does not warn when the registry verified the token', out: CLAW, verified: [0, 1001], texts: [] },
    { name: 'does not warn about a token without powers', out: GUSD, verified: [0], texts: [] },
  ]
  for (const c of cases) {
    it(c.name, () => {
      open(10_000_000n, { tokenOut: c.out, tokens: new Map([ALGO, c.out].map((t) => [t.id, t])), verified: new Set(c.verified) })
      const dialog = screen.getByRole('dialog', { name: 'Review swap' })
      if (c.texts.length === 0) return expect(within(dialog).queryByTestId('issuer-warning')).toBeNull()
      const warning = within(dialog).getByTestId('issuer-warning')
      expect(warning).toHaveTextContent('gUSD (#1001) is not verified and its issuer keeps control of it')
      for (const text of c.texts) expect(within(warning).getByText(text)).toBeInTheDocument()
      expect(within(warning).getByRole('link', { name: 'What an issuer can do' })).toHaveAttribute('href', '/docs/swaps-and-fees#tokens-whose-issuer-keeps-control')
    })
  }

  it('warns about a route’s intermediate token too', () => {
    const MID: Token = { id: 7, symbol: 'MID', name: 'Middle', decimals: 6, freeze: 'ISSUER' }
    const pools = [sdk.newPool(0, 7, { reserveA: 1_000_000_000n, reserveB: 1_000_000_000n }), sdk.newPool(7, 1001, { reserveA: 1_000_000_000n, reserveB: 1_000_000_000n })]
    const route = routeIn(pools, 0n, 1001n, 1_000_000n)!
    expect(route.path).toEqual([7n])
    open(0n, { route, tokens: new Map([ALGO, MID, GUSD].map((t) => [t.id, t])), limit: 1n })
    expect(within(screen.getByTestId('issuer-warning')).getByText(/MID \(#7\) is not verified/)).toBeInTheDocument()
  })
})

describe('ReviewModal', () => {
  it.each([
    ['one pool refunds what it does not need', [POOL], /what the pool does not need comes back/],
    ['a route refunds what its pools do not need, as one pool does', [POOL, sdk.newPool(0, 7, { reserveA: 1_000_000_000n, reserveB: 1_000_000_000n }), sdk.newPool(7, 1001, { reserveA: 1_000_000_000n, reserveB: 1_000_000_000n })], /what the pools do not need comes back/],
  ])('for exact out, says that %s', (_, pools, hint) => {
    const route = routeOut(pools, 0n, 1001n, 2_000_000n)!
    if (pools.length > 1) expect(route.hops.length).toBeGreaterThan(1)
    open(0n, { route, limit: sdk.maximumSold(route.amountIn, 50n) })
    expect(screen.getByText(hint)).toBeInTheDocument()
  })

  it('shows what is paid, received, the minimum and the fees, and confirms', async () => {
    const { onConfirm } = open(10_000_000n)
    const dialog = screen.getByRole('dialog', { name: 'Review swap' })
    expect(within(dialog).getByTestId('review-pay')).toHaveTextContent('10 ALGO')
    expect(within(dialog).getByTestId('review-receive')).toHaveTextContent(/^2\.4\d+ gUSD$/)
    expect(within(dialog).getByTestId('network-fee')).toHaveTextContent('0.003 ALGO')
    expect(within(dialog).getByText('Minimum received')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm swap' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('asks for the word "confirm" when the price impact is 10% or more', async () => {
    // 120 ALGO into 1,000 moves the price by about 11%.
    const { route, onConfirm } = open(120_000_000n)
    expect(impactLevel(route.priceImpactBps)).toBe('confirm')
    const button = screen.getByRole('button', { name: 'Confirm swap' })
    expect(button).toBeDisabled()
    await userEvent.type(screen.getByRole('textbox', { name: 'Type confirm to accept the price impact' }), 'confirm')
    expect(button).toBeEnabled()
    await userEvent.click(button)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('waits while the group is built', () => {
    open(10_000_000n, { preparing: true })
    expect(screen.getByRole('button', { name: 'Preparing the transaction…' })).toBeDisabled()
  })

  it('says why the group could not be built and does not let it be confirmed', () => {
    open(10_000_000n, { prepareError: 'This action is paused by the protocol admin' })
    expect(screen.getByRole('alert')).toHaveTextContent('This action is paused by the protocol admin')
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled()
  })

  it('shows the simulated changes beside the quote and lets the simulated group be signed', async () => {
    const route = routeIn([POOL], 0n, 1001n, 10_000_000n)!
    const changes = { address: 'ME', assets: new Map([[0n, -10_000_000n], [1001n, route.amountOut]]), fee: 3_000n }
    const { onConfirm } = open(10_000_000n, { simulation: { pending: false, error: null, changes } })
    expect(screen.getByTestId('simulated-change-0')).toHaveAttribute('data-amount', '-10000000')
    expect(screen.getByTestId('simulated-change-1001')).toHaveAttribute('data-amount', String(route.amountOut))
    expect(screen.getByTestId('simulated-change-1001')).toHaveTextContent(/^gUSD\+2\.4\d+ at least 2\.4\d+\+2\.4\d+$/)
    await userEvent.click(screen.getByRole('button', { name: 'Confirm swap' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('waits for the simulation before the swap can be confirmed', () => {
    open(10_000_000n, { simulation: { pending: true, error: null, changes: null } })
    expect(screen.getByRole('status')).toHaveTextContent('Simulating the transaction on the network…')
    expect(screen.getByRole('button', { name: 'Simulating the transaction…' })).toBeDisabled()
  })

  it('says why the simulated swap would fail and offers nothing to sign', () => {
    open(10_000_000n, { simulation: { pending: false, error: 'The pool would give less than your minimum received.', changes: null } })
    expect(screen.getByRole('alert')).toHaveTextContent('would fail: The pool would give less than your minimum received.')
    expect(screen.queryByRole('button', { name: /Confirm swap|Simulating/ })).toBeNull()
  })
})

describe('ReviewModal when the quote moves while it is open', () => {
  const props = (route: SwapRoute): ReviewModalProps => ({
    route,
    tokens: TOKENS,
    tokenIn: ALGO,
    tokenOut: GUSD,
    limit: sdk.minimumReceived(route.amountOut, 50n),
    networkFee: 3_000n,
    impact: impactLevel(route.priceImpactBps),
    slippagePercent: 0.5,
    preparing: false,
    prepareError: null,
    busy: false,
    verified: new Set([0]),
    onConfirm: vi.fn(),
    onClose: vi.fn(),
  })

  it('says "Price updated" with old and new figures and asks for a new acceptance before confirming', async () => {
    const before = routeIn([POOL], 0n, 1001n, 10_000_000n)!
    // someone sold gUSD into the pool: the same 10 ALGO now buys less
    const moved = routeIn([sdk.newPool(0, 1001, { reserveA: 1_100_000_000n, reserveB: 227_000_000n, lpAsset: 2000n, lpIssued: 499_999_000n })], 0n, 1001n, 10_000_000n)!
    expect(moved.amountOut).toBeLessThan(before.amountOut)
    const view = render(<ReviewModal {...props(before)} />)
    const confirm = screen.getByRole('button', { name: 'Confirm swap' })
    expect(confirm).toBeEnabled()
    expect(screen.queryByText('Price updated')).toBeNull()

    view.rerender(<ReviewModal {...props(moved)} />)
    expect(screen.getByText('Price updated')).toBeInTheDocument()
    const show = (a: bigint) => `${sdk.formatAmount(a, 6, { thousands: true })} gUSD`
    expect(screen.getByTestId('price-updated')).toHaveTextContent(`You receive ${show(before.amountOut)} → ${show(moved.amountOut)}`)
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled()

    await userEvent.click(screen.getByRole('button', { name: 'Accept the new price' }))
    expect(screen.queryByText('Price updated')).toBeNull()
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled()
  })

  it('stays quiet when a refresh gives the same figures or a better price', () => {
    const route = routeIn([POOL], 0n, 1001n, 10_000_000n)!
    const better = routeIn([sdk.newPool(0, 1001, { reserveA: 900_000_000n, reserveB: 275_000_000n, lpAsset: 2000n, lpIssued: 499_999_000n })], 0n, 1001n, 10_000_000n)!
    expect(better.amountOut).toBeGreaterThan(route.amountOut)
    const view = render(<ReviewModal {...props(route)} />)
    view.rerender(<ReviewModal {...props({ ...route })} />)
    view.rerender(<ReviewModal {...props(better)} />)
    expect(screen.queryByText('Price updated')).toBeNull()
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled()
  })

  it('asks again when an exact output comes to cost more', () => {
    const before = routeOut([POOL], 0n, 1001n, 2_000_000n)!
    const dearer = routeOut([sdk.newPool(0, 1001, { reserveA: 1_000_000_000n, reserveB: 240_000_000n, lpAsset: 2000n, lpIssued: 499_999_000n })], 0n, 1001n, 2_000_000n)!
    const at = (route: SwapRoute) => ({ ...props(route), limit: sdk.maximumSold(route.amountIn, 50n) })
    const view = render(<ReviewModal {...at(before)} />)
    view.rerender(<ReviewModal {...at(dearer)} />)
    expect(screen.getByTestId('price-updated')).toHaveTextContent(/^You pay .* ALGO → .* ALGO \(at most/)
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled()
  })

  it('says "Price updated" at once when the simulation delivers less than the quote, and asks the page to read the pools again', async () => {
    const route = routeIn([POOL], 0n, 1001n, 10_000_000n)!
    const onStale = vi.fn()
    // the pools moved on the chain since the page read them: the exact group now gives 2,015 units less
    const changes = { address: 'ME', assets: new Map([[0n, -10_000_000n], [1001n, route.amountOut - 2_015n]]), fee: 3_000n }
    render(<ReviewModal {...props(route)} simulation={{ pending: false, error: null, changes }} onStale={onStale} />)
    const show = (a: bigint) => `${sdk.formatAmount(a, 6, { thousands: true })} gUSD`
    expect(screen.getByTestId('price-updated')).toHaveTextContent(`You receive ${show(route.amountOut)} → ${show(route.amountOut - 2_015n)}, as simulated on the network just now.`)
    expect(onStale).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Accept the new price' }))
    expect(screen.queryByText('Price updated')).toBeNull()
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled()
  })

  it('says "Price updated" when the simulated exact output costs more than quoted, and stays quiet when it costs the same', () => {
    const route = routeOut([POOL], 0n, 1001n, 2_000_000n)!
    const at = (paid: bigint) => ({ ...props(route), limit: sdk.maximumSold(route.amountIn, 50n), simulation: { pending: false, error: null, changes: { address: 'ME', assets: new Map([[0n, -paid], [1001n, 2_000_000n]]), fee: 3_000n } } })
    const view = render(<ReviewModal {...at(route.amountIn)} />)
    expect(screen.queryByText('Price updated')).toBeNull()
    view.rerender(<ReviewModal {...at(route.amountIn + 7n)} />)
    expect(screen.getByTestId('price-updated')).toHaveTextContent(/^You pay .* ALGO → .* ALGO, as simulated/)
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled()
  })
})

describe('ReviewModal names a stable leg', () => {
  // gUSD/gUSDt on Grove's stable pools, 0.05% tier, A = 100, a million of each (6 decimals)
  const GUSDT: Token = { id: 1002, symbol: 'gUSDt', name: 'Grove USD Tether', decimals: 6 }
  const RESERVE = 1_000_000_000_000n
  const MULTIPLIER = 10n ** 13n
  const STABLE_POOL: sdk.stable.StablePoolState = {
    a: 1001n,
    b: 1002n,
    feeBps: 5n,
    reserveA: RESERVE,
    reserveB: RESERVE,
    lpAsset: 3000n,
    lpIssued: RESERVE,
    protocolFeeDivisor: 0n,
    protocolFeesA: 0n,
    protocolFeesB: 0n,
    feesA: 0n,
    feesB: 0n,
    multiplierA: MULTIPLIER,
    multiplierB: MULTIPLIER,
    initialA: 10_000n,
    futureA: 10_000n,
    initialTime: 0n,
    futureTime: 0n,
    // a D found at no A: the quote finds it at A = 100 (from the sum of the normalised reserves)
    dAmp: 0n,
    d: 2n * RESERVE * MULTIPLIER,
  }
  const STABLE = venues.stableVenue({ algod: new algosdk.Algodv2('', 'http://127.0.0.1', 9), stablePoolsAppId: 3n, registryAppId: 2n }) as unknown as venues.Venue

  it('reads "gUSD → gUSDt on Grove stable (0.05% tier)"', () => {
    const q = quoteSwap(venues, { venues: new Map([['stable' as const, STABLE]]), pools: [venues.stableVenuePool(STABLE_POOL, 1_700_000_000n)] }, { kind: 'exact-in', assetIn: 1001n, assetOut: 1002n, amount: 1_000_000_000n })
    if (!q.ok) throw new Error(q.failure.code)
    open(0n, { route: q.route, tokens: new Map([ALGO, GUSD, GUSDT].map((t) => [t.id, t])), tokenIn: GUSD, tokenOut: GUSDT, limit: q.route.amountOut })
    const [hop] = screen.getAllByTestId('route-hop')
    expect(hop).toHaveTextContent('gUSD → gUSDt on Grove stable (0.05% tier)')
  })
})
