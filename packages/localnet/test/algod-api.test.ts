import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { assemble } from '@grove/avm'
import { genesisAccounts } from '@grove/ledger'
import { openNode, startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'

let net: Localnet
let algod: algosdk.Algodv2

const funder = genesisAccounts()[0] as { address: string; secretKey: Uint8Array }

async function raw(path: string, init: RequestInit & { token?: string | null } = {}): Promise<{ status: number; body: string; type: string | null }> {
  const headers = new Headers(init.headers)
  if (init.token !== null) headers.set('X-Algo-API-Token', init.token ?? net.algod.token)
  const res = await fetch(net.algod.url + path, { ...init, headers })
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') }
}

async function pay(amount: number, receiver = algosdk.generateAccount().addr.toString()): Promise<{ txId: string; receiver: string }> {
  const sp = await algod.getTransactionParams().do()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver, amount, suggestedParams: sp })
  const { txid } = await algod.sendRawTransaction(txn.signTxn(funder.secretKey)).do()
  return { txId: txid, receiver }
}

// these run once @grove/ledger exports openNode (its chain.ts); until then there is no node to serve
const ledgerReady = openNode !== undefined

beforeAll(async () => {
  if (!ledgerReady) return
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  algod = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
})

afterAll(async () => {
  if (ledgerReady) await net.stop()
})

describe.runIf(ledgerReady)('token check', () => {
  const cases: { name: string; token: string | null }[] = [
    { name: 'a wrong token', token: 'b'.repeat(64) },
    { name: 'a missing token', token: null },
  ]
  for (const c of cases) {
    it(`answers ${c.name} with 401 and algod's message`, async () => {
      const res = await raw('/v2/status', { token: c.token })
      expect(res.status).toBe(401)
      expect(JSON.parse(res.body)).toEqual({ message: 'Invalid API Token' })
    })
  }

  it('serves /health without a token', async () => {
    const res = await raw('/health', { token: null })
    expect(res.status).toBe(200)
    expect(res.body).toBe('null\n')
  })

  it('makes algosdk throw with status 401 on a bad token', async () => {
    const url = new URL(net.algod.url)
    const bad = new algosdk.Algodv2('x', `${url.protocol}//${url.hostname}`, url.port)
    await expect(bad.status().do()).rejects.toMatchObject({ response: { status: 401 } })
  })
})

describe.runIf(ledgerReady)('node info', () => {
  it('reports status through algosdk', async () => {
    const status = await algod.status().do()
    expect(status.lastRound).toBeGreaterThanOrEqual(0n)
    expect(status.catchupTime).toBe(0n)
  })

  it('suggests params for dockernet-v1 with a 1000 µAlgo minimum fee', async () => {
    const sp = await algod.getTransactionParams().do()
    expect(sp.genesisID).toBe('dockernet-v1')
    expect(sp.minFee).toBe(1000n)
    expect(sp.genesisHash?.length).toBe(32)
  })

  it('serves versions with the genesis id and hash', async () => {
    const v = await algod.versionsCheck().do()
    expect(v.genesisId).toBe('dockernet-v1')
    expect(v.versions).toEqual(['v2'])
  })

  it('serves a genesis whose network and id make the genesis id', async () => {
    const g = JSON.parse((await raw('/genesis', { token: null })).body) as { network: string; id: string }
    expect(`${g.network}-${g.id}`).toBe('dockernet-v1')
  })
})

describe.runIf(ledgerReady)('payments', () => {
  it('confirms a payment and credits the receiver', async () => {
    const { txId, receiver } = await pay(1_000_000)
    const confirmed = await algosdk.waitForConfirmation(algod, txId, 5)
    expect(confirmed.confirmedRound).toBeGreaterThan(0n)
    expect(confirmed.txn.txn.payment?.amount).toBe(1_000_000n)
    const account = await algod.accountInformation(receiver).do()
    expect(account.amount).toBe(1_000_000n)
  })

  it('sends a payment through algokit-utils', async () => {
    const url = new URL(net.algod.url)
    const client = AlgorandClient.fromConfig({ algodConfig: { server: `${url.protocol}//${url.hostname}`, port: url.port, token: net.algod.token } })
    const signer = client.account.fromMnemonic(algosdk.secretKeyToMnemonic(funder.secretKey))
    const receiver = algosdk.generateAccount().addr
    const result = await client.send.payment({ sender: signer.addr, receiver, amount: (2).algo() })
    expect(result.confirmation.confirmedRound).toBeGreaterThan(0n)
    expect((await client.account.getInformation(receiver)).balance.microAlgo).toBe(2_000_000n)
  })

  it('serves the confirmed block in msgpack that algosdk decodes', async () => {
    const { txId } = await pay(100_000)
    const confirmed = await algosdk.waitForConfirmation(algod, txId, 5)
    const block = await algod.block(confirmed.confirmedRound as bigint).do()
    expect(block.block.header.round).toBe(confirmed.confirmedRound)
    expect(block.block.payset.length).toBe(1)
  })

  it('serves a block header without the payset when header-only', async () => {
    const status = await algod.status().do()
    const block = await algod.block(status.lastRound).headerOnly(true).do()
    expect(block.block.header.round).toBe(status.lastRound)
    expect(block.block.payset.length).toBe(0)
  })

  it('answers wait-for-block-after at once for a round already passed', async () => {
    const status = await algod.status().do()
    const after = await algod.statusAfterBlock(Number(status.lastRound) - 1).do()
    expect(after.lastRound).toBe(status.lastRound)
  })
})

