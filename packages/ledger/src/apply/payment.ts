// go's ledger/apply/payment.go: a payment, and closing the sender's account to another.

import { type Txn } from '@grove/avm'
import { LedgerError } from '../errors.ts'
import { type LedgerState } from '../state.ts'
import { ZERO32, isZero } from '../bytes.ts'
import type { ApplyData } from './types.ts'

export function applyPayment(s: LedgerState, tx: Txn, ad: ApplyData): void {
    if (BigInt(tx.amount) !== 0n || !isZero(tx.receiver)) s.move(tx.sender, tx.receiver, BigInt(tx.amount))
  if (isZero(tx.closeRemainderTo)) return
  const rec = s.accountData(tx.sender)
  const closing = BigInt(rec.balance)
  ad.closingAmount = closing
  s.move(tx.sender, tx.closeRemainderTo, closing)
  const after = s.accountData(tx.sender)
  if (after.totalAssets > 0) throw new LedgerError(`cannot close: ${after.totalAssets} outstanding assets`)
  if (after.totalAssetParams > 0) throw new LedgerError(`cannot close: ${after.totalAssetParams} outstanding created assets`)
  if (after.totalAppLocalStates > 0) throw new LedgerError(`cannot close: ${after.totalAppLocalStates} outstanding applications opted in. Please opt out or clear them`)
  if (after.totalBoxes > 0) throw new LedgerError(`cannot close: ${after.totalBoxes} outstanding boxes`)
  if (after.totalAppParams > 0) throw new LedgerError(`cannot close: ${after.totalAppParams} outstanding created applications`)
  // Closing clears the whole record (go's CloseAccount): auth address, status, keys, incentive eligibility
  s.updateAccount(tx.sender, (d) => {
    d.authAddr = ZERO32
    d.status = undefined
    d.voting = undefined
    d.incentiveEligible = false
    d.lastHeartbeat = 0
    d.lastProposed = 0
  })
}
