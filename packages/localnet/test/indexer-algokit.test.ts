// Tools that read the indexer work against the embedded one unchanged: algokit-utils' testing
// fixture (waitForIndexer), its app deployer finding an app by name through the indexer, and
// algokit-subscriber catching up through the indexer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { algorandFixture } from '@algorandfoundation/algokit-utils/testing'
import { getSubscribedTransactions } from '@algorandfoundation/algokit-subscriber'
import { startLocalnet, type Localnet } from '../src/start-localnet.ts'

let net: Localnet
let fixture: ReturnType<typeof algorandFixture>

function config(url: string, token: string): { server: string; port: string; token: string } {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

const APPROVAL = `#pragma version 10
pushint 1
`

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  fixture = algorandFixture({ algodConfig: config(net.algod.url, net.algod.token), indexerConfig: config(net.indexer.url, net.indexer.token), kmdConfig: config(net.kmd.url, net.kmd.token) })
  await fixture.newScope()
}, 120_000)

afterAll(async () => {
  await net?.stop()
})

describe('algokit-utils', () => {
  it("waits for the indexer to hold the fixture's transactions", async () => {
    const { algorand, testAccount, waitForIndexer, waitForIndexerTransaction, indexer } = fixture.context
    const receiver = algorand.account.random()
    const sent = await algorand.send.payment({ sender: testAccount.addr, receiver: receiver.addr, amount: (1).algo(), note: 'fixture' })
    await waitForIndexer()
    const found = await waitForIndexerTransaction(sent.txIds[0]!)
    expect(found.transaction.paymentTransaction!.receiver).toBe(receiver.addr.toString())
    const account = await indexer.lookupAccountByID(receiver.addr).do()
    expect(account.account.amount).toBe(1_000_000n)
  })

  it("finds a deployed app by name through the indexer and redeploys nothing", async () => {
    const { algorand, testAccount, algod, indexer, kmd } = fixture.context
    const deployment = {
      sender: testAccount.addr,
      metadata: { name: 'grove-indexer-test', version: '1.0' },
      createParams: { sender: testAccount.addr, approvalProgram: APPROVAL, clearStateProgram: APPROVAL, schema: { globalInts: 0, globalByteSlices: 0, localInts: 0, localByteSlices: 0 } },
      updateParams: { sender: testAccount.addr },
      deleteParams: { sender: testAccount.addr },
    }
    const first = await algorand.appDeployer.deploy(deployment)
    expect(first.operationPerformed).toBe('create')

    // a new client has no cache: it must read the creator's apps and their deploy notes from the indexer
    const fresh = AlgorandClient.fromClients({ algod, indexer, kmd })
    fresh.setSignerFromAccount(testAccount)
    const lookup = await fresh.appDeployer.getCreatorAppsByName(testAccount.addr)
    const app = lookup.apps['grove-indexer-test']!
    expect(app.appId).toBe(first.appId)
    expect(app.version).toBe('1.0')
    expect(app.createdRound).toBe(first.createdRound)
    const again = await fresh.appDeployer.deploy(deployment)
    expect(again.operationPerformed).toBe('nothing')
    expect(again.appId).toBe(first.appId)

    // a new version updates the app found by name
    const updated = await AlgorandClient.fromClients({ algod, indexer, kmd })
      .setSignerFromAccount(testAccount)
      .appDeployer.deploy({ ...deployment, metadata: { ...deployment.metadata, version: '2.0' }, createParams: { ...deployment.createParams, approvalProgram: `${APPROVAL}pushint 2\npop\n` }, onUpdate: 'update' })
    expect(updated.operationPerformed).toBe('update')
    expect(updated.appId).toBe(first.appId)
    const after = await AlgorandClient.fromClients({ algod, indexer, kmd }).appDeployer.getCreatorAppsByName(testAccount.addr)
    expect(after.apps['grove-indexer-test']!.version).toBe('2.0')
  })
})

describe('algokit-subscriber', () => {
  it('catches up through the indexer with catchup-with-indexer', async () => {
    const { algorand, testAccount, algod, indexer } = fixture.context
    const receiver = algorand.account.random()
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const sent = await algorand.send.payment({ sender: testAccount.addr, receiver: receiver.addr, amount: (100_000 + i).microAlgo(), note: `sub:${i}` })
      ids.push(sent.txIds[0]!)
    }
    const status = await algod.status().do()
    // far more rounds behind than maxRoundsToSync: the subscriber reads the old ones from the indexer
    const result = await getSubscribedTransactions(
      {
        filters: [{ name: 'to-receiver', filter: { receiver: receiver.addr.toString(), type: algosdk.TransactionType.pay } }],
        watermark: 0n,
        maxRoundsToSync: 1,
        syncBehaviour: 'catchup-with-indexer',
      },
      algod,
      indexer,
    )
    expect(result.subscribedTransactions.map((t) => t.id)).toEqual(ids)
    expect(result.subscribedTransactions.map((t) => t.paymentTransaction!.amount)).toEqual([100_000n, 100_001n, 100_002n])
    expect(result.newWatermark).toBe(status.lastRound)
  })
})
