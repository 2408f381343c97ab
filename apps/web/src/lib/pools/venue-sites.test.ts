import { describe, expect, it } from 'vitest'
import { TINYMAN_V2_VALIDATOR_IDS, tinymanPoolAddress } from '@grove/sdk/venues'
import { tinymanPoolPage } from './venue-sites.ts'

describe('tinymanPoolPage', () => {
  it("opens the pool's account on Tinyman's MainNet and TestNet apps", () => {
    const usdc = 31566704n
    expect(tinymanPoolPage('mainnet', 0n, usdc)).toBe(`https://app.tinyman.org/pool/${tinymanPoolAddress(TINYMAN_V2_VALIDATOR_IDS.mainnet, 0n, usdc)}`)
    // the address does not depend on the order the pair is given in
    expect(tinymanPoolPage('mainnet', usdc, 0n)).toBe(tinymanPoolPage('mainnet', 0n, usdc))
    expect(tinymanPoolPage('testnet', 0n, 10458941n)).toMatch(/^https:\/\/testnet\.tinyman\.org\/pool\/[A-Z2-7]{58}$/)
  })

  it('links nowhere on the localnet, whose Tinyman-compatible validator has no site', () => {
    expect(tinymanPoolPage('localnet', 0n, 1001n)).toBeNull()
  })
})
