// The indexer v2 API beside algod: through algosdk's Indexer client (and raw HTTP for the error
// texts), over a chain of payments, an asset and an app with boxes, logs and inner transactions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { compile, fundedAccount, funder, params, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
let indexer: algosdk.Indexer
let alice: algosdk.Account
let bob: algosdk.Account
const payIds: string[] = []
let assetId: bigint
let appId: bigint
let appCallId: string
let groupId: Uint8Array

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

// create: approve; opt-in: approve; a call: log "hi", put box "b1", pay the sender 1000 from the app (inner)
const APPROVAL = `#pragma version 10
txn ApplicationID
bz ok
txn OnCompletion
pushint 1
==
bnz ok
pushbytes "hi"
log
pushbytes "b1"
pushbytes "value"
box_put
itxn_begin
pushint 1
itxn_field TypeEnum
txn Sender
itxn_field Receiver
pushint 1000
itxn_field Amount
pushint 0
itxn_field Fee
itxn_submit
ok:
pushint 1
`

async function raw(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(d.net.indexer.url + path)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function pay(from: algosdk.Account, to: algosdk.Address, amount: number, note: string): Promise<string> {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to, amount, note: enc(note), suggestedParams: await params(d.algod) })
  await send(d.algod, txn.signTxn(from.sk))
  return txn.txID()
}

beforeAll(async () => {
  d = await startDropinNet()
  const u = new URL(d.net.indexer.url)
  indexer = new algosdk.Indexer(d.net.indexer.token, `${u.protocol}//${u.hostname}`, u.port)
  alice = await fundedAccount(d.algod, 50_000_000)
  bob = await fundedAccount(d.algod, 50_000_000)
  for (let i = 0; i < 5; i++) payIds.push(await pay(alice, bob.addr, 1000 + i, `idx-pay:${i}`))

  const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.addr, total: 1_000_000n, decimals: 2, defaultFrozen: false, unitName: 'GRV', assetName: 'Grove Test', assetURL: 'https://grove.test', manager: alice.addr, suggestedParams: await params(d.algod) })
  assetId = (await send(d.algod, acfg.signTxn(alice.sk))).assetIndex!
  const optIn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: bob.addr, receiver: bob.addr, amount: 0, assetIndex: assetId, suggestedParams: await params(d.algod) })
  await send(d.algod, optIn.signTxn(bob.sk))
  const xfer = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: bob.addr, amount: 250, assetIndex: assetId, suggestedParams: await params(d.algod) })
  await send(d.algod, xfer.signTxn(alice.sk))

  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: alice.addr,
    approvalProgram: await compile(d.algod, APPROVAL),
    clearProgram: await compile(d.algod, '#pragma version 10\npushint 1'),
    numGlobalInts: 0,
    numGlobalByteSlices: 0,
    numLocalInts: 1,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await params(d.algod),
  })
  appId = (await send(d.algod, create.signTxn(alice.sk))).applicationIndex!
  const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.addr, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: await params(d.algod) })
  await send(d.algod, fund.signTxn(alice.sk))
  const appOptIn = algosdk.makeApplicationOptInTxnFromObject({ sender: bob.addr, appIndex: appId, suggestedParams: await params(d.algod) })
  await send(d.algod, appOptIn.signTxn(bob.sk))
  // a group: a payment and the logging call (with its inner payment)
  const g1 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: bob.addr, receiver: alice.addr, amount: 1, note: enc('grouped'), suggestedParams: await params(d.algod) })
  const g2 = algosdk.makeApplicationNoOpTxnFromObject({ sender: bob.addr, appIndex: appId, boxes: [{ appIndex: 0, name: enc('b1') }], suggestedParams: await params(d.algod, 2000n) })
  const [a, b] = algosdk.assignGroupID([g1, g2])
  groupId = a!.group!
  appCallId = b!.txID()
  await send(d.algod, a!.signTxn(bob.sk), b!.signTxn(bob.sk))
}, 120_000)

