// /v2/deltas/{round}, /v2/deltas/{round}/txn/group and /v2/deltas/txn/group/{id} over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { FEE_SINK, genesisAccounts } from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'

let net: Localnet
let algod: algosdk.Algodv2

const funder = genesisAccounts()[0] as { address: string; secretKey: Uint8Array }
type Delta = Map<string, unknown>

/** A 32-byte digest as go prints it: base32 without padding (the 52 characters of a txid). */
function digestString(d: Uint8Array): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of d) {
    value = ((value << 8) | byte) & 0xffff
    bits += 8
    while (bits >= 5) {
      out += A[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return bits > 0 ? out + A[(value << (5 - bits)) & 31] : out
}

async function fetchDelta(path: string): Promise<{ status: number; delta?: Delta; json?: Record<string, unknown> }> {
  const res = await fetch(`${net.algod.url}${path}${path.includes('?') ? '&' : '?'}format=msgpack`, { headers: { 'X-Algo-API-Token': net.algod.token } })
  const body = new Uint8Array(await res.arrayBuffer())
  if (res.status !== 200) return { status: res.status, json: JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown> }
  return { status: 200, delta: algosdk.msgpackRawDecodeAsMap(body) as Delta }
}

async function getJSON(path: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(net.algod.url + path, { headers: { 'X-Algo-API-Token': net.algod.token } })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

async function send(txns: algosdk.Transaction[]): Promise<bigint> {
  if (txns.length > 1) algosdk.assignGroupID(txns)
  await algod.sendRawTransaction(txns.map((t) => t.signTxn(funder.secretKey))).do()
  const info = await algosdk.waitForConfirmation(algod, txns[0].txID(), 2)
  return info.confirmedRound as bigint
}

function accountsOf(delta: Delta): Map<string, Delta> {
  const recs = (delta.get('Accts') as Delta).get('Accts') as Delta[]
  return new Map(recs.map((r) => [algosdk.encodeAddress(r.get('Addr') as Uint8Array), r]))
}

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  algod = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
})

afterAll(async () => {
  await net.stop()
})

describe('round deltas', () => {
  it('lists the accounts a payment changed with their new balances, its txid and the header', async () => {
    const receiver = algosdk.generateAccount().addr.toString()
    const sp = await algod.getTransactionParams().do()
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver, amount: 200_000, suggestedParams: sp })
    const round = await send([pay])
    const { status, delta } = await fetchDelta(`/v2/deltas/${round}`)
    expect(status).toBe(200)
    const accts = accountsOf(delta!)
    expect([...accts.keys()].sort()).toEqual([funder.address, receiver, FEE_SINK].sort())
    expect(accts.get(receiver)?.get('MicroAlgos')).toBe(200_000n)
    expect(accts.get(funder.address)?.get('MicroAlgos')).toBe((await algod.accountInformation(funder.address).do()).amount)
    const txids = delta!.get('Txids') as Map<Uint8Array, Delta>
    expect([...txids.keys()].map(digestString)).toEqual([pay.txID()])
    expect((delta!.get('Hdr') as Delta).get('rnd')).toBe(round)
    expect(delta!.get('StateProofNext')).toBe(0n)
  })

  it('records a created asset as a creatable with its params and the creator holding', async () => {
    const sp = await algod.getTransactionParams().do()
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: funder.address, total: 500, decimals: 0, defaultFrozen: false, unitName: 'GRV', suggestedParams: sp })
    const round = await send([create])
    const id = (await algod.pendingTransactionInformation(create.txID()).do()).assetIndex as bigint
    const { delta } = await fetchDelta(`/v2/deltas/${round}`)
    const creatable = (delta!.get('Creatables') as Map<unknown, Delta>).get(id)
    expect(creatable?.get('Ctype')).toBe(0n)
    expect(creatable?.get('Created')).toBe(true)
    const res = ((delta!.get('Accts') as Delta).get('AssetResources') as Delta[])[0]
    expect(algosdk.encodeAddress(res.get('Addr') as Uint8Array)).toBe(funder.address)
    expect(((res.get('Params') as Delta).get('Params') as Delta).get('un')).toBe('GRV')
    expect(((res.get('Holding') as Delta).get('Holding') as Delta).get('a')).toBe(500n)
  })

  it('records a box write in KvMods under its bx: key with old and new data', async () => {
    const approval = assemble('#pragma version 10\ntxn ApplicationID\nbz ok\npushbytes "b"\npushbytes "hello"\nbox_put\nok:\npushint 1').program as Uint8Array
    const clear = assemble('#pragma version 10\npushint 1').program as Uint8Array
    const sp = await algod.getTransactionParams().do()
    const create = algosdk.makeApplicationCreateTxnFromObject({ sender: funder.address, approvalProgram: approval, clearProgram: clear, numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp })
    await send([create])
    const appId = (await algod.pendingTransactionInformation(create.txID()).do()).applicationIndex as bigint
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: sp })
    await send([fund])
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: appId, boxes: [{ appIndex: 0, name: new TextEncoder().encode('b') }], suggestedParams: sp })
    const round = await send([call])
    const { delta } = await fetchDelta(`/v2/deltas/${round}`)
    const kv = delta!.get('KvMods') as Map<string, Delta>
    const key = 'bx:' + String.fromCharCode(...algosdk.encodeUint64(appId)) + 'b'
    expect(kv.get(key)?.get('Data')).toEqual(new TextEncoder().encode('hello'))
    expect(kv.get(key)?.get('OldData')).toBeNull()
  })

  it('answers JSON with Txleases null', async () => {
    const status = await algod.status().do()
    const { status: code, json } = await getJSON(`/v2/deltas/${status.lastRound}`)
    expect(code).toBe(200)
    expect(json.Txleases).toBeNull()
    const accts = (json.Accts as { Accts: { Addr: string }[] }).Accts
    expect(accts.map((a) => a.Addr)).toContain(funder.address)
    expect((json.Hdr as { fees: string }).fees).toBe(FEE_SINK)
  })
})

