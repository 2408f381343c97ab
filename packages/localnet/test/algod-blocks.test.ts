// /v2/blocks/{round}'s msgpack bytes, /hash, /txids, /transactions/{txid}/proof, light headers, state proofs,
// /v2/ledger/supply, the header's txn counter and algod's required zero fields, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { FEE_SINK, REWARDS_POOL, genesisAccounts, genesisAllocation } from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'
import { base32Decode, hash, proofRoot, type ProofHash } from './txn-proof.ts'

let net: Localnet
let algod: algosdk.Algodv2

const funder = genesisAccounts()[0] as { address: string; secretKey: Uint8Array }
const enc = new TextEncoder()

async function get(path: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(net.algod.url + path, { headers: { 'X-Algo-API-Token': net.algod.token } })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

/** Sends a group of payments and returns their ids and round. */
async function payGroup(n: number): Promise<{ ids: string[]; round: bigint }> {
  const sp = await algod.getTransactionParams().do()
  const txns = Array.from({ length: n }, (_, i) => algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: i + 1, suggestedParams: sp }))
  if (n > 1) algosdk.assignGroupID(txns)
  await algod.sendRawTransaction(txns.map((t) => t.signTxn(funder.secretKey))).do()
  const info = await algosdk.waitForConfirmation(algod, txns[0].txID(), 2)
  return { ids: txns.map((t) => t.txID()), round: info.confirmedRound as bigint }
}

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  algod = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
})

afterAll(async () => {
  await net.stop()
})

// these run first, while the chain is at round 0
describe('required zero fields', () => {
  it('sends last-round 0 in /v2/status at genesis', async () => {
    const { json } = await get('/v2/status')
    expect(json['last-round']).toBe(0)
    expect(json['catchup-time']).toBe(0)
    expect(json['stopped-at-unsupported-round']).toBe(false)
  })

  it('sends fee 0 and last-round 0 in /v2/transactions/params at genesis', async () => {
    const { json } = await get('/v2/transactions/params')
    expect(json).toMatchObject({ fee: 0, 'last-round': 0, 'min-fee': 1000 })
  })

  it('sends the zero totals of an unknown account', async () => {
    const { json } = await get(`/v2/accounts/${algosdk.generateAccount().addr.toString()}`)
    expect(json).toMatchObject({ amount: 0, 'min-balance': 100000, 'pending-rewards': 0, rewards: 0, 'total-apps-opted-in': 0, 'total-created-assets': 0 })
  })

  it('sends an empty pool as top-transactions [] and total-transactions 0', async () => {
    const { json } = await get('/v2/transactions/pending')
    expect(json).toEqual({ 'top-transactions': [], 'total-transactions': 0 })
  })
})

describe('block response', () => {
  async function msgpackBody(path: string): Promise<Uint8Array> {
    const res = await fetch(net.algod.url + path, { headers: { 'X-Algo-API-Token': net.algod.token } })
    expect(res.headers.get('content-type')).toBe('application/msgpack')
    return new Uint8Array(await res.arrayBuffer())
  }

  it("wraps the block's own canonical bytes in algod's one-entry {block} map, whole or header only", async () => {
    const { round } = await payGroup(2)
    for (const [query, entries] of [['format=msgpack', 2], ['format=msgpack&header-only=true', 0]] as const) {
      const body = await msgpackBody(`/v2/blocks/${round}?${query}`)
      expect([...(algosdk.msgpackRawDecodeAsMap(body) as Map<unknown, unknown>).keys()]).toEqual(['block'])
      expect(body.subarray(0, 7)).toEqual(new Uint8Array([0x81, 0xa5, ...enc.encode('block')]))
      const inner = body.subarray(7)
      const block = algosdk.decodeMsgpack(inner, algosdk.Block)
      expect(algosdk.encodeMsgpack(block)).toEqual(inner)
      expect(block.header.round).toBe(round)
      expect(block.payset.length).toBe(entries)
    }
  })

  it("sends as the header-only block the very bytes the block's hash is taken over", async () => {
    const { round } = await payGroup(1)
    const header = (await msgpackBody(`/v2/blocks/${round}?format=msgpack&header-only=true`)).subarray(7)
    const { json } = await get(`/v2/blocks/${round}/hash`)
    expect(base32Decode(json.blockHash as string)).toEqual(hash('sha512-256', enc.encode('BH'), header))
  })
})

