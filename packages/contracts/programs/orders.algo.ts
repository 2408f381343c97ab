import { WideMathContract } from './grove-contract.algo';

/** Minimum balance of an order's box: 2,500 + 400 × (9 + 128) bytes; paid by the owner, refunded when the order closes. */
const ORDER_MBR = 57_300;
/** Timestamps at or above this are taken for milliseconds (as Locks). */
const MILLISECONDS_FROM = 100_000_000_000;

/**
 * An order, the value of its box. Its price is the ratio `minOut / amountIn`: a fill that takes `t`
 * of `assetIn` pays the owner at least ⌈t · minOut / amountIn⌉ of `assetOut` (rounded in the owner's
 * favour). A limit order's `amountIn` is its whole deposit and `interval` is 0; a recurring order's
 * `amountIn` is one fill's amount, taken at most once per `interval` seconds.
 */
type OrderState = {
  owner: Address;
  assetIn: uint64;
  assetOut: uint64;
  /** Still escrowed: the deposit less what fills took. */
  remaining: uint64;
  /** The price's denominator (a limit order: its deposit; a recurring order: one fill). */
  amountIn: uint64;
  /** The price's numerator: least out for `amountIn` in. */
  minOut: uint64;
  /** A limit order fills only before this time; 0 for a recurring order (no expiry). */
  expiry: uint64;
  /** Seconds between a recurring order's fills; 0 for a limit order. */
  interval: uint64;
  /** A recurring order's earliest next fill. */
  nextFill: uint64;
  /** Taken by fills so far. */
  filled: uint64;
  /** Paid to the owner by fills so far (credited payments). */
  received: uint64;
  /** The fill in progress (between `fill` and its `settle`): what it took; 0 when none. */
  pendingTake: uint64;
  /** The least payment the open fill's settle must show. */
  pendingPay: uint64;
};

/**
 * Grove's limit and recurring orders: an owner escrows an asset into an order box; anyone fills it,
 * flash-style, in one group: `fill` sends the taken amount to the filler and opens the fill, the filler
 * routes it anywhere, and `settle` (named by offset, later in the same group) closes the fill against
 * the payment to the owner right before it (its ABI argument), keeping whatever spread the filler made.
 */
export class Orders extends WideMathContract {
  /** The orders, a box `"o" ‖ uint64(id)` each. */
  orders = BoxMap<uint64, OrderState>({ prefix: 'o' });

  /** An order was placed. */
  OrderPlaced = new EventLogger<{
    id: uint64;
    owner: Address;
    assetIn: uint64;
    assetOut: uint64;
    amount: uint64;
    amountIn: uint64;
    minOut: uint64;
    expiry: uint64;
    interval: uint64;
  }>();

  /** A fill settled: `amount` of assetIn taken by `filler`, `paid` of assetOut credited to the owner. */
  OrderFilled = new EventLogger<{ id: uint64; owner: Address; filler: Address; amount: uint64; paid: uint64; remaining: uint64 }>();

  /** The order is gone: cancelled by its owner (`refunded` of assetIn back) or filled out; the box's minimum balance went back to the owner. */
  OrderClosed = new EventLogger<{ id: uint64; owner: Address; refunded: uint64; cancelled: boolean }>();

  createApplication(): void {}

  /** Opts the app into `asset` (anyone; mbr pays its 100,000 µALGO holding), before the first order that escrows it. */
  optInAsset(mbr: PayTxn, asset: uint64): void {
    assert(asset !== 0 && !this.app.address.isOptedInToAsset(AssetID.fromUint64(asset)), 'ERR:OPTED_IN');
    this.optInPaid(mbr, asset);
  }

  /** A new order's id: the top 53 bits of sha512_256(sender ‖ uint64(nonce)) (as Locks: known when the group is built, nobody else's). */
  private orderId(nonce: uint64): uint64 {
    const id = extractUint64(sha512_256(concat(this.txn.sender, itob(nonce))), 0) >> 11;
    assert(id > 0, 'ERR:BAD_NONCE');
    return id;
  }

