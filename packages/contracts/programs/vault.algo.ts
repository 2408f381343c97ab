import { WideMathContract } from './grove-contract.algo';

/** sGROVE locked forever by the first stake (counted in the supply, never issued). */
const LOCKED_SHARES = 1000;
/** Basis points in one. */
const BPS = 10000;
/** A buyback's minimum out is at most this far (bps) below the TWAP value of its input. */
const TWAP_TOLERANCE_BPS = 100;
/** The shortest TWAP window a buyback accepts (seconds since the vault's observation of a pool), and the least time between two observations of a pool. */
const MIN_WINDOW = 600;
/** The longest TWAP window a buyback accepts: an older observation is stale. */
const MAX_WINDOW = 3600;
/** Observations kept per pool (a ring: one slot per observer; a new observer's overwrites the oldest). */
const OBSERVATIONS = 4;
/** Bytes of one observation: cumulativePriceA ‖ cumulativePriceB (uint256 each) ‖ uint64 timestamp ‖ observer address. */
const OBSERVATION_SIZE = 104;
/** Where an observation's observer sits in it. */
const OBSERVER_OFFSET = 72;
/** Seconds over which GROVE that arrives other than by stake (buybacks, fees, donations) enters the rate. */
const STREAM_PERIOD = 604800;
/** Most hops in one route (the DEX's limit). */
const MAX_HOPS = 4;
/** sGROVE units per whole sGROVE for `rate()` (6 decimals, as GROVE). */
const RATE_UNIT = 1000000;

/** A DEX pool's key: its two assets with a < b (0 = ALGO). */
type PoolKey = { a: uint64; b: uint64 };

/** The vault's observation of a pool: its cumulative prices brought up to `timestamp`, and who observed. */
type Observation = {
  cumulativePriceA: uint256;
  cumulativePriceB: uint256;
  timestamp: uint64;
  observer: Address;
};

/** The vault's totals: GROVE behind the shares (streamed GROVE not yet unlocked excluded), sGROVE supply (locked included) and sGROVE held by stakers. */
type VaultTotals = { grove: uint64; shares: uint64; issued: uint64 };

/** The stream as it stands now: GROVE still locked, when the last of it unlocks, and the rate then. */
type VaultStream = { locked: uint64; end: uint64; rateAtEnd: uint64 };

/**
 * Grove's staking vault: GROVE in, sGROVE out at the vault's rate (SushiBar share math with a locked
 * first share); it is the registry's treasury and turns protocol fees into GROVE through the DEX,
 * bounded by a TWAP of the vault's own observations.
 */
export class Vault extends WideMathContract {
  /** The DEX app that buybacks trade on and observations read. */
  dex = GlobalStateKey<uint64>({ key: 'dex' });

  /** The GROVE asset. */
  grove = GlobalStateKey<uint64>({ key: 'grove' });

  /** The sGROVE asset (0 until bootstrap). */
  sGrove = GlobalStateKey<uint64>({ key: 'sGrove' });

  /** sGROVE supply: issued + LOCKED_SHARES once the first stake is made, 0 before. */
  shares = GlobalStateKey<uint64>({ key: 'shares' });

  /** GROVE the vault has accounted for (staked, unstaked or streamed); more in its balance is new and enters the stream. */
  booked = GlobalStateKey<uint64>({ key: 'booked' });

  /** The stream: GROVE locked at its start, unlocking linearly until its end. */
  streamLocked = GlobalStateKey<uint64>({ key: 'streamLocked' });

  /** When the stream (re)started. */
  streamStart = GlobalStateKey<uint64>({ key: 'streamStart' });

  /** When the stream's last GROVE unlocks. */
  streamEnd = GlobalStateKey<uint64>({ key: 'streamEnd' });

  /** Observations, a box `"o" ‖ uint64(a) ‖ uint64(b)` per pool: a ring of 4 (an empty slot has timestamp 0). */
  observations = BoxMap<PoolKey, StaticArray<Observation, 4>>({ prefix: 'o' });

  /** Buyback paths set by the registry's admin, a box `"r" ‖ uint64(asset)` per fee asset: the ABI-encoded uint64[] the DEX's swapRoute takes. */
  buybackPaths = BoxMap<uint64, bytes>({ prefix: 'r', dynamicSize: true });

