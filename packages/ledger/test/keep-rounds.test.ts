// --keep-rounds on disk: the log is rewritten without the dropped rounds once as many are dropped
// as are kept, and a node killed at any point after reopens from the snapshot the rewrite left.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { openNode } from '../src/chain.ts'
import { genesisAccounts } from '../src/genesis.ts'
import type { Node } from '../src/node.ts'
import { BH } from '../src/block-bytes.ts'
import { sha512_256 } from '../src/hash.ts'

const [alice, bob] = genesisAccounts()
const dirs: string[] = []

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-keep-rounds-'))
  dirs.push(d)
  return d
}

/** Pays bob `amount`, noted `keep-<amount>` (so a test can look for it in the log). */
async function pay(node: Node, amount: number): Promise<string> {
  const sp = node.suggestedParams()
  const suggestedParams = { fee: 1000n, flatFee: true, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash }
  const note = new TextEncoder().encode(`keep-${amount}.`)
  const res = node.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount, note, suggestedParams }).signTxn(alice.secretKey))
  await res.durable
  return res.txId
}

/** The data directory as a kill -9 now would leave it (the node still holds it, so its files are copied). */
function killedCopy(dir: string): string {
  const copy = dataDir()
  fs.cpSync(path.join(dir, 'ledger'), path.join(copy, 'ledger'), { recursive: true })
  fs.rmSync(path.join(copy, 'ledger', 'LOCK'), { force: true })
  return copy
}

describe('--keep-rounds on disk', () => {
  it('rewrites the log without the dropped rounds, and a node killed after reopens at the same tip with the same kept blocks', async () => {
    const dir = dataDir()
    const node = openNode({ dataDir: dir, keepRounds: 4, blockCache: 2 })
    const log = path.join(dir, 'ledger', 'chain.log')
    for (let i = 1; i <= 7; i++) await pay(node, i)
    const whole = fs.statSync(log).size
    // round 8 drops round 4, the 4th dropped: the log loses rounds 1 to 4
    await pay(node, 8)
    expect(fs.statSync(log).size).toBeLessThan(whole)
    const last = await pay(node, 9)
    expect(node.firstRound()).toBe(6n)
    const kept = [6n, 7n, 8n, 9n].map((r) => Buffer.from(node.encodedBlock(r)!).toString('hex'))

    const reopened = openNode({ dataDir: killedCopy(dir), keepRounds: 4 })
    expect(reopened.lastRound()).toBe(9n)
    expect(reopened.firstRound()).toBe(6n)
    expect(reopened.encodedBlock(5n)).toBeUndefined()
    expect([6n, 7n, 8n, 9n].map((r) => Buffer.from(reopened.encodedBlock(r)!).toString('hex'))).toEqual(kept)
    expect(reopened.account(bob.address).record.balance).toBe(node.account(bob.address).record.balance)
    expect(reopened.pendingTransaction(last)?.round).toBe(9n)
    // it goes on from there: the next block links to round 9
    await pay(reopened, 10)
    expect(Buffer.from(reopened.block(10n)!.header.branch).equals(Buffer.from(sha512_256(BH, algosdk.encodeMsgpack(reopened.block(9n)!.header))))).toBe(true)
    await reopened.close()
    await node.close()
  })

  it('keeps the dropped rounds in the log while a dev snapshot is held, rewrites it once the snapshot is reverted to, and restarts from there', async () => {
    const dir = dataDir()
    const node = openNode({ dataDir: dir, keepRounds: 3 })
    const log = path.join(dir, 'ledger', 'chain.log')
    const inLog = (amounts: number[]): boolean[] => amounts.map((a) => fs.readFileSync(log).includes(`keep-${a}.`))
    for (let i = 1; i <= 5; i++) await pay(node, i)
    const { id } = await node.snapshot()
    // rounds 1 to 4 are dropped from memory, but a revert to round 5 needs the log as it was
    for (let i = 6; i <= 7; i++) await pay(node, i)
    expect(node.firstRound()).toBe(5n)
    expect(inLog([1, 2, 3])).toEqual([true, true, true])
    expect(await node.revert(id)).toMatchObject({ round: 5n })
    // a dropped round stays dropped: the revert brings back no round before 5
    await pay(node, 8)
    expect(node.firstRound()).toBe(5n)
    expect(inLog([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([false, false, false, false, true, false, false, true])
    const balance = node.account(bob.address).record.balance
    await node.close()
    const again = openNode({ dataDir: dir, keepRounds: 3 })
    expect(again.lastRound()).toBe(6n)
    expect(again.firstRound()).toBe(5n)
    expect(again.account(bob.address).record.balance).toBe(balance)
    await again.close()
  })
})
