// A seeded, bounded fuzz of the indexer over HTTP: 1,200 malformed requests (ids past int64, bad and
// non-canonical addresses, forged next tokens, booleans that are not, unknown values, other
// methods, traversal paths) over a chain with payments, an asset and an app. None may get a 5xx or
// show a stack trace or a path; after them the node still commits a payment and the indexer lists
// it. Then the classes the fuzz found, with the indexer's answer and where it differs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { INDEXER_ROUTES } from '../src/indexer/server.ts'
import { compile, fundedAccount, funder, params, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'
import { fuzz, NUMBERS, ODD_PATHS, pickWith, prng, TEXT, type FuzzRequest } from './fuzz-helpers.ts'

const REQUESTS = 1_200
let d: DropinNet
let alice: algosdk.Account
let assetId: bigint
let appId: bigint
let txId: string

/** `addr` with its last character changed in the two unused bits only: the same key, not canonical. */
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const nonCanonical = (addr: string): string => addr.slice(0, -1) + B32[B32.indexOf(addr.at(-1)!) ^ 1]

beforeAll(async () => {
  d = await startDropinNet()
  alice = await fundedAccount(d.algod)
  const sp = await params(d.algod)
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: funder().addr, amount: 1000, suggestedParams: sp, note: new TextEncoder().encode('fuzz') })
  txId = (await send(d.algod, pay.signTxn(alice.sk))).txn.txn.txID()
  const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.addr, total: 1000n, decimals: 0, defaultFrozen: false, unitName: 'FZ', assetName: 'Fuzz', suggestedParams: sp })
  assetId = (await send(d.algod, acfg.signTxn(alice.sk))).assetIndex!
  const approval = await compile(d.algod, '#pragma version 10\npushbytes "hi"\nlog\npushint 1\n')
  const clear = await compile(d.algod, '#pragma version 10\npushint 1\n')
  const create = algosdk.makeApplicationCreateTxnFromObject({ sender: alice.addr, approvalProgram: approval, clearProgram: clear, numGlobalByteSlices: 0, numGlobalInts: 0, numLocalByteSlices: 0, numLocalInts: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp })
  appId = (await send(d.algod, create.signTxn(alice.sk))).applicationIndex!
})
afterAll(async () => {
  await d?.stop()
})

async function get(path: string): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }> {
  const res = await fetch(d.net.indexer.url + path)
  return { status: res.status, body: (await res.json()) as { message?: string } }
}