  /** GROVE staked for sGROVE; totals after the stake. */
  Staked = new EventLogger<{ staker: Address; grove: uint64; sGrove: uint64; totalGrove: uint64; totalShares: uint64 }>();

  /** sGROVE unstaked for GROVE; totals after. */
  Unstaked = new EventLogger<{ staker: Address; sGrove: uint64; grove: uint64; totalGrove: uint64; totalShares: uint64 }>();

  /** A pool's cumulative prices recorded. */
  Observed = new EventLogger<{
    a: uint64;
    b: uint64;
    cumulativePriceA: uint256;
    cumulativePriceB: uint256;
    timestamp: uint64;
  }>();

  /** A fee asset swapped to GROVE; totals after. */
  Buyback = new EventLogger<{
    asset: uint64;
    amountIn: uint64;
    groveOut: uint64;
    minOut: uint64;
    caller: Address;
    totalGrove: uint64;
    totalShares: uint64;
  }>();

  /** The registry's admin set (or, with an empty path, removed) the buyback path of a fee asset. */
  BuybackPathSet = new EventLogger<{ asset: uint64; path: uint64[] }>();

  /** Binds the vault to the DEX and GROVE. */
  createApplication(dexApp: uint64, groveAsset: uint64): void {
    this.dex.value = dexApp;
    this.grove.value = groveAsset;
    this.sGrove.value = 0;
    this.shares.value = 0;
    this.booked.value = 0;
    this.streamLocked.value = 0;
    this.streamStart.value = 0;
    this.streamEnd.value = 0;
  }

  /** Creator only, once: opts in to GROVE and creates sGROVE (GROVE's decimals, supply held by the vault). */
  bootstrap(mbr: PayTxn): uint64 {
    assert(this.txn.sender === globals.creatorAddress, 'ERR:NOT_CREATOR');
    assert(this.sGrove.value === 0, 'ERR:BOOTSTRAPPED');
    this.minBalancePayment(mbr);
    const grove = AssetID.fromUint64(this.grove.value);
    this.optIn(this.grove.value);
    const created = sendAssetCreation({
      configAssetTotal: Uint<64>('18446744073709551615'),
      configAssetDecimals: grove.decimals,
      configAssetUnitName: 'sGROVE',
      configAssetName: 'Staked Grove',
      configAssetReserve: this.app.address,
      fee: 0,
    });
    this.sGrove.value = created.id;
    return created.id;
  }

  // ---- transfers (`incoming`, `minBalancePayment`, `minBalanceIncrease`, `send`, `optIn` and `optInPaid`) are GroveContract's, the wide math (`floorMulDiv`, `ceilMulDiv`) WideMathContract's ----

  private groveBalance(): uint64 {
    return this.app.address.assetBalance(AssetID.fromUint64(this.grove.value));
  }

  // ---- the stream (GROVE that arrives other than by stake enters the rate over STREAM_PERIOD) ----

  /** GROVE of the stream still locked now: ⌈L·(end − now)/(end − start)⌉ before the end, 0 after. */
  private lockedNow(): uint64 {
    const end = this.streamEnd.value;
    const now = globals.latestTimestamp;
    if (now >= end) return 0;
    return this.ceilMulDiv(this.streamLocked.value, end - now, end - this.streamStart.value);
  }

  /**
   * Seconds until the end of a stream that holds `locked` (unlocking until the current end) and takes
   * `added` more now: ⌊(R·T + X·PERIOD)/(R + X)⌋, weighted so that dust cannot push the end out.
   */
  private streamLength(locked: uint64, added: uint64, now: uint64): uint64 {
    let left = 0;
    if (locked > 0) left = this.streamEnd.value - now;
    const length =
      ((locked as uint256) * (left as uint256) + (added as uint256) * (STREAM_PERIOD as uint256)) /
      ((locked as uint256) + (added as uint256));
    return extractUint64(rawBytes(length), 24);
  }

