// grove-analytics: the service against any network.
//   grove-analytics --algod URL --algod-token T --database URL|DIR --deployment FILE [--port N]
//                   [--host H] [--cors-origin ORIGIN[,ORIGIN]] [--first-round R] [--stable-asset ID]
// DATABASE_URL is the default of --database; without either, data goes to ./.grove/analytics.
import { parseArgs } from 'node:util'
import { readDeployment } from './config.ts'
import { startAnalytics } from './start-analytics.ts'

const USAGE = 'usage: grove-analytics --algod URL [--algod-token T] --deployment FILE [--database postgres://…|DIR] [--port 4010] [--host 127.0.0.1] [--cors-origin ORIGIN] [--first-round R] [--stable-asset ID]'

/** Runs the CLI with `argv`; resolves once the service is up. */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      algod: { type: 'string' },
      'algod-token': { type: 'string', default: '' },
      database: { type: 'string' },
      deployment: { type: 'string' },
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'cors-origin': { type: 'string' },
      'first-round': { type: 'string' },
      'stable-asset': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) return void console.log(USAGE)
  if (!values.algod || !values.deployment) throw new Error(`--algod and --deployment are required\n${USAGE}`)
  if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port must be a port number, got ${values.port}`)
  const deployment = readDeployment(values.deployment)
  if (values['first-round']) deployment.firstRound = BigInt(values['first-round'])
  if (values['stable-asset']) deployment.stableAssetId = BigInt(values['stable-asset'])
  const service = await startAnalytics({
    algod: { url: values.algod, token: values['algod-token'] },
    database: values.database ?? process.env.DATABASE_URL ?? '.grove/analytics',
    deployment,
    port: Number(values.port),
    host: values.host,
    corsOrigin: values['cors-origin']?.split(','),
  })
  console.log(`grove-analytics: API on ${service.url}/api, following ${values.algod} from round ${deployment.firstRound} (${[deployment.dexAppId && `DEX app ${deployment.dexAppId}`, deployment.tinymanAppId && `Tinyman v2 validator ${deployment.tinymanAppId}`].filter(Boolean).join(', ')})`)
  const stop = () => void service.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
