// Turns whatever a wallet, fetch or algod threw into one sentence a person can act on.
// algod's texts are matched as algod writes them (see go-algorand's ledger and logic
// packages); anything unrecognised falls back to its first line, never a stack.
import { formatAlgo } from '@/lib/format.ts'
import { HttpError, NetworkError, ParseError, TimeoutError } from '@/lib/http.ts'

/** Shown when nothing better can be said. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.'
/** Shown when the user declined in their wallet. */
export const REJECTED_ERROR = 'You cancelled the request in your wallet.'
/** Shown when the network or node could not be reached. */
export const NETWORK_ERROR = 'Could not reach the network. Check your connection and the node settings, then try again.'
/** Shown when a request took too long. */
export const TIMEOUT_ERROR = 'The request timed out. Check your connection and try again.'

// ARC-0027 (Kibisis, and WalletConnect wallets such as Pera and Defly) uses 4001 for "user rejected".
const REJECTED_CODES = new Set([4001, '4001'])
const REJECTED_TEXT =
  /user rejected|rejected by (the )?user|request rejected|(cancell?ed|closed|denied) by (the )?user|user (cancell?ed|denied|closed)|operation cancell?ed|method .* canceled|modal (was )?closed/i
const NETWORK_TEXT = /failed to fetch|networkerror|load failed|network request failed|econnrefused|enotfound|fetch failed|err_network/i

interface ErrorShape {
  message: string
  code?: unknown
  type?: unknown
}

function shapeOf(error: unknown): ErrorShape {
  if (typeof error === 'string') return { message: error }
  if (typeof error !== 'object' || error === null) return { message: '' }
  const e = error as { message?: unknown; code?: unknown; data?: { code?: unknown; type?: unknown } }
  return {
    message: typeof e.message === 'string' ? e.message : '',
    code: e.code ?? e.data?.code,
    type: e.data?.type,
  }
}

/** Maps an error from a wallet, the network or algod to plain words. */
export function readableError(error: unknown): string {
  if (error instanceof TimeoutError) return TIMEOUT_ERROR
  if (error instanceof NetworkError) return NETWORK_ERROR
  if (error instanceof ParseError) return 'The server sent an answer the app could not read. Please try again later.'

  const { message, code, type } = shapeOf(error)
  if (REJECTED_CODES.has(code as number) || (typeof type === 'string' && type.endsWith('_CANCELLED')) || REJECTED_TEXT.test(message)) {
    return REJECTED_ERROR
  }
  if (code === 4002 || /timed out|timeout/i.test(message)) return TIMEOUT_ERROR

  const algod = algodError(message)
  if (algod) return algod
  if (error instanceof HttpError) return httpError(error)
  if (NETWORK_TEXT.test(message)) return NETWORK_ERROR
  return firstLine(message)
}

// Texts of the ledger and the AVM, most specific first.
const ALGOD_RULES: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  // use-wallet's own text is kept word for word (people search for it), with the why after it.
  [/Production network detected/, () => 'Production network detected. Aborting. The Mnemonic wallet works only on test networks.'],
  [/balance (\d+) below min (\d+)/, (m) => `This would take an account below its minimum balance of ${formatAlgo(BigInt(m[2]))}. Keep more ALGO in the account.`],
  [/overspend/, () => 'Your account does not have enough ALGO for this amount plus fees.'],
  // the asset's freeze address froze a holding in the transfer (a pool's, when a deposit is refused)
  [/asset frozen in recipient/, () => 'The token’s issuer has frozen the receiving account’s holding (the pool’s or yours), so it cannot receive this token until the issuer unfreezes it.'],
  [/asset \d+ frozen in \w+/, () => 'The token’s issuer has frozen the sending account’s holding, so it cannot move this token until the issuer unfreezes it.'],
  [/underflow on subtracting \d+ from sender amount \d+/, () => 'Your account does not hold enough of this asset.'],
  [/must optin|asset \d+ missing from|has not opted in/i, () => 'An account in this transaction has not opted in to the asset.'],
  [/txn dead|round \d+ outside of \d+--\d+/, () => 'The transaction expired before it reached the network. Please try again.'],
  [/transaction already in ledger/, () => 'This transaction was already submitted.'],
  [/fee too small|below threshold/i, () => 'The transaction fee is too low for the network right now. Please try again.'],
  [/rejected by logic/, () => 'The transaction was rejected by its signing program.'],
]

function algodError(message: string): string | undefined {
  const at = message.indexOf('logic eval error:')
  if (at >= 0) return logicError(message.slice(at + 'logic eval error:'.length))
  for (const [pattern, explain] of ALGOD_RULES) {
    const match = pattern.exec(message)
    if (match) return explain(match)
  }
  return undefined
}

/** Explains the tail of "logic eval error: <reason> pc=N. Details: ...". */
function logicError(tail: string): string {
  const pc = /pc=(\d+)/.exec(tail)?.[1]
  const reason = tail.split('. Details:')[0].replace(/\s*pc=\d+\.?/g, '').trim().replace(/\.$/, '')
  const where = pc === undefined ? '' : ` (program step ${pc})`
  if (/^assert failed/.test(reason) || /^err opcode executed/.test(reason)) {
    return `The smart contract rejected this transaction${where}. The price may have moved or a limit was not met.`
  }
  if (/budget exceeded/.test(reason)) return `The transaction needed more computation than the network allows${where}.`
  if (/overflowed|would result negative/.test(reason)) return `An amount went out of range in the smart contract${where}.`
  if (/unavailable|invalid .* reference/i.test(reason)) return `The transaction did not reference an account, asset or app the smart contract needed${where}.`
  return `The smart contract rejected this transaction: ${reason || 'no reason given'}${where}.`
}

/** A server's own message when it sent one, else words for the status. */
function httpError(error: HttpError): string {
  if (!error.message.startsWith('Request failed with status')) return firstLine(error.message)
  if (error.status === 429) return 'Too many requests right now. Wait a moment and try again.'
  if (error.status === 404) return 'The server has no such item.'
  if (error.status >= 500) return 'The server is having trouble. Please try again in a moment.'
  return firstLine(error.message)
}

function firstLine(message: string): string {
  const line = message.split('\n')[0].replace(/^\s*(Uncaught\s+)?(\w*Error:\s*)+/, '').trim()
  if (line === '' || /^\s*at\s/.test(line)) return GENERIC_ERROR
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