  /**
   * Books GROVE that arrived since the last action (the balance less `pending`, the call's own input,
   * less what is booked) into the stream, and returns the GROVE behind the shares now: booked − locked.
   * Every action that reads or moves the rate calls it first, so a buyback, collected fees or a donation
   * never raise the rate in the block they arrive in.
   */
  private sync(pending: uint64): uint64 {
    const balance = this.groveBalance() - pending;
    let booked = this.booked.value;
    let locked = this.lockedNow();
    if (balance > booked) {
      const now = globals.latestTimestamp;
      const added = balance - booked;
      const end = now + this.streamLength(locked, added, now);
      locked = locked + added;
      this.streamLocked.value = locked;
      this.streamStart.value = now;
      this.streamEnd.value = end;
      booked = balance;
      this.booked.value = booked;
    } else if (balance < booked) {
      // GROVE has no clawback, so this cannot happen; never count more than the vault holds
      booked = balance;
      this.booked.value = booked;
    }
    if (locked >= booked) return 0;
    return booked - locked;
  }

  /** The GROVE behind the shares now, without writing: what sync would return (new GROVE would be locked in full). */
  private effectiveNow(): uint64 {
    const balance = this.groveBalance();
    let held = this.booked.value;
    if (balance < held) held = balance;
    const locked = this.lockedNow();
    if (locked >= held) return 0;
    return held - locked;
  }

  // ---- staking ----

  /**
   * Stakes GROVE for sGROVE. SushiBar share math over the GROVE behind the shares (G = booked −
   * locked: streamed GROVE counts as it unlocks): minted = ⌊amount · shares / G⌋, rounded down so
   * the GROVE behind one sGROVE never falls. The first stake mints 1:1 but LOCKED_SHARES (1,000) of it
   * stay in the vault forever, as the DEX locks 1,000 LP; a mint that rounds to 0 fails
   * (ERR:ZERO_OUT) and minShares bounds any other dilution.
   */
  stake(input: Txn, minShares: uint64): uint64 {
    assert(this.sGrove.value !== 0, 'ERR:NOT_BOOTSTRAPPED');
    const amount = this.incoming(input, this.grove.value);
    // the input has already moved: it is the stake, not new GROVE for the stream
    const before = this.sync(amount);
    const supply = this.shares.value;
    let minted = 0;
    if (supply === 0) {
      assert(amount > LOCKED_SHARES, 'ERR:LOCKED_SHARES');
      minted = amount - LOCKED_SHARES;
      this.shares.value = amount;
    } else {
      minted = this.floorMulDiv(amount, supply, before);
      this.shares.value = supply + minted;
    }
    assert(minted > 0, 'ERR:ZERO_OUT');
    assert(minted >= minShares, 'ERR:SLIPPAGE');
    this.booked.value = this.booked.value + amount;
    this.send(this.sGrove.value, this.txn.sender, minted);
    this.Staked.log({
      staker: this.txn.sender,
      grove: amount,
      sGrove: minted,
      totalGrove: before + amount,
      totalShares: this.shares.value,
    });
    return minted;
  }

  /** Burns sGROVE for ⌊sGrove · G / shares⌋ GROVE, G the GROVE behind the shares (rounded down: the vault keeps the remainder). */
  unstake(input: Txn, minGrove: uint64): uint64 {
    const amount = this.incoming(input, this.sGrove.value);
    const grove = this.sync(0);
    const supply = this.shares.value;
    const out = this.floorMulDiv(amount, grove, supply);
    assert(out > 0, 'ERR:ZERO_OUT');
    assert(out >= minGrove, 'ERR:SLIPPAGE');
    // the locked shares stay in the vault, so amount ≤ supply − LOCKED_SHARES
    this.shares.value = supply - amount;
    this.booked.value = this.booked.value - out;
    this.send(this.grove.value, this.txn.sender, out);
    this.Unstaked.log({
      staker: this.txn.sender,
      sGrove: amount,
      grove: out,
      totalGrove: grove - out,
      totalShares: supply - amount,
    });
    return out;
  }

  // ---- fees ----

  /** Anyone: opts the vault in to a fee asset (not ALGO or sGROVE: ERR:BAD_ASSET); mbr pays exactly the holding's 0.1 ALGO. */
  optInAsset(mbr: PayTxn, asset: uint64): void {
    assert(asset !== 0 && asset !== this.sGrove.value, 'ERR:BAD_ASSET');
    assert(!this.app.address.isOptedInToAsset(AssetID.fromUint64(asset)), 'ERR:OPTED_IN');
    this.optInPaid(mbr, asset);
  }

