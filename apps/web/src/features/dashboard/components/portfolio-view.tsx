import { useQueries, useQuery } from '@tanstack/react-query'
import { lockHandle } from '@/lib/locks/handle.ts'
import { Panel } from '@/components/ui/page.tsx'
import { Table, type Column } from '@/components/ui/table.tsx'
import { accountQuery } from '@/lib/account/account.ts'
import { formatAmount } from '@grove/sdk/amount'
import { poolsQuery } from '@/lib/pools/pools.ts'
import { stableMarketPools, stablePoolsQuery } from '@/lib/pools/stable-pools.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { ownerLocksQuery, useChainNow } from '@/lib/locks/locks.ts'
import { positionsQuery, programsQuery as stakingProgramsQuery } from '@/lib/staking/staking.ts'
import { ALGO, tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { sdkQuery, type Pool, type StakingPosition, type StakingProgram } from '@/lib/tx/sdk.ts'
import { vaultStateQuery } from '@/lib/vault/vault.ts'
import { algoInStable } from '@grove/sdk/figures'
import { figuresOf, figuresOfProgram, formatPercent, formatValue, stableToken } from '@/lib/pools/figures.ts'
import { derivePortfolio, type PortfolioLine, type LockHolding, type SGroveHolding, type StakeHolding } from '../portfolio.ts'
import { ClaimAll } from './claim-all-button.tsx'
import { ValueSummary } from './value-summary.tsx'
import { tokenSymbol } from '@/lib/tokens/lp-names.ts'
import { programTitle } from '../activity.ts'
import type { ValuedPortfolio } from '../valued-portfolio.ts'

const NO_POSITIONS: ReadonlyMap<bigint, StakingPosition> = new Map()

/** Reads and values an account: algod's holdings, the DEX's pools, its locks, its farm and pool stakes (pending rewards at the chain's now) and its sGROVE. */
export function usePortfolio(address: string | null, withLocks = true): ValuedPortfolio {
  const { network, algod, deployment } = useProtocol()
  const account = useQuery({ ...accountQuery(algod, address ?? ''), enabled: address !== null })
  const pools = useQuery({ ...poolsQuery(algod, deployment), enabled: deployment !== null })
  const locks = useQuery({ ...ownerLocksQuery(algod, deployment, address ?? ''), enabled: withLocks && address !== null && deployment?.lockAppId !== undefined })
  const stakingAppId = deployment?.stakingAppId ?? 0
  const programs = useQuery({ ...stakingProgramsQuery(algod, deployment), enabled: stakingAppId > 0 })
  const positions = useQuery({ ...positionsQuery(algod, deployment, address ?? ''), enabled: stakingAppId > 0 && address !== null })
  const vault = useQuery(vaultStateQuery(algod, deployment?.vaultAppId ? deployment : null))
  // stable pools price their coins (a second dollar coin has no ALGO pool of its own)
  const stablePools = useQuery(stablePoolsQuery(algod, deployment))
  const dex = useQuery(sdkQuery())
  const { now } = useChainNow(5_000)
  const ids = new Set<number>()
  for (const id of account.data?.assets.keys() ?? []) ids.add(id)
  for (const p of pools.data ?? []) {
    ids.add(Number(p.a))
    ids.add(Number(p.b))
  }
  for (const l of locks.data ?? []) ids.add(Number(l.asset))
  for (const p of programs.data ?? []) for (const a of [p.stakeAsset, p.rewardAsset1, p.rewardAsset2]) ids.add(Number(a))
  if (deployment?.groveAssetId) ids.add(deployment.groveAssetId)
  ids.delete(0)
  const described = useQueries({ queries: [...ids].sort((x, y) => x - y).map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[0, ALGO]])
  for (const q of described) if (q.data) tokens.set(q.data.id, q.data)
  const stable = stableToken(tokens, network.id, deployment)
  const poolList = pools.data ?? []
  const sdk = dex.data
  // Stakes wait for the SDK's reward math and the chain's clock: pending rewards are never guessed.
  const stakes: StakeHolding[] | null =
    stakingAppId === 0
      ? []
      : programs.data && positions.data && sdk && now !== null
        ? [...positions.data].flatMap(([id, pos]) => {
            const program = programs.data.find((p) => p.id === id)
            if (!program) return []
            const pending = sdk.staking.pendingRewards(program, pos, now)
            const assets = program.rewardCount === 2n ? [program.rewardAsset1, program.rewardAsset2] : [program.rewardAsset1]
            return [{ programId: id, kind: program.kind === 1n ? ('farm' as const) : ('pool' as const), stakeAsset: program.stakeAsset, stake: pos.stake, pending: assets.map((asset, k) => ({ asset, amount: pending[k]! })) }]
          })
        : null
  // Locks are valued at the chain's now, as their withdraw would see it, not at the wall clock.
  const lockHoldings: LockHolding[] | undefined =
    locks.data && sdk && now !== null ? locks.data.map((l) => ({ id: l.id, asset: l.asset, owed: l.amount - l.withdrawn, locked: sdk.lockedAt(l, now), withdrawable: sdk.withdrawableAt(l, now) })) : undefined
  const sGroveId = deployment?.sGroveAssetId ?? null
  const sgrove: SGroveHolding | undefined =
    sGroveId !== null && deployment && vault.data && sdk ? { sGroveAssetId: sGroveId, groveAssetId: deployment.groveAssetId, groveBehind: (shares) => sdk.groveBehind(vault.data.totals, shares) } : undefined
  const holdsSGrove = sGroveId !== null && (account.data?.assets.get(sGroveId) ?? 0n) > 0n
  // a deployment with a Stable app waits for its pools (or their error), so a coin they price is never shown unpriced first
  const stableRead = !deployment?.stablePoolsAppId || stablePools.data !== undefined || stablePools.isError
  const market = [...poolList, ...(stablePools.data && sdk && now !== null ? stableMarketPools(sdk, stablePools.data, now) : [])]
  const ready = account.data && (deployment === null || (pools.data && stakes !== null && (!holdsSGrove || sgrove) && stableRead && (!stablePools.data || (now !== null && sdk !== undefined))))
  return {
    portfolio: ready ? derivePortfolio({ holdings: account.data!, pools: poolList, locks: lockHoldings, stakes: stakes ?? [], sgrove, market: figuresOf(market, tokens, stable) }) : null,
    tokens,
    pools: poolList,
    marketPools: market,
    stable,
    usd: (microAlgo) => algoInStable(poolList, stable?.id ?? null, microAlgo),
    programs: programs.data ?? [],
    positions: positions.data ?? NO_POSITIONS,
    stakes: stakes ?? [],
    held: [...(account.data?.assets.keys() ?? [])].map(BigInt),
    sGroveId,
    now,
    error: account.error?.message ?? pools.error?.message ?? programs.error?.message ?? positions.error?.message ?? vault.error?.message ?? null,
  }
}


const amountText = (tokens: ReadonlyMap<number, Token>, id: number, amount: bigint, pools: readonly Pool[] = []) => {
  const lp = pools.some((p) => p.lpAsset === BigInt(id))
  return `${formatAmount(amount, tokens.get(id)?.decimals ?? (lp ? 6 : 0), { thousands: true })} ${tokenSymbol(id, tokens, pools)}`
}

/** A line's name: the token, the pair of a position, the program, sGROVE or the lock. */
function lineName(line: PortfolioLine, tokens: ReadonlyMap<number, Token>, pools: readonly Pool[], programs: readonly StakingProgram[]): string {
  const sym = (id: number) => tokens.get(id)?.symbol ?? `#${id}`
  switch (line.kind) {
    case 'liquidity':
      return `${sym(line.amounts[0]!.tokenId)}/${sym(line.amounts[1]!.tokenId)} liquidity`
    case 'farm':
    case 'pool': {
      // named as the activity list names it (stake → rewards), by the one programTitle
      const program = programs.find((p) => p.id === line.stake!.programId)
      const name = program ? programTitle(program, (id) => tokenSymbol(Number(id), tokens, pools)) : `#${line.stake!.programId}`
      return `${line.kind === 'farm' ? 'Farm' : 'Staking pool'} ${name}`
    }
    case 'sgrove':
      return 'sGROVE'
    case 'lock':
      return `Lock #${lockHandle(line.lock!.id)} (${tokenSymbol(line.amounts[0]!.tokenId, tokens, pools)})`
    case 'wallet':
      return sym(line.amounts[0]!.tokenId)
  }
}

/** ALGO and USD of a value, or "no price". */
export function ValueCells(props: { algo: bigint | null; v: ValuedPortfolio }) {
  const usd = props.algo === null ? null : props.v.usd(props.algo)
  return (
    <>
      <td data-label="Value (ALGO)">{props.algo === null ? <span className="hint">no ALGO pool to price it</span> : `${formatAmount(props.algo, 6, { thousands: true, maxDecimals: 2 })} ALGO`}</td>
      <td data-label="Value (USD)" data-usd={usd === null ? undefined : String(usd)}>
        {usd === null || !props.v.stable ? '—' : `$${formatAmount(usd, props.v.stable.decimals, { thousands: true, maxDecimals: 2 })}`}
      </td>
    </>
  )
}

const GROUPS: [string, PortfolioLine['kind']][] = [
  ['Wallet', 'wallet'],
  ['Liquidity positions', 'liquidity'],
  ['Farms', 'farm'],
  ['Staking pools', 'pool'],
  ['Staked GROVE', 'sgrove'],
  ['Locks', 'lock'],
]

/** What a line holds, as text lines: the amounts, a stake's pending rewards, sGROVE's GROVE, a lock's state. */
function LineAmounts(props: { line: PortfolioLine; v: ValuedPortfolio }) {
  const { line: l, v } = props
  const { tokens, pools } = v
  const decimals = tokens.get(l.amounts[0]!.tokenId)?.decimals ?? 0
  return (
    <td data-label="Amount">
      {l.shares !== undefined ? <span className="amount-line">{amountText(tokens, v.sGroveId ?? -1, l.shares)}</span> : null}
      {l.amounts.map((a) => (
        <span key={a.tokenId} className={l.shares !== undefined ? 'hint amount-line' : 'amount-line'}>
          {l.shares !== undefined ? 'unstakes for ' : l.stake ? 'staked ' : ''}
          {amountText(tokens, a.tokenId, a.amount, pools)}
        </span>
      ))}
      {l.stake?.pending.map((r) => (
        <span key={`r-${r.asset}`} className="hint amount-line" data-testid="pending-reward" data-asset={String(r.asset)} data-amount={String(r.amount)}>
          + {amountText(tokens, Number(r.asset), r.amount)} pending
        </span>
      ))}
      {l.lock ? (
        <span className="hint amount-line">
          {formatAmount(l.lock.locked, decimals, { thousands: true })} locked · {formatAmount(l.lock.withdrawable, decimals, { thousands: true })} withdrawable
        </span>
      ) : null}
      {l.lp !== undefined ? <span className="hint amount-line">{formatAmount(l.lp, 6, { thousands: true })} LP</span> : null}
      {l.stake ? <ProgramLine programId={l.stake.programId} v={v} /> : null}
      {l.spotAlgo !== undefined ? (
        <span className="hint amount-line" data-testid="capped-note">
          Valued at what selling it into its pools returns: {formatAmount(l.spotAlgo, 6, { thousands: true, maxDecimals: 2 })} ALGO at spot is more than they can pay
        </span>
      ) : null}
    </td>
  )
}

/** A farm or staking pool's TVL and APR now, the SDK's figures as the farms page and the analytics API give them. */
function ProgramLine(props: { programId: bigint; v: ValuedPortfolio }) {
  const { v } = props
  const program = v.programs.find((p) => p.id === props.programId)
  if (!program || v.now === null) return null
  const f = figuresOfProgram(program, figuresOf(v.marketPools, v.tokens, v.stable), v.now)
  return (
    <span className="hint amount-line" data-testid="program-figures" data-program={String(program.id)} data-apr={f.apr ?? ''} data-tvl-usd={f.tvl.usd ?? ''}>
      {formatPercent(f.apr)} APR · {formatValue(f.tvl)} staked in all
    </span>
  )
}

const PORTFOLIO_COLUMNS: Column[] = [{ label: 'Holding' }, { label: 'Amount' }, { label: 'Value (ALGO)' }, { label: 'Value (USD)' }]

/** The overview table: every line with its amounts and values, and the total. */
export function PortfolioTable(props: { v: ValuedPortfolio }) {
  const { portfolio, tokens, pools } = props.v
  if (!portfolio) return <p className="hint" role="status">{props.v.error ? `Portfolio unavailable: ${props.v.error}` : 'Reading your balances…'}</p>
  return (
    <Table label="Portfolio" className="table--stack portfolio" columns={PORTFOLIO_COLUMNS} bodies>
        {GROUPS.map(([title, kind]) => {
          const lines = portfolio.lines.filter((l) => l.kind === kind)
          if (lines.length === 0) return null
          return (
            <tbody key={kind}>
              <tr className="portfolio__group">
                <th scope="rowgroup" colSpan={4}>
                  {title}
                </th>
              </tr>
              {lines.map((l) => (
                <tr
                  key={l.key}
                  data-testid="portfolio-line"
                  data-kind={l.kind}
                  data-key={l.key}
                  data-algo={l.algo === null ? undefined : String(l.algo)}
                  data-spot-algo={l.algo === null ? undefined : String(l.spotAlgo ?? l.algo)}
                >
                  <th scope="row">{lineName(l, tokens, pools, props.v.programs)}</th>
                  <LineAmounts line={l} v={props.v} />
                  <ValueCells algo={l.algo} v={props.v} />
                </tr>
              ))}
            </tbody>
          )
        })}
        <tfoot>
          <tr data-testid="portfolio-total" data-algo={String(portfolio.totalAlgo)} data-at={props.v.now === null ? undefined : String(props.v.now)}>
            <th scope="row">{portfolio.lockedAlgo > 0n ? 'Total you can move now' : 'Total'}</th>
            <td>{portfolio.unpriced > 0 ? <span className="hint">{portfolio.unpriced} unpriced line(s) not counted</span> : null}</td>
            <ValueCells algo={portfolio.totalAlgo} v={props.v} />
          </tr>
          {portfolio.lockedAlgo > 0n ? (
            <tr data-testid="portfolio-locked" data-algo={String(portfolio.lockedAlgo)}>
              <th scope="row">In locks</th>
              <td>
                <span className="hint">locked, vesting or waiting to be withdrawn; not in the total above</span>
              </td>
              <ValueCells algo={portfolio.lockedAlgo} v={props.v} />
            </tr>
          ) : null}
        </tfoot>
    </Table>
  )
}

/** The overview tab: the total with its change and history, claim all, then the table. */
export function Overview(props: { address: string }) {
  const { network } = useProtocol()
  const v = usePortfolio(props.address)
  return (
    <>
      <ValueSummary v={v} />
      <Panel title="Portfolio" actions={<ClaimAll v={v} />}>
        <PortfolioTable v={v} />
        {v.stable ? null : <p className="hint">No stable-coin pool on {network.name}, so values are shown in ALGO only.</p>}
      </Panel>
    </>
  )
}
