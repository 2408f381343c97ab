import { Contract } from '@algorandfoundation/tealscript';

/** Minimum balance of holding one asset. */
const ASSET_MBR = 100_000;

/**
 * What every Grove contract that takes deposits shares: the one check of an incoming transfer. Not
 * a contract of its own (the deployment record does not list it); the DEX, Locks, Staking and the
 * Vault extend it, and TEALScript compiles the method into each as a subroutine.
 */
export class GroveContract extends Contract {
  /**
   * Checks an incoming transfer of `asset` (0 = ALGO) to the app and returns its amount. Every field
   * that moves value or authority is pinned: type, asset, receiver, close-to, clawback source, sender,
   * rekey-to and amount (README.md, "Incoming transfers"); the group position is the ABI argument's.
   */
  protected incoming(t: Txn, asset: uint64): uint64 {
    let amount = 0;
    if (asset === 0) {
      assert(t.typeEnum === TransactionType.Payment, 'ERR:BAD_INPUT_TYPE');
      assert(t.receiver === this.app.address, 'ERR:BAD_RECEIVER');
      assert(t.closeRemainderTo === globals.zeroAddress, 'ERR:CLOSE_TO');
      amount = t.amount;
    } else {
      assert(t.typeEnum === TransactionType.AssetTransfer, 'ERR:BAD_INPUT_TYPE');
      assert(t.xferAsset.id === asset, 'ERR:BAD_INPUT_ASSET');
      assert(t.assetReceiver === this.app.address, 'ERR:BAD_RECEIVER');
      assert(t.assetCloseTo === globals.zeroAddress, 'ERR:CLOSE_TO');
      // a clawback transfer (AssetSender set) moves the asset from someone else, or from the app to itself
      assert(t.assetSender === globals.zeroAddress, 'ERR:CLAWBACK');
      amount = t.assetAmount;
    }
    assert(t.sender === this.txn.sender, 'ERR:BAD_SENDER');
    assert(t.rekeyTo === globals.zeroAddress, 'ERR:REKEY');
    assert(amount > 0, 'ERR:ZERO_AMOUNT');
    return amount;
  }

  /** Checks a payment of minimum balance to the app (its amount is the caller's to check): receiver, sender, close-to and rekey-to pinned. */
  protected minBalancePayment(t: PayTxn): void {
    assert(t.receiver === this.app.address, 'ERR:BAD_RECEIVER');
    assert(t.sender === this.txn.sender, 'ERR:BAD_SENDER');
    assert(t.rekeyTo === globals.zeroAddress, 'ERR:REKEY');
    assert(t.closeRemainderTo === globals.zeroAddress, 'ERR:CLOSE_TO');
  }

  /**
   * Sends `amount` of `asset` (0 = ALGO) from the app; the caller pools the fee. The issuer's freeze
   * address can freeze the app's holding: say so (ERR:FROZEN) instead of failing the inner transfer.
   */
  protected send(asset: uint64, receiver: Address, amount: uint64): void {
    if (asset === 0) {
      sendPayment({ receiver: receiver, amount: amount, fee: 0 });
    } else {
      assert(!this.app.address.assetFrozen(AssetID.fromUint64(asset)), 'ERR:FROZEN');
      sendAssetTransfer({
        xferAsset: AssetID.fromUint64(asset),
        assetReceiver: receiver,
        assetAmount: amount,
        fee: 0,
      });
    }
  }

  /** Opts the app into `asset` unless it holds it (ALGO needs nothing); an asset whose holdings start frozen is refused (ERR:DEFAULT_FROZEN). */
  protected optIn(asset: uint64): void {
    if (asset !== 0 && !this.app.address.isOptedInToAsset(AssetID.fromUint64(asset))) {
      // the app's holding would be frozen from the opt-in on: nothing could ever be paid out of it
      assert(!AssetID.fromUint64(asset).defaultFrozen, 'ERR:DEFAULT_FROZEN');
      sendAssetTransfer({
        xferAsset: AssetID.fromUint64(asset),
        assetReceiver: this.app.address,
        assetAmount: 0,
        fee: 0,
      });
    }
  }

  /**
   * Checks that `mbr` (checked by minBalancePayment) paid at least the app's minimum-balance increase
   * since `before` and refunds the excess to the caller.
   */
  protected minBalanceIncrease(mbr: PayTxn, before: uint64): void {
    const increase = this.app.address.minBalance - before;
    assert(mbr.amount >= increase, 'ERR:MBR');
    if (mbr.amount > increase) this.send(0, this.txn.sender, mbr.amount - increase);
  }

  /**
   * Opts the app into `asset` for whoever pays its holding: mbr (checked by minBalancePayment) pays
   * exactly ASSET_MBR (ERR:MBR); one whose holdings start frozen is refused (optIn's ERR:DEFAULT_FROZEN).
   * Which assets may be opted in is the caller's to check (ERR:OPTED_IN is not every contract's code).
   */
  protected optInPaid(mbr: PayTxn, asset: uint64): void {
    this.minBalancePayment(mbr);
    assert(mbr.amount === ASSET_MBR, 'ERR:MBR');
    this.optIn(asset);
  }

  /** The asset an incoming transfer carries (0 for a payment; `incoming` checks the type). */
  protected assetOf(t: Txn): uint64 {
    if (t.typeEnum === TransactionType.AssetTransfer) return t.xferAsset.id;
    return 0;
  }
}

/**
 * A GroveContract with the wide math of amounts (the Vault; the DEX and Staking through
 * RegistryBoundContract). A class of its own because TEALScript compiles every inherited method into
 * each program, and each program's error codes must all be the SDK's (Locks has no ERR:OVERFLOW).
 */
export class WideMathContract extends GroveContract {
  /** ⌊a·b/c⌋ over 128 bits; fails (ERR:OVERFLOW) when the result needs more than 64. */
  protected floorMulDiv(a: uint64, b: uint64, c: uint64): uint64 {
    const m = mulw(a, b);
    assert(m.high < c, 'ERR:OVERFLOW');
    return divw(m.high, m.low, c);
  }

  /** ⌈a·b/c⌉ over 128 bits; fails (ERR:OVERFLOW) when the result needs more than 64. */
  protected ceilMulDiv(a: uint64, b: uint64, c: uint64): uint64 {
    const m = mulw(a, b);
    // the quotient fits 64 bits exactly when m.high < c; then divw (cost 1) does what divmodw (cost 20) would
    assert(m.high < c, 'ERR:OVERFLOW');
    const q = divw(m.high, m.low, c);
    // m − q·c < c < 2^64, so the remainder is 0 exactly when the low words agree
    const back = mulw(q, c);
    if (back.low !== m.low) return q + 1;
    return q;
  }
}

/**
 * A WideMathContract bound to the registry whose pause flags it obeys (the DEX and Staking). A class of
 * its own because TEALScript compiles every inherited method into each program: Locks and the Vault
 * would carry it as dead code.
 */
export class RegistryBoundContract extends WideMathContract {
  /** Fails (ERR:PAUSED) when the registry `registry`'s pause flags hold any of `flag`. */
  protected notPaused(registry: uint64, flag: uint64): void {
    const paused = AppID.fromUint64(registry).globalState('paused') as uint64;
    assert(!(paused & flag), 'ERR:PAUSED');
  }
}
