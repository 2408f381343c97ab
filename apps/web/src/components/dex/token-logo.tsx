import { QueryClientContext, useQuery } from '@tanstack/react-query'
import { useContext, useState } from 'react'
import { assetQuery } from '@/lib/tokens/asset.ts'
import { tokenLogoQuery } from '@/lib/tokens/token-logo-query.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { effectiveAlgod, effectiveIndexer, useSettings } from '@/lib/settings.ts'
import { logoBackground, logoInitials } from './token-logo.ts'
import './dex.css'

/**
 * A token's logo, the one used in selectors, lists, reviews and toasts: ALGO's mark, the image its
 * ARC-3 / ARC-19 / ARC-69 metadata names, else initials on a colour from the asset id (also while
 * the image loads or when it fails). Decorative: the symbol beside it names the token.
 */
export function TokenLogo(props: { token: Pick<Token, 'id' | 'symbol'>; size?: number }) {
  // Outside a query client (a component rendered alone) there is nothing to read metadata with.
  const client = useContext(QueryClientContext)
  return client && props.token.id !== 0 ? <MetadataLogo {...props} /> : <GeneratedLogo {...props} />
}

function MetadataLogo(props: { token: Pick<Token, 'id' | 'symbol'>; size?: number }) {
  const settings = useSettings()
  const algod = effectiveAlgod(settings)
  const { id } = props.token
  // The asset's parameters are cached for the session by the query that named the token.
  const asset = useQuery(assetQuery(algod, String(id)))
  // Root-relative logo URLs are the local network's demo tokens, served by this app.
  const localOrigin = settings.network === 'localnet' && typeof window !== 'undefined' ? window.location.origin : undefined
  const logo = useQuery(tokenLogoQuery(algod, asset.data, localOrigin ? { localOrigin } : {}, effectiveIndexer(settings)))
  const [failed, setFailed] = useState<string | null>(null)
  const size = props.size ?? 24
  const src = logo.data && logo.data !== failed ? logo.data : null

  if (src) {
    return (
      <img
        className="token-logo token-logo--image"
        src={src}
        width={size}
        height={size}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        data-testid="token-logo"
        data-logo="image"
        onError={() => setFailed(src)}
      />
    )
  }
  return <GeneratedLogo {...props} />
}

/** ALGO's mark, or initials on a colour from the asset id. */
function GeneratedLogo(props: { token: Pick<Token, 'id' | 'symbol'>; size?: number }) {
  const { id, symbol } = props.token
  const size = props.size ?? 24
  const style = { width: size, height: size, fontSize: size * 0.4, ...(id === 0 ? {} : { background: logoBackground(id) }) }
  return (
    // The letters are CSS content, not text: a button's visible words stay the token's symbol alone
    // (voice control, axe's label-content-name-mismatch), and copying a row copies no stray initials.
    <span
      className={`token-logo${id === 0 ? ' token-logo--algo' : ''}`}
      style={style}
      aria-hidden="true"
      data-testid="token-logo"
      data-logo={id === 0 ? 'algo' : 'fallback'}
      data-initials={id === 0 ? 'Ⱥ' : logoInitials(symbol)}
    />
  )
}
