import { afterEach, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { GENESIS_ACCOUNT_BALANCE, genesisAccounts } from '@grove/ledger'
import { startLocalnet, type Localnet } from '../src/start-localnet.ts'

const [alice, bob] = genesisAccounts()
const enc = new TextEncoder()
const cleanup: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f()
})

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-persistence-'))
  cleanup.push(() => fs.rmSync(d, { recursive: true, force: true }))
  return d
}

async function start(dataDir: string, reset = false): Promise<{ net: Localnet; algod: algosdk.Algodv2 }> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir, reset })
  cleanup.push(() => net.stop())
  const url = new URL(net.algod.url)
  return { net, algod: new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port) }
}

/** GET (or POST) on algod, returning status and raw bytes. */
async function raw(net: Localnet, p: string, method = 'GET'): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(net.algod.url + p, { method, headers: { 'X-Algo-API-Token': net.algod.token } })
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) }
}

function program(src: string): Uint8Array {
  const r = assemble(src)
  if (r.program === undefined) throw new Error('assembly failed')
  return r.program
}

// create: global n = 0; opt-in: local l = 7; call: box "b1" = arg 0, n += 1
const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn OnCompletion
int OptIn
==
bnz optin
byte "b1"
txna ApplicationArgs 0
box_put
byte "n"
byte "n"
app_global_get
int 1
+
app_global_put
int 1
return
create:
byte "n"
int 0
app_global_put
int 1
return
optin:
int 0
byte "l"
int 7
app_local_put
int 1
return`

async function send(algod: algosdk.Algodv2, txn: algosdk.Transaction, signer: { secretKey: Uint8Array }): Promise<algosdk.modelsv2.PendingTransactionResponse> {
  const { txid } = await algod.sendRawTransaction(txn.signTxn(signer.secretKey)).do()
  return algosdk.waitForConfirmation(algod, txid, 2)
}

/** Payments, an asset with a holder, an app with global and local state and a box, and a time offset. */
async function history(net: Localnet, algod: algosdk.Algodv2): Promise<{ paths: string[]; txIds: string[] }> {
  const sp = (): Promise<algosdk.SuggestedParams> => algod.getTransactionParams().do()
  const carol = algosdk.generateAccount().addr.toString()
  const txIds: string[] = []
  const payment = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: carol, amount: 2_000_000, suggestedParams: await sp() })
  await send(algod, payment, alice)
  const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.address, total: 500, decimals: 0, defaultFrozen: false, unitName: 'GRV', assetName: 'Grove', manager: alice.address, suggestedParams: await sp() })
  const assetId = (await send(algod, acfg, alice)).assetIndex!
  await send(algod, algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: bob.address, amount: 0, assetIndex: assetId, suggestedParams: await sp() }), bob)
  await send(algod, algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 40, assetIndex: assetId, suggestedParams: await sp() }), alice)
  expect((await raw(net, '/v2/devmode/blocks/offset/7200', 'POST')).status).toBe(200)
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: alice.address, approvalProgram: program(APPROVAL), clearProgram: program('#pragma version 10\nint 1'),
    numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 1, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: await sp(),
  })
  const appId = (await send(algod, create, alice)).applicationIndex!
  const appAddr = algosdk.getApplicationAddress(appId).toString()
  await send(algod, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: appAddr, amount: 1_000_000, suggestedParams: await sp() }), alice)
  await send(algod, algosdk.makeApplicationOptInTxnFromObject({ sender: bob.address, appIndex: appId, suggestedParams: await sp() }), bob)
  const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: alice.address, appIndex: appId, appArgs: [enc.encode('kept')], boxes: [{ appIndex: appId, name: enc.encode('b1') }], suggestedParams: await sp() })
  await send(algod, call, alice)
  txIds.push(payment.txID(), acfg.txID(), create.txID(), call.txID())
  const last = (await algod.status().do()).lastRound
  const paths = [
    '/v2/devmode/blocks/offset',
    ...[alice.address, bob.address, carol, appAddr].map((a) => `/v2/accounts/${a}`),
    `/v2/accounts/${bob.address}/assets/${assetId}`,
    `/v2/accounts/${bob.address}/applications/${appId}`,
    `/v2/assets/${assetId}`,
    `/v2/applications/${appId}`,
    `/v2/applications/${appId}/boxes`,
    `/v2/applications/${appId}/box?name=str:b1`,
    ...txIds.map((id) => `/v2/transactions/pending/${id}?format=msgpack`),
    ...Array.from({ length: Number(last) + 1 }, (_, r) => `/v2/blocks/${r}?format=msgpack`),
    `/v2/blocks/${last}?format=msgpack&header-only=true`,
  ]
  return { paths, txIds }
}

/** Each path's status and exact response bytes. */
async function responses(net: Localnet, paths: string[]): Promise<string[]> {
  return Promise.all(paths.map(async (p) => {
    const r = await raw(net, p)
    return `${p} ${r.status} ${r.body.toString('hex')}`
  }))
}

describe('persistence across restarts', () => {
  it('answers every read with the same bytes after a restart: accounts, assets, apps, local state, boxes, blocks, transactions, offset', async () => {
    const dir = tempDir()
    const first = await start(dir)
    const h = await history(first.net, first.algod)
    const before = await responses(first.net, h.paths)
    const lastRound = (await first.algod.status().do()).lastRound
    expect(before.every((r) => r.split(' ')[1] === '200')).toBe(true)
    await first.net.stop()

    const second = await start(dir)
    expect((await second.algod.status().do()).lastRound).toBe(lastRound)
    expect(await responses(second.net, h.paths)).toEqual(before)
    // nothing is pending after a restart: every acknowledged group was committed as its block
    expect(await second.algod.pendingTransactionsInformation().do()).toMatchObject({ topTransactions: [], totalTransactions: 0 })
    expect((await second.algod.getBlockOffsetTimestamp().do()).offset).toBe(7200)
  })

  it('rejects a transaction committed before the restart as already in the ledger', async () => {
    const dir = tempDir()
    const first = await start(dir)
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 5, suggestedParams: await first.algod.getTransactionParams().do() })
    const signed = txn.signTxn(alice.secretKey)
    await first.algod.sendRawTransaction(signed).do()
    await first.net.stop()

    const second = await start(dir)
    await expect(second.algod.sendRawTransaction(signed).do()).rejects.toThrow(`Received status 400 (Bad Request): TransactionPool.Remember: transaction already in ledger: ${txn.txID()}`)
    expect((await second.algod.status().do()).lastRound).toBe(1n)
  })

  it('keeps building on the restored chain', async () => {
    const dir = tempDir()
    const first = await start(dir)
    const sp = await first.algod.getTransactionParams().do()
    await send(first.algod, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 7, suggestedParams: sp }), alice)
    await first.net.stop()

    const second = await start(dir)
    const sp2 = await second.algod.getTransactionParams().do()
    const confirmed = await send(second.algod, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: alice.address, amount: 9, suggestedParams: sp2 }), bob)
    expect(confirmed.confirmedRound).toBe(2n)
    // the new block links to the replayed one: branch = SHA512/256("BH" ‖ previous header)
    const prev = (await second.algod.block(1).do()).block.header
    const next = (await second.algod.block(2).do()).block.header
    expect(Buffer.from(next.branch).toString('hex')).toBe(createHash('sha512-256').update('BH').update(algosdk.encodeMsgpack(prev)).digest('hex'))
  })

  it('starts afresh from genesis with reset', async () => {
    const dir = tempDir()
    const first = await start(dir)
    await send(first.algod, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1_000, suggestedParams: await first.algod.getTransactionParams().do() }), alice)
    await first.net.stop()

    const second = await start(dir, true)
    expect((await second.algod.status().do()).lastRound).toBe(0n)
    expect((await second.algod.accountInformation(alice.address).do()).amount).toBe(GENESIS_ACCOUNT_BALANCE)
    // a fresh chain has no dev-mode offset: algod answers 404 until one is set
    await expect(second.algod.getBlockOffsetTimestamp().do()).rejects.toThrow(/block timestamp offset was never set/)
  })
})
