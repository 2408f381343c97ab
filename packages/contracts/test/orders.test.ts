// The Orders contract (issue 41): limit and recurring orders escrowed in boxes, filled flash-style by
// anyone who pays the owner at least the order's price in the same group and keeps the spread; the
// attacks a filler or a stranger could try, each refused with nothing moved.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { decodeEvents } from './events.ts'
import { ASSET_MBR, leastPayment, ORDER_MBR, OrdersKit, type Step } from './orders.ts'

const grove = useGrove()
let orders: OrdersKit
let alice: User
let filler: User
let mallory: User
let token: bigint
let other: bigint
const DAY = 86_400n

beforeAll(async () => {
  const g = grove()
  orders = await OrdersKit.deploy(g)
  alice = await g.user(1000)
  filler = await g.user(1000)
  mallory = await g.user(100)
  token = await g.asset(alice, { unitName: 'TOK' })
  other = await g.asset(filler, { unitName: 'OTH' })
  await g.optIn(filler, token)
  await g.optIn(mallory, token, other)
  await g.optIn(alice, other)
  await g.transfer(alice, filler, token, 10n ** 12n)
  // a Grove pool TOK/ALGO at 1 TOK = 1 ALGO the filler routes through
  const lp = (await g.createPool(filler, ...sorted(0n, token))).value
  await g.optIn(filler, lp)
  await g.addLiquidity(filler, 0n, token, 200_000_000n, 200_000_000n)
}, 180_000)

/** The Orders app's balance of `asset` (µALGO for 0). */
const held = (asset: bigint) => grove().balance(orders.address, asset)

describe('place', () => {
  it('places a limit order: the box, the OrderPlaced event, the deposit and exactly the box minimum balance held; fees 3,000 µALGO (6,000 with the app opting in to the asset)', async () => {
    const expiry = (await orders.now()) + DAY
    const before = await held(token)
    const sent = await orders.placeLimit(alice, token, 100_000_000n, 0n, 110_000_000n, expiry)
    const order = (await orders.order(sent.value))!
    expect(order).toMatchObject({ owner: alice.addr.toString(), assetIn: token, assetOut: 0n, remaining: 100_000_000n, amountIn: 100_000_000n, minOut: 110_000_000n, expiry, interval: 0n, filled: 0n, pendingTake: 0n })
    expect(await held(token)).toBe(before + 100_000_000n)
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderPlaced')).toEqual([expect.objectContaining({ id: sent.value, amount: 100_000_000n, minOut: 110_000_000n })])
    // first order of the asset: opt-in payment 1,000 + opt-in call 2,000; then mbr 1,000 + deposit 1,000 + call 1,000
    expect(sent.fees).toBe(6_000n)
    const second = await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, expiry)
    expect(second.fees).toBe(3_000n)
    expect(ORDER_MBR).toBe(57_300n)
    expect(ASSET_MBR).toBe(100_000n)
  })

  it('refuses a wrong minimum balance, an expiry passed or in milliseconds, the same asset both sides, a recurring deposit not a whole number of fills', async () => {
    const now = await orders.now()
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now + DAY, { mbr: ORDER_MBR - 1n }), 'ERR:MBR')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now - 1n), 'ERR:EXPIRED')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, (now + DAY) * 1000n), 'ERR:MILLISECONDS')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, token, 1_000n, now + DAY), 'ERR:SAME_ASSET')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 0n, now + DAY), 'ERR:ZERO_AMOUNT')
    await expectRejected(orders.placeRecurring(alice, token, 1_001n, 0n, 100n, 90n, 3600n), 'ERR:BAD_AMOUNT')
    await expectRejected(orders.placeRecurring(alice, token, 1_000n, 0n, 100n, 90n, 0n), 'ERR:BAD_INTERVAL')
    const { nonce } = orders.next(alice)
    await orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now + DAY, { nonce })
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now + DAY, { nonce }), 'ERR:ORDER_EXISTS')
  })
})

