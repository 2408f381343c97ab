// POST /v2/teal/dryrun: algod 5 removed dryrun (and algosdk 3 its client), so the route is unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'

let net: Localnet

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
})

afterAll(async () => {
  await net.stop()
})

describe('dryrun', () => {
  it('answers POST /v2/teal/dryrun with 404 Not Found, as algod 5 does', async () => {
    const res = await fetch(`${net.algod.url}/v2/teal/dryrun`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token }, body: new Uint8Array([0x80]) })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not Found' })
  })
})
