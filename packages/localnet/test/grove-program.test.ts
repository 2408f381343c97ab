// POST /grove/v1/apps/{id}/program (Anvil's anvil_setCode), its function and CLI command: replaces a
// deployed app's programs in a block of its own, keeping its id, state and boxes, so a test can
// migrate a contract in place; kept across a restart; a refused call answers 4xx with a sentence
// and changes nothing (no block, same programs).
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { CheatError, setBalance, setProgram, startLocalnet, type Localnet } from '../src/index.ts'
import { programRefusal } from '../src/algod/handlers/grove-program.ts'

let net: Localnet
let dataDir: string
let algorand: AlgorandClient

const clientOf = (n: Localnet): AlgorandClient => {
  const a = new URL(n.algod.url)
  return AlgorandClient.fromConfig({ algodConfig: { server: `http://${a.hostname}`, port: a.port, token: n.algod.token } })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grove-program-'))
  net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
  algorand = clientOf(net)
})
afterAll(async () => {
  await net.stop()
  await rm(dataDir, { recursive: true, force: true })
})

/** A program that logs `word`, keeps a global counter and approves (clear programs too approve). */
const teal = (word: string): string => `#pragma version 10\nbyte "${word}"\nlog\nbyte "n"\nbyte "n"\napp_global_get\nint 1\n+\napp_global_put\nint 1\n`
const compile = async (source: string): Promise<Uint8Array> => (await algorand.app.compileTeal(source)).compiledBase64ToBytes
const lastRound = async (): Promise<bigint> => (await algorand.client.algod.status().do()).lastRound
const programs = async (app: bigint) => {
  const params = (await algorand.client.algod.getApplicationByID(app).do()).params!
  return { approval: params.approvalProgram, clear: params.clearStateProgram, version: params.version }
}
const post = (path: string, body: string, token = net.algod.token) => fetch(`${net.algod.url}${path}`, { method: 'POST', headers: { 'X-Algo-API-Token': token }, body })
const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64')

/** A funded account and an app it created running teal('v1'), called once (its counter is 1). */
async function deployed() {
  const sender = algorand.account.random()
  await setBalance(net.algod, sender.addr.toString(), 10_000_000n)
  const { appId } = await algorand.send.appCreate({ sender: sender.addr, approvalProgram: teal('v1'), clearStateProgram: '#pragma version 10\nint 1', schema: { globalInts: 1, globalByteSlices: 0, localInts: 0, localByteSlices: 0 }, suppressLog: true })
  return { sender: sender.addr.toString(), account: sender, app: appId }
}
const call = async (sender: string, app: bigint, note: string): Promise<string> => {
  const res = await algorand.send.appCall({ sender, appId: app, note, suppressLog: true })
  return new TextDecoder().decode(res.confirmation.logs![0])
}

