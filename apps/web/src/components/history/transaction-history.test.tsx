import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ToastProvider } from '@/components/ui/toast'
import { TransactionHistory } from './transaction-history.tsx'

const ME = 'MEADDRESSMEADDRESSMEADDRESSMEADDRESSMEADDRESSMEADDRESS1234'
const BOB = 'BOBADDRESSBOBADDRESSBOBADDRESSBOBADDRESSBOBADDRESSBOBADDR12'
const pay = (id: string, sender: string, receiver: string, amount: number, round: number) => ({
  id,
  'tx-type': 'pay',
  sender,
  fee: 1000,
  'confirmed-round': round,
  'round-time': 1_700_000_000 + round,
  'payment-transaction': { receiver, amount },
})
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

/** Answers the indexer's account-transactions route page by page (by next token), recording the URLs. */
function indexerPages(pages: Record<string, unknown>) {
  const urls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input))
    urls.push(url.href)
    const page = pages[url.searchParams.get('next') ?? '']
    if (!page) throw new TypeError('Failed to fetch')
    return json(page)
  })
  return urls
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <TransactionHistory address={ME} />
      </ToastProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => vi.restoreAllMocks())

describe('TransactionHistory', () => {
  it('lists the account’s transactions newest first and reads the next page on "Load more"', async () => {
    // A full first page (the limit, 20) and a short last one, which the indexer still hands a token with.
    const filler = Array.from({ length: 18 }, (_, i) => pay(`TXFILL${String(i).padStart(4, '0')}`, BOB, ME, 1, 14 - Math.floor(i / 2)))
    const urls = indexerPages({
      '': { 'current-round': 30, 'next-token': 'p2', transactions: [pay('TXNEWEST00', ME, BOB, 2_500_000, 20), pay('TXMIDDLE00', BOB, ME, 1_000_000, 15), ...filler] },
      p2: { 'current-round': 30, 'next-token': 'p3', transactions: [pay('TXOLDEST00', BOB, ME, 7, 3)] },
    })
    show()
    const table = await screen.findByRole('region', { name: 'Transaction history' })
    await within(table).findByText('TXNEWE…ST00')
    let rows = within(table).getAllByTestId('history-row')
    expect(rows.map((r) => r.dataset.kind)).toEqual(['sent', ...Array(19).fill('received')])
    expect(rows[0]).toHaveTextContent('−2.5 ALGO')
    expect(rows[1]).toHaveTextContent('+1 ALGO')
    expect(rows[0]).toHaveTextContent('20')

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await within(table).findByText('TXOLDE…ST00')
    rows = within(table).getAllByTestId('history-row')
    expect(rows).toHaveLength(21)
    expect(rows[20]).toHaveTextContent('+0.000007 ALGO')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(urls.map((u) => new URL(u).search)).toEqual(['?limit=20', '?limit=20&next=p2'])
    // The local network has no explorer: ids are shown to copy, not linked.
    expect(within(table).queryAllByRole('link')).toHaveLength(0)
  })

  it('says in words that history is unavailable when the indexer does not answer, and offers to try again', async () => {
    indexerPages({})
    show()
    expect(await screen.findByText('Transaction history is unavailable', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.getByText(/does not answer\. Balances and trading work without it/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  })
})
