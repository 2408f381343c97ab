// The one place that decides what a transaction page's main button says and whether it
// is enabled. Ordered early returns: the first problem the user must fix wins.


/** What the button should show; `kind` lets pages attach the right click handler. */
export type ActionState = {
  kind: 'connect' | 'wrong-network' | 'select-token' | 'enter-amount' | 'blocked' | 'insufficient-balance' | 'opt-in' | 'ready'
  label: string
  disabled: boolean
}

/** What the decision needs to know. */
export interface ActionButtonInput {
  connected: boolean
  networkOk: boolean
  /** What the user still has to pick (e.g. "Select a token"), if anything. */
  select?: string | null
  /** Why the typed amount cannot be read, when the page parsed it itself (e.g. with the token's symbol in the words). */
  amountError?: string | null
  /** In base units, or nothing yet (pages parse what was typed and pass why it failed as amountError). */
  amount: bigint | null
  /** Spendable balance in base units; undefined while it loads, which skips the balance check. */
  balance?: bigint
  /** Why the action cannot happen with this amount (no route, price impact too high), if so. */
  problem?: string | null
  needsOptIn?: boolean
  assetName?: string
  /** The asset to opt in to, when it is not the one spent (a swap's output); defaults to assetName. */
  optInName?: string
  /** Name of the network the app is on, for the wrong-network label. */
  networkName?: string
  /** The verb of the page: "Swap", "Add liquidity", "Stake". */
  actionLabel: string
}

/** Decides the action button's state: not connected → wrong network → select → enter amount → insufficient balance → problem → needs opt-in → ready. */
export function actionButtonState(input: ActionButtonInput): ActionState {
  if (!input.connected) return { kind: 'connect', label: 'Connect wallet', disabled: false }
  if (!input.networkOk) {
    return { kind: 'wrong-network', label: input.networkName ? `Switch wallet to ${input.networkName}` : 'Wrong network', disabled: true }
  }
  if (input.select) return { kind: 'select-token', label: input.select, disabled: true }
  if (input.amountError) return { kind: 'enter-amount', label: input.amountError, disabled: true }

  const amount = input.amount
  if (amount === null || amount <= 0n) return { kind: 'enter-amount', label: 'Enter an amount', disabled: true }
  // Balance before the route's problems: more than the user holds is the first thing to fix, whatever
  // the price impact of so large a trade (Uniswap's order).
  if (input.balance !== undefined && amount > input.balance) {
    return { kind: 'insufficient-balance', label: `Insufficient ${input.assetName ?? ''} balance`.replace('  ', ' '), disabled: true }
  }
  if (input.problem) return { kind: 'blocked', label: input.problem, disabled: true }
  // Opt-in is an action the user can take right here, so the button stays enabled.
  const optIn = input.optInName ?? input.assetName
  if (input.needsOptIn) return { kind: 'opt-in', label: optIn ? `Opt in to ${optIn}` : 'Opt in to asset', disabled: false }
  return { kind: 'ready', label: input.actionLabel, disabled: false }
}
