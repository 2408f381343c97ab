// The Limit and Recurring tabs of the swap card: what the user typed becomes the order's parameters,
// the one message that stops it, and a preview of what each fill may receive. Pure, so every case is
// tested without a page. Prices are what the user reads: whole `out` per whole `in`.
import { parseAmount } from '@grove/sdk/amount'

/** A token as the form needs it. */
export interface OrderToken {
  id: number
  symbol: string
  decimals: number
}

/** What the user typed (only this is state; the rest is derived). */
export interface OrderForm {
  kind: 'limit' | 'recurring'
  /** A limit order's whole amount, a recurring order's amount per fill. */
  amount: string
  /** Limit: the least price, whole out per whole in. */
  price: string
  /** Limit: hours until it expires, 0 for never. */
  expiryHours: number
  /** Recurring: how many fills. */
  fills: string
  /** Recurring: seconds between fills (≥ 60). */
  interval: number
  /** Recurring: how far below the TWAP value a fill may pay, in percent. */
  tolerance: string
}

/** What the market says now (the pool's spot price, whole out per whole in; the out token's USD price), when known. */
export interface OrderMarket {
  spot: number | null
  /** The Grove pool's fee of the pair (bps), which the TWAP value is taken after. */
  poolFeeBps: number
  outUsd: number | null
  /** Of `in`, what the user holds (base units). */
  balance: bigint | null
}

/** The SDK action the form places, without the sender. */
export type OrderParams =
  | { kind: 'place-limit'; assetIn: bigint; assetOut: bigint; amount: bigint; minOut: bigint; expiry: bigint }
  | { kind: 'place-recurring'; assetIn: bigint; assetOut: bigint; perFill: bigint; fills: bigint; interval: bigint; toleranceBps: bigint }

/** The derived form: the parameters (null while something stops it), the message saying what, and the preview. */
export interface DerivedOrder {
  params: OrderParams | null
  message: string | null
  /** Each fill's least (limit: the whole order's), in base units of `out`, when it can be said. */
  leastPerFill: bigint | null
  /** Words under the form: what each fill may receive and its USD value. */
  preview: string | null
}

/** Expiry choices (hours; 0 = never). */
export const EXPIRIES = [1, 24, 24 * 7, 24 * 30, 0] as const
/** Interval choices (seconds). */
export const INTERVALS = [60, 300, 3600, 86_400, 7 * 86_400] as const

const TEN = (n: number) => 10n ** BigInt(n)

/** `value` base units of `t` in words ("1,234.5 gUSD"). */
function words(value: bigint, t: OrderToken): string {
  const whole = Number(value) / 10 ** t.decimals
  return `${whole.toLocaleString('en-US', { maximumFractionDigits: Math.min(t.decimals, 6) })} ${t.symbol}`
}

/** A price typed as text, as a rational of whole units (numerator, denominator), or null. */
function priceOf(text: string): { num: bigint; den: bigint } | null {
  const m = /^\s*(\d+)(?:\.(\d{1,18}))?\s*$/.exec(text)
  if (!m) return null
  const frac = m[2] ?? ''
  const num = BigInt(m[1]! + frac)
  return num > 0n ? { num, den: 10n ** BigInt(frac.length) } : null
}

