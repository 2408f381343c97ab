// Hostile groups against the Tinyman v2-compatible (local) venue, built by hand in the SDK's shapes:
// each is refused with its error code and nothing moved (the attacker's and both pools' balances, and
// both pools' state, equal before and after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk, { type Transaction } from 'algosdk'
import type { V2PoolInfo } from '@tinymanorg/tinyman-js-sdk'
import { bootstrapPool, provideValidatorId, startVenue, venueErrorOf, type TestAsset, type Trader, type Venue } from './tinyman-venue.ts'

let venue: Venue
let undo: () => void
let user: Trader
let tka: TestAsset
let tkb: TestAsset
let tkc: TestAsset
/** tka/tkb */
let poolAB: V2PoolInfo
/** tka/ALGO */
let poolA0: V2PoolInfo
const ALGO: TestAsset = { id: 0, unit_name: 'ALGO', decimals: 6 }
const FEE = 1000n

beforeAll(async () => {
  venue = await startVenue()
  undo = provideValidatorId(venue.appId)
  user = await venue.trader(1_000_000_000n)
  tka = await venue.asset(user, 'TKA')
  tkb = await venue.asset(user, 'TKB')
  tkc = await venue.asset(user, 'TKC')
  poolAB = await bootstrapPool(venue, user, tka, tkb, 1_000_000_000n, 400_000_000n)
  poolA0 = await bootstrapPool(venue, user, tka, ALGO, 500_000_000n, 200_000_000n)
}, 120_000)

afterAll(async () => {
  undo?.()
  await venue?.stop()
})

const addressOf = (pool: V2PoolInfo) => pool.account.address().toString()

/** A transfer of `amount` of `asset` (0 = ALGO) from the user to `receiver`. */
async function transfer(receiver: string, asset: number, amount: bigint): Promise<Transaction> {
  const suggestedParams = await venue.algod.getTransactionParams().do()
  const sender = user.addr
  return asset === 0
    ? algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver, amount, suggestedParams })
    : algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender, receiver, assetIndex: asset, amount, suggestedParams })
}

/** A call of the venue as the SDK makes it: string arguments, the pool as accounts[1], `innerTxns` paid by its fee. */
async function call(args: (string | bigint)[], pool: string, assets: number[], innerTxns: number): Promise<Transaction> {
  const suggestedParams = await venue.algod.getTransactionParams().do()
  const txn = algosdk.makeApplicationNoOpTxnFromObject({
    sender: user.addr,
    appIndex: venue.appId,
    appArgs: args.map((a) => (typeof a === 'string' ? new TextEncoder().encode(a) : algosdk.encodeUint64(a))),
    accounts: [pool],
    foreignAssets: assets,
    suggestedParams,
  })
  txn.fee = FEE * BigInt(1 + innerTxns)
  return txn
}

/** The pool logic-sig of (validator, a1, a2), as tinyman-js-sdk's template makes it. */
function poolLogicSig(a1: number, a2: number): algosdk.LogicSigAccount {
  const head = [0x06, 0x80, 0x18]
  const tail = [0x81, 0x00, 0x5b, 0x35, 0x00, 0x34, 0x00, 0x31, 0x18, 0x12, 0x44, 0x31, 0x19, 0x81, 0x01, 0x12, 0x44, 0x81, 0x01, 0x43]
  const ids = [venue.appId, BigInt(a1), BigInt(a2)].flatMap((id) => [...algosdk.encodeUint64(id)])
  return new algosdk.LogicSigAccount(new Uint8Array([...head, ...ids, ...tail]))
}

/** A bootstrap OptIn from `sender` for assets [a1, a2], rekeyed to the validator when `rekey`. */
async function bootstrapCall(sender: string, a1: number, a2: number, rekey: boolean): Promise<Transaction> {
  const suggestedParams = await venue.algod.getTransactionParams().do()
  const txn = algosdk.makeApplicationOptInTxnFromObject({
    sender,
    appIndex: venue.appId,
    appArgs: [new TextEncoder().encode('bootstrap')],
    foreignAssets: [a1, a2],
    rekeyTo: rekey ? algosdk.getApplicationAddress(venue.appId) : undefined,
    suggestedParams,
  })
  txn.fee = FEE * 7n
  return txn
}

