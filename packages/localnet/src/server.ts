// Listening on 127.0.0.1 with node:http: shared by the algod and kmd fronts.
import { createServer } from 'node:http'
import type { RequestListener, Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A listening HTTP server. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** Stops accepting, drops idle keep-alive sockets, resolves once closed. */
  close(): Promise<void>
}

/** The loopback address the localnet binds, as AlgoKit LocalNet does. */
export const LOCALNET_HOST = '127.0.0.1'

/** algod's RestReadTimeoutSeconds (15 s): a client that has not sent its whole request by then gets 408. */
export const REQUEST_TIMEOUT_MS = 15_000

/** Listens on `port` (0 = a free one) and resolves once bound. */
export async function listen(listener: RequestListener, port: number, host = LOCALNET_HOST, requestTimeoutMs = REQUEST_TIMEOUT_MS): Promise<RunningServer> {
  // Slow or stalled clients are cut off instead of holding a socket and a parser for minutes.
  const server: Server = createServer({ keepAlive: true, requestTimeout: requestTimeoutMs, headersTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(requestTimeoutMs, 1_000) }, listener)
  // Never drop an idle keep-alive connection (Go's servers keep them): a client busy for a while
  // (signing a batch) would otherwise reuse a socket closed under it and see "fetch failed".
  server.keepAliveTimeout = 0
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // clients keep sockets alive between requests; without this close() waits for them
        for (const socket of sockets) socket.destroy()
      }),
  }
}