describe('the indexer under a fuzz', () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx or a leak, and the node commits and indexes after them`, async () => {
    const rnd = prng(0x1de7)
    const pick = pickWith(rnd)
    const addr = alice.addr.toString()
    const addresses = [addr, nonCanonical(addr), addr.slice(0, 10) + (addr[10] === 'A' ? 'B' : 'A') + addr.slice(11), addr.toLowerCase(), addr.slice(1), 'A'.repeat(58), '', '%00', '..%2F..%2Fetc']
    const ids = [...NUMBERS, String(assetId), String(appId)]
    const tokens = ['!!!', 'AAAA', 'AAAAAAAAAAAAAAAA', '____________', '%', 'b64:', addr, nonCanonical(addr), '0', '-1', 'AAAAAAAAAAAA', Buffer.alloc(12, 0xff).toString('base64url')]
    const values: Record<string, string[]> = {
      limit: NUMBERS, next: tokens, 'include-all': TEXT, exclude: ['all', 'assets', 'none', 'junk', 'assets,junk', ''], 'online-only': TEXT, round: ids, 'min-round': ids, 'max-round': ids,
      'asset-id': ids, 'application-id': ids, 'currency-greater-than': NUMBERS, 'currency-less-than': NUMBERS, 'auth-addr': addresses, address: addresses,
      'address-role': ['sender', 'receiver', 'freeze-target', 'junk', ''], 'exclude-close-to': TEXT, 'note-prefix': ['Zm96', '!!', 'Zm96=', ''], 'tx-type': ['pay', 'appl', 'junk', ''],
      'sig-type': ['sig', 'msig', 'lsig', 'junk'], txid: [txId, 'junk', txId.toLowerCase(), ''], 'before-time': ['2020-01-01', '2020-01-01T00:00:00Z', 'junk', '9999-99-99'],
      'after-time': ['2020-01-01', 'junk'], 'rekey-to': TEXT, 'group-id': ['', 'AAAA', '!!'], creator: addresses, name: TEXT, unit: TEXT, 'header-only': TEXT,
      proposers: addresses, expired: addresses, absent: addresses, 'sender-address': addresses,
    }
    const names = Object.keys(values)
    const next = (): FuzzRequest => {
      const method = pick(['GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'])
      let path: string
      if (rnd() < 0.08) path = pick(ODD_PATHS)
      else {
        path = pick(INDEXER_ROUTES).path.replace(/:([a-z-]+)/g, (_m, name: string) =>
          encodeURIComponent(name === 'account-id' ? pick(addresses) : name === 'txid' ? pick([txId, 'junk', txId.slice(1)]) : pick(ids)),
        )
        const query: string[] = []
        for (let i = Math.floor(rnd() * 4); i > 0; i--) {
          const name = pick(names)
          query.push(`${name}=${encodeURIComponent(pick(values[name]!))}`)
        }
        if (query.length) path += '?' + query.join('&')
      }
      return { method, path, body: method === 'POST' ? pick(['{}', 'junk', '\u0000']) : undefined }
    }
    const result = await fuzz(d.net.indexer.url, REQUESTS, next)
    expect(result.failures).toEqual([])
    expect(result.count).toBe(REQUESTS)
    expect(result.statuses.get(400)).toBeGreaterThan(100)
    expect(result.statuses.get(200)).toBeGreaterThan(100)
    // liveness: a payment commits, and the indexer lists it
    const sp = await params(d.algod)
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: funder().addr, amount: 2000, suggestedParams: sp })
    const confirmed = await send(d.algod, pay.signTxn(alice.sk))
    expect(confirmed.confirmedRound).toBeGreaterThan(0n)
    const found = await get(`/v2/transactions/${pay.txID()}`)
    expect(found.status).toBe(200)
  })

  it('answers a next token it cannot decode with 400 and the indexer text (the indexer answers 500)', async () => {
    for (const route of ['/v2/transactions', `/v2/accounts/${alice.addr}/transactions`, `/v2/assets/${assetId}/transactions`, `/v2/applications/${appId}/logs`]) {
      expect(await get(`${route}?next=!!!`), route).toEqual({ status: 400, body: { message: 'error while searching for transaction: DecodeTxnRowNext() decode err: illegal base64 data at input byte 0' } })
      expect(await get(`${route}?next=AAAA`), route).toEqual({ status: 400, body: { message: 'error while searching for transaction: DecodeTxnRowNext() bad next token b: 000000' } })
    }
    // a token the indexer handed out still pages
    const first = await get('/v2/transactions?limit=1')
    expect((await get(`/v2/transactions?limit=1&next=${first.body['next-token'] as string}`)).status).toBe(200)
  })

  it('binds exclude-close-to and include-all on every route that declares them, as the indexer does', async () => {
    const invalid = (name: string) => ({ status: 400, body: { message: `Invalid format for parameter ${name}: error binding string parameter: strconv.ParseBool: parsing "junk": invalid syntax` } })
    expect(await get('/v2/transactions?exclude-close-to=junk')).toEqual(invalid('exclude-close-to'))
    expect(await get(`/v2/assets/${assetId}/transactions?exclude-close-to=junk`)).toEqual(invalid('exclude-close-to'))
    expect(await get(`/v2/accounts/${alice.addr}?include-all=junk`)).toEqual(invalid('include-all'))
    expect(await get(`/v2/assets/${assetId}/balances?include-all=junk`)).toEqual(invalid('include-all'))
    // the account's transactions declare neither: the indexer ignores them there
    expect((await get(`/v2/accounts/${alice.addr}/transactions?exclude-close-to=junk&include-all=junk`)).status).toBe(200)
  })

  it('refuses an address that is not in its canonical form, as the indexer (go-algorand-sdk DecodeAddress) does', async () => {
    const other = nonCanonical(alice.addr.toString())
    expect(await get(`/v2/accounts/${other}`)).toEqual({ status: 400, body: { message: `unable to parse address: address ${other} is non-canonical` } })
    expect(await get(`/v2/transactions?address=${other}`)).toEqual({ status: 400, body: { message: `invalid input: unable to parse address: address ${other} is non-canonical` } })
    expect((await get(`/v2/accounts/${alice.addr}`)).status).toBe(200)
  })

  it('answers a search by asset and app at once with 400 (the indexer answers 500)', async () => {
    expect(await get(`/v2/transactions?asset-id=${assetId}&application-id=${appId}`)).toEqual({ status: 400, body: { message: 'error while searching for transaction: txn query err cannot search both assetid and appid' } })
  })
})
