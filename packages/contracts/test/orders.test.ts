// The Orders contract (issue 41): limit and recurring orders escrowed in boxes, filled flash-style by
// anyone who pays the order at least its price (a recurring order: its pair's Grove TWAP less the owner's
// tolerance) plus the protocol's fee in the same group and keeps the spread; proceeds collect in the
// order. The attacks a filler or a stranger could try, each refused with nothing moved.
import algosdk from 'algosdk'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { decodeEvents } from './events.ts'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { poolBoxName } from './grove.ts'
import { FEE_BOX_MBR, feeBoxName, feeOn, leastPayment, ORDER_MBR, orderBoxName, OrdersKit, recurringLeast, type Step } from './orders.ts'

const grove = useGrove()
let orders: OrdersKit
let alice: User
let filler: User
let mallory: User
let token: bigint
let other: bigint
const DAY = 86_400n
const TIER = 30n

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
  await g.transfer(filler, alice, other, 10n ** 9n)
  // a Grove pool TOK/ALGO at 1 TOK = 1 ALGO the filler routes through, and the TWAP recurring orders read
  const lp = (await g.createPool(filler, ...sorted(0n, token))).value
  await g.optIn(filler, lp)
  await g.addLiquidity(filler, ...sorted(0n, token), 200_000_000n, 200_000_000n)
  // the app holds TOK and OTH (and ALGO's fee box from the deploy): placing costs no opt-in below
  await orders.send([...(await orders.optInSteps(alice, token)), ...(await orders.optInSteps(alice, other))])
}, 180_000)

/** uint64 as 8 big-endian bytes. */
const u64 = (v: bigint): Uint8Array => algosdk.encodeUint64(v)

/**
 * A test-only app that fills an order from inside: called with [orders app, order id, amount, ALGO to pay]
 * it submits [fill, payment, settle] as one inner group; called with [asset] it opts in to it.
 * Foreign apps [orders, DEX, registry] and asset TOK pass on to its inner calls.
 */
async function deployFillProxy(): Promise<{ address: algosdk.Address; call(sender: User, args: Uint8Array[], o: { assets: bigint[]; inner: number; boxes?: bigint[]; feeBoxes?: bigint[]; pools?: [bigint, bigint, bigint][]; accounts?: string[] }): Promise<unknown> }> {
  const g = grove()
  const selector = (sig: string) => `0x${Buffer.from(algosdk.ABIMethod.fromSignature(sig).getSelector()).toString('hex')}`
  const innerAppCall = (method: string, args: string) => `int appl
itxn_field TypeEnum
txna Applications 1
itxn_field ApplicationID
pushbytes ${selector(method)}
itxn_field ApplicationArgs
${args}
txna Applications 2
itxn_field Applications
txna Applications 3
itxn_field Applications
txna Assets 0
itxn_field Assets
int 0
itxn_field Fee`
  const approval = `#pragma version 10
txn ApplicationID
bz done
txn NumAppArgs
int 1
==
bnz optin
itxn_begin
${innerAppCall('fill(uint64,uint64,uint64)void', 'txna ApplicationArgs 1\nitxn_field ApplicationArgs\ntxna ApplicationArgs 2\nitxn_field ApplicationArgs\npushint 2\nitob\nitxn_field ApplicationArgs')}
itxn_next
int pay
itxn_field TypeEnum
txna Applications 1
app_params_get AppAddress
assert
itxn_field Receiver
txna ApplicationArgs 3
btoi
itxn_field Amount
int 0
itxn_field Fee
itxn_next
${innerAppCall('settle(txn,uint64)void', 'txna ApplicationArgs 1\nitxn_field ApplicationArgs')}
itxn_submit
b done
optin:
itxn_begin
int axfer
itxn_field TypeEnum
txna ApplicationArgs 0
btoi
itxn_field XferAsset
global CurrentApplicationAddress
itxn_field AssetReceiver
int 0
itxn_field Fee
itxn_submit
done:
int 1
`
  const created = await g.algorand.send.appCreate({ sender: g.admin.addr, approvalProgram: approval, clearStateProgram: '#pragma version 10\nint 1', note: g.note(), suppressLog: true })
  const address = algosdk.getApplicationAddress(created.appId)
  return {
    address,
    async call(sender, args, o) {
      return orders.send([
        {
          txn: await g.algorand.createTransaction.appCall({
            sender: sender.addr,
            appId: created.appId,
            args,
            appReferences: [orders.appId, g.ids.dexAppId, g.ids.registryAppId],
            assetReferences: o.assets,
            accountReferences: o.accounts,
            boxReferences: [
              ...(o.boxes ?? []).map((id) => ({ appId: orders.appId, name: orderBoxName(id) })),
              ...(o.feeBoxes ?? []).map((asset) => ({ appId: orders.appId, name: feeBoxName(asset) })),
              ...(o.pools ?? []).map(([a, b, tier]) => ({ appId: g.ids.dexAppId, name: poolBoxName(a, b, tier) })),
            ],
            staticFee: AlgoAmount.MicroAlgo(1000n * BigInt(1 + o.inner)),
            note: g.note(),
          }),
          signer: sender.signer,
        },
      ])
    },
  }
}