  /** Escrows the deposit into a new order box; mbr pays exactly ORDER_MBR. */
  private place(mbr: PayTxn, deposit: Txn, assetOut: uint64, amountIn: uint64, minOut: uint64, expiry: uint64, interval: uint64, nonce: uint64): uint64 {
    this.minBalancePayment(mbr);
    assert(mbr.amount === ORDER_MBR, 'ERR:MBR');
    const assetIn = this.assetOf(deposit);
    const amount = this.incoming(deposit, assetIn);
    assert(assetIn !== assetOut, 'ERR:SAME_ASSET');
    // a limit order's price is for its whole deposit (amountIn 0); a recurring order's for one fill, a whole number of them
    let denominator = amountIn;
    if (amountIn === 0) denominator = amount;
    assert(minOut > 0 && denominator > 0, 'ERR:ZERO_AMOUNT');
    assert(amount % denominator === 0, 'ERR:BAD_AMOUNT');
    const id = this.orderId(nonce);
    assert(!this.orders(id).exists, 'ERR:ORDER_EXISTS');
    this.orders(id).value = {
      owner: this.txn.sender,
      assetIn: assetIn,
      assetOut: assetOut,
      remaining: amount,
      amountIn: denominator,
      minOut: minOut,
      expiry: expiry,
      interval: interval,
      nextFill: globals.latestTimestamp,
      filled: 0,
      received: 0,
      pendingTake: 0,
      pendingPay: 0,
    };
    this.OrderPlaced.log({
      id: id,
      owner: this.txn.sender,
      assetIn: assetIn,
      assetOut: assetOut,
      amount: amount,
      amountIn: denominator,
      minOut: minOut,
      expiry: expiry,
      interval: interval,
    });
    return id;
  }

  /**
   * A limit order: sells up to the whole deposit for at least `minOut` of `assetOut` in proportion
   * (price minOut / deposit), until `expiry` (seconds, later than now). Returns the order id.
   */
  placeLimit(mbr: PayTxn, deposit: Txn, assetOut: uint64, minOut: uint64, expiry: uint64, nonce: uint64): uint64 {
    assert(expiry < MILLISECONDS_FROM, 'ERR:MILLISECONDS');
    assert(expiry > globals.latestTimestamp, 'ERR:EXPIRED');
    return this.place(mbr, deposit, assetOut, 0, minOut, expiry, 0, nonce);
  }

  /**
   * A recurring (DCA) order: sells `perFill` every `interval` seconds (the first at once) until the
   * deposit, a whole number of fills, is spent; each fill pays at least `minOutPerFill`. Returns the order id.
   */
  placeRecurring(mbr: PayTxn, deposit: Txn, assetOut: uint64, perFill: uint64, minOutPerFill: uint64, interval: uint64, nonce: uint64): uint64 {
    assert(interval > 0, 'ERR:BAD_INTERVAL');
    assert(perFill > 0, 'ERR:ZERO_AMOUNT');
    return this.place(mbr, deposit, assetOut, perFill, minOutPerFill, 0, interval, nonce);
  }

  /** Deletes the order's box and sends the owner `refund` of assetIn and the box's minimum balance (one payment when assetIn is ALGO). */
  private close(id: uint64, order: OrderState, refund: uint64, cancelled: boolean): void {
    this.orders(id).delete();
    if (order.assetIn === 0) {
      this.send(0, order.owner, refund + ORDER_MBR);
    } else {
      if (refund > 0) this.send(order.assetIn, order.owner, refund);
      this.send(0, order.owner, ORDER_MBR);
    }
    this.OrderClosed.log({ id: id, owner: order.owner, refunded: refund, cancelled: cancelled });
  }

  /** The owner takes back what is unfilled and the box's minimum balance, at any time (expired or not); never inside a fill. */
  cancel(id: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    assert(this.txn.sender === order.owner, 'ERR:NOT_OWNER');
    assert(order.pendingTake === 0, 'ERR:FILL_OPEN');
    this.close(id, order, order.remaining, true);
  }