afterAll(async () => {
  await d?.stop()
})

describe('health and rounds', () => {
  it('reports the round algod has committed', async () => {
    const status = await d.algod.status().do()
    const health = await indexer.makeHealthCheck().do()
    expect(health.round).toBe(status.lastRound)
    expect(health.dbAvailable).toBe(true)
    expect(health.message).toBe(status.lastRound.toString())
  })
})

describe('transactions', () => {
  it('looks a transaction up by id with its round, time and payment fields', async () => {
    const res = await indexer.lookupTransactionByID(payIds[2]!).do()
    const t = res.transaction
    expect(t.id).toBe(payIds[2])
    expect(t.txType).toBe('pay')
    expect(t.sender).toBe(alice.addr.toString())
    expect(t.paymentTransaction!.receiver).toBe(bob.addr.toString())
    expect(t.paymentTransaction!.amount).toBe(1002n)
    expect(new TextDecoder().decode(t.note)).toBe('idx-pay:2')
    const pending = await d.algod.pendingTransactionInformation(payIds[2]!).do()
    expect(t.confirmedRound).toBe(pending.confirmedRound)
    const block = await d.algod.block(pending.confirmedRound!).do()
    expect(t.roundTime).toBe(Number(block.block.header.timestamp))
    expect(t.genesisId).toBe('dockernet-v1')
    expect(t.signature!.sig).toBeInstanceOf(Uint8Array)
  })

  it('answers an unknown id with 404 and the indexer text', async () => {
    const id = 'A'.repeat(52)
    const res = await raw(`/v2/transactions/${id}`)
    expect(res.status).toBe(404)
    expect(res.body.message).toBe(`no transaction found for transaction id: ${id}`)
  })

  it('searches by note prefix in round order and pages with next tokens', async () => {
    const all = await indexer.searchForTransactions().notePrefix(enc('idx-pay:')).do()
    expect(all.transactions.map((t) => t.id)).toEqual(payIds)
    const seen: string[] = []
    let next: string | undefined
    for (let page = 0; page < 5; page++) {
      let q = indexer.searchForTransactions().notePrefix(enc('idx-pay:')).limit(2)
      if (next) q = q.nextToken(next)
      const res = await q.do()
      seen.push(...res.transactions.map((t) => t.id!))
      next = res.nextToken
      if (res.transactions.length < 2) break
    }
    expect(seen).toEqual(payIds)
  })

  it("lists an account's transactions newest first, by role", async () => {
    const res = await indexer.lookupAccountTransactions(bob.addr).do()
    const rounds = res.transactions.map((t) => t.confirmedRound!)
    expect([...rounds].sort((a, b) => Number(b - a))).toEqual(rounds)
    expect(res.transactions.map((t) => t.id)).toEqual(expect.arrayContaining(payIds))
    const sent = await indexer.searchForTransactions().address(bob.addr).addressRole('sender').do()
    expect(sent.transactions.every((t) => t.sender === bob.addr.toString())).toBe(true)
    expect(sent.transactions.map((t) => t.id)).not.toContain(payIds[0])
    const received = await indexer.searchForTransactions().address(bob.addr).addressRole('receiver').txType('pay').do()
    expect(received.transactions.map((t) => t.id).sort()).toEqual(expect.arrayContaining([...payIds].sort()))
    // one per page, newest first, the pages joined are the whole list
    const paged: string[] = []
    let next: string | undefined
    for (let i = 0; i < 50; i++) {
      let q = indexer.lookupAccountTransactions(bob.addr).limit(1)
      if (next) q = q.nextToken(next)
      const page = await q.do()
      if (page.transactions.length === 0) break
      paged.push(page.transactions[0]!.id!)
      next = page.nextToken
    }
    expect(paged).toEqual(res.transactions.map((t) => t.id))
  })

  it('filters by type, rounds, amounts, group and txid', async () => {
    const first = await indexer.lookupTransactionByID(payIds[0]!).do()
    const last = await indexer.lookupTransactionByID(payIds[4]!).do()
    const inRange = await indexer.searchForTransactions().minRound(first.transaction.confirmedRound!).maxRound(last.transaction.confirmedRound!).txType('pay').do()
    expect(inRange.transactions.map((t) => t.id)).toEqual(payIds)
    const big = await indexer.searchForTransactions().notePrefix(enc('idx-pay:')).currencyGreaterThan(1002).do()
    expect(big.transactions.map((t) => t.id)).toEqual(payIds.slice(3))
    const small = await indexer.searchForTransactions().notePrefix(enc('idx-pay:')).currencyLessThan(1002).do()
    expect(small.transactions.map((t) => t.id)).toEqual(payIds.slice(0, 2))
    // algosdk's client has no group-id setter: the indexer's parameter over HTTP
    const group = await raw(`/v2/transactions?group-id=${encodeURIComponent(algosdk.bytesToBase64(groupId))}`)
    expect((group.body.transactions as { id: string }[]).map((t) => t.id)).toContain(appCallId)
    expect(group.body.transactions).toHaveLength(2)
    const byId = await indexer.searchForTransactions().txid(payIds[1]!).do()
    expect(byId.transactions.map((t) => t.id)).toEqual([payIds[1]])
    const atRound = await indexer.searchForTransactions().round(first.transaction.confirmedRound!).do()
    expect(atRound.transactions.map((t) => t.id)).toEqual([payIds[0]])
    const sig = await indexer.searchForTransactions().sigType('sig').notePrefix(enc('idx-pay:')).do()
    expect(sig.transactions).toHaveLength(5)
    const lsig = await indexer.searchForTransactions().sigType('lsig').do()
    expect(lsig.transactions).toHaveLength(0)
    const future = await indexer.searchForTransactions().afterTime(new Date(Date.now() + 3_600_000).toISOString()).do()
    expect(future.transactions).toHaveLength(0)
    const past = await indexer.searchForTransactions().beforeTime(new Date(Date.now() + 3_600_000).toISOString()).notePrefix(enc('idx-pay:')).do()
    expect(past.transactions).toHaveLength(5)
  })

  it('answers an app call with its logs, inner transactions and created index', async () => {
    const res = await indexer.lookupTransactionByID(appCallId).do()
    const t = res.transaction
    expect(t.logs!.map((l) => new TextDecoder().decode(l))).toEqual(['hi'])
    expect(t.innerTxns).toHaveLength(1)
    expect(t.innerTxns![0]!.paymentTransaction!.amount).toBe(1000n)
    expect(t.applicationTransaction!.applicationId).toBe(appId)
    // a search matching only the inner payment answers its root, once
    const inner = await indexer.searchForTransactions().address(algosdk.getApplicationAddress(appId)).addressRole('sender').do()
    expect(inner.transactions.map((x) => x.id)).toEqual([appCallId])
    const created = await indexer.searchForTransactions().applicationID(appId).txType('appl').do()
    expect(created.transactions[0]!.createdApplicationIndex).toBe(appId)
  })

  it('refuses bad parameters with the indexer texts', async () => {
    const cases: [string, number, string][] = [
      ['/v2/transactions?tx-type=nope', 400, "invalid input: unknown tx-type [valid types: acfg, afrz, appl, axfer, hb, keyreg, pay, stpf]: 'nope'"],
      ['/v2/transactions?round=3&min-round=1', 400, 'invalid input: cannot specify round and min-round/max-round'],
      ['/v2/transactions?min-round=5&max-round=2', 400, 'invalid input: min-round must be less than max-round'],
      ['/v2/transactions?address=NOTANADDRESS', 400, 'invalid input: unable to parse address'],
      ['/v2/transactions?address-role=owner', 400, "invalid input: unknown address role [valid roles: freeze-target, receiver, sender]: 'owner'"],
      ['/v2/transactions?group-id=AAAA', 400, "invalid input: bad length for group ID: 'group-id'"],
      ['/v2/transactions?limit=x', 400, 'Invalid format for parameter limit: error binding string parameter: strconv.ParseUint: parsing "x": invalid syntax'],
      ['/v2/accounts/NOTANADDRESS', 400, 'unable to parse address'],
      [`/v2/accounts/${algosdk.generateAccount().addr}`, 404, 'no accounts found for address'],
      ['/v2/assets/999999', 404, 'no assets found for asset-id: 999999'],
      ['/v2/applications/999999', 404, 'no application found for application-id: 999999'],
      ['/v2/blocks/999999', 404, "error while looking up block for round '999999': block not found"],
    ]
    for (const [path, status, message] of cases) {
      const res = await raw(path)
      expect({ path, status: res.status }).toEqual({ path, status })
      expect(res.body.message as string).toContain(message)
    }
  })
})