describe('block hash and txids', () => {
  it("answers a block's hash as the next header's branch", async () => {
    const { round } = await payGroup(1)
    const { json } = await get(`/v2/blocks/${round}/hash`)
    const { round: next } = await payGroup(1)
    const block = await algod.block(next).do()
    expect(next).toBe(round + 1n)
    expect(base32Decode(json.blockHash as string)).toEqual(block.block.header.branch)
  })

  it('lists the ids of a group in payset order', async () => {
    const { ids, round } = await payGroup(3)
    expect((await get(`/v2/blocks/${round}/txids`)).json).toEqual({ blockTxids: ids })
  })

  it('writes addresses as text and the branch as blk- in a JSON block, as go-codec does', async () => {
    const { round } = await payGroup(1)
    const { json } = await get(`/v2/blocks/${round}?format=json`)
    const block = json.block as { fees: string; prev: string; txns: { txn: { snd: string; rcv: string } }[] }
    expect(block.fees).toBe(FEE_SINK)
    expect(block.prev).toMatch(/^blk-[A-Z2-7]{52}$/)
    expect(block.txns[0].txn.snd).toBe(funder.address)
    expect(block.txns[0].txn.rcv).toBe(funder.address)
  })

  it('answers a round beyond the tip with 404', async () => {
    expect(await get('/v2/blocks/999999/hash')).toEqual({ status: 404, json: { message: 'failed to retrieve information from the ledger' } })
  })
})

describe('transaction proofs', () => {
  function verify(txid: string, proof: Record<string, unknown>, root: Uint8Array, type: ProofHash, leafId: Uint8Array): void {
    const bytes = { proof: algosdk.base64ToBytes(proof.proof as string), stibhash: algosdk.base64ToBytes(proof.stibhash as string), treedepth: proof.treedepth as number, idx: proof.idx as number }
    expect(algosdk.encodeAddress(proofRoot(bytes, leafId, type)), txid).toBe(algosdk.encodeAddress(root))
  }

  it('proves every transaction of a group against the header txn commitment', async () => {
    const { ids, round } = await payGroup(3)
    const header = (await algod.block(round).do()).block.header
    for (const [i, id] of ids.entries()) {
      const { status, json } = await get(`/v2/blocks/${round}/transactions/${id}/proof`)
      expect(status).toBe(200)
      expect(json).toMatchObject({ idx: i, treedepth: 2, hashtype: 'sha512_256' })
      verify(id, json, header.txnCommitments.nativeSha512_256Commitment, 'sha512-256', base32Decode(id))
    }
  })

  it('proves a transaction against the txn256 vector commitment', async () => {
    const { ids, round } = await payGroup(3)
    const block = (await algod.block(round).do()).block
    const txn = (await algod.pendingTransactionInformation(ids[2]).do()).txn.txn
    const { json } = await get(`/v2/blocks/${round}/transactions/${ids[2]}/proof?hashtype=sha256`)
    expect(json).toMatchObject({ idx: 2, treedepth: 2, hashtype: 'sha256' })
    verify(ids[2], json, block.header.txnCommitments.sha256Commitment, 'sha256', hash('sha256', enc.encode('TX'), algosdk.encodeMsgpack(txn)))
  })

  it('commits an empty block to zeros (txn) and the bottom leaf (txn256)', async () => {
    const header = (await algod.block(0).do()).block.header
    expect(header.txnCommitments.nativeSha512_256Commitment).toEqual(new Uint8Array(32))
    expect(header.txnCommitments.sha256Commitment).toEqual(hash('sha256', enc.encode('MB')))
  })

  const refusals: { name: string; path: (round: bigint, id: string) => string; status: number; message: string }[] = [
    { name: 'a malformed txid', path: (r) => `/v2/blocks/${r}/transactions/NOTATXID/proof`, status: 400, message: 'no valid transaction ID was specified' },
    { name: 'an unknown hash type', path: (r, id) => `/v2/blocks/${r}/transactions/${id}/proof?hashtype=md5`, status: 400, message: 'invalid hash type' },
    { name: 'a round past the tip (algod: 500)', path: (r, id) => `/v2/blocks/${r + 1000n}/transactions/${id}/proof`, status: 404, message: 'failed to retrieve information from the ledger' },
    { name: 'a txid not in the block', path: (r, id) => `/v2/blocks/${r - 1n}/transactions/${id}/proof`, status: 404, message: 'could not find the transaction in the transaction pool or in the last 1000 confirmed rounds' },
  ]
  for (const c of refusals) {
    it(`answers ${c.name} with ${c.status}`, async () => {
      const { ids, round } = await payGroup(1)
      expect(await get(c.path(round, ids[0]))).toEqual({ status: c.status, json: { message: c.message } })
    })
  }
})

