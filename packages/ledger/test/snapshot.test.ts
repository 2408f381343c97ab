// Restart from a state snapshot: a clean stop snapshots the tip, the next start loads it and
// replays only later blocks, answering every read as a full replay would; a snapshot that does
// not match the log (damaged, or another chain's) is ignored and the whole log is replayed.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inspect } from 'node:util'
import algosdk from 'algosdk'
import { openNode } from '../src/chain.ts'
import { genesisAccounts } from '../src/genesis.ts'
import { snapshotFile } from '../src/snapshot.ts'
import type { Node } from '../src/node.ts'
import { confirmedText, viewText } from './fixture.ts'

const [alice, bob] = genesisAccounts()
const dirs: string[] = []

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-snap-'))
  dirs.push(d)
  return d
}

function params(node: Node): algosdk.SuggestedParams {
  const sp = node.suggestedParams()
  return { fee: 0n, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash, flatFee: false }
}

let leaseByte = 0

/** A few rounds of payments (each with its own lease) and an asset, returning the txids. */
async function activity(node: Node, n: number): Promise<string[]> {
  const ids: string[] = []
  const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.address, total: 1000, decimals: 0, defaultFrozen: false, suggestedParams: params(node) })
  await node.submit(acfg.signTxn(alice.secretKey)).durable
  ids.push(acfg.txID())
  for (let i = 0; i < n; i++) {
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1000 + i, lease: new Uint8Array(32).fill(++leaseByte), suggestedParams: params(node) })
    await node.submit(pay.signTxn(alice.secretKey)).durable
    ids.push(pay.txID())
  }
  return ids
}

/** Every read that a snapshot must reproduce. */
function view(node: Node, ids: string[]): unknown {
  const last = node.lastRound()
  const delta = node.ledgerStateDelta(last)
  return {
    last,
    accounts: [alice.address, bob.address].map((a) => viewText(node.account(a))),
    asset: viewText(node.asset(1001n)!),
    pending: ids.map((id) => confirmedText(node.pendingTransaction(id)!)),
    block: Buffer.from(node.encodedBlock(last)!).toString('hex'),
    first: Buffer.from(node.encodedBlock(1n)!).toString('hex'),
    delta: 'error' in delta ? delta.error : inspect(delta.delta, { depth: null, maxArrayLength: null }),
    supply: node.supply(),
    params: viewText(node.suggestedParams()),
  }
}

describe('restart from a snapshot', () => {
  it('answers every read after a clean stop as before it, and still refuses a committed transaction and a held lease', async () => {
    const dir = dataDir()
    const node = openNode({ dataDir: dir })
    const ids = await activity(node, 6)
    const before = view(node, ids)
    await node.close()
    expect(fs.existsSync(snapshotFile(dir))).toBe(true)

    const again = openNode({ dataDir: dir })
    expect(view(again, ids)).toEqual(before)
    // the txid and the lease of the last payment are still remembered
    const last = again.pendingTransaction(ids[ids.length - 1])!.stxn
    expect(() => again.submit(algosdk.encodeMsgpack(last))).toThrow(/already in ledger|using an overlapping lease/)
    await again.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: alice.address, amount: 5, suggestedParams: params(again) }).signTxn(bob.secretKey)).durable
    await again.close()
  })

  it('replays the blocks logged after the snapshot', async () => {
    const dir = dataDir()
    const first = openNode({ dataDir: dir })
    await activity(first, 2)
    await first.close()
    const second = openNode({ dataDir: dir })
    const ids = await activity(second, 3)
    const before = view(second, ids)
    // no clean stop: keep this snapshot older than the log's tip
    const snapshot = fs.readFileSync(snapshotFile(dir))
    await second.close()
    fs.writeFileSync(snapshotFile(dir), snapshot)
    const third = openNode({ dataDir: dir })
    expect(view(third, ids)).toEqual(before)
    await third.close()
  })

  it('ignores a damaged snapshot or another chain\'s, replaying the whole log', async () => {
    const dir = dataDir()
    const node = openNode({ dataDir: dir })
    const ids = await activity(node, 3)
    const before = view(node, ids)
    await node.close()
    const good = fs.readFileSync(snapshotFile(dir))
    const damaged = Buffer.from(good)
    damaged[damaged.length >> 1] ^= 0xff
    fs.writeFileSync(snapshotFile(dir), damaged)
    const a = openNode({ dataDir: dir })
    expect(view(a, ids)).toEqual(before)
    await a.close()

    // another data directory's snapshot at the same round number names another block
    const other = dataDir()
    const o = openNode({ dataDir: other })
    await o.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: bob.address, amount: 0, suggestedParams: params(o) }).signTxn(bob.secretKey)).durable
    for (let i = 0; i < 3; i++) await o.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: alice.address, amount: i + 1, suggestedParams: params(o) }).signTxn(bob.secretKey)).durable
    await o.close()
    fs.copyFileSync(snapshotFile(other), snapshotFile(dir))
    const b = openNode({ dataDir: dir })
    expect(view(b, ids)).toEqual(before)
    await b.close()
  })
})