describe('fill', () => {
  let id: bigint
  beforeAll(async () => {
    // 50 TOK for at least 40 ALGO (0.8 ALGO per TOK): below the pool's price, so filling it pays
    id = (await orders.placeLimit(alice, token, 50_000_000n, 0n, 40_000_000n, (await orders.now()) + DAY)).value
  })

  /** The filler's swap on Grove of what it took: input then the DEX call. */
  async function swapOnGrove(amount: bigint): Promise<Step[]> {
    const g = grove()
    const built = await g.dex.createTransaction.swapExactIn({ sender: filler.addr, args: { input: g.input(filler, token, amount), assetOut: 0n, minOut: 0n }, ...g.refs([sorted(token, 0n)]), ...g.fee(1) })
    return built.transactions.map((txn) => {
      ;(txn as { group?: Uint8Array }).group = undefined
      return { txn, signer: filler.signer }
    })
  }

  it('fills part of a limit order through a Grove swap: the owner gets the least payment ⌈amount·minOut/amountIn⌉, the filler keeps the spread; fill 2,000 + payment 1,000 + settle 1,000 µALGO', async () => {
    const g = grove()
    const amount = 20_000_000n
    const order = (await orders.order(id))!
    const pay = leastPayment(order, amount)
    expect(pay).toBe(16_000_000n)
    const [aliceBefore, fillerBefore] = [await g.balance(alice, 0n), await g.balance(filler, 0n)]
    const sent = await orders.fill(filler, id, amount, { middle: await swapOnGrove(amount) })
    expect(await g.balance(alice, 0n)).toBe(aliceBefore + pay)
    // the swap's output less the payment and the group's fees: the spread, positive
    const spread = (await g.balance(filler, 0n)) - fillerBefore
    expect(spread).toBeGreaterThan(1_000_000n)
    expect(sent.fees).toBe(4_000n + 3_000n)
    const after = (await orders.order(id))!
    expect(after).toMatchObject({ remaining: 30_000_000n, filled: amount, received: pay, pendingTake: 0n, pendingPay: 0n })
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderFilled')).toEqual([expect.objectContaining({ id, amount, paid: pay, remaining: 30_000_000n })])
  })

  it('rounds the least payment in the owner\'s favour: one unit short is refused', async () => {
    const order = (await orders.order(id))!
    // 7 TOK units at 0.8: 5.6 → 6
    expect(leastPayment(order, 7n)).toBe(6n)
    const tokens = await grove().balance(filler, token)
    await expectRejected(orders.fill(filler, id, 7n, { pay: { amount: 5n } }), 'ERR:UNDERPAID')
    expect(await grove().balance(filler, token)).toBe(tokens)
    await orders.fill(filler, id, 7n)
  })

  it('refuses a payment to someone else, of another asset, with close-to or rekey-to', async () => {
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { receiver: mallory.addr } }), 'ERR:BAD_RECEIVER')
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { asset: other, amount: 10n ** 9n } }), 'ERR:BAD_INPUT_TYPE')
    // a payer holding nothing but ALGO, closing to a third account
    const closer = await grove().user(10)
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { closeTo: mallory.addr, sender: closer } }), 'ERR:CLOSE_TO')
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { rekeyTo: filler.addr } }), 'ERR:REKEY')
  })

  it('refuses more than the order holds, and nothing taken', async () => {
    const order = (await orders.order(id))!
    await expectRejected(orders.fill(filler, id, order.remaining + 1n), 'ERR:TOO_MUCH')
    await expectRejected(orders.fill(filler, id, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('refuses a fill without its settle: no settle at the offset, an offset past the group, a settle of another order', async () => {
    const order = (await orders.order(id))!
    await expectRejected(orders.send(await orders.fillStep(filler, id, order, 1_000n, 1n)), 'ERR:FILL_PAIR')
    const payment = await orders.transfer(filler, order.owner, 0n, 1_000n)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 5n)), payment]), 'ERR:FILL_PAIR')
    const otherId = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, (await orders.now()) + DAY)).value
    const otherOrder = (await orders.order(otherId))!
    const wrong = await orders.settleSteps(filler, otherId, otherOrder, await orders.transfer(filler, order.owner, 0n, 1_000n), false)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...wrong]), 'ERR:FILL_PAIR')
  })

  it('never credits one payment to two fills: a second settle finds no open fill, a second fill of an open order is refused, the payment a settle reads is the transaction right before it', async () => {
    const order = (await orders.order(id))!
    const pay = leastPayment(order, 1_000n)
    // fill, pay, settle, settle again (its "payment" is the first settle)
    const first = await orders.settleSteps(filler, id, order, await orders.transfer(filler, order.owner, 0n, pay), false)
    // [fill(id) → 3, pay, settle(id), settle(id) with pay2 right before]: the second settle has no open fill
    const second = await orders.settleSteps(filler, id, order, await orders.transfer(filler, order.owner, 0n, pay), false)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...first, ...second]), 'ERR:NO_FILL')
    // two orders of the same owner and price, one payment: [fill A → 3, fill B → 4, pay, settle A, settle B]: settle B's "payment" is settle A
    const b = (await orders.placeLimit(alice, token, 50_000_000n, 0n, 40_000_000n, (await orders.now()) + DAY)).value
    const orderB = (await orders.order(b))!
    const settleA = await orders.settleSteps(filler, id, order, await orders.transfer(filler, order.owner, 0n, pay), false)
    const settleB = (await orders.settleSteps(filler, b, orderB, await orders.transfer(filler, order.owner, 0n, pay), false)).slice(1)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 3n)), ...(await orders.fillStep(filler, b, orderB, 1_000n, 3n)), ...settleA, ...settleB]), 'ERR:BAD_INPUT_TYPE')
    // [fill A → 2, fill A → 3, pay, settle A]: the second fill finds A's fill open
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 3n)), ...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...settleA]), 'ERR:FILL_OPEN')
    // the honest pair of fills, each with its own payment, goes through
    const settleB2 = await orders.settleSteps(filler, b, orderB, await orders.transfer(filler, order.owner, 0n, pay), false)
    await orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, order.owner, 0n, pay), false)), ...(await orders.fillStep(filler, b, orderB, 1_000n, 2n)), ...settleB2])
    expect((await orders.order(b))!.filled).toBe(1_000n)
  })

  it('a settle alone (no fill) is refused', async () => {
    const order = (await orders.order(id))!
    await expectRejected(orders.send(await orders.settleSteps(filler, id, order, await orders.transfer(filler, order.owner, 0n, 1_000n), false)), 'ERR:NO_FILL')
  })

  it('fills the rest: the order closes, its box minimum balance goes back to the owner (settle 2,000 µALGO)', async () => {
    const g = grove()
    const order = (await orders.order(id))!
    const aliceBefore = await g.balance(alice, 0n)
    const sent = await orders.fill(filler, id, order.remaining)
    expect(await orders.order(id)).toBeUndefined()
    expect(await g.balance(alice, 0n)).toBe(aliceBefore + leastPayment(order, order.remaining) + ORDER_MBR)
    expect(sent.fees).toBe(5_000n)
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderClosed')).toEqual([expect.objectContaining({ id, refunded: 0n, cancelled: false })])
    await expectRejected(orders.send(await orders.fillStep(filler, id, { assetIn: token }, 1n, 1n)), 'ERR:NO_ORDER')
  })

  it('refuses a fill of an expired limit order; the owner still cancels it', async () => {
    const id = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, (await orders.now()) + 100n)).value
    await orders.travel(200n)
    await expectRejected(orders.fill(filler, id, 1_000n), 'ERR:EXPIRED')
    await orders.cancel(alice, id)
    expect(await orders.order(id)).toBeUndefined()
  })
})

