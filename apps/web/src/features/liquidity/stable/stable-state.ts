// What the user typed in the stable pool forms, nothing more; quotes, fees and buttons are derived.

/** The stable pool forms: the pair and fee tier (a pool's key), A for a new pool, two amounts, the share to remove. */
export interface StableState {
  first: number | null
  second: number | null
  /** The pool's fee tier in bps (one of the SDK's STABLE_FEE_TIERS). */
  feeBps: number
  /** The amplifier A a new pool is created with, as typed (1–1,000). */
  ampText: string
  /** Each side's deposit as typed: any amounts (an imbalanced add pays Curve's imbalance fee). */
  textA: string
  textB: string
  /** Percentage of the user's LP to remove. */
  percent: number
}

/** Everything the user can do to the stable forms. */
export type StableAction =
  | { type: 'select'; leg: 'a' | 'b'; tokenId: number }
  | { type: 'type'; leg: 'a' | 'b'; text: string }
  | { type: 'pair'; first: number; second: number; feeBps: number }
  | { type: 'tier'; feeBps: number }
  | { type: 'amp'; text: string }
  | { type: 'percent'; percent: number }
  | { type: 'clear' }

/** A fresh stable form: nothing picked, a 5 bps pool at A = 100 (Curve's usual pair of dollar coins). */
export const INITIAL_STABLE: StableState = { first: null, second: null, feeBps: 5, ampText: '100', textA: '', textB: '', percent: 50 }

/** Applies one user action; picking the other field's token swaps the two (and their amounts). */
export function stableReducer(state: StableState, action: StableAction): StableState {
  switch (action.type) {
    case 'select': {
      const own = action.leg === 'a' ? 'first' : 'second'
      const other = action.leg === 'a' ? 'second' : 'first'
      if (state[other] === action.tokenId) return { ...state, first: state.second, second: state.first, textA: state.textB, textB: state.textA }
      return { ...state, [own]: action.tokenId }
    }
    case 'type':
      return action.leg === 'a' ? { ...state, textA: action.text } : { ...state, textB: action.text }
    case 'pair':
      return { ...state, first: action.first, second: action.second, feeBps: action.feeBps, textA: '', textB: '' }
    case 'tier':
      return { ...state, feeBps: action.feeBps }
    case 'amp':
      return { ...state, ampText: action.text }
    case 'percent':
      return { ...state, percent: action.percent }
    case 'clear':
      return { ...state, textA: '', textB: '' }
  }
}
