import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { DEFAULT_DATA_DIR, IMPERSONATION_WARNING, parseCheat, parseCli, startWarning } from '../src/cli.ts'

describe('grove-localnet command line', () => {
  it('defaults to AlgoKit LocalNet ports and .grove/localnet', () => {
    expect(parseCli(['start'])).toEqual({ algodPort: 4001, kmdPort: 4002, dataDir: resolve(DEFAULT_DATA_DIR), reset: false })
  })

  it('takes a remote algod to fork, with its token and headers', () => {
    expect(parseCli(['start', '--fork', 'https://mainnet-api.example', '--fork-token', 't', '--fork-header', 'X-API-Key: k']).fork).toEqual({ url: 'https://mainnet-api.example', token: 't', headers: { 'X-API-Key': 'k' } })
    expect(() => parseCli(['start', '--fork-token', 't'])).toThrow(/need --fork/)
    expect(() => parseCli(['start', '--fork', 'not a url'])).toThrow(/algod URL/)
    expect(parseCli(['start', '--impersonation']).impersonation).toBe(true)
    // impersonation on a plain localnet stays behind the flag, and says so when on
    expect(startWarning(parseCli(['start', '--impersonation']))).toBe(IMPERSONATION_WARNING)
    expect(startWarning(parseCli(['start']))).toBeUndefined()
    expect(parseCli(['start', '--allow-origin', 'http://127.0.0.1:5173/', '--allow-origin', 'https://app.example']).allowOrigins).toEqual(['http://127.0.0.1:5173', 'https://app.example'])
  })

  it('takes --keep-rounds as a whole number of rounds, at least 1', () => {
    expect(parseCli(['start', '--keep-rounds', '1000']).keepRounds).toBe(1000)
    expect(parseCli(['start'])).not.toHaveProperty('keepRounds')
    for (const bad of ['0', '-5', '1.5', 'ten']) expect(() => parseCli(['start', `--keep-rounds=${bad}`])).toThrow(`--keep-rounds must be a whole number of rounds, at least 1, got "${bad}"`)
  })

  it('takes ports, data directory and reset', () => {
    expect(parseCli(['start', '--algod-port', '0', '--kmd-port', '5002', '--indexer-port', '9000', '--data', '/tmp/x', '--reset'])).toEqual({
      algodPort: 0,
      kmdPort: 5002,
      indexerPort: 9000,
      dataDir: '/tmp/x',
      reset: true,
    })
  })

  it('takes ports and the data directory from GROVE_* variables when no flag gives them', () => {
    const env = { GROVE_ALGOD_PORT: '5001', GROVE_KMD_PORT: '5002', GROVE_INDEXER_PORT: '0', GROVE_DATA_DIR: '/tmp/env-data' }
    expect(parseCli(['start'], env)).toEqual({ algodPort: 5001, kmdPort: 5002, indexerPort: 0, dataDir: '/tmp/env-data', reset: false })
    expect(parseCli(['start', '--algod-port', '6001', '--data', '/tmp/flag'], env)).toMatchObject({ algodPort: 6001, kmdPort: 5002, dataDir: '/tmp/flag' })
    expect(() => parseCli(['start'], { GROVE_KMD_PORT: '4OO2' })).toThrow(/^GROVE_KMD_PORT must be a port number \(0-65535\), got "4OO2"$/)
  })

  it('takes the consensus from --consensus or GROVE_CONSENSUS, and leaves it to the data directory otherwise', () => {
    expect(parseCli(['start', '--consensus', 'future'])).toMatchObject({ consensus: 'future' })
    expect(parseCli(['start'], { GROVE_CONSENSUS: 'future' })).toMatchObject({ consensus: 'future' })
    expect(parseCli(['start', '--consensus', 'current'], { GROVE_CONSENSUS: 'future' })).toMatchObject({ consensus: 'current' })
    expect(parseCli(['start'])).not.toHaveProperty('consensus')
    expect(() => parseCli(['start', '--consensus', 'v42'])).toThrow(/^--consensus must be current or future, got "v42"$/)
    expect(() => parseCli(['start'], { GROVE_CONSENSUS: 'Future' })).toThrow(/^GROVE_CONSENSUS must be current or future, got "Future"$/)
  })

  it('reads the cheat commands, each to the algod it names (GROVE_ALGOD_PORT, else 4001)', () => {
    expect(parseCheat(['mine', '3'])).toEqual({ command: 'mine', args: ['3'], algod: { url: 'http://127.0.0.1:4001', token: 'a'.repeat(64) } })
    expect(parseCheat(['set-balance', 'ADDR', '5', '--algod', 'http://127.0.0.1:5001', '--token', 't'])).toEqual({ command: 'set-balance', args: ['ADDR', '5'], algod: { url: 'http://127.0.0.1:5001', token: 't' } })
    expect(parseCheat(['set-holding', 'ADDR', '1001', '7'], { GROVE_ALGOD_PORT: '6001' })).toMatchObject({ command: 'set-holding', args: ['ADDR', '1001', '7'], algod: { url: 'http://127.0.0.1:6001' } })
    expect(() => parseCheat(['set-holding', 'ADDR', '1001'])).toThrow(/^usage: grove-localnet set-holding <address> <asset-id> <amount>/)
    expect(parseCheat(['start'])).toBeUndefined()
  })

  const bad: { name: string; argv: string[]; message: RegExp }[] = [
    { name: 'no command', argv: [], message: /^usage: grove-localnet start/ },
    { name: 'an unknown command', argv: ['stop'], message: /^usage:/ },
    { name: 'a port that is not a number', argv: ['start', '--algod-port', 'x'], message: /--algod-port must be a port number/ },
    { name: 'a port out of range', argv: ['start', '--kmd-port', '70000'], message: /--kmd-port must be a port number/ },
    { name: 'an indexer port that is not a number', argv: ['start', '--indexer-port', '89a0'], message: /--indexer-port must be a port number/ },
    { name: 'an allowed origin that is not an origin', argv: ['start', '--allow-origin', '*'], message: /^--allow-origin: an allowed origin must be scheme:\/\/host\[:port\] with no path, such as http:\/\/127\.0\.0\.1:5173, got "\*"$/ },
  ]
  for (const c of bad) {
    it(`refuses ${c.name}`, () => expect(() => parseCli(c.argv)).toThrow(c.message))
  }
})
