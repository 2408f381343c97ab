// Turns whatever a wallet, fetch or algod threw into one sentence a person can act on. The web
// words only the wallet's and HTTP's failures; algod's, the AVM's and the contracts' texts are the
// SDK's one table (@grove/sdk/errors, no algosdk), which also holds the wallet's and the network's texts
// and their sentences.
// Anything unrecognised falls back to its first line, never a stack.
import { explainErrorByCode, NODE_UNREACHABLE, NODE_UNREACHABLE_TEXTS, WALLET_REJECTED, WALLET_REJECTED_TEXTS } from '@grove/sdk/errors-core'
import type { ReadableError } from '@grove/sdk/errors'
import { HttpError, NetworkError, ParseError, TimeoutError } from '@/lib/http.ts'

/** Shown when nothing better can be said. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.'
/** Shown when the user declined in their wallet. */
export const REJECTED_ERROR = WALLET_REJECTED
/** Shown when the network or node could not be reached. */
export const NETWORK_ERROR = NODE_UNREACHABLE
/** Shown when a request took too long. */
export const TIMEOUT_ERROR = 'The request timed out. Check your connection and try again.'

// use-wallet's own text is kept word for word (people search for it), with the why after it.
const PRODUCTION_REFUSAL = /Production network detected/

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

/**
 * Maps an error from a wallet, the network or algod to plain words. `explain` is the SDK's table;
 * pages that have loaded the SDK pass its version with the contracts' specs, which names asserts.
 */
export function readableError(error: unknown, explain: (error: unknown) => ReadableError = explainErrorByCode): string {
  if (error instanceof TimeoutError) return TIMEOUT_ERROR
  if (error instanceof NetworkError) return NETWORK_ERROR
  if (error instanceof ParseError) return 'The server sent an answer the app could not read. Please try again later.'

  const { message, code, type } = shapeOf(error)
  // the SDK's table knows the wallets' rejection code (ARC-0027's 4001) and texts; Pera's own cancel is a type
  const explained = explain(error)
  if (explained.kind === 'rejected' || (typeof type === 'string' && type.endsWith('_CANCELLED')) || WALLET_REJECTED_TEXTS.test(message)) {
    return REJECTED_ERROR
  }
  if (code === 4002 || /timed out|timeout/i.test(message)) return TIMEOUT_ERROR
  if (PRODUCTION_REFUSAL.test(message)) return 'Production network detected. Aborting. The Mnemonic wallet works only on test networks.'

  if (explained.kind !== 'unknown' && explained.kind !== 'network') return explained.message
  if (error instanceof HttpError) return httpError(error)
  if (NODE_UNREACHABLE_TEXTS.test(message)) return NETWORK_ERROR
  return firstLine(message)
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
