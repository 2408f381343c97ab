// The Stable app's flash loan through the SDK on a localnet: buildStableFlashLoan (the 'flash-loan'
// action) lends and takes the loan plus its fee back in one group at the fee it predicts (start + verify
// 3,000 µALGO for one side), the FlashLoan event decodes, the fee waits off the curve for the LPs, and a
// swap on the lent pool between start and verify is explained as ERR:FLASH_LOCKED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import { getApplicationAddress } from 'algosdk'
import { startGrove, type Grove } from '../fixture.ts'
import { stableContract } from '../../src/stable/module.ts'
import { STABLE_SPEC, stableCall } from '../../src/stable/spec.ts'
import { stableBoxName } from '../../src/stable/boxes.ts'
import { stableFlashLoanRepayment } from '../../src/stable/flash.ts'
import { CONTRACT_ERRORS } from '../../src/errors.ts'
import type { StablePoolState } from '../../src/stable/math.ts'

const TIER = 30n

let grove: Grove
let a: bigint
let b: bigint
const pool = async (): Promise<StablePoolState> => (await stableContract.readers.pool({ algod: grove.algod, ids: grove.ids }, a, b, TIER))!

beforeAll(async () => {
  grove = await startGrove()
  const app = await grove.algorand.client.getAppFactory({ appSpec: STABLE_SPEC, defaultSender: grove.admin.addr }).send.create({ method: 'createApplication', args: [grove.registryAppId] })
  await grove.algorand.send.payment({ sender: grove.admin.addr, receiver: app.appClient.appAddress, amount: microAlgo(100_000) })
  grove.ids.stablePoolsAppId = app.appClient.appId
  grove.ctx.ids.stablePoolsAppId = app.appClient.appId
  const [usdc, , , gem] = grove.assets
  ;[a, b] = usdc! < gem! ? [usdc!, gem!] : [gem!, usdc!]
  await grove.send(await stableContract.prepare(grove.ctx, { kind: 'create-pool', a, b, feeBps: TIER, amp: 100n }))
  await grove.algorand.send.assetOptIn({ sender: grove.trader.addr, assetId: (await pool()).lpAsset })
  await grove.send(await stableContract.prepare(grove.ctx, { kind: 'add', pool: await pool(), amountA: 1_000_000_000_000n, amountB: 1_000_000_000_000n, minLp: 0n }))
}, 180_000)

afterAll(() => grove?.stop())

describe('stable flash loan through the SDK', () => {
  it('lends and takes the loan plus its fee back at the fee it predicts; the LPs hold the fee less the protocol share', { timeout: 120_000 }, async () => {
    const before = await pool()
    const amount = 400_000_000_000n
    const built = await stableContract.prepare(grove.ctx, { kind: 'flash-loan', pool: before, amountA: amount, amountB: 0n })
    const fee = (built.quote as { feeA: bigint }).feeA
    expect(fee).toBe(stableFlashLoanRepayment(amount, TIER) - amount)
    // start (one inner transfer) 2,000 + repayment 1,000 + verify 1,000
    expect(built.fee).toBe(4_000n)
    const held = await grove.balance(a)
    const { logs } = await grove.send(built)
    expect(held - (await grove.balance(a))).toBe(fee)
    const events = stableContract.decodeEvents(logs.flat())
    expect(events.filter((e) => e.name === 'FlashLoan').map((e) => e.args)).toEqual([
      { a, b, feeBps: TIER, amountA: amount, amountB: 0n, repaidA: amount + fee, repaidB: 0n, feeA: fee, feeB: 0n, protocolFeeA: fee / before.protocolFeeDivisor, protocolFeeB: 0n, borrower: grove.trader.addr.toString() },
    ])
    const after = await pool()
    expect(after.reserveA).toBe(before.reserveA)
    expect(after.feesA).toBe(before.feesA + fee - fee / before.protocolFeeDivisor)
  })

  it('explains a swap on the lent pool between start and verify as ERR:FLASH_LOCKED', { timeout: 120_000 }, async () => {
    const p = await pool()
    const app = getApplicationAddress(grove.ids.stablePoolsAppId)
    const built = await stableContract.prepare(grove.ctx, {
      kind: 'flash-loan',
      pool: p,
      amountA: 0n,
      amountB: 1_000_000n,
      between: (group) => {
        group.addMethodCall({
          appId: grove.ids.stablePoolsAppId,
          ...stableCall('swapExactIn', [group.deposit(app, a, 1_000_000n), b, TIER, 0n]),
          inners: 1,
          boxes: [stableBoxName(a, b, TIER)],
          assets: [a, b],
          apps: [grove.registryAppId],
        })
      },
    })
    const error = await grove.send(built).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect(stableContract.explain(error, grove.ids)).toMatchObject({ code: 'ERR:FLASH_LOCKED', message: CONTRACT_ERRORS.Stable['ERR:FLASH_LOCKED'] })
    expect(await pool()).toEqual(p)
  })
})
