import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { KeepAliveOutlet } from './keep-alive.tsx'

function Filter(props: { label: string }) {
  const [text, setText] = useState('')
  return <input aria-label={props.label} value={text} onChange={(e) => setText(e.target.value)} />
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet paths={['/kept']} />,
        children: [
          { path: '/kept', element: <Filter label="kept filter" /> },
          { path: '/plain', element: <Filter label="plain filter" /> },
          { path: '/other', element: <p>other page</p> },
        ],
      },
    ],
    { initialEntries: ['/kept'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('KeepAliveOutlet', () => {
  it('keeps a kept-alive page mounted and hidden, so its typed text survives leaving it', async () => {
    const router = setup()
    await userEvent.type(screen.getByLabelText('kept filter'), 'usdc')
    await act(() => router.navigate('/other'))
    expect(screen.getByText('other page')).toBeVisible()
    expect(screen.getByLabelText('kept filter')).not.toBeVisible()
    await act(() => router.navigate('/kept'))
    expect(screen.getByLabelText('kept filter')).toHaveValue('usdc')
    expect(screen.queryByText('other page')).toBeNull()
  })

  it('unmounts other pages as usual', async () => {
    const router = setup()
    await act(() => router.navigate('/plain'))
    await userEvent.type(screen.getByLabelText('plain filter'), 'algo')
    await act(() => router.navigate('/other'))
    expect(screen.queryByLabelText('plain filter')).toBeNull()
    await act(() => router.navigate('/plain'))
    expect(screen.getByLabelText('plain filter')).toHaveValue('')
  })
})
