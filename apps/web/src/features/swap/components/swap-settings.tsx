// The cog on the swap card: slippage and validity window in a popover, the same fields and the
// same saved settings as /settings (Uniswap and Tinyman keep them on the card).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { slippagePercent, useSettings } from '@/lib/settings.ts'

// the fields load when the cog first opens: a first visit to the swap page stays within its budget
const TradeFields = lazy(() =>
  import('@/components/settings/trade-settings-fields.tsx').then(({ SlippageFields, ValidityField }) => ({
    default: () => (
      <>
        <SlippageFields compact />
        <ValidityField />
      </>
    ),
  })),
)

/** A cog button showing the slippage in use; it opens the trade settings beside it. */
export function SwapSettings() {
  const settings = useSettings()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const slippage = slippagePercent(settings)
  const visible = `${slippage}% slippage${settings.slippage.mode === 'auto' ? ' (auto)' : ''}`

  useEffect(() => {
    if (!open) return
    // Escape or a click outside closes it, as a menu does.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <div className="swap-settings" ref={root}>
      <button
        type="button"
        className="button swap-settings__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Swap settings: ${visible}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⚙</span> {visible}
      </button>
      {open ? (
        <div id={panelId} className="swap-settings__panel card" role="group" aria-label="Swap settings">
          <Suspense fallback={<p className="hint">Loading the settings…</p>}>
            <TradeFields />
          </Suspense>
          <button type="button" className="button button--block" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      ) : null}
    </div>
  )
}
