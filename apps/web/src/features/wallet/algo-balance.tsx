import { useQuery } from '@tanstack/react-query'
import { accountQuery } from '@/lib/account/account.ts'
import { formatAlgo } from '@grove/sdk/amount'
import { useProtocol } from '@/lib/protocol.ts'

/** The ALGO balance of `address` on the active network, or a readable reason it is unavailable. */
export function AlgoBalance(props: { address: string; compact?: boolean }) {
  const { algod } = useProtocol()
  const balance = useQuery(accountQuery(algod, props.address))
  if (balance.isPending) return <span className="balance balance--pending">Loading balance…</span>
  if (balance.isError) {
    return (
      <span className="balance balance--error" title={balance.error.message}>
        {props.compact ? 'Balance unavailable' : `Balance unavailable: ${balance.error.message}`}
      </span>
    )
  }
  return <span className="balance">{formatAlgo(balance.data.algo)}</span>
}
