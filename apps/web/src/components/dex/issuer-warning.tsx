import { useQuery } from '@tanstack/react-query'
import { Notice } from '@/components/ui/notice.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { issuerPowers, verifiedTokensQuery, type IssuerPower, type Token } from '@/lib/tokens/tokens.ts'
import './dex.css'

/** Which Grove app would hold the token: a pool, the staking app (stakes and rewards) or the locks app. */
export type TokenHolder = 'pool' | 'staking' | 'lock'

/** What each issuer power lets the issuer do to the app holding the token, in words. */
export const ISSUER_POWER_TEXT: Record<TokenHolder, Record<IssuerPower, (symbol: string) => string>> = {
  pool: {
    clawback: (symbol) =>
      `Its issuer has a clawback address: they can take ${symbol} from any account, the pool's included, and leave the pool's other side to whoever trades next.`,
    freeze: (symbol) =>
      `Its issuer has a freeze address: they can freeze any holding, the pool's included, which stops every trade and withdrawal of ${symbol} from the pool until they unfreeze it.`,
  },
  staking: {
    clawback: (symbol) =>
      `Its issuer has a clawback address: they can take ${symbol} from any account, the staking app's included, so stakes and rewards in ${symbol} are only as safe as that address.`,
    freeze: (symbol) =>
      `Its issuer has a freeze address: they can freeze the staking app's holding, which stops every unstake, claim and emergency withdrawal of ${symbol} until they unfreeze it.`,
  },
  lock: {
    clawback: (symbol) =>
      `Its issuer has a clawback address: they can take ${symbol} from any account, the locks app's included, so a lock of ${symbol} is only as safe as that address.`,
    freeze: (symbol) =>
      `Its issuer has a freeze address: they can freeze the locks app's holding, which stops every withdrawal of ${symbol} from its locks until they unfreeze it.`,
  },
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
 * registry has not verified; nothing when there is none. Shown before a trade, a new pool, a new
 * farm or staking pool, a stake and a lock (`holder` says which app would hold the token).
 */
export function IssuerWarning(props: { tokens: readonly Token[]; verified: ReadonlySet<number>; holder?: TokenHolder }) {
  const holder = props.holder ?? 'pool'
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
            <p key={power}>{ISSUER_POWER_TEXT[holder][power](token.symbol)}</p>
          ))}
          <p>
            <a href="/docs/swaps-and-fees#tokens-whose-issuer-keeps-control">What an issuer can do</a>
          </p>
        </Notice>
      ))}
    </div>
  )
}

/** IssuerWarning with the registry's verified list read here: for forms that have no list of their own. */
export function IssuerWarningFor(props: { tokens: readonly (Token | undefined)[]; holder: TokenHolder }) {
  const { algod, deployment } = useProtocol()
  const verified = useQuery({ ...verifiedTokensQuery(algod, deployment?.registryAppId ?? 0), enabled: !!deployment })
  const tokens = props.tokens.filter((t): t is Token => t !== undefined)
  if (!verified.data || tokens.length === 0) return null
  return <IssuerWarning tokens={tokens} verified={verified.data} holder={props.holder} />
}
