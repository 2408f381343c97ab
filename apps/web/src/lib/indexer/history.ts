// An account's transactions as the history list shows them: what happened from that account's side
// (sent, received, opted in, called an app…), with the amount, token and the other party. Pure.
import { formatAmount } from '@grove/sdk/amount'
import { toBigInt, type Uint64 } from '../exact-json.ts'
import type { IndexerTransaction } from './client.ts'

/** What a transaction was, from the account's side. */
export type HistoryKind =
  | 'sent'
  | 'received'
  | 'self'
  | 'opt-in'
  | 'opt-out'
  | 'asset-created'
  | 'asset-config'
  | 'freeze'
  | 'app-call'
  | 'app-created'
  | 'keyreg'
  | 'other'

/** One row of the history list. */
export interface HistoryRow {
  id: string
  kind: HistoryKind
  /** Words for the kind, e.g. "Sent", "Opt-in". */
  label: string
  /** Amount moved, in base units, with its token (0 = ALGO); null when nothing moved. */
  amount: { value: bigint; assetId: number; direction: 'in' | 'out' | 'self' } | null
  /** The other account or app the transaction was with, when there is one. */
  counterparty: { kind: 'account'; address: string } | { kind: 'app'; id: number } | { kind: 'asset'; id: number } | null
  round: number | null
  /** Unix seconds of the round; null while unconfirmed. */
  time: number | null
  /** Inner transactions of an app call, which are part of this row. */
  inner: number
}

const LABELS: Record<HistoryKind, string> = {
  sent: 'Sent',
  received: 'Received',
  self: 'To self',
  'opt-in': 'Opt-in',
  'opt-out': 'Opt-out',
  'asset-created': 'Created asset',
  'asset-config': 'Asset config',
  freeze: 'Freeze',
  'app-call': 'App call',
  'app-created': 'Created app',
  keyreg: 'Key registration',
  other: 'Other',
}

// An absent amount (the indexer leaves out zeros) moved nothing; a non-finite one is not an amount.
const toBig = (n: Uint64 | undefined) => (n === undefined || (typeof n === 'number' && !Number.isFinite(n)) ? 0n : toBigInt(n))

/** The row of `tx` in `account`'s history. */
export function historyRow(tx: IndexerTransaction, account: string): HistoryRow {
  const row = (kind: HistoryKind, amount: HistoryRow['amount'], counterparty: HistoryRow['counterparty']): HistoryRow => ({
    id: tx.id,
    kind,
    label: LABELS[kind],
    amount,
    counterparty,
    round: tx['confirmed-round'] ?? null,
    time: tx['round-time'] ?? null,
    inner: tx['inner-txns']?.length ?? 0,
  })
  const transfer = (from: string, to: string, value: bigint, assetId: number): HistoryRow => {
    if (from === account && to === account) return row('self', { value, assetId, direction: 'self' }, null)
    if (to === account) return row('received', { value, assetId, direction: 'in' }, { kind: 'account', address: from })
    return row('sent', { value, assetId, direction: 'out' }, { kind: 'account', address: to })
  }

  switch (tx['tx-type']) {
    case 'pay': {
      const pay = tx['payment-transaction']
      if (!pay) return row('other', null, null)
      // A close moves the rest of the balance too; the account lost (or got) both parts.
      const value = toBig(pay.amount) + (pay['close-remainder-to'] ? toBig(pay['close-amount']) : 0n)
      if (pay['close-remainder-to'] === account && tx.sender !== account) return transfer(tx.sender, account, value, 0)
      return transfer(tx.sender, pay.receiver, value, 0)
    }
    case 'axfer': {
      const x = tx['asset-transfer-transaction']
      if (!x) return row('other', null, null)
      const from = x.sender ?? tx.sender
      // An opt-in is a zero transfer to oneself; an opt-out closes the holding to someone.
      if (from === x.receiver && toBig(x.amount) === 0n && !x['close-to']) return row('opt-in', null, { kind: 'asset', id: x['asset-id'] })
      if (x['close-to'] && from === account) {
        const value = toBig(x.amount) + toBig(x['close-amount'])
        return row('opt-out', value > 0n ? { value, assetId: x['asset-id'], direction: 'out' } : null, { kind: 'account', address: x['close-to'] })
      }
      return transfer(from, x.receiver, toBig(x.amount), x['asset-id'])
    }
    case 'acfg': {
      const created = tx['created-asset-index']
      if (created) return row('asset-created', null, { kind: 'asset', id: created })
      const id = tx['asset-config-transaction']?.['asset-id']
      return row('asset-config', null, id ? { kind: 'asset', id } : null)
    }
    case 'afrz': {
      const f = tx['asset-freeze-transaction']
      return row('freeze', null, f ? { kind: 'account', address: f.address } : null)
    }
    case 'appl': {
      const created = tx['created-application-index']
      if (created) return row('app-created', null, { kind: 'app', id: created })
      const id = tx['application-transaction']?.['application-id']
      return row('app-call', null, id ? { kind: 'app', id } : null)
    }
    case 'keyreg':
      return row('keyreg', null, null)
    default:
      return row('other', null, null)
  }
}

/** The words of a row's amount: signed, grouped, in the token's units, or base units with the asset id while the token is unknown. */
export function amountText(amount: NonNullable<HistoryRow['amount']>, token: { decimals: number; symbol: string } | undefined): string {
  const sign = amount.direction === 'in' ? '+' : amount.direction === 'out' ? '−' : ''
  return token ? `${sign}${formatAmount(amount.value, token.decimals, { thousands: true })} ${token.symbol}` : `${sign}${amount.value.toString()} (asset ${amount.assetId})`
}

/** The rows of every loaded page, newest first as the indexer sends them, without repeats across pages. */
export function historyRows(pages: readonly { transactions: readonly IndexerTransaction[] }[], account: string): HistoryRow[] {
  const seen = new Set<string>()
  const rows: HistoryRow[] = []
  for (const page of pages) {
    for (const tx of page.transactions) {
      if (seen.has(tx.id)) continue
      seen.add(tx.id)
      rows.push(historyRow(tx, account))
    }
  }
  return rows
}

/** The note of an asset's latest config transaction (ARC-69 metadata), decoded from base64; undefined when none has one. */
export function latestConfigNote(transactions: readonly IndexerTransaction[]): Uint8Array | undefined {
  // The indexer lists them oldest first; compare rounds anyway, so the order of pages never matters.
  let latest: IndexerTransaction | undefined
  for (const tx of transactions) {
    if (tx['tx-type'] !== 'acfg') continue
    if (!latest || (tx['confirmed-round'] ?? 0) >= (latest['confirmed-round'] ?? 0)) latest = tx
  }
  if (!latest?.note) return undefined
  try {
    return Uint8Array.from(atob(latest.note), (c) => c.charCodeAt(0))
  } catch {
    return undefined
  }
}
