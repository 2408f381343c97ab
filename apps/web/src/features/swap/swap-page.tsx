import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useReducer, useState } from 'react'
import { useSearchParams } from 'react-router'
import { AmountField } from '@/components/dex/amount-field.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Page } from '@/components/ui/page.tsx'
import { spendableAlgo } from '@/lib/account/account.ts'
import { useImportedTokens } from '@/lib/tokens/imported-tokens.ts'
import { useMarket } from '@/lib/pools/market.ts'
import { stableToken } from '@/lib/pools/figures.ts'
import { useNetworkVenues } from '@/lib/pools/venues.ts'
import { refreshPools, usePoolsPerBlock } from '@/lib/pools/pools.ts'
import { usePreparedReview } from '@/components/dex/use-prepared-review.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import { optIn, readableTxError } from '@/lib/tx/sdk.ts'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import { DEPLOYMENT_PROBLEM_LABEL, useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { slippagePercent, useSettings } from '@/lib/settings.ts'
import { useWalletSession, walletSession } from '@/lib/wallet-session.ts'
import { PAUSE_FLAGS, registryQuery } from '@/lib/registry/registry.ts'
import { preparedSwapQuery, routeKey } from './api/prepared-swap.ts'
import { routeBookQuery } from './api/route-book.ts'
import { SwapSettings } from './components/swap-settings.tsx'
import { useSettled } from './use-settled.ts'
import { swappedWords } from './delivered.ts'
import { isChunkLoadError } from '@/lib/chunk-reload.ts'
import { deriveSwap, MAX_FEE_RESERVE, type SwapRouter } from './derive-swap.ts'
import { assetIdParam, pairInUrl, PAIR_PARAMS, swapFromUrl, swapReducer, type Side } from './swap-state.ts'
import './swap.css'

// The token list loads when first opened, the trade's details and its review as soon as an amount
// is typed, so a first visit's JavaScript stays within its budget (e2e/tests/bundle.spec.ts).
const loadReview = () => import('./components/review-modal.tsx')
const TradeDetails = lazy(() => import('./components/trade-details.tsx').then((m) => ({ default: m.TradeDetails })))
const ReviewModal = lazy(() => loadReview().then((m) => ({ default: m.ReviewModal })))
const TokenSelector = lazy(() => import('@/components/dex/token-selector.tsx').then((m) => ({ default: m.TokenSelector })))
// the Limit and Recurring tabs load when first opened
const OrderFormCard = lazy(() => import('./components/order-form.tsx').then((m) => ({ default: m.OrderFormCard })))

/** The swap card's tabs: a market swap now, or an order filled later. */
const MODES = [
  { id: 'market', label: 'Market' },
  { id: 'limit', label: 'Limit' },
  { id: 'recurring', label: 'Recurring' },
] as const

