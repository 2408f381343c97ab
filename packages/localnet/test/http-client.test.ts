// NodeHttpClient against algosdk's own fetch client, on one localnet: the same answers (JSON and
// msgpack), the same query strings, the same error words and response for a refusal, and a
// transaction sent through it confirmed.
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { genesisAccounts } from '@grove/ledger'
import { NodeHttpClient, startLocalnet, type Localnet } from '../src/index.ts'

let net: Localnet
let viaFetch: algosdk.Algodv2
let viaNode: algosdk.Algodv2
let client: NodeHttpClient

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  viaFetch = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
  client = new NodeHttpClient(net.algod.url, { 'X-Algo-API-Token': net.algod.token })
  viaNode = new algosdk.Algodv2(client, '')
}, 60_000)

afterAll(async () => {
  client?.close()
  await net?.stop()
})

/** The thrown error's words and response (status and body), for comparing two clients' refusals. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: Error & { response?: { status: number; body: Uint8Array } }) => ({ message: e.message, status: e.response?.status, body: new TextDecoder().decode(e.response?.body) }),
  )

describe('NodeHttpClient', () => {
  it('reads what the fetch client reads: JSON, msgpack and a query string', async () => {
    const [a, b] = await Promise.all([viaFetch.status().do(), viaNode.status().do()])
    expect(b.lastRound).toBe(a.lastRound)
    const round = a.lastRound
    expect(algosdk.encodeMsgpack((await viaNode.block(round).do()).block)).toEqual(algosdk.encodeMsgpack((await viaFetch.block(round).do()).block))
    const who = genesisAccounts()[0]!.address
    const [x, y] = await Promise.all([viaFetch.accountInformation(who).exclude('all').do(), viaNode.accountInformation(who).exclude('all').do()])
    expect(algosdk.encodeJSON(y)).toBe(algosdk.encodeJSON(x))
  })

  it('refuses with the fetch client’s words, status and body', async () => {
    const [a, b] = await Promise.all([refusal(viaFetch.getApplicationByID(999_999).do()), refusal(viaNode.getApplicationByID(999_999).do())])
    expect(a).toBeDefined()
    expect(b).toEqual(a)
    expect(b!.status).toBe(404)
    expect(b!.message).toMatch(/^Network request error\. Received status 404 \(Not Found\): application does not exist/)
  })

  it('sends a payment that algod confirms', async () => {
    const [from, to] = genesisAccounts()
    const sp = await viaNode.getTransactionParams().do()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: from!.address, receiver: to!.address, amount: 1234, suggestedParams: sp })
    const { txid } = await viaNode.sendRawTransaction(txn.signTxn(from!.secretKey)).do()
    const confirmed = await algosdk.waitForConfirmation(viaNode, txid, 4)
    expect(confirmed.txn.txn.payment?.amount).toBe(1234n)
  })
})
