// The HTTP front shared by algod and kmd: slow clients are cut off with 408 instead of holding a
// socket, and a request that arrives in time is answered as usual.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { listen } from '../src/server.ts'

/** Sends `text` on a raw socket and resolves with everything the server answers until it closes. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    socket.on('data', (d) => (answer += d.toString()))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** Like algod's handlers: reads the whole body, then answers. */
const echo: Parameters<typeof listen>[0] = (req, res) => {
  req.resume()
  req.on('end', () => res.end('ok'))
}

describe('listen', () => {
  it('answers 408 to a client that stalls in the middle of its request', async () => {
    const server = await listen(echo, 0, undefined, 300)
    try {
      const answer = await raw(server.port, 'POST /v2/transactions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"partial":')
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    } finally {
      await server.close()
    }
  })

  it('answers a complete request as usual', async () => {
    const server = await listen(echo, 0, undefined, 300)
    try {
      const answer = await raw(server.port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*ok$/)
    } finally {
      await server.close()
    }
  })
})

describe('startLocalnet', () => {
  it('names the API whose port is taken and leaves nothing running', async () => {
    const { startLocalnet } = await import('../src/index.ts')
    const taken = await listen(echo, 0)
    try {
      await expect(startLocalnet({ algodPort: 0, kmdPort: 0, indexerPort: taken.port })).rejects.toThrow(`the indexer port ${taken.port} is already in use`)
      // the kmd it had started first is closed again: a second try on free ports works
      const net2 = await startLocalnet({ algodPort: 0, kmdPort: 0, indexerPort: 0 })
      await net2.stop()
    } finally {
      await taken.close()
    }
  })
})
