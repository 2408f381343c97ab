// Balance changes read from simulate responses built from algosdk's own models, as algod decodes them.
import { describe, expect, it } from 'vitest'
import {
  Address,
  SignedTransaction,
  makeApplicationNoOpTxnFromObject,
  makeAssetTransferTxnWithSuggestedParamsFromObject,
  makePaymentTxnWithSuggestedParamsFromObject,
  modelsv2,
} from 'algosdk'
import type { SuggestedParams, Transaction } from 'algosdk'
import { SimulationFailedError, assertSimulationSucceeded, simulatedBalanceChanges } from '../../src/core/simulate-changes.ts'

const account = (n: number) => new Address(new Uint8Array(32).fill(n))
const ME = account(1)
const APP = account(2)
const OTHER = account(3)
const params = (fee: bigint): SuggestedParams => ({ flatFee: true, fee, minFee: 1000n, firstValid: 1n, lastValid: 1001n, genesisHash: new Uint8Array(32), genesisID: 'test' })

const pay = (sender: Address, receiver: Address, amount: bigint, fee = 1000n, closeRemainderTo?: Address) =>
  makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver, amount, closeRemainderTo, suggestedParams: params(fee) })
const axfer = (sender: Address, receiver: Address, assetIndex: bigint, amount: bigint, fee = 1000n, extra: { closeRemainderTo?: Address; assetSender?: Address } = {}) =>
  makeAssetTransferTxnWithSuggestedParamsFromObject({ sender, receiver, assetIndex, amount, suggestedParams: params(fee), ...extra })
const call = (fee: bigint) => makeApplicationNoOpTxnFromObject({ sender: ME, appIndex: 7n, suggestedParams: params(fee) })

type Result = { txn: Transaction; inner?: Result[]; closingAmount?: bigint; assetClosingAmount?: bigint }
const result = (r: Result): modelsv2.PendingTransactionResponse =>
  new modelsv2.PendingTransactionResponse({
    poolError: '',
    txn: new SignedTransaction({ txn: r.txn }),
    innerTxns: r.inner?.map(result),
    closingAmount: r.closingAmount,
    assetClosingAmount: r.assetClosingAmount,
  })
const response = (results: Result[], failure?: { message: string; at: number[] }) =>
  new modelsv2.SimulateResponse({
    version: 2,
    lastRound: 10n,
    txnGroups: [
      new modelsv2.SimulateTransactionGroupResult({
        txnResults: results.map((r) => new modelsv2.SimulateTransactionResult({ txnResult: result(r) })),
        failureMessage: failure?.message,
        failedAt: failure?.at,
      }),
    ],
  })

describe('simulatedBalanceChanges', () => {
  it.each<[string, Result[], [bigint, bigint][], bigint]>([
    ['a swap of ALGO for an asset: the deposit out, the inner transfer in, the app call fee', [
      { txn: pay(ME, APP, 1_000_000n) },
      { txn: call(2000n), inner: [{ txn: axfer(APP, ME, 42n, 5_000n, 0n) }] },
    ], [[0n, -1_000_000n], [42n, 5_000n]], 3000n],
    ['an add of liquidity: two deposits out, LP tokens and a refund in', [
      { txn: axfer(ME, APP, 42n, 10_000n) },
      { txn: pay(ME, APP, 2_000_000n) },
      { txn: call(3000n), inner: [{ txn: axfer(APP, ME, 99n, 700n, 0n) }, { txn: pay(APP, ME, 50_000n, 0n) }] },
    ], [[42n, -10_000n], [0n, -1_950_000n], [99n, 700n]], 5000n],
    ['an opt-in moves nothing but its fee', [{ txn: axfer(ME, ME, 42n, 0n) }], [], 1000n],
    ['a payment to oneself moves nothing but its fee', [{ txn: pay(ME, ME, 5n) }], [], 1000n],
    ['a close-to sends the remainder away', [{ txn: pay(ME, OTHER, 1n, 1000n, APP), closingAmount: 3_000n }], [[0n, -3_001n]], 1000n],
    ['a close-to received counts as received', [{ txn: call(1000n), inner: [{ txn: pay(APP, OTHER, 1n, 0n, ME), closingAmount: 7n }] }], [[0n, 7n]], 1000n],
    ['an asset close-to sends the holding away', [{ txn: axfer(ME, APP, 42n, 10n, 1000n, { closeRemainderTo: APP }), assetClosingAmount: 90n }], [[42n, -100n]], 1000n],
    ['a clawback takes from the asset sender, not the transaction sender', [{ txn: call(1000n), inner: [{ txn: axfer(APP, OTHER, 42n, 8n, 0n, { assetSender: ME }) }] }], [[42n, -8n]], 1000n],
    ['transactions between others change nothing', [{ txn: pay(OTHER, APP, 9n) }, { txn: axfer(APP, OTHER, 42n, 3n) }], [], 0n],
    ['inner transactions nest', [{ txn: call(1000n), inner: [{ txn: call(0n), inner: [{ txn: pay(APP, ME, 11n, 0n) }] }] }], [[0n, 11n]], 1000n],
  ])('%s', (_name, results, assets, fee) => {
    const changes = simulatedBalanceChanges(response(results), ME)
    expect([...changes.assets]).toEqual(assets)
    expect(changes.fee).toBe(fee)
    expect(changes.address).toBe(ME.toString())
  })

  it('takes the address as text too', () => {
    expect(simulatedBalanceChanges(response([{ txn: pay(OTHER, ME, 4n) }]), ME.toString()).assets).toEqual(new Map([[0n, 4n]]))
  })
})

describe('assertSimulationSucceeded', () => {
  it('returns a response whose group succeeded', () => {
    const ok = response([{ txn: pay(ME, APP, 1n) }])
    expect(assertSimulationSucceeded(ok)).toBe(ok)
  })

  it("throws algod's failure message and where it failed", () => {
    const failed = response([{ txn: pay(ME, APP, 1n) }], { message: 'transaction ABC: logic eval error: assert failed pc=12', at: [1] })
    const error = (() => {
      try {
        assertSimulationSucceeded(failed)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(SimulationFailedError)
    expect(error).toMatchObject({ message: 'transaction ABC: logic eval error: assert failed pc=12', failedAt: [1] })
  })
})
