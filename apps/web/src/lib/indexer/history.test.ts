import { describe, expect, it } from 'vitest'
import type { IndexerTransaction } from './client.ts'
import { amountText, historyRow, historyRows, latestConfigNote } from './history.ts'

const ME = 'ME'
const base = { fee: 1000, 'confirmed-round': 10, 'round-time': 1_700_000_000 }
const pay = (id: string, sender: string, receiver: string, amount: number | bigint, extra: Partial<IndexerTransaction['payment-transaction']> = {}): IndexerTransaction => ({
  ...base,
  id,
  'tx-type': 'pay',
  sender,
  'payment-transaction': { receiver, amount, ...extra },
})
const axfer = (id: string, sender: string, receiver: string, amount: number | bigint, assetId: number, extra: object = {}): IndexerTransaction => ({
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

describe('amounts beyond 2^53', () => {
  const MAX = 18446744073709551615n
  const JUST_OVER = 9007199254740993n

  it('keeps a bigint amount exact, and adds a close’s bigint remainder exactly', () => {
    expect(historyRow(axfer('B1', 'BOB', ME, MAX, 42), ME).amount).toEqual({ value: MAX, assetId: 42, direction: 'in' })
    const close = pay('B2', ME, 'BOB', JUST_OVER, { 'close-remainder-to': 'CAROL', 'close-amount': JUST_OVER })
    expect(historyRow(close, ME).amount).toEqual({ value: 2n * JUST_OVER, assetId: 0, direction: 'out' })
    const optOut = axfer('B3', ME, 'CREATOR', 0, 42, { 'close-to': 'CREATOR', 'close-amount': MAX })
    expect(historyRow(optOut, ME)).toMatchObject({ kind: 'opt-out', amount: { value: MAX, assetId: 42 } })
  })
})

describe('amountText', () => {
  it.each([
    ['an 18-decimal token received', { value: 18446744073709551615n, assetId: 42, direction: 'in' as const }, { decimals: 18, symbol: 'BIG' }, '+18.446744073709551615 BIG'],
    ['a whole-unit token sent', { value: 18446744073709551615n, assetId: 42, direction: 'out' as const }, { decimals: 0, symbol: 'WHL' }, '−18,446,744,073,709,551,615 WHL'],
    ['ALGO to self', { value: 9007199254740993n, assetId: 0, direction: 'self' as const }, { decimals: 6, symbol: 'ALGO' }, '9,007,199,254.740993 ALGO'],
    ['a token not loaded yet, in base units', { value: 9007199254740993n, assetId: 7, direction: 'in' as const }, undefined, '+9007199254740993 (asset 7)'],
  ])('words %s exactly', (_name, amount, token, text) => {
    expect(amountText(amount, token)).toBe(text)
  })
})
