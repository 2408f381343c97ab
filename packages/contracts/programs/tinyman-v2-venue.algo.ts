import { Contract } from '@algorandfoundation/tealscript';

// Tinyman v2-compatible (local): a validator written here, from Tinyman AMM v2's published protocol
// (its specification and what @tinymanorg/tinyman-js-sdk sends and reads), so the SDK's own bootstrap,
// add, swap and remove flows run on the embedded localnet. Not Tinyman's program: the app calls are
// Tinyman's (raw string arguments, not ABI), the pool is Tinyman's logic-sig account rekeyed to this
// app, and its state is the pool account's local state under Tinyman's key names.
//
// The protocol reads the transfers a call credits at fixed places before it in the group (the input at
// groupIndex − 1, a two-asset add at − 2 and − 1). Each read checks the transaction's type is a
// payment or an asset transfer, so no transfer is credited to two calls: a call reads back at most two
// places, and any call of this app between a transfer and a later call sits where that later call
// expects a transfer (docs/contracts.md, "Tinyman v2-compatible venue").

/** total_fee_share is in basis points. */
const BPS = 10_000;
/** The pool tokens the first provider never gets: ⌊√(a·b)⌋ − 1000 are issued to it. */
const LOCKED = 1000;
/** An asset whose total is smaller cannot be pooled. */
const MIN_TOTAL = 1_000_000;

export class TinymanV2Venue extends Contract {
  programVersion = 10;

  // global state: the three roles Tinyman's validator keeps (all the creator here)
  feeSetter = GlobalStateKey<Address>({ key: 'fee_setter' });

  feeCollector = GlobalStateKey<Address>({ key: 'fee_collector' });

  feeManager = GlobalStateKey<Address>({ key: 'fee_manager' });

  // a pool's state: the pool account's local state, under the key names the SDK reads
  asset1Id = LocalStateKey<uint64>({ key: 'asset_1_id' });

  asset2Id = LocalStateKey<uint64>({ key: 'asset_2_id' });

  poolTokenId = LocalStateKey<uint64>({ key: 'pool_token_asset_id' });

  totalFeeShare = LocalStateKey<uint64>({ key: 'total_fee_share' });

  protocolFeeRatio = LocalStateKey<uint64>({ key: 'protocol_fee_ratio' });

  reserves1 = LocalStateKey<uint64>({ key: 'asset_1_reserves' });

  reserves2 = LocalStateKey<uint64>({ key: 'asset_2_reserves' });

  issued = LocalStateKey<uint64>({ key: 'issued_pool_tokens' });

  protocolFees1 = LocalStateKey<uint64>({ key: 'asset_1_protocol_fees' });

  protocolFees2 = LocalStateKey<uint64>({ key: 'asset_2_protocol_fees' });

  lock = LocalStateKey<uint64>({ key: 'lock' });

  cumulativePrice1 = LocalStateKey<uint256>({ key: 'asset_1_cumulative_price' });

  cumulativePrice2 = LocalStateKey<uint256>({ key: 'asset_2_cumulative_price' });

  priceUpdatedAt = LocalStateKey<uint64>({ key: 'cumulative_price_update_timestamp' });

  createApplication(): void {
    this.feeSetter.value = this.txn.sender;
    this.feeCollector.value = this.txn.sender;
    this.feeManager.value = this.txn.sender;
  }

