import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NETWORKS } from './networks.ts'
import {
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  createSettingsStore,
  defaultNetwork,
  effectiveAlgod,
  effectiveIndexer,
  loadSettings,
  sanitizeSettings,
  saveSettings,
  settingsStore,
  slippagePercent,
  useSettings,
  probeEndpoint,
  validateAlgodOverride,
  validateIndexerOverride,
  validateSlippage,
  validateValidityRounds,
  type Settings,
} from './settings.ts'

/** A Storage backed by a Map, so each test starts empty and can be inspected. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial))
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  }
}

const throwingStorage: Storage = {
  length: 0,
  clear: () => {},
  key: () => null,
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError')
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError')
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError')
  },
}

const custom: Settings = {
  network: 'testnet',
  algodOverrides: { testnet: { server: 'https://node.example.com', port: '443', token: 'secret' } },
  indexerOverrides: { testnet: { server: 'https://idx.example.com', port: '', token: '' } },
  analyticsOverrides: { testnet: 'https://analytics.example.com' },
  slippage: { mode: 'custom', percent: 0.8 },
  validityRounds: 50,
  theme: 'dark',
  explorer: 'pera',
  debug: true,
}

describe('validateAlgodOverride', () => {
  it.each([
    [{ server: 'http://127.0.0.1', port: '4001', token: 'a'.repeat(64) }, { server: 'http://127.0.0.1', port: '4001', token: 'a'.repeat(64) }],
    [{ server: ' https://node.example.com/ ', port: '', token: '' }, { server: 'https://node.example.com', port: '', token: '' }],
    [{ server: 'https://api.example.com/algod', port: '65535', token: 'X-Key:abc' }, { server: 'https://api.example.com/algod', port: '65535', token: 'X-Key:abc' }],
    [{ server: 'http://localhost:8080', port: '1', token: ' tok ' }, { server: 'http://localhost:8080', port: '1', token: 'tok' }],
  ])('accepts and normalises %j', (input, value) => {
    expect(validateAlgodOverride(input)).toEqual({ ok: true, value })
  })

  it.each([
    ['an empty server', { server: '', port: '', token: '' }, { server: 'Enter the algod server URL' }],
    ['a server without a scheme', { server: '127.0.0.1', port: '', token: '' }, { server: 'Enter a full URL such as http://127.0.0.1 or https://node.example.com' }],
    ['a non-http scheme', { server: 'ftp://node.example.com', port: '', token: '' }, { server: 'The URL must start with http:// or https://' }],
    ['a javascript: URL', { server: 'javascript:alert(1)', port: '', token: '' }, { server: 'The URL must start with http:// or https://' }],
    ['credentials in the URL', { server: 'https://user:pw@node.example.com', port: '', token: '' }, { server: 'Put credentials in the token field, not in the URL' }],
    ['a query string', { server: 'https://node.example.com?x=1', port: '', token: '' }, { server: 'The URL must not contain ?query or #fragment parts' }],
    ['plain http off this machine', { server: 'http://10.0.0.5', port: '8080', token: '' }, { server: 'Use https:// for a node that is not on this machine (plain http works on localhost and 127.0.0.1 only)' }],
    ['port 0', { server: 'https://a.b', port: '0', token: '' }, { port: 'Port must be a whole number from 1 to 65535, or empty for the default' }],
    ['port 65536', { server: 'https://a.b', port: '65536', token: '' }, { port: 'Port must be a whole number from 1 to 65535, or empty for the default' }],
    ['a fractional port', { server: 'https://a.b', port: '80.5', token: '' }, { port: 'Port must be a whole number from 1 to 65535, or empty for the default' }],
    ['a negative port', { server: 'https://a.b', port: '-1', token: '' }, { port: 'Port must be a whole number from 1 to 65535, or empty for the default' }],
    ['a token with spaces', { server: 'https://a.b', port: '', token: 'a b' }, { token: 'Token may contain only printable characters, without spaces' }],
    ['a token with control characters', { server: 'https://a.b', port: '', token: 'a\u0007b' }, { token: 'Token may contain only printable characters, without spaces' }],
    ['a token that is too long', { server: 'https://a.b', port: '', token: 'a'.repeat(257) }, { token: 'Token is too long (at most 256 characters)' }],
    ['every field at once', { server: 'nope', port: 'x', token: 'é' }, {
      server: 'Enter a full URL such as http://127.0.0.1 or https://node.example.com',
      port: 'Port must be a whole number from 1 to 65535, or empty for the default',
      token: 'Token may contain only printable characters, without spaces',
    }],
  ])('refuses %s with a message per field', (_name, input, errors) => {
    expect(validateAlgodOverride(input)).toEqual({ ok: false, errors })
  })
})

describe('validateIndexerOverride', () => {
  it('accepts and normalises an endpoint by the same rules as algod', () => {
    expect(validateIndexerOverride({ server: ' http://127.0.0.1/ ', port: '8980', token: '' })).toEqual({
      ok: true,
      value: { server: 'http://127.0.0.1', port: '8980', token: '' },
    })
  })

  it('names the indexer when the server is missing and refuses what algod refuses', () => {
    expect(validateIndexerOverride({ server: '', port: '', token: '' })).toEqual({ ok: false, errors: { server: 'Enter the indexer server URL' } })
    expect(validateIndexerOverride({ server: 'idx.example.com', port: '0', token: '' })).toEqual({
      ok: false,
      errors: {
        server: 'Enter a full URL such as http://127.0.0.1 or https://node.example.com',
        port: 'Port must be a whole number from 1 to 65535, or empty for the default',
      },
    })
  })
})

describe('validateSlippage', () => {
  it.each([
    ['0.5', 0.5],
    ['0.05', 0.05],
    ['1', 1],
    ['1%', 1],
    [' 0.3 % ', 0.3],
    ['.5', 0.5],
    ['0.500', 0.5],
    ['1.', 1],
  ])('accepts %j as %d%% without a warning', (text, percent) => {
    expect(validateSlippage(text)).toEqual({ ok: true, percent })
  })

  it.each([
    ['0.01', 0.01, /may fail/],
    ['0.04', 0.04, /may fail/],
    ['1.01', 1.01, /frontrun/],
    ['50', 50, /frontrun/],
  ])('accepts %j as %d%% with a warning', (text, percent, warning) => {
    const result = validateSlippage(text)
    expect(result).toMatchObject({ ok: true, percent })
    expect(result.ok && result.warning).toMatch(warning)
  })

  it.each([
    ['', 'Enter a slippage percentage'],
    ['abc', 'Enter a number such as 0.5'],
    ['-1', 'Enter a number such as 0.5'],
    ['1e1', 'Enter a number such as 0.5'],
    ['0', 'Slippage must be at least 0.01%'],
    ['0.009', 'Use at most 2 decimal places'],
    ['0.1234', 'Use at most 2 decimal places'],
    ['50.01', 'Slippage must be at most 50%'],
    ['100', 'Slippage must be at most 50%'],
  ])('refuses %j', (text, error) => {
    expect(validateSlippage(text)).toEqual({ ok: false, error })
  })
})

describe('validateValidityRounds', () => {
  it.each([
    ['10', 10],
    ['1000', 1000],
    [' 250 ', 250],
  ])('accepts %j', (text, rounds) => {
    expect(validateValidityRounds(text)).toEqual({ ok: true, rounds })
  })

  it.each([
    ['', 'Enter a number of rounds'],
    ['9', 'The validity window must be between 10 and 1000 rounds'],
    ['1001', 'The validity window must be between 10 and 1000 rounds'],
    ['12.5', 'Enter a whole number of rounds'],
    ['ten', 'Enter a whole number of rounds'],
  ])('refuses %j', (text, error) => {
    expect(validateValidityRounds(text)).toEqual({ ok: false, error })
  })
})

describe('defaults and derived values', () => {
  it('defaults to localnet, auto slippage, 1000 rounds, system theme, allo.info, no debug', () => {
    expect(DEFAULT_SETTINGS).toEqual({ network: 'localnet', algodOverrides: {}, indexerOverrides: {}, analyticsOverrides: {}, slippage: { mode: 'auto' }, validityRounds: 1000, theme: 'system', explorer: 'allo', debug: false })
  })

  it.each([
    ['testnet', 'testnet'],
    ['mainnet', 'mainnet'],
    ['localnet', 'localnet'],
    ['betanet', 'localnet'],
    [undefined, 'localnet'],
  ])('takes the default network %j from the build as %s', (env, expected) => {
    expect(defaultNetwork(env)).toBe(expected)
  })

  it('uses the override of the active network, else the network default', () => {
    expect(effectiveAlgod(custom)).toEqual(custom.algodOverrides.testnet)
    expect(effectiveAlgod({ ...custom, network: 'mainnet' })).toEqual(NETWORKS.mainnet.algod)
    expect(effectiveIndexer(custom)).toEqual(custom.indexerOverrides.testnet)
    expect(effectiveIndexer({ ...custom, network: 'mainnet' })).toEqual({ server: 'https://mainnet-idx.4160.nodely.dev', port: '', token: '' })
    expect(effectiveIndexer({ ...custom, network: 'localnet' })).toEqual({ server: 'http://127.0.0.1', port: '8980', token: '' })
  })

  it('applies 0.5% in auto mode and the custom percent otherwise', () => {
    expect(slippagePercent(DEFAULT_SETTINGS)).toBe(0.5)
    expect(slippagePercent(custom)).toBe(0.8)
  })
})

describe('persistence', () => {
  it('round-trips settings through storage under a versioned key', () => {
    const storage = memoryStorage()
    saveSettings(custom, storage)
    expect(SETTINGS_STORAGE_KEY).toMatch(/\.v\d+$/)
    expect(JSON.parse(storage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual(custom)
    expect(loadSettings(storage)).toEqual(custom)
  })

  it.each([
    ['nothing stored', undefined],
    ['broken JSON', '{"network":'],
    ['JSON null', 'null'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"testnet"'],
    ['an empty object', '{}'],
  ])('loads the defaults from %s', (_name, stored) => {
    const storage = memoryStorage(stored === undefined ? {} : { [SETTINGS_STORAGE_KEY]: stored })
    expect(loadSettings(storage)).toEqual(DEFAULT_SETTINGS)
  })

  it.each<[string, Record<string, unknown>, Partial<Settings>]>([
    ['an unknown network', { network: 'betanet' }, { network: 'localnet' }],
    ['an invalid theme', { theme: 'neon' }, { theme: 'system' }],
    ['an unknown explorer', { explorer: 'algoexplorer' }, { explorer: 'allo' }],
    ['a string debug flag', { debug: 'yes' }, { debug: false }],
    ['a validity window out of range', { validityRounds: 5000 }, { validityRounds: 1000 }],
    ['a fractional validity window', { validityRounds: 20.5 }, { validityRounds: 1000 }],
    ['a slippage out of range', { slippage: { mode: 'custom', percent: 80 } }, { slippage: { mode: 'auto' } }],
    ['a slippage of the wrong type', { slippage: { mode: 'custom', percent: '1' } }, { slippage: { mode: 'auto' } }],
    ['an unknown slippage mode', { slippage: { mode: 'magic' } }, { slippage: { mode: 'auto' } }],
    ['overrides that are not an object', { algodOverrides: 'x' }, { algodOverrides: {} }],
    ['indexer overrides that are not an object', { indexerOverrides: [1] }, { indexerOverrides: {} }],
    ['an invalid indexer override', { indexerOverrides: { testnet: { server: 'idx', port: '', token: '' } } }, { indexerOverrides: {} }],
  ])('ignores %s but keeps the other fields', (_name, bad, expected) => {
    const storage = memoryStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ ...custom, ...bad }) })
    expect(loadSettings(storage)).toEqual({ ...custom, ...expected })
  })

  it('drops only the invalid override entries', () => {
    const stored = {
      ...custom,
      algodOverrides: {
        testnet: custom.algodOverrides.testnet,
        mainnet: { server: 'ftp://x', port: '', token: '' },
        localnet: { server: 'http://127.0.0.1', port: 99999, token: '' },
        betanet: { server: 'http://b', port: '', token: '' },
      },
    }
    const storage = memoryStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify(stored) })
    expect(loadSettings(storage).algodOverrides).toEqual({ testnet: custom.algodOverrides.testnet })
  })

  it('never throws when storage is blocked or full', () => {
    expect(loadSettings(throwingStorage)).toEqual(DEFAULT_SETTINGS)
    expect(() => saveSettings(custom, throwingStorage)).not.toThrow()
    expect(loadSettings(undefined)).toEqual(DEFAULT_SETTINGS)
  })

  it('sanitises unknown input against a given base', () => {
    expect(sanitizeSettings({ theme: 'light' }, custom)).toEqual({ ...custom, theme: 'light' })
    expect(sanitizeSettings(42, custom)).toBe(custom)
  })
})

describe('settings store', () => {
  it('persists updates and notifies subscribers', () => {
    const storage = memoryStorage()
    const store = createSettingsStore(() => storage)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.update({ theme: 'dark', validityRounds: 20 })
    expect(store.get()).toMatchObject({ theme: 'dark', validityRounds: 20 })
    expect(loadSettings(storage)).toMatchObject({ theme: 'dark', validityRounds: 20 })
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.update({ debug: true })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('drops invalid fields of an update and keeps the current values', () => {
    const storage = memoryStorage()
    const store = createSettingsStore(() => storage)
    store.update({ theme: 'dark' })
    store.update({ theme: 'neon' as Settings['theme'], validityRounds: 3 })
    expect(store.get()).toMatchObject({ theme: 'dark', validityRounds: 1000 })
  })

  it('starts from what is stored and resets to the defaults, clearing storage', () => {
    const storage = memoryStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify(custom) })
    const store = createSettingsStore(() => storage)
    expect(store.get()).toEqual(custom)
    store.reset()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(storage.getItem(SETTINGS_STORAGE_KEY)).toBeNull()
  })

  it('follows changes made in another tab', () => {
    const store = createSettingsStore(() => localStorage)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(custom))
    window.dispatchEvent(new StorageEvent('storage', { key: SETTINGS_STORAGE_KEY }))
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.get()).toEqual(custom)
    unsubscribe()
  })

  it('re-renders useSettings when the app store changes', () => {
    settingsStore.reset()
    const { result } = renderHook(() => useSettings())
    expect(result.current.theme).toBe('system')
    act(() => settingsStore.update({ theme: 'light' }))
    expect(result.current.theme).toBe('light')
    act(() => settingsStore.reset())
    expect(result.current).toEqual(DEFAULT_SETTINGS)
  })
})

describe('probeEndpoint', () => {
  const node = { server: 'https://node.example.com', port: '', token: 'secret' }
  /** A fetch that answers each path from `answers` (a status and a JSON body), or fails like an unreachable host. */
  const fetchFrom = (answers: Record<string, [number, unknown]> | 'down'): typeof fetch =>
    (async (url: string | URL | Request) => {
      if (answers === 'down') throw new TypeError('Failed to fetch')
      const [status, body] = answers[new URL(String(url)).pathname] ?? [404, {}]
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }) as typeof fetch

  it('accepts an algod that answers on the expected network', async () => {
    expect(await probeEndpoint(node, 'algod', 'testnet-v1.0', fetchFrom({ '/health': [200, {}], '/versions': [200, { genesis_id: 'testnet-v1.0' }] }))).toBeNull()
  })

  it.each([
    ['a node that cannot be reached', fetchFrom('down'), 'Could not reach https://node.example.com: check the URL and port'],
    ['a refused token', fetchFrom({ '/health': [401, {}] }), 'https://node.example.com refused the token (401)'],
    ['a node on another network', fetchFrom({ '/health': [200, {}], '/versions': [200, { genesis_id: 'mainnet-v1.0' }] }), 'https://node.example.com is on mainnet-v1.0, not testnet-v1.0'],
    ['something that is not an algod', fetchFrom({ '/health': [200, {}], '/versions': [200, {}] }), 'gave no genesis id'],
  ])('refuses %s with a sentence', async (_name, fetchFn, text) => {
    expect(await probeEndpoint(node, 'algod', 'testnet-v1.0', fetchFn)).toContain(text)
  })

  it.each([
    ['algod', 'X-Algo-API-Token'],
    ['indexer', 'X-Indexer-API-Token'],
  ] as const)('sends the token as the %s client does (%s)', async (kind, header) => {
    const sent: Headers[] = []
    const answers = fetchFrom({ '/health': [200, {}], '/versions': [200, { genesis_id: 'testnet-v1.0' }] })
    const recording = ((url: string | URL | Request, init?: RequestInit) => {
      sent.push(new Headers(init?.headers))
      return answers(url, init)
    }) as typeof fetch
    expect(await probeEndpoint(node, kind, kind === 'algod' ? 'testnet-v1.0' : undefined, recording)).toBeNull()
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.map((h) => h.get(header))).toEqual(sent.map(() => 'secret'))
  })
})

