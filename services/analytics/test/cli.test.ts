import { describe, expect, it } from 'vitest'
import { main } from '../src/cli.ts'
import { parseDeployment } from '../src/config.ts'
import { TINYMAN_V2_VALIDATOR_IDS } from '@grove/sdk/venue-ids'

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
  const record = { network: 'localnet', firstRound: 3, registryAppId: 1002, dexAppId: 1004, lockAppId: 1006, stakingAppId: 1008, vaultAppId: 1010, ordersAppId: 91010, stablePoolsAppId: 191010, groveAssetId: 1001, sGroveAssetId: 1011 }
  const ids = { network: 'localnet', firstRound: 3n, registryAppId: 1002n, dexAppId: 1004n, lockAppId: 1006n, stakingAppId: 1008n, vaultAppId: 1010n, ordersAppId: 91010n, stablePoolsAppId: 191010n, groveAssetId: 1001n, sGroveAssetId: 1011n }

  it("reads npm start's grove.json through the deployment record, taking gUSD from the seed as the stable coin", () => {
    expect(parseDeployment({ deployment: record, seed: { tokens: [{ unitName: 'gUSD', assetId: 1020 }] } })).toEqual({ ...ids, stableAssetId: 1020n })
  })

  it("reads a deployment record with a stable coin beside its keys, following Tinyman v2's own validator on a public network", () => {
    expect(parseDeployment({ ...record, network: 'testnet', firstRound: 45_000_000, stableAssetId: 10458941 })).toEqual({
      ...ids,
      network: 'testnet',
      firstRound: 45_000_000n,
      tinymanAppId: TINYMAN_V2_VALIDATOR_IDS.testnet,
      stableAssetId: 10458941n,
    })
  })

  it('reads a record without Grove (Tinyman v2 alone): the network and first round, the validator the record names or the network has', () => {
    expect(parseDeployment({ network: 'mainnet', firstRound: 50_000_000, stableAssetId: 31566704 })).toEqual({ network: 'mainnet', firstRound: 50_000_000n, tinymanAppId: TINYMAN_V2_VALIDATOR_IDS.mainnet, stableAssetId: 31566704n })
    expect(parseDeployment({ network: 'localnet', firstRound: 4, tinymanAppId: 1030 })).toEqual({ network: 'localnet', firstRound: 4n, tinymanAppId: 1030n })
    expect(() => parseDeployment({ network: 'localnet', firstRound: 4 })).toThrow('a localnet record without Grove needs tinymanAppId')
  })

  it("refuses a record the record module refuses, in its words", () => {
    expect(() => parseDeployment({ network: 'testnet', firstRound: 1, dexAppId: 5 })).toThrow('registryAppId must be a positive integer id, not undefined')
    expect(() => parseDeployment({ ...record, network: 'devnet' })).toThrow('network must be one of localnet, testnet, mainnet, not "devnet"')
  })
})