/** The Orders app's balance of `asset` (µALGO for 0). */
const held = (asset: bigint) => grove().balance(orders.address, asset)

/** `user`'s swap on Grove of `amount` of assetIn: input then the DEX call. */
async function swapOnGrove(user: User, assetIn: bigint, amount: bigint, assetOut: bigint): Promise<Step[]> {
  const g = grove()
  const built = await g.dex.createTransaction.swapExactIn({ sender: user.addr, args: { input: g.input(user, assetIn, amount), assetOut, feeBps: TIER, minOut: 0n }, ...g.refs([sorted(assetIn, assetOut)]), ...g.fee(1) })
  return built.transactions.map((txn) => {
    ;(txn as { group?: Uint8Array }).group = undefined
    return { txn, signer: user.signer }
  })
}

describe('place', () => {
  it('places a limit order: the box, the OrderPlaced event with the fee fixed in, the deposit and exactly the box minimum balance held; fees 3,000 µALGO', async () => {
    const expiry = (await orders.now()) + DAY
    const [algo, tokens] = [await held(0n), await held(token)]
    const sent = await orders.placeLimit(alice, token, 100_000_000n, 0n, 110_000_000n, expiry)
    expect(sent.fees).toBe(3_000n)
    expect(await held(0n)).toBe(algo + ORDER_MBR)
    expect(await held(token)).toBe(tokens + 100_000_000n)
    expect(await orders.order(sent.value)).toMatchObject({ owner: alice.addr.toString(), assetIn: token, assetOut: 0n, remaining: 100_000_000n, amountIn: 100_000_000n, minOut: 110_000_000n, feeBps: 10n, expiry, interval: 0n, proceeds: 0n })
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderPlaced')).toEqual([expect.objectContaining({ id: sent.value, amount: 100_000_000n, minOut: 110_000_000n, feeBps: 10n, expiry })])
  })

  it('refuses a wrong minimum balance, an expiry passed or in milliseconds, the same asset both sides, a zero price, a token the app does not hold, a reused nonce', async () => {
    const now = await orders.now()
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now + DAY, { mbr: ORDER_MBR - 1n }), 'ERR:MBR')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now - 1n), 'ERR:EXPIRED')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, (now + DAY) * 1000n), 'ERR:MILLISECONDS')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, token, 1_000n, now + DAY), 'ERR:SAME_ASSET')
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 0n, now + DAY), 'ERR:ZERO_AMOUNT')
    const { nonce } = orders.next(alice)
    await orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now + DAY, { nonce })
    await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, now + DAY, { nonce }), 'ERR:ORDER_EXISTS')
  })

  it('refuses a recurring order with an interval under a minute, a deposit not a whole number of fills, a tolerance of 100% or more, a maximum below the minimum, a pair without a Grove pool', async () => {
    await expectRejected(orders.placeRecurring(alice, token, 3_000_000n, 0n, { perFill: 1_000_000n, interval: 59n }), 'ERR:BAD_INTERVAL')
    await expectRejected(orders.placeRecurring(alice, token, 3_500_000n, 0n, { perFill: 1_000_000n, interval: 60n }), 'ERR:BAD_AMOUNT')
    await expectRejected(orders.placeRecurring(alice, token, 3_000_000n, 0n, { perFill: 1_000_000n, interval: 60n, toleranceBps: 10_000n }), 'ERR:BAD_TOLERANCE')
    await expectRejected(orders.placeRecurring(alice, token, 3_000_000n, 0n, { perFill: 1_000_000n, interval: 60n, minOut: 2n, maxOut: 1n }), 'ERR:PRICE_RANGE')
    await expectRejected(orders.placeRecurring(alice, token, 3_000_000n, other, { perFill: 1_000_000n, interval: 60n }), /ERR:NO_POOL|assert failed|logic eval error/)
  })
})

