#!/usr/bin/env node
// `npm start`: the whole stack in one process. Starts the embedded localnet (state in
// .grove/localnet or $GROVE_DATA_DIR), deploys Grove when that data has no deployment, seeds the
// demo once, serves the web app (one build for every stack, scripts/web-build.mjs, told this
// localnet's ports and deployment at run time) and prints how to connect. A second run reuses the state; `npm start -- --reset` starts afresh.
// Ports: GROVE_ALGOD_PORT (4001), GROVE_KMD_PORT (4002), GROVE_INDEXER_PORT (8980), GROVE_WEB_PORT
// (5173), GROVE_ANALYTICS_PORT (4010); 0 picks a free one. GROVE_TINYMAN_DIR=<a checkout of
// tinyman-amm-contracts-v2>: the demo's Tinyman validator runs Tinyman's own programs, read from there.
// `<data>/grove.json` records the deployment (the deployment record of @grove/contracts/deployment)
// and the seed (the e2e harness reads it too).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
// The built packages load before tsx's hooks are registered: through them every module costs a round
// trip to the hooks' thread, which doubled the localnet's import (0.38 → 0.74 s of a 2 s restart) and slowed Fastify's.
// The localnet runs built (scripts/ensure-deps.mjs builds its packages when stale).
import { startLocalnet, withFastSigner, NodeHttpClient, keepRoundsFlag } from '@grove/localnet'
import { AlgorandClient, Config } from '@algorandfoundation/algokit-utils'
// the web server's and the analytics API's framework, for the TypeScript sources below to find loaded
import 'fastify'
import '@fastify/compress'
import '@fastify/static'
import { register } from 'tsx/esm/api'

register()

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const { values: flags } = parseArgs({
  options: { reset: { type: 'boolean', default: false }, 'no-keeper': { type: 'boolean', default: false }, fork: { type: 'string' }, 'fork-token': { type: 'string' }, 'fork-header': { type: 'string', multiple: true }, 'allow-origin': { type: 'string', multiple: true }, 'load-state': { type: 'string' }, 'dump-state': { type: 'string' }, 'keep-rounds': { type: 'string' }, impersonation: { type: 'boolean', default: false } },
  strict: false,
})
// `npm start -- --fork <algod URL> [--fork-token T] [--fork-header K:V]`: the localnet forks that algod
// (docs/localnet.md), in its own data directory (.grove/fork) so it never reuses a plain localnet's
// A remote on this machine (another `npm start`, AlgoKit LocalNet) gets LocalNet's token unless told another.
const loopback = typeof flags.fork === 'string' && URL.canParse(flags.fork) && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(flags.fork).hostname)
const forkToken = typeof flags['fork-token'] === 'string' ? flags['fork-token'] : loopback ? 'a'.repeat(64) : undefined
const fork = typeof flags.fork === 'string'
  ? { url: flags.fork, ...(forkToken === undefined ? {} : { token: forkToken }), headers: Object.fromEntries((flags['fork-header'] ?? []).map((h) => [h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim()])) }
  : undefined
const env = process.env
const dataDir = path.resolve(env.GROVE_DATA_DIR ?? path.join(root, '.grove', fork ? 'fork' : 'localnet'))
const stateFile = path.join(dataDir, 'grove.json')
const port = (name, fallback) => {
  const value = env[name] ?? String(fallback)
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`${name} must be a port number (0-65535), got ${JSON.stringify(value)}`)
  return Number(value)
}

// `--load-state FILE` / `--dump-state FILE` (the localnet's state files, Anvil's flags): Grove's record of
// its deployment and seed travels beside the chain's state as FILE.grove.json, so a loaded state finds
// Grove and its demo again (without one, the loaded chain gets a deployment and a seed of its own)
const loadState = typeof flags['load-state'] === 'string' ? path.resolve(flags['load-state']) : undefined
const dumpState = typeof flags['dump-state'] === 'string' ? path.resolve(flags['dump-state']) : undefined
if (loadState !== undefined && !fs.existsSync(loadState)) {
  console.error(`Grove cannot start: --load-state ${loadState}: no such file`)
  process.exit(1)
}
const sidecar = (file) => `${file}.grove.json`