describe('accounts', () => {
  it('looks an account up with its holdings, created asset and app, and local state', async () => {
    const res = await indexer.lookupAccountByID(alice.addr).do()
    const algodView = await d.algod.accountInformation(alice.addr).do()
    expect(res.account.amount).toBe(algodView.amount)
    expect(res.account.createdAssets!.map((a) => a.index)).toEqual([assetId])
    expect(res.account.createdApps!.map((a) => a.id)).toEqual([appId])
    expect(res.account.createdAtRound).toBeGreaterThan(0n)
    const bobs = await indexer.lookupAccountByID(bob.addr).exclude('created-apps').do()
    expect(bobs.account.assets!.map((h) => [h.assetId, h.amount])).toEqual([[assetId, 250n]])
    expect(bobs.account.appsLocalState!.map((l) => l.id)).toEqual([appId])
    const bare = await indexer.lookupAccountByID(bob.addr).exclude('all').do()
    expect(bare.account.assets).toBeUndefined()
    expect((await indexer.lookupAccountAssets(bob.addr).do()).assets.map((h) => h.assetId)).toEqual([assetId])
    expect((await indexer.lookupAccountCreatedAssets(alice.addr).do()).assets.map((a) => a.index)).toEqual([assetId])
    expect((await indexer.lookupAccountCreatedApplications(alice.addr).do()).applications.map((a) => a.id)).toEqual([appId])
    expect((await indexer.lookupAccountAppLocalStates(bob.addr).do()).appsLocalStates.map((l) => l.id)).toEqual([appId])
  })

  it('searches accounts by asset, app and balance, paging by address', async () => {
    const holders = await indexer.searchAccounts().assetID(assetId).do()
    expect(holders.accounts.map((a) => a.address).sort()).toEqual([alice.addr.toString(), bob.addr.toString()].sort())
    const over = await indexer.searchAccounts().assetID(assetId).currencyGreaterThan(250).do()
    expect(over.accounts.map((a) => a.address)).toEqual([alice.addr.toString()])
    const opted = await indexer.searchAccounts().applicationID(appId).do()
    expect(opted.accounts.map((a) => a.address)).toEqual([bob.addr.toString()])
    const first = await indexer.searchAccounts().limit(2).do()
    const second = await indexer.searchAccounts().limit(2).nextToken(first.nextToken!).do()
    expect(first.accounts).toHaveLength(2)
    expect(second.accounts[0]!.address).not.toBe(first.accounts[1]!.address)
  })
})

