// User settings: validation of what the /settings form accepts, persistence in
// localStorage, and a tiny external store React reads through useSyncExternalStore.
// Persisted data is untrusted (older versions, other tabs, hand edits), so loading checks
// every field on its own and falls back to the default for any it cannot use.
import { useSyncExternalStore } from 'react'
import { algodBaseUrl, algodHttp } from './algod.ts'
import { createHttpClient, HttpError } from './http.ts'
import { indexerHttp } from './indexer/client.ts'
import { NETWORKS, isExplorerId, isNetworkId, type AlgodConfig, type ExplorerId, type IndexerConfig, type NetworkId } from './networks.ts'
import { RUNTIME } from './runtime.ts'

/** Slippage tolerance: chosen by the app, or a custom percentage. */
export type Slippage = { mode: 'auto' } | { mode: 'custom'; percent: number }

/** Colour scheme preference. */
export type Theme = 'light' | 'dark' | 'system'

/** Everything the user can change on /settings. */
export interface Settings {
  network: NetworkId
  algodOverrides: Partial<Record<NetworkId, AlgodConfig>>
  /** Custom indexer per network (account history, ARC-69 logos). */
  indexerOverrides: Partial<Record<NetworkId, IndexerConfig>>
  /** Origin (or base URL) of a Grove analytics service per network: charts and figures where the build names none. */
  analyticsOverrides: Partial<Record<NetworkId, string>>
  slippage: Slippage
  /** Rounds a transaction stays valid after the current round (its last-valid offset). */
  validityRounds: number
  theme: Theme
  /** Block explorer that transaction, account and asset links open (testnet and mainnet). */
  explorer: ExplorerId
  debug: boolean
}

/** Storage key; the suffix changes whenever the stored shape does, so old data is ignored rather than misread. */
export const SETTINGS_STORAGE_KEY = 'grove.settings.v1'

/** Slippage used when the mode is auto. */
export const AUTO_SLIPPAGE_PERCENT = 0.5
/** Bounds of a custom slippage, in percent. */
export const SLIPPAGE_MIN = 0.01
export const SLIPPAGE_MAX = 50
/** Bounds of the validity window, in rounds; 1000 is algod's maximum transaction lifetime. */
export const VALIDITY_MIN = 10
export const VALIDITY_MAX = 1000

const THEMES: readonly Theme[] = ['light', 'dark', 'system']

/** Picks the default network from the server's run-time setting or the build's VITE_GROVE_NETWORK; unknown or missing values mean localnet. */
export function defaultNetwork(envValue: unknown): NetworkId {
  return isNetworkId(envValue) ? envValue : 'localnet'
}

/** Settings of a first visit, or after a reset. */
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  network: defaultNetwork(RUNTIME.network ?? import.meta.env?.VITE_GROVE_NETWORK),
  algodOverrides: {},
  indexerOverrides: {},
  analyticsOverrides: {},
  slippage: { mode: 'auto' },
  validityRounds: VALIDITY_MAX,
  theme: 'system',
  explorer: 'allo',
  debug: false,
}) as Settings

type FieldErrors = Partial<Record<'server' | 'port' | 'token', string>>

/** Checks a custom algod endpoint as typed in the form and normalises it (trimmed, no trailing slash). */
export function validateAlgodOverride(input: {
  server: string
  port: string
  token: string
}): { ok: true; value: AlgodConfig } | { ok: false; errors: FieldErrors } {
  return validateEndpoint(input, 'algod')
}

/** Checks a custom indexer endpoint as typed in the form, by the same rules as algod's. */
export function validateIndexerOverride(input: {
  server: string
  port: string
  token: string
}): { ok: true; value: IndexerConfig } | { ok: false; errors: FieldErrors } {
  return validateEndpoint(input, 'indexer')
}

function validateEndpoint(
  input: { server: string; port: string; token: string },
  kind: 'algod' | 'indexer',
): { ok: true; value: AlgodConfig } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const server = input.server.trim().replace(/\/+$/, '')
  const port = input.port.trim()
  const token = input.token.trim()

  const serverError = checkServer(server, kind)
  if (serverError) errors.server = serverError
  if (port !== '' && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    errors.port = 'Port must be a whole number from 1 to 65535, or empty for the default'
  }
  if (token.length > 256) errors.token = 'Token is too long (at most 256 characters)'
  else if (!/^[\x21-\x7e]*$/.test(token)) errors.token = 'Token may contain only printable characters, without spaces'

  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: { server, port, token } }
}

