import { GroveContract } from './grove-contract.algo';

/** Timestamps at or above this (~5138 AD in seconds, early 1973 in milliseconds) are taken for milliseconds. */
const MILLISECONDS_FROM = 100_000_000_000;
/** Longest a lock may run from now: 10 years of 365.25 days. */
const MAX_DURATION = 315_576_000;
/** Minimum balance of a lock's three boxes: 3 × 2,500 + 400 × ((9 + 168) + 17 + 41) bytes; paid by the creator, refunded to them by `close`. */
const LOCK_MBR = 101_500;

/**
 * A lock, the value of its box. Vesting is one pure function of time (`vestedAt`):
 * nothing before `cliff`, all of `amount` from `end`, and in between a straight line from
 * (`anchor`, `base`) to (`end`, `amount`). A new lock has anchor = cliff and base = 0, so it vests
 * linearly from the cliff to the end; a top-up or extension after the cliff re-anchors the line at
 * that moment with base = what had vested then, so nothing vested earlier than before.
 */
type LockState = {
  owner: Address;
  asset: uint64;
  /** Everything deposited (first deposit plus top-ups). */
  amount: uint64;
  withdrawn: uint64;
  /** When the lock was made. */
  start: uint64;
  cliff: uint64;
  end: uint64;
  /** Start of the current vesting line (≥ cliff). */
  anchor: uint64;
  /** Vested at the anchor. */
  base: uint64;
  /** The proposed next owner, zero when none. */
  pendingOwner: Address;
  /** 1 when the asset is a Grove LP token (a liquidity lock). */
  liquidity: uint64;
  /** Who made the lock and paid its boxes' minimum balance: `close` refunds it to them. */
  creator: Address;
};

/** An index box's name: the asset, then the lock id, so a listing by the asset's prefix finds its locks. */
type AssetIndex = { asset: uint64; id: uint64 };

/** An index box's name: the owner, then the lock id. */
type OwnerIndex = { owner: Address; id: uint64 };

/** Grove's token locks: time locks and linear vesting from cliff to end, a box per lock, index boxes per asset and per owner. */
export class Locks extends GroveContract {
  /** The DEX app whose LP tokens make a lock a liquidity lock. */
  dex = GlobalStateKey<uint64>({ key: 'dex' });

  /** The DEX app's address (the creator of every Grove LP token). */
  dexAddress = GlobalStateKey<Address>({ key: 'dexAddress' });

  /** The locks, a box `"l" ‖ uint64(id)` each. */
  locks = BoxMap<uint64, LockState>({ prefix: 'l' });

  /** Per-asset index, `"a" ‖ uint64(asset) ‖ uint64(id)`, empty. */
  byAsset = BoxMap<AssetIndex, bytes>({ prefix: 'a' });

  /** Per-owner index, `"o" ‖ owner ‖ uint64(id)`, empty. */
  byOwner = BoxMap<OwnerIndex, bytes>({ prefix: 'o' });

  /** A lock was made. */
  Locked = new EventLogger<{
    id: uint64;
    owner: Address;
    asset: uint64;
    amount: uint64;
    cliff: uint64;
    end: uint64;
    liquidity: boolean;
  }>();

  /** Vested tokens were withdrawn. */
  Withdrawn = new EventLogger<{ id: uint64; owner: Address; amount: uint64 }>();

  /** The end (and, for a time lock, the cliff) moved later. */
  Extended = new EventLogger<{ id: uint64; cliff: uint64; end: uint64 }>();

  /** More tokens were added. */
  ToppedUp = new EventLogger<{ id: uint64; amount: uint64; total: uint64 }>();

  /** The owner proposed a next owner (the zero address: the proposal was cancelled). */
  OwnershipProposed = new EventLogger<{ id: uint64; owner: Address; pendingOwner: Address }>();

  /** The proposed owner accepted. */
  OwnershipAccepted = new EventLogger<{ id: uint64; previousOwner: Address; owner: Address }>();

  /** A fully withdrawn lock was closed: its boxes are gone and `refund` µALGO went back to its creator. */
  Closed = new EventLogger<{ id: uint64; owner: Address; creator: Address; refund: uint64 }>();

  /** Binds the locks to the DEX whose LP tokens are liquidity. */
  createApplication(dexApp: uint64): void {
    this.dex.value = dexApp;
    // an app's address is sha512_256("appID" ‖ uint64(id)): no app reference needed
    this.dexAddress.value = castBytes<Address>(sha512_256(concat('appID', itob(dexApp))));
  }

  // ---- vesting ----

  /** What the lock lets have left the app by time t (withdrawn included); the one vesting function. */
  private vestedAt(lock: LockState, t: uint64): uint64 {
    if (t >= lock.end) return lock.amount;
    if (t < lock.cliff) return 0;
    if (t <= lock.anchor) return lock.base;
    // t < end here, so cliff ≤ anchor < t < end; the quotient is below amount − base
    const m = mulw(lock.amount - lock.base, t - lock.anchor);
    return lock.base + divw(m.high, m.low, lock.end - lock.anchor);
  }

