// algokit-subscriber, unmodified, following the embedded localnet from round 1 through algod's
// blocks: every transaction incl. inner ones, with logs, ARC-28 events and balance changes.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandSubscriber, getSubscribedTransactions } from '@algorandfoundation/algokit-subscriber'
import { BalanceChangeRole, type SubscribedTransaction } from '@algorandfoundation/algokit-subscriber/types/subscription'
import type { Arc28EventGroup } from '@algorandfoundation/algokit-subscriber/types/arc-28'
import { startDropinNet, compile, funder, params, send, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
/** Top-level transactions sent, by id, with what each should look like to the subscriber. */
const sent: { id: string; type: string }[] = []
let appId: bigint
let appCallId: string
let assetId: bigint

const SWAP_SIGNATURE = 'Swap(uint64,uint64)'
// ARC-28: the first 4 bytes of SHA512/256 of the signature (no return type, unlike ABI methods)
const swapSelector = createHash('sha512-256').update(SWAP_SIGNATURE).digest().subarray(0, 4)
const arc28Events: Arc28EventGroup[] = [
  { groupName: 'grove', events: [{ name: 'Swap', args: [{ type: 'uint64', name: 'amountIn' }, { type: 'uint64', name: 'amountOut' }] }] },
]

// On a call: log an ARC-28 Swap(7, 9) event, then pay the caller 1000 µAlgo by inner transaction.
const APPROVAL = `#pragma version 10
txn ApplicationID
bz done
pushbytes 0x${Buffer.from(swapSelector).toString('hex')}
pushint 7
itob
concat
pushint 9
itob
concat
log
itxn_begin
pushint 1
itxn_field TypeEnum
txn Sender
itxn_field Receiver
pushint 1000
itxn_field Amount
pushint 0
itxn_field Fee
itxn_submit
done:
pushint 1
`

beforeAll(async () => {
  d = await startDropinNet()
  const f = funder()
  const sp = await params(d.algod)
  const other = algosdk.generateAccount()

  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: other.addr, amount: 2_000_000, suggestedParams: sp })
  await send(d.algod, pay.signTxn(f.sk))
  sent.push({ id: pay.txID(), type: 'pay' })

  const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: f.addr, total: 100n, decimals: 0, defaultFrozen: false, unitName: 'SUB', assetName: 'Sub', suggestedParams: sp })
  assetId = (await send(d.algod, acfg.signTxn(f.sk))).assetIndex!
  sent.push({ id: acfg.txID(), type: 'acfg' })

  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: f.addr,
    approvalProgram: await compile(d.algod, APPROVAL),
    clearProgram: await compile(d.algod, '#pragma version 10\npushint 1'),
    numGlobalByteSlices: 0,
    numGlobalInts: 0,
    numLocalByteSlices: 0,
    numLocalInts: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: sp,
  })
  appId = (await send(d.algod, create.signTxn(f.sk))).applicationIndex!
  sent.push({ id: create.txID(), type: 'appl' })

  const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: sp })
  const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: f.addr, appIndex: appId, suggestedParams: { ...sp, fee: 2000n } })
  algosdk.assignGroupID([fund, call])
  await send(d.algod, fund.signTxn(f.sk), call.signTxn(f.sk))
  sent.push({ id: fund.txID(), type: 'pay' }, { id: call.txID(), type: 'appl' })
  appCallId = call.txID()
})

afterAll(async () => {
  await d.stop()
})

/** Every subscribed transaction, inner ones flattened in after their parent. */
function flatten(txns: SubscribedTransaction[]): SubscribedTransaction[] {
  return txns.flatMap((t) => [t, ...flatten(t.innerTxns ?? [])])
}

