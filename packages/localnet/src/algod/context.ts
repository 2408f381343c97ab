// What every algod handler receives: the ledger node and the little state the API itself keeps.
import type { Node } from '@grove/ledger'
import type { AlgodReply, AlgodRequest } from './http.ts'

/** Per-server state handlers share. */
export interface AlgodContext {
  node: Node
  /** Resolves when the server is stopping, so long polls end early. */
  shutdown: Promise<void>
  /** POST /grove/v1/state/load: replaces the chain with a state file's (startLocalnet provides it; absent, the route answers 409). */
  loadState?: (bytes: Uint8Array) => Promise<void>
}

/** A handler named after the endpoint it serves; it throws AlgodError or LedgerError to refuse. */
export type AlgodHandler = (ctx: AlgodContext, req: AlgodRequest) => AlgodReply | Promise<AlgodReply>