function checkServer(server: string, kind: 'algod' | 'indexer' | 'analytics service'): string | undefined {
  if (server === '') return kind === 'analytics service' ? 'Enter the analytics service URL' : `Enter the ${kind} server URL`
  let url: URL
  try {
    url = new URL(server)
  } catch {
    return 'Enter a full URL such as http://127.0.0.1 or https://node.example.com'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must start with http:// or https://'
  if (url.hostname === '') return 'The URL must include a host'
  if (url.username !== '' || url.password !== '') return 'Put credentials in the token field, not in the URL'
  if (url.search !== '' || url.hash !== '') return 'The URL must not contain ?query or #fragment parts'
  // plain http leaves this machine with the token in clear, and the page's CSP lets it reach loopback only
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return `Use https:// for ${kind === 'analytics service' ? 'a service' : 'a node'} that is not on this machine (plain http works on localhost and 127.0.0.1 only)`
  return undefined
}

/**
 * Checks an analytics service URL as typed in the form and normalises it (trimmed, no trailing slash):
 * https anywhere or plain http on this machine, as for a node, since the page's CSP allows just those.
 */
export function validateAnalyticsUrl(text: string): { ok: true; value: string } | { ok: false; error: string } {
  const url = text.trim().replace(/\/+$/, '')
  const error = checkServer(url, 'analytics service')
  if (error === 'Put credentials in the token field, not in the URL') return { ok: false, error: 'The URL must not contain credentials: the analytics service needs none' }
  return error ? { ok: false, error } : { ok: true, value: url }
}

/**
 * Asks an analytics service whether it answers before it is saved: GET /api/health must answer 200 with
 * the service's status. Null when it does; otherwise a sentence naming the URL.
 */
export async function probeAnalytics(url: string, fetchFn?: typeof fetch): Promise<string | null> {
  const http = createHttpClient({ baseUrl: url, maxTries: 1, timeoutMs: 8_000, ...(fetchFn ? { fetch: fetchFn } : {}) })
  const answer: { status: number; body: unknown } | null = await http.get('/api/health').then(
    (body) => ({ status: 200, body }),
    (error: unknown) => (error instanceof HttpError ? { status: error.status, body: error.body } : null),
  )
  if (answer === null) return `Could not reach ${url}: check the URL, that the analytics service is running, and that it accepts requests from this page (its --cors-origin)`
  if (answer.status !== 200) return `${url}/api/health answered ${answer.status}: this does not look like Grove's analytics service`
  const body = typeof answer.body === 'object' && answer.body !== null ? (answer.body as { status?: unknown }) : null
  if (!body || typeof body.status !== 'string') return `${url}/api/health gave no status: this does not look like Grove's analytics service`
  return null
}

/** Hosts a plain http endpoint may have: this machine, as the web server's CSP names it (CSP cannot name [::1]). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1'])

/**
 * Asks a node whether it answers before it is saved: GET /health, and for algod GET /versions, whose
 * genesis id must be the network's. Null when it does; otherwise a sentence naming the URL. A node
 * that cannot be reached (refused, unknown host, or a browser that may not call it) reads as that.
 */
export async function probeEndpoint(
  config: AlgodConfig,
  kind: 'algod' | 'indexer',
  expectedGenesisId: string | undefined,
  fetchFn?: typeof fetch,
): Promise<string | null> {
  const base = algodBaseUrl(config)
  // each kind's one client (its token header): asked once, briefly
  const options = { maxTries: 1, timeoutMs: 8_000, ...(fetchFn ? { fetch: fetchFn } : {}) }
  const http = kind === 'algod' ? algodHttp(config, options) : indexerHttp(config, options)
  const unreachable = `Could not reach ${base}: check the URL and port, that the node is running, and that it accepts requests from this page (CORS)`
  // an answer with a status (2xx or not), or the sentence for a node that gave none
  const get = (path: string): Promise<{ status: number; body: unknown } | string> =>
    http.get(path).then(
      (body) => ({ status: 200, body }),
      (error: unknown) => (error instanceof HttpError ? { status: error.status, body: error.body } : unreachable),
    )
  const health = await get('/health')
  if (typeof health === 'string') return health
  if (health.status === 401 || health.status === 403) return `${base} refused the token (${health.status})`
  if (health.status !== 200) return `${base}/health answered ${health.status}: this does not look like a working ${kind}`
  if (kind === 'indexer') return null
  const versions = await get('/versions')
  if (typeof versions === 'string') return versions
  const body = versions.status === 200 && typeof versions.body === 'object' ? (versions.body as { genesis_id?: unknown } | null) : null
  if (!body || typeof body.genesis_id !== 'string') return `${base}/versions gave no genesis id: this does not look like an algod`
  if (expectedGenesisId !== undefined && body.genesis_id !== expectedGenesisId) return `${base} is on ${body.genesis_id}, not ${expectedGenesisId}: pick the network it belongs to`
  return null
}

/** Checks a custom slippage percentage as typed ("0.5" or "0.5%"); values that work but are risky carry a warning. */
export function validateSlippage(text: string): { ok: true; percent: number; warning?: string } | { ok: false; error: string } {
  const trimmed = text.trim().replace(/\s*%$/, '')
  if (trimmed === '') return { ok: false, error: 'Enter a slippage percentage' }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { ok: false, error: 'Enter a number such as 0.5' }
  // Trailing zeros add no precision: "0.500" is 0.5.
  if (/\.\d{3,}$/.test(trimmed.replace(/(\.\d*?)0+$/, '$1'))) return { ok: false, error: 'Use at most 2 decimal places' }
  const percent = Number(trimmed)
  if (percent < SLIPPAGE_MIN) return { ok: false, error: `Slippage must be at least ${SLIPPAGE_MIN}%` }
  if (percent > SLIPPAGE_MAX) return { ok: false, error: `Slippage must be at most ${SLIPPAGE_MAX}%` }
  if (percent < 0.05) return { ok: true, percent, warning: 'Your transaction may fail: prices often move more than this between quote and confirmation' }
  if (percent > 1) return { ok: true, percent, warning: 'Your transaction may be frontrun and fill at a worse price' }
  return { ok: true, percent }
}

/** Checks the transaction validity window as typed: a whole number of rounds, 10–1000. */
export function validateValidityRounds(text: string): { ok: true; rounds: number } | { ok: false; error: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, error: 'Enter a number of rounds' }
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: 'Enter a whole number of rounds' }
  const rounds = Number(trimmed)
  if (rounds < VALIDITY_MIN || rounds > VALIDITY_MAX) {
    return { ok: false, error: `The validity window must be between ${VALIDITY_MIN} and ${VALIDITY_MAX} rounds` }
  }
  return { ok: true, rounds }
}

