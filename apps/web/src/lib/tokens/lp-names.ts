// A Grove LP token reads by its pair everywhere ("ALGO/gUSD LP"), never by its unit name "GLP"
// (every pool's LP token has that one). The pool list says which asset is which pool's LP token.
import type { Token } from './tokens.ts'

/** What naming an LP token needs of a pool. */
export interface LpPool {
  a: bigint
  b: bigint
  lpAsset: bigint
}

/** "ALGO/gUSD LP" for `pool`, its sides by their symbols where known. */
export function lpSymbol(pool: LpPool, tokens: ReadonlyMap<number, Pick<Token, 'symbol'>>): string {
  const side = (id: bigint) => tokens.get(Number(id))?.symbol ?? `#${id}`
  return `${side(pool.a)}/${side(pool.b)} LP`
}

/** A token's symbol as every page writes it: an LP token by its pair, an unknown one by its id. */
export function tokenSymbol(asset: number | bigint, tokens: ReadonlyMap<number, Pick<Token, 'symbol'>>, pools: readonly LpPool[]): string {
  const lp = pools.find((p) => p.lpAsset === BigInt(asset))
  return lp ? lpSymbol(lp, tokens) : (tokens.get(Number(asset))?.symbol ?? `#${asset}`)
}

/** `tokens` with every pool's LP token renamed by its pair (its name too, so searches find the pair). */
export function withPairNames(tokens: ReadonlyMap<number, Token>, pools: readonly LpPool[]): Map<number, Token> {
  const named = new Map(tokens)
  for (const pool of pools) {
    const token = tokens.get(Number(pool.lpAsset))
    if (!token) continue
    const symbol = lpSymbol(pool, tokens)
    named.set(token.id, { ...token, symbol, name: `Grove ${symbol}` })
  }
  return named
}
