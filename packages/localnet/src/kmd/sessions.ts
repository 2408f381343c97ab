// Wallet handle tokens (kmd's session/auth.go): "<16 hex id>.<64 hex secret>", held in memory
// with the unlocked wallet secrets, expiring after the session lifetime unless renewed.

import { randomBytes } from 'node:crypto'
import { sameBytes } from './crypto.ts'
import { KMD_ERRORS, KmdError } from './errors.ts'
import type { Unlocked } from './wallet-store.ts'

/** kmd's default session lifetime. */
export const DEFAULT_SESSION_LIFETIME_SECS = 60

interface Handle {
  secret: string
  expires: number
  unlocked: Unlocked
}

const ID_RE = /^[0-9a-f]{16}$/
const SECRET_RE = /^[0-9a-f]{64}$/

/** The live wallet handles; every failure is a 401 as kmd's handlers answer it. */
export class Sessions {
  private readonly handles = new Map<string, Handle>()

  constructor(
    private readonly lifetimeSecs = DEFAULT_SESSION_LIFETIME_SECS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Issues a handle token for an unlocked wallet. */
  init(unlocked: Unlocked): string {
    this.sweep()
    const id = randomBytes(8).toString('hex')
    const secret = randomBytes(32).toString('hex')
    this.handles.set(id, { secret, expires: this.now() + this.lifetimeSecs * 1000, unlocked })
    return `${id}.${secret}`
  }

  /** Invalidates a handle token. */
  release(token: string): void {
    const [id] = this.lookup(token)
    this.handles.delete(id)
  }

  /** The unlocked wallet behind a live token and the whole seconds left, optionally renewing it first. */
  auth(token: string, renew = false): { unlocked: Unlocked; expiresSeconds: number } {
    const [id, handle] = this.lookup(token)
    const now = this.now()
    if (now > handle.expires) {
      this.handles.delete(id)
      throw new KmdError(KMD_ERRORS.handleExpired, 401)
    }
    if (renew) handle.expires = now + this.lifetimeSecs * 1000
    return { unlocked: handle.unlocked, expiresSeconds: Math.trunc((handle.expires - now) / 1000) }
  }

  private lookup(token: string): [string, Handle] {
    const dot = token.indexOf('.')
    if (dot < 0) throw new KmdError(KMD_ERRORS.wrongTokenParts, 401)
    const id = token.slice(0, dot)
    const secret = token.slice(dot + 1)
    if (!ID_RE.test(id)) throw new KmdError(KMD_ERRORS.invalidHandleId, 401)
    if (!SECRET_RE.test(secret)) throw new KmdError(KMD_ERRORS.invalidHandleSecret, 401)
    const handle = this.handles.get(id)
    if (!handle) throw new KmdError(KMD_ERRORS.handleNotFound, 401)
    if (!sameBytes(Buffer.from(secret), Buffer.from(handle.secret))) throw new KmdError(KMD_ERRORS.invalidToken, 401)
    return [id, handle]
  }

  // kmd sweeps expired handles every minute; sweeping on each init keeps the map bounded
  private sweep(): void {
    const now = this.now()
    for (const [id, h] of this.handles) if (now > h.expires) this.handles.delete(id)
  }
}
