// A refused group changes nothing: a fault injected at each stage of a commit (apply, block
// encoding, state delta, log write, flush) leaves memory, the status, the chain log and a restart
// exactly as they were before the group, and the node keeps serving. Also the op-up pattern
// (an inner app created and deleted in one group) that once broke delta building.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { openNode } from '../src/chain.ts'
import { genesisAccounts } from '../src/genesis.ts'
import type { CommitStage, Node } from '../src/node.ts'
import { viewText } from './fixture.ts'

const [alice, bob] = genesisAccounts()
const dirs: string[] = []

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-faults-'))
  dirs.push(d)
  return d
}

function program(src: string): Uint8Array {
  const r = assemble(src)
  if (r.program === undefined) throw new Error(`assembly failed: ${JSON.stringify(r.errors)}`)
  return r.program
}

// TEALScript's and puya's op-up: an inner app call that creates an app with OnCompletion
// DeleteApplication, so the app exists neither before nor after the group
const OPUP = `#pragma version 10
txn ApplicationID
bz ok
itxn_begin
int appl
itxn_field TypeEnum
int DeleteApplication
itxn_field OnCompletion
byte 0x0a8101
itxn_field ApprovalProgram
byte 0x0a8101
itxn_field ClearStateProgram
int 0
itxn_field Fee
itxn_submit
byte "n"
byte "n"
app_global_get
int 1
+
app_global_put
ok:
int 1`

function params(node: Node, fee = 0n): algosdk.SuggestedParams {
  const sp = node.suggestedParams()
  return { fee, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash, flatFee: fee > 0n }
}

/** Deploys the op-up app and funds its account; returns its id. */
async function deploy(node: Node): Promise<bigint> {
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: alice.address,
    approvalProgram: program(OPUP),
    clearProgram: program('#pragma version 10\nint 1'),
    numGlobalByteSlices: 0,
    numGlobalInts: 1,
    numLocalByteSlices: 0,
    numLocalInts: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: params(node),
  })
  await node.submit(create.signTxn(alice.secretKey)).durable
  const appId = node.pendingTransaction(create.txID())!.applied.applyData.createdAppId
  const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: params(node) })
  await node.submit(fund.signTxn(alice.secretKey)).durable
  return appId
}

/** The op-up call grouped with a payment to bob, signed. */
function opUpGroup(node: Node, appId: bigint, note: string): Uint8Array {
  const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: alice.address, appIndex: appId, note: new TextEncoder().encode(note), suggestedParams: params(node, 3000n) })
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 12345, suggestedParams: params(node) })
  const group = algosdk.assignGroupID([call, pay])
  return Buffer.concat(group.map((t) => t.signTxn(alice.secretKey)))
}

/** Everything a client can see of the chain that a refused group could have changed. */
function snapshot(node: Node, appId: bigint): unknown {
  const last = node.lastRound()
  const status = node.status()
  return {
    last,
    status: { lastRound: status.lastRound, protocol: status.protocol },
    accounts: [alice.address, bob.address, algosdk.getApplicationAddress(appId).toString()].map((a) => viewText(node.account(a))),
    app: viewText(node.application(appId)!),
    block: Buffer.from(node.encodedBlock(last)!).toString('hex'),
    supply: node.supply(),
    delta: (() => {
      const d = node.ledgerStateDelta(last)
      return 'error' in d ? d.error : Buffer.from(algosdk.msgpackRawEncode(d.delta)).toString('hex')
    })(),
    next: node.suggestedParams().lastRound,
  }
}

function logBytes(dir: string): string {
  return fs.readFileSync(path.join(dir, 'ledger', 'chain.log')).toString('hex')
}

describe('a refused group changes nothing', () => {
  it('commits the op-up pattern (an inner app created and deleted) and records the app as deleted in the delta', async () => {
    const dir = dataDir()
    const node = openNode({ dataDir: dir })
    const appId = await deploy(node)
    await node.submit(opUpGroup(node, appId, 'x')).durable
    const round = node.lastRound()
    const delta = node.ledgerStateDelta(round)
    if ('error' in delta) throw new Error(delta.error)
    const creatables = delta.delta.get('Creatables') as Map<bigint, Map<string, unknown>>
    expect([...creatables.values()].map((c) => [c.get('Ctype'), c.get('Created')])).toEqual([[1, false]])
    expect([...(node.application(appId)!.globals?.values() ?? [])]).toEqual([{ key: new TextEncoder().encode('n'), value: 1 }])
    await node.close()
    // the next start replays it
    const again = openNode({ dataDir: dir })
    expect(again.lastRound()).toBe(round)
    await again.close()
  })

  const stages: CommitStage[] = ['apply', 'encode', 'deltas', 'log', 'flush']
  it.each(stages)('undoes everything when the %s stage throws, in memory, in the log and after a restart', async (stage) => {
    const dir = dataDir()
    let armed: CommitStage | undefined
    const node = openNode({ dataDir: dir, fault: (s) => {
      if (s === armed) throw new Error(`injected ${s} fault`)
    } })
    const appId = await deploy(node)
    await node.submit(opUpGroup(node, appId, 'before')).durable
    const before = snapshot(node, appId)
    const logBefore = logBytes(dir)

    armed = stage
    const refused = (async () => node.submit(opUpGroup(node, appId, 'refused')).durable)()
    await expect(refused).rejects.toThrow(stage === 'flush' ? /ledger storage failed, block not committed: injected flush fault/ : `injected ${stage} fault`)
    armed = undefined

    expect(snapshot(node, appId)).toEqual(before)
    expect(logBytes(dir)).toBe(logBefore)
    await node.close()

    // a restart from the data directory sees the state before the refused group
    const restarted = openNode({ dataDir: dir })
    expect(snapshot(restarted, appId)).toEqual(before)
    // and the node keeps serving: the same group goes in now
    await restarted.submit(opUpGroup(restarted, appId, 'refused')).durable
    expect(restarted.lastRound()).toBe((before as { last: bigint }).last + 1n)
    await restarted.close()
  })

  it('keeps serving after a refused group without a restart', async () => {
    const dir = dataDir()
    let armed = true
    const node = openNode({ dataDir: dir, fault: (s) => {
      if (armed && s === 'flush') throw new Error('injected flush fault')
    } })
    const pay = (): Promise<void> | undefined =>
      node.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1, suggestedParams: params(node) }).signTxn(alice.secretKey)).durable
    // two submits share one flush that fails: both are undone
    const first = pay()
    const second = pay()
    expect(node.lastRound()).toBe(2n)
    await expect(first).rejects.toThrow(/ledger storage failed/)
    await expect(second).rejects.toThrow(/ledger storage failed/)
    expect(node.lastRound()).toBe(0n)
    armed = false
    await pay()
    expect(node.lastRound()).toBe(1n)
    await node.close()
    const restarted = openNode({ dataDir: dir })
    expect(restarted.lastRound()).toBe(1n)
    await restarted.close()
  })
})
