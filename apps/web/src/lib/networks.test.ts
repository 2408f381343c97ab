import { describe, expect, it } from 'vitest'
import { explorerLinks, isExplorerId } from './networks.ts'

const TX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMNOPQRST'

describe('explorerLinks', () => {
  it.each([
    ['allo', 'mainnet', 'https://allo.info/tx/', 'https://allo.info/asset/31566704', 'allo.info'],
    ['allo', 'testnet', 'https://testnet.allo.info/tx/', 'https://testnet.allo.info/asset/31566704', 'allo.info'],
    ['pera', 'mainnet', 'https://explorer.perawallet.app/tx/', 'https://explorer.perawallet.app/asset/31566704/', 'Pera Explorer'],
    ['pera', 'testnet', 'https://testnet.explorer.perawallet.app/tx/', 'https://testnet.explorer.perawallet.app/asset/31566704/', 'Pera Explorer'],
  ] as const)('links %s on %s', (explorer, network, txPrefix, asset, name) => {
    const links = explorerLinks(network, explorer)!
    expect(links.name).toBe(name)
    expect(links.tx(TX).startsWith(`${txPrefix}${TX}`)).toBe(true)
    expect(links.asset(31566704n)).toBe(asset)
    expect(links.account('ADDR')).toContain('ADDR')
  })

  it('has no explorer on the local network, whichever is chosen', () => {
    expect(explorerLinks('localnet', 'allo')).toBeUndefined()
    expect(explorerLinks('localnet', 'pera')).toBeUndefined()
  })

  it('accepts only the listed explorers', () => {
    expect(isExplorerId('pera')).toBe(true)
    expect(isExplorerId('lora')).toBe(false)
    expect(isExplorerId(undefined)).toBe(false)
  })
})
