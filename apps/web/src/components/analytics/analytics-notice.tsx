import { Notice } from '@/components/ui/notice.tsx'
import { analyticsProblem } from '@/lib/analytics/client.ts'

/**
 * The one analytics state every page shows when its figures cannot be had: no service on this
 * network, the service cannot be reached, or it answered with an error. Trading never waits on it.
 */
export function AnalyticsNotice(props: { url: string | null; networkName: string; error?: unknown }) {
  if (props.url === null) {
    return (
      <Notice title="Analytics unavailable" tone="info">
        <p>No analytics service runs for {props.networkName}, so charts and market figures are not shown. Swapping and liquidity work as usual.</p>
      </Notice>
    )
  }
  const problem = analyticsProblem(props.error)
  return (
    <Notice title="Analytics unavailable" tone="warning">
      {problem.kind === 'unreachable' ? (
        <p>
          Grove’s analytics service at <code>{props.url}</code> cannot be reached, so charts and market figures are not shown. Swapping and liquidity work
          without it; this page retries on its own.
        </p>
      ) : (
        <p>The analytics service answered with an error: {'message' in problem ? problem.message : ''}</p>
      )}
    </Notice>
  )
}
