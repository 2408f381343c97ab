import { describe, expect, it } from 'vitest'
import { HISTORY_PAGE, type IndexerTransaction, type TransactionPage } from './client.ts'
import { accountHistoryQuery } from './queries.ts'

const page = (count: number, nextToken?: string): TransactionPage => ({
  transactions: Array.from({ length: count }, (_, i) => ({ id: `T${i}`, 'tx-type': 'pay', sender: 'A', fee: 1000 }) as IndexerTransaction),
  currentRound: 9,
  ...(nextToken ? { nextToken } : {}),
})

describe('the account history query', () => {
  const next = (last: TransactionPage) => accountHistoryQuery({ server: 'http://127.0.0.1', port: '8980', token: '' }, 'ADDR').getNextPageParam!(last, [last], undefined, [undefined])

  it('asks for another page after a full one, with the indexer’s token', () => {
    expect(next(page(HISTORY_PAGE, 'n1'))).toBe('n1')
  })

  it('ends the list after a page short of the limit, though the indexer hands a token with it', () => {
    expect(next(page(HISTORY_PAGE - 1, 'n1'))).toBeUndefined()
    expect(next(page(0, 'n1'))).toBeUndefined()
  })

  it('ends the list when the indexer hands no token', () => {
    expect(next(page(HISTORY_PAGE))).toBeUndefined()
  })
})
