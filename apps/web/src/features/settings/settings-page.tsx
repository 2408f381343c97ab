import { useId, useState, type FormEvent } from 'react'
import { Notice } from '@/components/ui/notice.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { EXPLORERS, NETWORKS, NETWORK_IDS, type NetworkId } from '@/lib/networks.ts'
import { SlippageFields, ValidityField } from '@/components/settings/trade-settings-fields.tsx'
import {
  effectiveAlgod,
  effectiveAnalytics,
  effectiveIndexer,
  probeAnalytics,
  probeEndpoint,
  settingsStore,
  useSettings,
  validateAlgodOverride,
  validateAnalyticsUrl,
  validateIndexerOverride,
  type Theme,
} from '@/lib/settings.ts'

/** Settings: network and custom algod, indexer and analytics service, slippage, validity window, theme, debug logging. */
export function SettingsPage() {
  const settings = useSettings()
  return (
    <Page title="Settings" intro="Saved in this browser. Invalid values are refused with a reason and never saved.">
      <NetworkSection />
      {/* Remount per network so the form shows that network's endpoint. */}
      <EndpointSection key={`algod-${settings.network}`} kind="algod" network={settings.network} />
      <EndpointSection key={`indexer-${settings.network}`} kind="indexer" network={settings.network} />
      <AnalyticsSection key={`analytics-${settings.network}`} network={settings.network} />
      <SlippageSection />
      <ValiditySection />
      <ExplorerSection />
      <AppearanceSection />
      <ResetSection />
    </Page>
  )
}

