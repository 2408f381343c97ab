import { describe, expect, it } from 'vitest'
import { INITIAL_SWAP, swapReducer, type SwapAction, type SwapState } from './swap-state.ts'

const typedIn: SwapState = { tokenIn: 0, tokenOut: 7, side: 'in', text: '1.5' }

describe('swapReducer', () => {
  it.each<[string, SwapState, SwapAction, SwapState]>([
    ['starts paying ALGO with nothing to receive', INITIAL_SWAP, { type: 'clear' }, { tokenIn: 0, tokenOut: null, side: 'in', text: '' }],
    ['keeps what the user typed and which side', typedIn, { type: 'type', side: 'out', text: '3' }, { ...typedIn, side: 'out', text: '3' }],
    ['picks the token to receive', INITIAL_SWAP, { type: 'select', side: 'out', tokenId: 9 }, { ...INITIAL_SWAP, tokenOut: 9 }],
    ['swaps the two tokens when the one on the other side is picked', typedIn, { type: 'select', side: 'in', tokenId: 7 }, { tokenIn: 7, tokenOut: 0, side: 'out', text: '1.5' }],
    ['flips tokens and moves the typed amount with its token', typedIn, { type: 'flip' }, { tokenIn: 7, tokenOut: 0, side: 'out', text: '1.5' }],
    ['clears the amount but keeps the pair', typedIn, { type: 'clear' }, { ...typedIn, text: '' }],
  ])('%s', (_name, state, action, expected) => {
    expect(swapReducer(state, action)).toEqual(expected)
  })

  it('returns to the same state after two flips', () => {
    expect(swapReducer(swapReducer(typedIn, { type: 'flip' }), { type: 'flip' })).toEqual(typedIn)
  })
})