describe('state proofs in dev mode', () => {
  for (const path of ['/v2/blocks/1/lightheader/proof', '/v2/stateproofs/1']) {
    it(`answers ${path} with 404: no state proof`, async () => {
      expect(await get(path)).toEqual({ status: 404, json: { message: 'no state proof can be found for that round' } })
    })
    it(`answers ${path.replace('/1', '/99999')} beyond the tip with 400 and algod's text (algod: 500)`, async () => {
      expect(await get(path.replace('/1', '/99999'))).toEqual({ status: 400, json: { message: 'given round is greater than the latest round' } })
    })
  }
})

describe('txn counter', () => {
  it('counts every transaction of a group in the header tc', async () => {
    const { round } = await payGroup(1)
    const before = (await algod.block(round).do()).block.header.txnCounter
    const { round: next } = await payGroup(4)
    expect((await algod.block(next).do()).block.header.txnCounter).toBe(before + 4n)
  })

  it('counts inner transactions too, and ids follow the counter', async () => {
    const approval = assemble('#pragma version 10\ntxn ApplicationID\nbz ok\nitxn_begin\npushint 1\nitxn_field TypeEnum\ntxn Sender\nitxn_field Receiver\nitxn_submit\nok:\npushint 1').program as Uint8Array
    const clear = assemble('#pragma version 10\npushint 1').program as Uint8Array
    const { round } = await payGroup(1)
    const tc = (await algod.block(round).do()).block.header.txnCounter
    const sp = await algod.getTransactionParams().do()
    const create = algosdk.makeApplicationCreateTxnFromObject({ sender: funder.address, approvalProgram: approval, clearProgram: clear, numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp })
    await algod.sendRawTransaction(create.signTxn(funder.secretKey)).do()
    const created = await algosdk.waitForConfirmation(algod, create.txID(), 2)
    // go hands out txnCounter + 1 to what a transaction creates
    expect(created.applicationIndex).toBe(tc + 1n)
    const appId = created.applicationIndex as bigint
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: sp })
    await algod.sendRawTransaction(fund.signTxn(funder.secretKey)).do()
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: appId, suggestedParams: { ...sp, flatFee: true, fee: 2000n } })
    await algod.sendRawTransaction(call.signTxn(funder.secretKey)).do()
    const info = await algosdk.waitForConfirmation(algod, call.txID(), 2)
    const header = (await algod.block(info.confirmedRound as bigint).do()).block.header
    expect(header.txnCounter).toBe(tc + 4n)
  })

  it('collects the fees of inner transactions too in the header fc', async () => {
    const approval = assemble('#pragma version 10\ntxn ApplicationID\nbz ok\nitxn_begin\npushint 1\nitxn_field TypeEnum\ntxn Sender\nitxn_field Receiver\npushint 1000\nitxn_field Fee\nitxn_submit\nok:\npushint 1').program as Uint8Array
    const clear = assemble('#pragma version 10\npushint 1').program as Uint8Array
    const sp = await algod.getTransactionParams().do()
    const create = algosdk.makeApplicationCreateTxnFromObject({ sender: funder.address, approvalProgram: approval, clearProgram: clear, numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp })
    await algod.sendRawTransaction(create.signTxn(funder.secretKey)).do()
    const appId = (await algosdk.waitForConfirmation(algod, create.txID(), 2)).applicationIndex as bigint
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: sp })
    await algod.sendRawTransaction(fund.signTxn(funder.secretKey)).do()
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: appId, suggestedParams: sp })
    await algod.sendRawTransaction(call.signTxn(funder.secretKey)).do()
    const round = (await algosdk.waitForConfirmation(algod, call.txID(), 2)).confirmedRound as bigint
    expect((await algod.block(round).do()).block.header.feesCollected).toBe(2000n)
  })

  it('starts at 1000 in the genesis header', async () => {
    expect((await algod.block(0).do()).block.header.txnCounter).toBe(1000n)
  })
})

describe('supply', () => {
  it('reports the participating money, less the fee sink, and drops by the fees paid', async () => {
    const genesisTotal = [...genesisAllocation().values()].reduce((n, a) => n + BigInt(a), 0n)
    const first = await algod.supply().do()
    const sink = (await algod.accountInformation(FEE_SINK).do()).amount
    const rewardsPool = (await algod.accountInformation(REWARDS_POOL).do()).amount
    expect(first.totalMoney).toBe(genesisTotal - sink - rewardsPool)
    // the genesis wallets are online (AlgoKit LocalNet's template)
    let wallets = 0n
    for (const a of genesisAccounts()) wallets += (await algod.accountInformation(a.address).do()).amount
    expect(first.onlineMoney).toBe(wallets)
    await payGroup(1)
    const second = await algod.supply().do()
    expect(second.totalMoney).toBe(first.totalMoney - 1000n)
    expect(second.currentRound).toBe(first.currentRound + 1n)
  })
})