  /**
   * bootstrap: the pool's logic-sig account opts in, rekeyed to this app; assets [asset_1, asset_2],
   * asset_1 > asset_2 (ALGO = 0). The app creates the pool token, opts the pool in and moves the whole
   * supply to it. The funding payment before the call covers the pool's minimum balance.
   */
  @nonABIRouterFallback.call('OptIn')
  bootstrap(): void {
    assert(this.txn.applicationArgs![0] === 'bootstrap', 'ERR:BAD_CALL');
    assert(this.txn.rekeyTo === this.app.address, 'ERR:NOT_REKEYED');
    const asset1 = AssetID.fromUint64(this.assetArg(0));
    const asset2 = AssetID.fromUint64(this.assetArg(1));
    assert(asset1.id > asset2.id, 'ERR:ASSET_ORDER');
    const pool = this.txn.sender;
    // the pool is the SDK's logic-sig template holding (this app, asset_1, asset_2)
    const program = concat(
      concat(hex('0x068018'), concat(itob(this.app.id), concat(itob(asset1.id), itob(asset2.id)))),
      hex('0x81005b3500340031181244311981011244810143'),
    );
    assert(pool === castBytes<Address>(sha512_256(concat('Program', program))), 'ERR:NOT_A_POOL');
    assert(asset1.total >= MIN_TOTAL, 'ERR:SMALL_TOTAL');
    let unit2 = 'ALGO';
    if (asset2.id !== 0) {
      assert(asset2.total >= MIN_TOTAL, 'ERR:SMALL_TOTAL');
      unit2 = asset2.unitName;
    }

    // 2^64 − 1 (TEALScript reads number literals as doubles): every pool token exists from bootstrap on
    const supply = btoi(hex('0xffffffffffffffff'));
    // the app's minimum balance for the token it creates, out of the pool's funding
    sendPayment({ sender: pool, receiver: this.app.address, amount: 100_000, fee: 0 });
    sendAssetCreation({
      configAssetName: concat('TMv2-local ', concat(concat(asset1.unitName, '-'), unit2)),
      configAssetUnitName: 'TMPOOL2',
      configAssetTotal: supply,
      configAssetDecimals: 6,
      configAssetReserve: pool,
      configAssetMetadataHash: concat(itob(asset1.id), concat(itob(asset2.id), bzero(16))),
      fee: 0,
    });
    const token = this.itxn.createdAssetID;
    sendAssetTransfer({ sender: pool, assetReceiver: pool, xferAsset: asset1, assetAmount: 0, fee: 0 });
    if (asset2.id !== 0) {
      sendAssetTransfer({ sender: pool, assetReceiver: pool, xferAsset: asset2, assetAmount: 0, fee: 0 });
    }
    sendAssetTransfer({ sender: pool, assetReceiver: pool, xferAsset: token, assetAmount: 0, fee: 0 });
    sendAssetTransfer({ assetReceiver: pool, xferAsset: token, assetAmount: supply, fee: 0 });

    this.asset1Id(pool).value = asset1.id;
    this.asset2Id(pool).value = asset2.id;
    this.poolTokenId(pool).value = token.id;
    this.totalFeeShare(pool).value = 30;
    this.protocolFeeRatio(pool).value = 6;
    this.reserves1(pool).value = 0;
    this.reserves2(pool).value = 0;
    this.issued(pool).value = 0;
    this.protocolFees1(pool).value = 0;
    this.protocolFees2(pool).value = 0;
    this.lock(pool).value = 0;
    this.cumulativePrice1(pool).value = 0 as uint256;
    this.cumulativePrice2(pool).value = 0 as uint256;
    this.priceUpdatedAt(pool).value = globals.latestTimestamp;
  }

  /** Every other call: the pool is accounts[1], the operation applicationArgs[0]. */
  @nonABIRouterFallback.call('NoOp')
  amm(): void {
    const pool = this.txn.accounts![1];
    assert(pool.isOptedInToApp(this.app), 'ERR:NO_POOL');
    assert(this.lock(pool).value === 0, 'ERR:LOCKED');
    const op = this.txn.applicationArgs![0];
    if (op === 'swap') {
      this.swap(pool);
    } else if (op === 'add_liquidity') {
      this.addLiquidity(pool);
    } else if (op === 'add_initial_liquidity') {
      this.addInitialLiquidity(pool);
    } else if (op === 'remove_liquidity') {
      this.removeLiquidity(pool);
    } else {
      assert(false, 'ERR:UNSUPPORTED');
    }
  }

  // ---- operations ----

