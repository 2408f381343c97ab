// algod's PendingTransactionResponse of an applied transaction (go's v2 converters), with its
// state deltas and inner transactions: simulate's result embeds it for each transaction, and the
// algod API's GET /v2/transactions/pending/{txid} answers with it (@grove/localnet's algod/models.ts).

import algosdk from 'algosdk'
import type { AppliedTxn, ValueDelta } from '../apply.ts'
import { txnToSdk } from '../convert.ts'
import { unhex } from '../state.ts'
import { ZERO32, addr } from '../bytes.ts'

const m = algosdk.modelsv2
function b64(b: Uint8Array): string {
  return Buffer.from(b).toString('base64')
}

/** A state delta's entries as algod lists them (keys base64). */
function deltaList(d: Map<string, ValueDelta>): algosdk.modelsv2.EvalDeltaKeyValue[] {
  return [...d].map(([k, v]) => new m.EvalDeltaKeyValue({ key: b64(unhex(k)), value: new m.EvalDelta({ action: v.action, bytes: v.bytes && b64(v.bytes), uint: v.uint === undefined ? undefined : BigInt(v.uint) }) }))
}

/** algod's PendingTransactionResponse for an applied transaction (recursing into inners). */
export function pendingResponse(stxn: algosdk.SignedTransaction, a: AppliedTxn, round: bigint | undefined, accounts: Uint8Array[]): algosdk.modelsv2.PendingTransactionResponse {
  const ad = a.applyData
  const localStateDelta = [...ad.localDeltas].map(([i, d]) => {
    const who = i === 0 ? stxn.txn.sender.publicKey : (accounts[i - 1] ?? ad.sharedAccts[i - 1 - accounts.length] ?? ZERO32)
    return new m.AccountStateDelta({ address: addr(who), delta: deltaList(d) })
  })
  return new m.PendingTransactionResponse({
    poolError: '',
    txn: stxn,
    confirmedRound: round,
    closingAmount: ad.closingAmount === 0n ? undefined : ad.closingAmount,
    assetClosingAmount: ad.assetClosingAmount === 0n ? undefined : ad.assetClosingAmount,
    assetIndex: ad.createdAssetId === 0n ? undefined : ad.createdAssetId,
    applicationIndex: ad.createdAppId === 0n ? undefined : ad.createdAppId,
    globalStateDelta: ad.globalDelta.size > 0 ? deltaList(ad.globalDelta) : undefined,
    localStateDelta: localStateDelta.length > 0 ? localStateDelta : undefined,
    logs: ad.logs.length > 0 ? ad.logs : undefined,
    innerTxns: ad.inner.length > 0 ? ad.inner.map((t) => pendingResponse(new algosdk.SignedTransaction({ txn: txnToSdk(t.txn) }), t, round, t.txn.accounts)) : undefined,
  })
}
