import type { Token } from '@/lib/tokens/tokens.ts'
import { logoHue, logoInitials } from './token-logo.ts'
import './dex.css'

/** A token's logo: ALGO's mark, else initials on a colour from the asset id. Decorative: the symbol beside it names the token. */
export function TokenLogo(props: { token: Pick<Token, 'id' | 'symbol'>; size?: number }) {
  const size = props.size ?? 24
  const style = { width: size, height: size, fontSize: size * 0.4, ...(props.token.id === 0 ? {} : { background: `hsl(${logoHue(props.token.id)} 55% 42%)` }) }
  return (
    <span className={`token-logo${props.token.id === 0 ? ' token-logo--algo' : ''}`} style={style} aria-hidden="true" data-testid="token-logo">
      {props.token.id === 0 ? 'Ⱥ' : logoInitials(props.token.symbol)}
    </span>
  )
}
