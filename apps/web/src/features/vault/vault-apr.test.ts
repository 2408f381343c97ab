import { describe, expect, it } from 'vitest'
import type { ApiVault } from '@/lib/analytics/types.ts'
import { aprSourceHint, chooseAprSource, serviceAprText } from './vault-apr.ts'

const VAULT: ApiVault = { rate: 1.02, totalGrove: '1020000000', totalShares: '1000000000', apr7d: 0.1234, apr30d: 0.05, buybacks30d: 2, groveBought30d: '20000000', history: [{ day: 0, rate: 1.02 }] }
const URL = 'http://127.0.0.1:4010'

describe('chooseAprSource', () => {
  it('takes the APRs from the analytics service when it answers', () => {
    expect(chooseAprSource({ url: URL, status: 'success', data: VAULT })).toEqual({ source: 'analytics', vault: VAULT })
  })

  it('waits for the service before walking algod blocks', () => {
    expect(chooseAprSource({ url: URL, status: 'pending', data: undefined })).toEqual({ source: 'pending' })
  })

  it('falls back to the algod block walk when the service fails, is older than /api/vault, or does not run', () => {
    expect(chooseAprSource({ url: URL, status: 'error', data: undefined })).toEqual({ source: 'algod' })
    expect(chooseAprSource({ url: URL, status: 'success', data: null })).toEqual({ source: 'algod' })
    expect(chooseAprSource({ url: null, status: 'pending', data: undefined })).toEqual({ source: 'algod' })
  })

  it('names the source in the hint', () => {
    expect(aprSourceHint({ source: 'analytics', vault: VAULT })).toMatch(/analytics service/)
    expect(aprSourceHint({ source: 'algod' })).toMatch(/algod/)
    expect(aprSourceHint({ source: 'pending' })).toBeNull()
  })
})

describe('serviceAprText', () => {
  it('shows the fraction as a percentage', () => {
    expect(serviceAprText(VAULT, VAULT.apr7d)).toBe('12.34%')
  })

  it('says nothing is staked for an empty vault rather than 0%', () => {
    expect(serviceAprText({ ...VAULT, totalShares: '0', totalGrove: '0' }, 0)).toBe('Nothing staked')
  })
})
