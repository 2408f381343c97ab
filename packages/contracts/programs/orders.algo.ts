import { RegistryBoundContract } from './grove-contract.algo';

/** Minimum balance of an order's box: 2,500 + 400 × (9 + 208) bytes; paid by the owner, refunded when the order closes. */
const ORDER_MBR = 89_300;
/** Minimum balance of the app's holding of an asset and of its fee box (2,500 + 400 × (9 + 8)): what `optInAsset` takes. */
const ASSET_MBR = 109_300;
/** Timestamps at or above this are taken for milliseconds (as Locks). */
const MILLISECONDS_FROM = 100_000_000_000;
/** Basis points in one. */
const BPS = 10000;
/** The registry's pause flag of swaps: it stops placing and filling orders too (never cancelling or collecting). */
const PAUSE_SWAPS = 1;
/** The shortest interval of a recurring order, and the shortest TWAP window a fill reads (seconds). */
const MIN_WINDOW = 60;
/** The longest TWAP window a recurring fill reads: an older observation is stale, and anyone may renew it. */
const MAX_WINDOW = 3600;
/** The highest protocol fee the admin may set (1%). */
const MAX_FEE_BPS = 100;

/**
 * An order, the value of its box. Its price is the ratio `minOut / amountIn`: a fill that takes `t`
 * of `assetIn` pays at least ⌈t · minOut / amountIn⌉ of `assetOut` to the owner's proceeds (rounded in
 * the owner's favour), plus the protocol's fee on that. A limit order's `amountIn` is its whole deposit
 * and `interval` is 0; a recurring order's `amountIn` is one fill's amount, taken at most once per
 * `interval` seconds for at least its value at the pair's TWAP less `toleranceBps`.
 */
type OrderState = {
  owner: Address;
  assetIn: uint64;
  assetOut: uint64;
  /** Still escrowed: the deposit less what fills took. */
  remaining: uint64;
  /** The price's denominator (a limit order: its deposit; a recurring order: one fill). */
  amountIn: uint64;
  /** The price's numerator: least out for `amountIn` in (a recurring order: 0 for none). */
  minOut: uint64;
  /** A recurring order fills only while `amountIn` is worth at most this at the TWAP (0: no maximum). */
  maxOut: uint64;
  /** A recurring fill pays at least the TWAP value less this (bps). */
  toleranceBps: uint64;
  /** The fee tier (bps) of the Grove pool whose TWAP bounds a recurring order's fills (0 for a limit order). */
  poolTier: uint64;
  /** The protocol's fee (bps of the owner's least payment), fixed at placing. */
  feeBps: uint64;
  /** A limit order fills only before this time (0: never expires); 0 for a recurring order. */
  expiry: uint64;
  /** Seconds between a recurring order's fills; 0 for a limit order. */
  interval: uint64;
  /** A recurring order's earliest next fill. */
  nextFill: uint64;
  /** Taken by fills so far. */
  filled: uint64;
  /** Credited to the owner by fills so far (fees excluded). */
  received: uint64;
  /** Of `received`, still held in the app for the owner to collect. */
  proceeds: uint64;
  /** The fill in progress (between `fill` and its `settle`): what it took; 0 when none. */
  pendingTake: uint64;
  /** The least the open fill's settle must credit the owner. */
  pendingPay: uint64;
  /** When `observed` was read (a recurring order; 0 for a limit order). */
  observedAt: uint64;
  /** The pair's Grove pool's cumulative price of assetIn in assetOut at `observedAt`: the start of the next fill's TWAP window. */
  observed: uint256;
};

/**
 * Grove's limit and recurring orders: an owner escrows an asset into an order box; anyone fills it,
 * flash-style, in one group: `fill` sends the taken amount to the filler and opens the fill, the filler
 * routes it anywhere, and `settle` (named by offset, later in the same group) closes the fill against
 * the payment to the app right before it (its ABI argument), credited to the order's proceeds; the
 * filler keeps whatever spread it made. The owner collects the proceeds (or gets them with the last fill).
 */
export class Orders extends RegistryBoundContract {
  /** The DEX whose pools' cumulative prices bound recurring fills; its `registry` holds the admin, pause flags and treasury. */
  dex = GlobalStateKey<uint64>({ key: 'dex' });

