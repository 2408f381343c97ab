import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { AssetInfo } from '@/lib/tokens/asset.ts'
import { projectFieldsProblem, registerProblem } from './derive-projects.ts'

const ME = 'M'.repeat(58)
const asset = (patch: Partial<AssetInfo> = {}): AssetInfo => ({ id: 42, name: 'Token', unitName: 'TOK', decimals: 0, total: 10n, creator: ME, url: null, ...patch })

describe('registerProblem', () => {
  it.each([
    { name: 'asks for an id', text: '', asset: undefined, problem: 'Enter the id of a token you created or manage' },
    { name: 'refuses text that is no id', text: '12a', asset: undefined, problem: 'An asset id is a whole number such as 1234' },
    { name: 'waits for the asset', text: '42', asset: undefined, problem: 'Reading the asset…' },
    { name: 'refuses a token with a project', text: '42', asset: asset(), taken: [42], problem: 'This token already has a project' },
    { name: 'refuses a stranger', text: '42', asset: asset({ creator: 'C'.repeat(58) }), problem: 'Only the token’s creator or manager can register its project, and this account is neither' },
    { name: 'accepts the manager', text: '42', asset: asset({ creator: 'C'.repeat(58), manager: ME }), problem: null },
    { name: 'accepts the creator', text: '42', asset: asset(), problem: null },
  ])('$name', (c) => expect(registerProblem(c.text, c.asset, null, ME, new Set(c.taken ?? []))).toBe(c.problem))

  it('says why the asset could not be read', () => {
    expect(registerProblem('42', undefined, new Error('Asset 42 does not exist on this network'), ME, new Set())).toBe('Asset 42 does not exist on this network')
  })
})

describe('projectFieldsProblem', () => {
  it.each([
    ['', '', 'Enter the project’s name'],
    ['x'.repeat(33), '', 'The name can be at most 32 bytes'],
    ['Name', `https://${'x'.repeat(90)}`, 'The metadata URL can be at most 96 bytes'],
    ['Name', 'https://example.com', null],
  ])('%s, %s → %s', (name, url, problem) => expect(projectFieldsProblem(sdk, name, url)).toBe(problem))
})
