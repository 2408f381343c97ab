// grove-keeper's settings from the environment: what is missing or malformed is named (the command then exits 2).
import { describe, expect, it } from 'vitest'
import { keeperSettings } from '../src/main.ts'

const env = { GROVE_ALGOD_SERVER: 'https://testnet-api.4160.nodely.dev', GROVE_DEPLOYMENT: 'grove.json', GROVE_KEEPER_MNEMONIC: 'abandon …' }

describe('keeperSettings', () => {
  it('reads the node, the deployment record and the account, with the defaults', () => {
    expect(keeperSettings(env)).toEqual({ server: env.GROVE_ALGOD_SERVER, token: '', deploymentFile: 'grove.json', mnemonic: 'abandon …', intervalMs: 4000, minProfit: 1n })
    expect(keeperSettings({ ...env, GROVE_KEEPER_INTERVAL_MS: '250', GROVE_KEEPER_MIN_PROFIT: '5000' })).toMatchObject({ intervalMs: 250, minProfit: 5000n })
  })

  it.each([
    ['names every missing setting', {}, 'Set GROVE_ALGOD_SERVER, GROVE_DEPLOYMENT, GROVE_KEEPER_MNEMONIC (see services/keeper/README.md)'],
    ['refuses a server that is not a URL', { ...env, GROVE_ALGOD_SERVER: 'testnet' }, 'GROVE_ALGOD_SERVER is not a URL: testnet'],
    ['refuses an interval under 100 ms', { ...env, GROVE_KEEPER_INTERVAL_MS: '50' }, 'GROVE_KEEPER_INTERVAL_MS must be a whole number of milliseconds, at least 100'],
    ['refuses a profit that is not whole µALGO', { ...env, GROVE_KEEPER_MIN_PROFIT: '0.5' }, 'GROVE_KEEPER_MIN_PROFIT must be a whole number of µALGO'],
  ])('%s', (_, given, error) => {
    expect(keeperSettings(given)).toEqual({ error })
  })
})