describe('limit fills', () => {
  let id: bigint
  beforeAll(async () => {
    // 50 TOK for at least 40 ALGO (0.8 ALGO per TOK): below the pool's price, so filling it pays
    id = (await orders.placeLimit(alice, token, 50_000_000n, 0n, 40_000_000n, (await orders.now()) + DAY)).value
  })

  it('fills part through a Grove swap: the order is credited the least payment ⌈amount·minOut/amountIn⌉, the protocol its fee on top, the filler keeps the spread; fill 2,000 + settle 1,000 µALGO (with the payment 4,000)', async () => {
    const g = grove()
    const amount = 20_000_000n
    const order = (await orders.order(id))!
    const least = leastPayment(order, amount)
    expect(least).toBe(16_000_000n)
    const fee = feeOn(order, least)
    expect(fee).toBe(16_000n)
    const [fillerBefore, feesBefore, appAlgo] = [await g.balance(filler, 0n), await orders.fees(0n), await held(0n)]
    const sent = await orders.fill(filler, id, amount, { middle: await swapOnGrove(filler, token, amount, 0n) })
    // the swap's output less the payment and the group's fees: the spread, positive
    expect((await g.balance(filler, 0n)) - fillerBefore).toBeGreaterThan(1_000_000n)
    expect(sent.fees).toBe(4_000n + 3_000n)
    expect(await held(0n)).toBe(appAlgo + least + fee)
    expect(await orders.fees(0n)).toBe(feesBefore + fee)
    expect(await orders.order(id)).toMatchObject({ remaining: 30_000_000n, filled: amount, received: least, proceeds: least, pendingTake: 0n, pendingPay: 0n })
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderFilled')).toEqual([expect.objectContaining({ id, amount, paid: least, fee, remaining: 30_000_000n })])
  })

  it('refuses a filler who pays less than the minimum plus fee (rounded in the owner\'s favour), and nothing is taken', async () => {
    const order = (await orders.order(id))!
    // 7 TOK units at 0.8: 5.6 → 6, fee ⌈0.006⌉ = 1
    expect(leastPayment(order, 7n)).toBe(6n)
    const tokens = await grove().balance(filler, token)
    await expectRejected(orders.fill(filler, id, 7n, { pay: { amount: 6n } }), 'ERR:UNDERPAID')
    expect(await grove().balance(filler, token)).toBe(tokens)
    await orders.fill(filler, id, 7n)
    expect((await grove().balance(filler, token)) - tokens).toBe(7n)
  })

  it('refuses a payment in another asset, to someone else, from someone else, with close-to or rekey-to', async () => {
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { asset: other, amount: 10n ** 6n } }), 'ERR:BAD_INPUT_TYPE')
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { receiver: alice.addr } }), 'ERR:BAD_RECEIVER')
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { sender: mallory } }), 'ERR:BAD_SENDER')
    // a payer holding nothing but ALGO, closing to a third account
    const closer = await grove().user(10)
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { closeTo: mallory.addr, sender: closer } }), 'ERR:CLOSE_TO')
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { rekeyTo: filler.addr } }), 'ERR:REKEY')
  })

  it('refuses more than the order holds, and nothing', async () => {
    const order = (await orders.order(id))!
    await expectRejected(orders.fill(filler, id, order.remaining + 1n), 'ERR:TOO_MUCH')
    await expectRejected(orders.fill(filler, id, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('refuses a fill without its settle: no settle at the offset, an offset past the group, a verify paired with another order', async () => {
    const order = (await orders.order(id))!
    await expectRejected(orders.send(await orders.fillStep(filler, id, order, 1_000n, 1n)), 'ERR:FILL_PAIR')
    const payment = await orders.transfer(filler, orders.address, 0n, 1_000n)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 5n)), payment]), 'ERR:FILL_PAIR')
    const otherId = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, (await orders.now()) + DAY)).value
    const otherOrder = (await orders.order(otherId))!
    const wrong = await orders.settleSteps(filler, otherId, otherOrder, await orders.transfer(filler, orders.address, 0n, 1_000n), false)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...wrong]), 'ERR:FILL_PAIR')
  })

  it('never credits one payment to two fills: a second settle finds no open fill, a second fill of an open order is refused, a settle reads only the transaction right before it', async () => {
    const order = (await orders.order(id))!
    const pay = leastPayment(order, 1_000n) + feeOn(order, leastPayment(order, 1_000n))
    const first = await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, pay), false)
    const second = await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, pay), false)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...first, ...second]), 'ERR:NO_FILL')
    // [fill A → 3, fill B → 4, pay, settle A, settle B]: settle B's "payment" is settle A
    const b = (await orders.placeLimit(alice, token, 50_000_000n, 0n, 40_000_000n, (await orders.now()) + DAY)).value
    const orderB = (await orders.order(b))!
    const settleA = await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, pay), false)
    const settleB = (await orders.settleSteps(filler, b, orderB, await orders.transfer(filler, orders.address, 0n, pay), false)).slice(1)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 3n)), ...(await orders.fillStep(filler, b, orderB, 1_000n, 3n)), ...settleA, ...settleB]), 'ERR:BAD_INPUT_TYPE')
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000n, 3n)), ...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...settleA]), 'ERR:FILL_OPEN')
    // a limit order may fill twice in one group, each fill with its own payment
    const again = async () => [...(await orders.fillStep(filler, id, order, 1_000n, 2n)), ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, pay), false))]
    await orders.send([...(await again()), ...(await again())])
    expect((await orders.order(id))!.filled).toBe(order.filled + 2_000n)
  })

  it('refuses a settle alone (no fill)', async () => {
    const order = (await orders.order(id))!
    await expectRejected(orders.send(await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, 1_000n), false)), 'ERR:NO_FILL')
  })

  it('the last fill closes the order: the proceeds and the box minimum balance go to the owner (settle 2,000 µALGO)', async () => {
    const g = grove()
    const order = (await orders.order(id))!
    const aliceBefore = await g.balance(alice, 0n)
    const sent = await orders.fill(filler, id, order.remaining)
    expect(await orders.order(id)).toBeUndefined()
    expect(await g.balance(alice, 0n)).toBe(aliceBefore + order.proceeds + leastPayment(order, order.remaining) + ORDER_MBR)
    expect(sent.fees).toBe(5_000n)
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderCollected')).toEqual([expect.objectContaining({ id, amount: order.proceeds + leastPayment(order, order.remaining) })])
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderClosed')).toEqual([expect.objectContaining({ id, refunded: 0n, cancelled: false })])
    await expectRejected(orders.send(await orders.fillStep(filler, id, order, 1n, 1n)), 'ERR:NO_ORDER')
  })

  it('refuses a fill of an expired limit order; the owner still cancels it; an order without expiry fills a day later', async () => {
    const expiring = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, (await orders.now()) + 100n)).value
    const forever = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, 0n)).value
    await orders.travel(200n)
    await expectRejected(orders.fill(filler, expiring, 1_000n), 'ERR:EXPIRED')
    await orders.cancel(alice, expiring)
    expect(await orders.order(expiring)).toBeUndefined()
    await orders.travel(DAY)
    await orders.fill(filler, forever, 1_000n)
    expect((await orders.order(forever))!.filled).toBe(1_000n)
  })

  it('an owner who cannot receive the output yet collects after the last fill: the box stays until then', async () => {
    const g = grove()
    const bob = await g.user(100)
    // bob sells ALGO for TOK without holding TOK
    const bobs = (await orders.placeLimit(bob, 0n, 2_000_000n, token, 1_000_000n, 0n)).value
    await orders.fill(filler, bobs, 2_000_000n)
    expect(await orders.order(bobs)).toMatchObject({ remaining: 0n, proceeds: 1_000_000n })
    await g.optIn(bob, token)
    const algo = await g.balance(bob, 0n)
    const sent = await orders.collect(bob, bobs)
    expect(await orders.order(bobs)).toBeUndefined()
    expect(await g.balance(bob, token)).toBe(1_000_000n)
    expect(await g.balance(bob, 0n)).toBe(algo + ORDER_MBR - sent.fees)
  })
})

