import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Table } from './table.tsx'

const COLUMNS = [{ label: 'Pool' }, { label: 'TVL' }, { label: 'Actions', hideLabel: true }]

describe('Table', () => {
  afterEach(() => vi.restoreAllMocks())

  it('draws its head from the columns once, a column of buttons named to screen readers alone', () => {
    render(
      <Table label="All pools" columns={COLUMNS}>
        <tr>
          <th scope="row">ALGO/FERN</th>
          <td>$1</td>
          <td>
            <button type="button">Add</button>
          </td>
        </tr>
      </Table>,
    )
    const table = screen.getByRole('table', { name: 'All pools' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Pool', 'TVL', 'Actions'])
    expect(within(table).getByText('Actions')).toHaveClass('visually-hidden')
    expect(screen.getByRole('region', { name: 'All pools' })).toHaveAttribute('tabindex', '0')
  })

  it('says why it is empty in one row across every column', () => {
    render(<Table label="Your positions" columns={COLUMNS} empty="No shares yet." />)
    expect(screen.getByText('No shares yet.')).toHaveAttribute('colspan', '3')
  })

  it('says nothing of scrolling while its content fits', () => {
    render(<Table label="All pools" columns={COLUMNS} empty="None." />)
    expect(screen.queryByText(/Scroll sideways for more/)).toBeNull()
    expect(screen.getByRole('region', { name: 'All pools' })).not.toHaveAttribute('aria-describedby')
  })

  it('tells a reader, in words and by the box’s description, when its content is wider than its box', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390)
    render(<Table label="Locks of this token" columns={COLUMNS} empty="None." />)
    expect(screen.getByRole('region', { name: 'Locks of this token' })).toHaveAccessibleDescription(/Scroll sideways for more/)
    expect(screen.getByText(/Scroll sideways for more/)).toBeVisible()
  })
})
