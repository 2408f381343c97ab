// A seeded, bounded fuzz of algod over HTTP: 1,500 malformed requests (every route with rounds,
// ids, addresses and txids past their ranges or badly spelled, junk query values, bodies of junk
// bytes, mangled signed transactions, junk TEAL and programs, missing or wrong tokens, other
// methods, traversal paths). None may get a 5xx or show a stack trace or a path; after them the
// node still commits a payment. Then the classes the fuzz found, each with algod's answer or,
// where algod answers 5xx for a client's mistake, the 4xx given instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { ALGOD_ROUTES } from '../src/algod/routes.ts'
import { MAX_BODY_BYTES } from '../src/algod/server.ts'
import { onServerError } from '../src/log.ts'
import { fundedAccount, funder, params, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'
import { fuzz, NUMBERS, ODD_PATHS, pickWith, prng, TEXT, type FuzzRequest } from './fuzz-helpers.ts'

const REQUESTS = 1_500
let d: DropinNet
let alice: algosdk.Account
let txId: string
let round: bigint
const logged: string[] = []
let restoreLog: (line: string) => void

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const nonCanonical = (addr: string): string => addr.slice(0, -1) + B32[B32.indexOf(addr.at(-1)!) ^ 1]

beforeAll(async () => {
  restoreLog = onServerError((line) => logged.push(line))
  d = await startDropinNet()
  alice = await fundedAccount(d.algod)
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: funder().addr, amount: 1000, suggestedParams: await params(d.algod) })
  const confirmed = await send(d.algod, pay.signTxn(alice.sk))
  txId = pay.txID()
  round = confirmed.confirmedRound!
})
afterAll(async () => {
  await d?.stop()
  onServerError(restoreLog)
})

async function call(method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  const res = await fetch(d.net.algod.url + path, { method, body, headers: { 'X-Algo-API-Token': d.net.algod.token, ...headers } })
  const text = await res.text()
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) }
}