describe.runIf(ledgerReady)('teal', () => {
  const sources = ['#pragma version 10\nint 1\nreturn\n', '#pragma version 8\nbyte 0x0102\nlen\n']
  for (const source of sources) {
    it(`compiles byte for byte as @grove/avm assembles: ${JSON.stringify(source.split('\n')[1])}`, async () => {
      const res = await algod.compile(source).do()
      expect(algosdk.base64ToBytes(res.result)).toEqual(assemble(source).program)
    })
  }

  it('returns the source map with sourcemap=true', async () => {
    const res = await algod.compile(sources[0] as string).sourcemap(true).do()
    expect((res.sourcemap?.data as Map<string, unknown> | undefined)?.get('mappings')).toBe(assemble(sources[0] as string).sourceMap.mappings)
  })

  it('disassembles what it compiled', async () => {
    const program = assemble(sources[1] as string).program as Uint8Array
    const res = await algod.disassemble(program).do()
    expect(assemble(res.result).program).toEqual(program)
  })

  it('answers a compile error with 400 and go\'s text', async () => {
    const res = await raw('/v2/teal/compile', { method: 'POST', body: '#pragma version 10\nnope\n' })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toEqual({ message: '1 error: 2: unknown opcode: nope\n' })
  })
})

describe.runIf(ledgerReady)('errors', () => {
  const cases: { name: string; path: string; init?: RequestInit; status: number; message: string | RegExp }[] = [
    { name: 'an unknown route', path: '/v2/nope', status: 404, message: 'Not Found' },
    { name: 'a wrong method', path: '/v2/status', init: { method: 'DELETE' }, status: 405, message: 'Method Not Allowed' },
    { name: 'an empty transaction body', path: '/v2/transactions', init: { method: 'POST', body: new Uint8Array() }, status: 400, message: 'empty txgroup' },
    { name: 'a malformed transaction body', path: '/v2/transactions', init: { method: 'POST', body: new Uint8Array([0xc1, 0x00, 0x07]) }, status: 400, message: /./ },
    { name: 'a malformed simulate body', path: '/v2/transactions/simulate', init: { method: 'POST', body: 'not json' }, status: 400, message: /./ },
    { name: 'a bad txid', path: '/v2/transactions/pending/xyz', status: 400, message: 'no valid transaction ID was specified' },
    {
      name: 'an unknown txid',
      path: `/v2/transactions/pending/${'A'.repeat(52)}`,
      status: 404,
      message: 'could not find the transaction in the transaction pool or in the last 1000 confirmed rounds',
    },
    { name: 'an unknown app', path: '/v2/applications/999999', status: 404, message: 'application does not exist' },
    { name: 'an unknown asset', path: '/v2/assets/999999', status: 404, message: 'asset does not exist' },
    { name: 'an asset not held', path: `/v2/accounts/${funder.address}/assets/999999`, status: 404, message: 'account asset info not found' },
    { name: 'an app not opted into', path: `/v2/accounts/${funder.address}/applications/999999`, status: 404, message: 'account application info not found' },
    { name: 'an unknown box', path: '/v2/applications/999999/box?name=str:x', status: 404, message: 'box not found' },
    { name: 'a malformed address', path: '/v2/accounts/abc', status: 400, message: /^Invalid format for parameter address: / },
    { name: 'a non-numeric round', path: '/v2/blocks/abc', status: 400, message: /^Invalid format for parameter round: / },
    { name: 'a round beyond the tip', path: '/v2/blocks/999999', status: 404, message: 'failed to retrieve information from the ledger' },
    { name: 'an unknown format', path: '/v2/status?format=xml', status: 400, message: 'failed to parse the format option' },
    { name: 'an unknown exclude', path: `/v2/accounts/${funder.address}?exclude=bogus`, status: 400, message: 'failed to parse exclude' },
  ]
  for (const c of cases) {
    it(`answers ${c.name} with ${c.status}`, async () => {
      const res = await raw(c.path, c.init)
      expect(res.status).toBe(c.status)
      const body = JSON.parse(res.body) as { message: string }
      if (typeof c.message === 'string') expect(body.message).toBe(c.message)
      else expect(body.message).toMatch(c.message)
    })
  }
})

describe.runIf(ledgerReady)('dev mode and sync round', () => {
  it('stores the block timestamp offset', async () => {
    await algod.setBlockOffsetTimestamp(3600).do()
    // algosdk 3 types and decodes this field as a number
    expect((await algod.getBlockOffsetTimestamp().do()).offset).toBe(3600)
    await algod.setBlockOffsetTimestamp(0).do()
  })

  it("answers the follower-only sync routes with echo's 404 Not Found, as algod outside follow mode does", async () => {
    const status = await algod.status().do()
    const notFound = { status: 404, body: '{"message":"Not Found"}\n' }
    expect(await raw('/v2/ledger/sync')).toMatchObject(notFound)
    expect(await raw(`/v2/ledger/sync/${status.lastRound + 5n}`, { method: 'POST' })).toMatchObject(notFound)
    expect(await raw('/v2/ledger/sync', { method: 'DELETE' })).toMatchObject(notFound)
    // an unregistered path is echo's 404 before any token check
    expect(await raw('/v2/ledger/sync', { token: null })).toMatchObject(notFound)
    // algosdk's calls see algod's 404 too
    await expect(algod.setSyncRound(status.lastRound + 5n).do()).rejects.toThrow(/Not Found/)
    await expect(algod.getSyncRound().do()).rejects.toThrow(/Not Found/)
    await expect(algod.unsetSyncRound().do()).rejects.toThrow(/Not Found/)
  })

  it('reports an empty pool, since every group is committed at once', async () => {
    const pending = await algod.pendingTransactionsInformation().do()
    // algosdk 3 types and decodes this field as a number
    expect(pending.totalTransactions).toBe(0)
  })
})
