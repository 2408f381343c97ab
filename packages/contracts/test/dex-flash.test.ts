// Flash loans and flash swaps (issue 38): a start lends from a pool by inner transfer, a verify later in
// the same group checks the repayment (loan: the loan plus the pool's fee on it; swap: the invariant
// without the LPs' fee), the two pair both ways, and the pool is locked between them.
import { describe, expect, it } from 'vitest'
import { events, expectRejected, sorted, useGrove, type Grove, type InputOverrides, type User } from './fixture.ts'
import { flashFee, flashGroup, flashSwapIn, sendFlash, type FlashOptions } from './flash.ts'

const grove = useGrove()

const RESERVE_ALGO = 1_000_000_000n
const RESERVE_T = 2_000_000_000n

interface Setup {
  g: Grove
  user: User
  t1: bigint
  t2: bigint
  lp: bigint
}

let setup: Setup | undefined
/** ALGO/T1 (1,000 ALGO : 2,000 T1) and T1/T2 pools, a borrower holding both tokens and the ALGO/T1 LP. */
async function pools(): Promise<Setup> {
  if (setup) return setup
  const g = grove()
  const user = await g.user(20_000)
  const t1 = await g.asset(user, { unitName: 'T1' })
  const t2 = await g.asset(user, { unitName: 'T2' })
  const { value: lp } = await g.createPool(user, 0n, t1)
  await g.optIn(user, lp)
  await g.addLiquidity(user, 0n, t1, RESERVE_ALGO, RESERVE_T)
  const [a, b] = sorted(t1, t2)
  const { value: lp2 } = await g.createPool(user, a, b)
  await g.optIn(user, lp2)
  await g.addLiquidity(user, a, b, 1_000_000_000n, 1_000_000_000n)
  setup = { g, user, t1, t2, lp }
  return setup
}

/** A loan of `amount` µALGO from ALGO/T1 repaid with `repaid` (default: loan + fee), and what else `o` says. */
async function algoLoan(s: Setup, amount: bigint, repaid?: bigint, o: Partial<FlashOptions> = {}): Promise<FlashOptions> {
  const { feeBps } = await s.g.pool(0n, s.t1)
  return { kind: 'loan', a: 0n, b: s.t1, amountA: amount, amountB: 0n, repay: [await s.g.input(s.user, 0n, repaid ?? amount + flashFee(amount, feeBps))], ...o }
}

describe('flash loan', () => {
  it('lends one side and takes the loan plus the pool fee back; the LPs keep the fee less the protocol share', async () => {
    const s = await pools()
    const before = await s.g.pool(0n, s.t1)
    const amount = 500_000_000n
    const fee = flashFee(amount, before.feeBps)
    const sent = await sendFlash(s.g, s.user, await algoLoan(s, amount))
    const after = await s.g.pool(0n, s.t1)
    const protocol = fee / before.protocolFeeDivisor
    expect(after.reserveA).toBe(before.reserveA + fee - protocol)
    expect(after.reserveB).toBe(before.reserveB)
    expect(after.protocolFeesA).toBe(before.protocolFeesA + protocol)
    // start (1 inner) 2,000 + repayment 1,000 + verify 1,000
    expect(sent.fees).toBe(4_000n)
    expect(sent.startFees).toBe(3_000n)
    expect(events(sent.logs, 'FlashLoan')).toEqual([
      { a: 0n, b: s.t1, feeBps: 30n, amountA: amount, amountB: 0n, repaidA: amount + fee, repaidB: 0n, feeA: fee, feeB: 0n, protocolFeeA: protocol, protocolFeeB: 0n, borrower: s.user.addr.toString() },
    ])
  })

  it('lends both sides up to the whole reserves, repaid in their own assets (a then b)', async () => {
    const s = await pools()
    const before = await s.g.pool(0n, s.t1)
    const [fa, fb] = [flashFee(before.reserveA, before.feeBps), flashFee(before.reserveB, before.feeBps)]
    await sendFlash(s.g, s.user, {
      kind: 'loan',
      a: 0n,
      b: s.t1,
      amountA: before.reserveA,
      amountB: before.reserveB,
      repay: [await s.g.input(s.user, 0n, before.reserveA + fa), await s.g.input(s.user, s.t1, before.reserveB + fb)],
    })
    const after = await s.g.pool(0n, s.t1)
    expect(after.reserveA).toBe(before.reserveA + fa - fa / before.protocolFeeDivisor)
    expect(after.reserveB).toBe(before.reserveB + fb - fb / before.protocolFeeDivisor)
  })

  it('refuses a repayment one unit short of the loan plus its fee, and one in the other asset', async () => {
    const s = await pools()
    const { feeBps } = await s.g.pool(0n, s.t1)
    const amount = 100_000_000n
    await expectRejected(sendFlash(s.g, s.user, await algoLoan(s, amount, amount + flashFee(amount, feeBps) - 1n)), 'ERR:FLASH_REPAY')
    await expectRejected(sendFlash(s.g, s.user, { ...(await algoLoan(s, amount)), repay: [await s.g.input(s.user, s.t1, 4n * amount)] }), 'ERR:FLASH_REPAY')
  })

  it('refuses a loan above the reserve and a loan of nothing', async () => {
    const s = await pools()
    const { reserveA } = await s.g.pool(0n, s.t1)
    await expectRejected(sendFlash(s.g, s.user, await algoLoan(s, reserveA + 1n)), 'ERR:NO_LIQUIDITY')
    await expectRejected(sendFlash(s.g, s.user, { ...(await algoLoan(s, 0n, 1_000n)) }), 'ERR:ZERO_AMOUNT')
  })
})