/** Derives the order from what was typed, `now` (seconds, the chain's) and the market. */
export function deriveOrder(form: OrderForm, tokenIn: OrderToken | null, tokenOut: OrderToken | null, market: OrderMarket, now: number): DerivedOrder {
  const none = (message: string | null): DerivedOrder => ({ params: null, message, leastPerFill: null, preview: null })
  if (!tokenIn || !tokenOut) return none('Pick the two tokens')
  if (tokenIn.id === tokenOut.id) return none('Pick two different tokens')
  if (form.amount.trim() === '') return none(null)
  const parsed = parseAmount(form.amount, tokenIn.decimals, tokenIn.symbol)
  if (!parsed.ok) return none(parsed.error.message)
  const amount = parsed.value
  if (amount === 0n) return none('Enter an amount above zero')
  const usd = (v: bigint) => (market.outUsd === null ? '' : ` (≈ $${((Number(v) / 10 ** tokenOut.decimals) * market.outUsd).toLocaleString('en-US', { maximumFractionDigits: 2 })})`)
  const [assetIn, assetOut] = [BigInt(tokenIn.id), BigInt(tokenOut.id)]
  if (form.kind === 'limit') {
    const price = priceOf(form.price)
    if (!price) return none('Enter the least price you accept, above zero')
    if (market.balance !== null && amount > market.balance) return none(`You hold less ${tokenIn.symbol} than that`)
    // minOut in base units: amount/10^dIn × price × 10^dOut, rounded up (never below what was asked)
    const numerator = amount * price.num * TEN(tokenOut.decimals)
    const denominator = price.den * TEN(tokenIn.decimals)
    const minOut = (numerator + denominator - 1n) / denominator
    if (minOut === 0n) return none('This price gives nothing for that amount: raise one of them')
    const expiry = form.expiryHours === 0 ? 0n : BigInt(now + form.expiryHours * 3600)
    const vsMarket = market.spot !== null && market.spot > 0 ? ` — ${(((Number(price.num) / Number(price.den)) / market.spot - 1) * 100).toFixed(1)}% from the market` : ''
    return {
      params: { kind: 'place-limit', assetIn, assetOut, amount, minOut, expiry },
      message: null,
      leastPerFill: minOut,
      preview: `You receive at least ${words(minOut, tokenOut)}${usd(minOut)} for ${words(amount, tokenIn)}, in parts as fillers take it${vsMarket}.`,
    }
  }
  const fills = /^\s*\d+\s*$/.test(form.fills) ? BigInt(form.fills.trim()) : 0n
  if (fills < 1n || fills > 1000n) return none('Enter a number of fills from 1 to 1,000')
  if (form.interval < 60) return none('Fills must be at least a minute apart')
  const tol = priceOf(form.tolerance === '0' ? '0.0000001' : form.tolerance)
  const toleranceBps = tol ? (tol.num * 100n) / tol.den : -1n
  if (toleranceBps < 0n || toleranceBps >= 10_000n || !/^\s*\d+(\.\d{0,2})?\s*$/.test(form.tolerance)) return none('Enter a tolerance from 0 to 99.99%')
  if (market.balance !== null && amount * fills > market.balance) return none(`You hold less ${tokenIn.symbol} than ${fills} fills need`)
  let leastPerFill: bigint | null = null
  let preview = `${fills} fills of ${words(amount, tokenIn)}, one every ${intervalWords(form.interval)}, the first a minute after placing.`
  if (market.spot !== null) {
    // each fill's least: its value at the TWAP after the pool's fee, less the tolerance (the spot stands in for the TWAP)
    const value = (Number(amount) / 10 ** tokenIn.decimals) * market.spot * (1 - market.poolFeeBps / 10_000)
    leastPerFill = BigInt(Math.floor(value * (1 - Number(toleranceBps) / 10_000) * 10 ** tokenOut.decimals))
    preview += ` At today's price each fill receives at least about ${words(leastPerFill, tokenOut)}${usd(leastPerFill)}.`
  }
  return { params: { kind: 'place-recurring', assetIn, assetOut, perFill: amount, fills, interval: BigInt(form.interval), toleranceBps }, message: null, leastPerFill, preview }
}

/** An interval in words ("5 minutes", "1 day"). */
export function intervalWords(seconds: number): string {
  const units: [number, string][] = [[7 * 86_400, 'week'], [86_400, 'day'], [3600, 'hour'], [60, 'minute']]
  for (const [size, name] of units) {
    if (seconds % size === 0) {
      const n = seconds / size
      return n === 1 ? name : `${n} ${name}s`
    }
  }
  return `${seconds} seconds`
}
