// Exact fees: every transaction pays the minimum fee, an app call also the inner transactions it
// sends (fee pooling), so a group pays what it costs and no more.
import type { SuggestedParams } from 'algosdk'

/** The network's minimum fee per transaction, from suggested params (1,000 µALGO when they say 0). */
export function minFeeOf(params: SuggestedParams): bigint {
  const fee = BigInt(params.minFee)
  return fee > 0n ? fee : 1000n
}

/** The fee of an app call that sends `inners` inner transactions: min fee × (1 + inners). */
export const appCallFee = (minFee: bigint, inners: number): bigint => minFee * BigInt(1 + inners)