  /**
   * Fails (ERR:FLASH_IN_GROUP) when the group holds a flash loan or flash swap start on the DEX: a price
   * read in such a group could be one the flash moves and settles. Reads app calls only (their app id and
   * method), never a transfer, so nothing is credited from them.
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
   * The pool's state read through the DEX's `getPool` (an inner app call: an app cannot read another
   * app's boxes on AVM v10) and its cumulative prices brought up to now exactly as the DEX's accrue
   * would: cum += ⌊r·2^64/r'⌋ · (now − lastUpdate). Refuses a pool without reserves (ERR:NO_LIQUIDITY):
   * its time would count as price 0. Returns cumA ‖ cumB (64 bytes) ‖ uint64(time) ‖ uint64(feeBps).
   */
  private currentCumulative(a: uint64, b: uint64): bytes {
    sendAppCall({
      applicationID: AppID.fromUint64(this.dex.value),
      applicationArgs: [
        method('getPool(uint64,uint64,uint64)(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)'),
        itob(a),
        itob(b),
        // the DEX's 30 bps tier: the pools' key before fee tiers, which the vault's paths name
        itob(30),
      ],
      fee: 0,
    });
    // the ABI return: 0x151f7c75 ‖ PoolState (136 bytes)
    const pool = extract3(this.itxn.lastLog, 4, 136);
    const rA = extractUint64(pool, 0);
    const rB = extractUint64(pool, 8);
    // a pool's reserves never return to 0 after its first add (1,000 LP stay locked)
    assert(rA > 0 && rB > 0, 'ERR:NO_LIQUIDITY');
    const last = extractUint64(pool, 128);
    const now = last >= globals.latestTimestamp ? last : globals.latestTimestamp;
    const tail = concat(itob(now), extract3(pool, 32, 8));
    const cumulative = bitwiseOr(
      bzero(64),
      castBytes<bytes>(
        // @ts-expect-error castBytes<bytes> takes the raw b+ result, as in the DEX's accrue
        castBytes<uint<512>>(extract3(pool, 64, 64)) +
          castBytes<uint<512>>(
            concat(
              concat(concat(itob(rB / rA), itob(divw(rB % rA, 0, rA))), bzero(16)),
              concat(itob(rA / rB), itob(divw(rA % rB, 0, rB))),
            ),
          ) *
            castBytes<uint<512>>(itob(now - last)),
      ),
    );
    return concat(cumulative, tail);
  }

  /**
   * Anyone: records each pool's cumulative prices, the time and the caller in the pool's ring of 4: over
   * the caller's own slot when the ring holds one (one slot per observer, so no one crowds the others
   * out), else over the oldest; refused for a pool without reserves (ERR:NO_LIQUIDITY), when the pool's
   * newest observation is younger than 10 minutes (ERR:OBSERVATION_TOO_RECENT) and in a group holding a
   * DEX flash call (ERR:FLASH_IN_GROUP). mbr pays the boxes of first observations (175,700 µALGO each;
   * 0 when every pool was observed).
   */
  observe(mbr: PayTxn, pools: PoolKey[]): void {
    this.refuseFlash();
    this.minBalancePayment(mbr);
    const before = this.app.address.minBalance;
    for (let i = 0; i < pools.length; i = i + 1) {
      const key = pools[i];
      assert(key.a < key.b, 'ERR:ASSET_ORDER');
      const current = this.currentCumulative(key.a, key.b);
      const now = extractUint64(current, 64);
      let slot = 0;
      if (this.observations(key).exists) {
        const ring = rawBytes(this.observations(key).value);
        let newest = 0;
        let oldest = extractUint64(ring, 64);
        let own = OBSERVATIONS;
        for (let j = 0; j < OBSERVATIONS; j = j + 1) {
          const t = extractUint64(ring, j * OBSERVATION_SIZE + 64);
          if (t < oldest) {
            oldest = t;
            slot = j;
          }
          if (t > newest) newest = t;
          if (t > 0 && extract3(ring, j * OBSERVATION_SIZE + OBSERVER_OFFSET, 32) === rawBytes(this.txn.sender)) own = j;
        }
        if (own < OBSERVATIONS) slot = own;
        assert(now - newest >= MIN_WINDOW, 'ERR:OBSERVATION_TOO_RECENT');
      } else {
        this.observations(key).create(OBSERVATIONS * OBSERVATION_SIZE);
      }
      this.observations(key).replace(slot * OBSERVATION_SIZE, concat(extract3(current, 0, OBSERVER_OFFSET), rawBytes(this.txn.sender)));
      this.Observed.log({
        a: key.a,
        b: key.b,
        cumulativePriceA: castBytes<uint256>(extract3(current, 0, 32)),
        cumulativePriceB: castBytes<uint256>(extract3(current, 32, 32)),
        timestamp: now,
      });
    }
    this.minBalanceIncrease(mbr, before);
  }

