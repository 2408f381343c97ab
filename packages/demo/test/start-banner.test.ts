// What `npm start` prints once the stack is up, from a made-up deployment and seed: paths as typed
// from where it was started, the admin named, the analytics service beside the other endpoints.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { toDeployment } from '@grove/contracts/deployment'
import { shownPath, startBanner, type StartBannerInput } from '../src/start-banner.ts'

const ADMIN = 'ZLYQAUK26J3SBWOOWV3DBBDZBJ23SQILJVIBQWGQGAHYITYHIX3WZLMEUI'
const deployment = toDeployment({ network: 'localnet', firstRound: 1, registryAppId: 1001, dexAppId: 1002, lockAppId: 1003, stakingAppId: 1004, vaultAppId: 1005, ordersAppId: 91005, stablePoolsAppId: 191005, groveAssetId: 1006, sGroveAssetId: 1007 }, 'localnet')

const input = (patch: Partial<StartBannerInput> = {}): StartBannerInput => ({
  webUrl: 'http://127.0.0.1:5173/',
  dataDir: '/work/grove/.grove/localnet',
  cwd: '/work/grove',
  fresh: true,
  seconds: 61.23,
  algod: { url: 'http://127.0.0.1:4001', token: 'a'.repeat(64) },
  kmd: { url: 'http://127.0.0.1:4002', token: 'a'.repeat(64) },
  indexer: { url: 'http://127.0.0.1:8980' },
  deployment,
  admin: { address: ADMIN, inKmd: true },
  analytics: { url: 'http://127.0.0.1:4010', dataDir: '/work/grove/.grove/localnet/analytics' },
  ...patch,
})

describe('shownPath', () => {
  it.each([
    ['a directory under the working directory, relative', '/work/grove/.grove/localnet', '.grove/localnet'],
    ['the working directory itself, as "."', '/work/grove', '.'],
    ['a directory elsewhere, absolute, never climbing with ../', '/tmp/tmp.x1', '/tmp/tmp.x1'],
    ['a sibling whose name starts like the working directory, absolute', '/work/grove-data', '/work/grove-data'],
  ])('shows %s', (_name, target, shown) => {
    expect(shownPath(target, '/work/grove')).toBe(shown)
  })

  it('takes a path given relative to the process', () => {
    expect(shownPath('.grove/localnet', process.cwd())).toBe(path.join('.grove', 'localnet'))
  })
})

describe('the start banner', () => {
  it('names the data directory as typed from where npm start ran', () => {
    expect(startBanner(input())).toContain('Grove is running (ready in 61.2 s; new data in .grove/localnet)')
    expect(startBanner(input({ dataDir: '/tmp/tmp.x1', fresh: false }))).toContain('reused data in /tmp/tmp.x1)')
  })

  it('names the admin account, and how to act as it when kmd holds its key', () => {
    expect(startBanner(input())).toContain(`  admin  ${ADMIN} (in kmd’s wallet: connect it with KMD to use the Admin page)`)
    const elsewhere = startBanner(input({ admin: { address: ADMIN, inKmd: false } }))
    expect(elsewhere.split('\n')).toContain(`  admin  ${ADMIN}`)
  })

  it('lists the analytics service with the other endpoints, before the contracts, and leaves it out when it did not start', () => {
    const lines = startBanner(input()).split('\n')
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix))
    expect(lines[at('  analytics')]).toBe('  analytics  http://127.0.0.1:4010/api  (data in .grove/localnet/analytics)')
    expect(at('  indexer')).toBeLessThan(at('  analytics'))
    expect(at('  analytics')).toBeLessThan(at('  Grove'))
    expect(startBanner(input({ analytics: undefined }))).not.toContain('analytics')
  })

  it('names the orders keeper\'s account after the analytics service, and leaves it out with --no-keeper', () => {
    const keeper = 'KEEPERKEEPERKEEPERKEEPERKEEPERKEEPERKEEPERKEEPERKEEPERKEEP'
    const lines = startBanner(input({ keeper: { address: keeper } })).split('\n')
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix))
    expect(lines[at('  keeper')]).toBe(`  keeper ${keeper} fills open orders for the spread, one JSON line per fill (\`npm start -- --no-keeper\` leaves it off)`)
    expect(at('  analytics')).toBeLessThan(at('  keeper'))
    expect(startBanner(input())).not.toContain('  keeper')
  })

  it('names every contract and asset of the deployment and where its history starts', () => {
    expect(startBanner(input())).toMatch(/ {2}Grove {2}.*DEX app 1002.*registry app 1001, GROVE asset 1006, sGROVE asset 1007 \(from round 1\)/)
  })
})
