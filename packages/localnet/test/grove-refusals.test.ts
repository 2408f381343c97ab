// Every cheat code (/grove/v1) refuses bad input with a 4xx and a sentence, and a refused call
// changes nothing: the chain's state file (every block and clock change in its log) and the clock
// offset are the same after each refusal as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { dumpState, setBalance, snapshot, startLocalnet, type Localnet } from '../src/index.ts'

let net: Localnet
const acct = algosdk.generateAccount().addr.toString()

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  await setBalance(net.algod, acct, 1_000_000n)
  // a taken snapshot, so a revert to an unknown id is refused beside a known one
  await snapshot(net.algod)
})
afterAll(async () => {
  await net.stop()
})

const call = (method: string, path: string, body?: string) => fetch(`${net.algod.url}${path}`, { method, headers: { 'X-Algo-API-Token': net.algod.token }, ...(body === undefined ? {} : { body }) })

describe('cheat codes refuse bad input', () => {
  const bad: [string, string, string, string | undefined, number][] = [
    ['mine of no blocks', 'POST', '/grove/v1/mine/0', undefined, 400],
    ['mine of too many blocks', 'POST', '/grove/v1/mine/10001', undefined, 400],
    ['a balance for a bad address', 'POST', '/grove/v1/accounts/NOTANADDRESS/balance', '{"amount":1}', 400],
    ['a balance below the minimum', 'POST', `/grove/v1/accounts/${acct}/balance`, '{"amount":5}', 400],
    ['a balance past uint64', 'POST', `/grove/v1/accounts/${acct}/balance`, '{"amount":"18446744073709551616"}', 400],
    ['a holding of an unknown asset', 'POST', `/grove/v1/accounts/${acct}/assets/987654`, '{"amount":1}', 404],
    ['a holding without a body', 'POST', `/grove/v1/accounts/${acct}/assets/987654`, '', 400],
    ['a program for an unknown app', 'POST', '/grove/v1/apps/987654/program', '{"approval":"CoEB"}', 404],
    ['a program that is no base64', 'POST', '/grove/v1/apps/987654/program', '{"approval":"%%"}', 400],
    ['a revert to an unknown snapshot', 'POST', '/grove/v1/revert/987654', undefined, 404],
    ['a revert to no number', 'POST', '/grove/v1/revert/first', undefined, 400],
    ['a load of no state file', 'POST', '/grove/v1/state/load', 'not a state', 400],
    ['a clock offset past int64', 'POST', '/grove/v1/clock/offset/9223372036854775807', undefined, 400],
    ['a clock offset that is no number', 'POST', '/grove/v1/clock/offset/soon', undefined, 400],
    ['impersonation on a plain localnet', 'POST', `/grove/v1/impersonate/${acct}`, undefined, 403],
  ]
  it.each(bad)('refuses %s with a 4xx and a sentence, changing nothing', async (_name, method, path, body, status) => {
    const state = Buffer.from(await dumpState(net.algod))
    const clock = await (await call('GET', '/grove/v1/clock/offset')).text()
    const res = await call(method, path, body)
    expect(res.status).toBe(status)
    const { message } = (await res.json()) as { message: unknown }
    // a sentence: words, not a bare code or an empty body
    expect(typeof message === 'string' && /\w+ \w+/.test(message)).toBe(true)
    expect(Buffer.from(await dumpState(net.algod)).equals(state)).toBe(true)
    expect(await (await call('GET', '/grove/v1/clock/offset')).text()).toBe(clock)
  })
})
