import { describe, expect, it } from 'vitest'
import { checkDeployment, deploymentFor, type Deployment } from './deployment.ts'

/** algod's content type: the client parses a JSON body only when it says so. */
const JSON_TYPE = { 'Content-Type': 'application/json' }

const valid = { network: 'testnet', firstRound: 9, registryAppId: 4, dexAppId: 1, lockAppId: 6, stakingAppId: 7, vaultAppId: 8, ordersAppId: 90008, stablePoolsAppId: 190008, groveAssetId: 5, sGroveAssetId: 10 }
const file = (content: unknown) => ({ '/deployments/testnet.json': { default: content } })

describe('deploymentFor', () => {
  it('treats every network as not deployed while no deployment record exists', () => {
    expect(deploymentFor('localnet', {})).toBeNull()
    expect(deploymentFor('testnet', {})).toBeNull()
    expect(deploymentFor('mainnet', {})).toBeNull()
  })

  it('reads a well-formed deployment file for its network', () => {
    expect(deploymentFor('testnet', file(valid))).toEqual(valid)
  })

  it.each([
    ['zero, as deploy wrote them before those contracts existed', { ...valid, stakingAppId: 0, lockAppId: 0 }],
    ['missing, as a record written before the vault existed', { ...valid, vaultAppId: undefined, sGroveAssetId: undefined }],
  ])('ignores a record whose contract ids are %s (deploy again to complete it)', (_name, content) => {
    expect(deploymentFor('testnet', file(content))).toBeNull()
  })

  it('keeps only the record’s keys', () => {
    expect(deploymentFor('testnet', file({ ...valid, extra: 1 }))).toEqual(valid)
  })

  it.each([
    ['for another network', { ...valid, network: 'mainnet' }],
    ['with a missing app id', { ...valid, dexAppId: undefined }],
    ['with a zero DEX id', { ...valid, dexAppId: 0 }],
    ['with a negative registry id', { ...valid, registryAppId: -3 }],
    ['without its first round', { ...valid, firstRound: undefined }],
    ['that is not an object', 'deployed'],
  ])('ignores a file %s', (_name, content) => {
    expect(deploymentFor('testnet', file(content))).toBeNull()
  })
})

describe('checkDeployment', () => {
  const algod = { server: 'http://127.0.0.1', port: '4001', token: 'a'.repeat(64) }
  const d: Deployment = { network: 'localnet', firstRound: 1, dexAppId: 1001, registryAppId: 1000, lockAppId: 1004, stakingAppId: 1005, vaultAppId: 1006, ordersAppId: 1008, stablePoolsAppId: 101008, groveAssetId: 1003, sGroveAssetId: 1007 }
  // algod's answers for a chain: path → JSON body (absent = 404, as algod answers an unknown id)
  const chain = (bodies: Record<string, unknown>) =>
    ((url: string) => {
      const body = bodies[new URL(url).pathname]
      return Promise.resolve(body ? new Response(JSON.stringify(body), { headers: JSON_TYPE }) : new Response('{"message":"application does not exist"}', { status: 404, headers: JSON_TYPE }))
    }) as typeof fetch
  const deployed = {
    '/v2/applications/1001': { id: 1001, params: { creator: 'ADMIN' } },
    '/v2/applications/1000': { id: 1000, params: { creator: 'ADMIN' } },
    '/v2/applications/1004': { id: 1004, params: { creator: 'ADMIN' } },
    '/v2/applications/1005': { id: 1005, params: { creator: 'ADMIN' } },
    '/v2/applications/1006': { id: 1006, params: { creator: 'ADMIN' } },
    '/v2/applications/1008': { id: 1008, params: { creator: 'ADMIN' } },
    '/v2/applications/101008': { id: 101008, params: { creator: 'ADMIN' } },
    '/v2/assets/1003': { index: 1003, params: { creator: 'ADMIN', 'unit-name': 'GROVE' } },
    '/v2/assets/1007': { index: 1007, params: { creator: 'VAULT', 'unit-name': 'sGROVE' } },
  }

  it('accepts a deployment whose apps and GROVE exist on the chain', async () => {
    expect(await checkDeployment(algod, d, chain(deployed))).toBeNull()
  })

  it.each([
    ['the DEX app is missing (a record from another data directory)', { ...deployed, '/v2/applications/1001': undefined }, 'DEX app 1001 does not exist'],
    ['the registry is missing', { ...deployed, '/v2/applications/1000': undefined }, 'registry app 1000 does not exist'],
    ['the apps have different creators', { ...deployed, '/v2/applications/1000': { id: 1000, params: { creator: 'SOMEONE' } } }, 'registry app 1000 has another creator than the DEX'],
    ['the GROVE id names another asset', { ...deployed, '/v2/assets/1003': { index: 1003, params: { 'unit-name': 'gUSD' } } }, 'asset 1003 is not GROVE'],
  ])('rejects a deployment when %s', async (_name, bodies, why) => {
    expect(await checkDeployment(algod, d, chain(bodies))).toBe(why)
  })
})
