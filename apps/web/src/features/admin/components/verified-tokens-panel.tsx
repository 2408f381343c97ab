// The verified token list: what a token’s issuer can still do, and adding or removing it.
import { useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { IssuerPowerMark, ISSUER_POWER_TEXT } from '@/components/dex/issuer-warning.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { issuerPowers, tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { verifyTokenReview } from '../admin-actions.ts'
import { wholeNumber, type AdminPanelProps } from './panel-props.ts'

function TokenFacts(props: { token: Token; verified: boolean }) {
  const powers = issuerPowers(props.token, false)
  return (
    <div className="token-facts" data-testid="token-facts">
      <p>
        <strong>{props.token.name}</strong> ({props.token.symbol}) · asset #{props.token.id} · {props.token.decimals} decimals{props.verified ? ' · verified' : ''}
      </p>
      {powers.length > 0 ? (
        <Notice tone="warning" title="The issuer keeps powers over every holder">
          <ul>
            {powers.map((p) => (
              <li key={p}>{ISSUER_POWER_TEXT.pool[p](props.token.symbol)}</li>
            ))}
          </ul>
          Verifying hides this warning from users: do it only for an issuer you trust with these powers.
        </Notice>
      ) : (
        <p className="hint">No clawback or freeze address: the issuer cannot take or freeze holdings.</p>
      )}
    </div>
  )
}

/** The verified tokens with their issuers’ powers, and forms to add or remove one. */
export function VerifiedTokensPanel(props: AdminPanelProps & { verified: ReadonlySet<number> }) {
  const { algod } = useProtocol()
  const [text, setText] = useState('')
  const id = wholeNumber(text)
  const lookup = useQuery({ ...tokenQuery(algod, id ?? 0), enabled: id !== null && id > 0 })
  const listed = [...props.verified].filter((v) => v !== 0).sort((x, y) => x - y)
  const described = useQueries({ queries: listed.map((v) => tokenQuery(algod, v)) })
  return (
    <Panel title="Verified tokens">
      <p className="hint">Verified tokens are marked in every token list and carry no issuer-power warning.</p>
      <Table label="Verified tokens" className="table--stack" columns={[{ label: 'Token' }, { label: 'Asset id' }, { label: 'Issuer powers' }, { label: 'Action', hideLabel: true }]}>
        {listed.map((v, i) => {
          const t = described[i]?.data
          return (
            <tr key={v} data-testid={`verified-${v}`}>
              <th scope="row">{t ? `${t.symbol} · ${t.name}` : '…'}</th>
              <td data-label="Asset id">{v}</td>
              <td data-label="Issuer powers">{t ? <IssuerPowerMark powers={issuerPowers(t, false)} /> : null}</td>
              <td>
                <button type="button" className="button button--ghost" disabled={props.disabled || !t} onClick={() => t && props.onReview(verifyTokenReview(v, t.symbol, false))}>
                  Remove
                </button>
              </td>
            </tr>
          )
        })}
      </Table>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (lookup.data && !props.verified.has(lookup.data.id)) props.onReview(verifyTokenReview(lookup.data.id, lookup.data.symbol, true))
        }}
      >
        <label className="field">
          <span>Add a token by asset id</span>
          <input className="input" inputMode="numeric" value={text} disabled={props.disabled} onChange={(e) => setText(e.target.value)} />
        </label>
        {text.trim() !== '' && (id === null || id === 0) ? (
          <p className="field__error" role="alert">
            An asset id is a positive whole number.
          </p>
        ) : lookup.isError ? (
          <p className="field__error" role="alert">
            {lookup.error.message}
          </p>
        ) : lookup.data ? (
          <TokenFacts token={lookup.data} verified={props.verified.has(lookup.data.id)} />
        ) : id ? (
          <p className="hint" role="status">
            Looking up asset {id}…
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled || !lookup.data || props.verified.has(lookup.data.id)}>
          {lookup.data && props.verified.has(lookup.data.id) ? 'Already verified' : 'Review verification'}
        </button>
      </form>
    </Panel>
  )
}
