// The indexer follows the ledger's commits: a commit that is undone (a failed log write or flush)
// leaves nothing indexed, and a restart rebuilds the same answers from the stored blocks.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { genesisAccounts, openNode } from '@grove/ledger'
import type { CommitStage, Node } from '@grove/ledger'
import { createIndexerListener } from '../src/indexer/server.ts'
import { listen, type RunningServer } from '../src/server.ts'
import { startLocalnet } from '../src/start-localnet.ts'

const alice = genesisAccounts()[0]!
const bob = genesisAccounts()[1]!
const dirs: string[] = []
const servers: RunningServer[] = []

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-indexer-'))
  dirs.push(d)
  return d
}

function client(url: string): algosdk.Indexer {
  const u = new URL(url)
  return new algosdk.Indexer('', `${u.protocol}//${u.hostname}`, u.port)
}

function payment(node: Node, note: string): Uint8Array {
  const sp = node.suggestedParams()
  const suggestedParams = { fee: 1000n, flatFee: true, minFee: 1000n, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisHash: sp.genesisHash, genesisID: sp.genesisId }
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1, note: new TextEncoder().encode(note), suggestedParams }).signTxn(alice.secretKey)
}

const txid = (signed: Uint8Array): string => algosdk.decodeSignedTransaction(signed).txn.txID()

describe('an undone commit', () => {
  it.each(['log', 'flush'] as CommitStage[])('leaves nothing indexed when the %s stage fails', async (stage) => {
    let armed: CommitStage | undefined
    const node = openNode({ dataDir: dataDir(), fault: (s) => {
      if (s === armed) throw new Error(`injected ${s} fault`)
    } })
    const front = createIndexerListener(node)
    const server = await listen(front.listener, 0)
    servers.push(server)
    const indexer = client(server.url)

    const kept = payment(node, 'kept')
    await node.submit(kept).durable
    armed = stage
    const lost = payment(node, 'lost')
    const refused = (async () => node.submit(lost).durable)()
    await expect(refused).rejects.toThrow()
    armed = undefined

    expect(front.store.round()).toBe(node.lastRound())
    expect((await indexer.makeHealthCheck().do()).round).toBe(1n)
    await expect(indexer.lookupTransactionByID(txid(lost)).do()).rejects.toThrow(/no transaction found/)
    expect((await indexer.searchForTransactions().notePrefix(new TextEncoder().encode('lost')).do()).transactions).toHaveLength(0)
    const search = await indexer.searchForTransactions().address(bob.address).do()
    expect(search.transactions.map((t) => t.id)).toEqual([txid(kept)])

    // the round the lost block had goes to the next block, and the indexer has that one
    const next = payment(node, 'next')
    await node.submit(next).durable
    const found = await indexer.lookupTransactionByID(txid(next)).do()
    expect(found.transaction.confirmedRound).toBe(2n)
    expect((await indexer.searchForTransactions().address(bob.address).do()).transactions.map((t) => t.id)).toEqual([txid(next), txid(kept)])
    front.close()
    await node.close()
  })

  it('undoes every block of a shared flush that fails', async () => {
    let armed = true
    const node = openNode({ dataDir: dataDir(), fault: (s) => {
      if (armed && s === 'flush') throw new Error('injected flush fault')
    } })
    const front = createIndexerListener(node)
    const first = node.submit(payment(node, 'a')).durable
    const second = node.submit(payment(node, 'b')).durable
    // both are indexed while they are the chain's tip
    expect(front.store.round()).toBe(2n)
    await expect(first).rejects.toThrow(/ledger storage failed/)
    await expect(second).rejects.toThrow(/ledger storage failed/)
    expect(front.store.round()).toBe(0n)
    expect(front.store.rowCount).toBe(0)
    expect(front.store.byNote).toHaveLength(0)
    expect(front.store.byAddress.get(bob.address)).toBeUndefined()
    armed = false
    front.close()
    await node.close()
  })

  it('leaves an account open when its close is lost', async () => {
    let armed = false
    const node = openNode({ dataDir: dataDir(), fault: (s) => {
      if (armed && s === 'flush') throw new Error('injected flush fault')
    } })
    const front = createIndexerListener(node)
    const server = await listen(front.listener, 0)
    servers.push(server)
    const indexer = client(server.url)
    const carol = algosdk.generateAccount()
    const sp = node.suggestedParams()
    const suggestedParams = { fee: 1000n, flatFee: true, minFee: 1000n, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisHash: sp.genesisHash, genesisID: sp.genesisId }
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: carol.addr, amount: 1_000_000, suggestedParams })
    await node.submit(fund.signTxn(alice.secretKey)).durable
    armed = true
    const close = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: carol.addr, receiver: alice.address, amount: 0, closeRemainderTo: alice.address, suggestedParams })
    const lost = node.submit(close.signTxn(carol.sk)).durable
    // indexed while it is the tip, undone with its flush
    expect(front.store.round()).toBe(2n)
    expect(front.store.closedAccounts.get(carol.addr.toString())?.deleted).toBe(true)
    await expect(lost).rejects.toThrow(/ledger storage failed/)
    armed = false
    const account = (await indexer.lookupAccountByID(carol.addr).do()).account
    expect(account.deleted).toBe(false)
    expect(account.closedAtRound).toBeUndefined()
    front.close()
    await node.close()
  })
})

