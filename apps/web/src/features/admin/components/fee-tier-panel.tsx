// The DEX's fee-tier menu: the tiers a pool may be created in, every pool with its tier, and a form
// to add a tier. Tiers are added for good (the contract has no way to remove one), and a pool's fee is
// its tier's: there is no per-pool fee to change.
import { useState } from 'react'
import { Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import { bpsWords, feeTierReview, protocolShareWords } from '../admin-actions.ts'
import { wholeNumber, type AdminPanelProps } from './panel-props.ts'

const pairName = (pool: Pool, tokens: ReadonlyMap<number, Token>) => `${tokens.get(Number(pool.a))?.symbol ?? `#${pool.a}`}/${tokens.get(Number(pool.b))?.symbol ?? `#${pool.b}`}`

/** The menu (undefined while it loads), the pools in their tiers, and the form that adds a tier. */
export function FeeTierPanel(props: AdminPanelProps & { tiers: readonly bigint[] | undefined; pools: Pool[]; tokens: ReadonlyMap<number, Token> }) {
  const [fee, setFee] = useState('')
  const f = wholeNumber(fee)
  const onMenu = f !== null && (props.tiers ?? []).some((t) => Number(t) === f)
  const feeError = fee === '' ? null : onMenu ? 'That fee tier is already on the menu' : props.check({ kind: 'addFeeTier', feeBps: f ?? Number.NaN })
  return (
    <Panel title="Fee tiers">
      <p data-testid="fee-tier-menu">
        {props.tiers === undefined ? 'Reading the menu…' : `Pools may be created at ${props.tiers.map((t) => bpsWords(Number(t))).join(', ')}.`} A tier, once added, is on the menu for good.
      </p>
      <Table label="Pools and their fee tiers" className="table--stack" columns={[{ label: 'Pool' }, { label: 'Fee tier' }, { label: 'Protocol share' }]}>
        {props.pools.map((p) => (
          <tr key={`${p.a}-${p.b}-${p.tier ?? p.feeBps}`}>
            <th scope="row">{pairName(p, props.tokens)}</th>
            <td data-label="Fee tier">{bpsWords(Number(p.feeBps))}</td>
            <td data-label="Protocol share">{protocolShareWords(Number(p.protocolFeeDivisor))}</td>
          </tr>
        ))}
      </Table>
      {props.disabled ? null : (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (f !== null && !feeError) props.onReview(feeTierReview(props.tiers ?? [], f))
          }}
        >
          <label className="field">
            <span>New fee tier (bps)</span>
            <input className="input" inputMode="numeric" value={fee} onChange={(e) => setFee(e.target.value)} />
          </label>
          {feeError ? (
            <p className="field__error" role="alert">
              {feeError}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={f === null || feeError !== null}>
            Review fee tier
          </button>
        </form>
      )}
    </Panel>
  )
}
