// npm run seed -w @grove/demo [-- --trades N]
// Deploys Grove (idempotent) on a running localnet and seeds the demo once (`npm start` does both
// by itself; this is for a localnet started with `grove-localnet start`). algod 127.0.0.1:4001 and
// kmd :4002 (token a×64) unless GROVE_ALGOD_SERVER / GROVE_KMD_SERVER (URLs) say otherwise.
// Then the demo's Tinyman validator and pools: Tinyman's own programs when GROVE_TINYMAN_DIR names a
// checkout of tinyman-amm-contracts-v2, the Tinyman v2-compatible (local) venue otherwise.
// Prints the result as JSON. The history lands in the past 30 days only on a chain whose blocks
// are older than that (a fresh one); on a used chain it is squeezed up to now.
import { parseArgs } from 'node:util'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { deploy } from '@grove/contracts/deploy'
import { historyStart, kmdAccounts, seed, travelTo } from '../src/seed.ts'
import { tinymanCheckoutFromEnv } from '../src/tinyman-checkout.ts'
import { seedTinyman } from '../src/tinyman.ts'

const TOKEN = 'a'.repeat(64)

function endpoint(url: string): { server: string; port: string; token: string } {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token: TOKEN }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { trades: { type: 'string' } } })
  const checkout = tinymanCheckoutFromEnv()
  const algorand = AlgorandClient.fromConfig({
    algodConfig: endpoint(process.env.GROVE_ALGOD_SERVER ?? 'http://127.0.0.1:4001'),
    kmdConfig: endpoint(process.env.GROVE_KMD_SERVER ?? 'http://127.0.0.1:4002'),
  })
  const admin = await algorand.account.localNetDispenser()
  await travelTo(algorand.client.algod, historyStart())
  try {
    const ids = await deploy({ algorand, deployer: admin, network: 'localnet' })
    const boxes = await algorand.client.algod.getApplicationBoxes(ids.dexAppId).do()
    if (boxes.boxes.length > 0) {
      console.log(`Grove on this localnet already has ${boxes.boxes.length} pools; not seeding again.`)
      return
    }
    const result = await seed({ algorand, admin, deployment: ids, holders: await kmdAccounts(algorand), trades: values.trades ? Number(values.trades) : undefined })
    const tinyman = await seedTinyman({ algorand, admin, tokens: result.tokens, checkout })
    const deployment = { ...ids, tinymanAppId: tinyman.validatorAppId, tinymanPrograms: tinyman.programs }
    console.log(JSON.stringify({ deployment, ...result, tinyman: { pools: tinyman.pools } }, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v), 2))
  } finally {
    await travelTo(algorand.client.algod, undefined)
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exitCode = 1
})
