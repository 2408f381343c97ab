// npm run bench -w @grove/keeper: `fillLatencyMs` {p50, p95}, the time from an order becoming fillable
// to the keeper's fill being confirmed, on an embedded localnet with the keeper running as npm start
// runs it (a pass after every block, at least every 4 s). Two ways an order becomes fillable, alternated:
// placed below the market (fillable once the placing group is confirmed), and placed above it then
// reached by a trade that moves the market (fillable once that trade is confirmed). One JSON object on stdout.
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import { deploy } from '@grove/contracts/deploy'
import { startLocalnet } from '@grove/localnet'
import { buildAddLiquidity, buildCreatePool, buildSwapExactIn, dexContract, firstAddMinLp, ordersContract, type GroveContext } from '@grove/sdk'
import { groveVenue, type Venue } from '@grove/sdk/venues'
import { runKeeper } from '../src/keeper.ts'

const SAMPLES = process.env.CI ? 8 : 16

async function main(): Promise<void> {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const controller = new AbortController()
  try {
    const algodUrl = new URL(net.algod.url)
    const kmdUrl = new URL(net.kmd.url)
    const algorand = AlgorandClient.fromConfig({
      algodConfig: { server: `${algodUrl.protocol}//${algodUrl.hostname}`, port: algodUrl.port, token: net.algod.token },
      kmdConfig: { server: `${kmdUrl.protocol}//${kmdUrl.hostname}`, port: kmdUrl.port, token: net.kmd.token },
    })
    const algod = algorand.client.algod
    const ids = await deploy({ algorand, deployer: await algorand.account.localNetDispenser(), network: 'localnet' })
    const account = async (algo: bigint): Promise<GroveContext> => {
      const a = algorand.account.random()
      await algorand.send.payment({ sender: (await algorand.account.localNetDispenser()).addr, receiver: a.addr, amount: microAlgo(algo * 1_000_000n) })
      return { algod, ids, sender: a.addr, signer: a.signer }
    }
    const send = (g: { composer: { execute: (a: typeof algod, rounds: number) => Promise<unknown> } }) => g.composer.execute(algod, 4)
    const [trader, owner, keeper] = [await account(1_000_000n), await account(1_000n), await account(1_000n)]
    const usd = (await algorand.send.assetCreate({ sender: trader.sender, total: 10n ** 15n, decimals: 6, unitName: 'USD', assetName: 'USD' })).assetId
    await algorand.send.assetOptIn({ sender: owner.sender, assetId: usd, signer: owner.signer })
    await algorand.send.assetTransfer({ sender: trader.sender, receiver: owner.sender, assetId: usd, amount: 1_000_000_000n })
    // 1 USD = 5 ALGO, deep enough that the samples' trades move it little
    await send(await buildCreatePool(trader, 0n, usd))
    const pool = await dexContract.readers.pool({ algod, ids }, 0n, usd)
    await send(await buildAddLiquidity(trader, pool!, 500_000_000_000n, 100_000_000_000n, firstAddMinLp(500_000_000_000n, 100_000_000_000n, 50n)))

    const filledAt = new Map<bigint, number>()
    void runKeeper({
      algod,
      ids,
      sender: keeper.sender,
      signer: keeper.signer,
      venues: [groveVenue({ algod, dexAppId: ids.dexAppId, registryAppId: ids.registryAppId }) as unknown as Venue],
      signal: controller.signal,
      onEvent: (e) => {
        if (e.event === 'fill') filledAt.set(e.order, performance.now())
      },
    })
    const waitFill = async (id: bigint): Promise<number> => {
      const deadline = performance.now() + 30_000
      while (!filledAt.has(id)) {
        if (performance.now() > deadline) throw new Error(`order ${id} was not filled within 30 s`)
        await new Promise((r) => setTimeout(r, 5))
      }
      return filledAt.get(id)!
    }

    const latencies: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      const spot = await dexContract.readers.pool({ algod, ids }, 0n, usd)
      // ALGO per USD unit now (reserveA is ALGO's)
      const price = (spot!.reserveA * 1_000_000n) / spot!.reserveB
      if (i % 2 === 0) {
        // below the market: 1 USD for 90% of its price
        const placed = await ordersContract.prepare(owner, { kind: 'place-limit', assetIn: usd, assetOut: 0n, amount: 1_000_000n, minOut: (price * 9n) / 10n, expiry: 0n })
        await send(placed)
        const fillable = performance.now()
        latencies.push((await waitFill(placed.orderId!)) - fillable)
      } else {
        // 2% above the market, then a trade buying USD lifts its price ~4%
        const placed = await ordersContract.prepare(owner, { kind: 'place-limit', assetIn: usd, assetOut: 0n, amount: 1_000_000n, minOut: (price * 102n) / 100n, expiry: 0n })
        await send(placed)
        await new Promise((r) => setTimeout(r, 300))
        if (filledAt.has(placed.orderId!)) throw new Error('an order above the market was filled before the market moved')
        await send(await buildSwapExactIn(trader, 0n, usd, spot!.reserveA / 50n, 0n))
        const fillable = performance.now()
        latencies.push((await waitFill(placed.orderId!)) - fillable)
      }
    }
    latencies.sort((a, b) => a - b)
    const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!)
    console.log(JSON.stringify({ fillLatencyMs: { p50: at(0.5), p95: at(0.95), samples: latencies.length } }))
  } finally {
    controller.abort()
    await net.stop()
  }
}

await main()
