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
