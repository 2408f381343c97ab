// What the dashboard's panels read of a valued account, apart from the hook that reads it
// (components/portfolio-view.tsx), so the panels it renders import the shape and not the view.
import type { MarketPool } from '@grove/sdk/figures'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { Pool, StakingPosition, StakingProgram } from '@/lib/tx/sdk.ts'
import type { Portfolio, StakeHolding } from './portfolio.ts'

/** What valuing an account needs: its portfolio, the tokens to name its lines and the stable coin for USD. */
export interface ValuedPortfolio {
  portfolio: Portfolio | null
  tokens: ReadonlyMap<number, Token>
  pools: readonly Pool[]
  /** The DEX's pools and the Stable app's (each with its amplifier now): what prices the lines, their history and the programs' figures. */
  marketPools: readonly MarketPool[]
  stable: Token | null
  /** Stable-coin base units of `microAlgo`; null without the stable coin's pool. */
  usd(microAlgo: bigint): bigint | null
  /** The staking programs and the account's positions in them (what claim all claims). */
  programs: readonly StakingProgram[]
  positions: ReadonlyMap<bigint, StakingPosition>
  stakes: readonly StakeHolding[]
  /** Assets the account holds (claims need no opt-in for them). */
  held: bigint[]
  sGroveId: number | null
  /** The chain second pending rewards are valued at. */
  now: bigint | null
  error: string | null
}
