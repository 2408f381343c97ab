// What each admin action changes, in words: the review lists these rows (from → to) above the
// simulation, and the toasts say them. Pure, so the words are tested beside the logic. Most actions
// are the registry's (and the DEX's fee-tier menu); a stable pool's ramp of A is the Stable app's.
import type { AdminAction, stable } from '@grove/sdk'
import { formatDateTime } from '@/lib/format.ts'
import { listWords, pausedFlags } from '@/lib/registry/registry.ts'
import type { ContractAction } from '@/lib/tx/sdk.ts'

/** A stable pool's admin action on the Stable app (the registry's admin only): ramp A, or stop a ramp where it stands. */
export type StableAdminAction = Extract<ContractAction<'Stable'>, { kind: 'ramp-a' | 'stop-ramp-a' }>

/** What an admin review signs: a registry action (or the DEX's fee tier), or a stable pool's ramp of A. */
export type AdminReviewAction = AdminAction | StableAdminAction

/** Whether the action is the Stable app's (its group and its errors are that app's). */
export const isStableAdminAction = (action: AdminReviewAction): action is StableAdminAction => action.kind === 'ramp-a' || action.kind === 'stop-ramp-a'

/** One changed setting: its name, its value now and after the action. */
export interface AdminChange {
  label: string
  from: string
  to: string
}

/** An action ready for review: the group to build, the title, the changes and the toast texts. */
export interface AdminReview {
  action: AdminReviewAction
  title: string
  changes: AdminChange[]
  pending: string
  done: string
  /** A stable pool's ramp: the toast from the pool as algod holds it once the action landed (`done` if it cannot be read). */
  doneAfter?: (pool: stable.StablePoolState) => string
}

/** "swaps and new pools", or "nothing" when no flag is set. */
export function pausedWords(flags: number): string {
  const set = pausedFlags(flags)
  return set.length === 0 ? 'nothing' : listWords(set.map((f) => f.short))
}

/** The protocol's share of a pool's fee for divisor `d` (0 = none): "1/6 of the fee (16.67%)". */
export function protocolShareWords(divisor: number): string {
  if (divisor === 0) return 'none'
  return `1/${divisor} of the fee (${(100 / divisor).toLocaleString('en-US', { maximumFractionDigits: 2 })}%)`
}

/** Basis points as a percentage: 30 → "0.3%". */
export const bpsWords = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}% (${bps} bps)`

/** The review of setting the pause flags from `current` to `next`. */
export function pauseReview(current: number, next: number): AdminReview {
  return {
    action: { kind: 'setPaused', flags: next },
    title: 'Review pause flags',
    changes: [{ label: 'Paused', from: pausedWords(current), to: pausedWords(next) }],
    pending: `Setting the pause flags: ${pausedWords(next)} paused`,
    done: next === 0 ? 'Nothing is paused now' : `Paused: ${pausedWords(next)}`,
  }
}

/** The review of the default fee and protocol share. */
export function feesReview(current: { defaultFeeBps: number; protocolFeeDivisor: number }, fee: number, divisor: number): AdminReview {
  return {
    action: { kind: 'setFees', defaultFeeBps: fee, protocolFeeDivisor: divisor },
    title: 'Review protocol fees',
    changes: [
      { label: 'Fee of new pools', from: bpsWords(current.defaultFeeBps), to: bpsWords(fee) },
      { label: 'Protocol share', from: protocolShareWords(current.protocolFeeDivisor), to: protocolShareWords(divisor) },
    ],
    pending: 'Setting the protocol fees',
    done: `New pools charge ${bpsWords(fee)}; protocol share ${protocolShareWords(divisor)}`,
  }
}

/** The review of a new fee tier on the DEX's menu (added for good). */
export function feeTierReview(menu: readonly bigint[], fee: number): AdminReview {
  const words = (tiers: readonly bigint[]) => tiers.map((t) => bpsWords(Number(t))).join(', ')
  const next = [...menu, BigInt(fee)].sort((x, y) => Number(x - y))
  return {
    action: { kind: 'addFeeTier', feeBps: fee },
    title: `Review the ${bpsWords(fee)} fee tier`,
    changes: [{ label: 'Fee tiers', from: words(menu), to: words(next) }],
    pending: `Adding the ${bpsWords(fee)} fee tier`,
    done: `Pools can now be created at ${bpsWords(fee)}; the tier stays on the menu for good`,
  }
}

/** The review of a new treasury. */
export function treasuryReview(current: string, next: string): AdminReview {
  return {
    action: { kind: 'setTreasury', address: next },
    title: 'Review the treasury',
    changes: [{ label: 'Treasury', from: current, to: next }],
    pending: 'Setting the treasury',
    done: 'Protocol fees now go to the new treasury',
  }
}

/** The review of adding a token to, or removing it from, the verified list. */
export function verifyTokenReview(asset: number, symbol: string, verified: boolean): AdminReview {
  return {
    action: { kind: 'setVerified', asset: BigInt(asset), verified },
    title: verified ? `Verify ${symbol}` : `Remove ${symbol} from the verified list`,
    changes: [{ label: `${symbol} (#${asset})`, from: verified ? 'not verified' : 'verified', to: verified ? 'verified' : 'not verified' }],
    pending: verified ? `Verifying ${symbol}` : `Removing ${symbol} from the verified list`,
    done: verified ? `${symbol} is verified` : `${symbol} is no longer verified`,
  }
}