  /** The protocol's fee (bps) fixed into each new order. */
  feeBps = GlobalStateKey<uint64>({ key: 'feeBps' });

  /** The orders, a box `"o" ‖ uint64(id)` each. */
  orders = BoxMap<uint64, OrderState>({ prefix: 'o' });

  /** Protocol fees held per asset, a box `"f" ‖ uint64(asset)` each (created by `optInAsset`), swept to the treasury by anyone. */
  fees = BoxMap<uint64, uint64>({ prefix: 'f' });

  /** An order was placed. */
  OrderPlaced = new EventLogger<{
    id: uint64;
    owner: Address;
    assetIn: uint64;
    assetOut: uint64;
    amount: uint64;
    amountIn: uint64;
    minOut: uint64;
    maxOut: uint64;
    toleranceBps: uint64;
    poolTier: uint64;
    feeBps: uint64;
    expiry: uint64;
    interval: uint64;
  }>();

  /** A fill settled: `amount` of assetIn taken by `filler`, `paid` of assetOut credited to the owner, `fee` to the protocol. */
  OrderFilled = new EventLogger<{ id: uint64; owner: Address; filler: Address; amount: uint64; paid: uint64; fee: uint64; remaining: uint64 }>();

  /** Proceeds (`amount` of assetOut) went to the owner: collected, or with the order's close. */
  OrderCollected = new EventLogger<{ id: uint64; owner: Address; amount: uint64 }>();

  /** The order is gone: cancelled by its owner (`refunded` of assetIn back) or filled out; the box's minimum balance went back to the owner. */
  OrderClosed = new EventLogger<{ id: uint64; owner: Address; refunded: uint64; cancelled: boolean }>();

  /** Binds the app to the DEX (and through it the registry); the fee starts at 0.1%. */
  createApplication(dexApp: uint64): void {
    this.dex.value = dexApp;
    this.feeBps.value = 10;
  }

  private registry(): AppID {
    return AppID.fromUint64(AppID.fromUint64(this.dex.value).globalState('registry') as uint64);
  }

  /** The registry's admin sets the fee of new orders (0 to 1%); orders placed before keep theirs. */
  setFeeBps(bps: uint64): void {
    assert(this.txn.sender === (this.registry().globalState('admin') as Address), 'ERR:NOT_ADMIN');
    assert(bps <= MAX_FEE_BPS, 'ERR:BAD_FEE');
    this.feeBps.value = bps;
  }

  /**
   * Anyone, before the first order that escrows or is paid in `asset`: opts the app in (an ASA) and
   * creates the asset's fee box; mbr pays exactly 109,300 µALGO for an ASA, 9,300 for ALGO (the box alone).
   */
  optInAsset(mbr: PayTxn, asset: uint64): void {
    assert(!this.fees(asset).exists, 'ERR:OPTED_IN');
    this.minBalancePayment(mbr);
    if (asset === 0) {
      assert(mbr.amount === ASSET_MBR - 100_000, 'ERR:MBR');
    } else {
      assert(mbr.amount === ASSET_MBR, 'ERR:MBR');
      this.optIn(asset);
    }
    this.fees(asset).value = 0;
  }

  /** Anyone: sends the protocol fees held in `asset` to the registry's treasury (the vault). */
  sweepFees(asset: uint64): void {
    assert(this.fees(asset).exists, 'ERR:NOT_OPTED_IN');
    const amount = this.fees(asset).value;
    assert(amount > 0, 'ERR:NO_FEES');
    this.fees(asset).value = 0;
    this.send(asset, this.registry().globalState('treasury') as Address, amount);
  }

  /** A new order's id: the top 53 bits of sha512_256(sender ‖ uint64(nonce)) (as Locks: known when the group is built, nobody else's). */
  private orderId(nonce: uint64): uint64 {
    const id = extractUint64(sha512_256(concat(this.txn.sender, itob(nonce))), 0) >> 11;
    assert(id > 0, 'ERR:BAD_NONCE');
    return id;
  }