describe('collect and cancel', () => {
  it('the owner collects the proceeds so far (2,000 µALGO); nobody else may; nothing left to collect is refused', async () => {
    const g = grove()
    const id = (await orders.placeLimit(alice, token, 5_000_000n, 0n, 5_000_000n, 0n)).value
    await orders.fill(filler, id, 1_000_000n)
    await expectRejected(orders.collect(mallory, id), 'ERR:NOT_OWNER')
    const algo = await g.balance(alice, 0n)
    const sent = await orders.collect(alice, id)
    expect(sent.fees).toBe(2_000n)
    expect(await g.balance(alice, 0n)).toBe(algo + 1_000_000n - 2_000n)
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderCollected')).toEqual([expect.objectContaining({ id, amount: 1_000_000n })])
    await expectRejected(orders.collect(alice, id), 'ERR:NOTHING_TO_COLLECT')
  })

  it('cancel during a partial fill: the unfilled rest, the proceeds and the box minimum balance come back; nobody else may; a cancelled order cannot be filled', async () => {
    const g = grove()
    const id = (await orders.placeLimit(alice, token, 5_000_000n, 0n, 5_000_000n, (await orders.now()) + DAY)).value
    await orders.fill(filler, id, 1_000_000n)
    await expectRejected(orders.cancel(mallory, id), 'ERR:NOT_OWNER')
    const [tokens, algo] = [await g.balance(alice, token), await g.balance(alice, 0n)]
    const sent = await orders.cancel(alice, id)
    expect(sent.fees).toBe(3_000n)
    expect(await g.balance(alice, token)).toBe(tokens + 4_000_000n)
    expect(await g.balance(alice, 0n)).toBe(algo + 1_000_000n + ORDER_MBR - sent.fees)
    expect(decodeEvents(orders.client.appSpec, sent.logs, 'OrderClosed')).toEqual([expect.objectContaining({ id, refunded: 4_000_000n, cancelled: true })])
    const before = await g.balance(filler, token)
    await expectRejected(orders.send(await orders.fillStep(filler, id, { assetIn: token, assetOut: 0n, interval: 0n, poolTier: 0n }, 1_000n, 1n)), 'ERR:NO_ORDER')
    await expectRejected(orders.cancel(alice, id), 'ERR:NO_ORDER')
    expect(await g.balance(filler, token)).toBe(before)
  })

  it('an ALGO order cancels in one payment (2,000 µALGO): the deposit refunded in full; a cancel inside an open fill is refused', async () => {
    const g = grove()
    const algo0 = await g.balance(alice, 0n)
    const id = (await orders.placeLimit(alice, 0n, 3_000_000n, token, 3_000_000n, (await orders.now()) + DAY)).value
    const order = (await orders.order(id))!
    const inside = [...(await orders.fillStep(filler, id, order, 1_000n, 3n)), ...(await orders.cancelSteps(alice, id, order)), ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, token, 2_000n), false))]
    await expectRejected(orders.send(inside), 'ERR:FILL_OPEN')
    const sent = await orders.cancel(alice, id)
    expect(sent.fees).toBe(2_000n)
    // placing's fees are all that the order cost
    expect(await g.balance(alice, 0n)).toBe(algo0 - 3_000n - 2_000n)
  })
})

