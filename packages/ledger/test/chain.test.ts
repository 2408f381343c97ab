import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { openNode } from '../src/chain.ts'
import { LedgerError } from '../src/errors.ts'
import { GENESIS_ACCOUNT_BALANCE, GENESIS_ID, genesisAccounts } from '../src/genesis.ts'
import type { Node } from '../src/node.ts'
import { STATUS_TEXT } from '../src/records.ts'

const [alice, bob] = genesisAccounts()

function params(node: Node): algosdk.SuggestedParams {
  const sp = node.suggestedParams()
  return { fee: 0n, minFee: sp.minFee, firstValid: sp.lastRound, lastValid: sp.lastRound + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash, flatFee: false }
}

function pay(node: Node, amount: number, receiver = algosdk.generateAccount().addr.toString(), note?: Uint8Array): { txn: algosdk.Transaction; receiver: string } {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver, amount, note, suggestedParams: params(node) })
  node.submit(txn.signTxn(alice.secretKey))
  return { txn, receiver }
}

function program(src: string): Uint8Array {
  const r = assemble(src)
  if (r.program === undefined) throw new Error('assembly failed')
  return r.program
}

describe('genesis', () => {
  it('starts at round 0 with the funded accounts and dockernet-v1 params', () => {
    const node = openNode()
    expect(node.lastRound()).toBe(0n)
    expect(node.status().lastRound).toBe(0n)
    expect(BigInt(node.account(alice.address).record.balance)).toBe(GENESIS_ACCOUNT_BALANCE)
    const sp = node.suggestedParams()
    expect(sp.genesisId).toBe(GENESIS_ID)
    expect(sp.minFee).toBe(1000n)
    expect(node.block(0n)?.header.round).toBe(0n)
  })

  it('reports an unknown address as an empty account', () => {
    const node = openNode()
    const a = node.account(algosdk.generateAccount().addr.toString())
    expect(a.record.balance).toBe(0)
    expect(STATUS_TEXT[a.record.status ?? 0]).toBe('Offline')
  })
})

describe('submit', () => {
  it('commits each accepted group as its own block and records it for lookup', () => {
    const node = openNode()
    const { txn, receiver } = pay(node, 1_000_000)
    expect(node.lastRound()).toBe(1n)
    expect(BigInt(node.account(receiver).record.balance)).toBe(1_000_000n)
    const pending = node.pendingTransaction(txn.txID())
    expect(pending?.round).toBe(1n)
    expect(pending?.stxn.txn.txID()).toBe(txn.txID())
    expect(node.block(1n)?.payset.length).toBe(1)
    expect(node.block(1n)?.header.feesCollected).toBe(1000n)
  })

  const rejections: { name: string; run: (node: Node) => void; message: RegExp }[] = [
    {
      name: 'an overspend',
      run: (node) => {
        const poor = algosdk.generateAccount()
        pay(node, 200_000, poor.addr.toString())
        node.submit(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: poor.addr, receiver: bob.address, amount: 500_000, suggestedParams: params(node) }).signTxn(poor.sk))
      },
      message: /: overspend \(account [A-Z2-7]{58}, data .*tried to spend 500mA\)$/,
    },
    {
      name: 'a transaction submitted twice',
      run: (node) => {
        const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1, suggestedParams: params(node) })
        node.submit(txn.signTxn(alice.secretKey))
        node.submit(txn.signTxn(alice.secretKey))
      },
      message: /transaction already in ledger: /,
    },
    { name: 'an empty body', run: (node) => node.submit(new Uint8Array()), message: /^empty txgroup$/ },
  ]
  for (const c of rejections) {
    it(`refuses ${c.name} with algod's text and adds no block for it`, () => {
      const node = openNode()
      let before = node.lastRound()
      try {
        c.run(node)
        expect.unreachable()
      } catch (e) {
        expect(e).toBeInstanceOf(LedgerError)
        expect((e as LedgerError).message).toMatch(c.message)
        before = node.lastRound()
      }
      expect(node.lastRound()).toBe(before)
      expect(node.block(before + 1n)).toBeUndefined()
    })
  }

  it('leaves the balances untouched when a group is refused', () => {
    const node = openNode()
    const receiver = algosdk.generateAccount().addr.toString()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver, amount: 50_000, suggestedParams: params(node) })
    expect(() => node.submit(txn.signTxn(alice.secretKey))).toThrow(/balance 50000 below min 100000/)
    expect(BigInt(node.account(receiver).record.balance)).toBe(0n)
    expect(BigInt(node.account(alice.address).record.balance)).toBe(GENESIS_ACCOUNT_BALANCE)
    expect(node.lastRound()).toBe(0n)
  })

  it('refuses submits after close', async () => {
    const node = openNode()
    await node.close()
    expect(() => pay(node, 1_000_000)).toThrow(LedgerError)
  })
})

