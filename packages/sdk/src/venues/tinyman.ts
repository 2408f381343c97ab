// Tinyman v2 as a venue, from its published protocol (the same on mainnet, testnet and the localnet's
// Tinyman v2-compatible validator): a pool is the logic-sig account of (validator, asset 1, asset 2),
// asset 1 > asset 2, rekeyed to the validator; its state is that account's local state; a swap is a
// transfer to the pool followed by the call ("swap", "fixed-input" | "fixed-output", amount).
import { LogicSigAccount, encodeUint64, makeApplicationNoOpTxnFromObject } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import { MAX_UINT64 } from '../core/amount.ts'
import { BPS } from '../dex/amm.ts'
import { orderedPair, type HopQuote, type HopResult, type Venue, type VenuePool } from './venue.ts'

/** How the localnet's Tinyman v2-compatible validator is labelled wherever it shows. */
export const TINYMAN_LOCAL_LABEL = 'Tinyman v2-compatible (local)'
export { TINYMAN_V2_VALIDATOR_IDS } from './tinyman-ids.ts'

/** A Tinyman v2 pool's local state, under the protocol's key names. */
export interface TinymanPoolState {
  asset1Id: bigint
  asset2Id: bigint
  poolTokenId: bigint
  asset1Reserves: bigint
  asset2Reserves: bigint
  issuedPoolTokens: bigint
  totalFeeShare: bigint
  protocolFeeRatio: bigint
}

/** A Tinyman v2 pool as a venue pool, with its address and state. */
export interface TinymanPool extends VenuePool {
  venue: 'tinyman'
  address: string
  validatorAppId: bigint
  state: TinymanPoolState
}

// the pool logic-sig: version 6, a 24-byte constant (validator, asset 1, asset 2), then "the app id
// is the validator and the call is an OptIn", as @tinymanorg/tinyman-js-sdk ships it
const TEMPLATE_HEAD = Uint8Array.from([0x06, 0x80, 0x18])
const TEMPLATE_TAIL = Uint8Array.from([0x81, 0x00, 0x5b, 0x35, 0x00, 0x34, 0x00, 0x31, 0x18, 0x12, 0x44, 0x31, 0x19, 0x81, 0x01, 0x12, 0x44, 0x81, 0x01, 0x43])

/** The pool account of (x, y) under `validatorAppId`. */
export function tinymanPoolAddress(validatorAppId: bigint, x: bigint, y: bigint): string {
  const [asset2, asset1] = orderedPair(x, y)
  const program = new Uint8Array([...TEMPLATE_HEAD, ...encodeUint64(validatorAppId), ...encodeUint64(asset1), ...encodeUint64(asset2), ...TEMPLATE_TAIL])
  return new LogicSigAccount(program).address().toString()
}

const STATE_KEYS: Record<keyof TinymanPoolState, string> = {
  asset1Id: 'asset_1_id',
  asset2Id: 'asset_2_id',
  poolTokenId: 'pool_token_asset_id',
  asset1Reserves: 'asset_1_reserves',
  asset2Reserves: 'asset_2_reserves',
  issuedPoolTokens: 'issued_pool_tokens',
  totalFeeShare: 'total_fee_share',
  protocolFeeRatio: 'protocol_fee_ratio',
}

/** A pool's state from its local state (key → uint), or undefined when a key is missing. */
export function decodeTinymanState(uints: ReadonlyMap<string, bigint>): TinymanPoolState | undefined {
  const state = {} as TinymanPoolState
  for (const [field, key] of Object.entries(STATE_KEYS) as [keyof TinymanPoolState, string][]) {
    const value = uints.get(key)
    if (value === undefined) return undefined
    state[field] = value
  }
  return state
}

/** A pool in the venue shape. */
export function tinymanPool(address: string, validatorAppId: bigint, state: TinymanPoolState): TinymanPool {
  return {
    venue: 'tinyman',
    id: address,
    address,
    validatorAppId,
    // asset 2 < asset 1, so ascending is (asset 2, asset 1)
    assets: [state.asset2Id, state.asset1Id],
    reserves: [state.asset2Reserves, state.asset1Reserves],
    feeBps: state.totalFeeShare,
    state,
  }
}

function sides(pool: TinymanPool, assetIn: bigint) {
  const { state } = pool
  const oneIn = assetIn === state.asset1Id
  return {
    assetOut: oneIn ? state.asset2Id : state.asset1Id,
    rIn: oneIn ? state.asset1Reserves : state.asset2Reserves,
    rOut: oneIn ? state.asset2Reserves : state.asset1Reserves,
  }
}

function check(pool: TinymanPool, assetIn: bigint, amount: bigint): HopResult<TinymanPool> | undefined {
  if (assetIn !== pool.state.asset1Id && assetIn !== pool.state.asset2Id) return { ok: false, error: 'unknown-asset' }
  if (amount <= 0n) return { ok: false, error: 'zero-amount' }
  if (pool.state.issuedPoolTokens === 0n) return { ok: false, error: 'empty-pool' }
  if (amount > MAX_UINT64) return { ok: false, error: 'overflow' }
  return undefined
}

