import { describe, expect, it } from 'vitest'
import { deploymentFor } from './deployment.ts'

const valid = { network: 'testnet', dexAppId: 1, stakingAppId: 2, lockAppId: 3, registryAppId: 4, groveAssetId: 5 }

describe('deploymentFor', () => {
  it('treats every network as not deployed while no deployment file exists', () => {
    expect(deploymentFor('localnet')).toBeNull()
    expect(deploymentFor('testnet')).toBeNull()
    expect(deploymentFor('mainnet')).toBeNull()
  })

  it('reads a well-formed deployment file for its network', () => {
    expect(deploymentFor('testnet', { '/deployments/testnet.json': { default: valid } })).toEqual(valid)
  })

  it.each([
    ['for another network', { ...valid, network: 'mainnet' }],
    ['with a missing app id', { ...valid, dexAppId: undefined }],
    ['with a zero id', { ...valid, lockAppId: 0 }],
    ['that is not an object', 'deployed'],
  ])('ignores a file %s', (_name, content) => {
    expect(deploymentFor('testnet', { '/deployments/testnet.json': { default: content } })).toBeNull()
  })
})
