// The two venues on one localnet: Grove's DEX and the Tinyman v2-compatible (local) validator, with a
// Tinyman pool bootstrapped and funded by @tinymanorg/tinyman-js-sdk itself. Each venue finds its pool,
// quotes as its program computes (Tinyman: equal to tinyman-js-sdk's quotes), and its hop, sent, moves
// exactly the quote; hops of both venues go in one atomic group.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import algosdk from 'algosdk'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import { AddLiquidity, Bootstrap, Swap, poolUtils, type DirectSwapQuote, type InitiatorSigner, type SupportedNetwork, type V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { firstAddMinLp } from '../../src/dex/amm.ts'
import { GroupBuilder } from '../../src/core/group.ts'
import { buildAddLiquidity, buildCreatePool } from '../../src/dex/transactions.ts'
import { poolBoxName } from '../../src/dex/pool-state.ts'
import { DEX_SPEC, dexCall } from '../../src/dex/spec.ts'
import { TINYMAN_LOCAL_LABEL, groveVenue, tinymanPoolAddress, tinymanVenue, type HopQuote, type TinymanPool, type Venue, type VenuePool } from '../../src/venues/index.ts'
import { startGrove, type Grove } from '../fixture.ts'

/**
 * tinyman-js-sdk reads validator ids from an unexported per-network table (a plain object): a
 * non-enumerable Object.prototype property under a network name of our own answers that lookup.
 */
const LOCAL = 'tinyman-v2-compatible-local' as SupportedNetwork

let grove: Grove
let validatorAppId: bigint
let usdc: bigint
let tinyman: Venue<TinymanPool>
let groveDex: ReturnType<typeof groveVenue>
let sdkPool: V2PoolInfo
let signer: InitiatorSigner

beforeAll(async () => {
  grove = await startGrove()
  usdc = grove.assets[0]!
  const { appClient } = await grove.algorand.client
    .getAppFactory({ appSpec: VENUE_ARC56 as unknown as Arc56Contract, defaultSender: grove.admin.addr })
    .send.create({ method: 'createApplication', args: [] })
  validatorAppId = appClient.appId
  await grove.algorand.send.payment({ sender: grove.admin.addr, receiver: appClient.appAddress, amount: microAlgo(100_000) })
  Object.defineProperty(Object.prototype, LOCAL, { value: Number(validatorAppId), configurable: true })

  const addr = grove.trader.addr.toString()
  signer = async (groups) => {
    const txns = groups
      .flat()
      .filter((t) => t.signers?.includes(addr))
      .map((t) => t.txn)
    return grove.trader.signer(
      txns,
      txns.map((_, i) => i),
    )
  }
  // Tinyman: USDC/ALGO at 2.5 USDC per ALGO, through tinyman-js-sdk's own bootstrap and first add
  const txGroup = await Bootstrap.v2.generateTxns({
    client: grove.algod,
    network: LOCAL,
    asset_1: { id: String(usdc), unit_name: 'USDC' },
    asset_2: { id: '0', unit_name: 'ALGO' },
    initiatorAddr: addr,
  })
  const boot = await Bootstrap.v2.signTxns({ txGroup, network: LOCAL, initiatorSigner: signer, asset1ID: Number(usdc), asset2ID: 0 })
  sdkPool = await Bootstrap.v2.execute({ client: grove.algod, network: LOCAL, pool: { asset1ID: Number(usdc), asset2ID: 0 }, txGroup, signedTxns: boot.signedTxns })
  await grove.algorand.send.assetOptIn({ sender: grove.trader.addr, assetId: BigInt(sdkPool.poolTokenID!) })
  const add = await AddLiquidity.v2.initial.generateTxns({
    client: grove.algod,
    pool: sdkPool,
    network: LOCAL,
    poolAddress: sdkPool.account.address().toString(),
    asset1In: { id: Number(usdc), amount: 25_000_000_000n },
    asset2In: { id: 0, amount: 10_000_000_000n },
    poolTokenId: sdkPool.poolTokenID!,
    initiatorAddr: addr,
  })
  const signedAdd = await AddLiquidity.v2.initial.signTxns({ txGroup: add, initiatorSigner: signer })
  await AddLiquidity.v2.initial.execute({ client: grove.algod, pool: sdkPool, txGroup: add, signedTxns: signedAdd })
  sdkPool = await poolUtils.v2.getPoolInfo({ client: grove.algod, network: LOCAL, asset1ID: Number(usdc), asset2ID: 0 })

  // Grove: ALGO/USDC at 2 USDC per ALGO
  await grove.send(await buildCreatePool(grove.ctx, 0n, usdc))
  await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(0n, usdc), 5_000_000_000n, 10_000_000_000n, firstAddMinLp(5_000_000_000n, 10_000_000_000n, 50n)))

  tinyman = tinymanVenue({ algod: grove.algod, validatorAppId, label: TINYMAN_LOCAL_LABEL })
  groveDex = groveVenue({ algod: grove.algod, dexAppId: grove.dexAppId, registryAppId: grove.registryAppId })
}, 180_000)

