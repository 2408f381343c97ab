// Grove's Tinyman v2 quotes against @tinymanorg/tinyman-js-sdk's own direct-swap quotes, for seeded
// random pools and amounts: equal to the base unit. The SDK computes the fixed-input fee in floating
// point (⌊Number(x·share)/10,000⌋), exact while x·share < 2^53, so amounts stay below that; Grove's
// quote is the program's integer math at any size. The SDK also declines inputs below its own minimum
// (getV2MinSwapAssetInAmount, from a 0.3% fee whatever the pool's) that the program would accept.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import algosdk from 'algosdk'
import { Swap, getV2MinSwapAssetInAmount, type DirectSwapQuote, type V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { tinymanPool, tinymanQuoteExactIn, tinymanQuoteExactOut, type TinymanPool } from '../../src/venues/tinyman.ts'

const ASSET_1 = 2002
const ASSET_2 = 1001
const lsig = new algosdk.LogicSigAccount(new Uint8Array([0x06, 0x81, 0x01]))

/** The same pool for both: Grove's venue shape and the SDK's V2PoolInfo. */
function pools(r1: bigint, r2: bigint, share: bigint): { grove: TinymanPool; sdk: V2PoolInfo } {
  const grove = tinymanPool(lsig.address().toString(), 1n, {
    asset1Id: BigInt(ASSET_1),
    asset2Id: BigInt(ASSET_2),
    poolTokenId: 3003n,
    asset1Reserves: r1,
    asset2Reserves: r2,
    issuedPoolTokens: 1_000_000n,
    totalFeeShare: share,
    protocolFeeRatio: 6n,
  })
  const sdk = {
    account: lsig,
    validatorAppID: 1,
    asset1ID: ASSET_1,
    asset2ID: ASSET_2,
    status: 'ready',
    contractVersion: 'v2',
    asset1Reserves: r1,
    asset2Reserves: r2,
    issuedPoolTokens: 1_000_000n,
    totalFeeShare: share,
    protocolFeeRatio: 6,
    poolTokenID: 3003,
  } as unknown as V2PoolInfo
  return { grove, sdk }
}

const reserve = fc.bigInt({ min: 1_000n, max: 10n ** 15n })
const share = fc.bigInt({ min: 1n, max: 100n })
const side = fc.constantFrom(1, 2)
const decimals = { id: 0, decimals: 6 }
const RUNS = 2_000
/** The least input the SDK quotes. */
const MIN_IN = getV2MinSwapAssetInAmount()

describe('Tinyman v2 quotes equal tinyman-js-sdk', () => {
  it('fixed input: the output, for any pool and amount the SDK quotes', () => {
    let compared = 0
    fc.assert(
      fc.property(reserve, reserve, share, side, fc.bigInt({ min: 1n, max: 2n ** 46n }), (r1, r2, fee, inSide, amount) => {
        const { grove, sdk } = pools(r1, r2, fee)
        const [assetIn, assetOut] = inSide === 1 ? [ASSET_1, ASSET_2] : [ASSET_2, ASSET_1]
        let expected: DirectSwapQuote | undefined
        try {
          expected = Swap.v2.getFixedInputDirectSwapQuote({ pool: sdk, amount, assetIn: { ...decimals, id: assetIn }, assetOut: { ...decimals, id: assetOut } })
        } catch {
          expected = undefined
        }
        const ours = tinymanQuoteExactIn(grove, BigInt(assetIn), amount)
        if (ours.ok && expected) {
          compared++
          expect(expected.assetOutAmount).toBe(ours.quote.amountOut)
          expect(BigInt(expected.swapFee)).toBe(ours.quote.fee)
        } else if (ours.ok) {
          expect(amount < BigInt(MIN_IN)).toBe(true)
        } else if (expected) {
          // the SDK quotes what the program refuses only as an output of zero or less, or a zero fee
          expect(expected.assetOutAmount <= 0n || expected.swapFee === 0).toBe(true)
        }
      }),
      { seed: 30, numRuns: RUNS },
    )
    expect(compared).toBeGreaterThan(RUNS * 0.75)
  })

  it('fixed output: the input, for any pool and amount the SDK quotes', () => {
    let compared = 0
    fc.assert(
      // the output as millionths of its reserve, so most draws are outputs the pool can give
      fc.property(reserve, reserve, share, side, fc.bigInt({ min: 1n, max: 1_000_000n }), (r1, r2, fee, inSide, millionths) => {
        const { grove, sdk } = pools(r1, r2, fee)
        const [assetIn, assetOut] = inSide === 1 ? [ASSET_1, ASSET_2] : [ASSET_2, ASSET_1]
        const rOut = inSide === 1 ? r2 : r1
        const amount = (rOut * millionths) / 1_000_000n || 1n
        const ours = tinymanQuoteExactOut(grove, BigInt(assetIn), amount)
        let expected: DirectSwapQuote | undefined
        try {
          const quote = Swap.v2.getFixedOutputDirectSwapQuote({ pool: sdk, amount, assetIn: { ...decimals, id: assetIn }, assetOut: { ...decimals, id: assetOut } })
          expected = (quote.data as { quote: DirectSwapQuote }).quote
        } catch {
          expected = undefined
        }
        // past 2^53 the SDK's ⌊Number(swap·10,000/(10,000 − share))⌋ rounds; the program's integer does not
        if (ours.ok && ours.quote.amountIn >= 2n ** 53n) return
        if (ours.ok && expected) {
          compared++
          expect(expected.assetInAmount).toBe(ours.quote.amountIn)
          expect(expected.assetOutAmount).toBe(amount)
        } else if (ours.ok) {
          expect(ours.quote.amountIn < BigInt(MIN_IN)).toBe(true)
        } else {
          // the program refuses an output the pool cannot give (the SDK too) or a zero fee
          expect(ours.error === 'insufficient-liquidity' ? expected : 'refused').toBe(ours.error === 'insufficient-liquidity' ? undefined : 'refused')
        }
      }),
      { seed: 30, numRuns: RUNS },
    )
    expect(compared).toBeGreaterThan(RUNS * 0.6)
  })
})