/** Everything the attacks could move: the user's and both pools' holdings and both pools' state. */
async function snapshot() {
  const assets = [0, tka.id, tkb.id, tkc.id, poolAB.poolTokenID!, poolA0.poolTokenID!]
  const holders = [user.addr.toString(), addressOf(poolAB), addressOf(poolA0)]
  const balances = await Promise.all(holders.flatMap((h) => assets.map((a) => venue.balance(h, a))))
  const pools = await Promise.all([venue.pool(poolAB.asset1ID, poolAB.asset2ID), venue.pool(poolA0.asset1ID, poolA0.asset2ID)])
  return { balances, pools: pools.map(({ account: _account, ...state }) => state) }
}

/** Sends `txns` as one group signed by the user; returns the venue's error code, failing the test if it is accepted. */
async function refusal(txns: Transaction[]): Promise<string> {
  const grouped = algosdk.assignGroupID(txns)
  const signed = grouped.map((t) => t.signTxn(user.sk))
  const error = await venue.sendGroup(signed).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'the group was expected to be refused').toBeInstanceOf(Error)
  return venueErrorOf(error)
}

describe('hostile groups against the Tinyman v2-compatible (local) venue', () => {
  const cases: [string, () => Promise<Transaction[]>, string][] = [
    [
      'a swap whose input goes to one pool while the call names another (wrong pool)',
      async () => [await transfer(addressOf(poolAB), tka.id, 1_000_000n), await call(['swap', 'fixed-input', 1n], addressOf(poolA0), [tka.id, 0], 1)],
      'ERR:BAD_RECEIVER',
    ],
    [
      'a swap naming an account that is no pool',
      async () => [await transfer(user.addr.toString(), tka.id, 1_000_000n), await call(['swap', 'fixed-input', 1n], user.addr.toString(), [tka.id, tkb.id], 1)],
      'ERR:NO_POOL',
    ],
    [
      "a swap paying in the pool's own pool token (wrong asset)",
      async () => [await transfer(addressOf(poolAB), poolAB.poolTokenID!, 1_000_000n), await call(['swap', 'fixed-input', 1n], addressOf(poolAB), [tka.id, tkb.id], 1)],
      'ERR:BAD_INPUT_ASSET',
    ],
    [
      'a fixed-input swap asking one unit more than the pool gives (slippage)',
      async () => {
        // what 1,000,000 TKA buys: fee ⌊x·30/10000⌋, then ⌊k/(rIn + swap)⌋ + 1 left in the pool
        const x = 1_000_000n
        const swap = x - (x * 30n) / 10_000n
        const [rIn, rOut] = poolAB.asset1ID === tka.id ? [poolAB.asset1Reserves!, poolAB.asset2Reserves!] : [poolAB.asset2Reserves!, poolAB.asset1Reserves!]
        const out = rOut - ((rIn * rOut) / (rIn + swap) + 1n)
        return [await transfer(addressOf(poolAB), tka.id, x), await call(['swap', 'fixed-input', out + 1n], addressOf(poolAB), [tka.id, tkb.id], 1)]
      },
      'ERR:SLIPPAGE',
    ],
    [
      'a fixed-output swap paying less than the input it needs (slippage)',
      async () => {
        // the TKB out that costs one unit more than the TKA paid in (before the fee, which only adds)
        const x = 1_000_000n
        const [rIn, rOut] = poolAB.asset1ID === tka.id ? [poolAB.asset1Reserves!, poolAB.asset2Reserves!] : [poolAB.asset2Reserves!, poolAB.asset1Reserves!]
        const out = rOut - (rIn * rOut) / (rIn + x)
        return [await transfer(addressOf(poolAB), tka.id, x), await call(['swap', 'fixed-output', out], addressOf(poolAB), [tka.id, tkb.id], 2)]
      },
      'ERR:SLIPPAGE',
    ],
    [
      'a burn that names another asset as the second one paid out (the Tinyman v1 class)',
      async () => [
        await transfer(addressOf(poolAB), poolAB.poolTokenID!, 1_000_000n),
        await call(['remove_liquidity', 0n, 0n], addressOf(poolAB), [poolAB.asset1ID, tkc.id], 2),
      ],
      'ERR:BAD_ASSETS',
    ],
    [
      "a burn that names the pool token as its second asset",
      async () => [
        await transfer(addressOf(poolAB), poolAB.poolTokenID!, 1_000_000n),
        await call(['remove_liquidity', 0n, 0n], addressOf(poolAB), [poolAB.asset1ID, poolAB.poolTokenID!], 2),
      ],
      'ERR:BAD_ASSETS',
    ],
    [
      "a burn paying in one of the pool's assets instead of its pool token",
      async () => [
        await transfer(addressOf(poolA0), tka.id, 1_000_000n),
        await call(['remove_liquidity', 0n, 0n], addressOf(poolA0), [poolA0.asset1ID, poolA0.asset2ID], 2),
      ],
      'ERR:BAD_INPUT_ASSET',
    ],
    [
      'one input offered to two swaps (the second reads the first call where its transfer should be)',
      async () => [
        await transfer(addressOf(poolAB), tka.id, 1_000_000n),
        await call(['swap', 'fixed-input', 1n], addressOf(poolAB), [tka.id, tkb.id], 1),
        // a different minimum keeps the two calls distinct transactions
        await call(['swap', 'fixed-input', 2n], addressOf(poolAB), [tka.id, tkb.id], 1),
      ],
      'ERR:BAD_INPUT_TYPE',
    ],
    [
      "a flexible add's second transfer offered again to a single-asset add",
      async () => [
        await transfer(addressOf(poolAB), poolAB.asset1ID, 1_000_000n),
        await transfer(addressOf(poolAB), poolAB.asset2ID, 400_000n),
        await call(['add_liquidity', 'flexible', 1n], addressOf(poolAB), [poolAB.poolTokenID!], 2),
        await call(['add_liquidity', 'single', 1n], addressOf(poolAB), [poolAB.poolTokenID!], 2),
      ],
      'ERR:BAD_INPUT_TYPE',
    ],
  ]

  cases.push(
    [
      'a burn asking one unit more of asset 1 than its share (slippage)',
      async () => {
        const burned = 1_000_000n
        const out1 = (burned * poolAB.asset1Reserves!) / poolAB.issuedPoolTokens!
        return [
          await transfer(addressOf(poolAB), poolAB.poolTokenID!, burned),
          await call(['remove_liquidity', out1 + 1n, 0n], addressOf(poolAB), [poolAB.asset1ID, poolAB.asset2ID], 2),
        ]
      },
      'ERR:SLIPPAGE',
    ],
    [
      'an add asking more pool tokens than it earns (slippage)',
      async () => [
        await transfer(addressOf(poolAB), poolAB.asset1ID, 1_000_000n),
        await transfer(addressOf(poolAB), poolAB.asset2ID, 400_000n),
        await call(['add_liquidity', 'flexible', 10n ** 12n], addressOf(poolAB), [poolAB.poolTokenID!], 2),
      ],
      'ERR:SLIPPAGE',
    ],
    [
      'a second initial liquidity into a pool that has some',
      async () => [
        await transfer(addressOf(poolAB), poolAB.asset1ID, 1_000_000n),
        await transfer(addressOf(poolAB), poolAB.asset2ID, 400_000n),
        await call(['add_initial_liquidity'], addressOf(poolAB), [poolAB.poolTokenID!], 1),
      ],
      'ERR:NOT_EMPTY',
    ],
    [
      'a flash loan (not implemented by the local venue)',
      async () => [await call(['flash_loan', 2n, 1n, 0n], addressOf(poolAB), [poolAB.asset1ID, poolAB.asset2ID], 1)],
      'ERR:UNSUPPORTED',
    ],
    [
      'a bootstrap from an ordinary account rekeyed to the validator (not the pool logic-sig)',
      async () => [await bootstrapCall(user.addr.toString(), tkc.id, tka.id, true)],
      'ERR:NOT_A_POOL',
    ],
    [
      'a bootstrap naming its assets in the wrong order',
      async () => [await bootstrapCall(user.addr.toString(), Math.min(tka.id, tkc.id), Math.max(tka.id, tkc.id), true)],
      'ERR:ASSET_ORDER',
    ],
  )

  it("refuses the pool logic-sig's bootstrap when it is not rekeyed to the validator, moving nothing", async () => {
    const [a1, a2] = [Math.max(tkb.id, tkc.id), Math.min(tkb.id, tkc.id)]
    const lsig = poolLogicSig(a1, a2)
    const pool = lsig.address().toString()
    const txns = algosdk.assignGroupID([await transfer(pool, 0, 2_000_000n), await bootstrapCall(pool, a1, a2, false)])
    const before = await snapshot()
    const error = await venue.sendGroup([txns[0]!.signTxn(user.sk), algosdk.signLogicSigTransactionObject(txns[1]!, lsig).blob]).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(venueErrorOf(error)).toBe('ERR:NOT_REKEYED')
    expect(await snapshot()).toEqual(before)
    expect(await venue.balance(pool, 0)).toBe(0n)
  })

  it.each(cases)('refuses %s, moving nothing', async (_what, build, code) => {
    const txns = await build()
    const before = await snapshot()
    expect(await refusal(txns)).toBe(code)
    expect(await snapshot()).toEqual(before)
  })
})
