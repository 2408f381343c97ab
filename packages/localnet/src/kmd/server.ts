// kmd's HTTP server on node:http: CORS and the `X-KMD-API-Token` check as kmd's middleware
// does them, go's strict JSON request decoding (unknown fields and wrong types are "could not
// decode request body"), and go's response JSON (sorted keys, two-space indent, top-level
// zero values omitted, `{error, message}` on failure).

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { timingSafeEqual } from 'node:crypto'
import { genesisAccounts } from '@grove/ledger'
import type { ScryptParams } from './crypto.ts'
import { KMD_ERRORS, KmdError } from './errors.ts'
import { type Body, type FieldKind, type KmdContext, type Route, ROUTES, zeroOf } from './routes.ts'
import { DEFAULT_SESSION_LIFETIME_SECS, Sessions } from './sessions.ts'
import { WalletStore } from './wallet-store.ts'
import { logServerError } from '../log.ts'
import { AllowedOrigins, checkOrigin } from '../cors.ts'

/** The default wallet AlgoKit LocalNet's kmd holds. */
export const DEFAULT_WALLET_NAME = 'unencrypted-default-wallet'
/** The localnet API token, `a` × 64. */
export const DEFAULT_KMD_TOKEN = 'a'.repeat(64)
const TOKEN_HEADER = 'x-kmd-api-token'
const MAX_BODY = 10 * 1024 * 1024

/** Options of {@link startKmd}. */
export interface KmdOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number
  host?: string
  /** The localnet data directory; wallets live in `<dataDir>/kmd/`. */
  dataDir: string
  token?: string
  /** Create (or top up) `unencrypted-default-wallet` with an empty password; default true. */
  defaultWallet?: boolean
  /** 64-byte secret keys for the default wallet; default the ledger's genesis accounts. */
  defaultKeys?: Uint8Array[]
  sessionLifetimeSecs?: number
  /** Clock for handle expiry (ms); tests move it. */
  now?: () => number
  scrypt?: ScryptParams
  /** Origins whose pages may call kmd: none by default, as go-kmd's allowed_origins. */
  allowOrigins?: AllowedOrigins
}

/** A running kmd. */
export interface KmdServer {
  url: string
  port: number
  token: string
  /** Resolves once the default wallet exists (kmd listens before; its calls wait for this). */
  ready: Promise<void>
  stop(): Promise<void>
}

/** JSON the way go-algorand's codec writes kmd responses. */
export function encodeKmdJson(body: Record<string, unknown>): string {
  const top: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(body)) {
    const empty = v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && v.length === 0)
    if (!empty) top[k] = v
  }
  return JSON.stringify(sortKeys(top), null, 2)
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    )
  }
  return v
}

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

function bytes(v: unknown, len?: number): Uint8Array {
  if (v === null) return len ? new Uint8Array(len) : new Uint8Array()
  if (typeof v !== 'string' || !BASE64_RE.test(v)) throw new KmdError(KMD_ERRORS.couldNotDecode)
  const b = new Uint8Array(Buffer.from(v, 'base64'))
  if (len === undefined) return b
  if (b.length === 0) return new Uint8Array(len)
  if (b.length !== len) throw new KmdError(KMD_ERRORS.couldNotDecode)
  return b
}

function decodeField(kind: FieldKind, v: unknown): unknown {
  if (v === null) return zeroOf(kind)
  const bad = () => new KmdError(KMD_ERRORS.couldNotDecode)
  switch (kind) {
    case 'string':
      if (typeof v !== 'string') throw bad()
      return v
    case 'bool':
      if (typeof v !== 'boolean') throw bad()
      return v
    case 'u8':
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255) throw bad()
      return v
    case 'bytes':
      return bytes(v)
    case 'b32':
      return bytes(v, 32)
    case 'b64':
      return bytes(v, 64)
    case 'pks':
      if (!Array.isArray(v)) throw bad()
      return v.map((x) => bytes(x, 32))
    case 'msig': {
      if (typeof v !== 'object' || Array.isArray(v)) throw bad()
      const m = decodeObject(v as Record<string, unknown>, { v: 'u8', thr: 'u8', subsig: 'pks' }, (k, x) =>
        k === 'subsig' ? decodeSubsigs(x) : undefined,
      )
      return m
    }
  }
}

function decodeSubsigs(v: unknown): { pk: Uint8Array; s?: Uint8Array }[] {
  if (v === null) return []
  if (!Array.isArray(v)) throw new KmdError(KMD_ERRORS.couldNotDecode)
  return v.map((x) => {
    if (!x || typeof x !== 'object' || Array.isArray(x)) throw new KmdError(KMD_ERRORS.couldNotDecode)
    const o = x as Record<string, unknown>
    for (const k of Object.keys(o)) if (k !== 'pk' && k !== 's') throw new KmdError(KMD_ERRORS.couldNotDecode)
    const s = o.s === undefined ? undefined : bytes(o.s, 64)
    return { pk: o.pk === undefined ? new Uint8Array(32) : bytes(o.pk, 32), ...(s ? { s } : {}) }
  })
}

function decodeObject(
  raw: Record<string, unknown>,
  fields: Record<string, FieldKind>,
  special: (key: string, v: unknown) => unknown = () => undefined,
): Body {
  const out: Body = {}
  for (const [k, kind] of Object.entries(fields)) out[k] = kind === 'pks' && k === 'subsig' ? [] : zeroOf(kind)
  for (const [k, v] of Object.entries(raw)) {
    const kind = fields[k]
    if (!kind) throw new KmdError(KMD_ERRORS.couldNotDecode)
    out[k] = special(k, v) ?? decodeField(kind, v)
  }
  return out
}

