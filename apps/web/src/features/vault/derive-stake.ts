// The stake form as a pure function of what was typed and what algod says: the amount, the preview
// (the vault's math to the unit), the button and the action the review builds.
import { parseAmount } from '@grove/sdk/amount'
import { actionButtonState, type ActionState } from '@/lib/action-button.ts'
import type { Holdings } from '@/lib/account/account.ts'
import type { Deployment } from '@/lib/deployment.ts'
import { previewStake, previewUnstake, type Preview, type Totals, type VaultSdk } from '@/lib/vault/vault.ts'
import type { VaultAction } from '@/lib/tx/sdk.ts'

/** Stake GROVE or unstake sGROVE. */
export type StakeMode = 'stake' | 'unstake'

/** What the form reads. */
export interface StakeFormInput {
  mode: StakeMode
  text: string
  connected: boolean
  deployment: Pick<Deployment, 'groveAssetId' | 'sGroveAssetId'> | null
  holdings: Holdings | undefined
  totals: Totals | undefined
  /** GROVE the vault's stream unlocks within the next 10 minutes (0 when nothing streams). */
  unlocking?: bigint
  sdk: VaultSdk | undefined
}

/** What the form shows. */
export interface StakeForm {
  amount: bigint | null
  /** What the field's text cannot be read as, in words. */
  fieldError: string | null
  /** The most the user can put in: their whole GROVE (stake) or sGROVE (unstake) balance. */
  max: bigint | undefined
  preview: Preview | null
  button: ActionState
  action: VaultAction | null
}

const DECIMALS = 6

/** Derives the stake form. GROVE and sGROVE have 6 decimals (the vault creates sGROVE with GROVE's). */
export function deriveStakeForm(input: StakeFormInput): StakeForm {
  const from = input.mode === 'stake' ? 'GROVE' : 'sGROVE'
  const fromId = input.deployment ? (input.mode === 'stake' ? input.deployment.groveAssetId : input.deployment.sGroveAssetId) : null
  const parsed = input.text.trim() === '' ? null : parseAmount(input.text, DECIMALS, from)
  const amount = parsed?.ok ? parsed.value : null
  const fieldError = parsed && !parsed.ok ? parsed.error.message : null
  const max = input.holdings && fromId !== null ? (input.holdings.assets.get(fromId) ?? 0n) : undefined
  const preview = amount !== null && amount > 0n && input.totals && input.sdk ? (input.mode === 'stake' ? previewStake(input.sdk, input.totals, amount) : previewUnstake(input.sdk, input.totals, amount)) : null
  // staking needs an sGROVE holding to receive it; unstaking one holds it already
  const needsOptIn = input.mode === 'stake' && input.holdings !== undefined && input.deployment !== null && !input.holdings.assets.has(input.deployment.sGroveAssetId)
  const button = actionButtonState({
    connected: input.connected,
    networkOk: input.deployment !== null,
    networkName: undefined,
    amountError: fieldError,
    amount,
    balance: max,
    problem: preview && !preview.ok ? preview.problem : null,
    needsOptIn,
    assetName: from,
    optInName: 'sGROVE',
    actionLabel: input.mode === 'stake' ? 'Review stake' : 'Review unstake',
  })
  // the rate only rises between the preview and the stake's block (the stream unlocks): the stake's bound
  // is what it mints if it lands 10 minutes later, the same value in fewer, dearer sGROVE; an unstake
  // only gets more, so its bound is the preview
  const later = input.mode === 'stake' && amount !== null && input.totals && input.sdk ? input.sdk.stakeOut({ grove: input.totals.grove + (input.unlocking ?? 0n), shares: input.totals.shares }, amount) : null
  const minShares = typeof later === 'bigint' ? later : preview?.ok ? preview.out : 0n
  const action: VaultAction | null =
    button.kind === 'ready' && amount !== null && preview?.ok ? (input.mode === 'stake' ? { kind: 'stake', amount, minShares } : { kind: 'unstake', amount, minGrove: preview.out }) : null
  return { amount, fieldError, max, preview, button, action }
}
