// Dev snapshots (node.snapshot / node.revert, Anvil's evm_snapshot / evm_revert): a revert returns
// the state and the chain's indexes to the snapshot by undoing what changed since, so its cost does
// not grow with the state; with a data directory the log is cut back too, so a restart agrees.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { emptyAccountData } from '@grove/avm'
import { openNode } from '../src/chain.ts'
import { genesisAccounts } from '../src/genesis.ts'
import type { Node } from '../src/node.ts'
import type { LedgerState } from '../src/state.ts'
import { viewText } from './fixture.ts'

const [alice] = genesisAccounts()

function pay(node: Node, amount: number, receiver = algosdk.generateAccount().addr.toString()): string {
  const sp = node.suggestedParams()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: alice.address,
    receiver,
    amount,
    suggestedParams: { fee: 0n, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash, flatFee: false },
  })
  node.submit(txn.signTxn(alice.secretKey))
  return receiver
}

/** The small change each revert undoes: three payments to new accounts and a set balance. */
async function smallChange(node: Node): Promise<string[]> {
  const made = [pay(node, 1_000_000), pay(node, 2_000_000), pay(node, 3_000_000)]
  await node.setBalance(alice.address, 5_000_000_000n)
  return made
}

describe('dev snapshots', () => {
  it('returns accounts, blocks and transactions to the snapshot, and the chain goes on from there', async () => {
    const node = openNode()
    pay(node, 1_000_000)
    const before = viewText(node.account(alice.address))
    const { id, round } = await node.snapshot()
    const made = await smallChange(node)
    const txId = node.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: made[0], amount: 1, suggestedParams: { ...node.suggestedParams(), fee: 1000n, flatFee: true, firstValid: round, lastValid: round + 100n, genesisID: node.genesisId } }).signTxn(alice.secretKey)).txId
    expect(await node.revert(id)).toMatchObject({ round })
    expect(node.lastRound()).toBe(round)
    expect(node.block(round + 1n)).toBeUndefined()
    expect(viewText(node.account(alice.address))).toBe(before)
    for (const a of made) expect(node.account(a).record.balance).toBe(0)
    expect(node.pendingTransaction(txId)).toBeUndefined()
    pay(node, 100_000)
    expect(node.lastRound()).toBe(round + 1n)
  })

  it('undoes what changed since the snapshot, not the state: the same change costs the same with 300,000 more accounts', async () => {
    const undone = async (extra: number): Promise<{ undone: number; ms: number }> => {
      const node = openNode()
      // a big state, written as a loaded snapshot writes it (creating it with payments would take minutes)
      const state = (node as unknown as { state: LedgerState }).state
      for (let i = 0; i < extra; i++) state.accounts.set(i.toString(16).padStart(64, '0'), { ...emptyAccountData(), balance: 1_000_000 })
      const { id } = await node.snapshot()
      await smallChange(node)
      const t0 = performance.now()
      const res = await node.revert(id)
      return { undone: res.undone, ms: performance.now() - t0 }
    }
    const small = await undone(0)
    const big = await undone(300_000)
    expect(small.undone).toBeGreaterThan(0)
    expect(big.undone).toBe(small.undone)
    // copying or scanning 300,000 accounts takes far longer than this on any machine
    expect(big.ms).toBeLessThan(50)
  })

  it('consumes the snapshot and every later one; an unknown id is refused and changes nothing', async () => {
    const node = openNode()
    const first = await node.snapshot()
    pay(node, 1_000_000)
    const second = await node.snapshot()
    pay(node, 1_000_000)
    await node.revert(first.id)
    await expect(node.revert(second.id)).rejects.toMatchObject({ status: 404, message: `snapshot ${second.id} does not exist (none is taken; a revert consumes its snapshot and every later one)` })
    await expect(node.revert(first.id)).rejects.toMatchObject({ status: 404 })
    expect(node.lastRound()).toBe(first.round)
    // a nested snapshot reverted first leaves the earlier one usable
    const outer = await node.snapshot()
    pay(node, 100_000)
    const inner = await node.snapshot()
    pay(node, 100_000)
    expect((await node.revert(inner.id)).round).toBe(inner.round)
    expect((await node.revert(outer.id)).round).toBe(outer.round)
  })

  it('cuts the log back, so a restart after a revert has the reverted chain', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dev-snapshots-'))
    try {
      let node = openNode({ dataDir })
      const kept = pay(node, 1_000_000)
      const { id, round } = await node.snapshot()
      const gone = await smallChange(node)
      node.setClockOffset(3600n)
      await node.revert(id)
      expect(node.getClockOffset()).toBe(0n)
      const after = pay(node, 4_000_000)
      await node.mine(1)
      await node.close()
      node = openNode({ dataDir })
      expect(node.lastRound()).toBe(round + 2n)
      expect(node.account(kept).record.balance).toBe(1_000_000)
      expect(node.account(after).record.balance).toBe(4_000_000)
      for (const a of gone) expect(node.account(a).record.balance).toBe(0)
      expect(node.getClockOffset()).toBe(0n)
      await node.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
