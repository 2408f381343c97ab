import { describe, expect, it } from 'vitest'
import { emptyText, type EmptyRead } from './empty-state.ts'

const NONE = 'No active farms.'
const read = (patch: Partial<EmptyRead>): EmptyRead => ({ what: 'farms', networkName: 'TestNet', deployed: true, problem: null, ...patch })

describe('emptyText', () => {
  it.each<[string, Partial<EmptyRead>, string]>([
    ['says nothing is known while the node cannot be reached, never that there is nothing', { deployed: false, problem: 'unreachable' }, 'Farms cannot be listed while the node cannot be reached.'],
    ['says so while the node cannot be reached even when the read also failed', { deployed: false, problem: 'unreachable', failed: true }, 'Farms cannot be listed while the node cannot be reached.'],
    ['says there are none on a network without Grove', { deployed: false, problem: 'not-deployed' }, 'No farms on TestNet.'],
    ['reads on while the node is asked whether Grove is there', { deployed: false, problem: null }, 'Reading the farms…'],
    ['says a failed read could not be read, not that there is nothing', { failed: true }, 'Farms could not be read.'],
    ['says a read under way is reading', { pending: true }, 'Reading the farms…'],
    ['gives the list’s own words once the read answered with nothing', {}, NONE],
  ])('%s', (_name, patch, text) => {
    expect(emptyText(read(patch), NONE)).toBe(text)
  })

  it('names what the list holds, a staking pool as much as a farm', () => {
    expect(emptyText(read({ what: 'staking pools', deployed: false, problem: 'unreachable' }), NONE)).toBe('Staking pools cannot be listed while the node cannot be reached.')
    expect(emptyText(read({ what: 'pools', networkName: 'MainNet', deployed: false, problem: 'not-deployed' }), NONE)).toBe('No pools on MainNet.')
  })
})
