// POST /grove/v1/accounts/{address}/balance (Anvil's anvil_setBalance), its function and CLI
// command: sets an account's microAlgos (creating it) in a block of its own, seen by algod, spendable
// with algokit-utils, in the supply and kept across a restart; a refused call answers 4xx with a
// sentence and changes nothing (no block, no balance).
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { CheatError, setBalance, setHolding, startLocalnet, type Localnet } from '../src/index.ts'
import { amountRefusal } from '../src/algod/handlers/grove-accounts.ts'

let net: Localnet
let dataDir: string
let algorand: AlgorandClient

const clientOf = (n: Localnet): AlgorandClient => {
  const a = new URL(n.algod.url)
  return AlgorandClient.fromConfig({ algodConfig: { server: `http://${a.hostname}`, port: a.port, token: n.algod.token } })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grove-accounts-'))
  net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
  algorand = clientOf(net)
})
afterAll(async () => {
  await net.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const balance = async (addr: string): Promise<bigint> => (await algorand.client.algod.accountInformation(addr).do()).amount
const lastRound = async (): Promise<bigint> => (await algorand.client.algod.status().do()).lastRound
const post = (path: string, body: string) => fetch(`${net.algod.url}${path}`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token }, body })

describe('setBalance', () => {
  it('creates an account with the balance, in a block of its own, and the account can spend it', async () => {
    const fresh = algorand.account.random()
    const before = await lastRound()
    expect(await setBalance(net.algod, fresh.addr.toString(), 5_000_000n)).toEqual({ round: Number(before) + 1 })
    expect(await balance(fresh.addr.toString())).toBe(5_000_000n)
    const other = algorand.account.random()
    await algorand.send.payment({ sender: fresh.addr, receiver: other.addr, amount: (1).algo(), suppressLog: true })
    expect(await balance(other.addr.toString())).toBe(1_000_000n)
    expect(await balance(fresh.addr.toString())).toBe(5_000_000n - 1_000_000n - 1_000n)
  })

  it('lowers a balance and counts the change in the supply', async () => {
    const acct = algorand.account.random().addr.toString()
    await setBalance(net.algod, acct, 10_000_000n)
    const supply = (await algorand.client.algod.supply().do()).totalMoney
    await setBalance(net.algod, acct, 200_000)
    expect(await balance(acct)).toBe(200_000n)
    expect((await algorand.client.algod.supply().do()).totalMoney).toBe(supply - 9_800_000n)
  })

  it('takes amounts past 2^53 as a string, up to uint64', async () => {
    const acct = algorand.account.random().addr.toString()
    const res = await post(`/grove/v1/accounts/${acct}/balance`, JSON.stringify({ amount: '9007199254740993' }))
    expect(res.status).toBe(200)
    expect(await balance(acct)).toBe(9007199254740993n)
  })

  const acct = algosdk.generateAccount().addr.toString()
  it.each([
    ['a body that is not JSON', `/grove/v1/accounts/${acct}/balance`, 'x', 400, amountRefusal('x')],
    ['a negative amount', `/grove/v1/accounts/${acct}/balance`, '{"amount":-1}', 400, amountRefusal('{"amount":-1}')],
    ['an amount past uint64', `/grove/v1/accounts/${acct}/balance`, '{"amount":"18446744073709551616"}', 400, amountRefusal('{"amount":"18446744073709551616"}')],
    ['an unsafe number', `/grove/v1/accounts/${acct}/balance`, '{"amount":9007199254740993}', 400, amountRefusal('{"amount":9007199254740993}')],
    ['a bad address', '/grove/v1/accounts/NOTANADDRESS/balance', '{"amount":1}', 400, 'Invalid format for parameter address: decoded bad addr: NOTANADDRESS'],
    ['a balance below the minimum', `/grove/v1/accounts/${acct}/balance`, '{"amount":99999}', 400, `account ${acct} balance 99999 below min 100000 (0 assets)`],
  ])('refuses %s with a sentence and changes nothing', async (_name, path, body, status, message) => {
    const round = await lastRound()
    const res = await post(path, body)
    expect(res.status).toBe(status)
    expect(((await res.json()) as { message: string }).message).toBe(message)
    expect(await lastRound()).toBe(round)
    expect(await balance(acct)).toBe(0n)
  })

  it('requires the algod token', async () => {
    const res = await fetch(`${net.algod.url}/grove/v1/accounts/${acct}/balance`, { method: 'POST', body: '{"amount":1000000}' })
    expect(res.status).toBe(401)
    await expect(setBalance({ url: net.algod.url, token: 'b'.repeat(64) }, acct, 1_000_000)).rejects.toThrow(CheatError)
  })

  it('keeps a set balance across a restart, replaying its block from the log', async () => {
    const kept = algorand.account.random().addr.toString()
    await setBalance(net.algod, kept, 7_000_000n)
    await net.stop()
    // no snapshot: the restart replays the logged blocks, this one too
    await rm(join(dataDir, 'ledger', 'snapshot.bin'), { force: true })
    net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
    algorand = clientOf(net)
    expect(await balance(kept)).toBe(7_000_000n)
  })

  it('sets a balance from the CLI: `grove-localnet set-balance ADDRESS MICROALGOS --algod URL`', async () => {
    const target = algorand.account.random().addr.toString()
    const run = (args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(import.meta.dirname, '..', 'bin', 'grove-localnet.mjs'), ...args], (e, stdout, stderr) => resolve({ status: e ? (e.code as number) : 0, stdout, stderr }))
      })
    const ok = await run(['set-balance', target, '3000000', '--algod', net.algod.url])
    expect(ok.stderr).toBe('')
    expect(await balance(target)).toBe(3_000_000n)
    const refused = await run(['set-balance', target, '5', '--algod', net.algod.url])
    expect(refused.status).toBe(1)
    expect(refused.stderr.trim()).toBe(`grove-localnet: account ${target} balance 5 below min 100000 (0 assets)`)
  })
})