describe('group deltas', () => {
  it('finds a group by txid and by group id, and lists it for its round', async () => {
    const sp = await algod.getTransactionParams().do()
    const txns = [1, 2].map((amount) => algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount, suggestedParams: sp }))
    const round = await send(txns)
    const gid = digestString(txns[0].group!)
    const byTxid = await fetchDelta(`/v2/deltas/txn/group/${txns[1].txID()}`)
    const byGroup = await fetchDelta(`/v2/deltas/txn/group/${gid}`)
    expect(byTxid.status).toBe(200)
    expect(byGroup.delta).toEqual(byTxid.delta)
    expect(byTxid.delta?.has('StateProofNext')).toBe(false)
    const forRound = await fetchDelta(`/v2/deltas/${round}/txn/group`)
    const entry = (forRound.delta!.get('Deltas') as Delta[])[0]
    expect(entry.get('Ids')).toEqual([gid, txns[0].txID(), txns[1].txID()])
  })

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = 'A'.repeat(52)
    expect(await getJSON(`/v2/deltas/txn/group/${unknown}`)).toEqual({ status: 404, json: { message: `failed retrieving State Delta: unable to find delta for id: ${unknown}` } })
    expect(await getJSON('/v2/deltas/txn/group/xyz')).toEqual({ status: 400, json: { message: 'no valid transaction ID was specified' } })
  })
})

describe('kept rounds', () => {
  it('refuses rounds the trackers flushed and rounds not yet made with 404', async () => {
    const sp = await algod.getTransactionParams().do()
    for (let i = 0; i < 5; i++) await send([algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: i, suggestedParams: sp })])
    const latest = (await algod.status().do()).lastRound
    const db = latest - 4n
    expect(await getJSON('/v2/deltas/1')).toEqual({ status: 404, json: { message: `failed retrieving State Delta: round 1 before dbRound ${db}` } })
    expect(await getJSON(`/v2/deltas/${latest + 1n}`)).toEqual({ status: 404, json: { message: `failed retrieving State Delta: round ${latest + 1n} too high: dbRound ${db}, deltas 4` } })
    expect((await fetchDelta(`/v2/deltas/${latest}`)).status).toBe(200)
  })
})