let keepRounds
try {
  // the localnet CLI's own reading of the flag
  keepRounds = typeof flags['keep-rounds'] === 'string' ? keepRoundsFlag(flags['keep-rounds']) : undefined
} catch (e) {
  console.error(`Grove cannot start: ${e.message}`)
  process.exit(1)
}
// algokit-utils logs each payment it sends ("Sending 0 µALGO from …") and, through the same process-wide
// logger, the analytics follower's subscriber each batch of blocks it reads ("Retrieving 30 blocks …", most
// of a fresh start's output); the start says its own progress instead, and passes their warnings and errors on
const quiet = () => {}
Config.configure({ logger: { error: console.error, warn: console.warn, info: quiet, verbose: quiet, debug: quiet } })
const { deploymentIds, deploymentRecord, serializeDeployment, tinymanLabel, toDeployment } = await import('../packages/contracts/src/deployment.ts')
// a start on seeded data loads neither deploy nor the seed (demo(), deployer() when needed)
const { travelTo, historyStart } = await import('../packages/demo/src/time.ts')
const { demoStableAssetId } = await import('../packages/demo/src/demo-stable.ts')
const demo = () => import('../packages/demo/src/index.ts')
const deployer = () => import('../packages/contracts/src/deploy.ts')
const { ensureWebBuild } = await import('./web-build.mjs')
const { startBanner } = await import('../packages/demo/src/start-banner.ts')
const { registryContract } = await import('../packages/sdk/src/registry/module.ts')
// the app's build (when its sources changed) runs while the localnet starts, deploys and seeds
const webBuild = ensureWebBuild()
webBuild.catch(() => {}) // awaited (and its failure said) where the server needs it
const { createWebServer } = await import('../apps/web/server/web-server.ts')
// what binds the analytics service's port (its database, follower and API load once it starts)
const { listenAnalytics } = await import('../services/analytics/src/start-analytics.ts')
const { parseDeployment } = await import('../services/analytics/src/config.ts')

// Tinyman v2's own programs when GROVE_TINYMAN_DIR names a checkout (read and assembled now, so a bad
// directory stops the start before anything runs); the Tinyman v2-compatible (local) venue otherwise
let tinymanCheckout
try {
  if (env.GROVE_TINYMAN_DIR) tinymanCheckout = (await import('../packages/demo/src/tinyman-checkout.ts')).tinymanCheckoutFromEnv(env)
} catch (e) {
  console.error(`Grove cannot start: ${e.message}`)
  process.exit(1)
}