function NetworkSection() {
  const settings = useSettings()
  return (
    <Panel title="Network">
      <fieldset className="radio-list">
        <legend>Active network</legend>
        {NETWORK_IDS.map((id) => (
          <label key={id} className="radio">
            <input type="radio" name="network" value={id} checked={settings.network === id} onChange={() => settingsStore.update({ network: id })} />
            <span>
              {NETWORKS[id].name}
              <span className="hint"> {NETWORKS[id].isTestnet ? 'test network' : 'real funds'}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Panel>
  )
}

type Field = 'server' | 'port' | 'token'

/** What differs between the algod and the indexer form. */
const ENDPOINTS = {
  algod: {
    effective: effectiveAlgod,
    validate: validateAlgodOverride,
    overrides: 'algodOverrides',
    title: 'Algod',
    purpose: 'Balances, wallets and transactions go through this node.',
    example: 'For example http://127.0.0.1 or https://testnet-api.4160.nodely.dev',
    tokenHint: 'Sent as X-Algo-API-Token; empty for public nodes',
    saved: 'Saved. The wallet reconnects through the new endpoint.',
  },
  indexer: {
    effective: effectiveIndexer,
    validate: validateIndexerOverride,
    overrides: 'indexerOverrides',
    title: 'Indexer',
    purpose: 'Transaction history and ARC-69 token logos are read from this indexer.',
    example: 'For example http://127.0.0.1 or https://testnet-idx.4160.nodely.dev',
    tokenHint: 'Sent as X-Indexer-API-Token; empty for public indexers',
    saved: 'Saved. History and logos are read through the new endpoint.',
  },
} as const

function EndpointSection(props: { kind: keyof typeof ENDPOINTS; network: NetworkId }) {
  const settings = useSettings()
  const spec = ENDPOINTS[props.kind]
  const current = spec.effective(settings)
  const overrides = settings[spec.overrides]
  const override = overrides[props.network]
  const [form, setForm] = useState({ server: current.server, port: current.port, token: current.token })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [saved, setSaved] = useState(false)
  const [checking, setChecking] = useState(false)
  const ids = { server: useId(), port: useId(), token: useId() }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = spec.validate(form)
    setSaved(false)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    // the node must answer (and be on this network) before it replaces a working one
    setErrors({})
    setChecking(true)
    const problem = await probeEndpoint(checked.value, props.kind, props.kind === 'algod' ? NETWORKS[props.network].genesisId : undefined).finally(() => setChecking(false))
    if (problem) {
      setErrors({ server: problem })
      return
    }
    settingsStore.update({ [spec.overrides]: { ...overrides, [props.network]: checked.value } })
    setForm(checked.value)
    setSaved(true)
  }

  function reset() {
    const { [props.network]: _removed, ...rest } = overrides
    settingsStore.update({ [spec.overrides]: rest })
    setForm({ ...NETWORKS[props.network][props.kind] })
    setErrors({})
    setSaved(false)
  }

  const field = (name: Field, label: string, hint: string, type = 'text') => (
    <div className="field">
      <label htmlFor={ids[name]}>{label}</label>
      <input
        id={ids[name]}
        name={name}
        type={type}
        autoComplete="off"
        spellCheck={false}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${ids[name]}-hint`}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      <p id={`${ids[name]}-hint`} className={errors[name] ? 'field__error' : 'hint'} role={errors[name] ? 'alert' : undefined}>
        {errors[name] ?? hint}
      </p>
    </div>
  )

  return (
    <Panel title={`${spec.title} for ${NETWORKS[props.network].name}`}>
      <p>
        {override ? 'Using your custom endpoint.' : 'Using the default endpoint.'} {spec.purpose}
      </p>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label={`Custom ${props.kind}`}>
        {field('server', 'Server URL', spec.example, 'url')}
        {field('port', 'Port', 'Empty for the scheme’s default port')}
        {field('token', 'API token', spec.tokenHint, 'password')}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={checking} aria-busy={checking || undefined}>
            {checking ? 'Checking the node…' : 'Save endpoint'}
          </button>
          <button type="button" className="button" onClick={reset} disabled={!override}>
            Use default
          </button>
        </div>
        {saved ? <p role="status">{spec.saved}</p> : null}
      </form>
    </Panel>
  )
}

/** The analytics service charts and figures are read from: the build's, or the user's own (optional). */
function AnalyticsSection(props: { network: NetworkId }) {
  const settings = useSettings()
  const overrides = settings.analyticsOverrides
  const override = overrides[props.network]
  const builtIn = NETWORKS[props.network].analytics
  const [text, setText] = useState(effectiveAnalytics(settings) ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [checking, setChecking] = useState(false)
  const id = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = validateAnalyticsUrl(text)
    setSaved(false)
    if (!checked.ok) {
      setError(checked.error)
      return
    }
    // the service must answer before the charts read from it
    setError(null)
    setChecking(true)
    const problem = await probeAnalytics(checked.value).finally(() => setChecking(false))
    if (problem) {
      setError(problem)
      return
    }
    settingsStore.update({ analyticsOverrides: { ...overrides, [props.network]: checked.value } })
    setText(checked.value)
    setSaved(true)
  }

  function reset() {
    const { [props.network]: _removed, ...rest } = overrides
    settingsStore.update({ analyticsOverrides: rest })
    setText(builtIn ?? '')
    setError(null)
    setSaved(false)
  }

  const state = override ? 'Using your analytics service.' : builtIn ? 'Using this build’s analytics service.' : `No analytics service is set for ${NETWORKS[props.network].name}.`
  return (
    <Panel title={`Analytics service for ${NETWORKS[props.network].name}`}>
      <p>{state} Charts, volume and pool figures are read from it; swaps work without one. Optional.</p>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Analytics service">
        <div className="field">
          <label htmlFor={id}>Analytics service URL</label>
          <input
            id={id}
            name="analytics"
            type="url"
            autoComplete="off"
            spellCheck={false}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className={error ? 'field__error' : 'hint'} role={error ? 'alert' : undefined}>
            {error ?? 'Where grove-analytics runs for this network, for example https://analytics.example or http://127.0.0.1:4010'}
          </p>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={checking} aria-busy={checking || undefined}>
            {checking ? 'Checking the service…' : 'Save analytics service'}
          </button>
          <button type="button" className="button" onClick={reset} disabled={!override}>
            Use default
          </button>
        </div>
        {saved ? <p role="status">Saved. Charts and figures are read from this service.</p> : null}
      </form>
    </Panel>
  )
}

function SlippageSection() {
  return (
    <Panel title="Slippage tolerance">
      <SlippageFields />
    </Panel>
  )
}

function ValiditySection() {
  return (
    <Panel title="Transaction validity">
      <ValidityField />
    </Panel>
  )
}

function ExplorerSection() {
  const settings = useSettings()
  return (
    <Panel title="Block explorer">
      <fieldset className="radio-list">
        <legend>Open transactions, accounts and assets in</legend>
        {EXPLORERS.map((e) => (
          <label key={e.id} className="radio">
            <input type="radio" name="explorer" value={e.id} checked={settings.explorer === e.id} onChange={() => settingsStore.update({ explorer: e.id })} />
            <span>{e.name}</span>
          </label>
        ))}
      </fieldset>
      <p className="hint">TestNet and MainNet only: the local network has no explorer.</p>
    </Panel>
  )
}

const THEMES: { id: Theme; label: string }[] = [
  { id: 'system', label: 'Match the system' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
]

function AppearanceSection() {
  const settings = useSettings()
  const themeId = useId()
  return (
    <Panel title="Appearance and diagnostics">
      <div className="field">
        <label htmlFor={themeId}>Theme</label>
        <select id={themeId} value={settings.theme} onChange={(e) => settingsStore.update({ theme: e.target.value as Theme })}>
          {THEMES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={settings.debug} onChange={(e) => settingsStore.update({ debug: e.target.checked })} /> Debug logging (wallet library logs
        everything to the browser console)
      </label>
      {settings.debug ? <Notice title="Debug logging is on">Logs may include addresses and transaction details. Turn it off when you are done.</Notice> : null}
    </Panel>
  )
}

/** Reset asks first: one click would otherwise drop custom endpoints the user typed. */
export function ResetSection() {
  const [asking, setAsking] = useState(false)
  return (
    <Panel title="Reset">
      <p>Restore every setting, including custom algod, indexer and analytics endpoints, to its default.</p>
      {asking ? (
        <div role="group" aria-label="Confirm the reset" className="button-row">
          <p role="alert">Reset every setting to its default? Custom endpoints are forgotten.</p>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              settingsStore.reset()
              setAsking(false)
            }}
          >
            Yes, reset all settings
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
          Reset all settings
        </button>
      )}
    </Panel>
  )
}
