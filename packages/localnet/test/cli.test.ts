import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { DEFAULT_DATA_DIR, parseCli } from '../src/cli.ts'

describe('grove-localnet command line', () => {
  it('defaults to AlgoKit LocalNet ports and .grove/localnet', () => {
    expect(parseCli(['start'])).toEqual({ algodPort: 4001, kmdPort: 4002, dataDir: resolve(DEFAULT_DATA_DIR), reset: false })
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

  const bad: { name: string; argv: string[]; message: RegExp }[] = [
    { name: 'no command', argv: [], message: /^usage: grove-localnet start/ },
    { name: 'an unknown command', argv: ['stop'], message: /^usage:/ },
    { name: 'a port that is not a number', argv: ['start', '--algod-port', 'x'], message: /--algod-port must be a port number/ },
    { name: 'a port out of range', argv: ['start', '--kmd-port', '70000'], message: /--kmd-port must be a port number/ },
    { name: 'an indexer port that is not a number', argv: ['start', '--indexer-port', '89a0'], message: /--indexer-port must be a port number/ },
  ]
  for (const c of bad) {
    it(`refuses ${c.name}`, () => expect(() => parseCli(c.argv)).toThrow(c.message))
  }
})
