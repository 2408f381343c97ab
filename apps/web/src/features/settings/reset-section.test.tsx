import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, settingsStore } from '@/lib/settings.ts'
import { ResetSection } from './settings-page.tsx'

afterEach(() => settingsStore.reset())

describe('Reset all settings', () => {
  it('asks first, and Cancel keeps every setting', async () => {
    settingsStore.update({ validityRounds: 20 })
    render(<ResetSection />)
    await userEvent.click(screen.getByRole('button', { name: 'Reset all settings' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Reset every setting to its default?')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(settingsStore.get().validityRounds).toBe(20)
    expect(screen.getByRole('button', { name: 'Reset all settings' })).toBeInTheDocument()
  })

  it('resets once the user confirms', async () => {
    settingsStore.update({ validityRounds: 20 })
    render(<ResetSection />)
    await userEvent.click(screen.getByRole('button', { name: 'Reset all settings' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reset all settings' }))
    expect(settingsStore.get().validityRounds).toBe(DEFAULT_SETTINGS.validityRounds)
  })
})