describe('protocol fee and pause', () => {
  it('the registry admin sets the fee of new orders (at most 1%); orders placed before keep theirs; anyone sweeps the fees to the treasury', async () => {
    const g = grove()
    await expectRejected(orders.setFeeBps(mallory, 50n), 'ERR:NOT_ADMIN')
    await expectRejected(orders.setFeeBps(g.admin, 101n), 'ERR:BAD_FEE')
    const before = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, 0n)).value
    await orders.setFeeBps(g.admin, 50n)
    const after = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 1_000_000n, 0n)).value
    await orders.setFeeBps(g.admin, 10n)
    expect((await orders.order(before))!.feeBps).toBe(10n)
    expect((await orders.order(after))!.feeBps).toBe(50n)
    await orders.fill(filler, after, 1_000_000n)
    const fees = await orders.fees(0n)
    expect(fees).toBeGreaterThanOrEqual(5_000n)
    const treasury = String((await g.registry.state.global.getAll()).treasury)
    const treasuryAlgo = await g.balance(algosdk.Address.fromString(treasury), 0n)
    await orders.sweepFees(mallory, 0n, treasury)
    expect(await orders.fees(0n)).toBe(0n)
    expect(await g.balance(algosdk.Address.fromString(treasury), 0n)).toBe(treasuryAlgo + fees)
    await expectRejected(orders.sweepFees(mallory, 0n, treasury), 'ERR:NO_FEES')
  })

  it('pausing swaps stops placing and filling, never cancelling or collecting', async () => {
    const g = grove()
    const id = (await orders.placeLimit(alice, token, 2_000_000n, 0n, 2_000_000n, 0n)).value
    await orders.fill(filler, id, 1_000_000n)
    await g.registry.send.setPaused({ args: { flags: 1n }, note: g.note() })
    try {
      await expectRejected(orders.placeLimit(alice, token, 1_000n, 0n, 1_000n, 0n), 'ERR:PAUSED')
      await expectRejected(orders.fill(filler, id, 1_000n), 'ERR:PAUSED')
      await orders.collect(alice, id)
      await orders.cancel(alice, id)
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
    expect(await orders.order(id)).toBeUndefined()
  })
})