/** The review of verifying or unverifying a project. */
export function verifyProjectReview(asset: bigint, name: string, verified: boolean): AdminReview {
  return {
    action: { kind: 'setProjectVerified', asset, verified },
    title: verified ? `Verify the project ${name}` : `Unverify the project ${name}`,
    changes: [{ label: `Project ${name} (#${asset})`, from: verified ? 'not verified' : 'verified', to: verified ? 'verified' : 'not verified' }],
    pending: verified ? `Verifying the project ${name}` : `Unverifying the project ${name}`,
    done: verified ? `The project ${name} is verified` : `The project ${name} is no longer verified`,
  }
}

/** The reviews of the two-step admin transfer: propose, withdraw the proposal, accept. */
export function proposeAdminReview(admin: string, pending: string | null, next: string): AdminReview {
  return {
    action: { kind: 'proposeAdmin', address: next },
    title: 'Propose a new admin',
    changes: [{ label: 'Proposed admin', from: pending ?? 'none', to: next }, { label: 'Admin until they accept', from: admin, to: admin }],
    pending: 'Proposing the new admin',
    done: 'Proposed: the new admin must accept on this page',
  }
}

/** Withdraws the pending proposal. */
export function cancelAdminReview(pending: string): AdminReview {
  return {
    action: { kind: 'cancelAdminTransfer' },
    title: 'Cancel the admin transfer',
    changes: [{ label: 'Proposed admin', from: pending, to: 'none' }],
    pending: 'Cancelling the admin transfer',
    done: 'The admin transfer is cancelled',
  }
}

/** The proposed account accepts. */
export function acceptAdminReview(admin: string, next: string): AdminReview {
  return {
    action: { kind: 'acceptAdmin' },
    title: 'Accept the admin role',
    changes: [{ label: 'Admin', from: admin, to: next }],
    pending: 'Accepting the admin role',
    done: 'You are the protocol admin',
  }
}

/** A (kept times 100, the SDK's A_PRECISION) in words: 15050n → "150.5". */
export const ampText = (amp: bigint): string => (Number(amp) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })

/** A target A as typed ("150", "150.5"), times 100 as the contract keeps it; amp null while empty (no error) or not a number A can be (why). */
export function parseTargetA(text: string): { amp: bigint; error: null } | { amp: null; error: string | null } {
  const s = text.trim().replace(/,/g, '')
  if (s === '') return { amp: null, error: null }
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return { amp: null, error: 'A is a number with at most two decimals, such as 150 or 150.5' }
  return { amp: BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')), error: null }
}

/** Whether a pool's A moves along a ramp at chain time `now` (the SDK's rampInProgress, for pages that have not loaded the SDK). */
export function isRamping(pool: Pick<stable.StablePoolState, 'initialA' | 'futureA' | 'futureTime'>, now: bigint): boolean {
  return pool.initialA !== pool.futureA && now < pool.futureTime
}

/** How A moves in a pool at chain time `now`: "stands still", or its ramp's line and end. */
export function rampWords(pool: Pick<stable.StablePoolState, 'initialA' | 'futureA' | 'futureTime'>, now: bigint): string {
  return isRamping(pool, now) ? `ramping from ${ampText(pool.initialA)} to ${ampText(pool.futureA)} until ${formatDateTime(pool.futureTime)}` : 'stands still'
}

/** The review of ramping stable pool `name`'s A from `ampNow` (times 100, at chain time `now`) to `futureA` by `futureTime` (seconds). */
export function rampAReview(pool: stable.StablePoolState, name: string, ampNow: bigint, now: bigint, futureA: bigint, futureTime: bigint): AdminReview {
  return {
    action: { kind: 'ramp-a', pool, futureA, futureTime },
    title: `Ramp A of ${name}`,
    changes: [
      { label: 'Amplifier A', from: ampText(ampNow), to: `${ampText(futureA)} on ${formatDateTime(futureTime)}` },
      { label: 'How A moves', from: rampWords(pool, now), to: `in a straight line from ${ampText(ampNow)} now to ${ampText(futureA)} on ${formatDateTime(futureTime)}` },
    ],
    pending: `Starting ${name}’s ramp of A to ${ampText(futureA)}`,
    done: `${name}’s A ramps to ${ampText(futureA)} by ${formatDateTime(futureTime)}`,
    doneAfter: (after) => `${name}’s A ramps from ${ampText(after.initialA)} to ${ampText(after.futureA)}, from ${formatDateTime(after.initialTime)} to ${formatDateTime(after.futureTime)}`,
  }
}

/** The review of stopping stable pool `name`'s ramp where A stands when it runs (`ampNow` at chain time `now`); the next ramp waits a day. */
export function stopRampReview(pool: stable.StablePoolState, name: string, ampNow: bigint, now: bigint): AdminReview {
  return {
    action: { kind: 'stop-ramp-a', pool },
    title: `Stop the ramp of ${name}’s A`,
    changes: [
      { label: 'Amplifier A', from: rampWords(pool, now), to: `stays where it stands when this runs (${ampText(ampNow)} now)` },
      { label: 'Next ramp', from: 'a day after the last one started', to: 'a day after this stop, at the earliest' },
    ],
    pending: `Stopping ${name}’s ramp of A`,
    done: `${name}’s ramp of A stopped where it stood`,
    doneAfter: (after) => `${name}’s ramp of A stopped: A stays at ${ampText(after.futureA)}`,
  }
}
