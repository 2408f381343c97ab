import { useSearchParams } from 'react-router'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'

/** Candle widths the chart offers. */
export const TIMEFRAMES = ['5m', '15m', '1h', '4h', '1d'] as const

/** Candlestick and volume chart of one pool; the timeframe lives in the URL (?tf=). */
export function ChartPage() {
  const { network, deployment } = useProtocol()
  const [params, setParams] = useSearchParams()
  const tf = (TIMEFRAMES as readonly string[]).includes(params.get('tf') ?? '') ? params.get('tf')! : '1h'
  return (
    <Page title="Chart" intro="Price candles and volume for a pool, from Grove’s analytics service." wide>
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <div className="toolbar">
        <label>
          Pool{' '}
          <select disabled value="">
            <option value="">{deployment ? 'Choose a pool' : 'No pools on this network'}</option>
          </select>
        </label>
        <div role="group" aria-label="Timeframe" className="segmented">
          {TIMEFRAMES.map((t) => (
            <button key={t} type="button" aria-pressed={t === tf} className={t === tf ? 'active' : ''} onClick={() => setParams({ tf: t }, { replace: true })}>
              {t}
            </button>
          ))}
        </div>
      </div>
      <div className="chart-area card" role="img" aria-label={`Empty ${tf} chart`}>
        <p className="empty">{deployment ? 'Choose a pool to see its candles.' : 'No pool, no candles: Grove has no pools on this network.'}</p>
      </div>
    </Page>
  )
}