describe('recurring fills', () => {
  it('fills one fill a minute after placing and then once per interval, each paying at least its TWAP value less the tolerance; the deposit fully refunded with the last fill', async () => {
    const g = grove()
    // 3 fills of 1 TOK every 10 minutes, 2% tolerance
    const placed = await orders.placeRecurring(alice, token, 3_000_000n, 0n, { perFill: 1_000_000n, interval: 600n, toleranceBps: 200n })
    expect(placed.fees).toBe(4_000n)
    const id = placed.value
    await expectRejected(orders.fill(filler, id, 1_000_000n), 'ERR:TOO_SOON')
    await orders.travel(120n)
    await expectRejected(orders.fill(filler, id, 500_000n), 'ERR:FILL_AMOUNT')
    const order = (await orders.order(id))!
    const pool = await g.pool(...sorted(0n, token))
    const { value, least } = recurringLeast(order, pool, await orders.now())
    // no trade in the window: the TWAP is the spot price (ALGO per TOK), applied after the pool's 0.3% fee; less 2%
    const spotValue = (997_000n * pool.reserveA) / pool.reserveB
    expect(value - spotValue).toBeLessThanOrEqual(1n)
    expect(spotValue - value).toBeLessThanOrEqual(1n)
    expect(least).toBe((value * 9_800n) / 10_000n)
    await expectRejected(orders.fill(filler, id, 1_000_000n, { pay: { amount: least + feeOn(order, least) - 1n } }), 'ERR:UNDERPAID')
    const sent = await orders.fill(filler, id, 1_000_000n, { middle: await swapOnGrove(filler, token, 1_000_000n, 0n) })
    expect(sent.fees).toBe(5_000n + 3_000n)
    const after = (await orders.order(id))!
    expect(after).toMatchObject({ remaining: 2_000_000n, proceeds: least, nextFill: after.observedAt + 600n })
    // early: within the interval
    await orders.travel(300n)
    await expectRejected(orders.fill(filler, id, 1_000_000n), 'ERR:TOO_SOON')
    await orders.travel(310n)
    await orders.fill(filler, id, 1_000_000n)
    await orders.travel(610n)
    const last = (await orders.order(id))!
    const lastLeast = await orders.least(last, 1_000_000n)
    const algo = await g.balance(alice, 0n)
    await orders.fill(filler, id, 1_000_000n)
    expect(await orders.order(id)).toBeUndefined()
    expect(await g.balance(alice, 0n)).toBe(algo + last.proceeds + lastLeast + ORDER_MBR)
  })

  it('refuses a recurring fill twice in one group, in a group that moves the price first or after', async () => {
    const id = (await orders.placeRecurring(alice, token, 2_000_000n, 0n, { perFill: 1_000_000n, interval: 60n })).value
    await orders.travel(120n)
    const order = (await orders.order(id))!
    const least = (await orders.least(order, 1_000_000n)) + 10_000n
    const fillGroup = async () => [...(await orders.fillStep(filler, id, order, 1_000_000n, 2n)), ...(await orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, least), false))]
    await expectRejected(orders.send([...(await fillGroup()), ...(await fillGroup())]), 'ERR:GROUP')
    // a swap that pushes TOK's price up before the fill, and one after
    await expectRejected(orders.send([...(await swapOnGrove(filler, 0n, 50_000_000n, token)), ...(await fillGroup())]), 'ERR:GROUP')
    await expectRejected(orders.send([...(await fillGroup()), ...(await swapOnGrove(filler, token, 1_000_000n, 0n))]), 'ERR:GROUP')
    // the honest fill still goes through
    await orders.send(await fillGroup())
    expect((await orders.order(id))!.remaining).toBe(1_000_000n)
  })

  it('refuses a recurring fill whose group holds a flash loan of its pool, inside the filler\'s route or around the whole fill', async () => {
    const g = grove()
    const id = (await orders.placeRecurring(alice, token, 2_000_000n, 0n, { perFill: 1_000_000n, interval: 60n })).value
    await orders.travel(120n)
    const order = (await orders.order(id))!
    const least = (await orders.least(order, 1_000_000n)) + 10_000n
    const [a, b] = sorted(0n, token)
    const loan = 20_000_000n
    // a loan of ALGO from the TWAP's own pool: start, repayment with its fee, verify (three transactions)
    const flash = async (distance: bigint): Promise<{ start: Step[]; repayAndVerify: Step[] }> => {
      const refs = g.refs([[a, b, TIER]])
      const steps = (built: { transactions: algosdk.Transaction[] }) => built.transactions.map((txn) => ({ txn, signer: filler.signer }))
      const start = await g.dex.createTransaction.flashLoan({ sender: filler.addr, args: { verifyOffset: distance, a, b, feeBps: TIER, amountA: loan, amountB: 0n }, ...refs, ...g.fee(1) })
      const verify = await g.dex.createTransaction.verifyFlashLoan({ sender: filler.addr, args: { startOffset: distance, a, b, feeBps: TIER }, ...refs, ...g.fee(0) })
      const repay = { txn: await g.input(filler, 0n, loan + (loan * TIER + 9_999n) / 10_000n), signer: filler.signer }
      return { start: steps(start), repayAndVerify: [repay, ...steps(verify)] }
    }
    const payAndSettle = async () => orders.settleSteps(filler, id, order, await orders.transfer(filler, orders.address, 0n, least), false)
    // inside: [fill, start, repayment, verify, payment, settle]
    const inside = await flash(2n)
    await expectRejected(orders.send([...(await orders.fillStep(filler, id, order, 1_000_000n, 5n)), ...inside.start, ...inside.repayAndVerify, ...(await payAndSettle())]), 'ERR:GROUP')
    // around: [start, fill, payment, settle, repayment, verify] (the start's verify 5 places on)
    const around = await flash(5n)
    await expectRejected(
      orders.send([...around.start, ...(await orders.fillStep(filler, id, order, 1_000_000n, 2n)), ...(await payAndSettle()), ...around.repayAndVerify]),
      'ERR:GROUP',
    )
    // nothing moved: the fill is still due, and an honest one goes through
    expect((await orders.order(id))!.remaining).toBe(2_000_000n)
    await orders.send([...(await orders.fillStep(filler, id, order, 1_000_000n, 2n)), ...(await payAndSettle())])
    expect((await orders.order(id))!.remaining).toBe(1_000_000n)
  })

  it('refuses a recurring fill from another app (an inner call cannot be checked for a sandwich around it), though that app fills a limit order', async () => {
    const g = grove()
    const proxy = await deployFillProxy()
    // the proxy holds TOK's opt-in and ALGO to pay with
    await g.transfer(g.admin, proxy.address, 0n, 10_000_000n)
    await proxy.call(g.admin, [u64(token)], { assets: [token], inner: 1 })
    const limit = (await orders.placeLimit(alice, token, 1_000_000n, 0n, 900_000n, 0n)).value
    const recurring = (await orders.placeRecurring(alice, token, 2_000_000n, 0n, { perFill: 1_000_000n, interval: 60n })).value
    await orders.travel(120n)
    const fill = async (id: bigint) => {
      const order = (await orders.order(id))!
      const least = await orders.least(order, 1_000_000n)
      const pay = least + feeOn(order, least) + (order.interval > 0n ? 10_000n : 0n)
      // [fill, ALGO payment, settle] as the proxy's inner group, from one top-level call
      return proxy.call(filler, [u64(orders.appId), u64(id), u64(1_000_000n), u64(pay)], { assets: [token], inner: 5, boxes: [id], feeBoxes: [0n], pools: [[...sorted(0n, token), TIER]], accounts: [alice.addr.toString()] })
    }
    await expectRejected(fill(recurring), 'ERR:GROUP')
    expect((await orders.order(recurring))!.remaining).toBe(2_000_000n)
    await fill(limit)
    expect(await grove().balance(proxy.address, token)).toBe(1_000_000n)
  })

  it('reads the TWAP, not the price a swap in the same block left: a fill after a price move pays what the window averaged', async () => {
    const g = grove()
    const id = (await orders.placeRecurring(alice, token, 1_000_000n, 0n, { perFill: 1_000_000n, interval: 60n, toleranceBps: 0n })).value
    await orders.travel(300n)
    const order = (await orders.order(id))!
    const before = recurringLeast(order, await g.pool(...sorted(0n, token)), await orders.now()).least
    // dump 100 TOK into the pool: TOK's spot price falls by more than half, the 5-minute TWAP barely moves
    await g.swapExactIn(filler, token, 0n, 100_000_000n)
    const after = recurringLeast(order, await g.pool(...sorted(0n, token)), await orders.now()).least
    expect(after).toBeGreaterThan((before * 95n) / 100n)
    const pool = await g.pool(...sorted(0n, token))
    const spot = (pool.reserveA * 1_000_000n) / pool.reserveB
    expect(spot).toBeLessThan(before)
    await expectRejected(orders.fill(filler, id, 1_000_000n, { pay: { amount: spot } }), 'ERR:UNDERPAID')
    await orders.fill(filler, id, 1_000_000n)
    // the pool back near 1:1 for the tests after
    await g.swapExactIn(filler, 0n, token, 60_000_000n)
  })

  it('bounds fills by the absolute minimum and maximum: a minimum above the TWAP value is owed in full, a TWAP value above the maximum is refused', async () => {
    const high = (await orders.placeRecurring(alice, token, 1_000_000n, 0n, { perFill: 1_000_000n, interval: 60n, minOut: 1_500_000n })).value
    const capped = (await orders.placeRecurring(alice, token, 1_000_000n, 0n, { perFill: 1_000_000n, interval: 60n, maxOut: 500_000n })).value
    await orders.travel(120n)
    const order = (await orders.order(high))!
    expect(await orders.least(order, 1_000_000n)).toBe(1_500_000n)
    await expectRejected(orders.fill(filler, high, 1_000_000n, { pay: { amount: 1_500_000n } }), 'ERR:UNDERPAID')
    await orders.fill(filler, high, 1_000_000n)
    await expectRejected(orders.fill(filler, capped, 1_000_000n, { pay: { amount: 10n ** 7n } }), 'ERR:PRICE_RANGE')
    await orders.cancel(alice, capped)
  })

  it('a stale observation (over an hour) refuses fills until anyone renews it, and a fill waits a minute after; a fresh one cannot be renewed', async () => {
    const id = (await orders.placeRecurring(alice, token, 1_000_000n, 0n, { perFill: 1_000_000n, interval: 60n })).value
    await expectRejected(orders.observe(mallory, id), 'ERR:OBSERVATION_FRESH')
    await orders.travel(3_700n)
    await expectRejected(orders.fill(filler, id, 1_000_000n, { pay: { amount: 10n ** 7n } }), 'ERR:OBSERVATION_STALE')
    await orders.observe(mallory, id)
    await expectRejected(orders.fill(filler, id, 1_000_000n, { pay: { amount: 10n ** 7n } }), 'ERR:TOO_SOON')
    await orders.travel(61n)
    await orders.fill(filler, id, 1_000_000n)
    expect(await orders.order(id)).toBeUndefined()
  })
})

