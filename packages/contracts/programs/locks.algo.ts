import { GroveContract } from './grove-contract.algo';

/** Timestamps at or above this (~5138 AD in seconds, early 1973 in milliseconds) are taken for milliseconds. */
const MILLISECONDS_FROM = 100_000_000_000;
/** Longest a lock may run from now: 10 years of 365.25 days. */
const MAX_DURATION = 315_576_000;
/** Minimum balance of a lock's three boxes: 3 × 2,500 + 400 × ((9 + 168) + 17 + 41) bytes; paid by the creator, refunded to them by `close`. */
const LOCK_MBR = 101_500;
/** Minimum balance of a liquidity lock's fee box: 2,500 + 400 × (9 + 96) bytes; paid beside LOCK_MBR, refunded with it by `close` (or `merge`). */
const FEES_MBR = 44_500;
/** LP units the DEX keeps locked in every pool (its supply is lpIssued + these). */
const DEX_LOCKED_LP = 1000;
/** A lock's `liquidity`: a plain token, a Grove constant-product pool's LP token (the DEX's), a Grove stable pool's (the Stable app's). */
const PLAIN = 0;
const DEX_LP = 1;
const STABLE_LP = 2;

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
  /** What the asset is: 0 a plain token, 1 a DEX pool's LP token, 2 a stable pool's (1 and 2: a liquidity lock, which earns its pool's fees). */
  liquidity: uint64;
  /** Who made the lock and paid its boxes' minimum balance: `close` refunds it to them. */
  creator: Address;
};

/**
 * A liquidity lock's fee box, `"f" ‖ uint64(id)`: which pool its LP units are of (in the app its
 * `liquidity` names), the pool's level ℓ·2^64 when its units entered (re-based by each claim; ℓ = √(x·y)/S
 * for a DEX pool, D/S for a stable pool), who collects its fees and what was claimed. A liquidity lock
 * always has one (`lockLiquidity` makes both boxes).
 */
type FeeState = {
  /** The pool's assets, a < b. */
  a: uint64;
  b: uint64;
  /** The pool's fee tier in bps (the DEX keys its box `"p" ‖ a ‖ b` for 30, `"p" ‖ a ‖ b ‖ tier` otherwise; the Stable app `"s" ‖ a ‖ b ‖ tier`). */
  tier: uint64;
  /** ℓ·2^64 at entry, rounded up; a claim re-bases it to ℓ·2^64 then, rounded down. */
  level: uint256;
  /** Who receives the fees; the zero address: the owner. */
  collector: Address;
  /** LP units claimed as fees so far. */
  claimed: uint64;
};

/** An index box's name: the asset, then the lock id, so a listing by the asset's prefix finds its locks. */
type AssetIndex = { asset: uint64; id: uint64 };

/** An index box's name: the owner, then the lock id. */
type OwnerIndex = { owner: Address; id: uint64 };

/** Grove's token locks: time locks and linear vesting from cliff to end, a box per lock, index boxes per asset and per owner. */
export class Locks extends GroveContract {
  /** The DEX app whose LP tokens make a lock a liquidity lock. */
  dex = GlobalStateKey<uint64>({ key: 'dex' });

  /** The DEX app's address (the creator of every Grove constant-product LP token). */
  dexAddress = GlobalStateKey<Address>({ key: 'dexAddress' });

  /** The Stable app whose LP tokens make a lock a stable liquidity lock (0 until `setStableApp`). */
  stable = GlobalStateKey<uint64>({ key: 'stable' });

  /** The Stable app's address (the creator of every Grove stable LP token; zero until bound). */
  stableAddress = GlobalStateKey<Address>({ key: 'stableAddress' });

  /** The locks, a box `"l" ‖ uint64(id)` each. */
  locks = BoxMap<uint64, LockState>({ prefix: 'l' });

  /** Per-asset index, `"a" ‖ uint64(asset) ‖ uint64(id)`, empty. */
  byAsset = BoxMap<AssetIndex, bytes>({ prefix: 'a' });

  /** Per-owner index, `"o" ‖ owner ‖ uint64(id)`, empty. */
  byOwner = BoxMap<OwnerIndex, bytes>({ prefix: 'o' });

  /** Liquidity locks' fee boxes, `"f" ‖ uint64(id)`. */
  fees = BoxMap<uint64, FeeState>({ prefix: 'f' });

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

