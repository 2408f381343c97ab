// The swap card's Limit and Recurring tabs: an order placed on Grove's Orders app for the pair the card
// shows. What the user typed is state; the order, its one message and the preview are deriveOrder's.
// Placing signs through the one transaction runner (lib/tx), toasting the confirmed order.
import { useId, useState } from 'react'
import type { Pool } from '@/lib/tx/sdk.ts'
import { prepareContractAction, readableTxError } from '@/lib/tx/sdk.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import type { Holdings } from '@/lib/account/account.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { deriveOrder, EXPIRIES, INTERVALS, intervalWords, type OrderForm } from '../derive-order.ts'

/** Props of {@link OrderFormCard}. */
export interface OrderFormProps {
  kind: 'limit' | 'recurring'
  tokenIn: Token | null
  tokenOut: Token | null
  /** Grove's pools (the spot price and the pool fee of the pair), when loaded. */
  pools: readonly Pool[] | null
  holdings: Holdings | undefined
  stable: Token | null
  /** Orders are placed only where Grove is deployed, and not while swaps are paused. */
  disabled: string | null
}

/** Whole `y` per whole `x` at the Grove pool of the pair, and the pool's fee; null without one. */
export function spotOf(pools: readonly Pool[] | null, x: Token, y: Token): { spot: number; feeBps: number } | null {
  const pool = pools?.find((p) => (Number(p.a) === x.id && Number(p.b) === y.id) || (Number(p.a) === y.id && Number(p.b) === x.id))
  if (!pool || pool.reserveA === 0n || pool.reserveB === 0n) return null
  const [rx, ry] = Number(pool.a) === x.id ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
  return { spot: Number(ry) / 10 ** y.decimals / (Number(rx) / 10 ** x.decimals), feeBps: Number(pool.feeBps) }
}

const hoursWords = (h: number) => (h === 0 ? 'Never' : h < 24 ? `${h} hour${h === 1 ? '' : 's'}` : h < 24 * 7 ? `${h / 24} day${h === 24 ? '' : 's'}` : h === 24 * 7 ? '1 week' : `${h / 24} days`)

