// tinyman-js-sdk pays for exactly the calls and inner transactions Tinyman v2's protocol makes and
// adds no budget calls of its own, so each of the venue's operations must fit the opcode budget of the
// SDK's group. Checked where it costs most: blocks 60 s apart, so every call also brings the pool's
// cumulative prices up to date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AddLiquidity, RemoveLiquidity, Swap, SwapQuoteType, SwapType, type DirectSwapQuote, type SignerTransaction, type V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { LOCAL_NETWORK, bootstrapPool, provideValidatorId, startVenue, type TestAsset, type Trader, type Venue } from './tinyman-venue.ts'

let venue: Venue
let undo: () => void
let user: Trader
let pool: V2PoolInfo
const ALGO: TestAsset = { id: 0, unit_name: 'ALGO', decimals: 6 }

beforeAll(async () => {
  venue = await startVenue()
  undo = provideValidatorId(venue.appId)
  user = await venue.trader(1_000_000_000n)
  const tka = await venue.asset(user, 'TKA')
  pool = await bootstrapPool(venue, user, tka, ALGO, 3_000_000_000n, 400_000_000n)
  await venue.algod.setBlockOffsetTimestamp(60).do()
  // a call sees the previous block's time: one block at the new pace first
  await venue.give(user, user, 0, 0n)
}, 120_000)

afterAll(async () => {
  undo?.()
  await venue?.stop()
})

/** The budget the group used and had (700 per app call, inner app calls included), from simulate. */
async function budget(signed: Uint8Array[]): Promise<{ consumed: number; added: number }> {
  const request = new algosdk.modelsv2.SimulateRequest({
    txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns: signed.map((b) => algosdk.decodeMsgpack(b, algosdk.SignedTransaction)) })],
  })
  const result = await venue.algod.simulateTransactions(request).do()
  const group = result.txnGroups[0]!
  expect(group.failureMessage, 'the simulated group fails').toBeUndefined()
  return { consumed: Number(group.appBudgetConsumed), added: Number(group.appBudgetAdded) }
}

const direct = (quote: DirectSwapQuote) => ({ type: SwapQuoteType.Direct as const, data: { pool, quote } })

/** Each operation as the SDK builds it, signed. */
const operations: [string, () => Promise<SignerTransaction[]>][] = [
  [
    'a fixed-input swap',
    () =>
      Swap.v2.generateTxns({
        client: venue.algod,
        network: LOCAL_NETWORK,
        quote: direct(Swap.v2.getFixedInputDirectSwapQuote({ pool, amount: 5_000_000n, assetIn: { id: pool.asset1ID, decimals: 6 }, assetOut: { id: 0, decimals: 6 } })),
        swapType: SwapType.FixedInput,
        slippage: 0.01,
        initiatorAddr: user.addr.toString(),
      }),
  ],
  [
    'a fixed-output swap with change',
    () => {
      const quote = Swap.v2.getFixedOutputDirectSwapQuote({ pool, amount: 700_000n, assetIn: { id: 0, decimals: 6 }, assetOut: { id: pool.asset1ID, decimals: 6 } })
      return Swap.v2.generateTxns({
        client: venue.algod,
        network: LOCAL_NETWORK,
        quote: direct((quote.data as { quote: DirectSwapQuote }).quote),
        swapType: SwapType.FixedOutput,
        slippage: 0.01,
        initiatorAddr: user.addr.toString(),
      })
    },
  ],
  [
    'a flexible add',
    () =>
      AddLiquidity.v2.flexible.generateTxns({
        client: venue.algod,
        network: LOCAL_NETWORK,
        poolAddress: pool.account.address().toString(),
        asset1In: { id: pool.asset1ID, amount: 30_000_000n },
        asset2In: { id: 0, amount: 1_000_000n },
        poolTokenOut: { id: pool.poolTokenID!, amount: 1n },
        initiatorAddr: user.addr.toString(),
        minPoolTokenAssetAmount: 1n,
      }),
  ],
  [
    'a single-asset add',
    () =>
      AddLiquidity.v2.withSingleAsset.generateTxns({
        client: venue.algod,
        network: LOCAL_NETWORK,
        poolAddress: pool.account.address().toString(),
        assetIn: { id: 0, amount: 2_000_000n },
        poolTokenId: pool.poolTokenID!,
        initiatorAddr: user.addr.toString(),
        minPoolTokenAssetAmount: 1n,
      }),
  ],
  [
    'a two-asset remove',
    () =>
      RemoveLiquidity.v2.generateTxns({
        client: venue.algod,
        pool,
        poolTokenIn: 10_000_000n,
        initiatorAddr: user.addr.toString(),
        minAsset1Amount: 1n,
        minAsset2Amount: 1n,
        slippage: 0,
      }),
  ],
  [
    'a single-asset remove',
    () =>
      RemoveLiquidity.v2.generateSingleAssetOutTxns({
        client: venue.algod,
        pool,
        poolTokenIn: 10_000_000n,
        initiatorAddr: user.addr.toString(),
        outputAssetId: 0,
        minOutputAssetAmount: 1n,
        slippage: 0,
      }),
  ],
]

describe('the venue within the budget of tinyman-js-sdk groups', () => {
  it.each(operations)('runs %s, cumulative prices included, within its group budget', async (_what, generate) => {
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
    const txGroup = await generate()
    const signed = await user.signer([txGroup])
    const { consumed, added } = await budget(signed)
    expect(consumed).toBeLessThanOrEqual(added)
    await venue.sendGroup(signed)
    const after = await venue.pool(pool.asset1ID, pool.asset2ID)
    // the call brought the cumulative prices up to its block's time
    expect(after.cumulativePriceUpdateTimeStamp).toBeGreaterThan(pool.cumulativePriceUpdateTimeStamp!)
  })
})
