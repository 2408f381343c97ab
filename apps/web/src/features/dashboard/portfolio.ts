// The overview's portfolio, derived from what algod says (the account, the pools, the locks): one
// line per holding with its ALGO value (from the token's ALGO pool, or along its route of pools
// with the SDK's figures) and its USD value from the stable coin's ALGO pool. A line worth much
// less sold into its pools than at spot is valued at what selling returns, and says so; locks are
// totalled apart from what can be moved now. Pure, so the totals are provably sums of the lines.
import type { Holdings } from '@/lib/account/account.ts'
import { lpValue, valueInAlgo, type MarketFigures, type ReservePool } from '@grove/sdk/figures'

/** A lock's fields valuation reads, with what is locked and withdrawable now. */
export interface LockHolding {
  id: bigint
  asset: bigint
  /** Still held by the lock app for the owner: amount − withdrawn. */
  owed: bigint
  locked: bigint
  withdrawable: bigint
}

/** A farm or staking-pool position with what it could claim now. */
export interface StakeHolding {
  programId: bigint
  kind: 'farm' | 'pool'
  stakeAsset: bigint
  stake: bigint
  /** Pending rewards per reward asset of the program (ALGO = 0). */
  pending: { asset: bigint; amount: bigint }[]
}

/** The account's sGROVE and the GROVE behind it (what unstaking it all pays now). */
export interface SGroveHolding {
  sGroveAssetId: number
  groveAssetId: number
  /** The SDK's groveBehind at the vault's totals now. */
  groveBehind(shares: bigint): bigint
}

/** One amount of one token inside a line. */
export interface LineAmount {
  tokenId: number
  amount: bigint
}

/** A line of the overview. */
export interface PortfolioLine {
  kind: 'wallet' | 'liquidity' | 'farm' | 'pool' | 'sgrove' | 'lock'
  key: string
  /** Token amounts the line holds (two for a liquidity position: its underlying). */
  amounts: LineAmount[]
  /** LP tokens of a liquidity position. */
  lp?: bigint
  /** Lock details. */
  lock?: LockHolding
  /** A farm or staking-pool position (its pending rewards are part of the line's value). */
  stake?: StakeHolding
  /** sGROVE held (amounts then hold the GROVE behind it). */
  shares?: bigint
  /** The plain tokens the line's value is made of (an LP token as its two sides, sGROVE as GROVE): what a price history values. */
  exposure: LineAmount[]
  /** µALGO; null when a token of the line has no pool route to price it. */
  algo: bigint | null
  /** Set when selling the line into its pools returns less than CAP_PERCENT of its spot value: `algo` is then that, and this its spot value. */
  spotAlgo?: bigint
}

/** A line is valued at what selling it returns when that is below this share of its spot value (a swap's usual slippage). */
export const CAP_PERCENT = 98n

/** The portfolio: its lines and their totals. */
export interface Portfolio {
  lines: PortfolioLine[]
  /** Σ of the priced lines' µALGO but the locks': what can be moved now. */
  totalAlgo: bigint
  /** Σ of the lock lines' µALGO: locked, vesting or waiting to be withdrawn. */
  lockedAlgo: bigint
  /** Lines left out of the totals because no pool prices them. */
  unpriced: number
  /** Lines valued at what selling them returns rather than at spot. */
  capped: number
}

/** The lines "value you can move now" counts: every priced line but the locks. The headline's total, its chart and its changes all count these. */
export const movableLines = (lines: readonly PortfolioLine[]): PortfolioLine[] => lines.filter((l) => l.kind !== 'lock' && l.algo !== null)

/** `amount` of `asset` as plain tokens: an LP token as what burning it pays, anything else as itself. */
export function exposureOf(pools: readonly ReservePool[], asset: bigint, amount: bigint): LineAmount[] {
  const pool = pools.find((p) => p.lpAsset === asset)
  if (!pool) return [{ tokenId: Number(asset), amount }]
  // what burning it pays, as the contract computes it (the SDK's lpValue: ⌊lp·r/L⌋ each side)
  const { amountA, amountB } = lpValue(pool, amount)
  return [
    { tokenId: Number(pool.a), amount: amountA },
    { tokenId: Number(pool.b), amount: amountB },
  ]
}

const micro = (algo: number | null) => (algo === null ? null : BigInt(Math.floor(algo * 1e6)))