  /** An end the lock may have: seconds, later than now, at most 10 years away. */
  private checkEnd(end: uint64): void {
    assert(end < MILLISECONDS_FROM, 'ERR:MILLISECONDS');
    assert(end > globals.latestTimestamp, 'ERR:END_PASSED');
    assert(end <= globals.latestTimestamp + MAX_DURATION, 'ERR:TOO_LONG');
  }

  // ---- transfers (`incoming`, `assetOf`, `send` and `optInPaid` are GroveContract's) ----

  private onlyOwner(lock: LockState): void {
    assert(this.txn.sender === lock.owner, 'ERR:NOT_OWNER');
  }

  // ---- actions ----

  /** Checks a payment of exactly `amount` µALGO from the caller to the app (a minimum balance). */
  private mbrPayment(mbr: PayTxn, amount: uint64): void {
    this.minBalancePayment(mbr);
    assert(mbr.amount === amount, 'ERR:MBR');
  }

  /**
   * Opts the app into `asset` (anyone; mbr pays its 100,000 µALGO holding). A lock's deposit comes
   * before the lock call, so the first lock of an asset calls this earlier in the same group. An asset
   * whose holdings start frozen is refused (ERR:DEFAULT_FROZEN): nothing could be withdrawn from it.
   */
  optInAsset(mbr: PayTxn, asset: uint64): void {
    assert(asset !== 0 && !this.app.address.isOptedInToAsset(AssetID.fromUint64(asset)), 'ERR:OPTED_IN');
    this.optInPaid(mbr, asset);
  }

  /**
   * A new lock's id: the top 53 bits of sha512_256(sender ‖ uint64(nonce)), so the id is known when
   * the group is built (its boxes must be named) and nobody else can take it first (another sender's
   * ids are other hashes), unlike a counter that any lock made in between moves. 53 bits: a safe
   * integer in JavaScript. 0 is never an id.
   */
  private lockId(nonce: uint64): uint64 {
    const id = extractUint64(sha512_256(concat(this.txn.sender, itob(nonce))), 0) >> 11;
    assert(id > 0, 'ERR:BAD_NONCE');
    return id;
  }

  /**
   * Locks the deposit until `end`, vesting linearly from `cliff` (cliff = end: a time lock). mbr pays
   * the three boxes' minimum balance, exactly LOCK_MBR. The id is derived from the sender and `nonce`
   * (lockId); a nonce the sender already used fails (ERR:LOCK_EXISTS). Returns the lock id.
   */
  lock(mbr: PayTxn, deposit: Txn, cliff: uint64, end: uint64, nonce: uint64): uint64 {
    this.mbrPayment(mbr, LOCK_MBR);
    const asset = this.assetOf(deposit);
    const amount = this.incoming(deposit, asset);
    this.checkEnd(end);
    assert(cliff >= globals.latestTimestamp, 'ERR:CLIFF_PASSED');
    assert(cliff <= end, 'ERR:CLIFF_AFTER_END');

    let liquidity = 0;
    if (asset !== 0 && AssetID.fromUint64(asset).creator === this.dexAddress.value) liquidity = 1;
    const id = this.lockId(nonce);
    assert(!this.locks(id).exists, 'ERR:LOCK_EXISTS');
    this.locks(id).value = {
      owner: this.txn.sender,
      asset: asset,
      amount: amount,
      withdrawn: 0,
      start: globals.latestTimestamp,
      cliff: cliff,
      end: end,
      anchor: cliff,
      base: 0,
      pendingOwner: globals.zeroAddress,
      liquidity: liquidity,
      creator: this.txn.sender,
    };
    this.byAsset({ asset: asset, id: id }).value = '';
    this.byOwner({ owner: this.txn.sender, id: id }).value = '';
    this.Locked.log({
      id: id,
      owner: this.txn.sender,
      asset: asset,
      amount: amount,
      cliff: cliff,
      end: end,
      liquidity: liquidity === 1,
    });
    return id;
  }

  /** Sends the owner everything vested and not yet withdrawn; returns the amount. */
  withdraw(id: uint64): uint64 {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    const amount = this.vestedAt(lock, globals.latestTimestamp) - lock.withdrawn;
    assert(amount > 0, 'ERR:NOTHING_VESTED');
    lock.withdrawn = lock.withdrawn + amount;
    this.locks(id).value = lock;
    this.send(lock.asset, lock.owner, amount);
    this.Withdrawn.log({ id: id, owner: lock.owner, amount: amount });
    return amount;
  }

