// Confirming a swap review on a shared chain: other specs trade in the same pools, and a quote that
// moves against the user while the review is open must be accepted again before it can be signed.
import { expect, type Locator } from '@playwright/test'

/** Clicks "Confirm swap", first accepting a price that moved while the review was open. */
export async function confirmSwap(dialog: Locator): Promise<void> {
  const confirm = dialog.getByRole('button', { name: 'Confirm swap' })
  const accept = dialog.getByRole('button', { name: 'Accept the new price' })
  await expect(async () => {
    if (await accept.isVisible()) await accept.click()
    await confirm.click({ timeout: 3_000 })
  }).toPass({ timeout: 40_000 })
}
