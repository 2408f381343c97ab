// One pool’s swap fee, the pool found by its tokens.
import { useState } from 'react'
import { Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { tokenMatches, type Token } from '@/lib/tokens/tokens.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import { bpsWords, poolFeeReview, protocolShareWords } from '../admin-actions.ts'
import { wholeNumber, type AdminPanelProps } from './panel-props.ts'

const pairName = (pool: Pool, tokens: ReadonlyMap<number, Token>) => `${tokens.get(Number(pool.a))?.symbol ?? `#${pool.a}`}/${tokens.get(Number(pool.b))?.symbol ?? `#${pool.b}`}`

/** Every pool with its fee, searchable, and a form to change one pool’s fee. */
export function PoolFeePanel(props: AdminPanelProps & { pools: Pool[]; tokens: ReadonlyMap<number, Token> }) {
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const [fee, setFee] = useState('')
  const matching = props.pools.filter((p) => {
    if (search.trim() === '') return true
    const parts = search.split('/').map((s) => s.trim()).filter(Boolean)
    const sides = [props.tokens.get(Number(p.a)), props.tokens.get(Number(p.b))]
    return parts.every((q) => sides.some((t) => t !== undefined && tokenMatches(t, q)))
  })
  const pool = props.pools.find((p) => `${p.a}-${p.b}` === selected) ?? null
  const f = wholeNumber(fee)
  const feeError = fee !== '' && pool ? props.check({ kind: 'setPoolFee', a: pool.a, b: pool.b, feeBps: f ?? Number.NaN }) : null
  return (
    <Panel title="Pool fees">
      <label className="field">
        <span>Search a pool</span>
        <input className="input" type="search" placeholder="ALGO/gUSD, a symbol or an asset id" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <Table label="Pools and their fees" className="table--stack" columns={[{ label: 'Pool' }, { label: 'Swap fee' }, { label: 'Protocol share' }, { label: 'Action', hideLabel: true }]}>
        {matching.map((p) => {
          const key = `${p.a}-${p.b}`
          return (
            <tr key={key} aria-current={key === selected ? 'true' : undefined} data-testid={`pool-fee-${key}`}>
              <th scope="row">{pairName(p, props.tokens)}</th>
              <td data-label="Swap fee">{bpsWords(Number(p.feeBps))}</td>
              <td data-label="Protocol share">{protocolShareWords(Number(p.protocolFeeDivisor))}</td>
              <td>
                <button type="button" className="button button--ghost" disabled={props.disabled} onClick={() => setSelected(key)}>
                  Change fee
                </button>
              </td>
            </tr>
          )
        })}
        {matching.length === 0 ? (
          <tr>
            <td colSpan={4}>No pool matches “{search}”.</td>
          </tr>
        ) : null}
      </Table>
      {pool && !props.disabled ? (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (f !== null && !feeError) props.onReview(poolFeeReview(pool, pairName(pool, props.tokens), f))
          }}
        >
          <label className="field">
            <span>New fee of {pairName(pool, props.tokens)} (bps, now {Number(pool.feeBps)})</span>
            <input className="input" inputMode="numeric" value={fee} onChange={(e) => setFee(e.target.value)} />
          </label>
          {feeError ? (
            <p className="field__error" role="alert">
              {feeError}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={f === null || feeError !== null || f === Number(pool.feeBps)}>
            Review pool fee
          </button>
        </form>
      ) : null}
    </Panel>
  )
}
