import { describe, expect, it } from 'vitest'
import { addReducer, INITIAL_ADD, type AddAction, type AddState } from './liquidity-state.ts'

const pair: AddState = { first: 0, second: 5, single: false, typed: 'a', textA: '10', textB: '', feeBps: 30 }

describe('addReducer', () => {
  it.each<[string, AddState, AddAction, AddState]>([
    ['picks the second token', INITIAL_ADD, { type: 'select', leg: 'b', tokenId: 5 }, { ...INITIAL_ADD, second: 5 }],
    ['records which field was typed last', pair, { type: 'type', leg: 'b', text: '4' }, { ...pair, typed: 'b', textB: '4' }],
    ['swaps the tokens and their amounts when the other token is picked', pair, { type: 'select', leg: 'a', tokenId: 5 }, { first: 5, second: 0, single: false, typed: 'b', textA: '', textB: '10', feeBps: 30 }],
    ['picks a fee tier (another pool: the amount typed against the old one’s ratio is cleared)', { ...pair, typed: 'b', textB: '4' }, { type: 'tier', feeBps: 5 }, { ...pair, feeBps: 5, typed: 'a', textB: '' }],
    ['takes a listed pool’s tier with its pair', INITIAL_ADD, { type: 'pair', first: 0, second: 5, feeBps: 100 }, { ...INITIAL_ADD, second: 5, feeBps: 100 }],
    ['switches to a single-token deposit typed in the first field', { ...pair, typed: 'b' }, { type: 'single', single: true }, { ...pair, single: true, typed: 'a' }],
    ['clears both amounts after a deposit', { ...pair, textB: '2' }, { type: 'clear' }, { ...pair, textA: '', textB: '' }],
  ])('%s', (_name, state, action, expected) => {
    expect(addReducer(state, action)).toEqual(expected)
  })
})
