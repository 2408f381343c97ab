// POST /v2/devmode/blocks/offset/{offset} with Grove's negative-offset extension, which the demo
// seed uses to date its trading history in the past 30 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { genesisAccounts } from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'

let net: Localnet
let algod: algosdk.Algodv2
const funder = genesisAccounts()[0]

/** Submits a payment and returns the timestamp of the block it landed in. */
async function blockTime(): Promise<bigint> {
  const sp = await algod.getTransactionParams().do()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 0, suggestedParams: sp })
  const { txid } = await algod.sendRawTransaction(txn.signTxn(funder.secretKey)).do()
  const { confirmedRound } = await algod.pendingTransactionInformation(txid).do()
  return (await algod.block(confirmedRound!).do()).block.header.timestamp
}

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  algod = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
})

afterAll(() => net.stop())

describe('devmode block timestamp offset', () => {
  it('stamps genesis 0, as a private network genesis is', async () => {
    expect((await algod.block(0).do()).block.header.timestamp).toBe(0n)
  })

  it('accepts a negative offset and dates the next blocks in the past, in order', async () => {
    const now = BigInt(Math.floor(Date.now() / 1000))
    await algod.setBlockOffsetTimestamp(-30 * 86400).do()
    // read raw: algosdk decodes the offset as a uint64
    const got = await fetch(`${net.algod.url}/v2/devmode/blocks/offset`, { headers: { 'X-Algo-API-Token': net.algod.token } })
    expect(await got.json()).toEqual({ offset: -30 * 86400 })
    const monthAgo = await blockTime()
    expect(now - monthAgo).toBeGreaterThanOrEqual(30n * 86400n - 5n)
    expect(now - monthAgo).toBeLessThanOrEqual(30n * 86400n + 5n)
    await algod.setBlockOffsetTimestamp(-40 * 86400).do()
    expect(await blockTime()).toBe(monthAgo) // never before the previous block
    await algod.setBlockOffsetTimestamp(0).do()
    expect(await blockTime()).toBeGreaterThanOrEqual(now)
  })

  it.each([['-9223372036854775808'], ['--1'], ['-']])('refuses the offset %s', async (offset) => {
    const res = await fetch(`${net.algod.url}/v2/devmode/blocks/offset/${offset}`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token } })
    expect(res.status).toBe(400)
  })
})