describe('flash swap', () => {
  it('gives one side first and takes the other by the verify: the least payment the invariant allows passes, one unit less fails', async () => {
    const s = await pools()
    const before = await s.g.pool(0n, s.t1)
    const out = 100_000_000n
    const x = flashSwapIn(before.reserveA, before.reserveB, out, before.feeBps)
    const swap = async (paid: bigint): Promise<FlashOptions> => ({ kind: 'swap', a: 0n, b: s.t1, amountA: 0n, amountB: out, repay: [await s.g.input(s.user, 0n, paid)] })
    await expectRejected(sendFlash(s.g, s.user, await swap(x - 1n)), 'ERR:FLASH_INVARIANT')
    const sent = await sendFlash(s.g, s.user, await swap(x))
    const after = await s.g.pool(0n, s.t1)
    const fee = flashFee(x, before.feeBps)
    const protocol = fee / before.protocolFeeDivisor
    expect(after.reserveA).toBe(before.reserveA + x - protocol)
    expect(after.reserveB).toBe(before.reserveB - out)
    expect((after.reserveA + protocol - fee) * after.reserveB >= before.reserveA * before.reserveB).toBe(true)
    expect(sent.startFees).toBe(3_000n)
    expect(events(sent.logs, 'FlashSwap')).toEqual([
      { a: 0n, b: s.t1, feeBps: 30n, outA: 0n, outB: out, inA: x, inB: 0n, feeA: fee, feeB: 0n, protocolFeeA: protocol, protocolFeeB: 0n, trader: s.user.addr.toString() },
    ])
  })

  it('takes payment in both assets (a then b), or back in the side taken', async () => {
    const s = await pools()
    const before = await s.g.pool(0n, s.t1)
    const out = 10_000_000n
    // repay the side taken, with its fee: the invariant holds
    const back = out + 2n * flashFee(out, before.feeBps)
    await sendFlash(s.g, s.user, { kind: 'swap', a: 0n, b: s.t1, amountA: 0n, amountB: out, repay: [await s.g.input(s.user, s.t1, back)] })
    const mid = await s.g.pool(0n, s.t1)
    const half = flashSwapIn(mid.reserveA, mid.reserveB, out / 2n + 1_000n, mid.feeBps)
    await sendFlash(s.g, s.user, {
      kind: 'swap',
      a: 0n,
      b: s.t1,
      amountA: 0n,
      amountB: out,
      repay: [await s.g.input(s.user, 0n, half), await s.g.input(s.user, s.t1, out / 2n + flashFee(out / 2n, mid.feeBps) + 1n)],
    })
    const after = await s.g.pool(0n, s.t1)
    expect(after.reserveA * after.reserveB > before.reserveA * before.reserveB).toBe(true)
  })
})

