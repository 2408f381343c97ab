// Creating a Tinyman v2 pool without tinyman-js-sdk (the demo seed and the bench run where it is only a
// dev dependency): bootstrap (the creator funds the pool account, which opts into the validator rekeyed
// to it), the creator's opt-in to the pool token, and the first liquidity. The same transactions
// tinyman-js-sdk sends, by Tinyman's published protocol.
import algosdk, { LogicSigAccount, encodeUint64, getApplicationAddress } from 'algosdk'
import type { Address, Algodv2, TransactionSigner } from 'algosdk'
import { orderedPair } from './venue.ts'

/** Who creates the pool, where the validator lives. */
export interface TinymanSetupParams {
  algod: Algodv2
  sender: string | Address
  signer: TransactionSigner
  validatorAppId: bigint
}

const text = (s: string) => new TextEncoder().encode(s)
const TEMPLATE_HEAD = Uint8Array.from([0x06, 0x80, 0x18])
const TEMPLATE_TAIL = Uint8Array.from([0x81, 0x00, 0x5b, 0x35, 0x00, 0x34, 0x00, 0x31, 0x18, 0x12, 0x44, 0x31, 0x19, 0x81, 0x01, 0x12, 0x44, 0x81, 0x01, 0x43])
// the validator's local state: 12 uints and 2 byte slices
const LOCAL_INTS = 12n
const LOCAL_BYTES = 2n

function poolLogicSig(validatorAppId: bigint, asset1: bigint, asset2: bigint): LogicSigAccount {
  return new LogicSigAccount(new Uint8Array([...TEMPLATE_HEAD, ...encodeUint64(validatorAppId), ...encodeUint64(asset1), ...encodeUint64(asset2), ...TEMPLATE_TAIL]))
}

/**
 * The pool account's minimum balance after bootstrap (its own, the app opt-in's, each asset it holds)
 * plus the 100,000 µALGO it passes to the validator for the pool token it creates.
 */
export function tinymanBootstrapFunding(asset2: bigint): bigint {
  const assets = asset2 === 0n ? 2n : 3n
  return 100_000n + 100_000n + LOCAL_INTS * 28_500n + LOCAL_BYTES * 50_000n + assets * 100_000n + 100_000n
}

async function run(algod: Algodv2, txns: { txn: algosdk.Transaction; signer: TransactionSigner }[]): Promise<void> {
  const atc = new algosdk.AtomicTransactionComposer()
  for (const t of txns) atc.addTransaction(t)
  await atc.execute(algod, 4)
}

/**
 * Bootstraps the pool of (x, y) and adds its first liquidity: `rx` of x and `ry` of y. Returns the
 * pool's address and token. The creator receives the pool tokens (√(rx·ry) − 1,000).
 */
export async function createTinymanPool(params: TinymanSetupParams, x: bigint, y: bigint, rx: bigint, ry: bigint): Promise<{ address: string; poolTokenId: bigint }> {
  const { algod, sender, signer, validatorAppId } = params
  const [asset2, asset1] = orderedPair(x, y)
  const [r1, r2] = asset1 === x ? [rx, ry] : [ry, rx]
  const lsig = poolLogicSig(validatorAppId, asset1, asset2)
  const pool = lsig.address()
  const sp = await algod.getTransactionParams().do()
  const minFee = BigInt(sp.minFee)
  const flat = (fee: bigint) => ({ ...sp, flatFee: true, fee })
  // the funding pays the call's fee and its inner transactions' (payment, creation, opt-ins, supply)
  const inners = asset2 === 0n ? 5n : 6n
  await run(algod, [
    {
      txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver: pool, amount: tinymanBootstrapFunding(asset2), suggestedParams: flat(minFee * (2n + inners)) }),
      signer,
    },
    {
      txn: algosdk.makeApplicationOptInTxnFromObject({
        sender: pool,
        appIndex: validatorAppId,
        appArgs: [text('bootstrap')],
        foreignAssets: [asset1, asset2],
        rekeyTo: getApplicationAddress(validatorAppId),
        suggestedParams: flat(0n),
      }),
      signer: algosdk.makeLogicSigAccountTransactionSigner(lsig),
    },
  ])
  const local = await algod.accountApplicationInformation(pool, validatorAppId).do()
  const token = local.appLocalState?.keyValue?.find((kv) => new TextDecoder().decode(kv.key) === 'pool_token_asset_id')?.value.uint
  if (token === undefined) throw new Error('the bootstrapped pool has no pool token')
  const transfer = (asset: bigint, amount: bigint) =>
    asset === 0n
      ? algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver: pool, amount, suggestedParams: flat(minFee) })
      : algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender, receiver: pool, assetIndex: asset, amount, suggestedParams: flat(minFee) })
  await run(algod, [
    { txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender, receiver: sender, assetIndex: token, amount: 0n, suggestedParams: flat(minFee) }), signer },
    { txn: transfer(asset1, r1), signer },
    { txn: transfer(asset2, r2), signer },
    {
      txn: algosdk.makeApplicationNoOpTxnFromObject({
        sender,
        appIndex: validatorAppId,
        appArgs: [text('add_initial_liquidity')],
        accounts: [pool],
        foreignAssets: [token],
        suggestedParams: flat(minFee * 2n),
      }),
      signer,
    },
  ])
  return { address: pool.toString(), poolTokenId: token }
}
