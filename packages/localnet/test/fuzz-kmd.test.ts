// A seeded, bounded fuzz of kmd over HTTP: 1,200 malformed requests (every route with bodies of junk
// JSON, unknown fields, wrong types, bad base64, bad addresses and transactions, forged and real
// handle tokens, wrong passwords, missing or wrong API tokens, other methods, unknown paths). None
// may get a 5xx or show a stack trace or a path; after them kmd still opens the default wallet and
// signs a payment that the node commits. Then the classes the fuzz found, with go-kmd's answer and
// where it differs. The wallets use cheap scrypt parameters: creating one is part of the fuzz.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { ROUTES } from '../src/kmd/routes.ts'
import { startKmd, type KmdServer } from '../src/kmd/index.ts'
import { onServerError } from '../src/log.ts'
import { funder, params, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'
import { fuzz, ODD_PATHS, pickWith, prng, TEXT, type FuzzRequest } from './fuzz-helpers.ts'

const REQUESTS = 1_200
let d: DropinNet
let server: KmdServer
let dataDir: string
let handle: string
let walletId: string
const logged: string[] = []
let restoreLog: (line: string) => void

async function call(method: string, p: string, body?: unknown, token = server.token): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(server.url + p, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'X-KMD-API-Token': token } })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  restoreLog = onServerError((line) => logged.push(line))
  d = await startDropinNet()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kmd-fuzz-'))
  server = await startKmd({ dataDir, scrypt: { N: 16, r: 1, p: 1 } })
  await server.ready
  walletId = ((await call('GET', '/v1/wallets')).json.wallets as { id: string }[])[0]!.id
  handle = (await call('POST', '/v1/wallet/init', { wallet_id: walletId, wallet_password: '' })).json.wallet_handle_token as string
})
/** A live handle on the default wallet (the fuzz may have released or renewed the first one). */
const freshHandle = async (): Promise<string> => (await call('POST', '/v1/wallet/init', { wallet_id: walletId, wallet_password: '' })).json.wallet_handle_token as string

afterAll(async () => {
  await server?.stop()
  await d?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  onServerError(restoreLog)
})