describe('getSubscribedTransactions from round 1', () => {
  async function syncAll(): Promise<Awaited<ReturnType<typeof getSubscribedTransactions>>> {
    return getSubscribedTransactions(
      { filters: [{ name: 'everything', filter: {} }], arc28Events, syncBehaviour: 'sync-oldest', watermark: 0n, maxRoundsToSync: 100 },
      d.algod,
    )
  }

  it('syncs every round to the tip and sees every top-level transaction', async () => {
    const res = await syncAll()
    const tip = (await d.algod.status().do()).lastRound
    expect(res.syncedRoundRange).toEqual([1n, tip])
    expect(res.newWatermark).toBe(tip)
    const topLevel = res.subscribedTransactions.filter((t) => t.parentTransactionId === undefined)
    expect(topLevel.map((t) => t.id)).toEqual(sent.map((s) => s.id))
    expect(topLevel.map((t) => t.txType)).toEqual(sent.map((s) => s.type))
  })

  it('reports created asset and app ids and confirmed rounds', async () => {
    const res = await syncAll()
    const byId = new Map(res.subscribedTransactions.map((t) => [t.id, t]))
    expect(byId.get(sent[1]!.id)?.createdAssetIndex).toBe(assetId)
    expect(byId.get(sent[2]!.id)?.createdApplicationIndex).toBe(appId)
    for (const s of sent) expect(byId.get(s.id)?.confirmedRound).toBeGreaterThan(0n)
  })

  it('sees the inner payment, with its parent and offset-style id', async () => {
    const res = await syncAll()
    const inner = res.subscribedTransactions.find((t) => t.parentTransactionId === appCallId)
    expect(inner).toBeDefined()
    expect(inner!.id).toBe(`${appCallId}/inner/1`)
    expect(inner!.txType).toBe('pay')
    expect(inner!.sender).toBe(algosdk.getApplicationAddress(appId).toString())
    expect(inner!.paymentTransaction?.receiver).toBe(funder().addr.toString())
    expect(inner!.paymentTransaction?.amount).toBe(1000n)
    const parent = res.subscribedTransactions.find((t) => t.id === appCallId)!
    expect(parent.innerTxns?.map((t) => t.txType)).toEqual(['pay'])
  })

  it('decodes the app call\'s log as an ARC-28 event', async () => {
    const res = await syncAll()
    const call = res.subscribedTransactions.find((t) => t.id === appCallId)!
    expect(call.logs).toHaveLength(1)
    expect(Buffer.from(call.logs![0]!).subarray(0, 4)).toEqual(Buffer.from(swapSelector))
    expect(call.arc28Events).toHaveLength(1)
    expect(call.arc28Events![0]).toMatchObject({ groupName: 'grove', eventName: 'Swap', eventSignature: SWAP_SIGNATURE, args: [7n, 9n], argsByName: { amountIn: 7n, amountOut: 9n } })
  })

  it('computes balance changes for the inner payment and the fee payer', async () => {
    const res = await syncAll()
    const app = algosdk.getApplicationAddress(appId).toString()
    const inner = res.subscribedTransactions.find((t) => t.id === `${appCallId}/inner/1`)!
    const changes = new Map(inner.balanceChanges!.map((c) => [c.address, c]))
    expect(changes.get(app)).toMatchObject({ assetId: 0n, amount: -1000n })
    expect(changes.get(app)!.roles).toContain(BalanceChangeRole.Sender)
    expect(changes.get(funder().addr.toString())).toMatchObject({ assetId: 0n, amount: 1000n, roles: [BalanceChangeRole.Receiver] })
    const call = res.subscribedTransactions.find((t) => t.id === appCallId)!
    expect(call.balanceChanges).toContainEqual({ address: funder().addr.toString(), assetId: 0n, amount: -2000n, roles: [BalanceChangeRole.Sender] })
  })

  it('filters by app id and by balance change', async () => {
    const res = await getSubscribedTransactions(
      {
        filters: [
          { name: 'app', filter: { appId } },
          { name: 'asset', filter: { balanceChanges: [{ assetId, role: BalanceChangeRole.AssetCreator }] } },
        ],
        syncBehaviour: 'sync-oldest',
        watermark: 0n,
        maxRoundsToSync: 100,
      },
      d.algod,
    )
    const matched = new Map(flatten(res.subscribedTransactions).map((t) => [t.id, t.filtersMatched]))
    expect(matched.get(appCallId)).toEqual(['app'])
    expect(matched.get(sent[1]!.id)).toEqual(['asset'])
  })
})

describe('AlgorandSubscriber', () => {
  it('polls from a watermark, emits each matched transaction and saves the new watermark', async () => {
    let watermark = 0n
    const seen: string[] = []
    const subscriber = new AlgorandSubscriber(
      {
        filters: [{ name: 'payments', filter: { type: algosdk.TransactionType.pay } }],
        syncBehaviour: 'sync-oldest',
        maxRoundsToSync: 100,
        watermarkPersistence: { get: () => Promise.resolve(watermark), set: (w) => Promise.resolve(void (watermark = w)) },
      },
      d.algod,
    )
    subscriber.on('payments', (t) => void seen.push(t.id))
    await subscriber.pollOnce()
    const tip = (await d.algod.status().do()).lastRound
    expect(watermark).toBe(tip)
    expect(seen).toEqual([sent[0]!.id, sent[3]!.id, `${appCallId}/inner/1`])

    // a new payment is picked up by the next poll, and only it
    const f = funder()
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: f.addr, amount: 0, suggestedParams: await params(d.algod) })
    await send(d.algod, pay.signTxn(f.sk))
    seen.length = 0
    await subscriber.pollOnce()
    expect(seen).toEqual([pay.txID()])
    expect(watermark).toBe(tip + 1n)
  })
})
