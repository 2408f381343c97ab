// Tinyman v2's own programs from the checkout GROVE_TINYMAN_DIR names (skipped when it is not set: CI has
// no checkout and none is committed). The localnet's assembly equals the bytecode the checkout publishes,
// the real validator is deployed and bootstraps the demo pools, and tinyman-js-sdk's own swaps (fixed
// input and fixed output) on it move exactly its quotes, which Grove's Tinyman venue quotes alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AddLiquidity, RemoveLiquidity, Swap, SwapQuoteType, SwapType, poolUtils, type DirectSwapQuote, type InitiatorSigner, type SupportedNetwork, type V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import algosdk from 'algosdk'
import { TINYMAN_CHECKOUT_FILES, TINYMAN_DIR_VARIABLE, loadTinymanCheckout, type TinymanCheckoutPrograms } from '../src/tinyman-checkout.ts'
import { demoVenues, seedTinyman, type TinymanSeedResult } from '../src/tinyman.ts'
import { startWithTinymanTokens, type TokensOnLocalnet } from './tinyman-localnet.ts'

const dir = process.env[TINYMAN_DIR_VARIABLE]
// tinyman-js-sdk looks validator ids up in a per-network object; this name answers for the localnet's
const NETWORK = 'grove-localnet-tinyman-v2' as SupportedNetwork

