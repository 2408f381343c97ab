// GET /v2/applications/{id}/boxes: the legacy listing and algod 4.x's pagination mode (limit, next,
// prefix, include=values, round), checked against go-algorand's handler and API definition, through
// algosdk's getApplicationBoxes and raw HTTP where algosdk cannot send the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { compile, fundedAccount, funder, params, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
let creator: algosdk.Account
let appId: bigint
let note = 0

// no args: approve (padding); "put" name value: box_put; "new" name size: box_create; "del" name: box_del
const APPROVAL = `#pragma version 10
txn NumAppArgs
bz ok
txna ApplicationArgs 0
pushbytes "put"
==
bnz put
txna ApplicationArgs 0
pushbytes "new"
==
bnz new
txna ApplicationArgs 1
box_del
assert
b ok
put:
txna ApplicationArgs 1
txna ApplicationArgs 2
box_put
b ok
new:
txna ApplicationArgs 1
txna ApplicationArgs 2
btoi
box_create
assert
ok:
pushint 1
`

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
const text = (b: Uint8Array): string => new TextDecoder().decode(b)

/** One app call (with `refs` extra empty box references for write quota). */
async function call(args: Uint8Array[], refs = 0): Promise<algosdk.Transaction> {
  const boxes = [{ appIndex: 0, name: args[1] ?? new Uint8Array() }, ...Array.from({ length: refs }, () => ({ appIndex: 0, name: new Uint8Array() }))]
  return algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, appArgs: args, boxes, suggestedParams: await params(d.algod), note: enc(`n${note++}`) })
}

async function put(name: Uint8Array, value: Uint8Array): Promise<void> {
  await send(d.algod, (await call([enc('put'), name, value])).signTxn(creator.sk))
}

async function del(name: Uint8Array): Promise<void> {
  await send(d.algod, (await call([enc('del'), name])).signTxn(creator.sk))
}

