// What each side of a swap is worth in dollars, priced as /dex/analytics prices tokens (the SDK's
// figures). Loaded after the page, so the first visit's JavaScript stays within its budget.
import { marketFigures, type MarketPool } from '@grove/sdk/figures'
import { formatUsd } from '@/lib/analytics/derive.ts'
import { stableCoin } from '@/lib/pools/price.ts'
import type { Token } from '@/lib/tokens/tokens.ts'

/** "≈ $12.34" for `amount` base units of a token, or null when the market cannot price it. */
export type Worth = (token: { id: number } | null, amount: bigint | undefined) => string | null

/** The dollar worth of amounts in the market of `pools`, the stable coin found among `tokens` by `networkId`. */
export function worthIn(pools: readonly MarketPool[], tokens: ReadonlyMap<number, Token>, networkId: string): Worth {
  const book = marketFigures(pools, (id) => (id === 0 ? 6 : (tokens.get(id)?.decimals ?? Number.NaN)), stableCoin(tokens.values(), networkId)?.id)
  return (token, amount) => {
    const usd = token && amount !== undefined ? book.value(token.id, amount).usd : null
    return usd === null ? null : `≈ ${formatUsd(usd)}`
  }
}
