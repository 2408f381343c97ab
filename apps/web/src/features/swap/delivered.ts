// A swap's toast once it lands: what algod says the group moved for the account (read back from the
// confirmed transactions), never the quote, which the pools may have moved away from meanwhile.
import type { BalanceChanges } from '@grove/sdk'
import { formatAmount } from '@grove/sdk/amount'

interface Side {
  id: number
  symbol: string
  decimals: number
}

/** "Swapped 1,000 ALGO for 202.033032 gUSD" from the confirmed changes; without them, the pair alone. */
export function swappedWords(delivered: BalanceChanges | undefined, tokenIn: Side, tokenOut: Side): string {
  const paid = delivered ? -(delivered.assets.get(BigInt(tokenIn.id)) ?? 0n) : 0n
  const got = delivered?.assets.get(BigInt(tokenOut.id)) ?? 0n
  if (!delivered || paid <= 0n || got <= 0n) return `Swapped ${tokenIn.symbol} for ${tokenOut.symbol}`
  const show = (amount: bigint, t: Side) => `${formatAmount(amount, t.decimals, { thousands: true })} ${t.symbol}`
  return `Swapped ${show(paid, tokenIn)} for ${show(got, tokenOut)}`
}
