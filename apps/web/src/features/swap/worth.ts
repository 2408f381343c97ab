// What each side of a swap is worth in dollars, priced as /dex/analytics prices tokens (the SDK's
// figures). Loaded after the page, so the first visit's JavaScript stays within its budget.
import { marketFigures, type MarketPool } from '@grove/sdk/figures'
import { formatUsd } from '@/lib/analytics/derive.ts'
import type { Token } from '@/lib/tokens/tokens.ts'

/** "≈ $12.34" for `amount` base units of a token, or null when the market cannot price it. */
export type Worth = (token: { id: number } | null, amount: bigint | undefined) => string | null

/** The dollar worth of amounts in the market of `pools`, in the stable coin `stableId` (none: no worth). */
export function worthIn(pools: readonly MarketPool[], tokens: ReadonlyMap<number, Token>, stableId: number | null): Worth {
  const book = marketFigures(pools, (id) => (id === 0 ? 6 : (tokens.get(id)?.decimals ?? Number.NaN)), stableId ?? undefined)
  return (token, amount) => {
    const usd = token && amount !== undefined ? book.value(token.id, amount).usd : null
    return usd === null ? null : `≈ ${formatUsd(usd)}`
  }
}
