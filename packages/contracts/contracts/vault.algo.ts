import { GroveContract } from './grove-contract.algo';

/** sGROVE locked forever by the first stake (counted in the supply, never issued). */
const LOCKED_SHARES = 1000;
/** Basis points in one. */
const BPS = 10000;
/** A buyback's minimum out is at most this far (bps) below the TWAP value of its input. */
const TWAP_TOLERANCE_BPS = 100;
/** The shortest TWAP window a buyback accepts (seconds since the vault's observation of a pool). */
const MIN_WINDOW = 600;
/** Most hops in one route (the DEX's limit). */
const MAX_HOPS = 4;
/** Minimum balance of holding one asset. */
const ASSET_MBR = 100000;
/** sGROVE units per whole sGROVE for `rate()` (6 decimals, as GROVE). */
const RATE_UNIT = 1000000;

/** A DEX pool's key: its two assets with a < b (0 = ALGO). */
type PoolKey = { a: uint64; b: uint64 };

/** The vault's observation of a pool: its cumulative prices brought up to `timestamp`. */
type Observation = {
  cumulativePriceA: uint256;
  cumulativePriceB: uint256;
  timestamp: uint64;
};

/** The vault's totals: GROVE it holds, sGROVE supply (locked included) and sGROVE held by stakers. */
type VaultTotals = { grove: uint64; shares: uint64; issued: uint64 };

/**
 * Grove's staking vault: GROVE in, sGROVE out at the vault's rate (SushiBar share math with a locked
 * first share); it is the registry's treasury and turns protocol fees into GROVE through the DEX,
 * bounded by a TWAP of the vault's own observations.
 */
export class Vault extends GroveContract {
  /** The DEX app that buybacks trade on and observations read. */
  dex = GlobalStateKey<uint64>({ key: 'dex' });

  /** The GROVE asset. */
  grove = GlobalStateKey<uint64>({ key: 'grove' });

  /** The sGROVE asset (0 until bootstrap). */
  sGrove = GlobalStateKey<uint64>({ key: 'sGrove' });

  /** sGROVE supply: issued + LOCKED_SHARES once the first stake is made, 0 before. */
  shares = GlobalStateKey<uint64>({ key: 'shares' });

  /** Observations, a box `"o" ‖ uint64(a) ‖ uint64(b)` per pool. */
  observations = BoxMap<PoolKey, Observation>({ prefix: 'o' });

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

  /** Binds the vault to the DEX and GROVE. */
  createApplication(dexApp: uint64, groveAsset: uint64): void {
    this.dex.value = dexApp;
    this.grove.value = groveAsset;
    this.sGrove.value = 0;
    this.shares.value = 0;
  }