  /** Checks that the transaction `offset` places later is this app's `settle` of order `id` by the same sender (the one group read outside ABI arguments). */
  private settlePair(offset: uint64, id: uint64): void {
    assert(offset > 0, 'ERR:FILL_PAIR');
    const index = this.txn.groupIndex + offset;
    assert(index < globals.groupSize, 'ERR:FILL_PAIR');
    const t = this.txnGroup[index];
    assert(t.typeEnum === TransactionType.ApplicationCall, 'ERR:FILL_PAIR');
    assert(t.applicationID === this.app && t.onCompletion === 0, 'ERR:FILL_PAIR');
    assert(t.sender === this.txn.sender && t.numAppArgs > 1, 'ERR:FILL_PAIR');
    assert(t.applicationArgs![0] === method('settle(txn,uint64)void'), 'ERR:FILL_PAIR');
    assert(t.applicationArgs![1] === itob(id), 'ERR:FILL_PAIR');
  }

  /**
   * Opens a fill of order `id`: sends `amount` of assetIn to the caller and records the least payment
   * ⌈amount · minOut / amountIn⌉ that the `settle` `settleOffset` places later must show. One fill of
   * an order is open at a time (ERR:FILL_OPEN); a limit order fills before its expiry, a recurring one
   * exactly one fill's amount (or what is left) at most once per interval.
   */
  fill(id: uint64, amount: uint64, settleOffset: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    assert(order.pendingTake === 0, 'ERR:FILL_OPEN');
    this.settlePair(settleOffset, id);
    assert(amount > 0, 'ERR:ZERO_AMOUNT');
    assert(amount <= order.remaining, 'ERR:TOO_MUCH');
    if (order.interval === 0) {
      assert(globals.latestTimestamp < order.expiry, 'ERR:EXPIRED');
    } else {
      assert(globals.latestTimestamp >= order.nextFill, 'ERR:TOO_SOON');
      let due = order.amountIn;
      if (order.remaining < due) due = order.remaining;
      assert(amount === due, 'ERR:FILL_AMOUNT');
      order.nextFill = globals.latestTimestamp + order.interval;
    }
    order.remaining = order.remaining - amount;
    order.pendingTake = amount;
    order.pendingPay = this.ceilMulDiv(amount, order.minOut, order.amountIn);
    this.orders(id).value = order;
    this.send(order.assetIn, this.txn.sender, amount);
  }

  /**
   * Closes the open fill of order `id` against `payment`, the transaction right before this call: a
   * transfer of assetOut to the owner of at least the fill's least payment, no close-to, no rekey, no
   * clawback (anyone may send it). A filled-out order closes: its box's minimum balance goes back to the owner.
   */
  settle(payment: Txn, id: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    // a settle without its fill (or a second settle of one fill) finds no open fill
    assert(order.pendingTake > 0, 'ERR:NO_FILL');
    let paid = 0;
    if (order.assetOut === 0) {
      assert(payment.typeEnum === TransactionType.Payment, 'ERR:BAD_INPUT_TYPE');
      assert(payment.receiver === order.owner, 'ERR:BAD_RECEIVER');
      assert(payment.closeRemainderTo === globals.zeroAddress, 'ERR:CLOSE_TO');
      paid = payment.amount;
    } else {
      assert(payment.typeEnum === TransactionType.AssetTransfer, 'ERR:BAD_INPUT_TYPE');
      assert(payment.xferAsset.id === order.assetOut, 'ERR:BAD_INPUT_ASSET');
      assert(payment.assetReceiver === order.owner, 'ERR:BAD_RECEIVER');
      assert(payment.assetCloseTo === globals.zeroAddress, 'ERR:CLOSE_TO');
      assert(payment.assetSender === globals.zeroAddress, 'ERR:CLAWBACK');
      paid = payment.assetAmount;
    }
    assert(payment.rekeyTo === globals.zeroAddress, 'ERR:REKEY');
    assert(paid >= order.pendingPay, 'ERR:UNDERPAID');
    const taken = order.pendingTake;
    order.filled = order.filled + taken;
    order.received = order.received + paid;
    order.pendingTake = 0;
    order.pendingPay = 0;
    this.orders(id).value = order;
    this.OrderFilled.log({ id: id, owner: order.owner, filler: this.txn.sender, amount: taken, paid: paid, remaining: order.remaining });
    if (order.remaining === 0) this.close(id, order, 0, false);
  }
}