describe('blocks', () => {
  it("keeps each round's block as its canonical encoding, with or without the payset", () => {
    const node = openNode()
    pay(node, 200_000)
    const encoded = node.encodedBlock(1n)!
    const full = algosdk.decodeMsgpack(encoded, algosdk.Block)
    expect(algosdk.encodeMsgpack(full)).toEqual(encoded)
    expect(full.header.round).toBe(1n)
    expect(full.header.genesisID).toBe(GENESIS_ID)
    expect(full.payset.length).toBe(1)
    const headerOnly = node.encodedBlock(1n, true)!
    const header = algosdk.decodeMsgpack(headerOnly, algosdk.Block)
    expect(header.payset.length).toBe(0)
    expect(header.header).toEqual(full.header)
    expect(algosdk.encodeMsgpack(header)).toEqual(headerOnly)
    expect(node.encodedBlock(2n)).toBeUndefined()
  })

  it('drops the genesis id and hash from payset transactions, flagging the id, as algod does', () => {
    const node = openNode()
    pay(node, 200_000)
    const raw = algosdk.msgpackRawDecode(node.encodedBlock(1n)!) as { gh: Uint8Array; txns: { hgi?: boolean; hgh?: boolean; txn: Record<string, unknown> }[] }
    const entry = raw.txns[0]
    expect(raw.gh).toEqual(node.genesisHash)
    expect(entry.hgi).toBe(true)
    expect(entry.hgh).toBeUndefined()
    expect(entry.txn.gen).toBeUndefined()
    expect(entry.txn.gh).toBeUndefined()
    expect(entry.txn.type).toBe('pay')
  })

  it('links each block to the previous one and never repeats a seed', () => {
    const node = openNode()
    pay(node, 200_000)
    pay(node, 200_000)
    const [b1, b2] = [node.block(1n)!, node.block(2n)!]
    expect(b1.header.branch).not.toEqual(b2.header.branch)
    expect(b1.header.seed).not.toEqual(b2.header.seed)
  })

  it('stamps each block at the previous stamp plus the dev offset once one is set, as go\'s dev mode does', () => {
    let now = 1_700_000_000_000
    const node = openNode({ now: () => now })
    expect(node.getBlockTimeOffset()).toBeUndefined()
    pay(node, 200_000)
    expect(node.block(1n)?.header.timestamp).toBe(1_700_000_000n)
    node.setBlockTimeOffset(3600n)
    expect(node.getBlockTimeOffset()).toBe(3600n)
    now += 5000 // the wall clock no longer matters
    pay(node, 200_000)
    pay(node, 200_000)
    expect([node.block(2n)?.header.timestamp, node.block(3n)?.header.timestamp]).toEqual([1_700_003_600n, 1_700_007_200n])
  })

  it('keeps time moving when a smaller offset follows a larger one', () => {
    const node = openNode({ now: () => 1_700_000_000_000 })
    node.setBlockTimeOffset(100n)
    pay(node, 200_000)
    node.setBlockTimeOffset(10n)
    pay(node, 200_000)
    expect(node.block(2n)!.header.timestamp).toBe(node.block(1n)!.header.timestamp + 10n)
  })

  it('dates blocks in the past with Grove\'s clock offset, never before the previous block, and clears the dev offset', () => {
    const now = 1_700_000_000_000
    const node = openNode({ now: () => now })
    node.setBlockTimeOffset(60n)
    node.setClockOffset(-30n * 86400n)
    expect(node.getBlockTimeOffset()).toBeUndefined()
    pay(node, 200_000)
    expect(node.block(1n)!.header.timestamp).toBe(1_700_000_000n - 30n * 86400n)
    node.setClockOffset(-40n * 86400n)
    pay(node, 200_000)
    expect(node.block(2n)!.header.timestamp).toBe(node.block(1n)!.header.timestamp)
    node.setClockOffset(0n)
    pay(node, 200_000)
    expect(node.block(3n)!.header.timestamp).toBe(1_700_000_000n)
  })
})

describe('waitForBlockAfter', () => {
  it('resolves at once for a passed round, on the next block, or at the timeout', async () => {
    const node = openNode()
    const started = Date.now()
    await node.waitForBlockAfter(0n, 50)
    expect(Date.now() - started).toBeGreaterThanOrEqual(40)
    const waiting = node.waitForBlockAfter(0n, 10_000)
    pay(node, 200_000)
    await waiting
    expect(node.lastRound()).toBe(1n)
    const t0 = Date.now()
    await node.waitForBlockAfter(0n, 10_000)
    expect(Date.now() - t0).toBeLessThan(100)
  })

  it('releases waiters when the node closes', async () => {
    const node = openNode()
    const waiting = node.waitForBlockAfter(0n, 60_000)
    const t0 = Date.now()
    await node.close()
    await waiting
    expect(Date.now() - t0).toBeLessThan(1000)
    expect(node.lastRound()).toBe(0n)
  })
})

