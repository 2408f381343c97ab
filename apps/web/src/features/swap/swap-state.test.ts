import { describe, expect, it } from 'vitest'
import { INITIAL_SWAP, pairInUrl, swapFromUrl, swapReducer, type SwapAction, type SwapState } from './swap-state.ts'

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

describe('the pair in the URL', () => {
  const url = (query: string) => new URLSearchParams(query)
  it.each<[string, string, Pick<SwapState, 'tokenIn' | 'tokenOut'>]>([
    ['opens the pair a link names', 'asset_in=31566704&asset_out=0', { tokenIn: 31566704, tokenOut: 0 }],
    ['pays ALGO when the link names only what to receive', 'asset_out=42', { tokenIn: 0, tokenOut: 42 }],
    ['opens a fresh form without parameters', '', { tokenIn: 0, tokenOut: null }],
    ['ignores an id that is not a whole number', 'asset_in=-1&asset_out=abc', { tokenIn: 0, tokenOut: null }],
    ['ignores an id beyond 2^53', 'asset_in=0&asset_out=9007199254740993', { tokenIn: 0, tokenOut: null }],
    ['never pays and receives one token', 'asset_in=7&asset_out=7', { tokenIn: 0, tokenOut: 7 }],
    ['receiving ALGO alone leaves what to pay open', 'asset_out=0', { tokenIn: null, tokenOut: 0 }],
  ])('%s', (_name, query, pair) => {
    expect(swapFromUrl(url(query))).toEqual({ ...INITIAL_SWAP, ...pair })
  })

  it('writes the pair and keeps other parameters, and asks for no change when the URL already shows it', () => {
    const written = pairInUrl({ ...typedIn, tokenOut: 9 }, url('ref=x&asset_in=5'))
    expect(written?.toString()).toBe('ref=x&asset_in=0&asset_out=9')
    expect(pairInUrl({ ...typedIn, tokenOut: 9 }, written!)).toBeNull()
    expect(pairInUrl(INITIAL_SWAP, url('asset_in=0&asset_out=9'))?.toString()).toBe('asset_in=0')
  })

  it('reads back every pair it writes', () => {
    for (const [tokenIn, tokenOut] of [[0, 9], [9, 0], [5, 9], [0, null]] as const) {
      const state = { ...INITIAL_SWAP, tokenIn, tokenOut }
      expect(swapFromUrl(pairInUrl(state, url(''))!)).toEqual(state)
    }
  })
})
