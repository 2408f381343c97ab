// POST /grove/v1/state/dump and /grove/v1/state/load (Anvil's anvil_dumpState / anvil_loadState),
// their functions, CLI commands and the --load-state / --dump-state start flags: a state is one
// file (the chain log) that round-trips accounts, apps, boxes, blocks and the indexer's view; a
// refused load answers 4xx with a sentence and changes nothing.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { CheatError, dumpState, loadState, setBalance, startLocalnet, type Localnet } from '../src/index.ts'

let work: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'grove-state-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

const clientsOf = (n: Localnet): AlgorandClient => {
  const a = new URL(n.algod.url)
  const i = new URL(n.indexer.url)
  return AlgorandClient.fromConfig({ algodConfig: { server: `http://${a.hostname}`, port: a.port, token: n.algod.token }, indexerConfig: { server: `http://${i.hostname}`, port: i.port, token: '' } })
}
const BOXES = '#pragma version 10\ntxn ApplicationID\nbz ok\ntxna ApplicationArgs 0\nint 8\nbox_create\npop\nok:\nint 1'

/** A chain with an account, an app with a box and a payment: what a state must carry. */
async function populate(net: Localnet): Promise<{ owner: string; fresh: string; appId: bigint; txId: string; round: bigint }> {
  const algorand = clientsOf(net)
  const owner = algorand.account.random()
  await setBalance(net.algod, owner.addr.toString(), 50_000_000n)
  const { appId, appAddress } = await algorand.send.appCreate({ sender: owner.addr, approvalProgram: BOXES, clearStateProgram: '#pragma version 10\nint 1', suppressLog: true })
  await algorand.send.payment({ sender: owner.addr, receiver: appAddress, amount: (1).algo(), suppressLog: true })
  await algorand.send.appCall({ sender: owner.addr, appId, args: [new TextEncoder().encode('k')], boxReferences: ['k'], suppressLog: true })
  const fresh = algorand.account.random().addr.toString()
  const paid = await algorand.send.payment({ sender: owner.addr, receiver: fresh, amount: (2).algo(), suppressLog: true })
  return { owner: owner.addr.toString(), fresh, appId, txId: paid.txIds[0]!, round: paid.confirmation.confirmedRound! }
}

/** What a test reads of a chain: status, accounts, the app's boxes, the indexer's transaction. */
async function view(net: Localnet, p: Awaited<ReturnType<typeof populate>>): Promise<unknown> {
  const algorand = clientsOf(net)
  return {
    round: (await algorand.client.algod.status().do()).lastRound,
    owner: await algorand.client.algod.accountInformation(p.owner).do(),
    fresh: (await algorand.client.algod.accountInformation(p.fresh).do()).amount,
    boxes: (await algorand.client.algod.getApplicationBoxes(p.appId).do()).boxes.map((b) => Buffer.from(b.name).toString()),
    block: (await algorand.client.algod.block(p.round).do()).block.header.timestamp,
    indexed: (await algorand.client.indexer.lookupTransactionByID(p.txId).do()).transaction.confirmedRound,
  }
}

describe('state dump and load', () => {
  it('round-trips a chain through one file: loaded over HTTP into another localnet, it reads the same', async () => {
    const a = await startLocalnet({ algodPort: 0, kmdPort: 0 })
    const b = await startLocalnet({ algodPort: 0, kmdPort: 0 })
    try {
      const p = await populate(a)
      const state = await dumpState(a.algod)
      const before = await view(a, p)
      await setBalance(b.algod, p.owner, 1_000_000n) // b's own history, replaced by the load
      expect(await loadState(b.algod, state)).toEqual({ round: Number((before as { round: bigint }).round) })
      expect(await view(b, p)).toEqual(before)
      // the loaded chain goes on from the file's tip, and dumps the file's blocks then its own
      expect(await setBalance(b.algod, p.fresh, 9_000_000n)).toEqual({ round: Number((before as { round: bigint }).round) + 1 })
      const again = await dumpState(b.algod)
      expect(Buffer.from(again.subarray(0, state.length)).equals(Buffer.from(state))).toBe(true)
    } finally {
      await a.stop()
      await b.stop()
    }
  })

  it('starts from --load-state and writes --dump-state on stop (startLocalnet and the CLI flags)', async () => {
    const file = join(work, 'state.bin')
    const first = await startLocalnet({ algodPort: 0, kmdPort: 0, dumpState: file })
    const p = await populate(first)
    const before = await view(first, p)
    await first.stop()
    const second = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: join(work, 'second'), loadState: file })
    try {
      expect(await view(second, p)).toEqual(before)
    } finally {
      await second.stop()
    }
    const run = (args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(import.meta.dirname, '..', 'bin', 'grove-localnet.mjs'), ...args], (e, stdout, stderr) => resolve({ status: e ? (e.code as number) : 0, stdout, stderr }))
      })
    const refused = await run(['start', '--algod-port', '0', '--kmd-port', '0', '--data', join(work, 'third'), '--load-state', join(work, 'missing.bin')])
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('missing.bin')
  })

  it('dumps and loads from the CLI: `grove-localnet dump-state FILE`, `grove-localnet load-state FILE`', async () => {
    const a = await startLocalnet({ algodPort: 0, kmdPort: 0 })
    const b = await startLocalnet({ algodPort: 0, kmdPort: 0 })
    try {
      const p = await populate(a)
      const run = (args: string[]) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
          execFile(process.execPath, [join(import.meta.dirname, '..', 'bin', 'grove-localnet.mjs'), ...args], (e, stdout, stderr) => resolve({ status: e ? (e.code as number) : 0, stdout, stderr }))
        })
      const file = join(work, 'cli-state.bin')
      expect((await run(['dump-state', file, '--algod', a.algod.url])).stderr).toBe('')
      expect((await run(['load-state', file, '--algod', b.algod.url])).stderr).toBe('')
      expect(await view(b, p)).toEqual(await view(a, p))
    } finally {
      await a.stop()
      await b.stop()
    }
  })

  it('refuses a file that is no state, a torn one, another chain\'s, and changes nothing', async () => {
    const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
    const future = await startLocalnet({ algodPort: 0, kmdPort: 0, consensus: 'future' })
    try {
      const p = await populate(net)
      const state = await dumpState(net.algod)
      const before = await view(net, p)
      const other = await dumpState(future.algod)
      const cases: [string, Uint8Array, number, RegExp][] = [
        ['bytes that are no state', new TextEncoder().encode('hello'), 400, /^not a Grove state file \(a state file is a chain log/],
        ['a torn file', state.subarray(0, state.length - 10), 400, /^the state file is corrupt at byte \d+: its record there fails its checksum or is cut short$/],
        ["another consensus's chain", other, 400, /^the state file is of another chain \(genesis .*\); start with --load-state to run it$/],
      ]
      for (const [name, bytes, status, message] of cases) {
        const err = await loadState(net.algod, bytes).catch((e: unknown) => e)
        expect(err, name).toBeInstanceOf(CheatError)
        expect([name, (err as CheatError).status]).toEqual([name, status])
        expect((err as CheatError).message).toMatch(message)
      }
      expect(await view(net, p)).toEqual(before)
      const noToken = await fetch(`${net.algod.url}/grove/v1/state/dump`, { method: 'POST' })
      expect(noToken.status).toBe(401)
    } finally {
      await net.stop()
      await future.stop()
    }
  })
})