  /**
   * The pool (assetIn, assetOut, tier)'s cumulative price of assetIn in assetOut brought up to now (uint256,
   * as the DEX's accrue would: cum += ⌊r'·2^64/r⌋ · (now − lastUpdate)) ‖ uint64(now) ‖ uint64(pool fee),
   * read through the DEX's `getPool` (an inner call: an app cannot read another's boxes). The DEX refuses
   * a pool a flash call in this group has lent (ERR:FLASH_LOCKED); a pool without reserves is refused.
   */
  private cumulative(assetIn: uint64, assetOut: uint64, tier: uint64): bytes {
    let a = assetIn;
    let b = assetOut;
    if (assetOut < assetIn) {
      a = assetOut;
      b = assetIn;
    }
    sendAppCall({
      applicationID: AppID.fromUint64(this.dex.value),
      applicationArgs: [
        method('getPool(uint64,uint64,uint64)(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)'),
        itob(a),
        itob(b),
        itob(tier),
      ],
      fee: 0,
    });
    // the ABI return: 0x151f7c75 ‖ PoolState (136 bytes)
    const pool = extract3(this.itxn.lastLog, 4, 136);
    let rIn = extractUint64(pool, 0);
    let rOut = extractUint64(pool, 8);
    let side = 64;
    if (assetOut < assetIn) {
      rIn = extractUint64(pool, 8);
      rOut = extractUint64(pool, 0);
      side = 96;
    }
    assert(rIn > 0 && rOut > 0, 'ERR:NO_LIQUIDITY');
    const last = extractUint64(pool, 128);
    const now = last >= globals.latestTimestamp ? last : globals.latestTimestamp;
    // Q64.64 price rOut/rIn, as the DEX's accrue: integer part ‖ ⌊fraction·2^64⌋
    const price = concat(itob(rOut / rIn), itob(divw(rOut % rIn, 0, rIn)));
    // padded back to 32 bytes: byte math drops leading zeros
    const cum = bitwiseOr(
      bzero(32),
      castBytes<bytes>(
        // @ts-expect-error castBytes<bytes> takes the raw b+ result, as in the DEX's accrue
        castBytes<uint<512>>(extract3(pool, side, 32)) + castBytes<uint<512>>(price) * castBytes<uint<512>>(itob(now - last)),
      ),
    );
    return concat(cum, concat(itob(now), extract3(pool, 32, 8)));
  }

  /** Escrows the deposit into a new order box; mbr pays exactly ORDER_MBR. */
  private place(mbr: PayTxn, deposit: Txn, assetOut: uint64, amountIn: uint64, minOut: uint64, maxOut: uint64, toleranceBps: uint64, poolTier: uint64, expiry: uint64, interval: uint64, nonce: uint64): uint64 {
    this.notPaused(this.registry().id, PAUSE_SWAPS);
    this.minBalancePayment(mbr);
    assert(mbr.amount === ORDER_MBR, 'ERR:MBR');
    const assetIn = this.assetOf(deposit);
    const amount = this.incoming(deposit, assetIn);
    assert(assetIn !== assetOut, 'ERR:SAME_ASSET');
    // the app is paid in assetOut: it must hold it (and its fee box) before any fill
    assert(this.fees(assetOut).exists, 'ERR:NOT_OPTED_IN');
    // a limit order's price is for its whole deposit (amountIn 0); a recurring order's for one fill, a whole number of them
    let denominator = amountIn;
    if (amountIn === 0) denominator = amount;
    assert(denominator > 0, 'ERR:ZERO_AMOUNT');
    assert(amount % denominator === 0, 'ERR:BAD_AMOUNT');
    const id = this.orderId(nonce);
    assert(!this.orders(id).exists, 'ERR:ORDER_EXISTS');
    let observed = castBytes<uint256>(bzero(32));
    let observedAt = 0;
    let nextFill = globals.latestTimestamp;
    if (interval > 0) {
      // the first fill's TWAP window starts here, so it comes at least MIN_WINDOW later
      const current = this.cumulative(assetIn, assetOut, poolTier);
      observed = castBytes<uint256>(extract3(current, 0, 32));
      observedAt = extractUint64(current, 32);
      nextFill = observedAt + MIN_WINDOW;
    }
    const feeBps = this.feeBps.value;
    this.orders(id).value = {
      owner: this.txn.sender,
      assetIn: assetIn,
      assetOut: assetOut,
      remaining: amount,
      amountIn: denominator,
      minOut: minOut,
      maxOut: maxOut,
      toleranceBps: toleranceBps,
      poolTier: poolTier,
      feeBps: feeBps,
      expiry: expiry,
      interval: interval,
      nextFill: nextFill,
      filled: 0,
      received: 0,
      proceeds: 0,
      pendingTake: 0,
      pendingPay: 0,
      observedAt: observedAt,
      observed: observed,
    };
    this.OrderPlaced.log({
      id: id,
      owner: this.txn.sender,
      assetIn: assetIn,
      assetOut: assetOut,
      amount: amount,
      amountIn: denominator,
      minOut: minOut,
      maxOut: maxOut,
      toleranceBps: toleranceBps,
      poolTier: poolTier,
      feeBps: feeBps,
      expiry: expiry,
      interval: interval,
    });
    return id;
  }