describe('transfer checks on the payment', () => {
  it('refuses a clawback transfer as the payment', async () => {
    const g = grove()
    // an asset whose clawback is mallory: a transfer from alice to the app signed by the clawback
    const clawed = await g.asset(mallory, { unitName: 'CLW', clawback: mallory.addr })
    await g.optIn(alice, clawed)
    await g.transfer(mallory, alice, clawed, 10_000n)
    await orders.send(await orders.optInSteps(alice, clawed))
    const id = (await orders.placeLimit(alice, token, 1_000n, clawed, 1_000n, (await orders.now()) + DAY)).value
    await g.optIn(filler, clawed)
    await expectRejected(orders.fill(filler, id, 1_000n, { pay: { sender: mallory, assetSender: alice.addr, amount: 1_001n } }), /ERR:BAD_SENDER|ERR:CLAWBACK/)
  })

  it('the app opts in to an asset once, for exactly its holding and fee box', async () => {
    const g = grove()
    const fresh = await g.asset(alice, { unitName: 'NEW' })
    await expectRejected(orders.send(await orders.optInSteps(alice, fresh, FEE_BOX_MBR)), 'ERR:MBR')
    await orders.send(await orders.optInSteps(alice, fresh))
    await expectRejected(orders.send(await orders.optInSteps(alice, fresh)), 'ERR:OPTED_IN')
  })
})
