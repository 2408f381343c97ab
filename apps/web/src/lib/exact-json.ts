// JSON.parse that keeps big integers exact. Algorand's APIs write uint64 (amounts, totals) as bare
// digits, and JSON.parse rounds any integer beyond 2^53 - 1 to the nearest double, so an 18-decimal
// token's amount would read wrong. Here such an integer becomes a bigint; every other value is what
// JSON.parse gives. Small on purpose (no algosdk in the main chunk for the sake of one parser).

/** A JSON value as {@link parseExactJson} returns it: integers JavaScript cannot hold exactly are bigint. */
export type ExactJson = null | boolean | number | bigint | string | ExactJson[] | { [key: string]: ExactJson }

/** An unsigned 64-bit integer as an API sends it: a number when it is safe, a bigint when it is not. */
export type Uint64 = number | bigint

/** Widens a uint64 field to bigint; a fraction (never sent for a uint64) is truncated. */
export function toBigInt(value: Uint64): bigint {
  return typeof value === 'bigint' ? value : BigInt(Math.trunc(value))
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const PARTS = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/
const WHITESPACE = /[ \t\n\r]*/y
// An integer written with more digits than this (1e999999 and the like) stays a JSON.parse number,
// so a hostile exponent cannot make a giant bigint; no uint64 comes near it.
const MAX_DIGITS = 400

/**
 * Parses JSON text as JSON.parse does (same errors for bad text, same objects, `__proto__` an own
 * key), except that an integer that is not a safe integer — 18446744073709551615,
 * 9007199254740993, also written as 1.8446744073709551615e19 — is a bigint holding its exact value.
 */
export function parseExactJson(text: string): ExactJson {
  let at = 0

  const fail = (what: string): never => {
    throw new SyntaxError(`${what} in JSON at position ${at}`)
  }
  const skip = () => {
    WHITESPACE.lastIndex = at
    WHITESPACE.exec(text)
    at = WHITESPACE.lastIndex
  }
  const expect = (char: string) => {
    skip()
    if (text[at] !== char) fail(at >= text.length ? `Expected '${char}' but the text ended` : `Expected '${char}' but found '${text[at]}'`)
    at++
  }

  const string = (): string => {
    const start = at
    at++
    for (;;) {
      const c = text[at]
      if (c === undefined) fail('Unterminated string')
      if (c === '"') break
      at += c === '\\' ? 2 : 1
    }
    at++
    // JSON.parse checks the escapes and control characters of the one string and decodes it.
    return JSON.parse(text.slice(start, at)) as string
  }

  const number = (): number | bigint => {
    NUMBER.lastIndex = at
    const token = NUMBER.exec(text)?.[0]
    if (!token) fail(`Unexpected token '${text[at]}'`)
    at += token!.length
    return exactNumber(token!)
  }

  const value = (): ExactJson => {
    skip()
    const c = text[at]
    if (c === '{') {
      at++
      const object: { [key: string]: ExactJson } = {}
      skip()
      if (text[at] === '}') return at++, object
      for (;;) {
        skip()
        if (text[at] !== '"') fail('Expected a property name')
        const key = string()
        expect(':')
        const item = value()
        // As JSON.parse: "__proto__" is a key like any other, never the object's prototype.
        if (key === '__proto__') Object.defineProperty(object, key, { value: item, enumerable: true, writable: true, configurable: true })
        else object[key] = item
        skip()
        if (text[at] === ',') at++
        else return expect('}'), object
      }
    }
    if (c === '[') {
      at++
      const array: ExactJson[] = []
      skip()
      if (text[at] === ']') return at++, array
      for (;;) {
        array.push(value())
        skip()
        if (text[at] === ',') at++
        else return expect(']'), array
      }
    }
    if (c === '"') return string()
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) return (at += word.length), literal
    }
    if (c === undefined) fail('Unexpected end of JSON input')
    return number()
  }

  const result = value()
  skip()
  if (at < text.length) fail(`Unexpected '${text[at]}' after the value`)
  return result
}

/** The value of one JSON number token: a safe number, or the exact bigint of an integer beyond 2^53 - 1. */
function exactNumber(token: string): number | bigint {
  const n = Number(token)
  if (Number.isSafeInteger(n) && !/[.eE]/.test(token)) return n
  const [, sign, whole, fraction = '', exponent = '0'] = PARTS.exec(token)!
  const digits = (whole + fraction).replace(/^0+/, '')
  if (digits === '') return n // zero, in any notation
  const kept = digits.replace(/0+$/, '')
  const power = Number(exponent) - fraction.length + (digits.length - kept.length)
  if (power < 0 || kept.length + power > MAX_DIGITS) return n // a fraction, or beyond any amount
  const exact = BigInt(sign + kept) * 10n ** BigInt(power)
  return Number.isSafeInteger(n) && BigInt(n) === exact ? n : exact
}