const net = await startLocalnet({ algodPort: port('GROVE_ALGOD_PORT', 4001), kmdPort: port('GROVE_KMD_PORT', 4002), indexerPort: port('GROVE_INDEXER_PORT', 8980), dataDir, reset: Boolean(flags.reset), fork, allowOrigins: flags['allow-origin'] ?? [], loadState, dumpState, keepRounds, impersonation: Boolean(flags.impersonation) }).catch((e) => {
  // a remote that does not answer is not a port clash
  if (fork && e.message.startsWith('cannot fork')) console.error(`Grove cannot start: ${e.message}. Check the URL, --fork-token and --fork-header.`)
  else console.error(`Grove cannot start: ${e.message}. Stop the other process, or choose other ports with GROVE_ALGOD_PORT, GROVE_KMD_PORT and GROVE_INDEXER_PORT (0 picks a free one).`)
  process.exit(1)
})
// the loaded chain replaced the data directory's: its record is the state file's own, or none
if (loadState !== undefined) {
  if (fs.existsSync(sidecar(loadState))) fs.copyFileSync(sidecar(loadState), stateFile)
  else fs.rmSync(stateFile, { force: true })
  // the analytics index followed the chain that was replaced
  fs.rmSync(path.join(dataDir, 'analytics'), { recursive: true, force: true })
}
let web
let analytics
/** The orders keeper (services/keeper, issue 41): fills orders worth filling, with its own account; aborted on stop. `--no-keeper` leaves it off. */
let keeper
/** How long this run's demo seed took (undefined when the data was seeded already). */
let seedSeconds
let stopping
/** Ctrl-C, SIGTERM or a failure: closes the web server, then the localnet (which flushes its data). */
function stop(code) {
  stopping ??= (async () => {
    keeper?.controller.abort()
    await web?.close()
    await (await analytics)?.stop()
    await net.stop()
    // beside the state file net.stop() wrote: the record that lets --load-state find Grove again
    if (dumpState !== undefined && fs.existsSync(stateFile)) fs.copyFileSync(stateFile, sidecar(dumpState))
    process.exit(code)
  })()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

try {
  const algodUrl = new URL(net.algod.url)
  const kmdUrl = new URL(net.kmd.url)
  // algod through node:http (NodeHttpClient): a fresh start's two thousand requests cost less CPU than through fetch
  const { Algodv2, Kmd } = (await import('algosdk')).default
  const algorand = AlgorandClient.fromClients({
    algod: new Algodv2(new NodeHttpClient(net.algod.url, { 'X-Algo-API-Token': net.algod.token }), ''),
    kmd: new Kmd(net.kmd.token, `${kmdUrl.protocol}//${kmdUrl.hostname}`, kmdUrl.port),
  })
  // algokit-utils gives transactions a 1,000-round window on a LocalNet only, which it tells by the
  // genesis id; a fork's (`dockernet-v1-fork`) gets its default 10, too few for a dev-mode chain that
  // makes a round per transaction while suggested params stay cached
  if (fork) algorand.setDefaultValidityWindow(1000)
  let state = readState()
  // a record whose apps are not on this chain (the chain was wiped) is stale: start over
  if (state.deployment && !(await onChain(algorand, state.deployment))) state = {}
  const fresh = !state.deployment
  // an older record (not a deployment record): deploy finds the apps again and records them anew
  if (state.deployment && !readable(state.deployment)) state = { ...state, deployment: undefined }
  try {
    // a fork of a network where Grove is deployed uses that deployment (and its pools and history), deploying and seeding nothing
    const reused = !state.deployment && fork ? await remoteDeployment(algorand) : undefined
    if (reused) {
      state = { deployment: reused, forkOf: { url: fork.url, round: net.fork.round } }
      writeState(state)
    }
    if (!state.deployment) {
      console.log('Deploying Grove’s contracts…')
      const admin = await dispenser(algorand)
      // date the deployment where the demo history starts (the localnet never stamps backwards)
      await travelTo(algorand.client.algod, historyStart())
      const { deploy } = await deployer()
      state = { deployment: deploymentRecord(await deploy({ algorand, deployer: admin, network: 'localnet' })) }
      writeState(state)
    }
    if (state.forkOf) {
      // the remote's own demo, if it has one, is the fork's
    } else if (!state.seed && state.seeding) {
      console.warn('The demo seed was interrupted on an earlier run, so this data holds part of it. `npm start -- --reset` starts afresh.')
    } else if (!state.seed) {
      writeState({ ...state, seeding: true })
      console.log('Seeding the demo: tokens, pools, farms, locks and 30 days of trades…')
      const admin = await dispenser(algorand)
      const trades = env.GROVE_SEED_TRADES ? Number(env.GROVE_SEED_TRADES) : undefined
      const seedStart = performance.now()
      const { seed, kmdAccounts } = await demo()
      const result = await seed({ algorand, admin, deployment: deploymentIds(state.deployment), holders: await kmdAccounts(algorand), trades })
      state = { ...state, seed: JSON.parse(JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))) }
      seedSeconds = (performance.now() - seedStart) / 1000
      writeState(state)
    }
    // the record names the seed's stable coin (also for data seeded before records carried it), so
    // every reader prices in USD through the same asset and none goes by a symbol
    const stableAssetId = state.seed && !state.forkOf ? demoStableAssetId(state.seed.tokens) : undefined
    if (stableAssetId !== undefined && state.deployment.stableAssetId !== stableAssetId) {
      state = { ...state, deployment: toDeployment({ ...state.deployment, stableAssetId }) }
      writeState(state)
    }
    // the Tinyman validator (Tinyman's own programs from GROVE_TINYMAN_DIR, or the Tinyman v2-compatible
    // (local) venue) and its demo pools, beside a seeded Grove (also one seeded before they were part of the
    // demo); the deployment record carries the validator's id and which programs it runs
    if (!state.forkOf && state.seed && !state.deployment.tinymanAppId) {
      console.log(`Seeding the ${tinymanLabel({ tinymanPrograms: tinymanCheckout ? 'tinyman-v2' : 'compatible' })} pools…`)
      const tokens = state.seed.tokens.map((t) => ({ ...t, assetId: BigInt(t.assetId) }))
      const { seedTinyman } = await demo()
      const tinyman = await seedTinyman({ algorand, admin: await dispenser(algorand), tokens, checkout: tinymanCheckout })
      state = {
        ...state,
        deployment: toDeployment({ ...state.deployment, tinymanAppId: Number(tinyman.validatorAppId), tinymanPrograms: tinyman.programs }),
        tinyman: { pools: tinyman.pools.map((p) => ({ ...p, poolTokenId: Number(p.poolTokenId) })) },
      }
      writeState(state)
    } else if (!state.forkOf && tinymanCheckout && state.deployment.tinymanAppId && state.deployment.tinymanPrograms !== 'tinyman-v2') {
      console.warn(`This data's Tinyman validator (app ${state.deployment.tinymanAppId}) is the ${tinymanLabel(state.deployment)} venue, deployed on an earlier run: GROVE_TINYMAN_DIR takes effect on fresh data (\`npm start -- --reset\`).`)
    }
  } finally {
    // new blocks are "now" again, also after a run interrupted while travelling in time
    await travelTo(algorand.client.algod, undefined)
  }

  // what the banner says of the admin, read while the rest starts
  const bannerReads = Promise.all([registryContract.readers.state({ algod: algorand.client.algod, ids: deploymentIds(state.deployment) }).then((r) => r.admin), walletAddresses(algorand)])
  bannerReads.catch(() => {}) // awaited before the banner, where its failure stops the start
  // the service binds its port first (GROVE_ANALYTICS_PORT=0 picks one), so the page learns its URL at once;
  // its database opens behind that port (a request waits for it) once the URL is printed
  analytics = startAnalyticsService(state, fresh)
  const service = await analytics
  // the keeper's account is named in the banner; it is funded and follows the chain once the URL is printed
  const keeperAccount = flags['no-keeper'] ? undefined : withFastSigner(algorand, algorand.account.random())

  // one build of the app for every stack (made only when its sources changed); this stack's ports,
  // deployment and analytics service reach the page at run time (/grove-runtime.js, apps/web/src/lib/runtime.ts)
  const { outDir } = await webBuild
  const runtime = {
    deployment: serializeDeployment(state.deployment),
    algodPort: algodUrl.port,
    kmdPort: kmdUrl.port,
    indexerPort: new URL(net.indexer.url).port,
    ...(service ? { analyticsUrl: service.url } : {}),
    ...(env.GROVE_NETWORK ? { network: env.GROVE_NETWORK } : {}),
  }
  // the production server (security headers, caching, SPA fallback) with this stack's APIs allowed
  web = await createWebServer({ root: outDir, runtime, apis: [net.algod.url, net.kmd.url, net.indexer.url, ...(service ? [service.url] : [])] })
  const webUrl = (await web.listen({ host: '127.0.0.1', port: port('GROVE_WEB_PORT', 5173) })).replace(/\/?$/, '/')
  // the localnet serves no web page but Grove's own (as printed, or as localhost); `npm start -- --allow-origin O` adds one
  for (const host of ['127.0.0.1', 'localhost']) net.allowOrigin(`http://${host}:${new URL(webUrl).port}`)
  const [admin, inKmd] = await bannerReads
  console.log(
    startBanner({
      webUrl,
      dataDir,
      cwd: process.cwd(),
      fresh,
      // from the process's start (Node's time origin), module loading included
      seconds: performance.now() / 1000,
      algod: net.algod,
      kmd: net.kmd,
      indexer: net.indexer,
      deployment: state.deployment,
      admin: { address: admin, inKmd: inKmd.includes(admin) },
      ...(net.fork ? { fork: { ...net.fork, remoteDeployment: Boolean(state.forkOf) } } : {}),
      ...(state.seed ? { seed: state.seed } : {}),
      ...(seedSeconds === undefined ? {} : { seedSeconds }),
      ...(state.tinyman ? { tinyman: state.tinyman } : {}),
      ...(tinymanCheckout ? { tinymanDir: tinymanCheckout.dir } : {}),
      ...(service ? { analytics: { url: service.url, dataDir: service.dataDir } } : {}),
      ...(keeperAccount ? { keeper: { address: keeperAccount.addr.toString() } } : {}),
    }),
  )
  // after the URL: opening the database, catching up and the keeper's first fills would hold this one thread meanwhile
  service?.begin()
  if (keeperAccount) {
    const { startKeeper } = await import('../services/keeper/src/index.ts')
    keeper = startKeeper({ algorand, deployment: state.deployment, funder: await dispenser(algorand), account: keeperAccount, log: (line) => stopping || console.log(line) })
    keeper.running.catch((e) => stopping || console.warn(`The orders keeper did not start: ${e instanceof Error ? e.message : e}`))
  }
} catch (e) {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e)
  stop(1)
}

