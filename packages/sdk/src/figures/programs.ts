// A staking program's figures (farms stake a Grove LP token, staking pools a single token): its
// status (the staking math's programStatus), the value staked (TVL) and the yearly reward return at
// today's rates and prices (APR). The analytics API and the web's farms and staking pages both call this, so they agree.
import { programStatus, SECONDS_PER_YEAR, type ProgramStatus } from '../staking/math.ts'
import { addValues, type MarketFigures, type Value } from './market.ts'

/** A program's terms as the figures read them. */
export interface ProgramTerms {
  stakeAsset: number | bigint
  totalStaked: bigint | string | number
  /** Each reward token and what the program pays of it per second (base units). */
  rewards: readonly { asset: number | bigint; ratePerSecond: bigint | string | number }[]
  start: number | bigint
  end: number | bigint
}

/** A program's figures at one time. */
export interface ProgramFigures {
  status: ProgramStatus
  /** The value staked. */
  tvl: Value
  /** What the program pays in a year at its current rates. */
  yearlyRewards: Value
  /** Yearly rewards over TVL (0.12 = 12%), in USD when both are priced in USD, else in ALGO; null once ended, with nothing staked, or a token unpriced. */
  apr: number | null
}

const ratio = (x: number | null, y: number | null): number | null => (x === null || y === null || !(y > 0) ? null : x / y)

/**
 * An APR from a year's rewards and the value staked (0.12 = 12%): in USD when both are priced in
 * USD, else in ALGO; null with nothing staked or either unpriced. `programFigures` words its APR
 * with it; a preview over another value staked (a program not yet created) calls it directly.
 */
export function aprOf(yearlyRewards: Value, staked: Value): number | null {
  return ratio(yearlyRewards.usd, staked.usd) ?? ratio(yearlyRewards.algo, staked.algo)
}

/** The figures of program `p` at `now` in `market`. `staked` previews another amount staked (a deposit not yet made). */
export function programFigures(p: ProgramTerms, market: MarketFigures, now: number | bigint, staked: bigint | string | number = p.totalStaked): ProgramFigures {
  const status = programStatus(p, now)
  const tvl = market.value(p.stakeAsset, staked)
  const year = Number(SECONDS_PER_YEAR)
  const yearlyRewards = addValues(p.rewards.map((r) => market.value(r.asset, Number(r.ratePerSecond) * year)))
  const apr = status === 'ended' ? null : aprOf(yearlyRewards, tvl)
  return { status, tvl, yearlyRewards, apr }
}
