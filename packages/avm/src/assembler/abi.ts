// ARC-4 method signature checking for the `method` pseudo-op. algod only warns on a bad
// signature (the ABI is not consensus), using avm-abi's VerifyMethodSignature texts, mirrored here.
import { parseUint } from './literals.ts'

const REFERENCE_TYPES = new Set(['account', 'asset', 'application'])
const TXN_TYPES = new Set(['txn', 'pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl'])
const STATIC_ARRAY = /^([a-z\d[\](),]+)\[(0|[1-9]\d*)]$/
const UFIXED = /^ufixed([1-9]\d*)x([1-9]\d*)$/

/** Splits tuple content at top-level commas (avm-abi parseTupleContent); an error text on failure. */
function parseTupleContent(str: string): string[] | string {
  if (str.length === 0) return []
  if (str.startsWith(',') || str.endsWith(',')) return 'parsing error: tuple content should not start or end with comma'
  if (str.includes(',,')) return 'no consecutive commas'
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < str.length; i++) {
    const c = str[i]
    if (c === '(') depth++
    else if (c === ')') {
      if (depth === 0) return `unpaired parentheses: ${str}`
      depth--
    } else if (c === ',' && depth === 0) {
      parts.push(str.slice(start, i))
      start = i + 1
    }
  }
  if (depth !== 0) return `unpaired parentheses: ${str}`
  parts.push(str.slice(start))
  return parts
}

/** Checks an ABI type string (avm-abi TypeOf); undefined when valid, else its error text. */
function checkType(str: string): string | undefined {
  if (str.endsWith('[]')) return checkType(str.slice(0, -2))
  if (str.endsWith(']')) {
    const m = STATIC_ARRAY.exec(str)
    if (!m) return `static array ill formated: "${str}"`
    const len = parseUint(m[2], 10, 16)
    if (!len.ok) return len.error
    return checkType(m[1])
  }
  if (str.startsWith('uint')) {
    const size = parseUint(str.slice(4), 10, 16)
    if (!size.ok) return `ill formed uint type: "${str}"`
    const n = Number(size.value)
    return n % 8 !== 0 || n < 8 || n > 512 ? `unsupported uint type bitSize: ${n}` : undefined
  }
  if (str === 'byte' || str === 'bool' || str === 'address' || str === 'string') return undefined
  if (str.startsWith('ufixed')) {
    const m = UFIXED.exec(str)
    if (!m) return `ill formed ufixed type: "${str}"`
    const size = parseUint(m[1], 10, 16)
    if (!size.ok) return size.error
    const precision = parseUint(m[2], 10, 16)
    if (!precision.ok) return precision.error
    const n = Number(size.value)
    const p = Number(precision.value)
    if (n % 8 !== 0 || n < 8 || n > 512) return `unsupported ufixed type bitSize: ${n}`
    if (p > 160 || p < 1) return `unsupported ufixed type precision: ${p}`
    return undefined
  }
  if (str.length >= 2 && str[0] === '(' && str[str.length - 1] === ')') {
    const parts = parseTupleContent(str.slice(1, -1))
    if (typeof parts === 'string') return parts
    for (const p of parts) {
      const err = checkType(p)
      if (err) return err
    }
    return undefined
  }
  return `cannot convert the string "${str}" to an ABI type`
}

/** avm-abi VerifyMethodSignature: undefined when `name(args)ret` is a valid ARC-4 signature. */
export function verifyMethodSignature(sig: string): string | undefined {
  const open = sig.indexOf('(')
  if (open === -1) return `No parenthesis in method signature: "${sig}"`
  if (open === 0) return `Method signature has no name: "${sig}"`
  let depth = 0
  let close = -1
  for (let i = 0; i < sig.length && close < 0; i++) {
    if (sig[i] === '(') depth++
    else if (sig[i] === ')') {
      if (depth === 0) return `Unpaired parenthesis in method signature: "${sig}"`
      if (--depth === 0) close = i
    }
  }
  if (close === -1) return `Unpaired parenthesis in method signature: "${sig}"`
  const args = parseTupleContent(sig.slice(open + 1, close))
  if (typeof args === 'string') return args
  for (let i = 0; i < args.length; i++) {
    if (REFERENCE_TYPES.has(args[i]) || TXN_TYPES.has(args[i])) continue
    const err = checkType(args[i])
    if (err) return `Error parsing argument type at index ${i}: ${err}`
  }
  const ret = sig.slice(close + 1)
  if (ret !== 'void') {
    const err = checkType(ret)
    if (err) return `Error parsing return type: ${err}`
  }
  return undefined
}
