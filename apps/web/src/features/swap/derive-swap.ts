// Everything the swap page shows, derived from what the user typed and what the chain holds.
// One pure function, so the page is a rendering of its result and tests need no DOM.
import { actionButtonState, type ActionState } from '@/lib/action-button.ts'
import { balanceOf, spendableAlgo, type Holdings } from '@/lib/account/account.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { GroveSdk } from '@/lib/tx/sdk.ts'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import { ROUTE_ERROR_MESSAGES } from '@grove/sdk/errors-core'
import type { RouteRequest } from '@grove/sdk/venues'
import type { SwapQuote, SwapRoute } from './route-view.ts'
import type { SwapState } from './swap-state.ts'

/** How alarming a price impact is: colours at 1/3/5%, typed confirmation from 10%, refused from 15%. */
export type ImpactLevel = 'ok' | 'low' | 'medium' | 'high' | 'confirm' | 'blocked'

/** Impact thresholds in basis points, lowest first; the first one the impact is under names its level. */
const IMPACT_LEVELS: [underBps: number, level: ImpactLevel][] = [
  [100, 'ok'],
  [300, 'low'],
  [500, 'medium'],
  [1000, 'high'],
  [1500, 'confirm'],
]

/** The level of a price impact given in basis points. */
export function impactLevel(bps: number): ImpactLevel {
  for (const [under, level] of IMPACT_LEVELS) if (bps < under) return level
  return 'blocked'
}

/** Shown, and refused, when a trade would move the price 15% or more. */
export const IMPACT_TOO_HIGH = 'Price impact too high'
/** Shown when no pools connect the two tokens or they cannot fill the amount. */
export const NO_ROUTE = 'No route for this trade'

/** The router over the network's venues, once loaded with their pools: quotes an order or says why none carries it. */
export interface SwapRouter {
  quote(request: RouteRequest): SwapQuote
  /** The venues searched, by label (Grove first). */
  labels: readonly string[]
}

/** What the derivation reads. */
export interface SwapInputs {
  state: SwapState
  tokens: ReadonlyMap<number, Token>
  /** The SDK; null while it loads. */
  sdk: GroveSdk | null
  /** The router with the venues' pools; null while they load. */
  router: SwapRouter | null
  /** The connected account's holdings; undefined while they load or when not connected. */
  holdings: Holdings | undefined
  connected: boolean
  deployed: boolean
  slippageBps: number
}

/** What the page shows. */
export interface SwapView {
  tokenIn: Token | null
  tokenOut: Token | null
  /** Text of each field: the typed side as typed, the other side the quote. */
  textIn: string
  textOut: string
  /** The typed field's reason it cannot be read, e.g. "Too many decimals: USDC has 6". */
  fieldError: string | null
  route: SwapRoute | null
  /** Minimum received (exact in) or maximum sold (exact out). */
  limit: bigint | null
  networkFee: bigint | null
  impact: ImpactLevel | null
  /** True while a typed amount waits for the pools or the SDK to be quoted. */
  searching: boolean
  /** The one message under the form, when something stops the swap (never the field's own error). */
  message: string | null
  needsOptIn: boolean
  button: ActionState
}