  /**
   * A limit order: sells up to the whole deposit for at least `minOut` of `assetOut` in proportion
   * (price minOut / deposit), until `expiry` (seconds, later than now; 0 for none). Returns the order id.
   */
  placeLimit(mbr: PayTxn, deposit: Txn, assetOut: uint64, minOut: uint64, expiry: uint64, nonce: uint64): uint64 {
    assert(expiry < MILLISECONDS_FROM, 'ERR:MILLISECONDS');
    assert(expiry === 0 || expiry > globals.latestTimestamp, 'ERR:EXPIRED');
    assert(minOut > 0, 'ERR:ZERO_AMOUNT');
    return this.place(mbr, deposit, assetOut, 0, minOut, 0, 0, 0, expiry, 0, nonce);
  }

  /**
   * A recurring (DCA) order: sells `perFill` every `interval` seconds (≥ 60; the first a minute after
   * placing) until the deposit, a whole number of fills, is spent. Each fill pays at least its value at
   * the pair's Grove TWAP less `toleranceBps`, and at least `minOutPerFill`; it fills only while that
   * value is at most `maxOutPerFill` (0: no maximum). The TWAP is the Grove pool's of the pair in fee tier `poolTier`. Returns the order id.
   */
  placeRecurring(mbr: PayTxn, deposit: Txn, assetOut: uint64, perFill: uint64, minOutPerFill: uint64, maxOutPerFill: uint64, toleranceBps: uint64, poolTier: uint64, interval: uint64, nonce: uint64): uint64 {
    assert(interval >= MIN_WINDOW, 'ERR:BAD_INTERVAL');
    assert(perFill > 0, 'ERR:ZERO_AMOUNT');
    assert(toleranceBps < BPS, 'ERR:BAD_TOLERANCE');
    assert(maxOutPerFill === 0 || maxOutPerFill >= minOutPerFill, 'ERR:PRICE_RANGE');
    return this.place(mbr, deposit, assetOut, perFill, minOutPerFill, maxOutPerFill, toleranceBps, poolTier, 0, interval, nonce);
  }

  /** Sends `amount` of the order's proceeds (assetOut) to its owner and says so. */
  private payProceeds(id: uint64, order: OrderState, extraAlgo: uint64): void {
    if (order.assetOut === 0) {
      this.send(0, order.owner, order.proceeds + extraAlgo);
    } else {
      if (order.proceeds > 0) this.send(order.assetOut, order.owner, order.proceeds);
      if (extraAlgo > 0) this.send(0, order.owner, extraAlgo);
    }
    if (order.proceeds > 0) this.OrderCollected.log({ id: id, owner: order.owner, amount: order.proceeds });
  }

  /** Deletes the order's box and sends the owner `refund` of assetIn, the proceeds and the box's minimum balance (ALGO amounts in one payment). */
  private close(id: uint64, order: OrderState, refund: uint64, cancelled: boolean): void {
    this.orders(id).delete();
    let algo = ORDER_MBR;
    if (order.assetIn === 0) {
      algo = algo + refund;
    } else if (refund > 0) {
      this.send(order.assetIn, order.owner, refund);
    }
    this.payProceeds(id, order, algo);
    this.OrderClosed.log({ id: id, owner: order.owner, refunded: refund, cancelled: cancelled });
  }

  /** The owner takes back what is unfilled, the proceeds and the box's minimum balance, at any time (expired or paused too); never inside a fill. */
  cancel(id: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    assert(this.txn.sender === order.owner, 'ERR:NOT_OWNER');
    assert(order.pendingTake === 0, 'ERR:FILL_OPEN');
    this.close(id, order, order.remaining, true);
  }