  /** swap: [input transfer, call("swap", "fixed-input" | "fixed-output", amount)]. */
  private swap(pool: Address): void {
    this.updatePriceOracle(pool);
    const mode = this.txn.applicationArgs![1];
    const amount = btoi(this.txn.applicationArgs![2]);
    const inputIndex = this.txn.groupIndex - 1;
    const inputAsset = this.incomingAsset(inputIndex);
    const inputAmount = this.incomingAmount(inputIndex, pool, inputAsset);
    const asset1 = this.asset1Id(pool).value;
    const asset2 = this.asset2Id(pool).value;
    const oneIn = inputAsset === asset1;
    assert(oneIn || inputAsset === asset2, 'ERR:BAD_INPUT_ASSET');
    const r1 = this.reserves1(pool).value;
    const r2 = this.reserves2(pool).value;
    const rIn = oneIn ? r1 : r2;
    const rOut = oneIn ? r2 : r1;
    const share = this.totalFeeShare(pool).value;

    let out = 0;
    let swapAmount = 0;
    let fee = 0;
    let change = 0;
    if (mode === 'fixed-input') {
      fee = wideRatio([inputAmount, share], [BPS]);
      swapAmount = inputAmount - fee;
      // the output rounds down: the reserve left is ⌊k/(rIn + swap)⌋ + 1
      out = rOut - (this.floorMulDiv(rIn, rOut, rIn + swapAmount) + 1);
      assert(out >= amount, 'ERR:SLIPPAGE');
    } else {
      assert(mode === 'fixed-output', 'ERR:BAD_MODE');
      out = amount;
      assert(out < rOut, 'ERR:NO_LIQUIDITY');
      // the input rounds up: ⌊k/(rOut − out)⌋ + 1 − rIn
      swapAmount = this.floorMulDiv(rIn, rOut, rOut - out) + 1 - rIn;
      const required = wideRatio([swapAmount, BPS], [BPS - share]);
      fee = required - swapAmount;
      assert(inputAmount >= required, 'ERR:SLIPPAGE');
      change = inputAmount - required;
    }
    assert(out > 0, 'ERR:ZERO_OUTPUT');
    assert(fee > 0, 'ERR:ZERO_FEE');
    const protocolFee = fee / this.protocolFeeRatio(pool).value;
    // the poolers' share of the fee stays in the reserve; the protocol's is counted apart
    const newIn = rIn + swapAmount + (fee - protocolFee);
    const newOut = rOut - out;
    // k before ≤ k after without the poolers' fee
    assert(this.productAtMost(rIn, rOut, rIn + swapAmount, newOut), 'ERR:INVARIANT');
    if (oneIn) {
      this.reserves1(pool).value = newIn;
      this.reserves2(pool).value = newOut;
      this.protocolFees1(pool).value = this.protocolFees1(pool).value + protocolFee;
    } else {
      this.reserves2(pool).value = newIn;
      this.reserves1(pool).value = newOut;
      this.protocolFees2(pool).value = this.protocolFees2(pool).value + protocolFee;
    }
    if (change > 0) this.pay(pool, inputAsset, change);
    const outputAsset = oneIn ? asset2 : asset1;
    this.pay(pool, outputAsset, out);
    // the protocol's swap log lines ("name %i" ‖ uint64), which chain followers read
    log(concat('input_asset_id %i', itob(inputAsset)));
    log(concat('input_amount %i', itob(inputAmount)));
    log(concat('swap_amount %i', itob(swapAmount)));
    log(concat('change %i', itob(change)));
    log(concat('output_asset_id %i', itob(outputAsset)));
    log(concat('output_amount %i', itob(out)));
    log(concat('poolers_fee_amount %i', itob(fee - protocolFee)));
    log(concat('protocol_fee_amount %i', itob(protocolFee)));
    log(concat('total_fee_amount %i', itob(fee)));
  }

  /** add_initial_liquidity: [asset_1 transfer, asset_2 transfer, call]; issues ⌊√(a·b)⌋ − 1000. */
  private addInitialLiquidity(pool: Address): void {
    assert(this.issued(pool).value === 0, 'ERR:NOT_EMPTY');
    const amount1 = this.incomingAmount(this.txn.groupIndex - 2, pool, this.asset1Id(pool).value);
    const amount2 = this.incomingAmount(this.txn.groupIndex - 1, pool, this.asset2Id(pool).value);
    const issued = sqrt((amount1 as uint128) * (amount2 as uint128)) as uint64;
    assert(issued > LOCKED, 'ERR:SMALL_LIQUIDITY');
    this.reserves1(pool).value = amount1;
    this.reserves2(pool).value = amount2;
    this.issued(pool).value = issued;
    this.pay(pool, this.poolTokenId(pool).value, issued - LOCKED);
  }