describe('setProgram', () => {
  it('replaces the approval program in a block of its own; the app keeps its id and global state', async () => {
    const { sender, app } = await deployed()
    expect(await call(sender, app, 'a')).toBe('v1')
    const before = await lastRound()
    const clear = (await programs(app)).clear
    expect(await setProgram(net.algod, app, await compile(teal('v2')))).toEqual({ round: Number(before) + 1 })
    expect(await call(sender, app, 'b')).toBe('v2')
    const after = await programs(app)
    expect(after.approval).toEqual(await compile(teal('v2')))
    expect(after.clear).toEqual(clear)
    expect(after.version).toBe(1)
    const params = (await algorand.client.algod.getApplicationByID(app).do()).params!
    // the counter went on from the old program's 1 (creation) + 1 (first call)
    expect(params.globalState?.find((kv) => Buffer.from(kv.key).toString() === 'n')?.value.uint).toBe(3n)
  })

  it('replaces the clear state program too when given', async () => {
    const { app } = await deployed()
    const approval = await compile(teal('v3'))
    const clear = await compile('#pragma version 10\nint 0\nreturn')
    await setProgram(net.algod, app, approval, clear)
    expect(await programs(app)).toMatchObject({ approval, clear })
  })

  it('keeps a replaced program across a restart, replaying its block from the log', async () => {
    const { sender, account, app } = await deployed()
    await setProgram(net.algod, app, await compile(teal('kept')))
    await net.stop()
    await rm(join(dataDir, 'ledger', 'snapshot.bin'), { force: true })
    net = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir })
    algorand = clientOf(net)
    algorand.account.setSignerFromAccount(account)
    expect(await call(sender, app, 'c')).toBe('kept')
  })

  it('refuses bad input with a sentence and changes nothing', async () => {
    const { app } = await deployed()
    const v2 = b64(await compile(teal('v2')))
    const v5 = b64(await compile('#pragma version 5\nint 1'))
    const long = b64(await compile(`#pragma version 10\n${'int 1\npop\n'.repeat(1100)}int 1`))
    const cases: [string, string, string, number, string][] = [
      ['a body that is not JSON', `/grove/v1/apps/${app}/program`, 'x', 400, programRefusal('x')],
      ['no approval program', `/grove/v1/apps/${app}/program`, '{"clear":"CoEBQw=="}', 400, programRefusal('{"clear":"CoEBQw=="}')],
      ['a program that is not base64', `/grove/v1/apps/${app}/program`, '{"approval":"!!"}', 400, programRefusal('{"approval":"!!"}')],
      ['an unknown field', `/grove/v1/apps/${app}/program`, `{"approval":"${v2}","extra":1}`, 400, programRefusal(`{"approval":"${v2}","extra":1}`)],
      ['an empty program', `/grove/v1/apps/${app}/program`, '{"approval":""}', 400, 'the approval program is empty'],
      ['bytes that are no program', `/grove/v1/apps/${app}/program`, '{"approval":"Cv8="}', 400, "the approval program does not pass the AVM's check: pc=  1 illegal opcode 0xff"],
      ['a program past the app\'s pages', `/grove/v1/apps/${app}/program`, `{"approval":"${long}"}`, 400, `approval program too long. (${Buffer.from(long, 'base64').length} > 2048): app ${app} has 0 extra pages`],
      ['programs of different versions', `/grove/v1/apps/${app}/program`, `{"approval":"${v5}"}`, 400, 'program version mismatch: 5 != 10'],
      ['an app that does not exist', '/grove/v1/apps/999999999/program', `{"approval":"${v2}"}`, 404, 'application 999999999 does not exist'],
      ['an app id that is no uint64', '/grove/v1/apps/x/program', `{"approval":"${v2}"}`, 400, 'Invalid format for parameter application-id: error binding string parameter: strconv.ParseUint: parsing "x": invalid syntax'],
    ]
    const before = await programs(app)
    const round = await lastRound()
    for (const [name, path, body, status, message] of cases) {
      const res = await post(path, body)
      expect([name, res.status, ((await res.json()) as { message: string }).message]).toEqual([name, status, message])
    }
    expect(await lastRound()).toBe(round)
    expect(await programs(app)).toEqual(before)
  })

  it('requires the algod token', async () => {
    const { app } = await deployed()
    const res = await post(`/grove/v1/apps/${app}/program`, JSON.stringify({ approval: b64(await compile(teal('v2'))) }), 'b'.repeat(64))
    expect(res.status).toBe(401)
    await expect(setProgram({ url: net.algod.url, token: 'b'.repeat(64) }, app, await compile(teal('v2')))).rejects.toThrow(CheatError)
  })

  it('replaces a program from the CLI with a TEAL file: `grove-localnet set-program APP FILE --algod URL`', async () => {
    const { sender, app } = await deployed()
    const file = join(dataDir, 'v4.teal')
    await writeFile(file, teal('v4'))
    const run = (args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(import.meta.dirname, '..', 'bin', 'grove-localnet.mjs'), ...args], (e, stdout, stderr) => resolve({ status: e ? (e.code as number) : 0, stdout, stderr }))
      })
    const ok = await run(['set-program', String(app), file, '--algod', net.algod.url])
    expect(ok.stderr).toBe('')
    expect(await call(sender, app, 'd')).toBe('v4')
    const refused = await run(['set-program', '999999999', file, '--algod', net.algod.url])
    expect(refused.status).toBe(1)
    expect(refused.stderr.trim()).toBe('grove-localnet: application 999999999 does not exist')
  })
})