afterAll(async () => {
  delete (Object.prototype as Record<string, unknown>)[LOCAL]
  await grove?.stop()
})

/** The SDK's own direct quote for the current pool. */
async function sdkQuote(kind: 'exact-in' | 'exact-out', assetIn: bigint, amount: bigint): Promise<DirectSwapQuote> {
  const pool = await poolUtils.v2.getPoolInfo({ client: grove.algod, network: LOCAL, asset1ID: Number(usdc), asset2ID: 0 })
  const assetOut = assetIn === 0n ? usdc : 0n
  const params = { pool, amount, assetIn: { id: Number(assetIn), decimals: 6 }, assetOut: { id: Number(assetOut), decimals: 6 } }
  if (kind === 'exact-in') return Swap.v2.getFixedInputDirectSwapQuote(params)
  return (Swap.v2.getFixedOutputDirectSwapQuote(params).data as { quote: DirectSwapQuote }).quote
}

/** The trader's holdings of ALGO and USDC. */
const holdings = async () => ({ algo: await grove.balance(0n), usdc: await grove.balance(usdc) })

/** Sends the hops in one group; returns what the trader's ALGO and USDC changed by, fees added back, and the fees. */
async function sendHops(hops: { venue: Venue<VenuePool>; quote: HopQuote; limit: bigint }[]) {
  const group = await GroupBuilder.create(grove.ctx)
  for (const { venue, quote, limit } of hops) venue.addHop(group, quote, limit)
  if (hops.some((h) => h.venue.name === 'grove')) await group.coverBudget(grove.dexAppId, 16)
  const { fee } = await group.build()
  const before = await holdings()
  await group.send()
  const after = await holdings()
  return { algo: after.algo - before.algo + fee, usdc: after.usdc - before.usdc, fee }
}

describe('the Tinyman venue', () => {
  it('finds the pool tinyman-js-sdk bootstrapped, with its reserves and fee', async () => {
    const [pool] = await tinyman.findPools(usdc, 0n)
    expect(pool!.address).toBe(sdkPool.account.address().toString())
    expect(tinymanPoolAddress(validatorAppId, 0n, usdc)).toBe(pool!.address)
    expect(pool!.assets).toEqual([0n, usdc])
    expect(pool!.reserves).toEqual([sdkPool.asset2Reserves, sdkPool.asset1Reserves])
    expect(pool!.feeBps).toBe(sdkPool.totalFeeShare)
    expect(tinyman.label).toBe('Tinyman v2-compatible (local)')
  })

  it('finds no pool for a pair nobody bootstrapped, from answers algod gives for any address (no 404 to fill a console)', async () => {
    const statuses: number[] = []
    const fetch = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      const response = await fetch(...args)
      statuses.push(response.status)
      return response
    })
    try {
      expect(await tinyman.findPools(grove.assets[1]!, grove.assets[2]!)).toEqual([])
    } finally {
      spy.mockRestore()
    }
    expect(statuses).not.toHaveLength(0)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  })

  it.each([
    ['exact-in, USDC in', 'exact-in', 'usdc', 123_456_789n],
    ['exact-in, ALGO in', 'exact-in', 'algo', 45_678_901n],
    ['exact-out, ALGO out', 'exact-out', 'usdc', 10_000_000n],
    ['exact-out, USDC out', 'exact-out', 'algo', 77_777_777n],
  ] as const)('quotes %s equal to tinyman-js-sdk, and the hop moves exactly the quote', async (_what, kind, input, amount) => {
    const assetIn = input === 'usdc' ? usdc : 0n
    const [pool] = await tinyman.findPools(0n, usdc)
    const result = kind === 'exact-in' ? tinyman.quoteExactIn(pool!, assetIn, amount) : tinyman.quoteExactOut(pool!, assetIn, amount)
    if (!result.ok) throw new Error(result.error)
    const { quote } = result
    const expected = await sdkQuote(kind, assetIn, amount)
    expect([quote.amountIn, quote.amountOut]).toEqual([expected.assetInAmount, expected.assetOutAmount])
    // exact-out offers 1% more than the quote: the change comes back
    const limit = kind === 'exact-in' ? quote.amountOut : quote.amountIn + quote.amountIn / 100n
    const moved = await sendHops([{ venue: tinyman, quote, limit }])
    const [inMoved, outMoved] = input === 'usdc' ? [-moved.usdc, moved.algo] : [-moved.algo, moved.usdc]
    expect([inMoved, outMoved]).toEqual([quote.amountIn, quote.amountOut])
  })
})

describe('the Grove venue', () => {
  it('finds the pool and quotes as the DEX math, and the hop moves exactly the quote', async () => {
    const [pool] = await groveDex.findPools(usdc, 0n)
    expect(pool!.assets).toEqual([0n, usdc])
    expect(pool!.reserves).toEqual([pool!.state.reserveA, pool!.state.reserveB])
    const result = groveDex.quoteExactIn(pool!, usdc, 50_000_000n)
    if (!result.ok) throw new Error(result.error)
    const moved = await sendHops([{ venue: groveDex, quote: result.quote, limit: result.quote.amountOut }])
    expect([-moved.usdc, moved.algo]).toEqual([result.quote.amountIn, result.quote.amountOut])
  })
})

