// What the user typed in the liquidity forms, nothing more; quotes and buttons are derived.

/** Which of the two deposit fields. */
export type Leg = 'a' | 'b'

/** The add-liquidity form: two tokens (in the order picked), one or both amounts, zap or not. */
export interface AddState {
  first: number | null
  second: number | null
  /** Deposit only the first token; the pool swaps part of it (a zap). */
  single: boolean
  /** The field typed last; for an existing pool the other one follows the pool's ratio. */
  typed: Leg
  textA: string
  textB: string
  /** The pool's fee tier, in bps (a pair has a pool per tier: 30 bps unless picked). */
  feeBps: number
}

/** Everything the user can do to the add form. */
export type AddAction =
  | { type: 'select'; leg: Leg; tokenId: number }
  | { type: 'type'; leg: Leg; text: string }
  | { type: 'single'; single: boolean }
  | { type: 'pair'; first: number; second: number; feeBps?: number }
  | { type: 'tier'; feeBps: number }
  | { type: 'clear' }

/** A fresh add form: ALGO first, nothing else. */
export const INITIAL_ADD: AddState = { first: 0, second: null, single: false, typed: 'a', textA: '', textB: '', feeBps: 30 }

/** Applies one user action; picking the other field's token swaps the two. */
export function addReducer(state: AddState, action: AddAction): AddState {
  switch (action.type) {
    case 'select': {
      const own = action.leg === 'a' ? 'first' : 'second'
      const other = action.leg === 'a' ? 'second' : 'first'
      if (state[other] === action.tokenId) return { ...state, first: state.second, second: state.first, textA: state.textB, textB: state.textA, typed: state.typed === 'a' ? 'b' : 'a' }
      return { ...state, [own]: action.tokenId }
    }
    case 'type':
      return action.leg === 'a' ? { ...state, typed: 'a', textA: action.text } : { ...state, typed: 'b', textB: action.text }
    case 'single':
      return { ...state, single: action.single, typed: 'a' }
    case 'pair':
      // A pool picked from the list: both tokens at once, amounts cleared (they were for another pair).
      return { ...state, first: action.first, second: action.second, typed: 'a', textA: '', textB: '', feeBps: action.feeBps ?? 30 }
    case 'tier':
      // another tier is another pool: its ratio is its own
      return { ...state, feeBps: action.feeBps, typed: 'a', textB: state.typed === 'b' ? '' : state.textB }
    case 'clear':
      return { ...state, textA: '', textB: '' }
  }
}

/** The remove form: which position (by LP asset) and what percentage of it. */
export interface RemoveState {
  lpAsset: number | null
  percent: number
}