describe('kmd under a fuzz', () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx or a leak, and still signs a payment the node commits`, async () => {
    const rnd = prng(0x6b6d64)
    const pick = pickWith(rnd)
    const addr = funder().addr.toString()
    const strings = [...TEXT, walletId, handle, handle + 'x', handle.split('.')[0]!, 'a.b', addr, addr.slice(1), addr.toLowerCase(), 'unencrypted-default-wallet', 'x'.repeat(100), 'sqlite', 'ledger']
    const base64 = ['', 'AAAA', '!!', 'A', Buffer.alloc(32).toString('base64'), Buffer.alloc(64, 7).toString('base64'), Buffer.alloc(33).toString('base64'), Buffer.from('junk').toString('base64')]
    const values: unknown[] = [...strings, ...base64, 0, 1, -1, 256, 1.5, Number.MAX_VALUE, true, false, null, [], {}, [1, 2], { v: 1, thr: 1, subsig: [{ pk: 'AAAA' }] }, { v: 'x' }, [base64[4], base64[5]]]
    const next = (): FuzzRequest => {
      const token = rnd() < 0.9 ? server.token : pick(['', 'b'.repeat(64), server.token + 'x'])
      if (rnd() < 0.06) return { method: pick(['GET', 'POST', 'PUT']), path: pick([...ODD_PATHS, '/v1', '/v1/', '/v2/wallets']), headers: { 'X-KMD-API-Token': token } }
      const route = pick(ROUTES)
      const method = rnd() < 0.9 ? route.method : pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH'])
      let body: string | undefined
      const r = rnd()
      if (r < 0.15) body = pick(['', '{', '[]', 'null', '"x"', '1', '{"a":', '\u0000', '{}'.repeat(3), '[' + '['.repeat(3000)])
      else {
        const fields: Record<string, unknown> = {}
        for (const [name, kind] of Object.entries(route.fields)) {
          if (rnd() < 0.25) continue
          if (name === 'wallet_handle_token') fields[name] = rnd() < 0.6 ? handle : pick(values)
          else if (name === 'wallet_id') fields[name] = rnd() < 0.5 ? walletId : pick(values)
          else if (name === 'wallet_password') fields[name] = rnd() < 0.5 ? '' : pick(values)
          else if (name === 'wallet_name') fields[name] = `fuzz-${Math.floor(rnd() * 20)}`
          else if (kind === 'bool') fields[name] = rnd() < 0.7 ? rnd() < 0.5 : pick(values)
          else fields[name] = pick(values)
        }
        if (rnd() < 0.1) fields[pick(['bogus', '__proto__', 'constructor', ''])] = pick(values)
        body = JSON.stringify(fields)
      }
      return { method, path: route.path, headers: { 'X-KMD-API-Token': token }, body: method === 'GET' && rnd() < 0.7 ? undefined : body }
    }
    const result = await fuzz(server.url, REQUESTS, next)
    expect(result.failures).toEqual([])
    expect(logged).toEqual([])
    expect(result.count).toBe(REQUESTS)
    expect(result.statuses.get(400)).toBeGreaterThan(100)
    expect(result.statuses.get(200)).toBeGreaterThan(50)
    expect(result.statuses.get(401)).toBeGreaterThan(50)
    // kmd still opens the default wallet and signs; the node commits what it signed
    const fresh = await freshHandle()
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder().addr, receiver: funder().addr, amount: 1, suggestedParams: await params(d.algod) })
    const signed = await call('POST', '/v1/transaction/sign', { wallet_handle_token: fresh, transaction: Buffer.from(algosdk.encodeUnsignedTransaction(pay)).toString('base64'), wallet_password: '' })
    expect(signed.status).toBe(200)
    expect((await send(d.algod, Buffer.from(signed.json.signed_transaction as string, 'base64'))).confirmedRound).toBeGreaterThan(0n)
  })

  it('answers POST /v1/key with display_mnemonic with 400 and the driver text (go-kmd: 500)', async () => {
    expect(await call('POST', '/v1/key', { wallet_handle_token: await freshHandle(), display_mnemonic: true })).toEqual({ status: 400, json: { error: true, message: 'sqlite wallet driver cannot display mnemonics' } })
  })

  it('answers a wrong wallet password with 401 on every route that takes one (go-kmd: 401 at init, 400 elsewhere)', async () => {
    const wrong = 'wrong'
    const handle = await freshHandle()
    const wrongs = [
      ['/v1/wallet/init', { wallet_id: walletId, wallet_password: wrong }],
      ['/v1/wallet/rename', { wallet_id: walletId, wallet_password: wrong, wallet_name: 'renamed' }],
      ['/v1/master-key/export', { wallet_handle_token: handle, wallet_password: wrong }],
      ['/v1/key/export', { wallet_handle_token: handle, address: funder().addr.toString(), wallet_password: wrong }],
    ] as const
    for (const [p, body] of wrongs) expect(await call('POST', p, body), p).toEqual({ status: 401, json: { error: true, message: 'error decrypting. wrong password?' } })
  })

  it("answers an unknown path with 404 and a method a path lacks with 405, both in kmd's JSON envelope (gorilla/mux: plain text, empty)", async () => {
    expect(await call('GET', '/v1/nothing')).toEqual({ status: 404, json: { error: true, message: '404 page not found: GET /v1/nothing is not a kmd route' } })
    const res = await fetch(`${server.url}/v1/wallets`, { method: 'DELETE', headers: { 'X-KMD-API-Token': server.token } })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
    expect(await res.json()).toEqual({ error: true, message: 'method DELETE not allowed on /v1/wallets; use GET' })
  })
})
