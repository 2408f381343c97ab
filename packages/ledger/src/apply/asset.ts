// go's ledger/apply/asset.go: creating, reconfiguring and destroying an asset, transfers (opt-in,
// clawback, close-out) and freezes.

import { type Txn, type Uint64 } from '@grove/avm'
import { LedgerError } from '../errors.ts'
import { u64, type AssetRecord, type LedgerState } from '../state.ts'
import { ZERO32, addr, eq, isZero } from '../bytes.ts'
import type { ApplyData } from './types.ts'

export function applyAssetConfig(s: LedgerState, tx: Txn, ad: ApplyData): void {
    if (tx.configAsset === 0) {
    const id = s.nextId()
    s.putAsset(id, { params: tx.assetParams, creator: tx.sender })
    s.putHolding(tx.sender, id, { amount: tx.assetParams.total, frozen: false })
    s.updateAccount(tx.sender, (d) => {
      d.totalAssetParams++
      d.totalAssets++
    })
    ad.createdAssetId = BigInt(id)
    return
  }
  const rec = s.assetParams(tx.configAsset)
  if (rec === undefined) throw new LedgerError(`asset ${String(tx.configAsset)} does not exist or has been deleted`)
  if (isZero(rec.params.manager) || !eq(rec.params.manager, tx.sender)) {
    throw new LedgerError(`this transaction should be issued by the manager. It is issued by ${addr(tx.sender)}, manager key ${addr(rec.params.manager)}`)
  }
  const p = tx.assetParams
  const isDestroy = isZero(p.manager) && isZero(p.reserve) && isZero(p.freeze) && isZero(p.clawback)
  if (isDestroy) {
    const h = s.assetHolding(rec.creator, tx.configAsset)
    if (h === undefined) throw new LedgerError(`cannot destroy asset: account ${addr(rec.creator)} holds no assets`)
    if (BigInt(h.amount) !== BigInt(rec.params.total)) {
      throw new LedgerError(`cannot destroy asset: creator is holding only ${String(h.amount)}/${String(rec.params.total)}`)
    }
    s.putHolding(rec.creator, tx.configAsset, undefined)
    s.putAsset(tx.configAsset, undefined)
    s.updateAccount(rec.creator, (d) => {
      d.totalAssetParams--
      d.totalAssets--
    })
    return
  }
  // Reconfiguring may only change the four addresses, and a cleared one stays cleared.
  const next = { ...rec.params }
  next.manager = p.manager
  next.reserve = isZero(rec.params.reserve) ? ZERO32 : p.reserve
  next.freeze = isZero(rec.params.freeze) ? ZERO32 : p.freeze
  next.clawback = isZero(rec.params.clawback) ? ZERO32 : p.clawback
  s.putAsset(tx.configAsset, { ...rec, params: next })
}

/** go's apply.AssetTransfer, step for step. */
export function applyAssetTransfer(s: LedgerState, tx: Txn, ad: ApplyData): void {
    const aid = tx.xferAsset
  const params = (): AssetRecord => {
    const rec = s.assetParams(aid)
    if (rec === undefined) throw new LedgerError(`asset ${String(aid)} does not exist or has been deleted`)
    return rec
  }
  const clawback = !isZero(tx.assetSender)
  const source = clawback ? tx.assetSender : tx.sender
  if (clawback) {
    const rec = params()
    if (isZero(rec.params.clawback) || !eq(rec.params.clawback, tx.sender)) {
      throw new LedgerError(`clawback not allowed: sender ${addr(tx.sender)}, clawback ${addr(rec.params.clawback)}`)
    }
  }
  const amount = BigInt(tx.assetAmount)
  // Opt-in: a zero self-transfer creates the holding when there is none.
  if (amount === 0n && eq(tx.assetReceiver, source) && !clawback && s.assetHolding(source, aid) === undefined) {
    s.putHolding(source, aid, { amount: 0, frozen: params().params.defaultFrozen })
    s.updateAccount(source, (d) => d.totalAssets++)
  }
  // zero transfers touch no holding, so a transaction may be just a close-out
  takeOut(s, source, aid, amount, clawback)
  putIn(s, tx.assetReceiver, aid, amount, clawback)
  if (isZero(tx.assetCloseTo)) return
  if (clawback) throw new LedgerError('cannot close asset by clawback')
  if (s.accountData(source).totalAssets === 0) {
    throw new LedgerError(`cannot close asset holding on account ${addr(source)} : account is not opted in asset ${String(aid)} `)
  }
  const created = s.assetParams(aid)
  if (created !== undefined && eq(created.creator, source)) throw new LedgerError('cannot close asset ID in allocating account')
  const h = s.assetHolding(source, aid)
  if (h === undefined) throw new LedgerError(`asset ${String(aid)} not present in account ${addr(source)}`)
  // closing to the creator works even for a frozen holding
  const bypassFreeze = created !== undefined && eq(created.creator, tx.assetCloseTo)
  const rest = BigInt(h.amount)
  ad.assetClosingAmount = rest
  takeOut(s, source, aid, rest, bypassFreeze)
  putIn(s, tx.assetCloseTo, aid, rest, bypassFreeze)
  s.putHolding(source, aid, undefined)
  s.updateAccount(source, (d) => d.totalAssets--)
}

/** go's takeOut: debits a holding (nothing at all for zero). */
function takeOut(s: LedgerState, from: Uint8Array, aid: Uint64, amount: bigint, bypassFreeze: boolean): void {
  if (amount === 0n) return
    const h = s.assetHolding(from, aid)
  if (h === undefined) throw new LedgerError(`asset ${String(aid)} missing from ${addr(from)}`)
  if (h.frozen && !bypassFreeze) throw new LedgerError(`asset ${String(aid)} frozen in ${addr(from)}`)
  if (BigInt(h.amount) < amount) throw new LedgerError(`underflow on subtracting ${amount} from sender amount ${String(h.amount)}`)
  s.putHolding(from, aid, { ...h, amount: u64(BigInt(h.amount) - amount) })
}

/** go's putIn: credits a holding (nothing at all for zero). */
function putIn(s: LedgerState, to: Uint8Array, aid: Uint64, amount: bigint, bypassFreeze: boolean): void {
  if (amount === 0n) return
    const h = s.assetHolding(to, aid)
  if (h === undefined) throw new LedgerError(`receiver error: must optin, asset ${String(aid)} missing from ${addr(to)}`)
  if (h.frozen && !bypassFreeze) throw new LedgerError('asset frozen in recipient')
  const sum = BigInt(h.amount) + amount
  if (sum > 0xffff_ffff_ffff_ffffn) throw new LedgerError(`overflow on adding ${amount} to receiver amount ${String(h.amount)}`)
  s.putHolding(to, aid, { ...h, amount: u64(sum) })
}

export function applyAssetFreeze(s: LedgerState, tx: Txn): void {
    const rec = s.assetParams(tx.freezeAsset)
  if (rec === undefined) throw new LedgerError(`asset ${String(tx.freezeAsset)} does not exist or has been deleted`)
  if (isZero(rec.params.freeze) || !eq(rec.params.freeze, tx.sender)) {
    throw new LedgerError(`freeze not allowed: sender ${addr(tx.sender)}, freeze ${addr(rec.params.freeze)}`)
  }
  const h = s.assetHolding(tx.freezeAccount, tx.freezeAsset)
  if (h === undefined) throw new LedgerError('asset not found in account')
  s.putHolding(tx.freezeAccount, tx.freezeAsset, { ...h, frozen: tx.assetFrozen })
}
