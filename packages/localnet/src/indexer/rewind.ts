// An account at an earlier round, as the indexer's accounting.AccountAtRound gives it: its
// current answer walked back through its transactions after the round (newest first), undoing
// fees, payments, close amounts and asset movements. Like the indexer, it refuses to walk past an
// app call, a state proof or an inner transaction, and never rewinds app state, rewards or keys.
import type algosdk from 'algosdk'
import { addressString, isZeroAddress } from './address.ts'
import type { Json } from './convert.ts'
import { droppedRound, type IndexerStore } from './store.ts'

/** Why an account cannot be rewound (the text after the indexer's "error while rewinding account: "). */
export class RewindError extends Error {}

/** Go's uint64 arithmetic: the walk can pass below zero on the way and comes back. */
const u64 = (v: bigint): bigint => BigInt.asUintN(64, v)

/** `account` (the current answer, as JSON) at `round`, which must not be after the store's round. */
export function accountAtRound(store: IndexerStore, account: Json, address: string, round: bigint): Json {
  const special = store.specialAccounts.indexOf(address)
  if (special === 0) throw new RewindError('unable to rewind the FeeSink')
  if (special === 1) throw new RewindError('unable to rewind the RewardsPool')
  const out: Json = { ...account }
  let amount = BigInt(out['amount-without-pending-rewards'] as bigint | number)
  let assets = out.assets as Json[] | undefined
  const assetUpdate = (id: bigint, add: bigint, sub: bigint) => {
    assets ??= []
    const i = assets.findIndex((h) => BigInt(h['asset-id'] as bigint) === id)
    if (i >= 0) assets[i] = { ...assets[i], amount: u64(BigInt(assets[i]!.amount as bigint) + add - sub) }
    // a holding the answer lacks (closed since) comes back with only what the walk knows
    else assets.push({ amount: u64(add - sub), 'asset-id': id, 'is-frozen': false })
  }
  const is = (a: algosdk.Address | undefined) => a !== undefined && !isZeroAddress(a) && addressString(a) === address
  // the walk needs every row after the round: none may be in a round --keep-rounds dropped
  if (round + 1n < store.firstRound()) throw new RewindError(droppedRound(store, round + 1n))
  const rows = store.byAddress.get(address) ?? []
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = store.row(rows[i]!)
    if (row.round <= round) break
    if (row.inner) throw new RewindError('rewinding past inner transactions is not supported')
    const txn = row.stxn.signedTxn.txn
    const ad = row.stxn.applyData
    if (is(txn.sender)) amount = u64(amount + txn.fee - (ad.senderRewards ?? 0n))
    switch (txn.type) {
      case 'pay': {
        const p = txn.payment!
        if (is(txn.sender)) amount = u64(amount + p.amount)
        if (is(p.receiver)) amount = u64(amount - p.amount - (ad.receiverRewards ?? 0n))
        if (is(p.closeRemainderTo)) amount = u64(amount - (ad.closingAmount ?? 0n) - (ad.closeRewards ?? 0n))
        // as the indexer does: any other close adds the closed amount back, whoever this account is
        else if (!isZeroAddress(p.closeRemainderTo)) amount = u64(amount + (ad.closingAmount ?? 0n))
        break
      }
      case 'keyreg':
      case 'afrz':
      case 'hb':
        break
      case 'acfg':
        if (txn.assetConfig!.assetIndex === 0n) assetUpdate(row.creatable, 0n, txn.assetConfig!.total)
        break
      case 'axfer': {
        const t = txn.assetTransfer!
        const closed = ad.assetClosingAmount ?? 0n
        if (is(t.assetSender) || is(txn.sender)) assetUpdate(t.assetIndex, t.amount + closed, 0n)
        if (is(t.receiver)) assetUpdate(t.assetIndex, 0n, t.amount)
        if (is(t.closeRemainderTo)) assetUpdate(t.assetIndex, 0n, closed)
        break
      }
      default:
        throw new RewindError(`${address}[${row.round},${row.intra}]: rewinding past txn type ${txn.type} is not currently supported`)
    }
  }
  out.assets = assets
  out.round = round
  // rewards cannot be rewound over a close and reopen, and pending rewards and the minimum balance are not computed
  out.rewards = 0n
  out['pending-rewards'] = 0n
  out['amount-without-pending-rewards'] = amount
  out.amount = amount
  out['min-balance'] = 0n
  return out
}
