import { IssuerWarning } from '@/components/dex/issuer-warning.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import type { AddView } from '../derive-liquidity.ts'

/** Props of {@link NewPoolNotice}. */
export interface NewPoolNoticeProps {
  view: Pick<AddView, 'tokenA' | 'tokenB' | 'step'>
  /** The registry's verified tokens: the others with a clawback or freeze address get a warning. */
  verified: ReadonlySet<number>
}

/** The pool-creation form's notices: what creating a pool takes, and what the tokens' issuers could do to it. */
export function NewPoolNotice({ view, verified }: NewPoolNoticeProps) {
  const { tokenA, tokenB, step } = view
  if (!tokenA || !tokenB || !step) return null
  return (
    <>
      {step === 'create' ? (
        <Notice tone="warning" title={`You are creating the ${tokenA.symbol}/${tokenB.symbol} pool`}>
          No pool exists for this pair. Creating it takes two signatures: one creates the pool, the next makes your deposit. Your two amounts set its first price; if it is off the market, traders will arbitrage it and you lose the difference.
        </Notice>
      ) : (
        <Notice tone="warning" title={`The ${tokenA.symbol}/${tokenB.symbol} pool exists but is empty`}>
          Step 1 (create pool) is done. Deposit both tokens to set its first price and open it for trading; if the price is off the market, traders will arbitrage it and you lose the difference.
        </Notice>
      )}
      <IssuerWarning tokens={[tokenA, tokenB]} verified={verified} />
    </>
  )
}
