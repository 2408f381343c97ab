import { describe, expect, it } from 'vitest'
import { assertValidParams, isAssetIdParam } from './route-checks.ts'

describe('isAssetIdParam', () => {
  it.each([
    ['1', true],
    ['31566704', true],
    ['18446744073709551615', true], // 2^64 - 1
    ['18446744073709551616', false], // 2^64
    ['0', false],
    ['-1', false],
    ['007', false],
    ['1.5', false],
    ['1e3', false],
    [' 12', false],
    ['abc', false],
    ['', false],
    [undefined, false],
  ])('treats %j as valid: %s', (value, expected) => {
    expect(isAssetIdParam(value)).toBe(expected)
  })
})

describe('assertValidParams', () => {
  it('throws a 404 route response when the check fails', () => {
    let thrown: unknown
    try {
      assertValidParams((p) => isAssetIdParam(p.assetId), { assetId: 'abc' })
    } catch (e) {
      thrown = e
    }
    // react-router turns this into the ErrorResponse the route's error element receives.
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', init: { status: 404 } })
  })

  it('returns quietly when the check passes', () => {
    expect(() => assertValidParams((p) => isAssetIdParam(p.assetId), { assetId: '42' })).not.toThrow()
  })
})
