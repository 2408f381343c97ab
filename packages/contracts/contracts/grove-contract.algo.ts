import { Contract } from '@algorandfoundation/tealscript';

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
}