describe('assets', () => {
  it('looks an asset up, searches by name, unit and creator, and lists balances and transactions', async () => {
    const res = await indexer.lookupAssetByID(assetId).do()
    expect(res.asset.params.name).toBe('Grove Test')
    expect(res.asset.params.unitName).toBe('GRV')
    expect(res.asset.params.creator).toBe(alice.addr.toString())
    expect((await indexer.searchForAssets().name('grove').do()).assets.map((a) => a.index)).toEqual([assetId])
    expect((await indexer.searchForAssets().unit('grv').do()).assets.map((a) => a.index)).toEqual([assetId])
    expect((await indexer.searchForAssets().creator(alice.addr).do()).assets.map((a) => a.index)).toEqual([assetId])
    expect((await indexer.searchForAssets().name('nothing').do()).assets).toHaveLength(0)
    const balances = await indexer.lookupAssetBalances(assetId).do()
    const byAddr = Object.fromEntries(balances.balances.map((b) => [b.address, b.amount]))
    expect(byAddr).toEqual({ [alice.addr.toString()]: 1_000_000n - 250n, [bob.addr.toString()]: 250n })
    const txns = await indexer.lookupAssetTransactions(assetId).do()
    expect(txns.transactions.map((t) => t.txType)).toEqual(['acfg', 'axfer', 'axfer'])
    expect(txns.transactions[0]!.createdAssetIndex).toBe(assetId)
    const moved = await indexer.lookupAssetTransactions(assetId).currencyGreaterThan(0).do()
    expect(moved.transactions).toHaveLength(1)
  })
})

