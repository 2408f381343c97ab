import { useQueries, useQuery } from '@tanstack/react-query'
import { Notice } from '@/components/ui/notice.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { accountQuery } from '@/lib/account/account.ts'
import { formatAmount } from '@grove/sdk/amount'
import { poolsQuery } from '@/lib/pools/pools.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { ALGO, tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { ownerLocksQuery } from '../api/locks.ts'
import { algoInStable, derivePortfolio, findStableCoin, type Portfolio, type PortfolioLine } from '../portfolio.ts'

/** What valuing an account needs: its portfolio, the tokens to name its lines and the stable coin for USD. */
export interface ValuedPortfolio {
  portfolio: Portfolio | null
  tokens: ReadonlyMap<number, Token>
  stable: Token | null
  /** Stable-coin base units of `microAlgo`; null without the stable coin's pool. */
  usd(microAlgo: bigint): bigint | null
  error: string | null
}

/** Reads and values an account: algod's holdings, the DEX's pools and (when deployed) its locks. */
export function usePortfolio(address: string | null, withLocks = true): ValuedPortfolio {
  const { network, algod, deployment } = useProtocol()
  const account = useQuery({ ...accountQuery(algod, address ?? ''), enabled: address !== null })
  const pools = useQuery({ ...poolsQuery(algod, deployment?.dexAppId ?? 0), enabled: deployment !== null })
  const locks = useQuery({ ...ownerLocksQuery(algod, deployment?.lockAppId ?? 0, address ?? ''), enabled: withLocks && address !== null && deployment?.lockAppId !== undefined })
  const ids = new Set<number>()
  for (const id of account.data?.assets.keys() ?? []) ids.add(id)
  for (const p of pools.data ?? []) {
    ids.add(Number(p.a))
    ids.add(Number(p.b))
  }
  for (const l of locks.data ?? []) ids.add(Number(l.asset))
  ids.delete(0)
  const described = useQueries({ queries: [...ids].sort((x, y) => x - y).map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[0, ALGO]])
  for (const q of described) if (q.data) tokens.set(q.data.id, q.data)
  const stable = findStableCoin(tokens.values(), network.id)
  const poolList = pools.data ?? []
  const ready = account.data && (deployment === null || pools.data)
  return {
    portfolio: ready ? derivePortfolio({ holdings: account.data!, pools: poolList, locks: locks.data }) : null,
    tokens,
    stable,
    usd: (microAlgo) => algoInStable(poolList, stable?.id ?? null, microAlgo),
    error: account.error?.message ?? pools.error?.message ?? null,
  }
}

const amountText = (tokens: ReadonlyMap<number, Token>, id: number, amount: bigint) => {
  const t = tokens.get(id)
  return `${formatAmount(amount, t?.decimals ?? 0, { thousands: true })} ${t?.symbol ?? `#${id}`}`
}

/** A line's name: the token, the pair of a position, or the lock. */
function lineName(line: PortfolioLine, tokens: ReadonlyMap<number, Token>): string {
  const sym = (id: number) => tokens.get(id)?.symbol ?? `#${id}`
  if (line.kind === 'liquidity') return `${sym(line.amounts[0]!.tokenId)}/${sym(line.amounts[1]!.tokenId)} liquidity`
  if (line.kind === 'lock') return `Lock #${line.lock!.id} (${sym(line.amounts[0]!.tokenId)})`
  return sym(line.amounts[0]!.tokenId)
}

/** ALGO and USD of a value, or "no price". */
export function ValueCells(props: { algo: bigint | null; v: ValuedPortfolio }) {
  const usd = props.algo === null ? null : props.v.usd(props.algo)
  return (
    <>
      <td data-label="Value (ALGO)">{props.algo === null ? <span className="hint">no ALGO pool to price it</span> : `${formatAmount(props.algo, 6, { thousands: true, maxDecimals: 2 })} ALGO`}</td>
      <td data-label="Value (USD)">{usd === null || !props.v.stable ? '—' : `$${formatAmount(usd, props.v.stable.decimals, { thousands: true, maxDecimals: 2 })}`}</td>
    </>
  )
}

/** The overview table: every line with its amounts and values, and the total. */
export function PortfolioTable(props: { v: ValuedPortfolio }) {
  const { portfolio, tokens } = props.v
  if (!portfolio) return <p className="hint" role="status">{props.v.error ? `Portfolio unavailable: ${props.v.error}` : 'Reading your balances…'}</p>
  const groups: [string, PortfolioLine['kind']][] = [
    ['Wallet', 'wallet'],
    ['Liquidity positions', 'liquidity'],
    ['Locks', 'lock'],
  ]
  return (
    <div className="table-wrap">
      <table className="table table--stack portfolio" aria-label="Portfolio">
        <thead>
          <tr>
            <th scope="col">Holding</th>
            <th scope="col">Amount</th>
            <th scope="col">Value (ALGO)</th>
            <th scope="col">Value (USD)</th>
          </tr>
        </thead>
        {groups.map(([title, kind]) => {
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
                <tr key={l.key} data-testid="portfolio-line" data-kind={l.kind} data-algo={l.algo === null ? undefined : String(l.algo)}>
                  <th scope="row">{lineName(l, tokens)}</th>
                  <td data-label="Amount">
                    {l.amounts.map((a) => (
                      <span key={a.tokenId} className="amount-line">
                        {amountText(tokens, a.tokenId, a.amount)}
                      </span>
                    ))}
                    {l.lock ? (
                      <span className="hint amount-line">
                        {formatAmount(l.lock.locked, tokens.get(l.amounts[0]!.tokenId)?.decimals ?? 0, { thousands: true })} locked ·{' '}
                        {formatAmount(l.lock.withdrawable, tokens.get(l.amounts[0]!.tokenId)?.decimals ?? 0, { thousands: true })} withdrawable
                      </span>
                    ) : null}
                    {l.lp !== undefined ? <span className="hint amount-line">{formatAmount(l.lp, 6, { thousands: true })} LP</span> : null}
                  </td>
                  <ValueCells algo={l.algo} v={props.v} />
                </tr>
              ))}
            </tbody>
          )
        })}
        <tfoot>
          <tr data-testid="portfolio-total" data-algo={String(portfolio.totalAlgo)}>
            <th scope="row">Total</th>
            <td>{portfolio.unpriced > 0 ? <span className="hint">{portfolio.unpriced} unpriced line(s) not counted</span> : null}</td>
            <ValueCells algo={portfolio.totalAlgo} v={props.v} />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

/** The overview tab: the table, then what Grove does not have on this network yet. */
export function Overview(props: { address: string }) {
  const { network, deployment } = useProtocol()
  const v = usePortfolio(props.address)
  return (
    <>
      <Panel title="Portfolio">
        <PortfolioTable v={v} />
        {v.stable ? null : <p className="hint">No stable-coin pool on {network.name}, so values are shown in ALGO only.</p>}
      </Panel>
      <Panel title="Not deployed yet">
        <Notice title="Farms, staking pools and sGROVE are not deployed yet">
          Grove’s staking app and the sGROVE vault are not on {network.name} yet, so farm and staking-pool stakes, their pending rewards and sGROVE have no lines here.
          They will appear in this table once deployed.
          {deployment?.lockAppId === undefined ? ' Token locks are not deployed either.' : ''}
        </Notice>
      </Panel>
    </>
  )
}