/** Derives the swap page from the typed state, the pools and the user's holdings. */
export function deriveSwap(input: SwapInputs): SwapView {
  const { state, tokens, sdk } = input
  const tokenIn = state.tokenIn === null ? null : (tokens.get(state.tokenIn) ?? null)
  const tokenOut = state.tokenOut === null ? null : (tokens.get(state.tokenOut) ?? null)
  const typedToken = state.side === 'in' ? tokenIn : tokenOut

  let amount: bigint | null = null
  let fieldError: string | null = null
  if (sdk && typedToken && state.text.trim() !== '') {
    const parsed = sdk.parseAmount(state.text, typedToken.decimals, typedToken.symbol)
    if (parsed.ok) amount = parsed.value
    else fieldError = parsed.error.message
  }

  let route: SwapRoute | null = null
  let failure: string | null = null
  if (sdk && tokenIn && tokenOut && input.router && amount !== null && amount > 0n) {
    const quoted = input.router.quote({ kind: state.side === 'in' ? 'exact-in' : 'exact-out', assetIn: BigInt(tokenIn.id), assetOut: BigInt(tokenOut.id), amount })
    if (quoted.ok) route = quoted.route
    else {
      const { code, token } = quoted.failure
      const symbol = (id: bigint | undefined) => (id === undefined ? undefined : (tokens.get(Number(id))?.symbol ?? `asset ${id}`))
      const exactOut = state.side === 'out' ? `${state.text.trim()} ${tokenOut.symbol}` : undefined
      failure = ROUTE_ERROR_MESSAGES[code]({ from: tokenIn.symbol, to: tokenOut.symbol, venues: input.router.labels, token: symbol(token), exactOut })
    }
  }
  const quoted = route ? (state.side === 'in' ? route.amountOut : route.amountIn) : null
  const quotedText = quoted === null ? '' : formatAmount(quoted, (state.side === 'in' ? tokenOut : tokenIn)!.decimals)
  const impact = route ? impactLevel(route.priceImpactBps) : null
  const networkFee = route ? route.plan.fee : null
  const slippage = BigInt(input.slippageBps)
  const limit = route && sdk ? (state.side === 'in' ? sdk.minimumReceived(route.amountOut, slippage) : sdk.maximumSold(route.amountIn, slippage)) : null

  // What the user spends: the typed amount, or for exact out the most the route may take.
  const spend = state.side === 'in' ? amount : limit
  const held = tokenIn ? balanceOf(input.holdings, tokenIn.id) : undefined
  const balance = !input.holdings || !tokenIn ? undefined : tokenIn.id === 0 ? spendableAlgo(input.holdings, networkFee ?? 0n) : (held ?? 0n)
  const needsOptIn = Boolean(input.holdings && tokenOut && tokenOut.id !== 0 && !input.holdings.assets.has(tokenOut.id))

  const noRoute = failure !== null
  const problem = noRoute ? NO_ROUTE : impact === 'blocked' ? IMPACT_TOO_HIGH : null
  const button = actionButtonState({
    connected: input.connected,
    networkOk: input.deployed,
    select: !tokenIn || !tokenOut ? 'Select a token' : null,
    // the field names what is wrong with the text; the button only says what to do
    amountError: fieldError !== null ? 'Enter a valid amount' : amount === null ? 'Enter an amount' : null,
    amount: spend ?? amount,
    // an exact output no route can deliver spends nothing: it is short of liquidity, not of the user's balance
    balance: state.side === 'out' && !route ? undefined : balance,
    problem,
    needsOptIn,
    assetName: tokenIn?.symbol,
    optInName: tokenOut?.symbol,
    actionLabel: 'Review swap',
  })
  // The message follows the button: whatever the button names first is what the message explains.
  // The field shows its own error, so the message never repeats it.
  const message =
    fieldError !== null
      ? null
      : button.kind === 'insufficient-balance'
        ? tokenIn!.id === 0
          ? `You do not have enough ALGO: your account must keep ${formatAlgo(input.holdings!.minBalance)} and pay the network fee.`
          : `You do not have enough ${tokenIn!.symbol}.`
        : problem === NO_ROUTE
          ? failure
          : problem === IMPACT_TOO_HIGH
            ? 'This trade would move the price by 15% or more. Trade a smaller amount.'
            : null

  return {
    tokenIn,
    tokenOut,
    // a positive amount is typed and its quote waits only for the pools or the SDK (never for an amount of 0)
    searching: tokenIn !== null && tokenOut !== null && fieldError === null && route === null && !noRoute && (amount !== null ? amount > 0n : sdk === null && /[1-9]/.test(state.text)),
    textIn: state.side === 'in' ? state.text : quotedText,
    textOut: state.side === 'out' ? state.text : quotedText,
    fieldError,
    route,
    limit,
    networkFee,
    impact,
    message,
    needsOptIn,
    button,
  }
}


/**
 * µALGO that "Max" leaves for fees when paying ALGO: the group's exact fee is known only once it is
 * built (routes may add budget calls), so Max keeps a margin rather than fail at the last step.
 */
export const MAX_FEE_RESERVE = 10_000n