/** µALGO of plain token amounts at spot (a direct ALGO pool exactly, else the SDK's route price) and, capped, what selling them returns; null when one has no price. */
function valueOfExposure(pools: readonly ReservePool[], parts: readonly LineAmount[], market?: MarketFigures): Pick<PortfolioLine, 'algo' | 'spotAlgo'> {
  const spot = sum(parts.map((x) => valueInAlgo(pools, x.tokenId, x.amount) ?? (market ? micro(market.value(x.tokenId, x.amount).algo) : null)))
  if (spot === null || !market) return { algo: spot }
  const exit = sum(parts.map((x) => (x.tokenId === 0 ? x.amount : micro(market.exit(x.tokenId, x.amount).algo))))
  return exit !== null && exit * 100n < spot * CAP_PERCENT ? { algo: exit, spotAlgo: spot } : { algo: spot }
}

const sum = (values: (bigint | null)[]): bigint | null => (values.some((v) => v === null) ? null : values.reduce<bigint>((s, v) => s + v!, 0n))

/** Derives the overview: wallet tokens (LP tokens become liquidity lines, sGROVE its GROVE), then positions, farm and pool stakes with their pending rewards, locks; a total of every priced line. */
export function derivePortfolio(input: {
  holdings: Holdings
  pools: readonly ReservePool[]
  locks?: readonly LockHolding[]
  stakes?: readonly StakeHolding[]
  sgrove?: SGroveHolding
  /** The SDK's figures of the pools: prices tokens with no ALGO pool along their route, and caps lines at what selling returns. */
  market?: MarketFigures
}): Portfolio {
  const { holdings, pools, sgrove, market } = input
  const valued = (parts: readonly LineAmount[]) => valueOfExposure(pools, parts, market)
  const lines: PortfolioLine[] = [{ kind: 'wallet', key: 'wallet-0', amounts: [{ tokenId: 0, amount: holdings.algo }], exposure: [{ tokenId: 0, amount: holdings.algo }], algo: holdings.algo }]
  const positions: PortfolioLine[] = []
  const vault: PortfolioLine[] = []
  for (const [id, amount] of [...holdings.assets].sort((x, y) => x[0] - y[0])) {
    if (amount === 0n) continue
    const pool = pools.find((p) => p.lpAsset === BigInt(id))
    if (sgrove && id === sgrove.sGroveAssetId) {
      // sGROVE has no pool: it is worth the GROVE unstaking it pays.
      const exposure = [{ tokenId: sgrove.groveAssetId, amount: sgrove.groveBehind(amount) }]
      vault.push({ kind: 'sgrove', key: `sgrove-${id}`, shares: amount, amounts: exposure, exposure, ...valued(exposure) })
    } else if (pool) {
      const exposure = exposureOf(pools, BigInt(id), amount)
      positions.push({ kind: 'liquidity', key: `lp-${id}`, lp: amount, amounts: exposure, exposure, ...valued(exposure) })
    } else {
      const exposure = [{ tokenId: id, amount }]
      lines.push({ kind: 'wallet', key: `wallet-${id}`, amounts: exposure, exposure, ...valued(exposure) })
    }
  }
  const stakes: PortfolioLine[] = (input.stakes ?? [])
    .filter((s) => s.stake > 0n || s.pending.some((r) => r.amount > 0n))
    .map((s) => {
      // A stake is worth what it stakes (an LP token its underlying) plus what it could claim now.
      const exposure = [...exposureOf(pools, s.stakeAsset, s.stake), ...s.pending.map((r) => ({ tokenId: Number(r.asset), amount: r.amount }))]
      return { kind: s.kind, key: `${s.kind}-${s.programId}`, amounts: [{ tokenId: Number(s.stakeAsset), amount: s.stake }], stake: s, exposure, ...valued(exposure) }
    })
  const locks: PortfolioLine[] = (input.locks ?? [])
    .filter((l) => l.owed > 0n)
    .map((l) => {
      // A lock of LP tokens is worth its underlying, as a position is.
      const exposure = exposureOf(pools, l.asset, l.owed)
      return { kind: 'lock' as const, key: `lock-${l.id}`, amounts: [{ tokenId: Number(l.asset), amount: l.owed }], lock: l, exposure, ...valued(exposure) }
    })
  const all = [...lines, ...positions, ...stakes, ...vault, ...locks]
  const total = (ls: readonly PortfolioLine[]) => ls.reduce((s, l) => s + (l.algo ?? 0n), 0n)
  return {
    lines: all,
    totalAlgo: total(movableLines(all)),
    lockedAlgo: total(locks),
    unpriced: all.filter((l) => l.algo === null).length,
    capped: all.filter((l) => l.spotAlgo !== undefined).length,
  }
}

/** Every reward the positions could claim now, one entry per program with something pending: what "claim all" claims. */
export function claimablePrograms(stakes: readonly StakeHolding[]): StakeHolding[] {
  return stakes.filter((s) => s.pending.some((r) => r.amount > 0n))
}