describe('the pool is locked between start and verify', () => {
  const cases: [string, (s: Setup) => Promise<Partial<FlashOptions>>][] = [
    [
      'a swap',
      async (s) => ({
        between: {
          count: 2,
          add: (group) =>
            group.swapExactIn({ sender: s.user.addr, args: { input: s.g.input(s.user, 0n, 1_000_000n), assetOut: s.t1, feeBps: 30n, minOut: 0n }, ...s.g.refs([[0n, s.t1]]), ...s.g.fee(1) }),
        },
      }),
    ],
    [
      'an exact-out swap',
      async (s) => ({
        between: {
          count: 2,
          add: (group) =>
            group.swapExactOut({ sender: s.user.addr, args: { input: s.g.input(s.user, 0n, 1_000_000n), assetOut: s.t1, feeBps: 30n, amountOut: 1_000n }, ...s.g.refs([[0n, s.t1]]), ...s.g.fee(2) }),
        },
      }),
    ],
    [
      'a route through it',
      async (s) => ({
        between: {
          count: 2,
          add: (group) =>
            group.swapRoute({
              sender: s.user.addr,
              args: { input: s.g.input(s.user, 0n, 1_000_000n), path: [s.t1, s.t2], fees: [s.t1, s.t2].map(() => 30n), minOut: 0n },
              ...s.g.routeRefs([[0n, s.t1], sorted(s.t1, s.t2)], s.t2),
              ...s.g.fee(1),
            }),
        },
      }),
    ],
    [
      'an add',
      async (s) => ({
        between: {
          count: 3,
          add: (group) =>
            group.addLiquidity({
              sender: s.user.addr,
              args: { inA: s.g.input(s.user, 0n, 1_000_000n), inB: s.g.input(s.user, s.t1, 2_000_000n), a: 0n, b: s.t1, feeBps: 30n, minLp: 0n },
              ...s.g.refs([[0n, s.t1]], [s.lp]),
              ...s.g.fee(2),
            }),
        },
      }),
    ],
    [
      'a remove',
      async (s) => ({
        between: {
          count: 2,
          add: (group) =>
            group.removeLiquidity({ sender: s.user.addr, args: { lp: s.g.input(s.user, s.lp, 1_000n), a: 0n, b: s.t1, feeBps: 30n, minA: 0n, minB: 0n }, ...s.g.refs([[0n, s.t1]], [s.lp]), ...s.g.fee(2) }),
        },
      }),
    ],
    [
      'a zap',
      async (s) => ({
        between: {
          count: 2,
          add: (group) =>
            group.addLiquiditySingle({
              sender: s.user.addr,
              args: { input: s.g.input(s.user, 0n, 2_000_000n), a: 0n, b: s.t1, feeBps: 30n, swapAmount: 1_000_000n, minLp: 0n },
              ...s.g.refs([[0n, s.t1]], [s.lp]),
              ...s.g.fee(2),
            }),
        },
      }),
    ],
    [
      'a read of the pool (what an observation or a quote reads)',
      async (s) => ({ between: { count: 1, add: (group) => group.getPool({ sender: s.user.addr, args: { a: 0n, b: s.t1, feeBps: 30n }, ...s.g.refs([[0n, s.t1]]), ...s.g.fee(0) }) } }),
    ],
    [
      'another flash (nested)',
      async (s) => ({
        between: {
          count: 3,
          add: (group) =>
            group
              .flashLoan({ sender: s.user.addr, args: { verifyOffset: 1n, a: 0n, b: s.t1, feeBps: 30n, amountA: 1_000n, amountB: 0n }, ...s.g.refs([[0n, s.t1]]), ...s.g.fee(1) })
              .verifyFlashLoan({ sender: s.user.addr, args: { startOffset: 1n, a: 0n, b: s.t1, feeBps: 30n }, ...s.g.refs([[0n, s.t1]]), ...s.g.fee(0) })
              .getPool({ sender: s.user.addr, args: { a: 0n, b: s.t1, feeBps: 30n }, ...s.g.refs([[0n, s.t1]]), ...s.g.fee(0) }),
        },
      }),
    ],
    [
      'a collection of its protocol fees',
      async (s) => ({ between: { count: 1, add: (group) => group.collectFees({ sender: s.user.addr, args: { a: 0n, b: s.t1, feeBps: 30n }, ...s.g.refs([[0n, s.t1]]), accountReferences: [s.g.vaultAddress], ...s.g.fee(2) }) } }),
    ],
  ]
  it.each(cases)('refuses %s on the lent pool (ERR:FLASH_LOCKED), for a loan and a swap', async (_what, more) => {
    const s = await pools()
    const before = await s.g.snapshot([s.user, s.g.dexAddress], [0n, s.t1], [[0n, s.t1]])
    const loan = { ...(await algoLoan(s, 10_000_000n)), ...(await more(s)) }
    await expectRejected(flashGroup(s.g, s.user, loan).send(), 'ERR:FLASH_LOCKED')
    const { reserveA, reserveB, feeBps } = await s.g.pool(0n, s.t1)
    const paid = flashSwapIn(reserveB, reserveA, 10_000_000n, feeBps)
    const swap: FlashOptions = { kind: 'swap', a: 0n, b: s.t1, amountA: 10_000_000n, amountB: 0n, repay: [await s.g.input(s.user, s.t1, paid)], ...(await more(s)) }
    await expectRejected(flashGroup(s.g, s.user, swap).send(), 'ERR:FLASH_LOCKED')
    expect(await s.g.snapshot([s.user, s.g.dexAddress], [0n, s.t1], [[0n, s.t1]])).toEqual(before)
  })

  it('leaves the other pools open: a swap on T1/T2 inside a flash of ALGO/T1 runs', async () => {
    const s = await pools()
    const loan = await algoLoan(s, 10_000_000n)
    const [a, b] = sorted(s.t1, s.t2)
    await s.g.optIn(s.user, s.t2)
    const sent = await sendFlash(s.g, s.user, {
      ...loan,
      between: {
        count: 2,
        add: (group) => group.swapExactIn({ sender: s.user.addr, args: { input: s.g.input(s.user, s.t1, 1_000_000n), assetOut: s.t2, feeBps: 30n, minOut: 0n }, ...s.g.refs([[a, b]]), ...s.g.fee(1) }),
      },
    })
    expect(events(sent.logs, 'Swap')).toHaveLength(1)
  })
})

