import { Contract } from '@algorandfoundation/tealscript';

/** Pause flag: swaps (and zaps). */
const PAUSE_SWAPS = 1;
/** Pause flag: new pools. */
const PAUSE_POOLS = 2;
/** Pause flag: new staking programs. */
const PAUSE_STAKING = 4;

/** Grove's protocol registry: admin (two-step transfer), pause flags, fee settings, treasury, verified tokens. */
export class Registry extends Contract {
  /** The protocol admin. */
  admin = GlobalStateKey<Address>({ key: 'admin' });

  /** The admin proposed by `proposeAdmin`, zero when none. */
  pendingAdmin = GlobalStateKey<Address>({ key: 'pendingAdmin' });

  /** Bit 1 swaps, 2 pool creation, 4 new staking programs. */
  paused = GlobalStateKey<uint64>({ key: 'paused' });

  /** Receives the protocol fees. */
  treasury = GlobalStateKey<Address>({ key: 'treasury' });

  /** Swap fee of new pools, in basis points. */
  defaultFeeBps = GlobalStateKey<uint64>({ key: 'defaultFeeBps' });

  /** Protocol share of a swap fee is `fee / protocolFeeDivisor` (0 = none). */
  protocolFeeDivisor = GlobalStateKey<uint64>({ key: 'protocolFeeDivisor' });

  /** Verified tokens: a box per asset, `"v" ‖ uint64(asset)`. */
  verified = BoxMap<uint64, bytes>({ prefix: 'v' });

  /** Admin and treasury start as the creator; fee 30 bps, of which 1/6 goes to the protocol. */
  createApplication(): void {
    this.admin.value = this.txn.sender;
    this.pendingAdmin.value = globals.zeroAddress;
    this.paused.value = 0;
    this.treasury.value = this.txn.sender;
    this.defaultFeeBps.value = 30;
    this.protocolFeeDivisor.value = 6;
  }

  private onlyAdmin(): void {
    assert(this.txn.sender === this.admin.value, 'ERR:NOT_ADMIN');
  }

  /** Step one of an admin transfer: the admin names the next admin. */
  proposeAdmin(newAdmin: Address): void {
    this.onlyAdmin();
    this.pendingAdmin.value = newAdmin;
  }

  /** Step two: the proposed account accepts and becomes the admin. */
  acceptAdmin(): void {
    assert(this.pendingAdmin.value !== globals.zeroAddress, 'ERR:NOT_PENDING_ADMIN');
    assert(this.txn.sender === this.pendingAdmin.value, 'ERR:NOT_PENDING_ADMIN');
    this.admin.value = this.pendingAdmin.value;
    this.pendingAdmin.value = globals.zeroAddress;
  }

  /** Sets every pause flag at once (bit 1 swaps, 2 pool creation, 4 new staking programs). */
  setPaused(flags: uint64): void {
    this.onlyAdmin();
    assert(flags <= PAUSE_SWAPS + PAUSE_POOLS + PAUSE_STAKING, 'ERR:BAD_INPUT');
    this.paused.value = flags;
  }

  /** Sets the account that receives protocol fees. */
  setTreasury(treasury: Address): void {
    this.onlyAdmin();
    this.treasury.value = treasury;
  }

  /** Sets the fee of new pools (1–100 bps) and the protocol's divisor of it (0 = no protocol fee). */
  setFees(defaultFeeBps: uint64, protocolFeeDivisor: uint64): void {
    this.onlyAdmin();
    assert(defaultFeeBps >= 1 && defaultFeeBps <= 100, 'ERR:BAD_FEE');
    this.defaultFeeBps.value = defaultFeeBps;
    this.protocolFeeDivisor.value = protocolFeeDivisor;
  }

  /** Adds or removes a token from the verified list; the box's minimum balance comes from the app account. */
  setVerified(asset: uint64, verified: boolean): void {
    this.onlyAdmin();
    if (verified) {
      if (!this.verified(asset).exists) this.verified(asset).value = '';
    } else if (this.verified(asset).exists) {
      this.verified(asset).delete();
    }
  }

  /** Whether the token is on the verified list. */
  @abi.readonly
  isVerified(asset: uint64): boolean {
    return this.verified(asset).exists;
  }
}
