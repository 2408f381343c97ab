// The deployment record: one list of contracts, one JSON shape, and clear words for a bad file.
import { describe, expect, it } from 'vitest'
import { CONTRACTS, DeploymentError, appIdOf, deploymentIds, deploymentRecord, parseDeployment, serializeDeployment, stableAssetIdOf, tinymanLabel, toDeployment } from '../src/deployment.ts'

const record = { network: 'testnet', firstRound: 41_000_000, registryAppId: 700, dexAppId: 701, lockAppId: 702, stakingAppId: 703, vaultAppId: 704, ordersAppId: 90704, stablePoolsAppId: 190704, groveAssetId: 699, sGroveAssetId: 705 }

describe('parseDeployment', () => {
  it('reads a record and keeps exactly its keys, in order', () => {
    expect(parseDeployment(JSON.stringify({ ...record, note: 'extra' }))).toEqual(record)
    expect(Object.keys(parseDeployment(JSON.stringify(record)))).toEqual(['network', 'firstRound', ...CONTRACTS.map((c) => c.idKey), 'groveAssetId', 'sGroveAssetId'])
  })

  it('round-trips through serializeDeployment, ending the file with a newline', () => {
    const text = serializeDeployment(toDeployment(record))
    expect(text.endsWith('}\n')).toBe(true)
    expect(parseDeployment(text)).toEqual(record)
  })

  it('converts to bigint ids and back', () => {
    const ids = deploymentIds(toDeployment(record))
    expect(ids).toEqual({ network: 'testnet', firstRound: 41_000_000n, registryAppId: 700n, dexAppId: 701n, lockAppId: 702n, stakingAppId: 703n, vaultAppId: 704n, ordersAppId: 90704n, stablePoolsAppId: 190704n, groveAssetId: 699n, sGroveAssetId: 705n })
    expect(deploymentRecord(ids)).toEqual(record)
  })

  it('keeps a venue app id when the record has one, and refuses one that is not an id', () => {
    const withVenue = { ...record, tinymanAppId: 706 }
    expect(parseDeployment(serializeDeployment(toDeployment(withVenue)))).toEqual(withVenue)
    expect(deploymentRecord(deploymentIds(toDeployment(withVenue)))).toEqual(withVenue)
    expect(() => toDeployment({ ...record, tinymanAppId: 0 })).toThrow('tinymanAppId must be a positive integer id, not 0')
  })

  it('keeps which programs the Tinyman validator runs, and refuses an unknown kind or one without a validator', () => {
    const real = { ...record, tinymanAppId: 706, tinymanPrograms: 'tinyman-v2' }
    expect(parseDeployment(serializeDeployment(toDeployment(real)))).toEqual(real)
    expect(deploymentIds(toDeployment(real)).tinymanPrograms).toBe('tinyman-v2')
    expect(deploymentRecord(deploymentIds(toDeployment(real)))).toEqual(real)
    expect(() => toDeployment({ ...real, tinymanPrograms: 'v3' })).toThrow('tinymanPrograms must be one of tinyman-v2, compatible, not "v3"')
    expect(() => toDeployment({ ...record, tinymanPrograms: 'compatible' })).toThrow('tinymanPrograms needs the tinymanAppId it describes')
  })

  it('keeps the stable coin the record names, and refuses one that is not an id', () => {
    const withStable = { ...record, stableAssetId: 707 }
    expect(parseDeployment(serializeDeployment(toDeployment(withStable)))).toEqual(withStable)
    expect(deploymentRecord(deploymentIds(toDeployment(withStable)))).toEqual(withStable)
    expect(() => toDeployment({ ...record, stableAssetId: 'gUSD' })).toThrow('stableAssetId must be a positive integer id, not "gUSD"')
  })

  it.each([
    ['the record’s stable coin wherever it names one', 'testnet', { stableAssetId: 707 }, 707],
    ['Circle’s USDC on mainnet without one', 'mainnet', {}, 31566704],
    ['Circle’s USDC on testnet without a deployment', 'testnet', null, 10458941],
    ['none on a localnet whose record names none', 'localnet', {}, null],
  ] as const)('prices in %s', (_name, network, deployment, id) => {
    expect(stableAssetIdOf(network, deployment)).toBe(id)
  })

  it('labels the Tinyman validator by the programs it runs, the compatible venue when the record does not say', () => {
    expect(tinymanLabel({ tinymanPrograms: 'tinyman-v2' })).toBe('Tinyman v2')
    expect(tinymanLabel({ tinymanPrograms: 'compatible' })).toBe('Tinyman v2-compatible (local)')
    expect(tinymanLabel({})).toBe('Tinyman v2-compatible (local)')
  })

  it('finds a contract’s app id by its name', () => {
    expect(appIdOf(toDeployment(record), 'Dex')).toBe(701)
    expect(appIdOf(toDeployment(record), 'Registry')).toBe(700)
  })

  it.each([
    ['text that is not JSON', '{"network":', /must be JSON/],
    ['a list', '[]', 'a deployment record must be a JSON object'],
    ['an unknown network', JSON.stringify({ ...record, network: 'betanet' }), 'network must be one of localnet, testnet, mainnet, not "betanet"'],
    ['a missing first round', JSON.stringify({ ...record, firstRound: undefined }), 'firstRound must be a round number (0 or more), not undefined'],
    ['a fractional first round', JSON.stringify({ ...record, firstRound: 1.5 }), 'firstRound must be a round number (0 or more), not 1.5'],
    ['a missing DEX id', JSON.stringify({ ...record, dexAppId: undefined }), 'dexAppId must be a positive integer id, not undefined'],
    ['a zero registry id', JSON.stringify({ ...record, registryAppId: 0 }), 'registryAppId must be a positive integer id, not 0'],
    ['an id given as text', JSON.stringify({ ...record, groveAssetId: '699' }), 'groveAssetId must be a positive integer id, not "699"'],
    ['an id beyond 2^53', JSON.stringify({ ...record, dexAppId: 2 ** 60 }), /dexAppId must be a positive integer id/],
  ])('refuses %s with a clear message', (_name, text, message) => {
    expect(() => parseDeployment(text)).toThrow(DeploymentError)
    expect(() => parseDeployment(text)).toThrow(message)
  })

  it('refuses a record of another network than the one asked for', () => {
    expect(() => parseDeployment(JSON.stringify(record), 'mainnet')).toThrow('the record is for testnet, not mainnet')
  })
})
