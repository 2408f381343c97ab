// What every admin panel takes: whether the viewer may act, where a reviewed action goes, and the
// SDK's admin rule (checkAdminAction), so each form says what the contract would refuse in the
// contract's own words instead of restating its ranges.
import type { AdminAction } from '@grove/sdk'
import type { AdminReview } from '../admin-actions.ts'

/** Props of every admin panel. */
export interface AdminPanelProps {
  /** Not the admin: the section shows the settings but offers nothing to sign. */
  disabled: boolean
  onReview(review: AdminReview): void
  /** Why the contract would refuse `action`, in words; null when it would not (the SDK's checkAdminAction). */
  check(action: AdminAction): string | null
}

/** A typed whole number, or null for anything else ("2.5", "30 bps"). */
export const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null)