describe('hops of both venues in one group', () => {
  it('buys ALGO on Grove (cheaper) and sells it on Tinyman (dearer), each hop moving exactly its quote', async () => {
    const [gPool] = await groveDex.findPools(0n, usdc)
    const [tPool] = await tinyman.findPools(0n, usdc)
    const buy = groveDex.quoteExactIn(gPool!, usdc, 20_000_000n)
    if (!buy.ok) throw new Error(buy.error)
    const sell = tinyman.quoteExactIn(tPool!, 0n, buy.quote.amountOut)
    if (!sell.ok) throw new Error(sell.error)
    const moved = await sendHops([
      { venue: groveDex, quote: buy.quote, limit: buy.quote.amountOut },
      { venue: tinyman, quote: sell.quote, limit: sell.quote.amountOut },
    ])
    // the ALGO bought is all sold: the trader ends with USDC only, more than it put in
    expect(moved.algo).toBe(0n)
    expect(moved.usdc).toBe(sell.quote.amountOut - buy.quote.amountIn)
    expect(moved.usdc).toBeGreaterThan(0n)
  })
})

describe('one transfer offered to a hop of each venue', () => {
  /** The Grove DEX's swapExactIn call alone: its input argument is whatever transaction precedes it. */
  async function groveSwapCall(minOut: bigint): Promise<algosdk.Transaction> {
    const suggestedParams = await grove.algod.getTransactionParams().do()
    // the typed call names the method; its input is the group's previous transaction, never made here
    const { method } = dexCall('swapExactIn', [{ txn: () => { throw new Error('the input precedes the call') } }, 0n, 30n, minOut])
    const txn = algosdk.makeApplicationNoOpTxnFromObject({
      sender: grove.trader.addr,
      appIndex: grove.dexAppId,
      appArgs: [method.getSelector(), algosdk.encodeUint64(0n), algosdk.encodeUint64(30n), algosdk.encodeUint64(minOut)],
      boxes: [{ appIndex: 0, name: poolBoxName(0n, usdc) }],
      foreignAssets: [0],
      foreignApps: [grove.registryAppId],
      suggestedParams,
    })
    txn.fee = 2_000n
    return txn
  }

  /** The venue's swap call alone: its input is whatever transaction precedes it. */
  async function tinymanSwapCall(pool: string): Promise<algosdk.Transaction> {
    const suggestedParams = await grove.algod.getTransactionParams().do()
    const txn = algosdk.makeApplicationNoOpTxnFromObject({
      sender: grove.trader.addr,
      appIndex: validatorAppId,
      appArgs: [new TextEncoder().encode('swap'), new TextEncoder().encode('fixed-input'), algosdk.encodeUint64(1n)],
      accounts: [pool],
      foreignAssets: [Number(usdc), 0],
      suggestedParams,
    })
    txn.fee = 2_000n
    return txn
  }

  /** The message of the assert that refused the group, from the failing program's ARC-56 sourceInfo. */
  async function refusal(txns: algosdk.Transaction[], spec: Arc56Contract): Promise<string | undefined> {
    const group = algosdk.assignGroupID(txns)
    const signed = await grove.trader.signer(group, group.map((_, i) => i))
    const before = await holdings()
    const error = await grove.algod
      .sendRawTransaction(signed)
      .do()
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error, 'the group was expected to be refused').toBeInstanceOf(Error)
    expect(await holdings()).toEqual(before)
    const pc = Number(/pc=(\d+)/.exec((error as Error).message)?.[1])
    return spec.sourceInfo?.approval.sourceInfo.find((i) => i.pc.includes(pc))?.errorMessage
  }

  it("refuses a Tinyman swap that would take the transfer a Grove swap took before it", async () => {
    const suggestedParams = await grove.algod.getTransactionParams().do()
    const input = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: grove.trader.addr,
      receiver: algosdk.getApplicationAddress(grove.dexAppId),
      assetIndex: usdc,
      amount: 1_000_000n,
      suggestedParams,
    })
    const [pool] = await tinyman.findPools(0n, usdc)
    expect(await refusal([input, await groveSwapCall(1n), await tinymanSwapCall(pool!.address)], VENUE_ARC56 as unknown as Arc56Contract)).toBe('ERR:BAD_INPUT_TYPE')
  })

  it('refuses a Grove swap that would take the transfer a Tinyman swap took before it', async () => {
    const [pool] = await tinyman.findPools(0n, usdc)
    const suggestedParams = await grove.algod.getTransactionParams().do()
    const input = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: grove.trader.addr,
      receiver: pool!.address,
      assetIndex: usdc,
      amount: 1_000_000n,
      suggestedParams,
    })
    expect(await refusal([input, await tinymanSwapCall(pool!.address), await groveSwapCall(1n)], DEX_SPEC)).toBe('ERR:BAD_INPUT_TYPE')
  })
})