describe('algod under a fuzz', () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx or a leak, and the node commits after them`, async () => {
    const rnd = prng(0xa160d)
    const pick = pickWith(rnd)
    const addr = alice.addr.toString()
    const addresses = [addr, nonCanonical(addr), addr.slice(0, 10) + (addr[10] === 'A' ? 'B' : 'A') + addr.slice(11), addr.toLowerCase(), addr.slice(1), '', '%00', '..%2F..%2Fetc']
    const rounds = [...NUMBERS, String(round), String(round + 1n), String(round + 1000n)]
    const txids = [txId, txId.slice(1), txId.toLowerCase(), 'A'.repeat(52), 'junk', '']
    const sp = await params(d.algod)
    const signed = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: alice.addr, amount: 0, suggestedParams: sp }).signTxn(alice.sk)
    const mangle = (bytes: Uint8Array): Uint8Array => {
      const out = new Uint8Array(bytes)
      for (let i = 1 + Math.floor(rnd() * 4); i > 0; i--) out[Math.floor(rnd() * out.length)] = Math.floor(rnd() * 256)
      return rnd() < 0.3 ? out.slice(0, Math.floor(rnd() * out.length)) : out
    }
    const junkBytes = () => Uint8Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * 256))
    const bodies: (() => string | Uint8Array)[] = [
      () => junkBytes(),
      () => mangle(signed),
      () => signed,
      () => pick(TEXT),
      () => '#pragma version 10\n' + pick(['int 1', 'junk', 'b nowhere', 'pushbytes 0x', 'int 18446744073709551616', 'txn Junk', '#pragma version 99']),
      () => JSON.stringify({ 'txn-groups': [{ txns: [] }], round: pick([0, 1e30, -1, 'x']) }),
      () => JSON.stringify(pick([null, [], {}, { txns: 'x' }, { accounts: [1], apps: [{}] }, { 'txn-groups': 'x' }])),
      () => Uint8Array.from([pick([0x0a, 0x01, 0x0c, 0x80, 0xff]), ...junkBytes()]),
    ]
    const queries: Record<string, string[]> = {
      format: ['json', 'msgpack', 'junk', ''], 'header-only': TEXT, hashtype: ['sha512_256', 'sha256', 'md5', ''], max: NUMBERS, exclude: ['all', 'none', 'junk', ''],
      name: ['str:x', 'b64:!!', 'int:x', 'int:18446744073709551616', 'abi:x', 'x', ''], round: rounds, limit: NUMBERS, next: ['x', 'b64:!!', ''], prefix: ['str:x', 'junk', ''], values: TEXT, sourcemap: TEXT,
    }
    const next = (): FuzzRequest => {
      const headers: Record<string, string> = rnd() < 0.9 ? { 'X-Algo-API-Token': d.net.algod.token } : rnd() < 0.5 ? { 'X-Algo-API-Token': 'wrong' } : {}
      if (rnd() < 0.08) return { method: pick(['GET', 'POST', 'PUT']), path: pick(ODD_PATHS), headers }
      const route = pick(ALGOD_ROUTES)
      const method = rnd() < 0.9 ? route.method : pick(['GET', 'POST', 'DELETE', 'PATCH', 'HEAD'])
      // the long poll waits a minute for a round still to come, as algod's does: it gets past rounds and junk only
      const polled = route.path.includes('wait-for-block-after') ? ['0', String(round - 1n), 'junk', '-1', '1.5', '18446744073709551616'] : rounds
      let path = route.path.replace(/:([a-z-]+)/g, (_m, name: string) =>
        encodeURIComponent(name === 'address' ? pick(addresses) : name === 'txid' || name === 'id' ? pick(txids) : name === 'round' ? pick(polled) : pick(NUMBERS)),
      )
      const query: string[] = []
      for (let i = Math.floor(rnd() * 3); i > 0; i--) {
        const name = pick(Object.keys(queries))
        query.push(`${name}=${encodeURIComponent(pick(queries[name]!))}`)
      }
      if (query.length) path += '?' + query.join('&')
      const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : pick(bodies)()
      return { method, path, headers, body }
    }
    const result = await fuzz(d.net.algod.url, REQUESTS, next)
    expect(result.failures).toEqual([])
    expect(logged).toEqual([])
    expect(result.count).toBe(REQUESTS)
    expect(result.statuses.get(400)).toBeGreaterThan(200)
    expect(result.statuses.get(200)).toBeGreaterThan(100)
    expect(result.statuses.get(401)).toBeGreaterThan(10)
    // the fuzz may have moved the clock: put it back, then a payment still commits
    expect((await call('POST', '/v2/devmode/blocks/offset/0')).status).toBe(200)
    expect((await call('POST', '/grove/v1/clock/offset/0')).status).toBe(200)
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: funder().addr, amount: 2000, suggestedParams: await params(d.algod) })
    expect((await send(d.algod, pay.signTxn(alice.sk))).confirmedRound).toBeGreaterThan(round)
  })

  it('answers state proofs and light header proofs past the tip with 400 and algod text (algod: 500)', async () => {
    for (const path of [`/v2/stateproofs/${round + 1000n}`, `/v2/blocks/${round + 1000n}/lightheader/proof`]) {
      expect(await call('GET', path), path).toEqual({ status: 400, json: { message: 'given round is greater than the latest round' } })
    }
  })

  it("answers a transaction proof in a block it does not have with 404, as its block lookup does (algod: 500), and a txid not in the block with algod's 404", async () => {
    expect(await call('GET', `/v2/blocks/${round + 1000n}/transactions/${txId}/proof`)).toEqual({ status: 404, json: { message: 'failed to retrieve information from the ledger' } })
    expect(await call('GET', `/v2/blocks/${round - 1n}/transactions/${txId}/proof`)).toEqual({ status: 404, json: { message: 'could not find the transaction in the transaction pool or in the last 1000 confirmed rounds' } })
    expect((await call('GET', `/v2/blocks/${round}/transactions/${txId}/proof`)).status).toBe(200)
  })

  it("refuses a transaction body over 10 MiB with echo's 413 before reading it, and before the token check", async () => {
    const t0 = performance.now()
    const big = new Uint8Array(20 * 1024 * 1024)
    const res = await fetch(`${d.net.algod.url}/v2/transactions`, { method: 'POST', body: big, headers: { 'X-Algo-API-Token': 'wrong' } })
    expect(res.status).toBe(413)
    expect(res.headers.get('connection')).toBe('close')
    expect(await res.json()).toEqual({ message: 'Request Entity Too Large' })
    expect(performance.now() - t0).toBeLessThan(5_000)
    // an undeclared length (chunked) is cut where it passes the limit
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 11; i++) c.enqueue(new Uint8Array(1024 * 1024))
        c.close()
      },
    })
    const chunked = await fetch(`${d.net.algod.url}/v2/transactions`, { method: 'POST', body: chunks, duplex: 'half', headers: { 'X-Algo-API-Token': d.net.algod.token } } as RequestInit)
    expect(chunked.status).toBe(413)
    // up to the limit it is read and decoded as algod does: junk is a 400
    expect((await call('POST', '/v2/transactions', new Uint8Array(MAX_BODY_BYTES).fill(0xc1))).status).toBe(400)
  })

  it('disassembles as algod does: an unreadable version is a comment with 200, an invalid opcode a 400', async () => {
    expect(await call('POST', '/v2/teal/disassemble', 'junk junk')).toEqual({ status: 200, json: { result: '// unsupported version 106\n' } })
    expect(await call('POST', '/v2/teal/disassemble', new Uint8Array([0x80, 0x80]))).toEqual({ status: 200, json: { result: '// invalid version\n' } })
    expect((await call('POST', '/v2/teal/disassemble', new Uint8Array([0x0a, 0xff]))).status).toBe(400)
    expect((await call('POST', '/v2/teal/disassemble', new Uint8Array([0x0a, 0x81]))).status).toBe(400)
  })

  it("refuses an address that is not in its canonical form, with go's UnmarshalChecksumAddress text", async () => {
    const other = nonCanonical(alice.addr.toString())
    expect(await call('GET', `/v2/accounts/${other}`)).toEqual({ status: 400, json: { message: `Invalid format for parameter address: address ${other} is non-canonical` } })
    expect((await call('GET', `/v2/accounts/${alice.addr}`)).status).toBe(200)
  })

  it('answers a path with a bad escape with 400', async () => {
    const res = await call('GET', '/v2/accounts/%')
    expect(res).toEqual({ status: 400, json: { message: 'invalid URL escape in path segment "%"' } })
  })
})
