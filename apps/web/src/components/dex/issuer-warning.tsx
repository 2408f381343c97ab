import { Notice } from '@/components/ui/notice.tsx'
import { issuerPowers, type IssuerPower, type Token } from '@/lib/tokens/tokens.ts'
import './dex.css'

/** What each issuer power lets the issuer do to a pool, in words. */
export const ISSUER_POWER_TEXT: Record<IssuerPower, (symbol: string) => string> = {
  clawback: (symbol) =>
    `Its issuer has a clawback address: they can take ${symbol} from any account, the pool's included, and leave the pool's other side to whoever trades next.`,
  freeze: (symbol) =>
    `Its issuer has a freeze address: they can freeze any holding, the pool's included, which stops every trade and withdrawal of ${symbol} from the pool until they unfreeze it.`,
}

/** The short label of a token's powers, e.g. "clawback, freeze". */
export const powersLabel = (powers: readonly IssuerPower[]): string => powers.join(', ')

/** A compact mark beside a token whose issuer keeps powers (token lists). */
export function IssuerPowerMark(props: { powers: readonly IssuerPower[] }) {
  if (props.powers.length === 0) return null
  const label = `issuer can ${props.powers.map((p) => (p === 'clawback' ? 'claw back' : 'freeze')).join(' and ')}`
  return (
    <span className="issuer-mark" title={`Not verified; ${label}`} aria-label={label}>
      ⚠ {powersLabel(props.powers)}
    </span>
  )
}

/**
 * A warning for every token of `tokens` whose issuer keeps a clawback or freeze address and that the
 * registry has not verified; nothing when there is none. Shown before a trade or a new pool.
 */
export function IssuerWarning(props: { tokens: readonly Token[]; verified: ReadonlySet<number> }) {
  const seen = new Set<number>()
  const risky = props.tokens.flatMap((token) => {
    if (seen.has(token.id)) return []
    seen.add(token.id)
    const powers = issuerPowers(token, props.verified)
    return powers.length === 0 ? [] : [{ token, powers }]
  })
  if (risky.length === 0) return null
  return (
    <div data-testid="issuer-warning">
      {risky.map(({ token, powers }) => (
        <Notice key={token.id} tone="warning" title={`${token.symbol} (#${token.id}) is not verified and its issuer keeps control of it`}>
          {powers.map((power) => (
            <p key={power}>{ISSUER_POWER_TEXT[power](token.symbol)}</p>
          ))}
          <p>
            <a href="/docs/swaps-and-fees#tokens-whose-issuer-keeps-control">What an issuer can do</a>
          </p>
        </Notice>
      ))}
    </div>
  )
}
