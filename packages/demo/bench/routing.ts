// npm run bench:routing -w @grove/demo (or BENCH_ONLY=routing npm run bench): on a fresh embedded
// localnet with Grove's demo and the demo's Tinyman pools seeded as `npm start` seeds them (on Tinyman's own
// validator when GROVE_TINYMAN_DIR names a checkout of tinyman-amm-contracts-v2), one row per
// demo pair and size: `{ pair, size, grove, tinyman, combined, fees }`, the outputs in base units of the
// best Grove-only, Tinyman-only and combined routes (0 where a venue has no route) for `size` USD of the
// pair's first token, and the µALGO of fees of the combined route's group (budget calls and opt-ins
// included). Each combined group is simulated by algod before its row is printed, every hop bounded by
// its quote: a group that would deliver less than the quote fails the bench.
import algosdk from 'algosdk'
import { AlgorandClient, Config } from '@algorandfoundation/algokit-utils'
import { startLocalnet } from '@grove/localnet'
import { deploy } from '@grove/contracts/deploy'
import { GroupBuilder } from '@grove/sdk'
import { bestRoute, buildRoute, loadPools, onlyVenues } from '@grove/sdk/venues'
import { ALGO_PRICE_USD, DEMO_POOLS, DEMO_TOKENS, GROVE_PRICE_USD, historyStart, kmdAccounts, seed, travelTo } from '../src/seed.ts'
import { DEMO_TINYMAN_POOLS, demoVenues, seedTinyman } from '../src/tinyman.ts'
import { tinymanCheckoutFromEnv } from '../src/tinyman-checkout.ts'

/** Order sizes, in USD of the input token. */
const SIZES_USD = [1_000, 25_000, 250_000]

const quiet = () => {}
Config.configure({ logger: { error: quiet, warn: quiet, info: quiet, verbose: quiet, debug: quiet } })

async function main(): Promise<void> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  try {
    const algodUrl = new URL(net.algod.url)
    const kmdUrl = new URL(net.kmd.url)
    const algorand = AlgorandClient.fromConfig({
      algodConfig: { server: `${algodUrl.protocol}//${algodUrl.hostname}`, port: algodUrl.port, token: net.algod.token },
      kmdConfig: { server: `${kmdUrl.protocol}//${kmdUrl.hostname}`, port: kmdUrl.port, token: net.kmd.token },
    })
    const algod = algorand.client.algod
    const admin = await algorand.account.localNetDispenser()
    await travelTo(algod, historyStart())
    const ids = await deploy({ algorand, deployer: admin, network: 'localnet' })
    const demo = await seed({ algorand, admin, deployment: ids, holders: await kmdAccounts(algorand), trades: 20 })
    const tinyman = await seedTinyman({ algorand, admin, tokens: demo.tokens, checkout: tinymanCheckoutFromEnv() })

    const token = (unit: string) => (unit === 'ALGO' ? { assetId: 0n, decimals: 6 } : demo.tokens.find((t) => t.unitName === unit)!)
    const price = (unit: string) => (unit === 'ALGO' ? ALGO_PRICE_USD : unit === 'GROVE' ? GROVE_PRICE_USD : DEMO_TOKENS.find((t) => t.unitName === unit)!.priceUsd)
    const venues = demoVenues(algod, { ...ids, tinymanAppId: tinyman.validatorAppId, tinymanPrograms: tinyman.programs })
    const book = await loadPools(venues, [0n, ...demo.tokens.map((t) => t.assetId)])
    const pairs = [...DEMO_POOLS.map((p) => p.pair), ...DEMO_TINYMAN_POOLS.map((p) => p.pair)].filter(
      (pair, i, all) => all.findIndex((q) => q.join('/') === pair.join('/') || q.join('/') === [...pair].reverse().join('/')) === i,
    )
    const rows = []
    for (const [x, y] of pairs) {
      for (const usd of SIZES_USD) {
        const request = { kind: 'exact-in' as const, assetIn: token(x).assetId, assetOut: token(y).assetId, amount: BigInt(Math.round((usd / price(x)) * 10 ** token(x).decimals)) }
        const out = (names?: ('grove' | 'tinyman')[]) => bestRoute(names ? onlyVenues(book, names) : book, request)
        const combined = out()
        let fees = 0n
        if (combined) {
          const group = await GroupBuilder.create({ algod, sender: admin.addr, signer: admin.signer })
          const built = await buildRoute(group, book, combined, combined.amountOut)
          fees = built.fee
          const { composer } = await group.build()
          const { simulateResponse } = await composer.simulate(algod, new algosdk.modelsv2.SimulateRequest({ txnGroups: [], allowEmptySignatures: true }))
          const failure = simulateResponse.txnGroups[0]!.failureMessage
          if (failure) throw new Error(`${x} → ${y}, $${usd}: the combined route's group fails: ${failure}`)
        }
        rows.push({
          pair: `${x}/${y}`,
          size: `${usd.toLocaleString('en-US')} USD of ${x}`,
          grove: String(out(['grove'])?.amountOut ?? 0n),
          tinyman: String(out(['tinyman'])?.amountOut ?? 0n),
          combined: String(combined?.amountOut ?? 0n),
          fees: Number(fees),
        })
      }
    }
    console.log(JSON.stringify({ routing: rows }))
  } finally {
    await net.stop()
  }
}

await main()
