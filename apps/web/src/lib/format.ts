// Exact conversion between what a user types (decimal text) and what the chain stores
// (integer base units). Floats never touch an amount: 0.1 + 0.2 is not a price.

/** Largest amount an Algorand asset can hold (uint64). */
export const MAX_UINT64 = (1n << 64n) - 1n

/** Why a typed amount was refused. */
export type AmountProblem = 'empty' | 'invalid' | 'too-many-decimals' | 'too-large'

/** Result of parsing a typed amount. */
export type ParsedAmount = { ok: true; value: bigint } | { ok: false; problem: AmountProblem; error: string }

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** Converts decimal text ("1.5", ".25", "10.") to base units of an asset with `decimals` decimals. */
export function parseAmount(text: string, decimals: number): ParsedAmount {
  assertDecimals(decimals)
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, problem: 'empty', error: 'Enter an amount' }
  const match = DECIMAL.exec(trimmed)
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '')) {
    return { ok: false, problem: 'invalid', error: 'Enter a number such as 1.5' }
  }
  // Trailing zeros carry no value, so "1.500000000" is fine for a 6-decimal asset.
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > decimals) {
    return {
      ok: false,
      problem: 'too-many-decimals',
      error: decimals === 0 ? 'This asset has no decimals' : `At most ${decimals} decimal${decimals === 1 ? '' : 's'}`,
    }
  }
  const value = BigInt((whole || '0') + significant.padEnd(decimals, '0'))
  if (value > MAX_UINT64) return { ok: false, problem: 'too-large', error: 'Amount is too large' }
  return { ok: true, value }
}

/** Options for {@link formatAmount}. */
export interface FormatAmountOptions {
  /** Show at most this many fraction digits, rounding toward zero so a balance is never overstated. */
  maxFractionDigits?: number
  /** Group thousands with commas (default false). */
  group?: boolean
}

/** Renders base units as decimal text, without trailing zeros ("1500000", 6 → "1.5"). */
export function formatAmount(value: bigint, decimals: number, options: FormatAmountOptions = {}): string {
  assertDecimals(decimals)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  let whole = digits.slice(0, digits.length - decimals)
  let fraction = digits.slice(digits.length - decimals)
  if (options.maxFractionDigits !== undefined) fraction = fraction.slice(0, Math.max(0, options.maxFractionDigits))
  fraction = fraction.replace(/0+$/, '')
  if (options.group) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const text = fraction ? `${whole}.${fraction}` : whole
  const isZero = /^[0,]*$/.test(whole) && fraction === ''
  return negative && !isZero ? `-${text}` : text
}

/** Renders microAlgos as ALGO ("1234500" → "1.2345 ALGO"). */
export function formatAlgo(microAlgos: bigint, options: FormatAmountOptions = {}): string {
  return `${formatAmount(microAlgos, 6, { group: true, ...options })} ALGO`
}

/** Shortens an Algorand address for display ("ABCD…WXYZ"); the full address belongs in a title or copy action. */
export function shortenAddress(address: string, chars = 4): string {
  return address.length <= chars * 2 + 1 ? address : `${address.slice(0, chars)}…${address.slice(-chars)}`
}

function assertDecimals(decimals: number): void {
  // ASA decimals are 0–19 on chain; anything else is a programming error, not user input.
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 19) throw new RangeError(`Invalid asset decimals: ${decimals}`)
}
