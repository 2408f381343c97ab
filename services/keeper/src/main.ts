// grove-keeper: runs a keeper on any network with its own account, from the environment (README.md):
// GROVE_ALGOD_SERVER (a URL with its port), GROVE_ALGOD_TOKEN, GROVE_DEPLOYMENT (the deployment record's
// file: grove.json of `npm run deploy`), GROVE_KEEPER_MNEMONIC, and optionally GROVE_KEEPER_INTERVAL_MS and
// GROVE_KEEPER_MIN_PROFIT (µALGO). Prints one JSON line per fill on stdout; Ctrl-C stops it.
import fs from 'node:fs'
import algosdk from 'algosdk'
import { deploymentIds, parseDeployment } from '@grove/contracts/deployment'
import { runKeeper } from './keeper.ts'
import { deploymentVenues } from './venues.ts'

/** The keeper's settings from `env`, or the sentence saying what is missing or malformed. */
export function keeperSettings(env: NodeJS.ProcessEnv): { error: string } | { server: string; token: string; deploymentFile: string; mnemonic: string; intervalMs: number; minProfit: bigint } {
  const missing = ['GROVE_ALGOD_SERVER', 'GROVE_DEPLOYMENT', 'GROVE_KEEPER_MNEMONIC'].filter((k) => !env[k])
  if (missing.length) return { error: `Set ${missing.join(', ')} (see services/keeper/README.md)` }
  if (!URL.canParse(env.GROVE_ALGOD_SERVER!)) return { error: `GROVE_ALGOD_SERVER is not a URL: ${env.GROVE_ALGOD_SERVER}` }
  const intervalMs = Number(env.GROVE_KEEPER_INTERVAL_MS ?? 4000)
  if (!Number.isInteger(intervalMs) || intervalMs < 100) return { error: 'GROVE_KEEPER_INTERVAL_MS must be a whole number of milliseconds, at least 100' }
  if (!/^\d+$/.test(env.GROVE_KEEPER_MIN_PROFIT ?? '1')) return { error: 'GROVE_KEEPER_MIN_PROFIT must be a whole number of µALGO' }
  return { server: env.GROVE_ALGOD_SERVER!, token: env.GROVE_ALGOD_TOKEN ?? '', deploymentFile: env.GROVE_DEPLOYMENT!, mnemonic: env.GROVE_KEEPER_MNEMONIC!, intervalMs, minProfit: BigInt(env.GROVE_KEEPER_MIN_PROFIT ?? '1') }
}

/** Runs the keeper the environment describes until SIGINT/SIGTERM. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = keeperSettings(env)
  if ('error' in settings) {
    console.error(`grove-keeper: ${settings.error}`)
    process.exit(2)
  }
  const deployment = parseDeployment(fs.readFileSync(settings.deploymentFile, 'utf8'))
  const url = new URL(settings.server)
  const algod = new algosdk.Algodv2(settings.token, `${url.protocol}//${url.hostname}`, url.port || (url.protocol === 'https:' ? 443 : 80))
  const account = algosdk.mnemonicToSecretKey(settings.mnemonic.trim())
  const controller = new AbortController()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort())
  console.error(`grove-keeper: ${account.addr} filling orders of app ${deployment.ordersAppId} on ${deployment.network} (${settings.server})`)
  await runKeeper({
    algod,
    ids: deploymentIds(deployment),
    venues: deploymentVenues(algod, deployment),
    sender: account.addr,
    signer: algosdk.makeBasicAccountTransactionSigner(account),
    minProfit: settings.minProfit,
    intervalMs: settings.intervalMs,
    signal: controller.signal,
    log: (line) => console.log(line),
  })
}