describe('applications', () => {
  it('looks an app up, searches by creator, lists boxes, reads a box and its logs', async () => {
    const res = await indexer.lookupApplications(appId).do()
    expect(res.application!.params.creator!.toString()).toBe(alice.addr.toString())
    expect(res.application!.createdAtRound).toBeGreaterThan(0n)
    expect((await indexer.searchForApplications().creator(alice.addr).do()).applications.map((a) => a.id)).toEqual([appId])
    const boxes = await indexer.searchForApplicationBoxes(appId).do()
    expect(boxes.boxes.map((b) => new TextDecoder().decode(b.name))).toEqual(['b1'])
    expect(boxes.applicationId).toBe(appId)
    const box = await indexer.lookupApplicationBoxByIDandName(appId, enc('b1')).do()
    expect(new TextDecoder().decode(box.value)).toBe('value')
    const missing = await raw(`/v2/applications/${appId}/box?name=str:nope`)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toContain('no application boxes found')
    const logs = await indexer.lookupApplicationLogs(appId).do()
    expect(logs.logData!.map((l) => [l.txid, l.logs.map((x) => new TextDecoder().decode(x))])).toEqual([[appCallId, ['hi']]])
    const bySender = await indexer.lookupApplicationLogs(appId).sender(alice.addr.toString()).do()
    expect(bySender.logData ?? []).toHaveLength(0)
  })
})

describe('blocks', () => {
  it('answers a block with its transactions, a header alone, and header searches', async () => {
    const pending = await d.algod.pendingTransactionInformation(appCallId).do()
    const round = pending.confirmedRound!
    const block = await indexer.lookupBlock(round).do()
    const algodBlock = await d.algod.block(round).do()
    expect(block.round).toBe(round)
    expect(BigInt(block.timestamp)).toBe(algodBlock.block.header.timestamp)
    expect(block.seed).toEqual(algodBlock.block.header.seed)
    expect(block.previousBlockHash).toEqual(algodBlock.block.header.branch)
    expect(block.transactions!.map((t) => t.id)).toContain(appCallId)
    const header = await indexer.lookupBlock(round).headerOnly(true).do()
    expect(header.transactions ?? []).toHaveLength(0)
    const headers = await indexer.searchForBlockHeaders().minRound(1).limit(3).do()
    expect(headers.blocks.map((b) => b.round)).toEqual([1n, 2n, 3n])
    const more = await indexer.searchForBlockHeaders().limit(3).nextToken(headers.nextToken!).do()
    expect(more.blocks[0]!.round).toBe(4n)
  })
})

describe('following algod', () => {
  it('has every committed transaction as soon as the submit answers', async () => {
    const f = funder()
    for (let i = 0; i < 3; i++) {
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: bob.addr, amount: 1, note: enc(`now:${i}`), suggestedParams: await params(d.algod) })
      await d.algod.sendRawTransaction(txn.signTxn(f.sk)).do()
      const found = await indexer.lookupTransactionByID(txn.txID()).do()
      expect(found.transaction.id).toBe(txn.txID())
    }
  })
})
