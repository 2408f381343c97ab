// POST /grove/v1/snapshot and /grove/v1/revert/{id} (Anvil's evm_snapshot / evm_revert), their
// functions and CLI commands: a revert returns accounts, assets, apps, boxes, blocks, transactions,
// the clock and the indexer's view to the snapshot, the chain goes on from there, and a restart
// keeps the reverted chain; a refused revert answers 4xx with a sentence and changes nothing.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { CheatError, mine, revert, setBalance, snapshot, startLocalnet, type Localnet } from '../src/index.ts'

let net: Localnet
let dataDir: string
let algorand: AlgorandClient

const clientsOf = (n: Localnet): AlgorandClient => {
  const a = new URL(n.algod.url)
  const i = new URL(n.indexer.url)
  return AlgorandClient.fromConfig({ algodConfig: { server: `http://${a.hostname}`, port: a.port, token: n.algod.token }, indexerConfig: { server: `http://${i.hostname}`, port: i.port, token: '' } })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grove-snapshot-'))
  net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
  algorand = clientsOf(net)
})
afterAll(async () => {
  await net.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const lastRound = async (): Promise<bigint> => (await algorand.client.algod.status().do()).lastRound
const post = (path: string, token = net.algod.token) => fetch(`${net.algod.url}${path}`, { method: 'POST', headers: { 'X-Algo-API-Token': token } })
const status = (p: Promise<unknown>): Promise<number> => p.then(() => 200, (e: { status?: number }) => e.status ?? 0)
/** Creates box `name` (8 bytes) on the call that names it; approves every call. */
const BOXES = '#pragma version 10\ntxn ApplicationID\nbz ok\ntxna ApplicationArgs 0\nint 8\nbox_create\npop\nok:\nint 1'

describe('snapshot and revert', () => {
  it('returns accounts, assets, apps, boxes, blocks, transactions, the clock and the indexer to the snapshot', async () => {
    const owner = algorand.account.random()
    await setBalance(net.algod, owner.addr.toString(), 100_000_000n)
    const { appId, appAddress } = await algorand.send.appCreate({ sender: owner.addr, approvalProgram: BOXES, clearStateProgram: '#pragma version 10\nint 1', suppressLog: true })
    await algorand.send.payment({ sender: owner.addr, receiver: appAddress, amount: (1).algo(), suppressLog: true })
    await algorand.send.appCall({ sender: owner.addr, appId, args: [new TextEncoder().encode('a')], boxReferences: ['a'], suppressLog: true })
    const ownerBefore = await algorand.client.algod.accountInformation(owner.addr).do()
    const { id, round } = await snapshot(net.algod)
    expect(BigInt(round)).toBe(await lastRound())

    const fresh = algorand.account.random()
    const paid = await algorand.send.payment({ sender: owner.addr, receiver: fresh.addr, amount: (2).algo(), suppressLog: true })
    const { assetId } = await algorand.send.assetCreate({ sender: owner.addr, total: 1_000n, suppressLog: true })
    await algorand.send.appCall({ sender: owner.addr, appId, args: [new TextEncoder().encode('b')], boxReferences: ['b'], suppressLog: true })
    await mine(net.algod, 3)
    await post('/grove/v1/clock/offset/86400')
    await algorand.client.indexer.lookupAccountByID(fresh.addr).do()

    const res = await revert(net.algod, id)
    expect(res.round).toBe(round)
    expect(res.undone).toBeGreaterThan(0)
    expect(await lastRound()).toBe(BigInt(round))
    expect(await status(algorand.client.algod.block(round + 1).do())).toBe(404)
    expect(await algorand.client.algod.accountInformation(owner.addr).do()).toEqual(ownerBefore)
    expect((await algorand.client.algod.accountInformation(fresh.addr).do()).amount).toBe(0n)
    expect(await status(algorand.client.algod.getAssetByID(assetId).do())).toBe(404)
    expect((await algorand.client.algod.getApplicationBoxes(appId).do()).boxes.map((b) => Buffer.from(b.name).toString())).toEqual(['a'])
    expect(await status(algorand.client.algod.pendingTransactionInformation(paid.txIds[0]!).do())).toBe(404)
    expect(((await (await fetch(`${net.algod.url}/grove/v1/clock/offset`, { headers: { 'X-Algo-API-Token': net.algod.token } })).json()) as { offset: number }).offset).toBe(0)
    // the indexer's view: its round, the reverted transaction and account are gone
    expect((await algorand.client.indexer.makeHealthCheck().do()).round).toBe(BigInt(round))
    expect(await status(algorand.client.indexer.lookupTransactionByID(paid.txIds[0]!).do())).toBe(404)
    expect(await status(algorand.client.indexer.lookupAccountByID(fresh.addr).do())).toBe(404)

    // the chain goes on from the snapshot
    const again = await algorand.send.payment({ sender: owner.addr, receiver: fresh.addr, amount: (3).algo(), suppressLog: true })
    expect(again.confirmation.confirmedRound).toBe(BigInt(round) + 1n)
    expect((await algorand.client.indexer.lookupAccountByID(fresh.addr).do()).account.amount).toBe(3_000_000n)
  })

  it('keeps the reverted chain across a restart', async () => {
    const acct = algorand.account.random().addr.toString()
    const { id, round } = await snapshot(net.algod)
    await setBalance(net.algod, acct, 9_000_000n)
    await mine(net.algod, 2)
    await revert(net.algod, id)
    await setBalance(net.algod, acct, 1_000_000n)
    await net.stop()
    net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
    algorand = clientsOf(net)
    expect(await lastRound()).toBe(BigInt(round) + 1n)
    expect((await algorand.client.algod.accountInformation(acct).do()).amount).toBe(1_000_000n)
  })

  it('consumes the snapshot and every later one; a refused revert answers 4xx with a sentence and changes nothing', async () => {
    const first = await snapshot(net.algod)
    await mine(net.algod, 1)
    const second = await snapshot(net.algod)
    await mine(net.algod, 1)
    await revert(net.algod, first.id)
    const round = await lastRound()
    for (const [path, code, message] of [
      [`/grove/v1/revert/${second.id}`, 404, `snapshot ${second.id} does not exist (none is taken; a revert consumes its snapshot and every later one)`],
      [`/grove/v1/revert/${first.id}`, 404, `snapshot ${first.id} does not exist (none is taken; a revert consumes its snapshot and every later one)`],
      ['/grove/v1/revert/x', 400, 'a snapshot id is the whole number POST /grove/v1/snapshot answered, got "x"'],
      ['/grove/v1/revert/-1', 400, 'a snapshot id is the whole number POST /grove/v1/snapshot answered, got "-1"'],
    ] as const) {
      const res = await post(path)
      expect([path, res.status, ((await res.json()) as { message: string }).message]).toEqual([path, code, message])
    }
    expect(await lastRound()).toBe(round)
    expect((await post('/grove/v1/snapshot', 'b'.repeat(64))).status).toBe(401)
    await expect(revert({ url: net.algod.url, token: 'b'.repeat(64) }, 1)).rejects.toThrow(CheatError)
  })

  it('snapshots and reverts from the CLI: `grove-localnet snapshot`, `grove-localnet revert ID`', async () => {
    const run = (args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(import.meta.dirname, '..', 'bin', 'grove-localnet.mjs'), ...args, '--algod', net.algod.url], (e, stdout, stderr) => resolve({ status: e ? (e.code as number) : 0, stdout, stderr }))
      })
    const taken = await run(['snapshot'])
    expect(taken.stderr).toBe('')
    const { id, round } = JSON.parse(taken.stdout) as { id: number; round: number }
    await mine(net.algod, 2)
    const back = await run(['revert', String(id)])
    expect(JSON.parse(back.stdout)).toMatchObject({ round })
    expect(await lastRound()).toBe(BigInt(round))
    const refused = await run(['revert', String(id)])
    expect(refused.status).toBe(1)
    expect(refused.stderr.trim()).toBe(`grove-localnet: snapshot ${id} does not exist (none is taken; a revert consumes its snapshot and every later one)`)
  })
})
