// The Stable app's flash loan (issue 38, as the DEX's): flashLoan lends up to the reserves by inner
// transfer, verifyFlashLoan later in the same group takes each lent side back with the pool's fee on it
// (the fee is the LPs', held off the curve as a swap's is, less the protocol's share: the reserves and D do
// not move), start and verify pair both ways, and the pool is locked between them (ERR:FLASH_LOCKED).
import { beforeAll, describe, expect, it } from 'vitest'
import { events, expectRejected, useGrove, type Grove, type User } from './fixture.ts'
import { StableKit, type Step } from './stable.ts'

const TIER = 30n
/** The same pair's other tier: another pool of the same app. */
const OTHER_TIER = 5n
const RESERVE = 1_000_000_000_000n
/** ⌈amount·fee/10000⌉, the pool's fee on a flash loan of `amount`. */
const flashFee = (amount: bigint, feeBps: bigint): bigint => (amount * feeBps + 9_999n) / 10_000n

describe('stable flash loan', () => {
  const grove = useGrove()
  let g: Grove
  let kit: StableKit
  /** Creator of both tokens (the clawback of a), the pools' LP. */
  let lp: User
  let borrower: User
  let a: bigint
  let b: bigint
  let lpAsset: bigint

  beforeAll(async () => {
    g = grove()
    kit = StableKit.of(g)
    lp = await g.user(3000)
    borrower = await g.user(200)
    ;({ a, b, lpAssets: [lpAsset] } = await kit.seededPair(lp, [TIER, OTHER_TIER], 200n, RESERVE, { clawback: true }))
    await g.optIn(borrower, a, b, lpAsset)
    for (const asset of [a, b]) await g.transfer(lp, borrower, asset, 100_000_000_000n)
    await g.transfer(lp, borrower, lpAsset, 10_000_000n)
  }, 180_000)

  interface Loan {
    user?: User
    amountA?: bigint
    amountB?: bigint
    /** The repayments right before the verify (default: each side lent plus its fee). */
    repay?: Step[]
    /** The caller's transactions between the start and the repayments. */
    between?: Step[]
    verifyOffset?: bigint
    startOffset?: bigint
    verifyPool?: [bigint, bigint, bigint]
    verifySender?: User
    noStart?: boolean
    noVerify?: boolean
  }

  /** A flash loan group of pool (a, b, TIER). */
  const loan = async (o: Loan): Promise<Step[]> => {
    const user = o.user ?? borrower
    const amountA = o.amountA ?? 0n
    const amountB = o.amountB ?? 0n
    const repay = o.repay ?? [
      ...(amountA > 0n ? [await kit.transfer(user, a, amountA + flashFee(amountA, TIER))] : []),
      ...(amountB > 0n ? [await kit.transfer(user, b, amountB + flashFee(amountB, TIER))] : []),
    ]
    const between = o.between ?? []
    const distance = BigInt(1 + between.length + repay.length)
    const steps: Step[] = []
    if (!o.noStart) steps.push(...(await kit.flashStart(user, a, b, TIER, amountA, amountB, o.verifyOffset ?? distance)))
    steps.push(...between, ...repay)
    if (!o.noVerify) {
      const [va, vb, vt] = o.verifyPool ?? [a, b, TIER]
      steps.push(...(await kit.flashVerify(o.verifySender ?? user, va, vb, vt, o.startOffset ?? distance)))
    }
    return steps
  }

  const stableSpec = () => kit.client.appSpec

  it('lends one side and takes the loan plus its fee back: the reserves and D stay, the LPs hold the fee less the protocol share; start + verify pay 3,000 µALGO', { timeout: 60_000 }, async () => {
    const before = (await kit.pool(a, b, TIER))!
    const amount = 500_000_000_000n
    const fee = flashFee(amount, TIER)
    const sent = await kit.sendGroup(await loan({ amountA: amount }))
    const after = (await kit.pool(a, b, TIER))!
    const protocol = fee / before.protocolFeeDivisor
    expect(protocol).toBeGreaterThan(0n)
    expect(after.reserveA).toBe(before.reserveA)
    expect(after.reserveB).toBe(before.reserveB)
    expect(after.d).toBe(before.d)
    expect(after.feesA).toBe(before.feesA + fee - protocol)
    expect(after.protocolFeesA).toBe(before.protocolFeesA + protocol)
    expect(after.feesB).toBe(before.feesB)
    // start (one inner transfer) 2,000 + verify 1,000; the repayment's own 1,000 beside them
    expect(sent.fees).toBe(4_000n)
    expect(sent.fees - 1_000n).toBeLessThanOrEqual(3_000n)
    console.info(`stable flash loan, one side: start + verify ${sent.fees - 1_000n} µALGO (group ${sent.fees}), ${sent.opcodes} opcodes`)
    expect(events(sent.logs, 'FlashLoan', stableSpec())).toEqual([
      { a, b, feeBps: TIER, amountA: amount, amountB: 0n, repaidA: amount + fee, repaidB: 0n, feeA: fee, feeB: 0n, protocolFeeA: protocol, protocolFeeB: 0n, borrower: borrower.addr.toString() },
    ])
  })

  it('gives the fee to the LPs: the next add folds it into the reserves and D grows by it, a burn pays its share', { timeout: 90_000 }, async () => {
    const before = (await kit.pool(a, b, TIER))!
    const amount = 200_000_000_000n
    await kit.sendGroup(await loan({ amountB: amount }))
    const mid = (await kit.pool(a, b, TIER))!
    const fee = flashFee(amount, TIER)
    expect(mid.feesB - before.feesB).toBe(fee - fee / before.protocolFeeDivisor)
    // a proportional burn pays its share of the reserves and of the LPs' fees held
    const burn = 1_000_000n
    const out = await kit.remove(borrower, a, b, TIER, burn)
    const supply = mid.lpIssued + 1000n
    expect(out.value[1]).toBe((burn * mid.reserveB) / supply + (burn * mid.feesB) / supply)
    // an add folds the fees in: D (a lower bound of the new reserves') is above the old one
    const folded = (await kit.pool(a, b, TIER))!
    await kit.add(lp, a, b, TIER, 1_000n, 1_000n)
    const after = (await kit.pool(a, b, TIER))!
    expect(after.feesA + after.feesB).toBe(0n)
    expect(after.reserveB).toBe(folded.reserveB + folded.feesB + 1_000n)
    expect(after.d).toBeGreaterThan(folded.d)
  })

  it('lends both sides up to the whole reserves, repaid in their own assets (a then b): start + verify 4,000 µALGO', { timeout: 60_000 }, async () => {
    const before = (await kit.pool(a, b, TIER))!
    await g.transfer(lp, borrower, a, before.reserveA)
    await g.transfer(lp, borrower, b, before.reserveB)
    const sent = await kit.sendGroup(await loan({ amountA: before.reserveA, amountB: before.reserveB }))
    const after = (await kit.pool(a, b, TIER))!
    const [fa, fb] = [flashFee(before.reserveA, TIER), flashFee(before.reserveB, TIER)]
    expect(after.reserveA).toBe(before.reserveA)
    expect(after.reserveB).toBe(before.reserveB)
    expect(after.d).toBe(before.d)
    expect(after.feesA).toBe(before.feesA + fa - fa / before.protocolFeeDivisor)
    expect(after.feesB).toBe(before.feesB + fb - fb / before.protocolFeeDivisor)
    expect(sent.fees - 2_000n).toBe(4_000n)
    console.info(`stable flash loan, both sides: start + verify ${sent.fees - 2_000n} µALGO (group ${sent.fees}), ${sent.opcodes} opcodes`)
  })

  it('refuses a repayment one unit short of the loan plus its fee, one in the other asset, a loan above the reserve and a loan of nothing', { timeout: 60_000 }, async () => {
    const before = await kit.pool(a, b, TIER)
    const amount = 100_000_000n
    await expectRejected(kit.sendGroup(await loan({ amountA: amount, repay: [await kit.transfer(borrower, a, amount + flashFee(amount, TIER) - 1n)] })), 'ERR:FLASH_REPAY')
    await expectRejected(kit.sendGroup(await loan({ amountA: amount, repay: [await kit.transfer(borrower, b, 4n * amount)] })), 'ERR:FLASH_REPAY')
    await expectRejected(kit.sendGroup(await loan({ amountA: before!.reserveA + 1n, repay: [await kit.transfer(borrower, a, 1n)] })), 'ERR:NO_LIQUIDITY')
    await expectRejected(kit.sendGroup(await loan({ repay: [await kit.transfer(borrower, a, 1_000n)] })), 'ERR:ZERO_AMOUNT')
    expect(await kit.pool(a, b, TIER)).toEqual(before)
  })

  it.each([
    ['to another receiver', 'ERR:BAD_RECEIVER', () => ({ receiver: lp.addr })],
    ['that closes the holding', 'ERR:CLOSE_TO', () => ({ closeTo: lp.addr })],
  ])('refuses a repayment %s (%s)', { timeout: 60_000 }, async (_what, code, o) => {
    const amount = 10_000_000n
    const repay = await kit.transfer(borrower, b, amount + flashFee(amount, TIER), o())
    await expectRejected(kit.sendGroup(await loan({ amountB: amount, repay: [repay] })), code)
  })

  it('refuses a repayment from another sender (ERR:BAD_SENDER)', { timeout: 60_000 }, async () => {
    const amount = 10_000_000n
    const repay = await kit.transfer(lp, b, amount + flashFee(amount, TIER))
    await expectRejected(kit.sendGroup(await loan({ amountB: amount, repay: [repay] })), 'ERR:BAD_SENDER')
  })

  it('refuses a repayment by clawback, from the borrower or from the app itself (ERR:CLAWBACK)', { timeout: 60_000 }, async () => {
    const amount = 10_000_000n
    for (const from of [lp.addr, kit.address]) {
      const repay = await kit.transfer(lp, a, amount + flashFee(amount, TIER), { clawbackFrom: from })
      await expectRejected(kit.sendGroup(await loan({ user: lp, amountA: amount, repay: [repay] })), 'ERR:CLAWBACK')
    }
  })

  it.each([
    ['a verify naming another start offset', async () => ({ startOffset: 2n, between: [await kit.transfer(borrower, 0n, 1n, { receiver: borrower.addr })] })],
    ['a start naming another verify offset', async () => ({ verifyOffset: 1n })],
    ['a verify of another pool (the same pair’s other tier)', async () => ({ verifyPool: [a, b, OTHER_TIER] as [bigint, bigint, bigint] })],
    ['a verify by another sender', async () => ({ verifySender: lp })],
    ['a start without a verify', async () => ({ noVerify: true })],
    ['a verify without a start', async () => ({ noStart: true })],
  ])('refuses %s (ERR:FLASH_PAIR), moving nothing', { timeout: 60_000 }, async (_what, more) => {
    const before = await kit.pool(a, b, TIER)
    await expectRejected(kit.sendGroup(await loan({ amountA: 10_000_000n, ...(await more()) })), 'ERR:FLASH_PAIR')
    expect(await kit.pool(a, b, TIER)).toEqual(before)
  })

  const pool: () => [bigint, bigint, bigint] = () => [a, b, TIER]
  const locked: [string, () => Promise<Step[]>][] = [
    ['a swap', async () => kit.steps(borrower, 'swapExactIn', [(await kit.transfer(borrower, a, 1_000_000n)) as never, b, TIER, 0n], 1, pool(), [a, b])],
    [
      'an add',
      async () =>
        kit.steps(borrower, 'addLiquidity', [(await kit.transfer(borrower, a, 1_000_000n)) as never, (await kit.transfer(borrower, b, 1_000_000n)) as never, a, b, TIER, 0n], 4, pool(), [a, b, lpAsset]),
    ],
    ['a one-sided add', async () => kit.steps(borrower, 'addLiquiditySingle', [(await kit.transfer(borrower, a, 1_000_000n)) as never, a, b, TIER, 0n], 4, pool(), [a, b, lpAsset])],
    ['a remove', async () => kit.steps(borrower, 'removeLiquidity', [(await kit.transfer(borrower, lpAsset, 1_000n)) as never, a, b, TIER, 0n, 0n], 2, pool(), [a, b, lpAsset])],
    ['a ramp of A (by the admin)', async () => kit.steps(g.admin, 'rampA', [a, b, TIER, 400n * 100n, (await kit.now()) + 3n * 86_400n], 0, pool())],
    ['a stop of the ramp (by the admin)', async () => kit.steps(g.admin, 'stopRampA', [a, b, TIER], 0, pool())],
    ['a collection of its protocol fees', async () => kit.steps(borrower, 'collectFees', [a, b, TIER], 2, pool(), [a, b])],
    [
      'another flash (nested)',
      async () => [...(await kit.flashStart(borrower, a, b, TIER, 1_000n, 0n, 2n)), await kit.transfer(borrower, a, 1_001n), ...(await kit.flashVerify(borrower, a, b, TIER, 2n))],
    ],
    [
      'a flash of another pool (one flash at a time in the app)',
      async () => [...(await kit.flashStart(borrower, a, b, OTHER_TIER, 1_000n, 0n, 2n)), await kit.transfer(borrower, a, 1_001n), ...(await kit.flashVerify(borrower, a, b, OTHER_TIER, 2n))],
    ],
  ]
  it.each(locked)('refuses %s on the lent pool inside the flash (ERR:FLASH_LOCKED), moving nothing', { timeout: 60_000 }, async (_what, between) => {
    const before = await kit.pool(a, b, TIER)
    await expectRejected(kit.sendGroup(await loan({ amountA: 10_000_000n, between: await between() })), 'ERR:FLASH_LOCKED')
    expect(await kit.pool(a, b, TIER)).toEqual(before)
  })

  it('leaves the app’s other pools open: a swap on the other tier inside a flash of this one runs', { timeout: 60_000 }, async () => {
    const swap = await kit.steps(borrower, 'swapExactIn', [(await kit.transfer(borrower, a, 1_000_000n)) as never, b, OTHER_TIER, 0n], 1, [a, b, OTHER_TIER], [a, b])
    const sent = await kit.sendGroup(await loan({ amountA: 10_000_000n, between: swap }))
    expect(events(sent.logs, 'Swap', stableSpec())).toHaveLength(1)
    expect(events(sent.logs, 'FlashLoan', stableSpec())).toHaveLength(1)
  })

  it('refuses a flash while the registry pauses swaps (ERR:PAUSED)', { timeout: 60_000 }, async () => {
    await g.registry.send.setPaused({ args: { flags: 1n }, note: g.note() })
    try {
      await expectRejected(kit.sendGroup(await loan({ amountA: 10_000_000n })), 'ERR:PAUSED')
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })
})