/** The swap page: pay one token, receive another, at the pools' price within your slippage. */
export function SwapPage() {
  const { network, algod, deployment } = useProtocol()
  const deploymentProblem = useDeploymentProblem()
  const settings = useSettings()
  const session = useWalletSession()
  const address = session.activeAddress
  // Only what the user typed is state; the trade, balances, message and button are derived.
  // The pair lives in the URL too (?asset_in=…&asset_out=…): a reload keeps it and a link shares it.
  const [params, setParams] = useSearchParams()
  const [state, dispatch] = useReducer(swapReducer, params, swapFromUrl)
  useEffect(() => {
    const next = pairInUrl(state, params)
    if (next) setParams(next, { replace: true })
  }, [state, params, setParams])
  const [picking, setPicking] = useState<Side | null>(null)
  const [reviewing, setReviewing] = useState(false)
  const [mode, setMode] = useState<(typeof MODES)[number]['id']>('market')
  const imported = useImportedTokens(network.id)
  // the network's venues: Grove's DEX where deployed, Tinyman v2 where known (then swaps work without Grove)
  const venues = useNetworkVenues()
  const market = useMarket(algod, deployment, address, imported, venues)
  usePoolsPerBlock(algod, deployment)
  const queryClient = useQueryClient()
  const onStale = useCallback(() => void refreshPools(queryClient, algod, deployment), [queryClient, algod, deployment])
  const slippage = slippagePercent(settings)
  const tx = useTransaction()
  const registry = useQuery({ ...registryQuery(algod, deployment?.registryAppId ?? 0), enabled: deployment !== null })
  // A pause is the registry's answer for everyone: the page says so instead of building a group that would fail.
  const swapsPaused = registry.data !== undefined && (registry.data.paused & PAUSE_FLAGS[0].bit) !== 0
  const payId = useId()
  const receiveId = useId()

  // The router over the network's venues (loaded on demand): Grove's pools are the market's, the
  // other venues' are read for the pair and its hubs (ALGO and the stable coin).
  const refs = market.venues
  const stable = stableToken(market.tokens, network.id, deployment)
  const assets = state.tokenIn === null || state.tokenOut === null ? [] : [...new Set([state.tokenIn, state.tokenOut, 0, ...(stable ? [stable.id] : [])])].map(BigInt)
  const parts = useQuery({ ...routeBookQuery(algod, refs, assets), enabled: refs.length > 0 && assets.length > 0 })
  // The router's code or the other venues' pools could not be read (after a retry): said, with a way
  // to try again, instead of a search that never ends. A failed refetch keeps the last router.
  // A chunk that failed to load stays failed in the browser's module map until the page loads again.
  const routingFailed = parts.isError && parts.data === undefined
  const routingCodeFailed = routingFailed && isChunkLoadError(parts.error)
  const router = useMemo((): SwapRouter | null => {
    const loaded = parts.data
    if (!loaded || !market.pools) return null
    const grove = loaded.venues.some((v) => v.name === 'grove') ? market.pools.map((p) => loaded.mod.grovePool(p)) : []
    const book = { venues: new Map(loaded.venues.map((v) => [v.name, v])), pools: [...grove, ...loaded.pools] }
    return { quote: (request) => loaded.view.quoteSwap(loaded.mod, book, request), labels: loaded.venues.map((v) => v.label) }
  }, [parts.data, market.pools])

  const view = deriveSwap({
    state,
    tokens: market.tokens,
    sdk: market.sdk ?? null,
    router,
    holdings: market.holdings,
    connected: address !== null,
    deployed: market.venues.length > 0,
    slippageBps: Math.round(slippage * 100),
  })
  const { tokenIn, tokenOut, route } = view
  // What each side is worth in dollars, as /dex/analytics prices it (its code loads after the page)
  const typed = state.text.trim() !== ''
  useEffect(() => {
    if (typed) void loadReview()
  }, [typed])
  const worthModule = useQuery({ queryKey: ['module', 'swap-worth'], queryFn: () => import('./worth.ts'), staleTime: Infinity, enabled: route !== null })
  const worth = worthModule.data && market.pools ? worthModule.data.worthIn(market.pools, market.tokens, stable?.id ?? null) : () => null
  // A linked asset the market does not know (once the pools are read) is said, not silently dropped.
  const linked = [PAIR_PARAMS.in, PAIR_PARAMS.out].map((name) => assetIdParam(params.get(name)))
  const known = (id: number) => market.listed.has(id)
  const unknownInLink = market.pools ? ([state.tokenIn, state.tokenOut].find((id, i) => id !== null && id === linked[i] && !known(id)) ?? null) : null
  // The group the review will sign is built as soon as the trade can be sent (a moment after typing
  // stops), so the card's network fee is that group's fee: budget calls on routes included.
  const buildable = view.button.kind === 'ready' && route !== null
  const settled = useSettled(buildable ? routeKey(route, view.limit) : null, 300)
  const prepared = useQuery({ ...preparedSwapQuery(market.sdk, buildable ? tx.context() : null, route, view.limit), enabled: buildable && market.sdk !== null && settled === routeKey(route, view.limit) })
  // The built group's fee can exceed the estimate the balance check used (budget calls on routes).
  const spent = route ? (route.exactOut === undefined ? route.amountIn : (view.limit ?? route.amountIn)) : 0n
  const feeShortfall =
    tokenIn?.id === 0 && prepared.data && market.holdings && spent + prepared.data.fee > market.holdings.algo - market.holdings.minBalance
      ? `You need ${formatAlgo(spent + prepared.data.fee - (market.holdings.algo - market.holdings.minBalance))} more to pay the network fee. Swap a little less.`
      : null
  // The one review flow: it simulates the very group the wallet will sign, shows what it does to the account, and signs it.
  const flow = usePreparedReview({
    tx,
    prepared,
    ready: reviewing,
    explain: (error) => (market.sdk ? readableTxError(market.sdk, error) : error.message),
    problem: feeShortfall,
  })
  // Max keeps ALGO's minimum balance and a fee margin back; an asset can go to its last unit.
  const maxIn = tokenIn && market.holdings ? (tokenIn.id === 0 ? spendableAlgo(market.holdings, MAX_FEE_RESERVE) : market.holdings.assets.get(tokenIn.id)) : undefined

  function onAction() {
    if (swapsPaused) return
    if (view.button.kind === 'connect') return walletSession.openModal()
    if (view.button.kind === 'opt-in' && tokenOut) {
      void tx.run({
        pending: `Opting in to ${tokenOut.symbol}`,
        done: `You can now receive ${tokenOut.symbol}`,
        tokens: [tokenOut],
        send: (sdk, ctx) => optIn(sdk, ctx, tokenOut.id),
      })
      return
    }
    if (view.button.kind === 'ready') {
      // A group built long ago may be near the end of its validity window: build it afresh.
      if (prepared.data && Date.now() - prepared.dataUpdatedAt > 60_000) void prepared.refetch()
      setReviewing(true)
    }
  }

  async function onConfirm() {
    if (!route || !tokenIn || !tokenOut || !prepared.data) return
    const paid = `${formatAmount(route.exactOut === undefined ? route.amountIn : view.limit!, tokenIn.decimals, { thousands: true })} ${tokenIn.symbol}`
    const got = `${formatAmount(route.exactOut ?? route.amountOut, tokenOut.decimals, { thousands: true })} ${tokenOut.symbol}`
    const atMost = route.exactOut === undefined ? '' : 'at most '
    // the toast once it lands states what algod delivered, not this quote
    const ok = await flow.confirm({ pending: `Swapping ${atMost}${paid} for ${got}`, done: (result) => swappedWords(result.delivered, tokenIn, tokenOut), tokens: [tokenIn, tokenOut] })
    if (ok) {
      setReviewing(false)
      dispatch({ type: 'clear' })
    }
  }

  return (
    <Page title="Swap" intro="Trade tokens at the pools’ price. Output is rounded in the pool’s favour and protected by your slippage limit.">
      {/* where Tinyman serves the network the page trades without Grove: only an unreachable node is said */}
      {deployment || !venues.settled || (venues.tinyman && deploymentProblem !== 'unreachable') ? null : <NotDeployed networkName={network.name} />}
      {market.poolsError ? (
        <Notice tone="error" title="Pools unavailable">
          {market.poolsError}
        </Notice>
      ) : null}
      {routingFailed ? (
        <Notice
          tone="error"
          title="Prices unavailable"
          action={
            routingCodeFailed ? (
              <button type="button" className="button" onClick={() => window.location.reload()}>
                Reload page
              </button>
            ) : (
              <button type="button" className="button" onClick={() => void parts.refetch()} disabled={parts.isFetching}>
                {parts.isFetching ? 'Trying again…' : 'Try again'}
              </button>
            )
          }
        >
          {routingCodeFailed
            ? 'The code that finds prices could not be downloaded, so no price can be shown. Check your connection, then reload the page.'
            : `The pools this page routes over could not be read from ${network.name}’s node, so no price can be shown. Check your connection, or the node in Settings, then try again.`}
        </Notice>
      ) : null}
      {unknownInLink !== null ? (
        <Notice tone="warning" title="A token in the link is not traded here">
          The link names asset {unknownInLink}, which no pool on {network.name} trades and you have not imported. Pick a token, or search for {unknownInLink} in the token list to import it.
        </Notice>
      ) : null}
      {swapsPaused ? (
        <Notice tone="error" title="Swaps are paused">
          The protocol admin has paused swaps for everyone, so no swap can be sent now. Your liquidity stays yours: removing it from a pool still works on the <a href="/shares">Shares</a> page.
        </Notice>
      ) : null}
      <div className="swap-modes" role="tablist" aria-label="Order type">
        {MODES.map((m) => (
          <button key={m.id} type="button" role="tab" aria-selected={mode === m.id} className={`button swap-modes__tab${mode === m.id ? ' swap-modes__tab--current' : ''}`} onClick={() => setMode(m.id)}>
            {m.label}
          </button>
        ))}
      </div>
      {mode !== 'market' ? (
        <Suspense fallback={<p className="hint">Loading…</p>}>
          <OrderFormCard
            key={mode}
            kind={mode}
            tokenIn={tokenIn}
            tokenOut={tokenOut}
            pools={market.pools ?? null}
            holdings={market.holdings}
            stable={stable}
            disabled={!deployment ? 'Orders need Grove on this network' : swapsPaused ? 'Orders are paused' : !address ? 'Connect a wallet' : null}
          />
        </Suspense>
      ) : null}
      <form
        hidden={mode !== 'market'}
        className="card swap-form"
        aria-label="Swap"
        onSubmit={(e) => {
          e.preventDefault()
          onAction()
        }}
      >
        <div className="swap-form__head">
          <SwapSettings />
        </div>
        <AmountField
          id={payId}
          label="You pay"
          value={view.textIn}
          token={tokenIn}
          balance={tokenIn && market.holdings ? (tokenIn.id === 0 ? market.holdings.algo : market.holdings.assets.get(tokenIn.id)) : undefined}
          max={maxIn}
          error={state.side === 'in' ? view.fieldError : null}
          note={state.side === 'out' && route ? 'Estimated' : undefined}
          worth={route ? worth(tokenIn, route.amountIn) : null}
          onChange={(text) => dispatch({ type: 'type', side: 'in', text })}
          onPickToken={() => setPicking('in')}
        />
        <button type="button" className="button flip-button" aria-label="Flip: swap what you pay and what you receive" onClick={() => dispatch({ type: 'flip' })}>
          ↓↑
        </button>
        <AmountField
          id={receiveId}
          label="You receive"
          value={view.textOut}
          token={tokenOut}
          balance={tokenOut && market.holdings ? (tokenOut.id === 0 ? market.holdings.algo : market.holdings.assets.get(tokenOut.id)) : undefined}
          error={state.side === 'out' ? view.fieldError : null}
          worth={route ? worth(tokenOut, route.exactOut ?? route.amountOut) : null}
          note={tokenOut && view.needsOptIn ? `Your account is not opted in to ${tokenOut.symbol} yet.` : state.side === 'in' && route ? 'Estimated' : undefined}
          onChange={(text) => dispatch({ type: 'type', side: 'out', text })}
          onPickToken={() => setPicking('out')}
        />
        {route && tokenIn && tokenOut && view.limit !== null && view.networkFee !== null && view.impact ? (
          <Suspense fallback={null}>
            <TradeDetails
              route={route}
              tokens={market.tokens}
              tokenIn={tokenIn}
              tokenOut={tokenOut}
              limit={view.limit}
              networkFee={buildable ? (prepared.data?.fee ?? null) : view.networkFee}
              impact={view.impact}
              slippagePercent={slippage}
              feeEstimated={!buildable}
            />
          </Suspense>
        ) : view.searching && market.venues.length > 0 && !routingFailed ? (
          <p className="hint" role="status">
            Finding the best price…
          </p>
        ) : null}
        {view.impact === 'high' || view.impact === 'confirm' ? (
          <p className="field__warning" role="status">
            {view.impact === 'high'
              ? 'This trade moves the price noticeably. A smaller amount gets a better rate.'
              : 'This trade moves the price by 10% or more: you will be asked to type “confirm” before it is sent.'}
          </p>
        ) : null}
        {view.message ? (
          <p className="field__error" role="alert">
            {view.message}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={view.button.disabled || tx.busy || swapsPaused}>
          {swapsPaused ? 'Swaps are paused' : view.button.kind === 'wrong-network' ? DEPLOYMENT_PROBLEM_LABEL[deploymentProblem ?? 'not-deployed'] : tx.busy ? 'Waiting for your wallet…' : view.button.label}
        </button>
      </form>
      <Suspense fallback={null}>
        {picking ? (
          <TokenSelector
            title={picking === 'in' ? 'Pay with' : 'Receive'}
            options={market.options}
            selectedId={picking === 'in' ? state.tokenIn : state.tokenOut}
            network={network.id}
            algod={algod}
            onPick={(tokenId) => {
              dispatch({ type: 'select', side: picking, tokenId })
              setPicking(null)
            }}
            onClose={() => setPicking(null)}
          />
        ) : null}
        {reviewing && route && tokenIn && tokenOut && view.limit !== null && view.networkFee !== null && view.impact ? (
          <ReviewModal
            route={route}
            tokens={market.tokens}
            tokenIn={tokenIn}
            tokenOut={tokenOut}
            limit={view.limit}
            networkFee={prepared.data?.fee ?? null}
            impact={view.impact}
            slippagePercent={slippage}
            preparing={flow.preparing}
            prepareError={flow.prepareError}
            busy={flow.busy}
            verified={market.verified}
            simulation={flow.simulation}
            onStale={onStale}
            onConfirm={() => void onConfirm()}
            onClose={() => setReviewing(false)}
          />
        ) : null}
      </Suspense>
    </Page>
  )
}
