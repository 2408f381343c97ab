import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { openNode } from '../src/chain.ts'
import { GENESIS_ACCOUNT_BALANCE, genesisAccounts, genesisHash } from '../src/genesis.ts'
import { ChainLog } from '../src/persist.ts'
import { sha512_256 } from '../src/hash.ts'
import type { Node } from '../src/node.ts'
import { confirmedText, viewText } from './fixture.ts'

const [alice, bob] = genesisAccounts()
const enc = new TextEncoder()
const dirs: string[] = []

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-persist-'))
  dirs.push(d)
  return d
}

function logFile(dir: string): string {
  return path.join(dir, 'ledger', 'chain.log')
}

function params(node: Node): algosdk.SuggestedParams {
  const sp = node.suggestedParams()
  return { fee: 0n, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash, flatFee: false }
}

function program(src: string): Uint8Array {
  const r = assemble(src)
  if (r.program === undefined) throw new Error('assembly failed')
  return r.program
}

function pay(node: Node, amount: number, receiver: string): algosdk.Transaction {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver, amount, suggestedParams: params(node) })
  node.submit(txn.signTxn(alice.secretKey))
  return txn
}

// create: global n = 0; opt-in: local l = 7; call: box "b1" = arg 0, n += 1
const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn OnCompletion
int OptIn
==
bnz optin
byte "b1"
txna ApplicationArgs 0
box_put
byte "n"
byte "n"
app_global_get
int 1
+
app_global_put
int 1
return
create:
byte "n"
int 0
app_global_put
int 1
return
optin:
int 0
byte "l"
int 7
app_local_put
int 1
return`

/** Builds a chain touching every kind of state: payments, an asset, an app with global/local state and a box, a time offset. */
function buildHistory(node: Node): { txIds: string[]; assetId: bigint; appId: bigint; addresses: string[] } {
  const carol = algosdk.generateAccount().addr.toString()
  const txIds = [pay(node, 5_000_000, carol).txID()]
  const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.address, total: 1000, decimals: 0, defaultFrozen: false, unitName: 'GRV', assetName: 'Grove', manager: alice.address, suggestedParams: params(node) })
  node.submit(acfg.signTxn(alice.secretKey))
  const assetId = node.pendingTransaction(acfg.txID())!.applied.applyData.createdAssetId
  const optIn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: bob.address, amount: 0, assetIndex: assetId, suggestedParams: params(node) })
  const xfer = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 250, assetIndex: assetId, suggestedParams: params(node) })
  // an atomic pair: one block with two transactions
  algosdk.assignGroupID([optIn, xfer])
  node.submit(new Uint8Array([...optIn.signTxn(bob.secretKey), ...xfer.signTxn(alice.secretKey)]))
  node.setBlockTimeOffset(3600n)
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: alice.address, approvalProgram: program(APPROVAL), clearProgram: program('#pragma version 10\nint 1'),
    numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 1, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: params(node),
  })
  node.submit(create.signTxn(alice.secretKey))
  const appId = node.pendingTransaction(create.txID())!.applied.applyData.createdAppId
  const appAddr = algosdk.getApplicationAddress(appId).toString()
  txIds.push(pay(node, 1_000_000, appAddr).txID())
  const join = algosdk.makeApplicationOptInTxnFromObject({ sender: bob.address, appIndex: appId, suggestedParams: params(node) })
  node.submit(join.signTxn(bob.secretKey))
  const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: alice.address, appIndex: appId, appArgs: [enc.encode('hello box')], boxes: [{ appIndex: appId, name: enc.encode('b1') }], suggestedParams: params(node) })
  node.submit(call.signTxn(alice.secretKey))
  txIds.push(acfg.txID(), optIn.txID(), xfer.txID(), create.txID(), join.txID(), call.txID())
  return { txIds, assetId, appId, addresses: [alice.address, bob.address, carol, appAddr] }
}

/** Everything a client can read, encoded, so two nodes compare with toEqual. */
function view(node: Node, h: ReturnType<typeof buildHistory>): Record<string, unknown> {
  const rounds = Array.from({ length: Number(node.lastRound()) + 1 }, (_, r) => BigInt(r))
  return {
    status: node.lastRound(),
    offset: node.getBlockTimeOffset(),
    params: viewText(node.suggestedParams()),
    accounts: h.addresses.map((a) => viewText(node.account(a))),
    holding: viewText(node.accountAsset(bob.address, h.assetId)),
    local: viewText(node.accountApplication(bob.address, h.appId)),
    asset: viewText(node.asset(h.assetId)),
    app: viewText(node.application(h.appId)),
    boxes: node.boxNames(h.appId).map((n) => viewText(node.box(h.appId, n))),
    blocks: rounds.map((r) => Buffer.from(node.encodedBlock(r)!).toString('hex')),
    headers: rounds.map((r) => Buffer.from(node.encodedBlock(r, true)!).toString('hex')),
    pending: h.txIds.map((id) => confirmedText(node.pendingTransaction(id))),
  }
}

describe('persistence in a data directory', () => {
  it('restores round, accounts, assets, apps, boxes, blocks, lookups and the time offset after a restart', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    const history = buildHistory(first)
    const before = view(first, history)
    expect(first.boxNames(history.appId)).toHaveLength(1)
    await first.close()

    const second = openNode({ dataDir: dir })
    expect(view(second, history)).toEqual(before)
    expect(second.lastRound()).toBe(7n)
    expect(second.getBlockTimeOffset()).toBe(3600n)
    await second.close()
  })

  it('restores the last rounds\' state deltas and headers exactly, after blocks of up to 16 transactions', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    const history = buildHistory(first)
    // a full group: its block's payset takes msgpack's wide array prefix
    const group = Array.from({ length: 16 }, (_, i) =>
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: i + 1, suggestedParams: params(first) }))
    algosdk.assignGroupID(group)
    const signed = new Uint8Array(group.flatMap((t) => [...t.signTxn(alice.secretKey)]))
    first.submit(signed)
    for (let i = 0; i < 3; i++) pay(first, 10 + i, bob.address)
    const rounds = Array.from({ length: Number(first.lastRound()) + 1 }, (_, r) => BigInt(r))
    const deltas = (node: Node): unknown[] => rounds.map((r) => [node.ledgerStateDelta(r), node.groupDeltasForRound(r)])
    const before = { view: view(first, history), deltas: deltas(first), group: first.groupDelta(group[0].group!) }
    expect(first.block(8n)!.payset).toHaveLength(16)
    await first.close()

    const second = openNode({ dataDir: dir })
    expect({ view: view(second, history), deltas: deltas(second), group: second.groupDelta(group[0].group!) }).toEqual(before)
    expect(second.block(8n)!.payset).toHaveLength(16)
    expect(() => second.submit(signed)).toThrow(`transaction already in ledger: ${group[0].txID()}`)
    await second.close()
  })

  it('keeps the genesis block of the first run', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir, now: () => 1_700_000_000_000 })
    const genesis = first.encodedBlock(0n)
    await first.close()
    const second = openNode({ dataDir: dir, now: () => 1_800_000_000_000 })
    expect(second.encodedBlock(0n)).toEqual(genesis)
    await second.close()
  })

  it('keeps the last time offset and clock offset set, negative ones too (written without a flush of their own)', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    // the clock's offset first: setting it clears the dev-mode offset
    first.setClockOffset(-3_600n)
    first.setBlockTimeOffset(500n)
    first.setBlockTimeOffset(-86_400n)
    await first.close()
    const second = openNode({ dataDir: dir })
    expect(second.getBlockTimeOffset()).toBe(-86_400n)
    expect(second.getClockOffset()).toBe(-3_600n)
    // a block after the offsets flushes them with it
    second.setClockOffset(7_200n)
    pay(second, 1000, bob.address)
    await second.close()
    const third = openNode({ dataDir: dir })
    expect(third.getClockOffset()).toBe(7_200n)
    await third.close()
  })

  it('still rejects a transaction committed before the restart as a duplicate', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1, suggestedParams: params(first) })
    const signed = txn.signTxn(alice.secretKey)
    first.submit(signed)
    await first.close()
    const second = openNode({ dataDir: dir })
    expect(() => second.submit(signed)).toThrow(`transaction already in ledger: ${txn.txID()}`)
    expect(second.lastRound()).toBe(1n)
    await second.close()
  })

  it('continues the chain after a restart: new blocks link to the replayed ones', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    pay(first, 1000, bob.address)
    await first.close()
    const second = openNode({ dataDir: dir })
    pay(second, 2000, bob.address)
    const prev = algosdk.encodeMsgpack(second.block(1n)!.header)
    const branch = second.block(2n)!.header.branch
    await second.close()
    const third = openNode({ dataDir: dir })
    expect(third.lastRound()).toBe(2n)
    expect(third.block(2n)!.header.branch).toEqual(branch)
    expect(branch).toEqual(sha512_256(enc.encode('BH'), prev))
    await third.close()
  })

  it('cuts a torn last record off and keeps every block before it', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    pay(first, 1000, bob.address)
    pay(first, 2000, bob.address)
    const tip = first.encodedBlock(2n)
    await first.close()
    const intact = fs.statSync(logFile(dir)).size
    // a third record cut short, as a kill -9 in the middle of its write leaves it
    const node = openNode({ dataDir: dir })
    pay(node, 3000, bob.address)
    await node.close()
    fs.truncateSync(logFile(dir), intact + 40)

    const recovered = openNode({ dataDir: dir })
    expect(recovered.lastRound()).toBe(2n)
    expect(recovered.encodedBlock(2n)).toEqual(tip)
    expect(fs.statSync(logFile(dir)).size).toBe(intact)
    pay(recovered, 4000, bob.address)
    expect(recovered.lastRound()).toBe(3n)
    await recovered.close()
  })

  it('drops garbage after the last record', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    pay(first, 1000, bob.address)
    await first.close()
    fs.appendFileSync(logFile(dir), Buffer.concat([Buffer.from('GREC'), Buffer.alloc(300, 0xab)]))
    fs.appendFileSync(logFile(dir), Buffer.alloc(4096))
    const node = openNode({ dataDir: dir })
    expect(node.lastRound()).toBe(1n)
    await node.close()
  })

  it('reports corruption in the middle of the log instead of dropping the blocks after it', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    for (let i = 1; i <= 3; i++) pay(first, i * 1000, bob.address)
    await first.close()
    const buf = fs.readFileSync(logFile(dir))
    // flip one byte inside the second record (round 1)
    const second = buf.indexOf('GREC', buf.indexOf('GREC') + 1)
    buf[second + 60] ^= 0xff
    fs.writeFileSync(logFile(dir), buf)
    expect(() => openNode({ dataDir: dir })).toThrow(/chain\.log is corrupt at byte \d+: the record after round 0 fails its checksum but intact records follow it/)
    // the file is left as it was, for the operator to inspect
    expect(fs.readFileSync(logFile(dir))).toEqual(buf)
  })

  it('refuses a log of another genesis and a file that is not a chain log', async () => {
    const dir = dataDir()
    await openNode({ dataDir: dir }).close()
    const buf = fs.readFileSync(logFile(dir))
    buf[20] ^= 1
    fs.writeFileSync(logFile(dir), buf)
    expect(() => openNode({ dataDir: dir })).toThrow(/belongs to another genesis/)
    fs.writeFileSync(logFile(dir), 'hello')
    expect(() => openNode({ dataDir: dir })).toThrow(/is not a Grove chain log/)
  })

  it('refuses to replay a log whose blocks counted transactions differently from this ledger', () => {
    const dir = dataDir()
    const genesis = algosdk.decodeMsgpack(openNode().encodedBlock(0n)!, algosdk.Block)
    genesis.header.txnCounter += 5n
    ChainLog.open(dir, genesisHash(), () => ({ kind: 'block', group: new Uint8Array(), block: algosdk.encodeMsgpack(genesis) })).log.close()
    expect(() => openNode({ dataDir: dir })).toThrow(/^round 0 was logged with txn counter \d+ but replays to \d+: the ledger changed how it applies transactions .* \(start with --reset to begin afresh\)$/)
  })

  it('refuses a data directory another live node holds, and takes over one a killed process left', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    expect(() => openNode({ dataDir: dir })).toThrow(`data directory ${dir} is in use by process ${process.pid}`)
    await first.close()
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    fs.writeFileSync(path.join(dir, 'ledger', 'LOCK'), dead)
    const node = openNode({ dataDir: dir })
    expect(node.lastRound()).toBe(0n)
    await node.close()
  })

  it('undoes the group and keeps serving when a log write fails, leaving the log at the last acknowledged block', async () => {
    const dir = dataDir()
    // a child whose files may not grow past 40 KiB: the append that crosses it fails with EFBIG
    const script = `
      import algosdk from 'algosdk'
      import { openNode, genesisAccounts } from ${JSON.stringify(path.resolve(import.meta.dirname, '../src/index.ts'))}
      const node = openNode({ dataDir: process.env.GROVE_DIR })
      const [alice, bob] = genesisAccounts()
      const out = { acked: 0, errors: [], bob: 0n }
      for (let i = 0; out.errors.length < 2 && i < 1000; i++) {
        const sp = node.suggestedParams()
        const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1, suggestedParams: { fee: 1000n, minFee: 1000n, flatFee: true, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisHash: sp.genesisHash, genesisID: sp.genesisId } })
        try { node.submit(txn.signTxn(alice.secretKey)); out.acked++ } catch (e) { out.errors.push(e.status + ' ' + e.message) }
      }
      out.bob = String(BigInt(node.account(bob.address).record.balance))
      console.log(JSON.stringify(out))`
    const child = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 40; exec "${process.execPath}" --import tsx --conditions=@grove/source --input-type=module -e "$SCRIPT"`], {
      env: { ...process.env, GROVE_DIR: dir, SCRIPT: script },
      encoding: 'utf8',
    })
    expect(child.stderr).toBe('')
    const out = JSON.parse(child.stdout) as { acked: number; errors: string[]; bob: string }
    expect(out.acked).toBeGreaterThan(10)
    // the torn write was cut off, so the node refuses the group and keeps serving (the next write fails alike)
    expect(out.errors[0]).toMatch(/^500 ledger storage failed: chain log write failed: EFBIG/)
    expect(out.errors[1]).toMatch(/^500 ledger storage failed: chain log write failed: EFBIG/)
    // the failed group was undone in memory too
    expect(BigInt(out.bob)).toBe(GENESIS_ACCOUNT_BALANCE + BigInt(out.acked))
    expect(fs.statSync(logFile(dir)).size).toBeLessThanOrEqual(40 * 1024)

    const node = openNode({ dataDir: dir })
    expect(node.lastRound()).toBe(BigInt(out.acked))
    expect(BigInt(node.account(bob.address).record.balance)).toBe(GENESIS_ACCOUNT_BALANCE + BigInt(out.acked))
    pay(node, 1, bob.address)
    await node.close()
  })

  it('refuses writes once closed', async () => {
    const node = openNode({ dataDir: dataDir() })
    await node.close()
    expect(() => pay(node, 1, bob.address)).toThrow('node is closed')
    expect(() => node.setBlockTimeOffset(1n)).toThrow('node is closed')
  })
})