  /**
   * What a swap of `amount` of `assetIn` gives in `assetOut` at the pool's TWAP, after the pool's fee
   * and without price impact: net = amount − ⌈amount·fee/10000⌉, out = ⌊net · ⌊Δcum / Δt⌋ / 2^64⌋, Δcum of
   * the side priced in assetOut, since the most recent of the pool's observations whose age is within
   * [MIN_WINDOW, MAX_WINDOW] (10 minutes to 1 hour), so the average is as close to now as the minimum
   * window allows: none younger than 10 minutes → OBSERVATION_TOO_RECENT, none younger than an hour →
   * OBSERVATION_STALE. Another observer must have observed the pool within the hour too, unless the
   * window's observation is the keeper's (the registry's admin) (ERR:ONE_OBSERVER): one account alone
   * cannot choose the window.
   */
  private twapOut(assetIn: uint64, assetOut: uint64, amount: uint64): uint64 {
    assert(assetIn !== assetOut, 'ERR:SAME_ASSET');
    let key: PoolKey = { a: assetOut, b: assetIn };
    let side = 32;
    if (assetIn < assetOut) {
      key = { a: assetIn, b: assetOut };
      side = 0;
    }
    assert(this.observations(key).exists, 'ERR:NO_OBSERVATION');
    const ring = rawBytes(this.observations(key).value);
    const current = this.currentCumulative(key.a, key.b);
    const now = extractUint64(current, 64);
    let chosen = OBSERVATIONS;
    let start = 0;
    let newest = 0;
    for (let j = 0; j < OBSERVATIONS; j = j + 1) {
      const t = extractUint64(ring, j * OBSERVATION_SIZE + 64);
      if (t > newest) newest = t;
      if (t > start && now - t >= MIN_WINDOW && now - t <= MAX_WINDOW) {
        chosen = j;
        start = t;
      }
    }
    assert(chosen < OBSERVATIONS || now - newest >= MIN_WINDOW, 'ERR:OBSERVATION_TOO_RECENT');
    assert(chosen < OBSERVATIONS, 'ERR:OBSERVATION_STALE');
    // another observer's observation within the hour (either side of the chosen one)
    const observer = extract3(ring, chosen * OBSERVATION_SIZE + OBSERVER_OFFSET, 32);
    let others = false;
    for (let j = 0; j < OBSERVATIONS; j = j + 1) {
      const t = extractUint64(ring, j * OBSERVATION_SIZE + 64);
      if (t > 0 && now - t <= MAX_WINDOW && extract3(ring, j * OBSERVATION_SIZE + OBSERVER_OFFSET, 32) !== observer) others = true;
    }
    // or the window's observation is the keeper's: the registry's admin (its observations alone suffice)
    if (!others) {
      const registry = AppID.fromUint64(AppID.fromUint64(this.dex.value).globalState('registry') as uint64);
      assert(observer === rawBytes(registry.globalState('admin') as Address), 'ERR:ONE_OBSERVER');
    }
    const dt = now - start;
    const observed = extract3(ring, chosen * OBSERVATION_SIZE, OBSERVER_OFFSET);
    const delta = castBytes<uint256>(extract3(current, side, 32)) - castBytes<uint256>(extract3(observed, side, 32));
    const average = delta / (dt as uint256);
    const f = extractUint64(current, 72);
    const net = amount - ((amount / BPS) * f + ((amount % BPS) * f + (BPS - 1)) / BPS);
    // ⌊net · average / 2^64⌋: average ≤ 2^128 (a price r·2^64/r'), so the product fits 256 bits
    const scaled = (average * (net as uint256)) / Uint<256>('18446744073709551616');
    assert(scaled < Uint<256>('18446744073709551616'), 'ERR:OVERFLOW');
    return extractUint64(rawBytes(scaled), 24);
  }

