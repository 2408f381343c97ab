import { TINYMAN_V2_VALIDATOR_IDS } from '@grove/sdk/venues'
import { describe, expect, it } from 'vitest'
import type { Deployment } from '../deployment.ts'
import { NETWORKS, networkOfGenesis } from '../networks.ts'
import { feeTierWords, networkVenues, poolLabel, tinymanFor, venueAppId, venueLabel } from './venues.ts'

const grove: Deployment = { network: 'localnet', firstRound: 1, registryAppId: 4, dexAppId: 1, lockAppId: 6, stakingAppId: 7, vaultAppId: 8, ordersAppId: 90008, stablePoolsAppId: 190008, groveAssetId: 5, sGroveAssetId: 10 }
const withTinyman: Deployment = { ...grove, tinymanAppId: 1040 }
// a deployment record without a Stable app (id 0)
const groveWithoutStable: Deployment = { ...grove, stablePoolsAppId: 0 }

describe('the Tinyman v2 validator of a chain', () => {
  it.each([
    ['testnet-v1.0', null, Number(TINYMAN_V2_VALIDATOR_IDS.testnet), 'Tinyman v2'],
    ['mainnet-v1.0', null, Number(TINYMAN_V2_VALIDATOR_IDS.mainnet), 'Tinyman v2'],
    // a public chain's own validator wins over a localnet record (a custom node serving testnet)
    ['testnet-v1.0', withTinyman, 148_607_000, 'Tinyman v2'],
    ['dockernet-v1', withTinyman, 1040, 'Tinyman v2-compatible (local)'],
    // a custom node serving the localnet under another network's name, or a fork with its own genesis id
    ['testnet-v1.0-fork', withTinyman, 1040, 'Tinyman v2-compatible (local)'],
    ['dockernet-v1', { ...withTinyman, tinymanPrograms: 'tinyman-v2' } as Deployment, 1040, 'Tinyman v2'],
  ] as const)('on %s (localnet record %#) is app %s, named %s', (genesisId, local, appId, label) => {
    expect(tinymanFor(genesisId, local)).toEqual({ validatorAppId: appId, label })
  })

  it.each([
    ['the localnet without a Tinyman validator in its record', 'dockernet-v1', grove],
    ['the localnet without a deployment', 'dockernet-v1', null],
    ['a node not yet asked', undefined, null],
  ] as const)('is unknown on %s', (_name, genesisId, local) => {
    expect(tinymanFor(genesisId, local)).toBeNull()
  })

  it('is carried by the public networks in the network table, the SDK’s ids, and by no localnet entry', () => {
    expect(NETWORKS.testnet.tinymanAppId).toBe(148_607_000)
    expect(NETWORKS.mainnet.tinymanAppId).toBe(1_002_541_853)
    expect(NETWORKS.localnet.tinymanAppId).toBeUndefined()
  })

  it('names the network of a genesis id, and none for an unknown chain', () => {
    expect(networkOfGenesis('testnet-v1.0')).toBe('testnet')
    expect(networkOfGenesis('mainnet-v1.0')).toBe('mainnet')
    expect(networkOfGenesis('dockernet-v1')).toBe('localnet')
    expect(networkOfGenesis('betanet-v1.0')).toBeUndefined()
    expect(networkOfGenesis(undefined)).toBeUndefined()
  })
})

describe('the venues of a network', () => {
  const tinyman = { validatorAppId: 148_607_000, label: 'Tinyman v2' }
  it.each([
    ['Grove, its stable pools and Tinyman', grove, tinyman, ['grove', 'stable', 'tinyman']],
    ['Grove and its stable pools', grove, null, ['grove', 'stable']],
    ['Grove without a Stable app (id 0), and Tinyman', groveWithoutStable, tinyman, ['grove', 'tinyman']],
    ['Grove alone, without a Stable app', groveWithoutStable, null, ['grove']],
    ['Tinyman alone where Grove is not deployed', null, tinyman, ['tinyman']],
    ['none', null, null, []],
  ] as const)('%s', (_name, deployment, t, names) => {
    const venues = networkVenues(deployment, t)
    expect(venues.map((v) => v.name)).toEqual(names)
  })

  it('carries Grove’s DEX and registry, its Stable app right after the DEX, and Tinyman’s validator', () => {
    const venues = networkVenues(grove, tinyman)
    expect(venues).toEqual([
      { name: 'grove', label: 'Grove', dexAppId: 1, registryAppId: 4 },
      { name: 'stable', label: 'Grove stable', stablePoolsAppId: 190_008, registryAppId: 4 },
      { name: 'tinyman', label: 'Tinyman v2', validatorAppId: 148_607_000 },
    ])
    expect(venues.map(venueAppId)).toEqual([1, 190_008, 148_607_000])
  })

})

describe('a pool listing names each pool’s venue', () => {
  it.each([
    ['grove', 'Tinyman v2-compatible (local)', 'Grove'],
    ['tinyman', 'Tinyman v2-compatible (local)', 'Tinyman v2-compatible (local)'],
    ['tinyman', 'Tinyman v2', 'Tinyman v2'],
  ] as const)('a %s pool, where Tinyman is %s, reads %s', (venue, tinyman, label) => {
    expect(venueLabel(venue, tinyman)).toBe(label)
  })

  it('calls a Tinyman pool Tinyman v2 while the chain’s validator is not known', () => {
    expect(venueLabel('tinyman')).toBe('Tinyman v2')
  })

  it('names Grove and its stable pools as the venue refs do', () => {
    expect(networkVenues(grove, null)[0]!.label).toBe(venueLabel('grove'))
    expect(networkVenues(grove, null)[1]!.label).toBe(venueLabel('stable'))
    expect(venueLabel('stable', 'Tinyman v2')).toBe('Grove stable')
  })
})

describe('a picker names each pool of a pair by venue, kind and tier', () => {
  it.each([
    [{ venue: 'grove', kind: 'constant-product', feeBps: 30 }, 'Grove 0.3%'],
    [{ venue: 'grove', kind: 'constant-product', feeBps: 1 }, 'Grove 0.01%'],
    [{ venue: 'grove', kind: 'constant-product', feeBps: 100 }, 'Grove 1%'],
    [{ venue: 'grove', kind: 'stable', feeBps: 5 }, 'Grove stable 0.05%'],
    [{ venue: 'stable', feeBps: 5n }, 'Grove stable 0.05%'],
    [{ venue: 'tinyman', kind: 'constant-product', feeBps: 25 }, 'Tinyman v2-compatible (local) 0.25%'],
  ] as const)('%o reads %s', (pool, label) => {
    expect(poolLabel(pool, 'Tinyman v2-compatible (local)')).toBe(label)
  })

  it('writes a tier as a percentage of at most two decimals', () => {
    expect([1, 5, 30, 100, 1000, 333].map(feeTierWords)).toEqual(['0.01%', '0.05%', '0.3%', '1%', '10%', '3.33%'])
  })
})