/** The Limit or Recurring form of the swap card. */
export function OrderFormCard(props: OrderFormProps) {
  const { kind, tokenIn, tokenOut } = props
  const ids = { amount: useId(), price: useId(), expiry: useId(), fills: useId(), interval: useId(), tolerance: useId() }
  const [form, setForm] = useState<Omit<OrderForm, 'kind'>>({ amount: '', price: '', expiryHours: 24 * 7, fills: '10', interval: 3600, tolerance: '1' })
  const tx = useTransaction()
  const market = tokenIn && tokenOut ? spotOf(props.pools, tokenIn, tokenOut) : null
  const outUsd = tokenOut && props.stable ? (tokenOut.id === props.stable.id ? 1 : (spotOf(props.pools, tokenOut, props.stable)?.spot ?? null)) : null
  const balance = tokenIn && props.holdings ? (tokenIn.id === 0 ? props.holdings.algo - props.holdings.minBalance : (props.holdings.assets.get(tokenIn.id) ?? 0n)) : null
  const now = Math.floor(Date.now() / 1000)
  const order = deriveOrder({ kind, ...form }, tokenIn, tokenOut, { spot: market?.spot ?? null, poolFeeBps: market?.feeBps ?? 30, outUsd, balance }, now)
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }))

  async function place() {
    if (!order.params || !tokenIn || !tokenOut) return
    const params = order.params
    const ok = await tx.run({
      pending: kind === 'limit' ? 'Placing your limit order…' : 'Placing your recurring order…',
      done: kind === 'limit' ? `Limit order placed: ${form.amount} ${tokenIn.symbol} for ${tokenOut.symbol}. See it on Orders.` : `Recurring order placed: ${form.fills} fills of ${form.amount} ${tokenIn.symbol}. See it on Orders.`,
      tokens: [tokenIn, tokenOut].map((t) => ({ id: t.id, symbol: t.symbol })),
      send: async (sdk, ctx) => (await prepareContractAction(sdk, ctx, 'Orders', params)).send(),
      explain: (sdk, error) => readableTxError(sdk, error, 'Orders'),
      invalidates: [['orders']],
    })
    if (ok) set({ amount: '' })
  }

  return (
    <form
      className="card swap-form order-form"
      aria-label={kind === 'limit' ? 'Limit order' : 'Recurring order'}
      onSubmit={(e) => {
        e.preventDefault()
        void place()
      }}
    >
      <p className="hint">
        {tokenIn && tokenOut ? `Sell ${tokenIn.symbol} for ${tokenOut.symbol}` : 'Pick the pair on the Market tab'}
        {market && tokenIn && tokenOut ? ` — market: 1 ${tokenIn.symbol} = ${market.spot.toPrecision(6)} ${tokenOut.symbol}` : ''}
      </p>
      <label className="field" htmlFor={ids.amount}>
        <span className="field__label">{kind === 'limit' ? 'Amount to sell' : 'Amount per fill'}</span>
        <input id={ids.amount} className="input" inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => set({ amount: e.target.value })} placeholder="0" />
      </label>
      {kind === 'limit' ? (
        <>
          <label className="field" htmlFor={ids.price}>
            <span className="field__label">Least price ({tokenOut?.symbol ?? 'out'} per {tokenIn?.symbol ?? 'in'})</span>
            <input id={ids.price} className="input" inputMode="decimal" autoComplete="off" value={form.price} onChange={(e) => set({ price: e.target.value })} placeholder={market ? market.spot.toPrecision(6) : '0'} />
          </label>
          {form.price && outUsd !== null && tokenOut ? <p className="hint">1 {tokenIn?.symbol} at this price ≈ ${(Number(form.price) * outUsd).toLocaleString('en-US', { maximumFractionDigits: 4 })}</p> : null}
          <label className="field" htmlFor={ids.expiry}>
            <span className="field__label">Expires after</span>
            <select id={ids.expiry} className="input" value={form.expiryHours} onChange={(e) => set({ expiryHours: Number(e.target.value) })}>
              {EXPIRIES.map((h) => (
                <option key={h} value={h}>
                  {hoursWords(h)}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : (
        <>
          <label className="field" htmlFor={ids.fills}>
            <span className="field__label">Number of fills</span>
            <input id={ids.fills} className="input" inputMode="numeric" autoComplete="off" value={form.fills} onChange={(e) => set({ fills: e.target.value })} />
          </label>
          <label className="field" htmlFor={ids.interval}>
            <span className="field__label">Every</span>
            <select id={ids.interval} className="input" value={form.interval} onChange={(e) => set({ interval: Number(e.target.value) })}>
              {INTERVALS.map((s) => (
                <option key={s} value={s}>
                  {intervalWords(s)}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={ids.tolerance}>
            <span className="field__label">Tolerance below the average price (%)</span>
            <input id={ids.tolerance} className="input" inputMode="decimal" autoComplete="off" value={form.tolerance} onChange={(e) => set({ tolerance: e.target.value })} />
          </label>
        </>
      )}
      {order.preview ? (
        <p className="hint" role="status" data-testid="order-preview">
          {order.preview}
        </p>
      ) : null}
      {order.message ? (
        <p className="field__error" role="alert">
          {order.message}
        </p>
      ) : null}
      <p className="hint">Anyone may fill it for the spread; a 0.1% protocol fee is paid by the filler. You can cancel at any time on the Orders page, and get back the 0.0893 ALGO deposit when it ends.</p>
      <button type="submit" className="button button--primary button--block" disabled={props.disabled !== null || order.params === null || tx.busy}>
        {props.disabled ?? (tx.busy ? 'Waiting for your wallet…' : kind === 'limit' ? 'Place limit order' : 'Place recurring order')}
      </button>
    </form>
  )
}