/**
 * Fixed input: the fee is ⌊x·share/10,000⌋ of the input, and what is left swaps with the output
 * rounded down (the pool keeps ⌊k/(rIn + swap)⌋ + 1). The program refuses a swap whose fee or
 * output is zero.
 */
export function tinymanQuoteExactIn(pool: TinymanPool, assetIn: bigint, amountIn: bigint): HopResult<TinymanPool> {
  const bad = check(pool, assetIn, amountIn)
  if (bad) return bad
  const { assetOut, rIn, rOut } = sides(pool, assetIn)
  const fee = (amountIn * pool.state.totalFeeShare) / BPS
  const swap = amountIn - fee
  const amountOut = rOut - ((rIn * rOut) / (rIn + swap) + 1n)
  if (fee === 0n || amountOut <= 0n) return { ok: false, error: 'zero-output' }
  return { ok: true, quote: { pool, kind: 'exact-in', assetIn, assetOut, amountIn, amountOut, fee } }
}

/**
 * Fixed output: the swap input is ⌊k/(rOut − out)⌋ + 1 − rIn (rounded up), and the whole input
 * ⌊swap·10,000/(10,000 − share)⌋, the fee being the difference. The program refuses a zero fee.
 */
export function tinymanQuoteExactOut(pool: TinymanPool, assetIn: bigint, amountOut: bigint): HopResult<TinymanPool> {
  const bad = check(pool, assetIn, amountOut)
  if (bad) return bad
  const { assetOut, rIn, rOut } = sides(pool, assetIn)
  if (amountOut >= rOut) return { ok: false, error: 'insufficient-liquidity' }
  const swap = (rIn * rOut) / (rOut - amountOut) + 1n - rIn
  const amountIn = (swap * BPS) / (BPS - pool.state.totalFeeShare)
  const fee = amountIn - swap
  if (fee === 0n) return { ok: false, error: 'zero-output' }
  if (amountIn > MAX_UINT64) return { ok: false, error: 'overflow' }
  return { ok: true, quote: { pool, kind: 'exact-out', assetIn, assetOut, amountIn, amountOut, fee } }
}

/** The pool after a quoted swap: the input side keeps all but the protocol's ⌊fee/ratio⌋, the output side pays out. */
export function tinymanAfter(quote: HopQuote<TinymanPool>): TinymanPool {
  const { pool, assetIn, amountIn, amountOut, fee } = quote
  const protocolFee = fee / pool.state.protocolFeeRatio
  const oneIn = assetIn === pool.state.asset1Id
  const inSide = amountIn - protocolFee
  const state: TinymanPoolState = {
    ...pool.state,
    asset1Reserves: pool.state.asset1Reserves + (oneIn ? inSide : -amountOut),
    asset2Reserves: pool.state.asset2Reserves + (oneIn ? -amountOut : inSide),
  }
  return tinymanPool(pool.address, pool.validatorAppId, state)
}

/** Where a Tinyman v2 validator lives and how to name it. */
export interface TinymanVenueParams {
  algod: Algodv2
  validatorAppId: bigint
  /** "Tinyman v2" on public networks; TINYMAN_LOCAL_LABEL on the localnet. */
  label: string
}

const text = (s: string) => new TextEncoder().encode(s)

/** A Tinyman v2 validator as a venue. */
export function tinymanVenue({ algod, validatorAppId, label }: TinymanVenueParams): Venue<TinymanPool> {
  return {
    name: 'tinyman',
    label,
    async findPools(x, y) {
      const address = tinymanPoolAddress(validatorAppId, x, y)
      // the account, not its local state of the validator: algod answers any address (an empty account
      // where no pool was bootstrapped), where a local state that does not exist is a 404, one in a
      // browser's console for every pair without a pool (a pool account holds a few assets at most)
      const account = await algod.accountInformation(address).do()
      const local = account.appsLocalState?.find((s) => s.id === validatorAppId)
      const uints = new Map((local?.keyValue ?? []).map((kv) => [new TextDecoder().decode(kv.key), kv.value.uint]))
      const state = decodeTinymanState(uints)
      return state ? [tinymanPool(address, validatorAppId, state)] : []
    },
    quoteExactIn: tinymanQuoteExactIn,
    quoteExactOut: tinymanQuoteExactOut,
    after: tinymanAfter,
    addHop(group, quote: HopQuote<TinymanPool>, limit) {
      const exactIn = quote.kind === 'exact-in'
      const { pool } = quote
      group.addTransfer(pool.address, quote.assetIn, exactIn ? quote.amountIn : limit)
      // the output, and for fixed output the change of what the maximum leaves over
      const suggestedParams = group.suggested(exactIn ? 1 : 2)
      // identical hops of two paths would otherwise share a transaction id
      const note = group.note()
      group.addTransaction(() =>
        makeApplicationNoOpTxnFromObject({
          sender: group.ctx.sender,
          appIndex: validatorAppId,
          appArgs: [text('swap'), text(exactIn ? 'fixed-input' : 'fixed-output'), encodeUint64(exactIn ? limit : quote.amountOut)],
          accounts: [pool.address],
          foreignAssets: [pool.state.asset1Id, pool.state.asset2Id],
          suggestedParams,
          note,
        }),
      )
    },
  }
}