/** Decodes a request body against a route's schema, as go's strict JSON decoder would. */
export function decodeRequest(text: string, fields: Record<string, FieldKind>): Body {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new KmdError(KMD_ERRORS.couldNotDecode)
  }
  if (raw === null) raw = {}
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new KmdError(KMD_ERRORS.couldNotDecode)
  return decodeObject(raw as Record<string, unknown>, fields)
}

function send(res: http.ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

function sendError(res: http.ServerResponse, status: number, message: string): void {
  send(res, status, encodeKmdJson({ error: true, message }))
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) reject(new KmdError(KMD_ERRORS.couldNotDecode))
      else chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function tokenMatches(given: string | undefined, token: string): boolean {
  const a = Buffer.from(given ?? '')
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The request listener serving kmd's API over a context. */
export function kmdHandler(ctx: KmdContext, token: string, ready: Promise<void> = Promise.resolve(), allowOrigins: AllowedOrigins = new AllowedOrigins()): http.RequestListener {
  return async (req, res) => {
    // as go-kmd (allowed_origins empty by default): no page may call kmd unless its origin is allowed
    const refused = checkOrigin(req, res, allowOrigins, { methods: 'GET, POST, DELETE, OPTIONS', headers: 'X-KMD-API-Token, Content-Type' })
    if (refused === '') return
    if (refused !== undefined) return sendError(res, 403, refused)
    const url = new URL(req.url ?? '/', 'http://kmd')
    if (url.pathname === '/versions') return send(res, 200, JSON.stringify({ versions: ['v1'] }, null, 2))
    const candidates = ROUTES.filter((r) => r.path === url.pathname)
    // gorilla/mux answers these in plain text ("404 page not found") and with an empty 405: here in kmd's JSON envelope
    if (candidates.length === 0) return sendError(res, 404, `404 page not found: ${req.method} ${url.pathname.slice(0, 200)} is not a kmd route`)
    const route: Route | undefined = candidates.find((r) => r.method === req.method)
    if (!route) {
      res.setHeader('Allow', candidates.map((r) => r.method).join(', '))
      return sendError(res, 405, `method ${req.method} not allowed on ${url.pathname}; use ${candidates.map((r) => r.method).join(' or ')}`)
    }
    const given = req.headers[TOKEN_HEADER]
    if (!tokenMatches(Array.isArray(given) ? given[0] : given, token)) return sendError(res, 401, KMD_ERRORS.invalidApiToken)
    try {
      // the default wallet is made after kmd listens (its scrypt run is kmd's startup cost): calls wait for it
      await ready
      const text = await readBody(req)
      const body = route.method === 'GET' ? {} : decodeRequest(text, route.fields)
      send(res, 200, encodeKmdJson(await route.handle(body, ctx)))
    } catch (err) {
      // a wrong wallet password is 401 wherever it is given (kmd: 401 at init, 400 elsewhere)
      if (err instanceof KmdError) sendError(res, err.message === KMD_ERRORS.decrypt ? 401 : err.status, err.message)
      else {
        logServerError('kmd', req.method, req.url, 500, err)
        sendError(res, 500, 'kmd failed to answer; see its log')
      }
      if (err instanceof KmdError && err.status >= 500) logServerError('kmd', req.method, req.url, err.status, err)
    }
  }
}

// On a restart the wallet exists and usually holds every key, so no scrypt run is needed.
async function ensureDefaultWallet(store: WalletStore, keys: Uint8Array[]): Promise<void> {
  const existing = store.idByName(DEFAULT_WALLET_NAME)
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
  const have = new Set(existing ? store.keyAddresses(existing).map(hex) : [])
  const missing = keys.filter((sk) => !have.has(hex(sk.slice(32))))
  if (existing && missing.length === 0) return
  const unlocked = existing
    ? await store.unlock(existing, '')
    : (await store.createUnlocked(DEFAULT_WALLET_NAME, '')).unlocked
  const wallet = store.wallet(unlocked)
  for (const sk of missing) wallet.importKey(sk)
}

/** Starts kmd's v1 API; resolves once it is listening. */
export async function startKmd(options: KmdOptions): Promise<KmdServer> {
  const token = options.token ?? DEFAULT_KMD_TOKEN
  const store = WalletStore.open(path.join(options.dataDir, 'kmd'), options.scrypt)
  // A fresh default wallet costs a scrypt run (about a second): kmd listens at once and makes it on
  // node's thread pool meanwhile; every API call waits for it, so none sees the store without it.
  const ready = options.defaultWallet ?? true ? ensureDefaultWallet(store, options.defaultKeys ?? genesisAccounts().map((a) => a.secretKey)) : Promise.resolve()
  ready.catch(() => undefined) // reported to each call that waits for it
  const sessions = new Sessions(options.sessionLifetimeSecs ?? DEFAULT_SESSION_LIFETIME_SECS, options.now)
  const server = http.createServer(kmdHandler({ store, sessions }, token, ready, options.allowOrigins))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${port}`,
    port,
    token,
    ready,
    stop: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      })
      // the wallet's file is written before its directory may go
      await ready.catch(() => undefined)
    },
  }
}