  /** Moves the end later (a time lock's cliff moves with it); after the cliff, what has vested so far stays and the rest vests until the new end. */
  extend(id: uint64, end: uint64): void {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    assert(globals.latestTimestamp < lock.end, 'ERR:ENDED');
    assert(end > lock.end, 'ERR:NOT_LATER');
    this.checkEnd(end);
    if (lock.cliff === lock.end) {
      lock.cliff = end;
      lock.anchor = end;
    } else if (globals.latestTimestamp > lock.anchor) {
      // restart the line at now with what has vested so far
      lock.base = this.vestedAt(lock, globals.latestTimestamp);
      lock.anchor = globals.latestTimestamp;
    }
    lock.end = end;
    this.locks(id).value = lock;
    this.Extended.log({ id: id, cliff: lock.cliff, end: end });
  }

  /** Adds the deposit to a lock that has not ended; after the cliff it vests from now to the end, so nothing vests earlier than before. */
  topUp(deposit: Txn, id: uint64): void {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    const amount = this.incoming(deposit, lock.asset);
    assert(globals.latestTimestamp < lock.end, 'ERR:ENDED');
    if (globals.latestTimestamp > lock.anchor) {
      // restart the line at now with what has vested so far: the deposit vests from now to the end
      lock.base = this.vestedAt(lock, globals.latestTimestamp);
      lock.anchor = globals.latestTimestamp;
    }
    lock.amount = lock.amount + amount;
    this.locks(id).value = lock;
    this.ToppedUp.log({ id: id, amount: amount, total: lock.amount });
  }

  /** Step one of an ownership transfer: the owner names the next owner (proposing again replaces the proposal). */
  proposeOwner(id: uint64, newOwner: Address): void {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    assert(newOwner !== globals.zeroAddress && newOwner !== lock.owner, 'ERR:BAD_OWNER');
    lock.pendingOwner = newOwner;
    this.locks(id).value = lock;
    this.OwnershipProposed.log({ id: id, owner: lock.owner, pendingOwner: newOwner });
  }

  /** The owner withdraws a proposal (logged as a proposal of the zero address). */
  cancelOwner(id: uint64): void {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    assert(lock.pendingOwner !== globals.zeroAddress, 'ERR:NOT_PENDING_OWNER');
    lock.pendingOwner = globals.zeroAddress;
    this.locks(id).value = lock;
    this.OwnershipProposed.log({ id: id, owner: lock.owner, pendingOwner: globals.zeroAddress });
  }

  /** Step two: the proposed account accepts and becomes the owner; the owner index box moves with it. */
  acceptOwner(id: uint64): void {
    const lock = this.locks(id).value;
    assert(lock.pendingOwner !== globals.zeroAddress, 'ERR:NOT_PENDING_OWNER');
    assert(this.txn.sender === lock.pendingOwner, 'ERR:NOT_PENDING_OWNER');
    const previous = lock.owner;
    this.byOwner({ owner: previous, id: id }).delete();
    this.byOwner({ owner: this.txn.sender, id: id }).value = '';
    lock.owner = this.txn.sender;
    lock.pendingOwner = globals.zeroAddress;
    this.locks(id).value = lock;
    this.OwnershipAccepted.log({ id: id, previousOwner: previous, owner: this.txn.sender });
  }

  /**
   * Closes a fully withdrawn lock (the owner or its creator): deletes its three boxes and sends their
   * minimum balance, LOCK_MBR, to the creator, who paid it (1 inner). Nothing else can move a withdrawn
   * lock (it has ended, so no top-up or extension), so closing takes nothing from anyone; the refund's
   * receiver comes from the box, never from the call. The id is free again afterwards: only its creator
   * can make it again, with the same nonce (the SDK draws a fresh random nonce per lock).
   */
  close(id: uint64): void {
    assert(this.locks(id).exists, 'ERR:NO_LOCK');
    const lock = this.locks(id).value;
    // copies: `lock` reads the box, which is deleted below
    const owner = lock.owner;
    const creator = lock.creator;
    const asset = lock.asset;
    assert(this.txn.sender === owner || this.txn.sender === creator, 'ERR:NOT_OWNER');
    assert(lock.withdrawn === lock.amount, 'ERR:NOT_WITHDRAWN');
    this.locks(id).delete();
    this.byAsset({ asset: asset, id: id }).delete();
    this.byOwner({ owner: owner, id: id }).delete();
    this.send(0, creator, LOCK_MBR);
    this.Closed.log({ id: id, owner: owner, creator: creator, refund: LOCK_MBR });
  }

  // ---- reads ----

  /** The lock's state. */
  @abi.readonly
  getLock(id: uint64): LockState {
    return this.locks(id).value;
  }

  /** What the owner could withdraw now. */
  @abi.readonly
  withdrawable(id: uint64): uint64 {
    const lock = this.locks(id).value;
    return this.vestedAt(lock, globals.latestTimestamp) - lock.withdrawn;
  }
}