/** Raw GET of the listing with a query string: status and parsed body. */
async function raw(query: string, app = appId): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${d.net.algod.url}/v2/applications/${app}/boxes${query}`, { headers: { 'X-Algo-API-Token': d.net.algod.token } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

// names in byte order: "a1" < "a2" < "a3" < "b\x00" < "b\xff" < "c" ; plus the 8-byte int 7 and an address
const NAMES = [enc('a1'), enc('a2'), enc('a3'), new Uint8Array([0x62, 0x00]), new Uint8Array([0x62, 0xff]), enc('c'), algosdk.encodeUint64(7)]
let addrName: Uint8Array

beforeAll(async () => {
  d = await startDropinNet()
  creator = await fundedAccount(d.algod, 100_000_000)
  const sp = await params(d.algod)
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: creator.addr,
    approvalProgram: await compile(d.algod, APPROVAL),
    clearProgram: await compile(d.algod, '#pragma version 10\npushint 1'),
    numGlobalInts: 0,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: sp,
  })
  appId = (await send(d.algod, create.signTxn(creator.sk))).applicationIndex!
  const f = funder()
  await send(d.algod, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: algosdk.getApplicationAddress(appId), amount: 50_000_000, suggestedParams: sp }).signTxn(f.sk))
  addrName = creator.addr.publicKey
  for (const [i, name] of [...NAMES, addrName].entries()) await put(name, enc(`v${i}`))
}, 120_000)

afterAll(async () => {
  await d.stop()
})

const sorted = () => [...NAMES, addrName].map((n) => Buffer.from(n).toString('hex')).sort()
const hexes = (boxes: { name: Uint8Array }[]) => boxes.map((b) => Buffer.from(b.name).toString('hex'))

describe('legacy listing (no pagination parameter)', () => {
  it('lists every name without values, next-token or round', async () => {
    const res = await d.algod.getApplicationBoxes(appId).do()
    expect(hexes(res.boxes).sort()).toEqual(sorted())
    expect(res.boxes.every((b) => b.value === undefined)).toBe(true)
    expect([res.nextToken, res.round]).toEqual([undefined, undefined])
  })

  it('answers "Result limit exceeded" with algod’s data when there are more boxes than max', async () => {
    expect(await raw('?max=2')).toEqual({ status: 400, body: { message: 'Result limit exceeded', data: { 'max-api-box-per-application': 100000, max: 2, 'total-boxes': 8 } } })
  })
})

describe('pagination mode', () => {
  it('pages in byte order with limit and next-token (the last name, b64:), the last page without a token', async () => {
    const seen: string[] = []
    let next: string | undefined
    const { lastRound } = await d.algod.status().do()
    for (let page = 0; page < 10; page++) {
      let req = d.algod.getApplicationBoxes(appId).limit(3)
      if (next) req = req.next(next)
      const res = await req.do()
      expect(BigInt(res.round!)).toBe(lastRound)
      seen.push(...hexes(res.boxes))
      if (res.nextToken) expect(res.nextToken).toBe(`b64:${Buffer.from(res.boxes[res.boxes.length - 1]!.name).toString('base64')}`)
      next = res.nextToken
      if (!next) break
      expect(res.boxes).toHaveLength(3)
    }
    expect(seen).toEqual(sorted())
  })

  it('starts after `next` (exclusive), in any encoding', async () => {
    const res = await d.algod.getApplicationBoxes(appId).next('str:a2').limit(2).do()
    expect(res.boxes.map((b) => text(b.name))).toEqual(['a3', 'b\x00'])
  })

  it('filters by prefix in str:, b64:, int: and addr: forms', async () => {
    // algosdk sends the prefix's bytes as b64:; the other forms go raw
    const list = async (prefix: string) => {
      const { body } = await raw(`?prefix=${encodeURIComponent(prefix)}`)
      return (body.boxes as { name: string }[]).map((b) => Buffer.from(b.name, 'base64').toString('hex'))
    }
    const hex = (...names: Uint8Array[]) => names.map((n) => Buffer.from(n).toString('hex'))
    expect(await list('str:a')).toEqual(hex(enc('a1'), enc('a2'), enc('a3')))
    expect(hexes((await d.algod.getApplicationBoxes(appId).prefix(new Uint8Array([0x62])).do()).boxes)).toEqual(hex(NAMES[3]!, NAMES[4]!))
    expect(await list('int:7')).toEqual(hex(algosdk.encodeUint64(7)))
    expect(await list(`addr:${creator.addr.toString()}`)).toEqual(hex(addrName))
    expect(await list('str:zzz')).toEqual([])
  })

  it('gives values with include=values only', async () => {
    const without = await d.algod.getApplicationBoxes(appId).prefix(enc('a')).do()
    expect(without.boxes.every((b) => b.value === undefined)).toBe(true)
    const withValues = await d.algod.getApplicationBoxes(appId).prefix(enc('a')).include('values').do()
    expect(withValues.boxes.map((b) => [text(b.name), text(b.value!)])).toEqual([
      ['a1', 'v0'],
      ['a2', 'v1'],
      ['a3', 'v2'],
    ])
  })

  it('answers a pinned round as it was, while the node keeps that round’s deltas', async () => {
    const first = await d.algod.getApplicationBoxes(appId).prefix(enc('a')).limit(1).include('values').do()
    const round = BigInt(first.round!)
    await put(enc('a2'), enc('c1'))
    await del(enc('a3'))
    await put(enc('a4'), enc('nw'))
    const rest = await d.algod.getApplicationBoxes(appId).prefix(enc('a')).next(first.nextToken!).round(round).include('values').do()
    expect(rest.boxes.map((b) => [text(b.name), text(b.value!)])).toEqual([
      ['a2', 'v1'],
      ['a3', 'v2'],
    ])
    expect(BigInt(rest.round!)).toBe(round)
    const now = await d.algod.getApplicationBoxes(appId).prefix(enc('a')).include('values').do()
    expect(now.boxes.map((b) => [text(b.name), text(b.value!)])).toEqual([
      ['a1', 'v0'],
      ['a2', 'c1'],
      ['a4', 'nw'],
    ])
    // a few rounds later the node no longer keeps it
    for (let i = 0; i < 5; i++) await put(enc('a4'), enc(`n${i}`))
    expect(await raw(`?round=${round}`)).toEqual({ status: 400, body: { message: 'given round is no longer available; use a more recent round' } })
  })

  it('stops a page before about 1,000,000 bytes of keys and values, always returning one box', async () => {
    // 32 boxes of 32,768 bytes; each call may write as much as its group's box references allow (1,024 each)
    const big = (i: number) => enc(`z${String(i).padStart(2, '0')}`)
    const f = funder()
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: algosdk.getApplicationAddress(appId), amount: 450_000_000, suggestedParams: await params(d.algod), note: enc('big') })
    await send(d.algod, pay.signTxn(f.sk))
    for (let g = 0; g < 8; g++) {
      const txns: algosdk.Transaction[] = []
      for (let i = 0; i < 4; i++) txns.push(await call([enc('new'), big(g * 4 + i), algosdk.encodeUint64(32_768)], 7))
      for (let i = 0; i < 12; i++) txns.push(await call([], 7))
      algosdk.assignGroupID(txns)
      await send(d.algod, ...txns.map((t) => t.signTxn(creator.sk)))
    }
    const res = await d.algod.getApplicationBoxes(appId).prefix(enc('z')).include('values').do()
    // each entry counts its 11-byte key prefix, its 3-byte name and its value: 30 fit under 1,000,000
    expect(res.boxes).toHaveLength(30)
    expect(res.nextToken).toBe(`b64:${Buffer.from(big(29)).toString('base64')}`)
    const rest = await d.algod.getApplicationBoxes(appId).prefix(enc('z')).include('values').next(res.nextToken!).do()
    expect(rest.boxes.map((b) => text(b.name))).toEqual(['z30', 'z31'])
    expect(rest.nextToken).toBeUndefined()
    // names alone are small: all 32 in one page
    expect((await d.algod.getApplicationBoxes(appId).prefix(enc('z')).do()).boxes).toHaveLength(32)
  }, 120_000)

  it('lists nothing for an app that does not exist, as algod does', async () => {
    expect(await raw('?limit=5', 999_999n)).toMatchObject({ status: 200, body: { boxes: [] } })
  })

  const errors: [string, string][] = [
    ['?limit=abc', 'Invalid format for parameter limit: error binding string parameter: strconv.ParseUint: parsing "abc": invalid syntax'],
    ['?limit=-1', 'Invalid format for parameter limit: error binding string parameter: strconv.ParseUint: parsing "-1": invalid syntax'],
    ['?round=x', 'Invalid format for parameter round: error binding string parameter: strconv.ParseUint: parsing "x": invalid syntax'],
    ['?round=999999999', 'given round is greater than the latest round'],
    ['?prefix=nocolon', "invalid prefix: all arguments and box names should be of the form 'encoding:value'"],
    ['?prefix=hex:00', 'invalid prefix: unknown encoding: hex'],
    ['?next=nocolon', "invalid next token: all arguments and box names should be of the form 'encoding:value'"],
    ['?next=int:x', 'invalid next token: strconv.ParseUint: parsing "x": invalid syntax'],
  ]
  for (const [query, message] of errors) {
    it(`refuses ${query} with algod’s text`, async () => {
      expect(await raw(query)).toEqual({ status: 400, body: { message } })
    })
  }
})