describe('cancel', () => {
  it('the owner takes back the unfilled rest and the box minimum balance at any time (3,000 µALGO for an ASA); nobody else may; a cancelled order cannot be filled', async () => {
    const g = grove()
    const id = (await orders.placeLimit(alice, token, 5_000_000n, 0n, 5_000_000n, (await orders.now()) + DAY)).value
    await orders.fill(filler, id, 1_000_000n)
    await expectRejected(orders.cancel(mallory, id), 'ERR:NOT_OWNER')
    const [tokens, algo] = [await g.balance(alice, token), await g.balance(alice, 0n)]
    const sent = await orders.cancel(alice, id)
    expect(sent.fees).toBe(3_000n)
    expect(await g.balance(alice, token)).toBe(tokens + 4_000_000n)
    expect(await g.balance(alice, 0n)).toBe(algo + ORDER_MBR - sent.fees)
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderClosed')).toEqual([expect.objectContaining({ id, refunded: 4_000_000n, cancelled: true })])
    // the box is gone: a fill names a box that does not exist
    const before = await g.balance(filler, token)
    await expectRejected(orders.send(await orders.fillStep(filler, id, { assetIn: token }, 1_000n, 1n)), 'ERR:NO_ORDER')
    await expectRejected(orders.cancel(alice, id), 'ERR:NO_ORDER')
    expect(await g.balance(filler, token)).toBe(before)
  })

  it('an ALGO order cancels in one payment (2,000 µALGO); a cancel inside an open fill is refused', async () => {
    const g = grove()
    const id = (await orders.placeLimit(alice, 0n, 3_000_000n, token, 3_000_000n, (await orders.now()) + DAY)).value
    const order = (await orders.order(id))!
    const inside = [...(await orders.fillStep(filler, id, order, 1_000n, 3n)), ...(await orders.cancelSteps(alice, id, order)), ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, alice.addr, token, 1_000n), false))]
    await expectRejected(orders.send(inside), 'ERR:FILL_OPEN')
    const algo = await g.balance(alice, 0n)
    const sent = await orders.cancel(alice, id)
    expect(sent.fees).toBe(2_000n)
    expect(await g.balance(alice, 0n)).toBe(algo + 3_000_000n + ORDER_MBR - 2_000n)
  })
})

