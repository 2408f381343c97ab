// The overview's portfolio, derived from what algod says (the account, the pools, the locks): one
// line per holding with its ALGO value from the token's ALGO pool and its USD value from the
// stable coin's ALGO pool. Pure, so the total is provably the sum of the lines.
import type { Holdings } from '@/lib/account/account.ts'
import type { Token } from '@/lib/tokens/tokens.ts'

/** The pool fields valuation reads (the SDK's Pool has them all). */
export interface PoolReserves {
  a: bigint
  b: bigint
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  lpIssued: bigint
}

/** A lock's fields valuation reads, with what is locked and withdrawable now. */
export interface LockHolding {
  id: bigint
  asset: bigint
  /** Still held by the lock app for the owner: amount − withdrawn. */
  owed: bigint
  locked: bigint
  withdrawable: bigint
}

/** One amount of one token inside a line. */
export interface LineAmount {
  tokenId: number
  amount: bigint
}

/** A line of the overview. */
export interface PortfolioLine {
  kind: 'wallet' | 'liquidity' | 'lock'
  key: string
  /** Token amounts the line holds (two for a liquidity position: its underlying). */
  amounts: LineAmount[]
  /** LP tokens of a liquidity position. */
  lp?: bigint
  /** Lock details. */
  lock?: LockHolding
  /** µALGO; null when a token of the line has no ALGO pool to price it. */
  algo: bigint | null
}

/** The portfolio: its lines and their totals. */
export interface Portfolio {
  lines: PortfolioLine[]
  /** Σ of the priced lines' µALGO. */
  totalAlgo: bigint
  /** Lines left out of the total because no pool prices them. */
  unpriced: number
}

/** LP supply the math uses: issued plus the 1,000 locked units. */
const totalLiquidity = (p: PoolReserves) => p.lpIssued + 1000n

/** The ALGO pool of `tokenId`, if it has reserves. */
function algoPool(pools: readonly PoolReserves[], tokenId: number): PoolReserves | undefined {
  return pools.find((p) => p.a === 0n && p.b === BigInt(tokenId) && p.reserveA > 0n && p.reserveB > 0n)
}

/** `amount` of `tokenId` in µALGO at its ALGO pool's spot price (floored); null without a pool. */
export function valueInAlgo(pools: readonly PoolReserves[], tokenId: number, amount: bigint): bigint | null {
  if (tokenId === 0) return amount
  const p = algoPool(pools, tokenId)
  return p ? (amount * p.reserveA) / p.reserveB : null
}

/** µALGO in the stable coin's base units at its ALGO pool's spot price; null without that pool. */
export function algoInStable(pools: readonly PoolReserves[], stableId: number | null, microAlgo: bigint): bigint | null {
  if (stableId === null) return null
  const p = algoPool(pools, stableId)
  return p ? (microAlgo * p.reserveB) / p.reserveA : null
}

/** What burning `lp` of `pool` pays, as the contract computes it: ⌊lp·r/L⌋ each side. */
export function underlying(pool: PoolReserves, lp: bigint): [bigint, bigint] {
  const L = totalLiquidity(pool)
  return [(lp * pool.reserveA) / L, (lp * pool.reserveB) / L]
}

const sum = (values: (bigint | null)[]): bigint | null => (values.some((v) => v === null) ? null : values.reduce<bigint>((s, v) => s + v!, 0n))

/** Derives the overview: wallet tokens (LP tokens become liquidity lines), then positions, then locks; a total of every priced line. */
export function derivePortfolio(input: { holdings: Holdings; pools: readonly PoolReserves[]; locks?: readonly LockHolding[] }): Portfolio {
  const { holdings, pools } = input
  const lines: PortfolioLine[] = [{ kind: 'wallet', key: 'wallet-0', amounts: [{ tokenId: 0, amount: holdings.algo }], algo: holdings.algo }]
  const positions: PortfolioLine[] = []
  for (const [id, amount] of [...holdings.assets].sort((x, y) => x[0] - y[0])) {
    if (amount === 0n) continue
    const pool = pools.find((p) => p.lpAsset === BigInt(id))
    if (pool) {
      const [ua, ub] = underlying(pool, amount)
      positions.push({
        kind: 'liquidity',
        key: `lp-${id}`,
        lp: amount,
        amounts: [
          { tokenId: Number(pool.a), amount: ua },
          { tokenId: Number(pool.b), amount: ub },
        ],
        algo: sum([valueInAlgo(pools, Number(pool.a), ua), valueInAlgo(pools, Number(pool.b), ub)]),
      })
    } else {
      lines.push({ kind: 'wallet', key: `wallet-${id}`, amounts: [{ tokenId: id, amount }], algo: valueInAlgo(pools, id, amount) })
    }
  }
  const locks: PortfolioLine[] = (input.locks ?? [])
    .filter((l) => l.owed > 0n)
    .map((l) => {
      const pool = pools.find((p) => p.lpAsset === l.asset)
      // A lock of LP tokens is worth its underlying, as a position is.
      const algo = pool ? sum(underlying(pool, l.owed).map((u, i) => valueInAlgo(pools, Number(i === 0 ? pool.a : pool.b), u))) : valueInAlgo(pools, Number(l.asset), l.owed)
      return { kind: 'lock' as const, key: `lock-${l.id}`, amounts: [{ tokenId: Number(l.asset), amount: l.owed }], lock: l, algo }
    })
  const all = [...lines, ...positions, ...locks]
  return {
    lines: all,
    totalAlgo: all.reduce((s, l) => s + (l.algo ?? 0n), 0n),
    unpriced: all.filter((l) => l.algo === null).length,
  }
}

/** The network's stable coin among `tokens`: gUSD on localnet, USDC elsewhere. */
export function findStableCoin(tokens: Iterable<Token>, networkId: string): Token | null {
  const unit = networkId === 'localnet' ? 'gUSD' : 'USDC'
  for (const t of tokens) if (t.symbol === unit) return t
  return null
}
