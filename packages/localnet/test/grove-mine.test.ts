// POST /grove/v1/mine/{n} (Anvil's anvil_mine), its TypeScript function and its CLI command: n empty
// blocks, stamped as any block is, served by algod and the indexer and kept across a restart; a
// refused count answers 400 with a sentence and seals nothing.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { CheatError, mine, startLocalnet, type Localnet } from '../src/index.ts'
import { mineRefusal } from '../src/algod/handlers/grove-mine.ts'

let net: Localnet
let dataDir: string
let algorand: AlgorandClient

const clientsOf = (n: Localnet): AlgorandClient => {
  const a = new URL(n.algod.url)
  const i = new URL(n.indexer.url)
  return AlgorandClient.fromConfig({ algodConfig: { server: `http://${a.hostname}`, port: a.port, token: n.algod.token }, indexerConfig: { server: `http://${i.hostname}`, port: i.port, token: '' } })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grove-mine-'))
  net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
  algorand = clientsOf(net)
})
afterAll(async () => {
  await net.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const lastRound = async (): Promise<bigint> => (await algorand.client.algod.status().do()).lastRound

describe('mine', () => {
  it('seals n empty blocks and answers the last round', async () => {
    const before = await lastRound()
    expect(await mine(net.algod, 5)).toEqual({ round: Number(before) + 5 })
    expect(await lastRound()).toBe(before + 5n)
    const block = await algorand.client.algod.block(before + 5n).do()
    expect(block.block.payset).toEqual([])
    expect(block.block.header.round).toBe(before + 5n)
  })

  it('stamps mined blocks as dev mode does: the dev-mode offset after each previous stamp', async () => {
    await algorand.client.algod.setBlockOffsetTimestamp(60).do()
    try {
      const { round } = await mine(net.algod, 3)
      const stamps = await Promise.all([0, 1, 2, 3].map(async (k) => (await algorand.client.algod.block(BigInt(round - 3 + k)).do()).block.header.timestamp))
      expect(stamps.slice(1).map((t, k) => t - stamps[k]!)).toEqual([60n, 60n, 60n])
    } finally {
      await fetch(`${net.algod.url}/grove/v1/clock/offset/0`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token } })
    }
  })

  it('shows mined blocks in the indexer', async () => {
    const { round } = await mine(net.algod, 2)
    const indexer = algorand.client.indexer
    const block = await indexer.lookupBlock(round).do()
    expect(block.round).toBe(BigInt(round))
    expect(block.transactions ?? []).toEqual([])
  })

  it('keeps a transaction working after mined blocks (the tip, its hash chain and params)', async () => {
    await mine(net.algod, 1)
    const dispenser = algosdk.mnemonicToSecretKey(algosdk.secretKeyToMnemonic((await import('@grove/ledger')).genesisAccounts()[0]!.secretKey))
    algorand.setSignerFromAccount(dispenser)
    const res = await algorand.send.payment({ sender: dispenser.addr, receiver: dispenser.addr, amount: (0).microAlgo() })
    expect(res.confirmation.confirmedRound).toBe(await lastRound())
  })

  it.each(['0', '10001', '-1', 'x', '1e3', '99999999999999999999'])('refuses %j blocks with 400 and a sentence, sealing nothing', async (n) => {
    const before = await lastRound()
    const res = await fetch(`${net.algod.url}/grove/v1/mine/${n}`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: mineRefusal(n) })
    expect(await lastRound()).toBe(before)
    const count = Number(n)
    if (!(count >= 1 && count <= 10_000)) await expect(mine(net.algod, count)).rejects.toThrow(CheatError)
  })

  it('requires the algod token', async () => {
    const res = await fetch(`${net.algod.url}/grove/v1/mine/1`, { method: 'POST' })
    expect(res.status).toBe(401)
  })

  it('keeps mined blocks across a restart, replaying its block from the log', async () => {
    const { round } = await mine(net.algod, 4)
    await net.stop()
    // no snapshot: the restart replays the logged blocks, this one too
    await rm(join(dataDir, 'ledger', 'snapshot.bin'), { force: true })
    net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
    algorand = clientsOf(net)
    expect(await lastRound()).toBe(BigInt(round))
    expect((await algorand.client.algod.block(BigInt(round)).do()).block.payset).toEqual([])
  })

  it('mines from the CLI: `grove-localnet mine 3 --algod URL`', async () => {
    // a child process, awaited without blocking: the localnet it calls runs in this one
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(import.meta.dirname, '..', 'bin', 'grove-localnet.mjs'), ...args], (e, stdout, stderr) => resolve({ status: e ? (e.code as number) : 0, stdout, stderr }))
      })
    const ok = await run(['mine', '3', '--algod', net.algod.url])
    expect(ok.stderr).toBe('')
    expect(JSON.parse(ok.stdout)).toMatchObject({ round: expect.any(Number) })
    const refused = await run(['mine', '0', '--algod', net.algod.url])
    expect(refused.status).toBe(1)
    expect(refused.stderr.trim()).toBe(`grove-localnet: ${mineRefusal('0')}`)
  })
})
