// Assets whose issuer keeps powers (freeze, default-frozen) and the first-deposit price bound, on the
// localnet: each failure reaches the user as a sentence, not an inner-transaction error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import { getApplicationAddress } from 'algosdk'
import { addLiquidity, firstAddMinLp } from '../src/dex/amm.ts'
import { CONTRACT_ERROR_MESSAGES } from '../src/errors.ts'
import { explainError, grovePrograms } from '../src/index.ts'
import { FIRST_ADD_NEEDS_MIN_LP, buildAddLiquidity, buildCreatePool, buildRemoveLiquidity, buildSwapExactIn } from '../src/dex/transactions.ts'
import { startGrove } from './fixture.ts'
import type { Grove } from './fixture.ts'

let grove: Grove

beforeAll(async () => {
  grove = await startGrove()
}, 120_000)

afterAll(async () => {
  await grove?.stop()
})

/** A new asset the trader issues, with the trader as freeze address when asked. */
const issue = async (unitName: string, options: { freeze?: boolean; defaultFrozen?: boolean } = {}) =>
  (
    await grove.algorand.send.assetCreate({
      sender: grove.trader.addr,
      total: 10n ** 15n,
      decimals: 6,
      unitName,
      assetName: unitName,
      freeze: options.freeze || options.defaultFrozen ? grove.trader.addr : undefined,
      defaultFrozen: options.defaultFrozen,
    })
  ).assetId

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the group was expected to be rejected')
    },
    (e: unknown) => explainError(e, grovePrograms()),
  )

describe('first add', () => {
  it('is refused by the SDK with minLp = 0, before anything is signed', async () => {
    const asset = await issue('FIRST')
    await grove.send(await buildCreatePool(grove.ctx, 0n, asset))
    const empty = await grove.pool(0n, asset)
    await expect(buildAddLiquidity(grove.ctx, empty, 1_000_000n, 5_000_000n, 0n)).rejects.toThrow(FIRST_ADD_NEEDS_MIN_LP)
    expect(await grove.pool(0n, asset)).toEqual(empty)
  })

  it('takes its minimum LP from the intended price, so an add someone made first at another price is refused', async () => {
    const asset = await issue('FRONT')
    await grove.send(await buildCreatePool(grove.ctx, 0n, asset))
    const empty = await grove.pool(0n, asset)
    const [amountA, amountB] = [100_000_000n, 500_000_000n]
    const minLp = firstAddMinLp(amountA, amountB, 50n)
    expect(minLp).toBe(((addLiquidity(empty, amountA, amountB) as { lp: bigint }).lp * 9950n) / 10_000n)
    // built while the pool is empty, sent after another account opened it at 1:50 instead of 1:5
    const mine = await buildAddLiquidity(grove.ctx, empty, amountA, amountB, minLp)
    const other = grove.algorand.account.random()
    await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: other.addr, amount: microAlgo(10_000_000n) })
    await grove.algorand.send.assetOptIn({ sender: other.addr, assetId: asset })
    await grove.algorand.send.assetTransfer({ sender: grove.trader.addr, receiver: other.addr, assetId: asset, amount: 100_000_000n })
    const theirs = await buildAddLiquidity({ ...grove.ctx, sender: other.addr, signer: other.signer }, empty, 2_000_000n, 100_000_000n, firstAddMinLp(2_000_000n, 100_000_000n, 50n))
    await grove.send(theirs)
    const opened = await grove.pool(0n, asset)
    expect(await rejection(grove.send(mine))).toMatchObject({ code: 'ERR:SLIPPAGE' })
    expect(await grove.pool(0n, asset)).toEqual(opened)
  })
})

describe('issuer powers', () => {
  it('refuses a pool of a default-frozen asset with a sentence', async () => {
    const asset = await issue('DFRZ', { defaultFrozen: true })
    const error = await rejection(grove.send(await buildCreatePool(grove.ctx, 0n, asset)))
    expect(error).toMatchObject({ code: 'ERR:DEFAULT_FROZEN', message: CONTRACT_ERROR_MESSAGES['ERR:DEFAULT_FROZEN'] })
    expect(error.message).toMatch(/frozen by default/)
  })

  it('says that the pool is frozen when the issuer freezes the app’s holding, whichever way the trade goes', async () => {
    const asset = await issue('FRZ', { freeze: true })
    await grove.send(await buildCreatePool(grove.ctx, 0n, asset))
    await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(0n, asset), 100_000_000n, 100_000_000n, firstAddMinLp(100_000_000n, 100_000_000n, 50n)))
    const dexAddress = getApplicationAddress(grove.dexAppId)
    await grove.algorand.send.assetFreeze({ sender: grove.trader.addr, assetId: asset, account: dexAddress, frozen: true })
    const pool = await grove.pool(0n, asset)

    // paying the frozen asset out: the contract's own check
    const buy = await rejection(grove.send(await buildSwapExactIn(grove.ctx, 0n, asset, 1_000_000n, 1n)))
    expect(buy).toMatchObject({ kind: 'contract', code: 'ERR:FROZEN', message: CONTRACT_ERROR_MESSAGES['ERR:FROZEN'] })
    expect(buy.message).toMatch(/frozen the pool’s holding/)
    const remove = await rejection(grove.send(await buildRemoveLiquidity(grove.ctx, pool, 1_000_000n, 0n, 0n)))
    expect(remove).toMatchObject({ code: 'ERR:FROZEN' })
    // paying it in: the ledger refuses the deposit before the app runs, and says so in its own words
    const sell = await rejection(grove.send(await buildSwapExactIn(grove.ctx, asset, 0n, 1_000_000n, 1n)))
    expect(sell).toMatchObject({ kind: 'frozen' })
    expect(sell.message).toMatch(/issuer has frozen the receiving holding/)
    expect(await grove.pool(0n, asset)).toEqual(pool)

    await grove.algorand.send.assetFreeze({ sender: grove.trader.addr, assetId: asset, account: dexAddress, frozen: false })
    await grove.send(await buildSwapExactIn(grove.ctx, 0n, asset, 1_000_000n, 1n))
  })
})