  /** A liquidity lock's fees were claimed: `units` LP units went to `to`; the lock keeps `remaining` units at the new level. */
  FeesClaimed = new EventLogger<{ id: uint64; to: Address; units: uint64; remaining: uint64; level: uint256 }>();

  /** `amount` units of lock `id` became lock `newId` (same owner, asset and terms). */
  Split = new EventLogger<{ id: uint64; newId: uint64; amount: uint64 }>();

  /** Lock `from` joined lock `into` (its units, `amount`); `from`'s boxes are gone and `refund` µALGO went back to its creator. */
  Merged = new EventLogger<{ into: uint64; from: uint64; amount: uint64; refund: uint64 }>();

  /** The owner named who collects a liquidity lock's fees (the zero address: the owner). */
  CollectorSet = new EventLogger<{ id: uint64; collector: Address }>();

  /** Binds the locks to the DEX whose LP tokens are liquidity. */
  createApplication(dexApp: uint64): void {
    this.dex.value = dexApp;
    // an app's address is sha512_256("appID" ‖ uint64(id)): no app reference needed
    this.dexAddress.value = castBytes<Address>(sha512_256(concat('appID', itob(dexApp))));
    this.stable.value = 0;
    this.stableAddress.value = globals.zeroAddress;
  }

  /**
   * Binds the Stable app, once, by the app's creator (deploy creates the Stable app after this one, so it
   * cannot be a creation argument). Once only: a later app could answer getLevel for LP tokens it did not
   * make, so nobody, the deployer included, can point the locks at another (ERR:BOUND).
   */
  setStableApp(stableApp: uint64): void {
    assert(this.txn.sender === globals.creatorAddress, 'ERR:NOT_CREATOR');
    assert(this.stable.value === 0 && stableApp !== 0, 'ERR:BOUND');
    this.stable.value = stableApp;
    this.stableAddress.value = castBytes<Address>(sha512_256(concat('appID', itob(stableApp))));
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
   * (lockId); a nonce the sender already used fails (ERR:LOCK_EXISTS). A Grove LP token is locked by
   * `lockLiquidity` (ERR:LIQUIDITY_LOCK), which records its pool's level. Returns the lock id.
   */
  lock(mbr: PayTxn, deposit: Txn, cliff: uint64, end: uint64, nonce: uint64): uint64 {
    this.mbrPayment(mbr, LOCK_MBR);
    const asset = this.assetOf(deposit);
    assert(asset === 0 || this.kindOf(asset) === PLAIN, 'ERR:LIQUIDITY_LOCK');
    return this.makeLock(deposit, asset, cliff, end, nonce, PLAIN);
  }

  /** What `asset` is (PLAIN, DEX_LP or STABLE_LP), from its creator, which no one can change. */
  private kindOf(asset: uint64): uint64 {
    const creator = AssetID.fromUint64(asset).creator;
    if (creator === this.dexAddress.value) return DEX_LP;
    if (creator === this.stableAddress.value) return STABLE_LP;
    return PLAIN;
  }

  /**
   * Locks LP units of Grove's pool (a, b) of fee tier `tier` (bps) as `lock` does, and records the pool's
   * level ℓ now (rounded up) in the lock's fee box, so `claimFees` can later release what fees added. The
   * app that made the LP token is the one read: the DEX (ℓ = √(x·y)/S) or the Stable app (ℓ = D/S); any
   * other token fails (ERR:WRONG_POOL), and so does a pool of that app whose LP token is not the deposit:
   * the lock's asset is bound to the pool it earns from. mbr pays exactly LOCK_MBR + FEES_MBR. Refused in a
   * group holding a DEX flash call (ERR:FLASH_IN_GROUP). Inner txns: 1 (getPool) for a DEX pool, 1 + the
   * Stable app's op-ups (getLevel) for a stable pool.
   */
  lockLiquidity(mbr: PayTxn, deposit: Txn, cliff: uint64, end: uint64, nonce: uint64, a: uint64, b: uint64, tier: uint64): uint64 {
    this.mbrPayment(mbr, LOCK_MBR + FEES_MBR);
    this.refuseFlash();
    const asset = this.assetOf(deposit);
    assert(asset !== 0, 'ERR:WRONG_POOL');
    const kind = this.kindOf(asset);
    assert(kind !== PLAIN, 'ERR:WRONG_POOL');
    const level = this.levelOf(kind, a, b, tier, asset, true);
    const id = this.makeLock(deposit, asset, cliff, end, nonce, kind);
    this.fees(id).value = { a: a, b: b, tier: tier, level: level, collector: globals.zeroAddress, claimed: 0 };
    return id;
  }

  /** The lock and index boxes of a new lock of `deposit` (checked by `incoming`), and its Locked event. */
  private makeLock(deposit: Txn, asset: uint64, cliff: uint64, end: uint64, nonce: uint64, liquidity: uint64): uint64 {
    const amount = this.incoming(deposit, asset);
    this.checkEnd(end);
    assert(cliff >= globals.latestTimestamp, 'ERR:CLIFF_PASSED');
    assert(cliff <= end, 'ERR:CLIFF_AFTER_END');
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
      liquidity: liquidity !== PLAIN,
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

  /**
   * Adds the deposit to a lock that has not ended; after the cliff it vests from now to the end, so nothing vests earlier than before.
   * A liquidity lock's level becomes the units' weighted level, the new units at today's (1 inner: getPool; ERR:FLASH_IN_GROUP beside a flash).
   */
  topUp(deposit: Txn, id: uint64): void {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    const amount = this.incoming(deposit, lock.asset);
    assert(globals.latestTimestamp < lock.end, 'ERR:ENDED');
    if (lock.liquidity !== PLAIN) {
      // the new units enter at today's level (rounded up): they bring no fee earned before them
      this.refuseFlash();
      const fee = this.fees(id).value;
      let now = this.levelOf(lock.liquidity, fee.a, fee.b, fee.tier, lock.asset, true);
      if (now < fee.level) now = fee.level;
      fee.level = this.weighted(lock.amount - lock.withdrawn, fee.level, amount, now);
      this.fees(id).value = fee;
    }
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

  /** Step two: the proposed account accepts and becomes the owner; the owner index box moves with it, and a liquidity lock's fees go to the new owner (its collector is reset). */
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
    if (lock.liquidity !== PLAIN) {
      // the previous owner's collector stops collecting: the fees follow the lock to its new owner
      const fee = this.fees(id).value;
      fee.collector = globals.zeroAddress;
      this.fees(id).value = fee;
    }
    this.OwnershipAccepted.log({ id: id, previousOwner: previous, owner: this.txn.sender });
  }

  /**
   * Closes a fully withdrawn lock (the owner or its creator): deletes its three boxes (and a liquidity
   * lock's fee box) and sends their minimum balance, LOCK_MBR (+ FEES_MBR), to the creator, who paid it
   * (1 inner). Nothing else can move a withdrawn lock (it has ended, so no top-up or extension), so
   * closing takes nothing from anyone; the refund's receiver comes from the box, never from the call.
   * The id is free again afterwards: only its creator can make it again, with the same nonce (the SDK
   * draws a fresh random nonce per lock).
   */
  close(id: uint64): void {
    assert(this.locks(id).exists, 'ERR:NO_LOCK');
    const lock = this.locks(id).value;
    // copies: `lock` reads the box, which is deleted below
    const owner = lock.owner;
    const creator = lock.creator;
    assert(this.txn.sender === owner || this.txn.sender === creator, 'ERR:NOT_OWNER');
    assert(lock.withdrawn === lock.amount, 'ERR:NOT_WITHDRAWN');
    const refund = this.deleteLock(id);
    this.send(0, creator, refund);
    this.Closed.log({ id: id, owner: owner, creator: creator, refund: refund });
  }

  /** Deletes lock `id`'s boxes (its fee box too); returns their minimum balance, for its creator. */
  private deleteLock(id: uint64): uint64 {
    const lock = this.locks(id).value;
    const owner = lock.owner;
    const asset = lock.asset;
    let refund = LOCK_MBR;
    if (lock.liquidity !== PLAIN) {
      this.fees(id).delete();
      refund = LOCK_MBR + FEES_MBR;
    }
    this.locks(id).delete();
    this.byAsset({ asset: asset, id: id }).delete();
    this.byOwner({ owner: owner, id: id }).delete();
    return refund;
  }

  // ---- fees while locked (liquidity locks) ----

  /**
   * Fails (ERR:FLASH_IN_GROUP) when the group holds a flash loan or flash swap start on the DEX (the
   * Vault's rule): a level read beside a flash could be one the flash moves. Reads app calls only
   * (their app id and method), never a transfer, so nothing is credited from them.
   */
  private refuseFlash(): void {
    const dex = AppID.fromUint64(this.dex.value);
    for (let i = 0; i < globals.groupSize; i = i + 1) {
      if (this.txnGroup[i].typeEnum === TransactionType.ApplicationCall && this.txnGroup[i].applicationID === dex && this.txnGroup[i].numAppArgs > 0) {
        const selector = this.txnGroup[i].applicationArgs![0];
        assert(
          selector !== method('flashLoan(uint64,uint64,uint64,uint64,uint64,uint64)void') &&
            selector !== method('flashSwap(uint64,uint64,uint64,uint64,uint64,uint64)void'),
          'ERR:FLASH_IN_GROUP',
        );
      }
    }
  }

  /**
   * The first 32 bytes of the PoolState of pool (a, b) in fee tier `tier` (reserveA, reserveB, lpAsset,
   * lpIssued), read through the DEX's getPool (an app cannot read another app's boxes); the DEX finds the
   * tier's box (`"p" ‖ a ‖ b` for 30 bps). A missing pool fails in the DEX (ERR:NO_POOL).
   */
  private readPool(a: uint64, b: uint64, tier: uint64): bytes {
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
    // the ABI return: 0x151f7c75 ‖ PoolState
    return extract3(this.itxn.lastLog, 4, 32);
  }

  /**
   * The Stable app's getLevel of pool (a, b) in tier `tier`: lpAsset ‖ supply ‖ D (8 + 8 + 32 bytes). The
   * Stable app pays its Newton iteration's op-ups by inner calls whose fee the group pools (the caller pays
   * them in the claim's fee). A missing pool fails there (ERR:NO_POOL).
   */
  private readStable(a: uint64, b: uint64, tier: uint64): bytes {
    sendAppCall({
      applicationID: AppID.fromUint64(this.stable.value),
      applicationArgs: [method('getLevel(uint64,uint64,uint64)(uint64,uint64,uint256)'), itob(a), itob(b), itob(tier)],
      fee: 0,
    });
    return extract3(this.itxn.lastLog, 4, 48);
  }

  /**
   * The level ℓ·2^64 of pool (a, b, tier) of the app that made `asset` (`kind`), rounded up for units
   * entering, down for a claim; ERR:WRONG_POOL unless that pool issues `asset` (the Team Finance binding:
   * the app is fixed by the LP token's creator, the pool by its LP token, so no call can pair one pool's
   * LP units with another pool's level). A stable pool's ℓ = D/S, D within one of the root (Newton's), so
   * D + 1 enters and D − 1 is claimed on: every rounding is the lock's loss, never the other LPs'.
   */
  private levelOf(kind: uint64, a: uint64, b: uint64, tier: uint64, asset: uint64, up: boolean): uint256 {
    if (kind === STABLE_LP) {
      const read = this.readStable(a, b, tier);
      assert(extractUint64(read, 0) === asset, 'ERR:WRONG_POOL');
      const supply = extractUint64(read, 8) as uint256;
      const d = castBytes<uint256>(extract3(read, 16, 32));
      if (up) return ((d + (1 as uint256)) * Uint<256>('18446744073709551616') + supply - (1 as uint256)) / supply;
      return ((d - (1 as uint256)) * Uint<256>('18446744073709551616')) / supply;
    }
    const pool = this.readPool(a, b, tier);
    assert(extractUint64(pool, 16) === asset, 'ERR:WRONG_POOL');
    return this.level(pool, up);
  }

  /**
   * The pool's level ℓ·2^64 = √(x·y·2^128)/S, S = lpIssued + the DEX's 1,000 locked units: rounded up
   * for units entering (they are credited with no fee earned before them), down for a claim. ℓ grows only
   * by what stays in the reserves: swap and flash fees (and donations through a flash repayment, which
   * every LP shares); adding and removing liquidity round in the pool's favour, so ℓ never falls.
   */
  private level(pool: bytes, up: boolean): uint256 {
    const supply = (extractUint64(pool, 24) + DEX_LOCKED_LP) as uint256;
    const product = (extractUint64(pool, 0) as uint256) * (extractUint64(pool, 8) as uint256) * Uint<256>('340282366920938463463374607431768211456');
    let root = sqrt(product);
    if (!up) return root / supply;
    if (root * root !== product) root = root + (1 as uint256);
    return (root + supply - (1 as uint256)) / supply;
  }

  /** ⌈units·entry/now⌉ for entry < now: what of `units` stays to keep their value at entry (≤ units). */
  private kept(units: uint64, entry: uint256, now: uint256): uint64 {
    if (units === 0) return 0;
    return (((units as uint256) * entry + now - (1 as uint256)) / now) as uint64;
  }

  /** ⌈(u1·l1 + u2·l2)/(u1 + u2)⌉: the level of units joined (rounded up: the joined units earn no fee they did not); l1 when there are none. */
  private weighted(u1: uint64, l1: uint256, u2: uint64, l2: uint256): uint256 {
    if (u1 + u2 === 0) return l1;
    const total = (u1 + u2) as uint256;
    return ((u1 as uint256) * l1 + (u2 as uint256) * l2 + total - (1 as uint256)) / total;
  }

  /**
   * Sends the liquidity lock's collector (the owner when none is named) the LP units fees added since its
   * level was recorded: each part (vested and not withdrawn, still locked) keeps ⌈units·ℓ_entry/ℓ_now⌉,
   * worth at least what it was worth at entry, and the rest goes; the level re-bases to ℓ_now. The
   * schedule scales from now on (its line restarts now past the cliff, ends where it did): vesting
   * applies to the principal, never to the fees. The owner or the collector calls (ERR:NOT_COLLECTOR);
   * nothing to claim fails (ERR:NO_FEES), so a second claim in the same block fails. Refused beside a DEX
   * flash call (ERR:FLASH_IN_GROUP). Inner txns: 2 (getPool, the transfer). Returns the units sent.
   */
  claimFees(id: uint64): uint64 {
    const lock = this.locks(id).value;
    assert(lock.liquidity !== PLAIN, 'ERR:NOT_LIQUIDITY');
    const fee = this.fees(id).value;
    let to = lock.owner;
    if (fee.collector !== globals.zeroAddress) to = fee.collector;
    assert(this.txn.sender === lock.owner || this.txn.sender === to, 'ERR:NOT_COLLECTOR');
    this.refuseFlash();
    // the Team Finance check is levelOf's: the pool read is the one whose LP token this lock holds
    const now = this.levelOf(lock.liquidity, fee.a, fee.b, fee.tier, lock.asset, false);
    assert(now > fee.level, 'ERR:NO_FEES');
    const t = globals.latestTimestamp;
    const vested = this.vestedAt(lock, t);
    const free = vested - lock.withdrawn;
    const locked = lock.amount - vested;
    const freeKept = this.kept(free, fee.level, now);
    const lockedKept = this.kept(locked, fee.level, now);
    const units = free - freeKept + (locked - lockedKept);
    assert(units > 0, 'ERR:NO_FEES');
    if (t > lock.anchor && t < lock.end) lock.anchor = t;
    lock.base = lock.withdrawn + freeKept;
    lock.amount = lock.base + lockedKept;
    this.locks(id).value = lock;
    fee.level = now;
    fee.claimed = fee.claimed + units;
    this.fees(id).value = fee;
    this.send(lock.asset, to, units);
    this.FeesClaimed.log({ id: id, to: to, units: units, remaining: lock.amount - lock.withdrawn, level: now });
    return units;
  }

  /** The owner names who collects a liquidity lock's fees (the owner or the zero address: the owner again). */
  setCollector(id: uint64, collector: Address): void {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    assert(lock.liquidity !== PLAIN, 'ERR:NOT_LIQUIDITY');
    const fee = this.fees(id).value;
    fee.collector = collector;
    if (collector === lock.owner) fee.collector = globals.zeroAddress;
    this.fees(id).value = fee;
    this.CollectorSet.log({ id: id, collector: fee.collector });
  }

  // ---- split and merge ----

  /**
   * The owner moves `amount` units still locked out of lock `id` into a new lock (id from the sender and
   * `nonce`, as `lock`), same owner, asset, cliff and end: the line re-anchors at now past the cliff (as a
   * top-up does), the old lock keeps what has vested and the new one vests only from there, so neither
   * unlocks any unit earlier than the original would (at every time, the two vest at most what it did).
   * `amount` is at most what is still locked and less than the lock holds (ERR:SPLIT_AMOUNT). A liquidity
   * lock's part keeps its level and collector. mbr pays the new boxes exactly (LOCK_MBR, + FEES_MBR for
   * a liquidity lock); `close` refunds the sender. Returns the new id.
   */
  split(mbr: PayTxn, id: uint64, amount: uint64, nonce: uint64): uint64 {
    const lock = this.locks(id).value;
    this.onlyOwner(lock);
    let boxes = LOCK_MBR;
    if (lock.liquidity !== PLAIN) boxes = LOCK_MBR + FEES_MBR;
    this.mbrPayment(mbr, boxes);
    const t = globals.latestTimestamp;
    assert(t < lock.end, 'ERR:ENDED');
    if (t > lock.anchor) {
      lock.base = this.vestedAt(lock, t);
      lock.anchor = t;
    }
    assert(amount > 0 && amount <= lock.amount - lock.base && amount < lock.amount - lock.withdrawn, 'ERR:SPLIT_AMOUNT');
    lock.amount = lock.amount - amount;
    this.locks(id).value = lock;
    const newId = this.lockId(nonce);
    assert(!this.locks(newId).exists, 'ERR:LOCK_EXISTS');
    this.locks(newId).value = {
      owner: lock.owner,
      asset: lock.asset,
      amount: amount,
      withdrawn: 0,
      start: t,
      cliff: lock.cliff,
      end: lock.end,
      anchor: lock.anchor,
      base: 0,
      pendingOwner: globals.zeroAddress,
      liquidity: lock.liquidity,
      creator: this.txn.sender,
    };
    this.byAsset({ asset: lock.asset, id: newId }).value = '';
    this.byOwner({ owner: lock.owner, id: newId }).value = '';
    if (lock.liquidity !== PLAIN) {
      const fee = this.fees(id).value;
      this.fees(newId).value = { a: fee.a, b: fee.b, tier: fee.tier, level: fee.level, collector: fee.collector, claimed: 0 };
    }
    this.Split.log({ id: id, newId: newId, amount: amount });
    return newId;
  }

  /**
   * The owner of both joins lock `from` into lock `into` (same asset: ERR:ASSET_MISMATCH, the Team Finance
   * binding). The merged lock never unlocks a unit earlier than the two did, exactly (no rounding): `from`
   * has nothing locked any more (its units join `into` as vested, or wait for `into`'s cliff), or `into`
   * is a time lock ending no earlier than `from` (its units wait for `into`'s end); anything else fails
   * (ERR:SCHEDULE). Liquidity locks' levels join weighted (rounded up). `from`'s boxes go and their
   * minimum balance returns to its creator (1 inner). Returns the units moved.
   */
  merge(into: uint64, from: uint64): uint64 {
    assert(into !== from, 'ERR:SAME_LOCK');
    const a = this.locks(into).value;
    const b = this.locks(from).value;
    this.onlyOwner(a);
    this.onlyOwner(b);
    // one asset is one pool's LP token or none; a stable LP lock made before the Stable app was bound is plain
    assert(a.asset === b.asset && a.liquidity === b.liquidity, 'ERR:ASSET_MISMATCH');
    const t = globals.latestTimestamp;
    const held = b.amount - b.withdrawn;
    const heldInto = a.amount - a.withdrawn;
    if (b.amount === this.vestedAt(b, t)) {
      if (t > a.anchor && t < a.end) {
        a.base = this.vestedAt(a, t);
        a.anchor = t;
      }
      a.base = a.base + held;
    } else {
      assert(a.cliff === a.end && a.end >= b.end, 'ERR:SCHEDULE');
    }
    a.amount = a.amount + held;
    this.locks(into).value = a;
    if (a.liquidity !== PLAIN) {
      const feeA = this.fees(into).value;
      const feeB = this.fees(from).value;
      feeA.level = this.weighted(heldInto, feeA.level, held, feeB.level);
      feeA.claimed = feeA.claimed + feeB.claimed;
      this.fees(into).value = feeA;
    }
    const creator = b.creator;
    const refund = this.deleteLock(from);
    this.send(0, creator, refund);
    this.Merged.log({ into: into, from: from, amount: held, refund: refund });
    return held;
  }

  // ---- reads ----

  /** The lock's state. */
  @abi.readonly
  getLock(id: uint64): LockState {
    return this.locks(id).value;
  }

  /** A liquidity lock's fee box. */
  @abi.readonly
  getFees(id: uint64): FeeState {
    return this.fees(id).value;
  }

  /** What the owner could withdraw now. */
  @abi.readonly
  withdrawable(id: uint64): uint64 {
    const lock = this.locks(id).value;
    return this.vestedAt(lock, globals.latestTimestamp) - lock.withdrawn;
  }
}