  /**
   * The registry's admin (the DEX's `registry` app's `admin` global) sets the path a buyback of `asset`
   * takes (the assets after it, 1–4 hops ending in GROVE, GROVE only at the end, each hop an existing
   * pool with reserves); an empty path removes it. mbr pays the box's growth (2,500 + 400 × (9 + 2 +
   * 8·hops) µALGO for a new box); a box that shrinks or goes refunds the freed minimum balance.
   */
  setBuybackPath(mbr: PayTxn, asset: uint64, path: uint64[]): void {
    this.minBalancePayment(mbr);
    const registry = AppID.fromUint64(AppID.fromUint64(this.dex.value).globalState('registry') as uint64);
    assert(this.txn.sender === (registry.globalState('admin') as Address), 'ERR:NOT_ADMIN');
    const grove = this.grove.value;
    assert(asset !== grove && asset !== this.sGrove.value, 'ERR:BAD_ASSET');
    // the ABI argument as sent: its length prefix must say what the bytes hold (it is forwarded to the DEX as stored)
    const encoded = this.txn.applicationArgs![2];
    const hops = extractUint16(encoded, 0);
    assert(hops <= MAX_HOPS && len(encoded) === 2 + hops * 8, 'ERR:BAD_PATH');
    const before = this.app.address.minBalance;
    if (this.buybackPaths(asset).exists) this.buybackPaths(asset).delete();
    if (hops > 0) {
      let from = asset;
      for (let i = 0; i < hops; i = i + 1) {
        const next = extractUint64(encoded, 2 + i * 8);
        assert(next !== from, 'ERR:BAD_PATH');
        assert((next === grove) === (i === hops - 1), 'ERR:BAD_PATH');
        // the pool exists (ERR:NO_POOL from the DEX) and has reserves (ERR:NO_LIQUIDITY)
        if (from < next) this.currentCumulative(from, next);
        else this.currentCumulative(next, from);
        from = next;
      }
      this.buybackPaths(asset).value = castBytes<bytes>(encoded);
    }
    const after = this.app.address.minBalance;
    if (after > before) this.minBalanceIncrease(mbr, before);
    if (before > after) this.send(0, this.txn.sender, before - after);
    this.BuybackPathSet.log({ asset: asset, path: path });
  }