/** The slippage to apply, in percent. */
export function slippagePercent(settings: Settings): number {
  return settings.slippage.mode === 'auto' ? AUTO_SLIPPAGE_PERCENT : settings.slippage.percent
}

/** The algod endpoint in use: the user's override for the active network, else the network's default. */
export function effectiveAlgod(settings: Settings): AlgodConfig {
  return settings.algodOverrides[settings.network] ?? NETWORKS[settings.network].algod
}

/** The indexer endpoint in use: the user's override for the active network, else the network's default. */
export function effectiveIndexer(settings: Settings): IndexerConfig {
  return settings.indexerOverrides[settings.network] ?? NETWORKS[settings.network].indexer
}

/** The analytics service in use: the user's for the active network, else the build's; null where none runs. */
export function effectiveAnalytics(settings: Settings): string | null {
  return settings.analyticsOverrides[settings.network] ?? NETWORKS[settings.network].analytics
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Keeps each usable field of `raw` and takes the rest from `base`; never throws. */
export function sanitizeSettings(raw: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  if (!isRecord(raw)) return base
  return {
    network: isNetworkId(raw.network) ? raw.network : base.network,
    algodOverrides: sanitizeOverrides(raw.algodOverrides, base.algodOverrides, validateAlgodOverride),
    indexerOverrides: sanitizeOverrides(raw.indexerOverrides, base.indexerOverrides, validateIndexerOverride),
    analyticsOverrides: sanitizeAnalytics(raw.analyticsOverrides, base.analyticsOverrides),
    slippage: sanitizeSlippage(raw.slippage) ?? base.slippage,
    validityRounds:
      Number.isInteger(raw.validityRounds) && validateValidityRounds(String(raw.validityRounds)).ok
        ? (raw.validityRounds as number)
        : base.validityRounds,
    theme: THEMES.includes(raw.theme as Theme) ? (raw.theme as Theme) : base.theme,
    explorer: isExplorerId(raw.explorer) ? raw.explorer : base.explorer,
    debug: typeof raw.debug === 'boolean' ? raw.debug : base.debug,
  }
}

function sanitizeOverrides(
  raw: unknown,
  base: Partial<Record<NetworkId, AlgodConfig>>,
  validate: typeof validateAlgodOverride,
): Partial<Record<NetworkId, AlgodConfig>> {
  if (!isRecord(raw)) return base
  const out: Partial<Record<NetworkId, AlgodConfig>> = {}
  // One bad network entry drops only that entry.
  for (const [id, value] of Object.entries(raw)) {
    if (!isNetworkId(id) || !isRecord(value)) continue
    const { server, port, token } = value
    if (typeof server !== 'string' || typeof port !== 'string' || typeof token !== 'string') continue
    const checked = validate({ server, port, token })
    if (checked.ok) out[id] = checked.value
  }
  return out
}

function sanitizeAnalytics(raw: unknown, base: Partial<Record<NetworkId, string>>): Partial<Record<NetworkId, string>> {
  if (!isRecord(raw)) return base
  const out: Partial<Record<NetworkId, string>> = {}
  for (const [id, value] of Object.entries(raw)) {
    if (!isNetworkId(id) || typeof value !== 'string') continue
    const checked = validateAnalyticsUrl(value)
    if (checked.ok) out[id] = checked.value
  }
  return out
}

function sanitizeSlippage(raw: unknown): Slippage | undefined {
  if (!isRecord(raw)) return undefined
  if (raw.mode === 'auto') return { mode: 'auto' }
  if (raw.mode === 'custom' && typeof raw.percent === 'number' && Number.isFinite(raw.percent)) {
    const checked = validateSlippage(String(raw.percent))
    if (checked.ok) return { mode: 'custom', percent: checked.percent }
  }
  return undefined
}

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    // Reading localStorage throws when the browser blocks site data.
    return undefined
  }
}