describe('assets, apps and boxes', () => {
  it('reads a created asset and the holdings of its creator and an opted-in account', () => {
    const node = openNode()
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.address, total: 100, decimals: 2, defaultFrozen: false, unitName: 'GRV', assetName: 'Grove', manager: alice.address, suggestedParams: params(node) })
    node.submit(create.signTxn(alice.secretKey))
    const id = node.pendingTransaction(create.txID())!.applied.applyData.createdAssetId
    expect(new TextDecoder().decode(node.asset(id)?.record.params.assetName)).toBe('Grove')
    expect(node.asset(id)?.record.params.total).toBe(100)
    expect(node.accountAsset(alice.address, id)?.holding?.amount).toBe(100)
    expect(node.accountAsset(bob.address, id)).toBeUndefined()
    node.submit(algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: bob.address, amount: 0, assetIndex: id, suggestedParams: params(node) }).signTxn(bob.secretKey))
    expect(node.accountAsset(bob.address, id)?.holding?.amount).toBe(0)
    expect(node.account(bob.address).holdings.map((h) => h.assetId)).toEqual([id])
    expect(node.asset(id + 100n)).toBeUndefined()
  })

  it('reads an app, its global state, its logs and deltas, and a box it made', () => {
    const node = openNode()
    const approval = program('#pragma version 10\ntxn ApplicationID\nbz create\nbyte "b"\nint 8\nbox_create\nreturn\ncreate:\nbyte "n"\nint 7\napp_global_put\nbyte "hi"\nlog\nint 1')
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: alice.address, approvalProgram: approval, clearProgram: program('#pragma version 10\nint 1'), numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: params(node),
    })
    node.submit(create.signTxn(alice.secretKey))
    const created = node.pendingTransaction(create.txID())!
    const appId = created.applied.applyData.createdAppId
    expect(created.applied.applyData.logs.map((l) => new TextDecoder().decode(l))).toEqual(['hi'])
    expect([...created.applied.applyData.globalDelta.values()][0].uint).toBe(7)
    const app = node.application(appId)!
    expect([...(app.globals?.values() ?? [])][0].value).toBe(7)
    expect(node.accountApplication(alice.address, appId)?.created?.record.params.approvalProgram).toEqual(approval)
    expect(node.accountApplication(bob.address, appId)).toBeUndefined()

    pay(node, 1_000_000, algosdk.getApplicationAddress(appId).toString())
    const name = new TextEncoder().encode('b')
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: alice.address, appIndex: appId, boxes: [{ appIndex: appId, name }], suggestedParams: params(node) })
    node.submit(call.signTxn(alice.secretKey))
    expect(node.boxNames(appId)).toEqual([name])
    expect(node.box(appId, name)?.value).toEqual(new Uint8Array(8))
    expect(node.box(appId, new TextEncoder().encode('x'))).toBeUndefined()
    expect(node.account(algosdk.getApplicationAddress(appId).toString()).record.totalBoxes).toBe(1)
  })
})

describe('simulate', () => {
  it('evaluates a group without committing it', () => {
    const node = openNode()
    const receiver = algosdk.generateAccount().addr.toString()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver, amount: 300_000, suggestedParams: params(node) })
    const stxn = algosdk.decodeSignedTransaction(txn.signTxn(alice.secretKey))
    const res = node.simulate({ txnGroups: [[stxn]] })
    expect(res.txnGroups[0].failure).toBeUndefined()
    expect(res.txnGroups[0].txnResults[0].applied?.txn.type).toBe('pay')
    expect(res.txnGroups[0].txnResults[0].stxn.txn.txID()).toBe(txn.txID())
    expect(BigInt(node.account(receiver).record.balance)).toBe(0n)
    expect(node.lastRound()).toBe(0n)
    node.submit(txn.signTxn(alice.secretKey))
    expect(BigInt(node.account(receiver).record.balance)).toBe(300_000n)
  })

  it('reports a failing group with algod\'s text and the failing index', () => {
    const node = openNode()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: algosdk.generateAccount().addr, amount: 1, suggestedParams: params(node) })
    const stxn = algosdk.decodeSignedTransaction(txn.signTxn(alice.secretKey))
    const res = node.simulate({ txnGroups: [[stxn]] })
    expect(res.txnGroups[0].failure?.message).toMatch(/below min 100000/)
    expect(res.txnGroups[0].failure?.path).toEqual([0])
  })
})