  /** Creator only, once: opts in to GROVE and creates sGROVE (GROVE's decimals, supply held by the vault). */
  bootstrap(mbr: PayTxn): uint64 {
    assert(this.txn.sender === globals.creatorAddress, 'ERR:NOT_CREATOR');
    assert(this.sGrove.value === 0, 'ERR:BOOTSTRAPPED');
    this.payment(mbr);
    const grove = AssetID.fromUint64(this.grove.value);
    sendAssetTransfer({ xferAsset: grove, assetReceiver: this.app.address, assetAmount: 0, fee: 0 });
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

  // ---- transfers (`incoming`, the check of every deposit, is GroveContract's) ----

  /** Checks a payment to the app (an MBR payment: its amount is checked by the caller). */
  private payment(t: PayTxn): void {
    assert(t.receiver === this.app.address, 'ERR:BAD_RECEIVER');
    assert(t.closeRemainderTo === globals.zeroAddress, 'ERR:CLOSE_TO');
    assert(t.sender === this.txn.sender, 'ERR:BAD_SENDER');
    assert(t.rekeyTo === globals.zeroAddress, 'ERR:REKEY');
  }

  /** ⌊a·b/c⌋ over 128 bits; fails when the result needs more than 64. */
  private floorMulDiv(a: uint64, b: uint64, c: uint64): uint64 {
    const m = mulw(a, b);
    assert(m.high < c, 'ERR:OVERFLOW');
    return divw(m.high, m.low, c);
  }

  private groveBalance(): uint64 {
    return this.app.address.assetBalance(AssetID.fromUint64(this.grove.value));
  }

  // ---- staking ----

  /**
   * Stakes GROVE for sGROVE. SushiBar share math: minted = ⌊amount · shares / grove⌋ (grove = the
   * vault's GROVE before this stake), rounded down so the GROVE behind one sGROVE never falls. The
   * first stake mints 1:1 but LOCKED_SHARES (1,000) of it stay in the vault forever, as the DEX locks
   * 1,000 LP: an attacker who stakes dust first and donates D owns at most 1/1,001 of D afterwards,
   * so rounding a later staker's mint to zero costs ~1,000 times what it could take; a mint that
   * rounds to 0 fails (ERR:ZERO_OUT) and minShares bounds any other dilution.
   */
  stake(input: Txn, minShares: uint64): uint64 {
    assert(this.sGrove.value !== 0, 'ERR:NOT_BOOTSTRAPPED');
    const amount = this.incoming(input, this.grove.value);
    // the input has already moved: the vault's GROVE before it
    const before = this.groveBalance() - amount;
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
    sendAssetTransfer({
      xferAsset: AssetID.fromUint64(this.sGrove.value),
      assetReceiver: this.txn.sender,
      assetAmount: minted,
      fee: 0,
    });
    this.Staked.log({
      staker: this.txn.sender,
      grove: amount,
      sGrove: minted,
      totalGrove: before + amount,
      totalShares: this.shares.value,
    });
    return minted;
  }

  /** Burns sGROVE for ⌊sGrove · grove / shares⌋ GROVE (rounded down: the vault keeps the remainder). */
  unstake(input: Txn, minGrove: uint64): uint64 {
    const amount = this.incoming(input, this.sGrove.value);
    const supply = this.shares.value;
    const grove = this.groveBalance();
    const out = this.floorMulDiv(amount, grove, supply);
    assert(out > 0, 'ERR:ZERO_OUT');
    assert(out >= minGrove, 'ERR:SLIPPAGE');
    // the locked shares stay in the vault, so amount ≤ supply − LOCKED_SHARES
    this.shares.value = supply - amount;
    sendAssetTransfer({
      xferAsset: AssetID.fromUint64(this.grove.value),
      assetReceiver: this.txn.sender,
      assetAmount: out,
      fee: 0,
    });
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

  /** Anyone: opts the vault in to a fee asset; mbr pays at least the holding's 0.1 ALGO (the rest stays as fees). */
  optInAsset(mbr: PayTxn, asset: uint64): void {
    this.payment(mbr);
    assert(mbr.amount >= ASSET_MBR, 'ERR:MBR');
    assert(asset !== 0 && asset !== this.sGrove.value, 'ERR:BAD_ASSET');
    assert(!this.app.address.isOptedInToAsset(AssetID.fromUint64(asset)), 'ERR:OPTED_IN');
    sendAssetTransfer({ xferAsset: AssetID.fromUint64(asset), assetReceiver: this.app.address, assetAmount: 0, fee: 0 });
  }

  /**
   * The pool's state read through the DEX's `getPool` (an inner app call: an app cannot read another
   * app's boxes on AVM v10) and its cumulative prices brought up to now exactly as the DEX's accrue
   * would: cum += ⌊r·2^64/r'⌋ · (now − lastUpdate). Returns cumA ‖ cumB (64 bytes) ‖ uint64(time) ‖
   * uint64(feeBps).
   */
  private currentCumulative(a: uint64, b: uint64): bytes {
    sendAppCall({
      applicationID: AppID.fromUint64(this.dex.value),
      applicationArgs: [
        method('getPool(uint64,uint64)(uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint256,uint256,uint64)'),
        itob(a),
        itob(b),
      ],
      fee: 0,
    });
    // the ABI return: 0x151f7c75 ‖ PoolState (136 bytes)
    const pool = extract3(this.itxn.lastLog, 4, 136);
    const last = extractUint64(pool, 128);
    const now = last >= globals.latestTimestamp ? last : globals.latestTimestamp;
    const rA = extractUint64(pool, 0);
    const tail = concat(itob(now), extract3(pool, 32, 8));
    if (rA === 0) return concat(extract3(pool, 64, 64), tail);
    const rB = extractUint64(pool, 8);
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
   * Anyone: records each pool's cumulative prices and the time (the start of a buyback's TWAP window).
   * mbr pays the boxes of first observations (38,100 µALGO each; 0 when every pool was observed).
   */
  observe(mbr: PayTxn, pools: PoolKey[]): void {
    this.payment(mbr);
    const before = this.app.address.minBalance;
    for (let i = 0; i < pools.length; i = i + 1) {
      const key = pools[i];
      assert(key.a < key.b, 'ERR:ASSET_ORDER');
      const current = this.currentCumulative(key.a, key.b);
      this.observations(key).value = castBytes<Observation>(extract3(current, 0, 72));
      this.Observed.log({
        a: key.a,
        b: key.b,
        cumulativePriceA: castBytes<uint256>(extract3(current, 0, 32)),
        cumulativePriceB: castBytes<uint256>(extract3(current, 32, 32)),
        timestamp: extractUint64(current, 64),
      });
    }
    assert(mbr.amount >= this.app.address.minBalance - before, 'ERR:MBR');
  }

  /**
   * What a swap of `amount` of `assetIn` gives in `assetOut` at the pool's TWAP since the vault's
   * observation, after the pool's fee and without price impact: net = amount − ⌈amount·fee/10000⌉,
   * out = ⌊net · ⌊Δcum / Δt⌋ / 2^64⌋, Δcum of the side priced in assetOut; needs Δt ≥ 10 minutes.
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
    const observed = rawBytes(this.observations(key).value);
    const current = this.currentCumulative(key.a, key.b);
    const dt = extractUint64(current, 64) - extractUint64(observed, 64);
    assert(dt >= MIN_WINDOW, 'ERR:OBSERVATION_TOO_RECENT');
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
   * Anyone: swaps the vault's whole balance of asset (ALGO: above its minimum balance) to GROVE through
   * the DEX route path (the assets after the asset, ending in GROVE) in one inner group, with
   * minOut = ⌊twap · 9,900 / 10,000⌋, twap = the route's output hop by hop at each pool's TWAP since
   * the vault's last observation of it, after each pool's fee (so the 1% covers price impact and drift).
   */
  buyback(asset: uint64, path: uint64[]): uint64 {
    const grove = this.grove.value;
    assert(asset !== grove && asset !== this.sGrove.value, 'ERR:BAD_ASSET');
    const hops = path.length;
    assert(hops > 0 && hops <= MAX_HOPS, 'ERR:BAD_PATH');
    // the ABI length prefix must say what the bytes hold (the path is forwarded to the DEX as given)
    assert(extractUint16(this.txn.applicationArgs![2], 0) * 8 === len(path), 'ERR:BAD_PATH');
    assert(path[hops - 1] === grove, 'ERR:BAD_PATH');
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
      value = this.twapOut(from, path[i], value);
      from = path[i];
    }
    const minOut = this.floorMulDiv(value, BPS - TWAP_TOLERANCE_BPS, BPS);
    assert(minOut > 0, 'ERR:ZERO_OUT');
    const dex = AppID.fromUint64(this.dex.value);
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
      // swapRoute(txn input, uint64[] path, uint64 minOut): the input is the transfer before it
      applicationArgs: [method('swapRoute(txn,uint64[],uint64)uint64'), this.txn.applicationArgs![2], itob(minOut)],
      applications: [AppID.fromUint64(dex.globalState('registry') as uint64)],
      assets: [AssetID.fromUint64(grove)],
      fee: 0,
    });
    this.pendingGroup.submit();
    const out = this.groveBalance() - before;
    this.Buyback.log({
      asset: asset,
      amountIn: amount,
      groveOut: out,
      minOut: minOut,
      caller: this.txn.sender,
      totalGrove: before + out,
      totalShares: this.shares.value,
    });
    return out;
  }

  // ---- reads ----

  /** GROVE that one whole sGROVE (10^6 units) redeems now: ⌊10^6 · grove / shares⌋ (10^6 while empty). */
  @abi.readonly
  rate(): uint64 {
    if (this.shares.value === 0) return RATE_UNIT;
    return this.floorMulDiv(RATE_UNIT, this.groveBalance(), this.shares.value);
  }

  /** The vault's GROVE, the sGROVE supply (locked included) and the sGROVE held by stakers. */
  @abi.readonly
  totals(): VaultTotals {
    const supply = this.shares.value;
    let issued = 0;
    if (supply > 0) issued = supply - LOCKED_SHARES;
    return { grove: this.groveBalance(), shares: supply, issued: issued };
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

  /** The vault's observation of pool (a, b) (fails with ERR:NO_OBSERVATION when there is none). */
  @abi.readonly
  getObservation(a: uint64, b: uint64): Observation {
    assert(this.observations({ a: a, b: b }).exists, 'ERR:NO_OBSERVATION');
    return this.observations({ a: a, b: b }).value;
  }
}
