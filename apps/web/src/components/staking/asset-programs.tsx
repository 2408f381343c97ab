// The farms and staking pools of one token (it is staked, paid, or one side of the staked LP
// token's pool): a project page's list, read through lib/staking.
import { Table } from '@/components/ui/table.tsx'
import { Link } from 'react-router'
import { Panel } from '@/components/ui/page.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { figuresOf, formatPercent, formatValue } from '@/lib/pools/figures.ts'
import { programRows, programsOfAsset, programStatus, timeLeft } from '@/lib/staking/derive.ts'
import { useStakingData } from '@/lib/staking/staking.ts'
import { emptyText } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'

/** A panel listing the programs of `assetId`, each linking to the farms or staking pools page. */
export function AssetPrograms(props: { assetId: number }) {
  const { network, deployment } = useProtocol()
  const problem = useDeploymentProblem()
  const data = useStakingData(null)
  const pools = data.market.pools ?? []
  const { now } = data
  const mine = data.programs.data ? programsOfAsset(data.programs.data, pools, BigInt(props.assetId)) : null
  const market = figuresOf(pools, data.tokens, data.stable)
  const rowsOf = (kind: 'farm' | 'pool') => (mine && now !== null ? programRows({ programs: mine, kind, tokens: data.tokens, pools, market, now }) : [])
  const rows = mine && now !== null && data.market.pools ? [...rowsOf('farm'), ...rowsOf('pool')] : null
  // the rows are priced from the pools: both reads must answer
  const failure = data.programs.error?.message ?? data.market.poolsError
  return (
    <Panel title="Farms and staking pools">
      {failure !== null ? (
        <p className="field__error">The staking programs could not be read: {failure}</p>
      ) : !rows?.length || now === null ? (
        <p className="empty">
          {emptyText({ what: 'staking programs', networkName: network.name, deployed: deployment !== null, problem, pending: !rows }, 'No farm or staking pool stakes or pays this token.')}
        </p>
      ) : (
        <Table label="Staking programs of this token" testId="project-programs" columns={[{ label: 'Program' }, { label: 'Total staked' }, { label: 'APR' }, { label: 'Time' }]}>
          {rows.map((r) => {
            const { apr, tvl } = r.figures
            return (
              <tr key={String(r.program.id)}>
                <th scope="row">
                  <Link to={r.program.kind === 1n ? '/staking/farms' : '/staking/pools'}>
                    {r.program.kind === 1n ? 'Farm' : 'Pool'}: {r.stake.symbol} → {r.rewards.map((x) => x.symbol).join(' + ')}
                  </Link>
                </th>
                <td>
                  {formatAmount(r.program.totalStaked, r.stake.decimals, { thousands: true, maxDecimals: 4 })} {r.stake.symbol}
                  {tvl.usd !== null || tvl.algo !== null ? <span className="hint"> ≈ {formatValue(tvl)}</span> : null}
                </td>
                <td data-testid="project-program-apr" data-apr={apr ?? ''}>
                  {formatPercent(apr)}
                </td>
                <td>{programStatus(r.program, now) === 'ended' ? 'Ended' : timeLeft(r.program, now)}</td>
              </tr>
            )
          })}
        </Table>
      )}
    </Panel>
  )
}