/** Reads persisted settings; missing, unreadable or invalid data gives the defaults, field by field. */
export function loadSettings(storage: Storage | undefined = defaultStorage()): Settings {
  try {
    const text = storage?.getItem(SETTINGS_STORAGE_KEY)
    if (!text) return DEFAULT_SETTINGS
    return sanitizeSettings(JSON.parse(text))
  } catch {
    return DEFAULT_SETTINGS
  }
}

/** Persists settings; a full or blocked storage is ignored (the settings still apply for this visit). */
export function saveSettings(settings: Settings, storage: Storage | undefined = defaultStorage()): void {
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings))
  } catch {
    // Quota exceeded or storage disabled: nothing to do but keep the in-memory value.
  }
}

/** An external store of settings over one Storage; exported for tests, the app uses {@link settingsStore}. */
export function createSettingsStore(storage: () => Storage | undefined = defaultStorage) {
  let current: Settings | undefined
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((fn) => fn())
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the settings: follow it.
    if (event.key !== SETTINGS_STORAGE_KEY && event.key !== null) return
    current = loadSettings(storage())
    notify()
  }

  const get = (): Settings => {
    current ??= loadSettings(storage())
    return current
  }

  // Plain closures (no `this`), so callers may pass the methods around unbound.
  return {
    get,
    /** Applies a change; invalid fields in the patch are dropped, keeping the current values. */
    update(patch: Partial<Settings>): void {
      const base = get()
      current = sanitizeSettings({ ...base, ...patch }, base)
      saveSettings(current, storage())
      notify()
    },
    reset(): void {
      current = DEFAULT_SETTINGS
      try {
        storage()?.removeItem(SETTINGS_STORAGE_KEY)
      } catch {
        // Blocked storage: the defaults still apply in memory.
      }
      notify()
    },
    subscribe(fn: () => void): () => void {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage)
      listeners.add(fn)
      return () => {
        listeners.delete(fn)
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
      }
    },
  }
}

/** The app's settings store, persisted in localStorage. */
export const settingsStore = createSettingsStore()

/** The current settings; re-renders when they change. */
export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, () => DEFAULT_SETTINGS)
}
