// npm run deploy -- --network localnet|testnet|mainnet [--out FILE]
// Deploys Grove idempotently and writes its deployment record (src/deployment.ts) to
// apps/web/deployments/<network>.json (or FILE).
// localnet: algod 127.0.0.1:4001 / kmd 4002 (token a×64) and kmd's dispenser as the deployer.
// testnet/mainnet: AlgoNode's algod unless GROVE_ALGOD_SERVER (URL, port included) and
// GROVE_ALGOD_TOKEN say otherwise; the deployer is GROVE_DEPLOYER_MNEMONIC (also honoured on localnet).
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import type { AlgoClientConfig } from '@algorandfoundation/algokit-utils/types/network-client'
import { deploy } from '../src/deploy.ts'
import { deploymentRecord, NETWORKS, serializeDeployment, type NetworkName } from '../src/deployment.ts'

const LOCALNET_TOKEN = 'a'.repeat(64)
const PUBLIC_ALGOD: Record<Exclude<NetworkName, 'localnet'>, string> = {
  testnet: 'https://testnet-api.algonode.cloud',
  mainnet: 'https://mainnet-api.algonode.cloud',
}

function clientConfig(url: string, token: string): AlgoClientConfig {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port || undefined, token }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { network: { type: 'string', default: 'localnet' }, out: { type: 'string' } } })
  const network = values.network as NetworkName
  if (!NETWORKS.includes(network)) throw new Error(`--network must be one of ${NETWORKS.join(', ')}, not ${values.network}`)
  const env = process.env
  const local = network === 'localnet'
  const algodUrl = env.GROVE_ALGOD_SERVER ?? (local ? 'http://127.0.0.1:4001' : PUBLIC_ALGOD[network as Exclude<NetworkName, 'localnet'>])
  const algodToken = env.GROVE_ALGOD_TOKEN ?? (local ? LOCALNET_TOKEN : '')
  const algorand = AlgorandClient.fromConfig({
    algodConfig: clientConfig(algodUrl, algodToken),
    kmdConfig: local ? clientConfig(env.GROVE_KMD_SERVER ?? 'http://127.0.0.1:4002', env.GROVE_KMD_TOKEN ?? algodToken) : undefined,
  })
  const mnemonic = env.GROVE_DEPLOYER_MNEMONIC
  if (!mnemonic && !local) throw new Error(`set GROVE_DEPLOYER_MNEMONIC to the deployer's 25-word mnemonic to deploy on ${network}`)
  const deployer = mnemonic ? algorand.account.fromMnemonic(mnemonic) : await algorand.account.localNetDispenser()

  const record = deploymentRecord(await deploy({ algorand, deployer, network }))
  const here = dirname(fileURLToPath(import.meta.url))
  // npm runs workspace scripts in the package folder; INIT_CWD is where the user typed the command
  const out = values.out ? resolve(process.env.INIT_CWD ?? process.cwd(), values.out) : resolve(here, '../../../apps/web/deployments', `${network}.json`)
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, serializeDeployment(record))
  console.log(`Grove on ${network} (deployer ${deployer.addr.toString()}): ${JSON.stringify(record)} → ${out}`)
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
