// The slippage and validity-window controls, shared by /settings and the swap card's cog so both
// validate alike and save to the same settings store.
import { useId, useState } from 'react'
import { AUTO_SLIPPAGE_PERCENT, settingsStore, useSettings, validateSlippage, validateValidityRounds } from '@/lib/settings.ts'

/** Auto or custom slippage; a custom value is saved as soon as it is valid. */
export function SlippageFields(props: { compact?: boolean }) {
  const settings = useSettings()
  const [text, setText] = useState(settings.slippage.mode === 'custom' ? String(settings.slippage.percent) : '')
  const checked = text === '' ? null : validateSlippage(text)
  const inputId = useId()
  const name = useId()

  function change(value: string) {
    setText(value)
    const result = validateSlippage(value)
    if (result.ok) settingsStore.update({ slippage: { mode: 'custom', percent: result.percent } })
  }

  return (
    <>
      <fieldset className="radio-list">
        <legend>{props.compact ? 'Slippage tolerance' : 'How far the price may move before a trade is refused'}</legend>
        <label className="radio">
          <input type="radio" name={name} checked={settings.slippage.mode === 'auto'} onChange={() => settingsStore.update({ slippage: { mode: 'auto' } })} />
          <span>Auto ({AUTO_SLIPPAGE_PERCENT}%)</span>
        </label>
        <label className="radio">
          <input
            type="radio"
            name={name}
            checked={settings.slippage.mode === 'custom'}
            onChange={() => {
              const result = validateSlippage(text)
              if (result.ok) settingsStore.update({ slippage: { mode: 'custom', percent: result.percent } })
              else document.getElementById(inputId)?.focus()
            }}
          />
          <span>Custom</span>
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={inputId}>Custom slippage (%)</label>
        <input id={inputId} inputMode="decimal" placeholder="0.5" value={text} aria-invalid={checked && !checked.ok ? true : undefined} onChange={(e) => change(e.target.value)} />
        {checked && !checked.ok ? (
          <p className="field__error" role="alert">
            {checked.error}
          </p>
        ) : checked?.ok && checked.warning ? (
          <p className="field__warning" role="status">
            {checked.warning}
          </p>
        ) : (
          <p className="hint">Between 0.01% and 50%.</p>
        )}
      </div>
    </>
  )
}

/** The validity window in rounds; saved as soon as it is valid. */
export function ValidityField() {
  const settings = useSettings()
  const [text, setText] = useState(String(settings.validityRounds))
  const checked = validateValidityRounds(text)
  const inputId = useId()
  return (
    <div className="field">
      <label htmlFor={inputId}>Valid for (rounds)</label>
      <input
        id={inputId}
        inputMode="numeric"
        value={text}
        aria-invalid={checked.ok ? undefined : true}
        onChange={(e) => {
          setText(e.target.value)
          const result = validateValidityRounds(e.target.value)
          if (result.ok) settingsStore.update({ validityRounds: result.rounds })
        }}
      />
      {checked.ok ? (
        <p className="hint">A signed transaction expires this many rounds (about 2.8 s each) after it is built: 10 to 1000.</p>
      ) : (
        <p className="field__error" role="alert">
          {checked.error}
        </p>
      )}
    </div>
  )
}