/**
 * The analytics service (services/analytics) following this localnet into `<data>/analytics`: resolves
 * once its port is bound (its URL known); begin() opens its database behind that port and follows the chain;
 * a new deployment means a new chain, so its old index goes. Undefined (saying why) when it cannot bind;
 * a service that then fails to start says so and answers 503: the trading pages work without it.
 */
async function startAnalyticsService(state, fresh) {
  const dir = path.join(dataDir, 'analytics')
  if (fresh) fs.rmSync(dir, { recursive: true, force: true })
  try {
    let started
    let first
    let caughtUp = false
    const { url, start, stop } = await listenAnalytics({
      algod: net.algod,
      database: dir,
      deployment: parseDeployment(state),
      port: port('GROVE_ANALYTICS_PORT', 4010),
      corsOrigin: /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/,
      // it follows once started (begin()), not at once
      follow: false,
      // one line once the index has caught up with the chain, not one per batch of blocks
      onPoll: (poll) => {
        first ??= poll.from
        if (caughtUp || poll.to < poll.tip) return
        caughtUp = true
        const rounds = poll.to >= first ? `rounds ${first}–${poll.to} indexed` : `up to date at round ${poll.to}`
        console.log(`Analytics: ${rounds} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      },
    })
    // opens the database and follows the chain: once the URL is printed (a request before then starts it too)
    const begin = () =>
      void start().then(
        (service) => {
          started = performance.now()
          void service.follower.start()
        },
        (e) => console.warn(`The analytics service did not start: ${e instanceof Error ? e.message : e}`),
      )
    return { url, dataDir: dir, begin, stop }
  } catch (e) {
    console.warn(`The analytics service did not start: ${e instanceof Error ? e.message : e}`)
    return undefined
  }
}

/**
 * kmd's dispenser (the genesis's Wallet1), as algokit-utils' localNetDispenser finds it; which refuses
 * a fork, whose genesis id (`dockernet-v1-fork`, `mainnet-v1.0-fork`) is no LocalNet's.
 */
async function dispenser(algorand) {
  // one kmd lookup for deploy, seed, Tinyman's pools and the keeper
  return (dispenser.found ??= findDispenser(algorand))
}

async function findDispenser(algorand) {
  // it signs most of a fresh start's transactions (deploy, the seed's tokens, pools and protocol): by node's ed25519
  if (!fork) return withFastSigner(algorand, await algorand.account.localNetDispenser())
  const genesis = JSON.parse(await algorand.client.algod.genesis().do())
  const address = genesis.alloc.find((a) => a.comment === 'Wallet1')?.addr
  const account = address && (await algorand.account.kmd.getWalletAccount('unencrypted-default-wallet', address))
  if (!account) throw new Error("the fork's kmd has no Wallet1 of its genesis in unencrypted-default-wallet")
  algorand.account.setSignerFromAccount(account)
  return account
}

/**
 * On a fork: Grove's deployment on the remote by kmd's dispenser (the same Wallet1 on every Grove
 * localnet, so a second `npm start` finds the first's), as deploy() finds it there, read only: its
 * signer refuses, so a deployment deploy() would have to create or complete is none. The record's
 * first round is the remote deployment's own: the fork's algod serves the remote's blocks up to the
 * fork round, so the analytics service follows the remote's history into the fork's blocks.
 * Undefined when the remote has no complete deployment of this build.
 */
async function remoteDeployment(algorand) {
  const admin = await dispenser(algorand)
  const url = new URL(fork.url)
  const headers = { ...fork.headers, ...(fork.token === undefined ? {} : { 'X-Algo-API-Token': fork.token }) }
  const { Algodv2 } = (await import('algosdk')).default
  const remote = AlgorandClient.fromClients({ algod: new Algodv2(headers, `${url.protocol}//${url.hostname}${url.pathname.replace(/\/$/, '')}`, url.port) })
  // a signer that signs nothing: this deploy() only reads the remote
  const refused = 'grove start: read only, deploy() would write to the remote'
  const refuse = {
    addr: admin.addr,
    signer: async () => {
      throw new Error(refused)
    },
  }
  let ids
  try {
    const { deploy } = await deployer()
    ids = await deploy({ algorand: remote, deployer: refuse, network: 'localnet' })
  } catch (e) {
    // refused: deploy() would write, so the remote has no (complete) deployment; anything else: it cannot tell
    if (!String(e?.message).includes(refused) && !String(e?.cause?.message).includes(refused)) console.warn(`No Grove deployment found on ${fork.url}: ${e instanceof Error ? e.message : e}`)
    return undefined
  }
  // the demo's Tinyman validator, when the remote's admin made one, so the fork routes over both venues
  const { findTinymanValidator } = await demo()
  const tinyman = await findTinymanValidator(remote.client.algod, admin.addr.toString(), tinymanCheckout)
  return tinyman === undefined ? deploymentRecord(ids) : toDeployment({ ...deploymentRecord(ids), tinymanAppId: Number(tinyman.appId), tinymanPrograms: tinyman.programs })
}

/** `<data>/grove.json`: { deployment, seed } of this data, {} when there is none. */
function readState() {
  try {
    return JSON.parse(fs.readFileSync(stateFile, 'utf8'))
  } catch {
    return {}
  }
}

/** Replaces grove.json atomically, so an interrupted run never leaves half a file. */
function writeState(state) {
  fs.writeFileSync(stateFile + '.tmp', JSON.stringify(state, null, 2) + '\n')
  fs.renameSync(stateFile + '.tmp', stateFile)
}

/** Whether grove.json's deployment is a deployment record of this localnet. */
function readable(deployment) {
  try {
    toDeployment(deployment, 'localnet')
    return true
  } catch (e) {
    console.warn(`Ignoring the recorded deployment: ${e.message}`)
    return false
  }
}

/** Whether the recorded DEX app exists on the running chain. */
async function onChain(algorand, deployment) {
  try {
    await algorand.client.algod.getApplicationByID(deployment.dexAppId).do()
    return true
  } catch {
    return false
  }
}

/** The addresses kmd's default wallet holds (the banner says whether the admin is one). */
async function walletAddresses(algorand) {
  // kmd's default wallet holds the genesis's Wallet accounts (as AlgoKit LocalNet's): read from the
  // genesis, since opening the wallet runs kmd's scrypt key derivation, most of a start's wait
  const genesis = JSON.parse(await algorand.client.algod.genesis().do())
  return genesis.alloc.filter((a) => /^Wallet\d+$/.test(a.comment ?? '')).map((a) => a.addr)
}
