// The web's door to the SDK's figures (@grove/sdk/figures, no algosdk in it): the market's figures
// from the pools algod returns and the tokens the page described, a staking program's terms as the
// figures read them, the network's stable coin, and one way to write a value (USD first, ALGO second) for every page.
import { stableAssetIdOf, type Deployment } from '@grove/sdk/deployment'
import { marketFigures, programFigures, type MarketFigures, type MarketPool, type ProgramFigures, type Value } from '@grove/sdk/figures'
import type { StakingProgram } from '../tx/sdk.ts'
import type { Token } from '../tokens/tokens.ts'
import type { NetworkId } from '../networks.ts'
import { formatPrice, formatUsd } from '../analytics/derive.ts'

export type { MarketFigures, ProgramFigures, Value } from '@grove/sdk/figures'
/** Every page writes dollars and an APR with these. */
export { formatPercent, formatUsd } from '../analytics/derive.ts'

/**
 * The network's stable coin among `tokens`, by the id the deployment record names (the well-known
 * USDC of a public network without one), never by a symbol; null while it is not described.
 */
export function stableToken(tokens: ReadonlyMap<number, Token>, network: NetworkId, deployment: Pick<Deployment, 'stableAssetId'> | null): Token | null {
  const id = stableAssetIdOf(network, deployment)
  return id === null ? null : (tokens.get(id) ?? null)
}

/** The market's figures from `pools` (the DEX's, and the Stable app's with their amplifier); a token not described yet has no price (rather than a guessed one). */
export function figuresOf(pools: readonly MarketPool[], tokens: ReadonlyMap<number, Pick<Token, 'decimals'>>, stable: Pick<Token, 'id'> | null): MarketFigures {
  return marketFigures(pools, (id) => (id === 0 ? 6 : (tokens.get(id)?.decimals ?? Number.NaN)), stable?.id)
}

/** A program read from the chain as the figures read it. */
export function programTerms(p: StakingProgram) {
  const rewards = [{ asset: p.rewardAsset1, ratePerSecond: p.rate1 }]
  if (p.rewardCount === 2n) rewards.push({ asset: p.rewardAsset2, ratePerSecond: p.rate2 })
  return { stakeAsset: p.stakeAsset, totalStaked: p.totalStaked, rewards, start: p.start, end: p.end }
}

/** The SDK's figures of a program read from the chain (`staked` previews another amount staked). */
export const figuresOfProgram = (p: StakingProgram, market: MarketFigures, now: bigint, staked?: bigint): ProgramFigures => programFigures(programTerms(p), market, now, staked)

/** Whole ALGO as "1,234.56 ALGO". */
export const formatAlgoAmount = (algo: number) => `${algo.toLocaleString('en-US', { maximumFractionDigits: 2 })} ALGO`

/** A value USD first, ALGO second: "$1,234 (5,000 ALGO)", or the ALGO alone without a dollar price, "—" with neither. */
export function formatValue(v: Value): string {
  if (v.usd !== null && v.algo !== null) return `${formatUsd(v.usd)} (${formatAlgoAmount(v.algo)})`
  if (v.usd !== null) return formatUsd(v.usd)
  return v.algo !== null ? formatAlgoAmount(v.algo) : '—'
}

/** A token's price USD first, ALGO second, with the digits /dex/analytics gives prices: "$0.0123 (0.0615 ALGO)"; "—" unpriced. */
export function formatPriceValue(v: Value): string {
  const usd = v.usd === null ? null : `$${formatPrice(v.usd)}`
  const algo = v.algo === null ? null : `${formatPrice(v.algo)} ALGO`
  return usd && algo ? `${usd} (${algo})` : (usd ?? algo ?? '—')
}
