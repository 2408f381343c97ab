import { describe, expect, it } from 'vitest'
import type { IndexerTransaction } from './client.ts'
import { historyRow, historyRows, latestConfigNote } from './history.ts'

const ME = 'ME'
const base = { fee: 1000, 'confirmed-round': 10, 'round-time': 1_700_000_000 }
const pay = (id: string, sender: string, receiver: string, amount: number, extra: Partial<IndexerTransaction['payment-transaction']> = {}): IndexerTransaction => ({
  ...base,
  id,
  'tx-type': 'pay',
  sender,
  'payment-transaction': { receiver, amount, ...extra },
})
const axfer = (id: string, sender: string, receiver: string, amount: number, assetId: number, extra: object = {}): IndexerTransaction => ({
  ...base,
  id,
  'tx-type': 'axfer',
  sender,
  'asset-transfer-transaction': { receiver, amount, 'asset-id': assetId, ...extra },
})

describe('historyRow', () => {
  it('reads a payment out as sent to the receiver and one in as received from the sender', () => {
    expect(historyRow(pay('T1', ME, 'BOB', 5_000_000), ME)).toMatchObject({
      kind: 'sent',
      label: 'Sent',
      amount: { value: 5_000_000n, assetId: 0, direction: 'out' },
      counterparty: { kind: 'account', address: 'BOB' },
      round: 10,
      time: 1_700_000_000,
    })
    expect(historyRow(pay('T2', 'BOB', ME, 7), ME)).toMatchObject({ kind: 'received', amount: { value: 7n, direction: 'in' }, counterparty: { address: 'BOB' } })
  })

  it('counts a close’s remainder in the amount, also for the account closed to', () => {
    const close = pay('T3', 'BOB', 'CAROL', 1, { 'close-remainder-to': ME, 'close-amount': 99 })
    expect(historyRow(close, ME)).toMatchObject({ kind: 'received', amount: { value: 100n, direction: 'in' }, counterparty: { address: 'BOB' } })
    expect(historyRow(close, 'BOB')).toMatchObject({ kind: 'sent', amount: { value: 100n, direction: 'out' } })
  })

  it('tells asset transfers, opt-ins and opt-outs apart', () => {
    expect(historyRow(axfer('A1', ME, 'BOB', 250, 42), ME)).toMatchObject({ kind: 'sent', amount: { value: 250n, assetId: 42, direction: 'out' } })
    expect(historyRow(axfer('A2', ME, ME, 0, 42), ME)).toMatchObject({ kind: 'opt-in', amount: null, counterparty: { kind: 'asset', id: 42 } })
    expect(historyRow(axfer('A3', ME, 'CREATOR', 0, 42, { 'close-to': 'CREATOR', 'close-amount': 3 }), ME)).toMatchObject({
      kind: 'opt-out',
      amount: { value: 3n, assetId: 42, direction: 'out' },
    })
  })

  it('names the app of a call, the asset of a creation and counts inner transactions', () => {
    const call: IndexerTransaction = {
      ...base,
      id: 'C1',
      'tx-type': 'appl',
      sender: ME,
      'application-transaction': { 'application-id': 1001 },
      'inner-txns': [pay('', 'APP', ME, 1)],
    }
    expect(historyRow(call, ME)).toMatchObject({ kind: 'app-call', label: 'App call', counterparty: { kind: 'app', id: 1001 }, inner: 1 })
    expect(historyRow({ ...base, id: 'C2', 'tx-type': 'acfg', sender: ME, 'created-asset-index': 77 }, ME)).toMatchObject({ kind: 'asset-created', counterparty: { kind: 'asset', id: 77 } })
  })
})

describe('historyRows', () => {
  it('keeps the indexer’s newest-first order and drops a row repeated across pages', () => {
    const rows = historyRows([{ transactions: [pay('T3', ME, 'B', 1), pay('T2', ME, 'B', 1)] }, { transactions: [pay('T2', ME, 'B', 1), pay('T1', ME, 'B', 1)] }], ME)
    expect(rows.map((r) => r.id)).toEqual(['T3', 'T2', 'T1'])
  })
})

describe('latestConfigNote', () => {
  const acfg = (id: string, round: number, note?: string): IndexerTransaction => ({ ...base, id, 'tx-type': 'acfg', sender: ME, 'confirmed-round': round, ...(note ? { note: btoa(note) } : {}) })

  it('decodes the note of the latest config transaction', () => {
    const note = latestConfigNote([acfg('C1', 3, 'old'), acfg('C2', 9, 'new'), acfg('C0', 1, 'older')])
    expect(new TextDecoder().decode(note)).toBe('new')
  })

  it('gives nothing when the latest one has no note, or there is none', () => {
    expect(latestConfigNote([acfg('C1', 3, 'old'), acfg('C2', 9)])).toBeUndefined()
    expect(latestConfigNote([])).toBeUndefined()
  })
})