  /**
   * Anyone: swaps the vault's whole balance of asset (ALGO: above its minimum balance) to GROVE along
   * the path the registry's admin set for it (ERR:NO_PATH when none) in one inner group, with
   * minOut = ⌊twap · 9,900 / 10,000⌋, twap = the route's output hop by hop at each pool's TWAP (see
   * twapOut), after each pool's fee (so the 1% covers price impact and drift). The GROVE bought enters
   * the stream: it raises the rate over STREAM_PERIOD, not in this block.
   */
  buyback(asset: uint64): uint64 {
    this.refuseFlash();
    const grove = this.grove.value;
    assert(asset !== grove && asset !== this.sGrove.value, 'ERR:BAD_ASSET');
    assert(this.buybackPaths(asset).exists, 'ERR:NO_PATH');
    const path = this.buybackPaths(asset).value;
    const hops = extractUint16(path, 0);
    let amount = 0;
    if (asset === 0) {
      amount = this.app.address.balance - this.app.address.minBalance;
    } else {
      assert(this.app.address.isOptedInToAsset(AssetID.fromUint64(asset)), 'ERR:NOT_OPTED_IN');
      amount = this.app.address.assetBalance(AssetID.fromUint64(asset));
    }
    assert(amount > 0, 'ERR:NOTHING_TO_BUY');
    let value = amount;
    let from = asset;
    for (let i = 0; i < hops; i = i + 1) {
      const next = extractUint64(path, 2 + i * 8);
      value = this.twapOut(from, next, value);
      from = next;
    }
    const minOut = this.floorMulDiv(value, BPS - TWAP_TOLERANCE_BPS, BPS);
    assert(minOut > 0, 'ERR:ZERO_OUT');
    const dex = AppID.fromUint64(this.dex.value);
    // every hop in the DEX's 30 bps tier (the pools the TWAP above read): swapRoute's fees argument
    let fees = extract3(path, 0, 2);
    for (let i = 0; i < hops; i = i + 1) fees = concat(fees, itob(30));
    const before = this.groveBalance();
    if (asset === 0) {
      this.pendingGroup.addPayment({ receiver: dex.address, amount: amount, fee: 0, isFirstTxn: true });
    } else {
      this.pendingGroup.addAssetTransfer({
        xferAsset: AssetID.fromUint64(asset),
        assetReceiver: dex.address,
        assetAmount: amount,
        fee: 0,
        isFirstTxn: true,
      });
    }
    this.pendingGroup.addAppCall({
      applicationID: dex,
      // swapRoute(txn input, uint64[] path, uint64[] fees, uint64 minOut): the input is the transfer before it
      applicationArgs: [method('swapRoute(txn,uint64[],uint64[],uint64)uint64'), path, fees, itob(minOut)],
      applications: [AppID.fromUint64(dex.globalState('registry') as uint64)],
      assets: [AssetID.fromUint64(grove)],
      fee: 0,
    });
    this.pendingGroup.submit();
    const out = this.groveBalance() - before;
    // the GROVE bought (and anything else new) enters the stream
    const behind = this.sync(0);
    this.Buyback.log({
      asset: asset,
      amountIn: amount,
      groveOut: out,
      minOut: minOut,
      caller: this.txn.sender,
      totalGrove: behind,
      totalShares: this.shares.value,
    });
    return out;
  }

  // ---- reads ----

  /** GROVE that one whole sGROVE (10^6 units) redeems now: ⌊10^6 · G / shares⌋, G = booked − locked (10^6 while empty). */
  @abi.readonly
  rate(): uint64 {
    if (this.shares.value === 0) return RATE_UNIT;
    return this.floorMulDiv(RATE_UNIT, this.effectiveNow(), this.shares.value);
  }

  /**
   * The stream now, GROVE not yet booked included as the next action would book it: GROVE still locked,
   * when the last of it unlocks, and the rate then (⌊10^6 · balance / shares⌋, if nothing else changes).
   */
  @abi.readonly
  stream(): VaultStream {
    const balance = this.groveBalance();
    const booked = this.booked.value;
    let locked = this.lockedNow();
    let end = this.streamEnd.value;
    if (balance > booked) {
      const now = globals.latestTimestamp;
      end = now + this.streamLength(locked, balance - booked, now);
      locked = locked + (balance - booked);
    }
    let rateAtEnd = RATE_UNIT;
    if (this.shares.value > 0) rateAtEnd = this.floorMulDiv(RATE_UNIT, balance, this.shares.value);
    return { locked: locked, end: end, rateAtEnd: rateAtEnd };
  }

  /** The GROVE behind the shares (streamed GROVE not yet unlocked excluded), the sGROVE supply (locked included) and the sGROVE held by stakers. */
  @abi.readonly
  totals(): VaultTotals {
    const supply = this.shares.value;
    let issued = 0;
    if (supply > 0) issued = supply - LOCKED_SHARES;
    return { grove: this.effectiveNow(), shares: supply, issued: issued };
  }

  /** The vault's balance of each asset, waiting for a buyback (ALGO above its minimum balance; 0 when not held). */
  @abi.readonly
  pending(assets: uint64[]): uint64[] {
    const out: uint64[] = [];
    for (let i = 0; i < assets.length; i = i + 1) {
      const asset = assets[i];
      if (asset === 0) {
        out.push(this.app.address.balance - this.app.address.minBalance);
      } else if (this.app.address.isOptedInToAsset(AssetID.fromUint64(asset))) {
        out.push(this.app.address.assetBalance(AssetID.fromUint64(asset)));
      } else {
        out.push(0);
      }
    }
    return out;
  }
}
