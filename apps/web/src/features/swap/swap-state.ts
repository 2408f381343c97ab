// What the user typed on the swap page, and nothing else: the two tokens, which side they
// typed on and the text. Quote, balances, the message and the button are derived from it.

/** Which amount the user typed: the one they pay (exact in) or the one they receive (exact out). */
export type Side = 'in' | 'out'

/** The swap form's state. */
export interface SwapState {
  tokenIn: number | null
  tokenOut: number | null
  side: Side
  text: string
}

/** Everything the user can do to the form. */
export type SwapAction =
  | { type: 'select'; side: Side; tokenId: number }
  | { type: 'type'; side: Side; text: string }
  | { type: 'flip' }
  | { type: 'clear' }

/** A fresh form: pay ALGO, nothing chosen to receive, nothing typed. */
export const INITIAL_SWAP: SwapState = { tokenIn: 0, tokenOut: null, side: 'in', text: '' }

/** Applies one user action; picking the token already on the other side swaps the two, as Uniswap does. */
export function swapReducer(state: SwapState, action: SwapAction): SwapState {
  switch (action.type) {
    case 'select': {
      const own = action.side === 'in' ? 'tokenIn' : 'tokenOut'
      const other = action.side === 'in' ? 'tokenOut' : 'tokenIn'
      if (state[other] === action.tokenId) return flip(state)
      return { ...state, [own]: action.tokenId }
    }
    case 'type':
      return { ...state, side: action.side, text: action.text }
    case 'flip':
      return flip(state)
    case 'clear':
      return { ...state, text: '' }
  }
}

// The typed amount follows its token to the other side, so the trade the user meant is kept.
function flip(state: SwapState): SwapState {
  return { tokenIn: state.tokenOut, tokenOut: state.tokenIn, side: state.side === 'in' ? 'out' : 'in', text: state.text }
}

/** The URL parameters that carry the pair, named as Tinyman's links name them, so a pair survives a reload and can be shared. */
export const PAIR_PARAMS = { in: 'asset_in', out: 'asset_out' } as const

/** An asset id as a link writes it (decimal digits, at most 2^53), or null. */
export const assetIdParam = (text: string | null): number | null => (text !== null && /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null)

/** The form a link opens: its pair (ALGO to pay when it names only what to receive), nothing typed. */
export function swapFromUrl(params: URLSearchParams): SwapState {
  const out = assetIdParam(params.get(PAIR_PARAMS.out))
  let tokenIn = assetIdParam(params.get(PAIR_PARAMS.in)) ?? (out === 0 ? null : 0)
  if (tokenIn === out) tokenIn = out === 0 ? null : 0
  return { ...INITIAL_SWAP, tokenIn, tokenOut: out === tokenIn ? null : out }
}

/** The search parameters that show the form's pair, or null when `params` already do (other parameters are kept). */
export function pairInUrl(state: SwapState, params: URLSearchParams): URLSearchParams | null {
  const next = new URLSearchParams(params)
  for (const [side, name] of [['tokenIn', PAIR_PARAMS.in], ['tokenOut', PAIR_PARAMS.out]] as const) {
    const id = state[side]
    if (id === null) next.delete(name)
    else next.set(name, String(id))
  }
  return next.toString() === params.toString() ? null : next
}