  /** The owner takes the proceeds so far (paused too); an order filled out closes with them. Never inside a fill. */
  collect(id: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    assert(this.txn.sender === order.owner, 'ERR:NOT_OWNER');
    assert(order.pendingTake === 0, 'ERR:FILL_OPEN');
    if (order.remaining === 0) {
      this.close(id, order, 0, false);
    } else {
      assert(order.proceeds > 0, 'ERR:NOTHING_TO_COLLECT');
      this.payProceeds(id, order, 0);
      order.proceeds = 0;
      this.orders(id).value = order;
    }
  }

  /** Anyone: renews a recurring order's stale TWAP observation (older than an hour), so a fill can follow a minute or more later. */
  observe(id: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    assert(order.interval > 0, 'ERR:NOT_RECURRING');
    assert(order.pendingTake === 0, 'ERR:FILL_OPEN');
    assert(globals.latestTimestamp - order.observedAt > MAX_WINDOW, 'ERR:OBSERVATION_FRESH');
    const current = this.cumulative(order.assetIn, order.assetOut, order.poolTier);
    order.observed = castBytes<uint256>(extract3(current, 0, 32));
    order.observedAt = extractUint64(current, 32);
    if (order.nextFill < order.observedAt + MIN_WINDOW) order.nextFill = order.observedAt + MIN_WINDOW;
    this.orders(id).value = order;
  }

  /** Checks that the transaction `offset` places later is this app's `settle` of order `id` by the same sender; returns its index. */
  private settlePair(offset: uint64, id: uint64): uint64 {
    assert(offset > 0, 'ERR:FILL_PAIR');
    const index = this.txn.groupIndex + offset;
    assert(index < globals.groupSize, 'ERR:FILL_PAIR');
    const t = this.txnGroup[index];
    assert(t.typeEnum === TransactionType.ApplicationCall, 'ERR:FILL_PAIR');
    assert(t.applicationID === this.app && t.onCompletion === 0, 'ERR:FILL_PAIR');
    assert(t.sender === this.txn.sender && t.numAppArgs > 1, 'ERR:FILL_PAIR');
    assert(t.applicationArgs![0] === method('settle(txn,uint64)void'), 'ERR:FILL_PAIR');
    assert(t.applicationArgs![1] === itob(id), 'ERR:FILL_PAIR');
    return index;
  }

  /**
   * A recurring fill's group (no sandwich): the fill is a top-level call, the group's only fill of
   * this app, and every DEX call in it sits between the fill and its settle (the filler's route), none
   * of them a flash call (ERR:GROUP). Reads app calls only (their app id and method), never a transfer.
   */
  private aloneInGroup(settleIndex: uint64): void {
    assert(globals.callerApplicationID === AppID.zeroIndex, 'ERR:GROUP');
    const dex = AppID.fromUint64(this.dex.value);
    for (let i = 0; i < globals.groupSize; i = i + 1) {
      if (this.txnGroup[i].typeEnum === TransactionType.ApplicationCall && this.txnGroup[i].numAppArgs > 0) {
        const selector = this.txnGroup[i].applicationArgs![0];
        if (this.txnGroup[i].applicationID === dex) {
          assert(i > this.txn.groupIndex && i < settleIndex, 'ERR:GROUP');
          assert(
            selector !== method('flashLoan(uint64,uint64,uint64,uint64,uint64,uint64)void') &&
              selector !== method('flashSwap(uint64,uint64,uint64,uint64,uint64,uint64)void'),
            'ERR:GROUP',
          );
        }
        if (this.txnGroup[i].applicationID === this.app && i !== this.txn.groupIndex) {
          assert(selector !== method('fill(uint64,uint64,uint64)void'), 'ERR:GROUP');
        }
      }
    }
  }