describe('flash pairing and repayment (adversarial)', () => {
  it.each([
    ['a verify naming another start offset', async (s: Setup) => ({ startOffset: 2n, extra: [{ txn: await s.g.input(s.user, 0n, 1n, { receiver: s.user.addr }), signer: s.user.signer }] })],
    ['a start naming another verify offset', async () => ({ verifyOffset: 1n })],
    ['a verify of another pool', async (s: Setup) => ({ verifyPool: sorted(s.t1, s.t2) })],
    ['a verify by another sender', async (s: Setup) => ({ verifySender: await s.g.user(5) })],
    ['a loan paired with a swap verify', async () => ({ verifyKind: 'swap' as const })],
    ['a start without a verify', async () => ({ noVerify: true })],
    ['a verify without a start', async () => ({ noStart: true })],
  ])('refuses %s (ERR:FLASH_PAIR), moving nothing', async (_what, more) => {
    const s = await pools()
    const before = await s.g.snapshot([s.user, s.g.dexAddress], [0n, s.t1], [[0n, s.t1]])
    const loan = { ...(await algoLoan(s, 10_000_000n)), ...(await more(s)) }
    await expectRejected(flashGroup(s.g, s.user, loan).send(), 'ERR:FLASH_PAIR')
    expect(await s.g.snapshot([s.user, s.g.dexAddress], [0n, s.t1], [[0n, s.t1]])).toEqual(before)
  })

  it.each([
    ['to another receiver', 'ERR:BAD_RECEIVER', async (s: Setup) => ({ receiver: s.user.addr })],
    ['that also closes the holding (asset close-to)', 'ERR:CLOSE_TO', async (s: Setup) => ({ closeTo: s.g.dexAddress })],
    ['with a rekey', 'ERR:REKEY', async (s: Setup) => ({ rekeyTo: (await s.g.user(1)).addr })],
    [
      'from another sender',
      'ERR:BAD_SENDER',
      async (s: Setup) => {
        const other = await s.g.user(20)
        await s.g.optIn(other, s.t1)
        await s.g.transfer(s.user, other, s.t1, 100_000_000n)
        return { sender: other }
      },
    ],
  ])('refuses a repayment %s (%s)', async (_what, code, overrides: (s: Setup) => Promise<InputOverrides>) => {
    const s = await pools()
    // a borrower of T1 who holds it but did not create it, so an asset close-to is a ledger-valid transfer
    const borrower = await s.g.user(20)
    await s.g.optIn(borrower, s.t1)
    await s.g.transfer(s.user, borrower, s.t1, 100_000_000n)
    const { feeBps } = await s.g.pool(0n, s.t1)
    const amount = 10_000_000n
    const o = await overrides(s)
    const repay = await s.g.input(borrower, s.t1, amount + flashFee(amount, feeBps), o)
    const signer = o.sender ? o.sender.signer : borrower.signer
    const loan: FlashOptions = { kind: 'loan', a: 0n, b: s.t1, amountA: 0n, amountB: amount, repay: [], extra: [{ txn: repay, signer }] }
    // simulated without signatures: a rekeyed sender's later transactions would fail the ledger's signature check first
    await expectRejected(flashGroup(s.g, borrower, loan).simulate({ skipSignatures: true }), code)
  })

  it('refuses a repayment by clawback, from the borrower or from the pool itself (ERR:CLAWBACK)', async () => {
    const g = grove()
    const issuer = await g.user(1_000)
    const clawed = await g.asset(issuer, { clawback: issuer.addr, unitName: 'CLW' })
    const { value: lp } = await g.createPool(issuer, 0n, clawed)
    await g.optIn(issuer, lp)
    await g.addLiquidity(issuer, 0n, clawed, 100_000_000n, 100_000_000n)
    const amount = 10_000_000n
    const { feeBps } = await g.pool(0n, clawed)
    for (const from of [issuer.addr, g.dexAddress]) {
      const repay = await g.input(issuer, clawed, amount + flashFee(amount, feeBps), { assetSender: from })
      await expectRejected(flashGroup(g, issuer, { kind: 'loan', a: 0n, b: clawed, amountA: 0n, amountB: amount, repay: [repay] }).send(), 'ERR:CLAWBACK')
    }
  })

  it('cannot be repaid in an asset whose holdings are frozen (the ledger refuses it), nor lent once the app holding is frozen (ERR:FROZEN)', async () => {
    const g = grove()
    const issuer = await g.user(1_000)
    const icy = await g.asset(issuer, { freeze: issuer.addr, unitName: 'ICY' })
    const { value: lp } = await g.createPool(issuer, 0n, icy)
    await g.optIn(issuer, lp)
    await g.addLiquidity(issuer, 0n, icy, 100_000_000n, 100_000_000n)
    const amount = 10_000_000n
    const { feeBps } = await g.pool(0n, icy)
    const borrower = await g.user(20)
    await g.optIn(borrower, icy)
    await g.transfer(issuer, borrower, icy, 50_000_000n)
    await g.algorand.send.assetFreeze({ sender: issuer.addr, assetId: icy, account: borrower.addr, frozen: true, note: g.note(), suppressLog: true })
    const repay = await g.input(borrower, icy, amount + flashFee(amount, feeBps))
    await expectRejected(flashGroup(g, borrower, { kind: 'loan', a: 0n, b: icy, amountA: 0n, amountB: amount, repay: [repay] }).send(), /frozen/)
    await g.algorand.send.assetFreeze({ sender: issuer.addr, assetId: icy, account: g.dexAddress, frozen: true, note: g.note(), suppressLog: true })
    const again = await g.input(issuer, icy, amount + flashFee(amount, feeBps))
    await expectRejected(flashGroup(g, issuer, { kind: 'loan', a: 0n, b: icy, amountA: 0n, amountB: amount, repay: [again] }).send(), 'ERR:FROZEN')
  })
})