  /**
   * add_liquidity: "flexible" [asset_1, asset_2, call] or "single" [one asset, call], min pool tokens.
   * Pool tokens follow √k; the part of the deposit off the pool's ratio pays the swap fee it would
   * have cost, as pool tokens withheld (half the fee's share of the pool).
   */
  private addLiquidity(pool: Address): void {
    const mode = this.txn.applicationArgs![1];
    const minOut = btoi(this.txn.applicationArgs![2]);
    const issued = this.issued(pool).value;
    assert(issued > 0, 'ERR:EMPTY_POOL');
    increaseOpcodeBudget();
    this.updatePriceOracle(pool);
    const asset1 = this.asset1Id(pool).value;
    const asset2 = this.asset2Id(pool).value;
    let amount1 = 0;
    let amount2 = 0;
    if (mode === 'flexible') {
      amount1 = this.incomingAmount(this.txn.groupIndex - 2, pool, asset1);
      amount2 = this.incomingAmount(this.txn.groupIndex - 1, pool, asset2);
    } else {
      assert(mode === 'single', 'ERR:BAD_MODE');
      const inputIndex = this.txn.groupIndex - 1;
      const asset = this.incomingAsset(inputIndex);
      if (asset === asset1) {
        amount1 = this.incomingAmount(inputIndex, pool, asset1);
      } else {
        amount2 = this.incomingAmount(inputIndex, pool, asset2);
      }
    }
    const r1 = this.reserves1(pool).value;
    const r2 = this.reserves2(pool).value;
    let n1 = r1 + amount1;
    let n2 = r2 + amount2;
    // issued' = ⌊√(k'·issued²/k)⌋
    const newIssuedWide =
      sqrt(((n1 as uint256) * (n2 as uint256) * (issued as uint256) * (issued as uint256)) / ((r1 as uint256) * (r2 as uint256)));
    let newIssued = newIssuedWide as uint64;
    let out = newIssued - issued;
    // what the new tokens are worth of each side; the larger excess is the implied swap
    const z1 = this.floorMulDiv(out, n1, newIssued);
    const z2 = this.floorMulDiv(out, n2, newIssued);
    let swapAmount = 0;
    let oneToTwo = true;
    if (amount1 > z1) swapAmount = amount1 - z1;
    if (amount2 > z2 && swapAmount <= amount2 - z2) {
      swapAmount = amount2 - z2;
      oneToTwo = false;
    }
    const fee = wideRatio([swapAmount, BPS], [BPS - this.totalFeeShare(pool).value]) - swapAmount;
    const protocolFee = fee / this.protocolFeeRatio(pool).value;
    let feeTokens = 0;
    if (oneToTwo) {
      feeTokens = this.floorMulDiv(fee, newIssued, n1 * 2);
      n1 = n1 - protocolFee;
      this.protocolFees1(pool).value = this.protocolFees1(pool).value + protocolFee;
    } else {
      feeTokens = this.floorMulDiv(fee, newIssued, n2 * 2);
      n2 = n2 - protocolFee;
      this.protocolFees2(pool).value = this.protocolFees2(pool).value + protocolFee;
    }
    out = out - feeTokens;
    newIssued = newIssued - feeTokens;
    assert(out > 0, 'ERR:ZERO_OUTPUT');
    assert(out >= minOut, 'ERR:SLIPPAGE');
    // the value of one pool token never decreases: k·issued'² ≤ k'·issued²
    assert(
      (r1 as uint256) * (r2 as uint256) * (newIssued as uint256) * (newIssued as uint256) <=
        (n1 as uint256) * (n2 as uint256) * (issued as uint256) * (issued as uint256),
      'ERR:INVARIANT',
    );
    this.reserves1(pool).value = n1;
    this.reserves2(pool).value = n2;
    this.issued(pool).value = newIssued;
    this.pay(pool, this.poolTokenId(pool).value, out);
  }

