// tinyman-js-sdk's own flows against the Tinyman v2-compatible (local) venue on the embedded localnet:
// bootstrap → add initial liquidity → add (flexible, single) → swap fixed-input → swap fixed-output →
// remove (both assets, one asset). Every result is the SDK's own quote, to the base unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getApplicationAddress, type Account } from 'algosdk'
import { AddLiquidity, Bootstrap, RemoveLiquidity, Swap, SwapQuoteType, SwapType, type DirectSwapQuote, type V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { LOCAL_NETWORK, bootstrapPool, provideValidatorId, startVenue, type TestAsset, type Trader, type Venue } from './tinyman-venue.ts'

let venue: Venue
let undo: () => void
let user: Trader
let tka: TestAsset
let tkb: TestAsset
const ALGO: TestAsset = { id: 0, unit_name: 'ALGO', decimals: 6 }

beforeAll(async () => {
  venue = await startVenue()
  undo = provideValidatorId(venue.appId)
  user = await venue.trader(1_000_000_000n)
  tka = await venue.asset(user, 'TKA')
  tkb = await venue.asset(user, 'TKB')
}, 120_000)

afterAll(async () => {
  undo?.()
  await venue?.stop()
})

/** The user's balances of the pool's two assets and its pool token. */
async function holdings(pool: V2PoolInfo) {
  const addr = user.addr
  return {
    asset1: await venue.balance(addr, pool.asset1ID),
    asset2: await venue.balance(addr, pool.asset2ID),
    poolToken: await venue.balance(addr, pool.poolTokenID!),
  }
}

describe.each([
  ['an asset pair', () => [tka, tkb] as const],
  ['an ALGO pair', () => [tka, ALGO] as const],
])('tinyman-js-sdk on %s', (_what, pair) => {
  let pool: V2PoolInfo

  it('bootstraps the pool with its own transactions: the pool account opts in, rekeyed to the validator', async () => {
    const [a, b] = pair()
    const txGroup = await Bootstrap.v2.generateTxns({ client: venue.algod, network: LOCAL_NETWORK, asset_1: { id: String(a.id), unit_name: a.unit_name }, asset_2: { id: String(b.id), unit_name: b.unit_name }, initiatorAddr: user.addr.toString() })
    const { signedTxns } = await Bootstrap.v2.signTxns({ txGroup, network: LOCAL_NETWORK, initiatorSigner: user.signer, asset1ID: a.id, asset2ID: b.id })
    pool = await Bootstrap.v2.execute({ client: venue.algod, network: LOCAL_NETWORK, pool: { asset1ID: a.id, asset2ID: b.id }, txGroup, signedTxns })
    expect(pool.status).toBe('ready')
    expect(pool.validatorAppID).toBe(Number(venue.appId))
    expect(pool.asset1ID).toBe(Math.max(a.id, b.id))
    expect(pool.asset2ID).toBe(Math.min(a.id, b.id))
    expect(pool.totalFeeShare).toBe(30n)
    expect(pool.protocolFeeRatio).toBe(6)
    expect(pool.issuedPoolTokens).toBe(0n)
    const account = await venue.algod.accountInformation(pool.account.address().toString()).do()
    expect(account.authAddr?.toString()).toBe(getApplicationAddress(venue.appId).toString())
    // the pool holds the whole pool-token supply
    expect(await venue.balance(pool.account.address(), pool.poolTokenID!)).toBe(2n ** 64n - 1n)
  })

  it('adds initial liquidity: the pool tokens received equal the SDK quote', async () => {
    const [a, b] = pair()
    const byId = (id: number) => (id === a.id ? a : b)
    await optIn(pool.poolTokenID!)
    const asset1 = { id: pool.asset1ID, amount: 2_000_000_000n, decimals: byId(pool.asset1ID).decimals }
    const asset2 = { id: pool.asset2ID, amount: 500_000_000n, decimals: byId(pool.asset2ID).decimals }
    const quote = AddLiquidity.v2.initial.getQuote({ pool, asset1, asset2, slippage: 0 })
    const txGroup = await AddLiquidity.v2.initial.generateTxns({
      client: venue.algod,
      pool,
      network: LOCAL_NETWORK,
      poolAddress: pool.account.address().toString(),
      asset1In: asset1,
      asset2In: asset2,
      poolTokenId: pool.poolTokenID!,
      initiatorAddr: user.addr.toString(),
    })
    const before = await holdings(pool)
    const signedTxns = await AddLiquidity.v2.initial.signTxns({ txGroup, initiatorSigner: user.signer })
    await AddLiquidity.v2.initial.execute({ client: venue.algod, pool, txGroup, signedTxns })
    const after = await holdings(pool)
    expect(after.poolToken - before.poolToken).toBe(quote.poolTokenOut.amount)
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
    expect(pool.asset1Reserves).toBe(asset1.amount)
    expect(pool.asset2Reserves).toBe(asset2.amount)
    expect(pool.issuedPoolTokens).toBe(quote.poolTokenOut.amount + 1000n)
  })

  it('adds flexible liquidity off the pool ratio: pool tokens equal the SDK quote', async () => {
    const [a, b] = pair()
    const byId = (id: number) => (id === a.id ? a : b)
    const asset1 = { id: pool.asset1ID, amount: 300_000_000n, decimals: byId(pool.asset1ID).decimals }
    const asset2 = { id: pool.asset2ID, amount: 40_000_000n, decimals: byId(pool.asset2ID).decimals }
    const quote = AddLiquidity.v2.flexible.getQuote({ pool, asset1, asset2, slippage: 0 })
    const txGroup = await AddLiquidity.v2.flexible.generateTxns({
      client: venue.algod,
      network: LOCAL_NETWORK,
      poolAddress: pool.account.address().toString(),
      asset1In: asset1,
      asset2In: asset2,
      poolTokenOut: { id: pool.poolTokenID!, amount: quote.poolTokenOut.amount },
      initiatorAddr: user.addr.toString(),
      minPoolTokenAssetAmount: quote.minPoolTokenAssetAmountWithSlippage,
    })
    const before = await holdings(pool)
    const signedTxns = await AddLiquidity.v2.flexible.signTxns({ txGroup, initiatorSigner: user.signer })
    await AddLiquidity.v2.flexible.execute({ client: venue.algod, pool, txGroup, signedTxns })
    const after = await holdings(pool)
    expect(after.poolToken - before.poolToken).toBe(quote.poolTokenOut.amount)
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
  })

  it('adds single-asset liquidity: pool tokens equal the SDK quote', async () => {
    const [a, b] = pair()
    const byId = (id: number) => (id === a.id ? a : b)
    const assetIn = { id: pool.asset2ID, amount: 25_000_000n }
    const quote = AddLiquidity.v2.withSingleAsset.getQuote({
      pool,
      assetIn,
      slippage: 0,
      decimals: { asset1: byId(pool.asset1ID).decimals, asset2: byId(pool.asset2ID).decimals },
    })
    const txGroup = await AddLiquidity.v2.withSingleAsset.generateTxns({
      client: venue.algod,
      network: LOCAL_NETWORK,
      poolAddress: pool.account.address().toString(),
      assetIn,
      poolTokenId: pool.poolTokenID!,
      initiatorAddr: user.addr.toString(),
      minPoolTokenAssetAmount: quote.minPoolTokenAssetAmountWithSlippage,
    })
    const before = await holdings(pool)
    const signedTxns = await AddLiquidity.v2.withSingleAsset.signTxns({ txGroup, initiatorSigner: user.signer })
    await AddLiquidity.v2.withSingleAsset.execute({ client: venue.algod, pool, txGroup, signedTxns })
    const after = await holdings(pool)
    expect(after.poolToken - before.poolToken).toBe(quote.poolTokenOut.amount)
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
  })

  it.each([
    ['fixed input, asset 1 in', SwapType.FixedInput, 1, 12_345_678n],
    ['fixed input, asset 2 in', SwapType.FixedInput, 2, 3_456_789n],
    ['fixed output, asset 1 out', SwapType.FixedOutput, 2, 7_654_321n],
    ['fixed output, asset 2 out', SwapType.FixedOutput, 1, 987_654n],
  ])('swaps %s: what moves equals the SDK quote', async (_case, type, inSide, amount) => {
    const [a, b] = pair()
    const byId = (id: number) => (id === a.id ? a : b)
    const assetInId = inSide === 1 ? pool.asset1ID : pool.asset2ID
    const assetOutId = inSide === 1 ? pool.asset2ID : pool.asset1ID
    const assetIn = { id: assetInId, decimals: byId(assetInId).decimals }
    const assetOut = { id: assetOutId, decimals: byId(assetOutId).decimals }
    const quote =
      type === SwapType.FixedInput
        ? Swap.v2.getFixedInputDirectSwapQuote({ pool, amount, assetIn, assetOut })
        : (Swap.v2.getFixedOutputDirectSwapQuote({ pool, amount, assetIn, assetOut }).data as { quote: DirectSwapQuote }).quote
    const txGroup = await Swap.v2.generateTxns({
      client: venue.algod,
      network: LOCAL_NETWORK,
      quote: { type: SwapQuoteType.Direct, data: { pool, quote } },
      swapType: type,
      slippage: 0.05,
      initiatorAddr: user.addr.toString(),
    })
    const before = await holdings(pool)
    const signedTxns = await Swap.v2.signTxns({ txGroup, initiatorSigner: user.signer })
    await Swap.v2.execute({ client: venue.algod, quote: { type: SwapQuoteType.Direct, data: { pool, quote } }, txGroup, signedTxns })
    const after = await holdings(pool)
    // the call logs the swap as Tinyman v2's validator does
    const call = txGroup.find((t) => t.txn.type === 'appl')!.txn
    const logged = swapLogs((await venue.algod.pendingTransactionInformation(call.txID()).do()).logs ?? [])
    const sent = txGroup.find((t) => t.txn.type !== 'appl')!.txn
    expect(logged).toEqual({
      input_asset_id: BigInt(assetInId),
      input_amount: sent.payment?.amount ?? sent.assetTransfer!.amount,
      swap_amount: logged.swap_amount,
      change: (sent.payment?.amount ?? sent.assetTransfer!.amount) - quote.assetInAmount,
      output_asset_id: BigInt(assetOutId),
      output_amount: quote.assetOutAmount,
      poolers_fee_amount: logged.poolers_fee_amount,
      protocol_fee_amount: logged.total_fee_amount / 6n,
      total_fee_amount: quote.assetInAmount - logged.swap_amount!,
    })
    expect(logged.poolers_fee_amount! + logged.protocol_fee_amount!).toBe(logged.total_fee_amount)
    const fees = txGroup.reduce((sum, t) => sum + t.txn.fee, 0n)
    const moved = (side: 'asset1' | 'asset2', id: number) => after[side] - before[side] + (id === 0 ? fees : 0n)
    const inSideKey = inSide === 1 ? 'asset1' : 'asset2'
    const outSideKey = inSide === 1 ? 'asset2' : 'asset1'
    expect(-moved(inSideKey, assetInId)).toBe(quote.assetInAmount)
    expect(moved(outSideKey, assetOutId)).toBe(quote.assetOutAmount)
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
  })

  it('removes liquidity for both assets: amounts equal the SDK quote', async () => {
    const reserves = { asset1: pool.asset1Reserves!, asset2: pool.asset2Reserves!, issuedLiquidity: pool.issuedPoolTokens!, round: 0n }
    const poolTokenIn = 50_000_000n
    const quote = RemoveLiquidity.v2.getQuote({ pool, reserves, poolTokenIn })
    const txGroup = await RemoveLiquidity.v2.generateTxns({
      client: venue.algod,
      pool,
      poolTokenIn,
      initiatorAddr: user.addr.toString(),
      minAsset1Amount: quote.asset1Out.amount,
      minAsset2Amount: quote.asset2Out.amount,
      slippage: 0,
    })
    const before = await holdings(pool)
    const signedTxns = await RemoveLiquidity.v2.signTxns({ txGroup, initiatorSigner: user.signer })
    await RemoveLiquidity.v2.execute({ client: venue.algod, txGroup, signedTxns })
    const after = await holdings(pool)
    const fees = txGroup.reduce((sum, t) => sum + t.txn.fee, 0n)
    expect(after.poolToken - before.poolToken).toBe(-poolTokenIn)
    expect(after.asset1 - before.asset1).toBe(quote.asset1Out.amount)
    expect(after.asset2 - before.asset2 + (pool.asset2ID === 0 ? fees : 0n)).toBe(quote.asset2Out.amount)
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
  })

  it('removes liquidity for one asset: the amount equals the SDK quote', async () => {
    const [a, b] = pair()
    const byId = (id: number) => (id === a.id ? a : b)
    const reserves = { asset1: pool.asset1Reserves!, asset2: pool.asset2Reserves!, issuedLiquidity: pool.issuedPoolTokens!, round: 0n }
    const poolTokenIn = 30_000_000n
    const quote = RemoveLiquidity.v2.getSingleAssetRemoveLiquidityQuote({
      pool,
      reserves,
      poolTokenIn,
      assetOutID: pool.asset1ID,
      decimals: { assetIn: byId(pool.asset2ID).decimals, assetOut: byId(pool.asset1ID).decimals },
    })
    const txGroup = await RemoveLiquidity.v2.generateSingleAssetOutTxns({
      client: venue.algod,
      pool,
      poolTokenIn,
      initiatorAddr: user.addr.toString(),
      outputAssetId: pool.asset1ID,
      minOutputAssetAmount: quote.assetOut.amount,
      slippage: 0,
    })
    const before = await holdings(pool)
    const signedTxns = await RemoveLiquidity.v2.signTxns({ txGroup, initiatorSigner: user.signer })
    await RemoveLiquidity.v2.execute({ client: venue.algod, txGroup, signedTxns })
    const after = await holdings(pool)
    expect(after.poolToken - before.poolToken).toBe(-poolTokenIn)
    expect(after.asset1 - before.asset1).toBe(quote.assetOut.amount)
  })
})

describe('tinyman-js-sdk and the last provider', () => {
  it('removes everything but the locked 1,000 for all the reserves, then seeds the emptied pool again', async () => {
    const tkc = await venue.asset(user, 'TKC')
    let pool = await bootstrapPool(venue, user, tkc, ALGO, 90_000_000n, 10_000_000n)
    const poolTokenIn = pool.issuedPoolTokens! - 1000n
    const reserves = { asset1: pool.asset1Reserves!, asset2: pool.asset2Reserves!, issuedLiquidity: pool.issuedPoolTokens!, round: 0n }
    const quote = RemoveLiquidity.v2.getQuote({ pool, reserves, poolTokenIn })
    expect([quote.asset1Out.amount, quote.asset2Out.amount]).toEqual([90_000_000n, 10_000_000n])
    const txGroup = await RemoveLiquidity.v2.generateTxns({
      client: venue.algod,
      pool,
      poolTokenIn,
      initiatorAddr: user.addr.toString(),
      minAsset1Amount: quote.asset1Out.amount,
      minAsset2Amount: quote.asset2Out.amount,
      slippage: 0,
    })
    const before = await venue.balance(user.addr, tkc.id)
    await RemoveLiquidity.v2.execute({ client: venue.algod, txGroup, signedTxns: await RemoveLiquidity.v2.signTxns({ txGroup, initiatorSigner: user.signer }) })
    expect((await venue.balance(user.addr, tkc.id)) - before).toBe(90_000_000n)
    pool = await venue.pool(pool.asset1ID, pool.asset2ID)
    expect([pool.asset1Reserves, pool.asset2Reserves, pool.issuedPoolTokens]).toEqual([0n, 0n, 0n])

    const asset1 = { id: pool.asset1ID, amount: 40_000_000n, decimals: 6 }
    const asset2 = { id: pool.asset2ID, amount: 10_000_000n, decimals: 6 }
    const again = AddLiquidity.v2.initial.getQuote({ pool, asset1, asset2, slippage: 0 })
    const addGroup = await AddLiquidity.v2.initial.generateTxns({
      client: venue.algod,
      pool,
      network: LOCAL_NETWORK,
      poolAddress: pool.account.address().toString(),
      asset1In: asset1,
      asset2In: asset2,
      poolTokenId: pool.poolTokenID!,
      initiatorAddr: user.addr.toString(),
    })
    const tokensBefore = await venue.balance(user.addr, pool.poolTokenID!)
    await AddLiquidity.v2.initial.execute({ client: venue.algod, pool, txGroup: addGroup, signedTxns: await AddLiquidity.v2.initial.signTxns({ txGroup: addGroup, initiatorSigner: user.signer }) })
    expect((await venue.balance(user.addr, pool.poolTokenID!)) - tokensBefore).toBe(again.poolTokenOut.amount)
  })
})

/** A swap's log lines ("name %i" ‖ uint64) by name. */
function swapLogs(logs: Uint8Array[]): Record<string, bigint> {
  return Object.fromEntries(
    logs.map((line) => {
      const text = new TextDecoder().decode(line.slice(0, line.length - 8))
      return [text.replace(/ %i$/, ''), new DataView(line.buffer, line.byteOffset + line.length - 8).getBigUint64(0)]
    }),
  )
}

async function optIn(asset: number): Promise<void> {
  venue.algorand.account.setSignerFromAccount({ addr: user.addr, sk: user.sk } as Account)
  await venue.algorand.send.assetOptIn({ sender: user.addr, assetId: BigInt(asset) })
}