describe('a restart', () => {
  it('rebuilds the same answers from the stored blocks', async () => {
    const dir = dataDir()
    const net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: dir })
    const u = new URL(net.algod.url)
    const algod = new algosdk.Algodv2(net.algod.token, `${u.protocol}//${u.hostname}`, u.port)
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const sp = await algod.getTransactionParams().do()
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 10 + i, note: new TextEncoder().encode(`restart:${i}`), suggestedParams: sp })
      await algod.sendRawTransaction(txn.signTxn(alice.secretKey)).do()
      ids.push(txn.txID())
    }
    const sp = await algod.getTransactionParams().do()
    const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.address, total: 5n, decimals: 0, defaultFrozen: false, unitName: 'RST', assetName: 'Restart', suggestedParams: sp })
    await algod.sendRawTransaction(acfg.signTxn(alice.secretKey)).do()
    const assetId = (await algod.pendingTransactionInformation(acfg.txID()).do()).assetIndex!
    // bob opts in and closes out: his holding's rounds and deleted flag come back after the restart
    for (const closeRemainderTo of [undefined, alice.address]) {
      const axfer = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: bob.address, amount: 0, assetIndex: assetId, closeRemainderTo, suggestedParams: await algod.getTransactionParams().do() })
      await algod.sendRawTransaction(axfer.signTxn(bob.secretKey)).do()
    }
    const before = client(net.indexer.url)
    const holdings = await before.lookupAccountAssets(bob.address).includeAll(true).do()
    expect(holdings.assets.map((h) => [h.assetId, h.deleted, h.optedOutAtRound! - h.optedInAtRound!])).toEqual([[assetId, true, 1n]])
    const search = await before.searchForTransactions().notePrefix(new TextEncoder().encode('restart:')).do()
    const asset = await before.lookupAssetByID(assetId).do()
    const account = await before.lookupAccountTransactions(bob.address).limit(3).do()
    await net.stop()

    const again = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: dir })
    try {
      const after = client(again.indexer.url)
      expect((await after.makeHealthCheck().do()).round).toBe(search.currentRound + 0n)
      const search2 = await after.searchForTransactions().notePrefix(new TextEncoder().encode('restart:')).do()
      expect(search2.transactions.map((t) => t.id)).toEqual(ids)
      expect(search2.transactions.map((t) => algosdk.encodeJSON(t))).toEqual(search.transactions.map((t) => algosdk.encodeJSON(t)))
      expect(algosdk.encodeJSON((await after.lookupAssetByID(assetId).do()).asset)).toBe(algosdk.encodeJSON(asset.asset))
      const account2 = await after.lookupAccountTransactions(bob.address).limit(3).do()
      expect(account2.nextToken).toBe(account.nextToken)
      expect(account2.transactions.map((t) => t.id)).toEqual(account.transactions.map((t) => t.id))
      expect(algosdk.encodeJSON(await after.lookupAccountAssets(bob.address).includeAll(true).do())).toBe(algosdk.encodeJSON(holdings))
    } finally {
      await again.stop()
    }
  })
})
