// `npm run serve -- [--dir apps/web/dist] [--host 127.0.0.1] [--port 8080] [--api URL ...]`:
// serves a built Grove with its production headers. Each --api is an origin the page calls
// (algod, kmd, indexer, analytics); the public networks' algod and the wallets are always allowed.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createWebServer } from './web-server.ts'

const here = path.dirname(new URL(import.meta.url).pathname)
const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: path.join(here, '..', 'dist') },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    api: { type: 'string', multiple: true, default: [] },
  },
})

try {
  if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port must be a port number (0-65535), got ${JSON.stringify(values.port)}`)
  for (const api of values.api) {
    if (!URL.canParse(api)) throw new Error(`--api must be a URL such as http://127.0.0.1:4001, got ${JSON.stringify(api)}`)
  }
  const root = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.dir)
  const app = await createWebServer({ root, apis: values.api, logger: true })
  await app.listen({ host: values.host, port: Number(values.port) })
  const stop = () => void app.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
}
