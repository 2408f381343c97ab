// Amounts are bigint base units; text is converted digit by digit, never through floats.

/** The largest amount an Algorand account, asset or app can hold (2^64 − 1). */
export const MAX_UINT64 = (1n << 64n) - 1n

/** Why a typed amount was not accepted. */
export type AmountErrorCode = 'empty' | 'not-a-number' | 'too-many-decimals' | 'negative' | 'too-large'

/** A rejected amount: a code for logic and a sentence for people. */
export interface AmountError {
  code: AmountErrorCode
  message: string
}

/** The outcome of `parseAmount`: base units, or why not. */
export type ParseAmountResult = { ok: true; value: bigint } | { ok: false; error: AmountError }

// One place for the texts the UI shows.
const MESSAGES: Record<Exclude<AmountErrorCode, 'too-many-decimals'>, string> = {
  empty: 'Enter an amount',
  'not-a-number': 'Not a number',
  negative: 'Amount cannot be negative',
  'too-large': 'Amount is too large',
}

const fail = (code: AmountErrorCode, message = MESSAGES[code as keyof typeof MESSAGES]): ParseAmountResult => ({
  ok: false,
  error: { code, message },
})

// Digits with optional thousand separators in groups of three ("1,234,567"), then an optional fraction.
const NUMBER = /^(?:(\d{1,3}(?:,\d{3})+)|(\d*))(?:\.(\d*))?$/

/**
 * Parses a decimal string ("1.5", "1,234.5", ".5") into base units of an asset with `decimals`
 * (0–19); `symbol` names the asset in the too-many-decimals message.
 */
export function parseAmount(text: string, decimals: number, symbol = 'this asset', max: bigint = MAX_UINT64): ParseAmountResult {
  let s = text.trim()
  if (s === '') return fail('empty')
  const negative = s.startsWith('-')
  if (negative || s.startsWith('+')) s = s.slice(1).trimStart()
  const m = NUMBER.exec(s)
  if (!m || s === '.' || s === '') return fail('not-a-number')
  const whole = (m[1] ?? m[2] ?? '').replaceAll(',', '')
  const fraction = m[3] ?? ''
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > decimals) return fail('too-many-decimals', `Too many decimals: ${symbol} has ${decimals}`)
  const value = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, '0') || '0')
  if (negative && value !== 0n) return fail('negative')
  if (value > max) return fail('too-large')
  return { ok: true, value }
}

/** Options for `formatAmount`. */
export interface FormatAmountOptions {
  /** Group the whole part by thousands with commas. */
  thousands?: boolean
  /** Show at most this many decimals, truncating (display never rounds up what you hold). */
  maxDecimals?: number
  /** Always show exactly `decimals` (or `maxDecimals`) digits after the point. */
  fixed?: boolean
}

/** Formats base units as a decimal string, e.g. `formatAmount(1500000n, 6)` → "1.5". */
export function formatAmount(value: bigint, decimals: number, options: FormatAmountOptions = {}): string {
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const unit = 10n ** BigInt(decimals)
  let whole = (abs / unit).toString()
  let fraction = decimals > 0 ? (abs % unit).toString().padStart(decimals, '0') : ''
  if (options.maxDecimals !== undefined) fraction = fraction.slice(0, Math.max(0, options.maxDecimals))
  if (!options.fixed) fraction = fraction.replace(/0+$/, '')
  if (options.thousands) whole = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  // what truncation leaves of a small negative amount is zero, not "-0"
  const zero = /^[0,]*$/.test(whole) && /^0*$/.test(fraction)
  return `${zero ? '' : sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Formats µALGO as grouped ALGO with its unit, e.g. `formatAlgo(1_234_500_000n)` → "1,234.5 ALGO". */
export function formatAlgo(microAlgos: bigint, options: FormatAmountOptions = {}): string {
  return `${formatAmount(microAlgos, 6, { thousands: true, ...options })} ALGO`
}