describe('recurring', () => {
  it('fills one fill\'s amount at most once per interval, each at least the minimum out, until spent; then closes', async () => {
    const g = grove()
    // 4 fills of 1 TOK every hour, each for at least 0.9 ALGO
    const id = (await orders.placeRecurring(alice, token, 4_000_000n, 0n, 1_000_000n, 900_000n, 3600n)).value
    await expectRejected(orders.fill(filler, id, 500_000n), 'ERR:FILL_AMOUNT')
    await expectRejected(orders.fill(filler, id, 1_000_000n, { pay: { amount: 899_999n } }), 'ERR:UNDERPAID')
    await orders.fill(filler, id, 1_000_000n)
    await expectRejected(orders.fill(filler, id, 1_000_000n), 'ERR:TOO_SOON')
    await orders.travel(3000n)
    await expectRejected(orders.fill(filler, id, 1_000_000n), 'ERR:TOO_SOON')
    await orders.travel(700n)
    await orders.fill(filler, id, 1_000_000n)
    // two fills in one group: the second is too soon
    await orders.travel(3700n)
    const order = (await orders.order(id))!
    const twice = [
      ...(await orders.fillStep(filler, id, order, 1_000_000n, 2n)),
      ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, alice.addr, 0n, 900_000n), false)),
      ...(await orders.fillStep(filler, id, order, 1_000_000n, 2n)),
      ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, alice.addr, 0n, 900_000n), false)),
    ]
    await expectRejected(orders.send(twice), 'ERR:TOO_SOON')
    await orders.fill(filler, id, 1_000_000n)
    await orders.travel(3700n)
    const algo = await g.balance(alice, 0n)
    await orders.fill(filler, id, 1_000_000n)
    expect(await orders.order(id)).toBeUndefined()
    expect(await g.balance(alice, 0n)).toBe(algo + 900_000n + ORDER_MBR)
  })
})

describe('transfer checks on the payment', () => {
  it('refuses a clawback transfer as the payment', async () => {
    const g = grove()
    // an asset whose clawback is mallory: a transfer from alice to alice signed by the clawback moves nothing to her
    const clawed = await g.asset(mallory, { unitName: 'CLW', clawback: mallory.addr })
    await g.optIn(alice, clawed)
    await g.transfer(mallory, alice, clawed, 1_000n)
    const id = (await orders.placeLimit(alice, token, 1_000n, clawed, 1_000n, (await orders.now()) + DAY)).value
    await g.optIn(filler, clawed)
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { sender: mallory, assetSender: alice.addr } }), 'ERR:CLAWBACK')
  })
})
