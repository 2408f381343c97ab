// The algod HTTP front: CORS, token check, routing and the one error handler, on node:http.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { LedgerError } from '@grove/ledger'
import type { Node } from '@grove/ledger'
import { ALGOD_ERRORS, AlgodError } from './errors.ts'
import { jsonReply } from './http.ts'
import type { AlgodReply, AlgodRequest } from './http.ts'
import type { AlgodContext } from './context.ts'
import { ALGOD_ROUTES, matchRoute } from './routes.ts'
import { logServerError } from '../log.ts'
import { AllowedOrigins, checkOrigin, type CorsRules } from '../cors.ts'

/** algod's token header. */
export const ALGOD_TOKEN_HEADER = 'X-Algo-API-Token'
/**
 * Largest request body: algod's routes sit behind echo's BodyLimit("10MB") (10 MiB), which refuses a
 * bigger declared body with 413 before reading it, and stops reading an undeclared one there.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024
/** echo's answer past the body limit (ErrStatusRequestEntityTooLarge). */
const tooLarge = (): AlgodError => new AlgodError(413, 'Request Entity Too Large')

/** Options for `createAlgodListener`. */
export interface AlgodListenerOptions {
  node: Node
  token: string
  /** Origins whose pages may call algod (none by default); /grove/v1 is never served to a page. */
  allowOrigins?: AllowedOrigins
  /** Replaces the chain with a state file's (POST /grove/v1/state/load). */
  loadState?: (bytes: Uint8Array) => Promise<void>
}

/** A request listener plus the hook that ends long polls when the server stops. */
export interface AlgodListener {
  listener: RequestListener
  /** Releases pending wait-for-block-after polls. */
  shutdown(): void
  /** Serves another node from now on (a loaded state's). */
  serve(node: Node): void
}

function tokenMatches(provided: string | undefined, expected: string): boolean {
  if (provided === undefined) return false
  const a = Buffer.from(provided)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function providedToken(req: IncomingMessage): string | undefined {
  const header = req.headers[ALGOD_TOKEN_HEADER.toLowerCase()]
  if (typeof header === 'string' && header !== '') return header
  const auth = req.headers.authorization
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice('Bearer '.length)
  return undefined
}

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw tooLarge()
    chunks.push(chunk)
  }
  return new Uint8Array(Buffer.concat(chunks))
}

/** The one error handler: algod's `{message, data}` with the refusal's status. */
export function errorReply(e: unknown): AlgodReply {
  if (e instanceof AlgodError) return jsonReply(e.data ? { message: e.message, data: e.data } : { message: e.message }, e.status)
  if (e instanceof LedgerError) return jsonReply({ message: e.message }, e.status)
  // an error no handler meant for the client: its text (maybe a path) goes to the log only
  return jsonReply({ message: ALGOD_ERRORS.internalFailure }, 500)
}

/** Whether a path is Grove's own (/grove/v1): its calls change the chain, so no web page may make them. */
function isGrovePath(path: string): boolean {
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // undecodable: the router refuses it
  }
  return /^\/+grove(\/|$)/i.test(decoded)
}

const CORS: CorsRules = { methods: 'GET,POST,PUT,DELETE,OPTIONS', headers: `${ALGOD_TOKEN_HEADER},Content-Type`, closed: isGrovePath }

function write(res: ServerResponse, reply: AlgodReply, headOnly: boolean): void {
  res.statusCode = reply.status
  if (reply.contentType) res.setHeader('Content-Type', reply.contentType)
  // a string body goes to node:http as is: it joins the headers in one socket write (a Buffer is a second chunk, a writev)
  const body = typeof reply.body === 'string' ? reply.body : Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength)
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length)
  res.end(headOnly ? undefined : body)
}

async function handle(ctx: AlgodContext, token: string, allowed: AllowedOrigins, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET'
  // a page of an origin not allowed is refused before anything runs; an OPTIONS is answered there
  const refused = checkOrigin(req, res, allowed, CORS)
  if (refused === '') return
  if (refused !== undefined) return write(res, jsonReply({ message: refused }, 403), method === 'HEAD')
  let reply: AlgodReply
  try {
    const url = new URL(req.url ?? '/', 'http://localhost')
    // echo's RemoveTrailingSlash runs before routing
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
    const lookupMethod = method === 'HEAD' ? 'GET' : method
    const match = matchRoute(ALGOD_ROUTES, lookupMethod, path)
    if (!match) throw new AlgodError(404, ALGOD_ERRORS.notFound)
    if ('methodMismatch' in match) throw new AlgodError(405, ALGOD_ERRORS.methodNotAllowed)
    // BodyLimit runs before the token check, on the declared length: the body is never read
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge()
    if (!match.route.public && !tokenMatches(providedToken(req), token)) throw new AlgodError(401, ALGOD_ERRORS.invalidApiToken)
    const request: AlgodRequest = {
      method,
      path,
      params: match.params,
      query: url.searchParams,
      headers: req.headers,
      body: method === 'GET' || method === 'HEAD' ? new Uint8Array() : await readBody(req),
    }
    reply = await match.route.handler(ctx, request)
  } catch (e) {
    reply = errorReply(e)
    if (reply.status >= 500) logServerError('algod', method, req.url, reply.status, e)
    // the rest of a refused body is not worth receiving: node closes the connection instead of draining it
    if (reply.status === 413) res.setHeader('Connection', 'close')
  }
  write(res, reply, method === 'HEAD')
}

/** Builds algod's request listener over a ledger node. */
export function createAlgodListener(options: AlgodListenerOptions): AlgodListener {
  let release!: () => void
  const shutdown = new Promise<void>((resolve) => (release = resolve))
  const ctx: AlgodContext = { node: options.node, shutdown, ...(options.loadState === undefined ? {} : { loadState: options.loadState }) }
  const allowOrigins = options.allowOrigins ?? new AllowedOrigins()
  return {
    listener: (req, res) => {
      void handle(ctx, options.token, allowOrigins, req, res)
    },
    shutdown: () => release(),
    serve: (node) => (ctx.node = node),
  }
}
