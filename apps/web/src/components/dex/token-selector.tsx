import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Modal } from '@/components/ui/modal.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import type { Token } from '@/lib/tokens/tokens.ts'
import { issuerPowers, tokenMatches, tokenQuery } from '@/lib/tokens/tokens.ts'
import { formatAmount } from '@grove/sdk/amount'
import type { AlgodConfig, NetworkId } from '@/lib/networks.ts'
import { importToken } from '@/lib/tokens/imported-tokens.ts'
import { ISSUER_POWER_TEXT, IssuerPowerMark } from './issuer-warning.tsx'
import { TokenLogo } from './token-logo.tsx'
import './dex.css'

/** A token as the selector lists it. */
export interface TokenOption {
  token: Token
  verified: boolean
  /** The user's balance; undefined when not opted in or not connected. */
  balance?: bigint
}

/** Props of {@link TokenSelector}. */
export interface TokenSelectorProps {
  title: string
  options: TokenOption[]
  selectedId: number | null
  /** Where a token found by asset id is looked up, and whose imported list keeps it once the user accepts the warning. */
  network: NetworkId
  algod: AlgodConfig
  /** The token chosen: one of `options`, or one just imported. */
  onPick(tokenId: number): void
  onClose(): void
}

/** Verified tokens first, then what the user holds most of, then by symbol. */
function byRelevance(a: TokenOption, b: TokenOption): number {
  if (a.verified !== b.verified) return a.verified ? -1 : 1
  const held = (o: TokenOption) => (o.balance !== undefined && o.balance > 0n ? 1 : 0)
  if (held(a) !== held(b)) return held(b) - held(a)
  return a.token.symbol.localeCompare(b.token.symbol)
}

/** The token picker: search by symbol, name or asset id; verified badges; a mark on unverified tokens whose issuer can claw back or freeze; balances; import by id with a warning. */
export function TokenSelector(props: TokenSelectorProps) {
  const [search, setSearch] = useState('')
  const matches = props.options.filter((o) => tokenMatches(o.token, search)).sort(byRelevance)
  const id = /^\d+$/.test(search.trim()) ? Number(search.trim()) : null
  const known = id !== null && props.options.some((o) => o.token.id === id)

  return (
    <Modal title={props.title} onClose={props.onClose}>
      <input
        type="search"
        aria-label="Search by name, symbol or asset id"
        placeholder="Search name, symbol or asset id"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
      />
      {matches.length > 0 ? (
        <ul className="token-list" aria-label="Tokens">
          {matches.map((o) => (
            <li key={o.token.id}>
              <button
                type="button"
                className="token-list__item"
                aria-current={o.token.id === props.selectedId ? 'true' : undefined}
                onClick={() => props.onPick(o.token.id)}
              >
                <span className="token-list__logo">
                  <TokenLogo token={o.token} size={32} />
                </span>
                <span className="token-list__symbol">
                  {o.token.symbol}
                  {o.verified ? <VerifiedBadge /> : null}
                  <IssuerPowerMark powers={issuerPowers(o.token, o.verified)} />
                </span>
                <span className="token-list__name">
                  {o.token.name} {o.token.id === 0 ? null : <span className="token-list__id">#{o.token.id}</span>}
                </span>
                <span className="token-list__balance">{o.balance === undefined ? '' : formatAmount(o.balance, o.token.decimals, { thousands: true, maxDecimals: 6 })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {id !== null && id > 0 && !known ? (
        <ImportToken
          algod={props.algod}
          id={id}
          onImport={(token) => {
            importToken(props.network, token.id)
            props.onPick(token.id)
          }}
        />
      ) : matches.length === 0 ? (
        <p className="empty">No token matches “{search.trim()}”. Search by asset id to import one.</p>
      ) : null}
    </Modal>
  )
}

/** The registry's mark on a verified token. */
export function VerifiedBadge() {
  return (
    <span className="verified-badge" title="Verified by Grove" aria-label="verified">
      ✓
    </span>
  )
}

function ImportToken(props: { algod: AlgodConfig; id: number; onImport(token: Token): void }) {
  const asset = useQuery(tokenQuery(props.algod, props.id))
  const [understood, setUnderstood] = useState(false)
  if (asset.isPending) return <p className="hint">Looking up asset {props.id}…</p>
  if (asset.isError) return <p className="field__error">{asset.error.message}</p>
  const token = asset.data
  return (
    <Notice tone="warning" title={`Import ${token.symbol} (#${token.id})?`}>
      <p className="token-import__lead">
        <TokenLogo token={token} size={28} />
        {token.name} is not on Grove’s verified list. Anyone can create an asset with any name, including copies of real tokens. Check the asset id before
        you trade it.
      </p>
      {issuerPowers(token, false).map((power) => (
        <p key={power}>{ISSUER_POWER_TEXT.pool[power](token.symbol)}</p>
      ))}
      <label className="checkbox">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> I understand the risk
      </label>
      <button type="button" className="button button--primary" disabled={!understood} onClick={() => props.onImport(token)}>
        Import {token.symbol}
      </button>
    </Notice>
  )
}
