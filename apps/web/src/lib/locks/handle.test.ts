import { describe, expect, it } from 'vitest'
import { lockHandle } from './handle.ts'

describe('lockHandle', () => {
  it.each([
    [3, '3'],
    [123456789, '123456789'],
    [722801203534306n, '7228…4306'],
    ['4503599627370495', '4503…0495'],
  ] as const)('writes lock %s as %s', (id, handle) => {
    expect(lockHandle(id)).toBe(handle)
  })
})
