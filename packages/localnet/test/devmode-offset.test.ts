// Block time: POST /v2/devmode/blocks/offset/{offset} as go's dev mode (each block the previous
// stamp plus the offset), and Grove's own clock (/grove/v1/clock/offset), which dates blocks in the
// past for the demo seed's 30 days of history without changing what algod's endpoint means.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { genesisAccounts } from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'
import { MAX_CLOCK_TIME, clockOffsetRefusal } from '../src/algod/handlers/grove-clock.ts'

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

async function call(path: string, method = 'GET'): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${net.algod.url}${path}`, { method, headers: { 'X-Algo-API-Token': net.algod.token } })
  const text = await res.text()
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) }
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

  it('answers 404 with go\'s text while no offset was set', async () => {
    expect(await call('/v2/devmode/blocks/offset')).toEqual({
      status: 404,
      body: { message: 'failed retrieving timestamp offset from node: block timestamp offset was never set, using real clock for timestamps' },
    })
  })

  it('dates the history in the past with Grove\'s clock offset, never before the previous block', async () => {
    const now = BigInt(Math.floor(Date.now() / 1000))
    expect((await call(`/grove/v1/clock/offset/${-30 * 86400}`, 'POST')).status).toBe(200)
    expect(await call('/grove/v1/clock/offset')).toEqual({ status: 200, body: { offset: -30 * 86400 } })
    const monthAgo = await blockTime()
    expect(now - monthAgo).toBeGreaterThanOrEqual(30n * 86400n - 5n)
    expect(now - monthAgo).toBeLessThanOrEqual(30n * 86400n + 5n)
    await call(`/grove/v1/clock/offset/${-40 * 86400}`, 'POST')
    expect(await blockTime()).toBe(monthAgo)
    await call('/grove/v1/clock/offset/0', 'POST')
    expect(await blockTime()).toBeGreaterThanOrEqual(now)
  })

  it('stamps each block at the previous stamp plus the offset, and keeps time moving when a smaller offset follows a larger one', async () => {
    await algod.setBlockOffsetTimestamp(3600).do()
    expect((await algod.getBlockOffsetTimestamp().do()).offset).toBe(3600)
    const first = await blockTime()
    expect(await blockTime()).toBe(first + 3600n)
    await algod.setBlockOffsetTimestamp(10).do()
    expect(await blockTime()).toBe(first + 3610n)
    // Grove's clock takes over again and clears the dev-mode offset
    await call('/grove/v1/clock/offset/0', 'POST')
    expect((await call('/v2/devmode/blocks/offset')).status).toBe(404)
  })

  it.each([['-1'], ['-9223372036854775808'], ['--1'], ['-']])('refuses the dev-mode offset %s, as algod reads a uint64', async (offset) => {
    const res = await call(`/v2/devmode/blocks/offset/${offset}`, 'POST')
    expect(res.status).toBe(400)
  })

  it.each([['-9223372036854775808'], ['--1'], ['-'], ['x']])('refuses the clock offset %s', async (offset) => {
    expect((await call(`/grove/v1/clock/offset/${offset}`, 'POST')).status).toBe(400)
  })

  // before: 9223372036854775807 was taken, stamped blocks above int64 and every later block kept it
  it.each([['9223372036854775807'], [String(MAX_CLOCK_TIME)], ['-9223372036854775807'], [String(-2n * 10n ** 9n)]])(
    'refuses the clock offset %s, which would stamp blocks outside 1970..2^62 s, and changes nothing',
    async (offset) => {
      await call('/grove/v1/clock/offset/3600', 'POST')
      const before = await blockTime()
      const res = await call(`/grove/v1/clock/offset/${offset}`, 'POST')
      expect(res.status).toBe(400)
      const now = BigInt(Math.floor(Date.now() / 1000))
      // the sentence names the offsets allowed now (the second may have turned while it was sent)
      expect([clockOffsetRefusal(BigInt(offset), now), clockOffsetRefusal(BigInt(offset), now - 1n)]).toContainEqual((res.body as { message: string }).message)
      expect(await call('/grove/v1/clock/offset')).toEqual({ status: 200, body: { offset: 3600 } })
      const after = await blockTime()
      // the clock still an hour ahead (earlier tests may have stamped past that: stamps never go back)
      const bound = before > now + 3602n ? before : now + 3602n
      expect(after >= before && after <= bound).toBe(true)
      await call('/grove/v1/clock/offset/0', 'POST')
    },
  )

  it('takes the largest offset the bound allows', async () => {
    const now = BigInt(Math.floor(Date.now() / 1000))
    expect((await call(`/grove/v1/clock/offset/${MAX_CLOCK_TIME - now - 10n}`, 'POST')).status).toBe(200)
    expect((await call('/grove/v1/clock/offset/0', 'POST')).status).toBe(200)
  })
})