  /**
   * remove_liquidity: [pool token transfer, call(min_1, min_2)], assets [asset_1, asset_2] for both
   * sides pro rata, or [one asset] for that side plus the other side swapped into it.
   */
  private removeLiquidity(pool: Address): void {
    this.updatePriceOracle(pool);
    const min1 = btoi(this.txn.applicationArgs![1]);
    const min2 = btoi(this.txn.applicationArgs![2]);
    const token = this.poolTokenId(pool).value;
    const burned = this.incomingAmount(this.txn.groupIndex - 1, pool, token);
    const asset1 = this.asset1Id(pool).value;
    const asset2 = this.asset2Id(pool).value;
    let r1 = this.reserves1(pool).value;
    let r2 = this.reserves2(pool).value;
    const issued = this.issued(pool).value;
    let out1 = r1;
    let out2 = r2;
    let issuedAfter = 0;
    // the last provider takes everything; the locked 1000 are all that stays issued
    if (burned + LOCKED !== issued) {
      out1 = this.floorMulDiv(burned, r1, issued);
      out2 = this.floorMulDiv(burned, r2, issued);
      issuedAfter = issued - burned;
    }
    assert(out1 > 0 && out2 > 0, 'ERR:ZERO_OUTPUT');
    r1 = r1 - out1;
    r2 = r2 - out2;
    if (this.txn.numAssets === 2) {
      // the outgoing asset ids are the pool's, and the call must name exactly those
      assert(this.assetArg(0) === asset1 && this.assetArg(1) === asset2, 'ERR:BAD_ASSETS');
      assert(out1 >= min1 && out2 >= min2, 'ERR:SLIPPAGE');
      this.pay(pool, asset1, out1);
      this.pay(pool, asset2, out2);
    } else {
      assert(this.txn.numAssets === 1, 'ERR:BAD_ASSETS');
      assert(issuedAfter > 0, 'ERR:LAST_PROVIDER');
      increaseOpcodeBudget();
      const share = this.totalFeeShare(pool).value;
      const ratio = this.protocolFeeRatio(pool).value;
      const wanted = this.assetArg(0);
      if (wanted === asset1) {
        // the asset_2 share is swapped into asset_1 at the pool's price after the withdrawal
        const fee = wideRatio([out2, share], [BPS]);
        const swapAmount = out2 - fee;
        const swapped = r1 - (this.floorMulDiv(r2, r1, r2 + swapAmount) + 1);
        const protocolFee = fee / ratio;
        r1 = r1 - swapped;
        r2 = r2 + swapAmount + (fee - protocolFee);
        this.protocolFees2(pool).value = this.protocolFees2(pool).value + protocolFee;
        assert(out1 + swapped >= min1, 'ERR:SLIPPAGE');
        this.pay(pool, asset1, out1 + swapped);
      } else {
        assert(wanted === asset2, 'ERR:BAD_ASSETS');
        const fee = wideRatio([out1, share], [BPS]);
        const swapAmount = out1 - fee;
        const swapped = r2 - (this.floorMulDiv(r1, r2, r1 + swapAmount) + 1);
        const protocolFee = fee / ratio;
        r2 = r2 - swapped;
        r1 = r1 + swapAmount + (fee - protocolFee);
        this.protocolFees1(pool).value = this.protocolFees1(pool).value + protocolFee;
        assert(out2 + swapped >= min2, 'ERR:SLIPPAGE');
        this.pay(pool, asset2, out2 + swapped);
      }
    }
    this.reserves1(pool).value = r1;
    this.reserves2(pool).value = r2;
    this.issued(pool).value = issuedAfter;
  }

  // ---- helpers ----

  /** The asset of the transfer at `index` (0 = ALGO): a payment or an asset transfer, never an app call (incomingAmount checks the rest). */
  private incomingAsset(index: uint64): uint64 {
    const t = this.txnGroup[index];
    if (t.typeEnum === TransactionType.Payment) return 0;
    assert(t.typeEnum === TransactionType.AssetTransfer, 'ERR:BAD_INPUT_TYPE');
    return t.xferAsset.id;
  }