describe('setHolding', () => {
  /** A fresh account holding `algo` Algos, and an asset of 1,000 units it created. */
  async function creatorWithAsset(): Promise<{ creator: string; assetId: bigint }> {
    const creator = algorand.account.random()
    await setBalance(net.algod, creator.addr.toString(), 10_000_000n)
    const { assetId } = await algorand.send.assetCreate({ sender: creator.addr, total: 1_000n, suppressLog: true })
    return { creator: creator.addr.toString(), assetId }
  }
  const holding = async (addr: string, asset: bigint): Promise<bigint | undefined> =>
    (await algorand.client.algod.accountAssetInformation(addr, asset).do().catch(() => undefined))?.assetHolding?.amount

  it('opts an account in and sets its holding, which it can spend; its minimum balance grows', async () => {
    const { assetId } = await creatorWithAsset()
    const holder = algorand.account.random()
    await setBalance(net.algod, holder.addr.toString(), 1_000_000n)
    await setHolding(net.algod, holder.addr.toString(), assetId, 250n)
    expect(await holding(holder.addr.toString(), assetId)).toBe(250n)
    expect((await algorand.client.algod.accountInformation(holder.addr).do()).minBalance).toBe(200_000n)
    const other = algorand.account.random()
    await setBalance(net.algod, other.addr.toString(), 1_000_000n)
    await algorand.send.assetOptIn({ sender: other.addr, assetId, suppressLog: true })
    await algorand.send.assetTransfer({ sender: holder.addr, receiver: other.addr, assetId, amount: 50n, suppressLog: true })
    expect(await holding(holder.addr.toString(), assetId)).toBe(200n)
    expect(await holding(other.addr.toString(), assetId)).toBe(50n)
  })

  it('changes a holding the account has, keeping it opted in', async () => {
    const { creator, assetId } = await creatorWithAsset()
    await setHolding(net.algod, creator, assetId, 7n)
    expect(await holding(creator, assetId)).toBe(7n)
  })

  it.each([
    ['an asset that does not exist', 'missing', 404, (id: bigint) => `asset ${id + 1000n} does not exist or has been deleted`],
    ['an amount past the asset\'s total', 'total', 400, (id: bigint) => `amount 1001 exceeds asset ${id}'s total 1000`],
    ['an opt-in the account cannot afford', 'poor', 400, () => 'below min'],
  ])('refuses %s with a sentence and changes nothing', async (_name, kind, status, message) => {
    const { assetId } = await creatorWithAsset()
    const holder = algorand.account.random().addr.toString()
    await setBalance(net.algod, holder, kind === 'poor' ? 100_000n : 1_000_000n)
    const round = await lastRound()
    const asset = kind === 'missing' ? assetId + 1000n : assetId
    const res = await post(`/grove/v1/accounts/${holder}/assets/${asset}`, JSON.stringify({ amount: kind === 'total' ? 1001 : 5 }))
    expect(res.status).toBe(status)
    expect(((await res.json()) as { message: string }).message).toContain(message(assetId))
    expect(await lastRound()).toBe(round)
    expect(await holding(holder, asset)).toBeUndefined()
    expect((await algorand.client.algod.accountInformation(holder).do()).totalAssetsOptedIn).toBe(0)
  })
})