  /**
   * Opens a fill of order `id`: sends `amount` of assetIn to the caller and records the least credit
   * the `settle` `settleOffset` places later must show. One fill of an order is open at a time
   * (ERR:FILL_OPEN). A limit order fills any part before its expiry, for ⌈amount · minOut / amountIn⌉;
   * a recurring one exactly one fill at most once per interval, alone in its group (aloneInGroup), for
   * the most of minOut and its TWAP value since the order's observation less the tolerance.
   */
  fill(id: uint64, amount: uint64, settleOffset: uint64): void {
    this.notPaused(this.registry().id, PAUSE_SWAPS);
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    assert(order.pendingTake === 0, 'ERR:FILL_OPEN');
    const settleIndex = this.settlePair(settleOffset, id);
    assert(amount > 0, 'ERR:ZERO_AMOUNT');
    assert(amount <= order.remaining, 'ERR:TOO_MUCH');
    if (order.interval === 0) {
      assert(order.expiry === 0 || globals.latestTimestamp < order.expiry, 'ERR:EXPIRED');
      order.pendingPay = this.ceilMulDiv(amount, order.minOut, order.amountIn);
    } else {
      assert(globals.latestTimestamp >= order.nextFill, 'ERR:TOO_SOON');
      assert(amount === order.amountIn, 'ERR:FILL_AMOUNT');
      this.aloneInGroup(settleIndex);
      const current = this.cumulative(order.assetIn, order.assetOut, order.poolTier);
      const now = extractUint64(current, 32);
      const window = now - order.observedAt;
      assert(window >= MIN_WINDOW, 'ERR:TOO_SOON');
      assert(window <= MAX_WINDOW, 'ERR:OBSERVATION_STALE');
      const cum = castBytes<uint256>(extract3(current, 0, 32));
      const average = (cum - order.observed) / (window as uint256);
      // the TWAP value of one fill after the pool's fee: ⌊net · average / 2^64⌋ (average ≤ 2^128, so it fits 256 bits)
      const poolFee = extractUint64(current, 40);
      const net = amount - this.ceilMulDiv(amount, poolFee, BPS);
      const scaled = (average * (net as uint256)) / Uint<256>('18446744073709551616');
      assert(scaled < Uint<256>('18446744073709551616'), 'ERR:OVERFLOW');
      const value = extractUint64(rawBytes(scaled), 24);
      assert(order.maxOut === 0 || value <= order.maxOut, 'ERR:PRICE_RANGE');
      let least = this.floorMulDiv(value, BPS - order.toleranceBps, BPS);
      if (least < order.minOut) least = order.minOut;
      assert(least > 0, 'ERR:ZERO_OUT');
      order.pendingPay = least;
      order.observed = cum;
      order.observedAt = now;
      order.nextFill = now + order.interval;
    }
    order.remaining = order.remaining - amount;
    order.pendingTake = amount;
    this.orders(id).value = order;
    this.send(order.assetIn, this.txn.sender, amount);
  }

  /**
   * Closes the open fill of order `id` against `payment`, the transaction right before this call: the
   * caller's transfer of assetOut to the app (incoming's checks) of at least the fill's least credit
   * plus the protocol's fee on it (⌈least · feeBps / 10,000⌉); all but the fee is the owner's. The last
   * fill closes the order, sending the owner the proceeds and the box's minimum balance, when the owner
   * can receive assetOut; otherwise the owner collects later.
   */
  settle(payment: Txn, id: uint64): void {
    assert(this.orders(id).exists, 'ERR:NO_ORDER');
    const order = this.orders(id).value;
    // a settle without its fill (or a second settle of one fill) finds no open fill
    assert(order.pendingTake > 0, 'ERR:NO_FILL');
    const paid = this.incoming(payment, order.assetOut);
    const fee = this.ceilMulDiv(order.pendingPay, order.feeBps, BPS);
    assert(paid >= order.pendingPay + fee, 'ERR:UNDERPAID');
    const credit = paid - fee;
    const taken = order.pendingTake;
    order.filled = order.filled + taken;
    order.received = order.received + credit;
    order.proceeds = order.proceeds + credit;
    order.pendingTake = 0;
    order.pendingPay = 0;
    this.orders(id).value = order;
    if (fee > 0) this.fees(order.assetOut).value = this.fees(order.assetOut).value + fee;
    this.OrderFilled.log({ id: id, owner: order.owner, filler: this.txn.sender, amount: taken, paid: credit, fee: fee, remaining: order.remaining });
    if (order.remaining === 0 && (order.assetOut === 0 || order.owner.isOptedInToAsset(AssetID.fromUint64(order.assetOut)))) {
      this.close(id, order, 0, false);
    }
  }
}
