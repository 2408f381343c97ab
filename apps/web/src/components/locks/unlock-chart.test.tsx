import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { schedulePath, UnlockChart } from './unlock-chart.tsx'

describe('schedulePath', () => {
  it('draws nothing without points', () => expect(schedulePath([])).toBe(''))

  it('goes from the top left (all locked now) to the bottom right (all unlocked at the end)', () => {
    const d = schedulePath([
      { t: 0n, locked: 100n },
      { t: 50n, locked: 100n },
      { t: 100n, locked: 0n },
    ])
    expect(d).toBe('M8.0,12.0 L300.0,12.0 L592.0,176.0')
  })

  it('draws a flat line for a single point', () => {
    expect(schedulePath([{ t: 5n, locked: 0n }])).toBe('M8.0,176.0 L592,176.0')
  })
})

describe('UnlockChart', () => {
  it('says when nothing is locked', () => {
    render(<UnlockChart points={[]} decimals={0} symbol="T" label="x" />)
    expect(screen.getByText('Nothing is locked.')).toBeTruthy()
  })

  it('names the curve for screen readers and lists the schedule as a table', () => {
    render(
      <UnlockChart
        points={[
          { t: 1_800_000_000n, locked: 150n },
          { t: 1_800_003_600n, locked: 0n },
        ]}
        decimals={2}
        symbol="VEST"
        label="Still locked"
      />,
    )
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/^Still locked: 1.5 VEST locked now, 0 VEST by /)
    expect(screen.getAllByRole('row')).toHaveLength(3)
  })
})