describe.skipIf(!dir)(`Tinyman v2's own programs from ${TINYMAN_DIR_VARIABLE}${dir ? '' : ` (skipped: ${TINYMAN_DIR_VARIABLE} is not set to a checkout of tinyman-amm-contracts-v2)`}`, () => {
  let programs: TinymanCheckoutPrograms
  let chain: TokensOnLocalnet
  let seeded: TinymanSeedResult
  let gusd: bigint
  // a trader holding ALGO and gUSD, with its key for tinyman-js-sdk's signer
  const account = algosdk.generateAccount()
  const signer: InitiatorSigner = async (groups) => groups.flat().map((t) => t.txn.signTxn(account.sk))
  const balance = async (asset: bigint) =>
    asset === 0n
      ? (await chain.algorand.client.algod.accountInformation(account.addr).do()).amount
      : ((await chain.algorand.client.algod.accountAssetInformation(account.addr, asset).do()).assetHolding?.amount ?? 0n)
  const pool = (): Promise<V2PoolInfo> => poolUtils.v2.getPoolInfo({ client: chain.algorand.client.algod, network: NETWORK, asset1ID: Number(gusd), asset2ID: 0 })

  beforeAll(async () => {
    programs = loadTinymanCheckout(dir!)
    chain = await startWithTinymanTokens()
    seeded = await seedTinyman({ algorand: chain.algorand, admin: chain.admin, tokens: chain.tokens, checkout: programs })
    Object.defineProperty(Object.prototype, NETWORK, { value: Number(seeded.validatorAppId), configurable: true, enumerable: false, writable: false })
    const { algorand, admin } = chain
    gusd = chain.tokens.find((t) => t.unitName === 'gUSD')!.assetId
    await algorand.send.payment({ sender: admin.addr, receiver: account.addr, amount: microAlgo(100_000_000_000n), suppressLog: true })
    algorand.account.setSignerFromAccount(account)
    await algorand.send.assetOptIn({ sender: account.addr, assetId: gusd, suppressLog: true })
  }, 180_000)
  afterAll(async () => {
    delete (Object.prototype as Record<string, unknown>)[NETWORK]
    await chain?.net.stop()
  })

  it('assembles the validator and the pool template byte for byte as the checkout publishes them', () => {
    expect(programs.matchedPublished).toEqual(Object.values(TINYMAN_CHECKOUT_FILES))
    console.info(`assembled ${Object.values(TINYMAN_CHECKOUT_FILES).map((f, i) => `${f} (${[programs.approval, programs.clear, programs.poolTemplate][i]!.length} bytes)`).join(', ')}: equal to the published .teal.tok`)
  })

  it('runs the real validator, created by the seed with its fee roles, holding the demo pools', async () => {
    const { algod } = chain.algorand.client
    const params = (await algod.getApplicationByID(seeded.validatorAppId).do()).params!
    expect(Buffer.from(params.approvalProgram)).toEqual(Buffer.from(programs.approval))
    const roles = Object.fromEntries((params.globalState ?? []).map((kv) => [Buffer.from(kv.key).toString(), algosdk.encodeAddress(kv.value.bytes)]))
    expect(roles).toEqual({ fee_setter: chain.admin.addr.toString(), fee_collector: chain.admin.addr.toString(), fee_manager: chain.admin.addr.toString() })
    expect(seeded.pools.length).toBe(4)
  })

  it.each([
    ['fixed input, ALGO → gUSD', SwapType.FixedInput, 25_000_000_000n],
    ['fixed output, ALGO → gUSD', SwapType.FixedOutput, 3_000_000_000n],
  ])('swaps %s through tinyman-js-sdk for exactly its quote, which Grove’s venue quotes alike', async (name, type, amount) => {
    const { algod } = chain.algorand.client
    const info = await pool()
    const assetIn = { id: 0, decimals: 6 }
    const assetOut = { id: Number(gusd), decimals: 6 }
    const quote =
      type === SwapType.FixedInput
        ? Swap.v2.getFixedInputDirectSwapQuote({ pool: info, amount, assetIn, assetOut })
        : (Swap.v2.getFixedOutputDirectSwapQuote({ pool: info, amount, assetIn, assetOut }).data as { quote: DirectSwapQuote }).quote
    const [, tinyman] = demoVenues(algod, { dexAppId: 1n, registryAppId: 1n, tinymanAppId: seeded.validatorAppId, tinymanPrograms: seeded.programs })
    const [venuePool] = await tinyman!.findPools(0n, gusd)
    const hop = type === SwapType.FixedInput ? tinyman!.quoteExactIn(venuePool!, 0n, amount) : tinyman!.quoteExactOut(venuePool!, 0n, amount)
    const grove = hop.ok ? hop.quote : undefined

    const before = [await balance(0n), await balance(gusd)]
    const txGroup = await Swap.v2.generateTxns({ client: algod, network: NETWORK, quote: { type: SwapQuoteType.Direct, data: { pool: info, quote } }, swapType: type, slippage: 0, initiatorAddr: account.addr.toString() })
    const signedTxns = await Swap.v2.signTxns({ txGroup, initiatorSigner: signer })
    await Swap.v2.execute({ client: algod, quote: { type: SwapQuoteType.Direct, data: { pool: info, quote } }, txGroup, signedTxns })
    const fees = txGroup.reduce((sum, t) => sum + t.txn.fee, 0n)
    const paid = before[0]! - (await balance(0n)) - fees
    const got = (await balance(gusd)) - before[1]!
    console.info(`${name} on the real validator (app ${seeded.validatorAppId}): tinyman-js-sdk quotes in ${quote.assetInAmount} µALGO → out ${quote.assetOutAmount} gUSD units; Grove's venue quotes in ${grove?.amountIn} → out ${grove?.amountOut}; the chain moved in ${paid} → out ${got} (fees ${fees} µALGO)`)
    expect([paid, got]).toEqual([quote.assetInAmount, quote.assetOutAmount])
    expect([grove?.amountIn, grove?.amountOut]).toEqual([quote.assetInAmount, quote.assetOutAmount])
  })

  it('adds liquidity off the pool ratio and removes it through tinyman-js-sdk, pool tokens and assets equal to its quotes', async () => {
    const { algod } = chain.algorand.client
    const before = await pool()
    chain.algorand.account.setSignerFromAccount(account)
    await chain.algorand.send.assetOptIn({ sender: account.addr, assetId: BigInt(before.poolTokenID!), suppressLog: true })
    const asset1 = { id: before.asset1ID, amount: 1_000_000_000n, decimals: 6 }
    const asset2 = { id: 0, amount: 3_000_000_000n, decimals: 6 }
    const added = AddLiquidity.v2.flexible.getQuote({ pool: before, asset1, asset2, slippage: 0 })
    const addGroup = await AddLiquidity.v2.flexible.generateTxns({
      client: algod,
      network: NETWORK,
      poolAddress: before.account.address().toString(),
      asset1In: asset1,
      asset2In: asset2,
      poolTokenOut: { id: before.poolTokenID!, amount: added.poolTokenOut.amount },
      initiatorAddr: account.addr.toString(),
      minPoolTokenAssetAmount: added.minPoolTokenAssetAmountWithSlippage,
    })
    await AddLiquidity.v2.flexible.execute({ client: algod, pool: before, txGroup: addGroup, signedTxns: await AddLiquidity.v2.flexible.signTxns({ txGroup: addGroup, initiatorSigner: signer }) })
    const poolToken = BigInt(before.poolTokenID!)
    expect(await balance(poolToken)).toBe(added.poolTokenOut.amount)

    const mid = await pool()
    const reserves = { asset1: mid.asset1Reserves!, asset2: mid.asset2Reserves!, issuedLiquidity: mid.issuedPoolTokens!, round: 0n }
    const poolTokenIn = added.poolTokenOut.amount
    const removed = RemoveLiquidity.v2.getQuote({ pool: mid, reserves, poolTokenIn })
    const removeGroup = await RemoveLiquidity.v2.generateTxns({
      client: algod,
      pool: mid,
      poolTokenIn,
      initiatorAddr: account.addr.toString(),
      minAsset1Amount: removed.asset1Out.amount,
      minAsset2Amount: removed.asset2Out.amount,
      slippage: 0,
    })
    const [algoBefore, gusdBefore] = [await balance(0n), await balance(gusd)]
    await RemoveLiquidity.v2.execute({ client: algod, txGroup: removeGroup, signedTxns: await RemoveLiquidity.v2.signTxns({ txGroup: removeGroup, initiatorSigner: signer }) })
    const fees = removeGroup.reduce((sum, t) => sum + t.txn.fee, 0n)
    const got = [(await balance(gusd)) - gusdBefore, (await balance(0n)) - algoBefore + fees]
    console.info(`flexible add of 1,000 gUSD + 3,000 ALGO on the real validator: tinyman-js-sdk quotes ${added.poolTokenOut.amount} pool tokens, received ${poolTokenIn}; removing them: quoted ${removed.asset1Out.amount} gUSD units + ${removed.asset2Out.amount} µALGO, received ${got[0]} + ${got[1]}`)
    expect(await balance(poolToken)).toBe(0n)
    expect(got).toEqual([removed.asset1Out.amount, removed.asset2Out.amount])
  })
})
