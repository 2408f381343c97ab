// What `npm start` (scripts/start.mjs) prints once the stack is up: where everything is, who the
// admin is and how to connect. Pure, so its words are tested without starting a stack.
import path from 'node:path'
import { CONTRACTS, DEPLOYED_ASSETS, tinymanLabel, type Deployment } from '@grove/contracts/deployment'

/** `target` as a person in `cwd` types it: relative when under `cwd` ("." for `cwd` itself), else absolute. */
export function shownPath(target: string, cwd: string): string {
  const relative = path.relative(cwd, target)
  if (relative === '') return '.'
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(target) : relative
}

/** The demo seed as grove.json records it (ids as numbers); seeds from before programs, locks, projects and the vault lack them. */
export interface SeedRecord {
  tokens: { unitName: string }[]
  pools: unknown[]
  trades: number
  programs?: { kind: 'farm' | 'pool' }[]
  locks: unknown[]
  projects: { verified: boolean }[]
  vault: { rate: number; buybacks: number }
  demo: { address: string; mnemonic: string }
}

/** Everything the banner names. */
export interface StartBannerInput {
  webUrl: string
  dataDir: string
  cwd: string
  /** The data was made by this run (not reused). */
  fresh: boolean
  /** Seconds from start to ready. */
  seconds: number
  algod: { url: string; token: string }
  kmd: { url: string; token: string }
  indexer: { url: string }
  deployment: Deployment
  /** The registry's admin, and whether kmd's default wallet holds its key (the Admin page then works through the KMD wallet). */
  admin: { address: string; inKmd: boolean }
  /** The remote this localnet forks, and whether Grove is the remote's deployment (else deployed on the fork). */
  fork?: { url: string; round: bigint | number; genesisId: string; remoteDeployment: boolean }
  seed?: SeedRecord
  /** Seconds this run's seed took (absent when the data was seeded already). */
  seedSeconds?: number
  tinyman?: { pools: { pair: string[] }[] }
  /** The checkout of Tinyman's programs the validator runs, when GROVE_TINYMAN_DIR named one. */
  tinymanDir?: string
  /** The analytics service, absent when it did not start (the trading pages work without it). */
  analytics?: { url: string; dataDir: string }
  /** The orders keeper's account, absent with `--no-keeper`. */
  keeper?: { address: string }
}

/** The banner's lines, joined. */
export function startBanner(input: StartBannerInput): string {
  const { deployment: d, seed: s, cwd } = input
  const lines = [
    '',
    `Grove is running (ready in ${input.seconds.toFixed(1)} s; ${input.fresh ? 'new' : 'reused'} data in ${shownPath(input.dataDir, cwd)})`,
    `  web    ${input.webUrl}`,
    `  algod  ${input.algod.url}  token ${input.algod.token}`,
    `  kmd    ${input.kmd.url}  token ${input.kmd.token}`,
    `  indexer ${input.indexer.url}`,
  ]
  if (input.analytics) lines.push(`  analytics  ${input.analytics.url}/api  (data in ${shownPath(input.analytics.dataDir, cwd)})`)
  if (input.keeper) lines.push(`  keeper ${input.keeper.address} fills open orders for the spread, one JSON line per fill (\`npm start -- --no-keeper\` leaves it off)`)
  lines.push(
    `  Grove  ${[...CONTRACTS].reverse().map((c) => `${c.label} app ${d[c.idKey]}`).join(', ')}, ${DEPLOYED_ASSETS.map((a) => `${a.name} asset ${d[a.idKey]}`).join(', ')} (from round ${d.firstRound})`,
    `  admin  ${input.admin.address}${input.admin.inKmd ? ' (in kmd’s wallet: connect it with KMD to use the Admin page)' : ''}`,
  )
  if (input.fork) {
    const { url, round, genesisId, remoteDeployment } = input.fork
    lines.push(`  fork   of ${url} at its round ${round} (genesis ${genesisId}): ${remoteDeployment ? "the remote's Grove deployment, pools and accounts, read on first touch" : 'Grove deployed on the fork'}`)
  }
  if (s) {
    lines.push(`  demo   ${s.tokens.length} tokens (${s.tokens.map((t) => t.unitName).join(', ')}), ${s.pools.length} pools, ${s.trades} trades over 30 days${input.seedSeconds === undefined ? '' : ` (seeded in ${input.seedSeconds.toFixed(1)} s)`}`)
    if (s.programs) {
      const kinds = (kind: 'farm' | 'pool') => s.programs!.filter((p) => p.kind === kind).length
      lines.push(`         ${kinds('farm')} farms, ${kinds('pool')} staking pools, ${s.locks.length} locks, ${s.projects.length} projects (${s.projects.filter((p) => p.verified).length} verified), sGROVE at ${(s.vault.rate / 1e6).toFixed(4)} GROVE after ${s.vault.buybacks} buybacks`)
    }
    if (input.tinyman) {
      const programs = d.tinymanPrograms === 'tinyman-v2' ? ` (Tinyman's programs${input.tinymanDir ? ` from ${shownPath(input.tinymanDir, cwd)}` : ''})` : ''
      lines.push(`         ${tinymanLabel(d)} validator app ${d.tinymanAppId}${programs}: ${input.tinyman.pools.map((p) => p.pair.join('/')).join(', ')} pools`)
    }
  }
  lines.push('', 'Connect a wallet on LocalNet:', '  KMD       wallet "unencrypted-default-wallet", empty password: three funded accounts holding the demo tokens')
  if (s) lines.push(`  Mnemonic  the demo account ${s.demo.address}, holding ALGO and the demo tokens:`, `            ${s.demo.mnemonic}`)
  lines.push('', 'Ctrl-C stops everything; `npm start -- --reset` starts afresh.')
  return lines.join('\n')
}
