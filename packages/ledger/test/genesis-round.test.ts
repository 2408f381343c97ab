// A chain's genesis round: 0 on a plain chain; on a fork, the remote's latest round at the start,
// so the fork's blocks continue the remote's numbering (issue 27). Only genesis accounts are
// touched here, which a fork keeps local, so no remote is read.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { openNode } from '../src/chain.ts'
import { genesisAccounts } from '../src/genesis.ts'
import type { NodeForkOptions } from '../src/fork.ts'
import type { Node } from '../src/node.ts'
import { AccountStatus } from '../src/records.ts'

const [alice, bob] = genesisAccounts()
const dirs: string[] = []
const BASE = 48_123_456

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-genesis-round-'))
  dirs.push(d)
  return d
}

function fork(): NodeForkOptions {
  // nothing here touches a remote account: the URL is never fetched
  return { url: 'http://127.0.0.1:9', base: { url: 'http://127.0.0.1:9', genesisId: 'remote-v1-fork', remoteGenesisHash: Buffer.alloc(32, 7).toString('base64'), round: BASE, timestamp: 1_700_000_000, txnCounter: 5_000 } }
}

function pay(node: Node, amount: number): string {
  const sp = node.suggestedParams()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: alice.address,
    receiver: bob.address,
    amount,
    suggestedParams: { fee: 0n, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash, flatFee: false },
  })
  node.submit(txn.signTxn(alice.secretKey))
  return txn.txID()
}

describe('genesis round', () => {
  it('is 0 on a plain chain, whose first block is round 1', async () => {
    const node = openNode()
    expect(node.genesisRound()).toBe(0n)
    pay(node, 1)
    expect(node.lastRound()).toBe(1n)
    expect(node.block(0n)?.header.round).toBe(0n)
    await node.close()
  })

  it("is the remote's round on a fork: genesis there, blocks after it, nothing before it, and the same after a restart", async () => {
    const dir = dataDir()
    const node = openNode({ dataDir: dir, fork: fork() })
    const base = BigInt(BASE)
    expect(node.genesisRound()).toBe(base)
    expect(node.lastRound()).toBe(base)
    expect(node.block(base)?.header.timestamp).toBe(1_700_000_000n)
    expect(node.block(base - 1n)).toBeUndefined()
    expect(node.encodedBlock(base - 1n)).toBeUndefined()
    const first = pay(node, 1)
    const second = pay(node, 2)
    expect(node.lastRound()).toBe(base + 2n)
    expect(node.status().lastRound).toBe(base + 2n)
    expect(node.pendingTransaction(first)?.round).toBe(base + 1n)
    expect(node.block(base + 1n)?.header.round).toBe(base + 1n)
    // the kept deltas go back to the genesis round, as a plain chain's go back to 0
    expect('delta' in node.ledgerStateDelta(base + 1n)).toBe(true)
    expect(node.ledgerStateDelta(base)).toEqual({ error: `round ${base} not in deltas: dbRound ${base}, deltas 2, offset 0` })
    // the genesis accounts' participation windows start at the genesis round: still online
    expect(node.account(alice.address).record.status).toBe(AccountStatus.Online)
    expect(node.supply().onlineStake).toBeGreaterThan(0n)
    await node.close()

    const again = openNode({ dataDir: dir, fork: fork() })
    expect(again.lastRound()).toBe(base + 2n)
    expect(again.pendingTransaction(second)?.round).toBe(base + 2n)
    expect(BigInt(again.account(bob.address).record.balance)).toBe(BigInt(node.account(bob.address).record.balance))
    pay(again, 3)
    expect(again.lastRound()).toBe(base + 3n)
    await again.close()
  })
})