  /**
   * Checks the transfer at `index` of `asset` (0 = ALGO) from the caller to `pool` and returns its
   * amount (> 0): type, asset, receiver, sender, close-to, clawback and rekey pinned.
   */
  private incomingAmount(index: uint64, pool: Address, asset: uint64): uint64 {
    const t = this.txnGroup[index];
    let amount = 0;
    if (asset === 0) {
      assert(t.typeEnum === TransactionType.Payment, 'ERR:BAD_INPUT_TYPE');
      assert(t.receiver === pool, 'ERR:BAD_RECEIVER');
      assert(t.closeRemainderTo === globals.zeroAddress, 'ERR:CLOSE_TO');
      amount = t.amount;
    } else {
      assert(t.typeEnum === TransactionType.AssetTransfer, 'ERR:BAD_INPUT_TYPE');
      assert(t.xferAsset.id === asset, 'ERR:BAD_INPUT_ASSET');
      assert(t.assetReceiver === pool, 'ERR:BAD_RECEIVER');
      assert(t.assetCloseTo === globals.zeroAddress, 'ERR:CLOSE_TO');
      assert(t.assetSender === globals.zeroAddress, 'ERR:CLAWBACK');
      amount = t.assetAmount;
    }
    assert(t.sender === this.txn.sender, 'ERR:BAD_SENDER');
    assert(t.rekeyTo === globals.zeroAddress, 'ERR:REKEY');
    assert(amount > 0, 'ERR:ZERO_AMOUNT');
    return amount;
  }

  /** Sends `amount` of `asset` (0 = ALGO) from the pool to the caller; the caller's fee covers it. */
  private pay(pool: Address, asset: uint64, amount: uint64): void {
    if (asset === 0) {
      sendPayment({ sender: pool, receiver: this.txn.sender, amount: amount, fee: 0 });
    } else {
      sendAssetTransfer({
        sender: pool,
        assetReceiver: this.txn.sender,
        xferAsset: AssetID.fromUint64(asset),
        assetAmount: amount,
        fee: 0,
      });
    }
  }

  /** The call's foreign asset `i` as a number (TEALScript types the array's items as AssetID). */
  private assetArg(i: uint64): uint64 {
    return btoi(itob(this.txn.assets![i]));
  }

  /** ⌊a·b/c⌋ over 128 bits (fails when the quotient needs more than 64). */
  private floorMulDiv(a: uint64, b: uint64, c: uint64): uint64 {
    const m = mulw(a, b);
    return divw(m.high, m.low, c);
  }

  /** a·b ≤ c·d over 128 bits. */
  private productAtMost(a: uint64, b: uint64, c: uint64, d: uint64): boolean {
    const left = mulw(a, b);
    const right = mulw(c, d);
    return left.high < right.high || (left.high === right.high && left.low <= right.low);
  }

  /**
   * Adds the time since the last update times each price (the other reserve over this one, scaled by
   * 2^64) to the cumulative prices, while the pool has liquidity; the timestamp moves with them.
   */
  private updatePriceOracle(pool: Address): void {
    const elapsed = globals.latestTimestamp - this.priceUpdatedAt(pool).value;
    if (this.issued(pool).value > 0 && elapsed > 0) {
      const r1 = this.reserves1(pool).value;
      const r2 = this.reserves2(pool).value;
      // ⌊r2·2^64/r1⌋ as hi ‖ lo: hi = ⌊r2/r1⌋, lo = ⌊(r2 mod r1)·2^64/r1⌋
      const price1 = castBytes<uint256>(concat(bzero(16), concat(itob(r2 / r1), itob(divw(r2 % r1, 0, r1)))));
      const price2 = castBytes<uint256>(concat(bzero(16), concat(itob(r1 / r2), itob(divw(r1 % r2, 0, r2)))));
      this.cumulativePrice1(pool).value = this.cumulativePrice1(pool).value + price1 * (elapsed as uint256);
      this.cumulativePrice2(pool).value = this.cumulativePrice2(pool).value + price2 * (elapsed as uint256);
      this.priceUpdatedAt(pool).value = globals.latestTimestamp;
    }
  }
}
