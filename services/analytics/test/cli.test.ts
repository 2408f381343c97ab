import { describe, expect, it } from 'vitest'
import { main } from '../src/cli.ts'
import { parseDeployment } from '../src/config.ts'

describe('grove-analytics', () => {
  it.each([
    ['no --algod', ['--deployment', 'x.json'], /--algod and --deployment are required/],
    ['no --deployment', ['--algod', 'http://127.0.0.1:4001'], /--algod and --deployment are required/],
    ['a port that is not a number', ['--algod', 'http://x', '--deployment', 'x.json', '--port', 'http'], /--port must be a port number/],
    ['an unknown option', ['--algodd', 'x'], /Unknown option '--algodd'/],
  ])('refuses %s with a message', async (_name, args, message) => {
    await expect(main(args)).rejects.toThrow(message)
  })
})

describe('parseDeployment', () => {
  it("reads npm start's grove.json, taking gUSD from the seed as the stable coin", () => {
    const d = parseDeployment({ deployment: { network: 'localnet', dexAppId: 1004, registryAppId: 1002, groveAssetId: 1001 }, seed: { tokens: [{ unitName: 'gUSD', assetId: 1008 }] } })
    expect(d).toEqual({ network: 'localnet', dexAppId: 1004n, registryAppId: 1002n, firstRound: 1n, stableAssetId: 1008n })
  })

  it('reads a deployment record with its first round and stable coin', () => {
    expect(parseDeployment({ network: 'testnet', dexAppId: 5, registryAppId: 4, firstRound: 45_000_000, stableAssetId: 10458941 })).toEqual({
      network: 'testnet',
      dexAppId: 5n,
      registryAppId: 4n,
      firstRound: 45_000_000n,
      stableAssetId: 10458941n,
    })
  })

  it('refuses a record without the app ids', () => {
    expect(() => parseDeployment({ network: 'testnet' })).toThrow('The deployment record needs dexAppId and registryAppId.')
  })
})
