import { describe, expect, it } from 'vitest'
import { MAX_TOASTS, toastReducer, type Toast } from './toast-state.ts'

const pending: Toast = { id: 't1', kind: 'pending', message: 'Swapping 1 ALGO' }

describe('toastReducer', () => {
  it('adds a toast at the end', () => {
    expect(toastReducer([], { type: 'add', toast: pending })).toEqual([pending])
  })

  it(`keeps at most ${MAX_TOASTS} toasts, dropping the oldest`, () => {
    let toasts: Toast[] = []
    for (let i = 1; i <= MAX_TOASTS + 2; i++) toasts = toastReducer(toasts, { type: 'add', toast: { id: `t${i}`, kind: 'info', message: `${i}` } })
    expect(toasts.map((t) => t.id)).toEqual(['t3', 't4', 't5', 't6', 't7'])
  })

  it('turns a pending toast into a confirmation with round, transaction and link', () => {
    const next = toastReducer([pending], { type: 'confirm', id: 't1', confirmation: { round: 42n, txId: 'TX', explorerUrl: 'https://e/tx/TX' } })
    expect(next).toEqual([{ ...pending, kind: 'confirmed', confirmation: { round: 42n, txId: 'TX', explorerUrl: 'https://e/tx/TX' } }])
  })

  it('lets a confirmation replace the message', () => {
    const next = toastReducer([pending], { type: 'confirm', id: 't1', confirmation: { round: 1, txId: 'TX', message: 'Swapped' } })
    expect(next[0].message).toBe('Swapped')
  })

  it('turns a pending toast into a failure with its reason', () => {
    expect(toastReducer([pending], { type: 'fail', id: 't1', reason: 'You cancelled' })).toEqual([{ ...pending, kind: 'failed', reason: 'You cancelled' }])
  })

  it.each(['confirm', 'fail', 'dismiss'] as const)('ignores %s for an unknown id', (type) => {
    const action =
      type === 'confirm' ? { type, id: 'nope', confirmation: { round: 1, txId: 'X' } } : type === 'fail' ? { type, id: 'nope', reason: 'r' } : { type, id: 'nope' }
    expect(toastReducer([pending], action)).toEqual([pending])
  })

  it('removes a dismissed toast', () => {
    expect(toastReducer([pending], { type: 'dismiss', id: 't1' })).toEqual([])
  })
})
